package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/testutil"
)

// sseEvent is one event read from a console's stream.
type sseEvent struct {
	Type string
	Data map[string]any
}

// eventStream is a console tab's open stream.
type eventStream struct {
	events chan sseEvent
	closed chan struct{}
	cancel context.CancelFunc
}

// openEvents opens GET /api/events/{slug} with token and reads its events
// in the background; it fails the test unless the stream answers 200 with
// its "ready" event.
func openEvents(t *testing.T, a *testutil.TestApp, slug, token string) *eventStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", a.URL+"/api/events/"+slug, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("open stream: %v", err)
	}
	if res.StatusCode != 200 {
		res.Body.Close()
		t.Fatalf("stream answered %d", res.StatusCode)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") || res.Header.Get("X-Accel-Buffering") != "no" {
		t.Fatalf("stream headers %v", res.Header)
	}
	s := &eventStream{events: make(chan sseEvent, 256), closed: make(chan struct{}), cancel: cancel}
	go func() {
		defer close(s.closed)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.Type = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev.Data)
			case line == "" && ev.Type != "":
				s.events <- ev
				ev = sseEvent{}
			}
		}
	}()
	if e := s.next(t, 5*time.Second, func(e sseEvent) bool { return e.Type == "ready" }); e.Data["franchise"] != slug {
		t.Fatalf("ready event %+v", e)
	}
	return s
}

// next waits for an event that match accepts, skipping the others.
func (s *eventStream) next(t *testing.T, within time.Duration, match func(sseEvent) bool) sseEvent {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case e := <-s.events:
			if match(e) {
				return e
			}
		case <-s.closed:
			t.Fatalf("stream closed while waiting for an event")
		case <-deadline:
			t.Fatalf("no matching event within %v", within)
		}
	}
}

// none checks that no event match accepts arrives within d.
func (s *eventStream) none(t *testing.T, d time.Duration, match func(sseEvent) bool) {
	t.Helper()
	deadline := time.After(d)
	for {
		select {
		case e := <-s.events:
			if match(e) {
				t.Fatalf("unexpected event %+v", e)
			}
		case <-deadline:
			return
		}
	}
}

func statusOf(e sseEvent, tv string) (connected bool, ack float64, found bool) {
	list, _ := e.Data["displays"].([]any)
	for _, x := range list {
		m, _ := x.(map[string]any)
		if m["id"] == tv {
			c, _ := m["connected"].(bool)
			a, _ := m["lastConnectionAck"].(float64)
			return c, a, true
		}
	}
	return false, 0, false
}

// ownStoreChange says whether e is only the change of the store id.
func ownStoreChange(e sseEvent, id string) bool {
	if e.Type != "change" || e.Data["displays"] != nil || e.Data["schedules"] != nil {
		return false
	}
	stores, _ := e.Data["stores"].([]any)
	return len(stores) == 1 && stores[0] == id
}

func listsHas(e sseEvent, key, id string) bool {
	list, _ := e.Data[key].([]any)
	for _, x := range list {
		if x == id {
			return true
		}
	}
	return false
}

// A console's stream carries its franchise's changes as they happen: TV
// status when a player connects and leaves, another operator's writes,
// command results; never another franchise's.
func TestEventStreamFollowsTheFranchise(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newPlayerFixture(t, a)
		mine := openEvents(t, a, f.slug, f.op.Token)
		theirs := openEvents(t, a, f.otherSlug, f.otherOpUser.Token)

		// Not a member: refused before any stream opens.
		req, _ := http.NewRequest("GET", a.URL+"/api/events/"+f.slug, nil)
		req.Header.Set("Authorization", "Bearer "+f.otherOpUser.Token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 403 {
			t.Fatalf("a stranger's stream answered %d, want 403", res.StatusCode)
		}
		if r := a.Do(t, "GET", "/api/events/"+f.slug, "", nil); r.Status != 401 {
			t.Fatalf("no token: %d, want 401", r.Status)
		}

		start := time.Now()
		p, tv, _ := f.pairedPlayer(t, "Caixa")
		e := mine.next(t, 5*time.Second, func(e sseEvent) bool {
			c, _, ok := statusOf(e, tv)
			return e.Type == "status" && ok && c
		})
		if _, ack, _ := statusOf(e, tv); ack <= 0 {
			t.Fatalf("online status without its last ack: %+v", e)
		}
		t.Logf("TV online on the stream %v after pairing began", time.Since(start))

		// Another operator renames the TV: its franchise's consoles hear it.
		mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+tv, f.op.Token, map[string]any{"name": "Caixa 2"}), 200)
		mine.next(t, 5*time.Second, func(e sseEvent) bool { return e.Type == "change" && listsHas(e, "displays", tv) })
		f.setEntries(t, map[string]any{"id": f.other, "displayTime": 7})
		mine.next(t, 5*time.Second, func(e sseEvent) bool { return e.Type == "change" && listsHas(e, "schedules", f.schedule) })

		p.ws.Close(websocket.StatusNormalClosure, "")
		mine.next(t, 5*time.Second, func(e sseEvent) bool {
			c, _, ok := statusOf(e, tv)
			return e.Type == "status" && ok && !c
		})

		// The other franchise heard nothing of it. Its own store, made by the
		// fixture just before its stream opened, may still be announced: on
		// PostgreSQL a change reaches the streams through the database's
		// notifications, which can arrive after a stream opened.
		theirs.none(t, 300*time.Millisecond, func(e sseEvent) bool {
			return e.Type != "ready" && !ownStoreChange(e, f.otherStore)
		})
	})
}

// Logging out closes the session's streams at once.
func TestEventStreamClosesOnLogout(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		a.SeedFranchise(t, "rede", "Rede", ana)
		s := openEvents(t, a, "rede", ana.Token)
		mustStatus(t, a.Do(t, "POST", "/api/user/logout", ana.Token, nil), 200)
		select {
		case <-s.closed:
		case <-time.After(5 * time.Second):
			t.Fatal("the stream stayed open after logout")
		}
		if r := a.Do(t, "GET", "/api/events/rede", ana.Token, nil); r.Status != 401 {
			t.Fatalf("stream after logout answered %d, want 401", r.Status)
		}
	})
}

// On PostgreSQL a console connected to one replica follows the TVs and
// writes handled by another.
func TestEventStreamAcrossReplicas(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		if engine != "postgres" {
			t.Skip("replicas share one PostgreSQL database")
		}
		a := testutil.NewApp(t, engine)
		b := testutil.NewReplica(t, a)
		f := newPlayerFixture(t, a)
		onB := openEvents(t, b, f.slug, f.op.Token)
		_, tv, _ := f.pairedPlayer(t, "Caixa") // the player is on a
		onB.next(t, 5*time.Second, func(e sseEvent) bool {
			c, _, ok := statusOf(e, tv)
			return e.Type == "status" && ok && c
		})
		mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+tv, f.op.Token, map[string]any{"name": "Caixa 2"}), 200)
		onB.next(t, 5*time.Second, func(e sseEvent) bool { return e.Type == "change" && listsHas(e, "displays", tv) })
	})
}

// A stopping replica ends the streams, so its graceful shutdown does not
// wait for them; the consoles reconnect elsewhere.
func TestEventStreamsEndWhenTheReplicaStops(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	ana := a.SeedUser(t, "ana@example.com", "")
	a.SeedFranchise(t, "rede", "Rede", ana)
	s := openEvents(t, a, "rede", ana.Token)
	a.Server.CloseStreams()
	select {
	case <-s.closed:
	case <-time.After(5 * time.Second):
		t.Fatal("the stream stayed open after CloseStreams")
	}
}
