package httpapi_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/display"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

func franchiseTenant(t *testing.T, a *testutil.TestApp, slug string) tenant.Tenant {
	t.Helper()
	fr, err := a.Franchises.BySlug(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	return tenant.Tenant{Franchise: fr}
}

// liveView is GET …/live as the console reads it.
type liveView struct {
	Display struct {
		ID                string
		Connected         bool
		LastConnectionAck int64
		AckedHash         string
		AckedAt           int64
	}
	Screen struct {
		DisplayID          string
		ContentOrientation int
		TimeZone           string
	}
	Schedule *struct {
		Hash    string
		Entries []struct{ ID string }
	}
	Shows       string
	CurrentHash string
	Confirmed   bool
	Offline     bool
	ServerTime  int64
	Waiting     *struct {
		Change       string
		ScheduleID   string
		ScheduleName string
	}
}

// readLive is GET …/live of the TV tv of the store centro, read by the
// franchise's operator.
func readLive(t *testing.T, a *testutil.TestApp, f *playerFixture, tv string) liveView {
	t.Helper()
	r := a.Do(t, "GET", "/api/display/"+f.slug+"/centro/"+tv+"/live", f.op.Token, nil)
	mustStatus(t, r, 200)
	var v liveView
	r.Decode(t, &v)
	return v
}

// onlineWithPlaylist reads the first playlist of p, the only player of the
// franchise of f, and waits until a reads its TV online.
func onlineWithPlaylist(t *testing.T, a *testutil.TestApp, f *playerFixture, p *player) frame {
	t.Helper()
	first := p.next()
	if first.Type != "playlist" || first.Schedule == nil {
		t.Fatalf("first frame %+v", first)
	}
	testutil.Eventually(t, 5*time.Second, func() bool {
		list, err := a.Displays.ListFranchise(context.Background(), franchiseTenant(t, a, f.slug))
		return err == nil && len(list) == 1 && list[0].Connected
	}, "the TV online")
	return first
}

// The live view of a TV follows what its player acknowledged: before any
// ack nothing is confirmed; an ack of the current schedule confirms it; a
// change not yet acked shows the version the player confirmed, kept by its
// hash; a player gone leaves it offline on that version. Unknown TVs are
// 100121, and other franchises see nothing.
func TestLiveViewFollowsTheAcknowledgedSchedule(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newPlayerFixture(t, a)
		p, tv, first := f.pairedPlayer(t, "TV Caixa")
		url := "/api/display/" + f.slug + "/centro/" + tv + "/live"
		read := func() liveView { return readLive(t, a, f, tv) }
		v := read()
		if v.Confirmed || v.Shows != "current" || v.Display.AckedAt != 0 || v.Schedule == nil ||
			v.Schedule.Hash != first.Schedule.Hash || v.CurrentHash != first.Schedule.Hash ||
			v.Screen.DisplayID != tv || v.Screen.ContentOrientation != 1 || v.Screen.TimeZone == "" {
			t.Fatalf("before any ack: %+v", v)
		}
		old := first.Schedule.Hash
		p.send(map[string]any{"type": "ack", "hash": old})
		testutil.Eventually(t, 5*time.Second, func() bool { return read().Confirmed }, "the ack recorded")
		if v = read(); v.Display.AckedHash != old || v.Display.AckedAt == 0 {
			t.Fatalf("after the ack: %+v", v.Display)
		}

		// A change the player receives and does not acknowledge yet.
		f.setEntries(t, map[string]any{"id": f.other, "displayTime": 5})
		next := p.until("the new playlist", func(fr frame) bool { return fr.Type == "playlist" && fr.Schedule != nil && fr.Schedule.Hash != old })
		testutil.Eventually(t, 5*time.Second, func() bool { return read().Shows == "acknowledged" }, "the confirmed version shown")
		v = read()
		if v.Confirmed || v.CurrentHash != next.Schedule.Hash || v.Schedule.Hash != old ||
			len(v.Schedule.Entries) != 1 || v.Schedule.Entries[0].ID != f.image {
			t.Fatalf("a change not yet acked: %+v", v)
		}
		p.send(map[string]any{"type": "ack", "hash": next.Schedule.Hash})
		testutil.Eventually(t, 5*time.Second, func() bool { return read().Confirmed }, "the new ack recorded")
		if v = read(); v.Shows != "current" || v.Schedule.Hash != next.Schedule.Hash || v.Schedule.Entries[0].ID != f.other {
			t.Fatalf("after the new ack: %+v", v)
		}

		// Another change, then the player goes: offline, on what it confirmed.
		f.setEntries(t, map[string]any{"id": f.image, "displayTime": 7})
		p.until("the third playlist", func(fr frame) bool {
			return fr.Type == "playlist" && fr.Schedule != nil && fr.Schedule.Hash != next.Schedule.Hash
		})
		p.ws.Close(websocket.StatusNormalClosure, "")
		testutil.Eventually(t, 5*time.Second, func() bool { return read().Offline }, "the TV offline")
		v = read()
		if v.Confirmed || v.Shows != "acknowledged" || v.Schedule.Hash != next.Schedule.Hash || v.Display.Connected || v.Display.LastConnectionAck == 0 {
			t.Fatalf("offline: %+v", v)
		}

		// Unknown TV, another franchise's operator, through another franchise.
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/display/" + f.slug + "/centro/desconhecido/live", Token: f.op.Token, Status: 404, Code: 100121})
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/display/" + f.otherSlug + "/sul/" + tv + "/live", Token: f.otherOpUser.Token, Status: 404, Code: 100121})
		mustStatus(t, a.Do(t, "GET", url, f.otherOpUser.Token, nil), 403)
	})
}

// A TV changed while its player is offline: the live view shows what the
// player confirmed and says what waits for it — another schedule, a new
// version of the same one, or none at all —; once confirmed, nothing waits.
func TestLiveViewSaysWhatWaitsForAnOfflineTV(t *testing.T) {
	type waiting struct{ change, schedule, name string }
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, f *playerFixture, tv string) waiting
	}{
		{"moved to another schedule", func(t *testing.T, f *playerFixture, tv string) waiting {
			r := f.a.Do(t, "POST", "/api/schedule/"+f.slug, f.op.Token, map[string]any{"name": "Promoção de Verão"})
			mustStatus(t, r, 201)
			var created struct{ Schedule struct{ ID string } }
			r.Decode(t, &created)
			id := created.Schedule.ID
			mustStatus(t, f.a.Do(t, "POST", "/api/schedule/"+f.slug+"/"+id, f.op.Token,
				map[string]any{"media": []map[string]any{{"id": f.other, "displayTime": 8}}}), 200)
			mustStatus(t, f.a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+tv, f.op.Token, map[string]any{"scheduleId": id}), 200)
			return waiting{"schedule", id, "Promoção de Verão"}
		}},
		{"its schedule edited", func(t *testing.T, f *playerFixture, tv string) waiting {
			f.setEntries(t, map[string]any{"id": f.other, "displayTime": 9})
			return waiting{"version", f.schedule, "Vitrine"}
		}},
		{"its schedule taken away", func(t *testing.T, f *playerFixture, tv string) waiting {
			mustStatus(t, f.a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+tv, f.op.Token, map[string]any{"scheduleId": ""}), 200)
			return waiting{"unlinked", "", ""}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testutil.ForEachEngine(t, func(t *testing.T, engine string) {
				a := testutil.NewApp(t, engine)
				f := newPlayerFixture(t, a)
				p, tv, first := f.pairedPlayer(t, "TV Caixa")
				read := func() liveView { return readLive(t, a, f, tv) }
				read() // watched: the ack is recorded at once
				p.send(map[string]any{"type": "ack", "hash": first.Schedule.Hash})
				testutil.Eventually(t, 5*time.Second, func() bool { return read().Confirmed }, "the ack recorded")
				if v := read(); v.Waiting != nil {
					t.Fatalf("confirmed, yet something waits: %+v", v.Waiting)
				}
				p.ws.Close(websocket.StatusNormalClosure, "")
				testutil.Eventually(t, 5*time.Second, func() bool { return read().Offline }, "the TV offline")

				want := tc.change(t, f, tv)
				// The screens hear of the change through the change feed (on
				// PostgreSQL, LISTEN/NOTIFY), and the versions are kept off the
				// request's path, every second.
				var v liveView
				testutil.Eventually(t, 5*time.Second, func() bool {
					if err := a.Schedules.FlushKept(context.Background()); err != nil {
						t.Fatal(err)
					}
					v = read()
					return v.Waiting != nil && v.Shows == "acknowledged"
				}, "the change waiting")
				if v.Waiting == nil || v.Waiting.Change != want.change || v.Waiting.ScheduleID != want.schedule || v.Waiting.ScheduleName != want.name {
					t.Fatalf("waiting %+v, want %+v", v.Waiting, want)
				}
				if v.Confirmed || v.Shows != "acknowledged" || v.Schedule == nil || v.Schedule.Hash != first.Schedule.Hash ||
					len(v.Schedule.Entries) != 1 || v.Schedule.Entries[0].ID != f.image {
					t.Fatalf("not the confirmed schedule shown: %+v", v)
				}
			})
		})
	}
}

// A TV's acks are recorded at once only while a live view watches it:
// the first read of a live view has the replica holding the TV's
// connection record what its player acknowledged before, and answers with
// it.
func TestLiveViewFirstReadHasTheLastAck(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newPlayerFixture(t, a)
		p, tv, first := f.pairedPlayer(t, "TV Caixa")
		tvRow := func() display.Display {
			t.Helper()
			list, err := a.Displays.ListFranchise(context.Background(), franchiseTenant(t, a, f.slug))
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range list {
				if d.ID == tv {
					return d
				}
			}
			t.Fatal("the TV is gone")
			return display.Display{}
		}
		testutil.Eventually(t, 5*time.Second, func() bool { return tvRow().Connected }, "the TV online")
		p.send(map[string]any{"type": "ack", "hash": first.Schedule.Hash})
		time.Sleep(700 * time.Millisecond) // a status flush passes: the hash waits
		if d := tvRow(); d.AckedAt != 0 {
			t.Fatalf("an unwatched TV's ack was recorded at once: %+v", d)
		}
		if v := readLive(t, a, f, tv); !v.Confirmed || v.Display.AckedHash != first.Schedule.Hash || v.Display.AckedAt == 0 || v.Shows != "current" {
			t.Fatalf("the first read of the live view: %+v", v)
		}
	})
}

// A live view opened on a TV offline watches the connection its player
// opens next: the read after it came back has what it acknowledged.
func TestLiveViewOfATVThatComesBack(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newPlayerFixture(t, a)
		code, token := a.AnnounceDevice(t)
		tv := f.addTV(t, "TV Caixa", code)
		read := func() liveView { return readLive(t, a, f, tv) }
		if v := read(); !v.Offline || v.Confirmed {
			t.Fatalf("before the player connects: %+v", v)
		}
		p := connect(t, a, code, token)
		first := onlineWithPlaylist(t, a, f, p)
		p.send(map[string]any{"type": "ack", "hash": first.Schedule.Hash})
		time.Sleep(700 * time.Millisecond) // a status flush passes
		if v := read(); v.Offline || !v.Confirmed || v.Display.AckedHash != first.Schedule.Hash {
			t.Fatalf("once the TV is back: %+v", v)
		}
	})
}

// Across replicas: the live view read on one replica has the replica
// holding the player's connection record what it acknowledged, and then
// every new acknowledgement at once.
func TestLiveViewAcrossReplicas(t *testing.T) {
	if !slices.Contains(testutil.Engines(), "postgres") {
		t.Skip("needs PostgreSQL (TEST_DATABASE_URL)")
	}
	a := testutil.NewApp(t, "postgres")
	b := testutil.NewReplica(t, a)
	f := newPlayerFixture(t, a)
	code, token := a.AnnounceDevice(t)
	tv := f.addTV(t, "TV Caixa", code)
	p := connect(t, b, code, token) // the player is on replica b
	first := onlineWithPlaylist(t, a, f, p)
	p.send(map[string]any{"type": "ack", "hash": first.Schedule.Hash})
	time.Sleep(700 * time.Millisecond) // a status flush passes on replica b: the hash waits
	read := func() liveView { return readLive(t, a, f, tv) }
	if v := read(); !v.Confirmed || v.Display.AckedHash != first.Schedule.Hash {
		t.Fatalf("the first read on replica a: %+v", v)
	}
	f.setEntries(t, map[string]any{"id": f.other, "displayTime": 5})
	next := p.until("the new playlist", func(fr frame) bool {
		return fr.Type == "playlist" && fr.Schedule != nil && fr.Schedule.Hash != first.Schedule.Hash
	})
	p.send(map[string]any{"type": "ack", "hash": next.Schedule.Hash})
	testutil.Eventually(t, 5*time.Second, func() bool {
		v := read()
		return v.Confirmed && v.Display.AckedHash == next.Schedule.Hash
	}, "the new ack, recorded by replica b while watched from replica a")
}

// Versions of a schedule are kept by hash, the latest few per schedule
// once it holds more than twice as many, sparing any a TV last acknowledged.
func TestScheduleVersionsKeptByHash(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newPlayerFixture(t, a)
		p, tv, first := f.pairedPlayer(t, "TV Caixa")
		// The TV's live view is open: its ack is recorded at once.
		live := func() liveView { return readLive(t, a, f, tv) }
		live()
		p.send(map[string]any{"type": "ack", "hash": first.Schedule.Hash})
		ctx := context.Background()
		tnt := franchiseTenant(t, a, f.slug)
		testutil.Eventually(t, 5*time.Second, func() bool {
			_, found, err := a.Schedules.Acknowledged(ctx, tnt, f.schedule, first.Schedule.Hash)
			return err == nil && found && live().Confirmed
		}, "the first version kept and its ack recorded")
		keep := func(from, to int) {
			for i := from; i < to; i++ {
				hash := "h" + string(rune('a'+i))
				b, _ := json.Marshal(map[string]any{"id": f.schedule, "hash": hash})
				a.Schedules.Keep(f.franchiseID, f.schedule, hash, b)
				time.Sleep(2 * time.Millisecond) // each version kept at its own instant
			}
			if err := a.Schedules.FlushKept(ctx); err != nil {
				t.Fatal(err)
			}
		}
		found := func(hash string) bool {
			_, ok, err := a.Schedules.Acknowledged(ctx, tnt, f.schedule, hash)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		// 13 versions with the first: not yet twice schedule.KeptVersions.
		keep(0, 12)
		if !found(first.Schedule.Hash) || !found("ha") || !found("hl") {
			t.Fatal("versions pruned before the schedule held twice as many as it keeps")
		}
		// 21: pruned to the latest 8, and the one the TV shows.
		keep(12, 20)
		if !found(first.Schedule.Hash) {
			t.Fatal("the version a TV acknowledged was pruned")
		}
		if found("ha") || found("hl") || !found("hm") || !found("ht") {
			t.Fatal("not the latest versions kept")
		}
		// Another franchise never reads them.
		if _, ok, _ := a.Schedules.Acknowledged(ctx, franchiseTenant(t, a, f.otherSlug), f.schedule, "ht"); ok {
			t.Fatal("another franchise read a kept version")
		}
	})
}
