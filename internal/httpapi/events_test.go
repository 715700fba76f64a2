package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/httpapi"
	"vitrine/internal/ids"
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
	s, refused := tryEvents(t, a.URL, slug, token)
	if refused != nil {
		t.Fatalf("stream answered %d %s", refused.Status, refused.Body)
	}
	return s
}

// tryEvents opens a stream at the server base like openEvents, or returns
// the answer that refused it.
func tryEvents(t *testing.T, base, slug, token string) (*eventStream, *testutil.Response) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/events/"+slug, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	// A server out of descriptors accepts no connection: give up then.
	timer := time.AfterFunc(10*time.Second, cancel)
	res, err := http.DefaultClient.Do(req)
	timer.Stop()
	if err != nil {
		t.Fatalf("open stream (no answer within 10 s: out of descriptors?): %v", err)
	}
	if res.StatusCode != 200 {
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		cancel()
		return nil, &testutil.Response{Status: res.StatusCode, Header: res.Header, Body: body}
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
	return s, nil
}

// ends waits for the stream to end, failing on any event bad accepts that
// comes before the end; it returns the events that came.
func (s *eventStream) ends(t *testing.T, within time.Duration, bad func(sseEvent) bool) []sseEvent {
	t.Helper()
	var seen []sseEvent
	take := func(e sseEvent) {
		if bad(e) {
			t.Fatalf("the stream carried %+v before it ended", e)
		}
		seen = append(seen, e)
	}
	deadline := time.After(within)
	for {
		select {
		case e := <-s.events:
			take(e)
		case <-s.closed:
			// The reader queued every event before it closed.
			for len(s.events) > 0 {
				take(<-s.events)
			}
			return seen
		case <-deadline:
			t.Fatalf("the stream stayed open %v", within)
		}
	}
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

// When a member loses access — removed from the franchise, a new password
// (changed elsewhere or reset), a logout, the administrator behind their
// impersonation logging out — their open stream ends before the
// franchise's next change reaches it; on PostgreSQL the stream sits on
// another replica than the call that ended the access.
func TestEventStreamEndsBeforeTheNextChangeWhenAccessEnds(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		b := a // the replica holding the streams
		if engine == "postgres" {
			b = testutil.NewReplica(t, a)
		}
		admin := newAccount(t, a, "admin", "Zeca Admin", map[string]int{"userA": 1})
		for _, tc := range []struct {
			name string
			// token is the session ana's stream is opened with (her own
			// when nil).
			token func(t *testing.T, ana account) string
			end   func(t *testing.T, ana account, token, slug string)
		}{
			{name: "removed from the franchise", end: func(t *testing.T, ana account, _, slug string) {
				mustStatus(t, a.Do(t, "POST", "/api/user/franchise", admin.token,
					map[string]string{"action": "DEL", "email": ana.email, "franchiseSlug": slug}), 200)
			}},
			{name: "her password changed in another session", end: func(t *testing.T, ana account, _, _ string) {
				other := acctLogin(t, a, ana.email, password)
				mustStatus(t, a.Do(t, "POST", "/api/user/pwd", other, map[string]string{"currentAuth": password, "auth": newPassword}), 200)
			}},
			{name: "her password reset", end: func(t *testing.T, ana account, _, _ string) {
				code := resetCode(t, a, ana.email)
				mustStatus(t, a.Do(t, "POST", "/api/user/reset-pwd-link", "", map[string]string{"code": code, "auth": newPassword}), 200)
			}},
			{name: "logged out", end: func(t *testing.T, _ account, token, _ string) {
				mustStatus(t, a.Do(t, "POST", "/api/user/logout", token, nil), 200)
			}},
			{name: "the administrator impersonating her logged out",
				token: func(t *testing.T, ana account) string {
					boss := newAccount(t, a, "chefe", "Chefe", map[string]int{"userA": 1})
					r := a.Do(t, "POST", "/api/user/impersonate", boss.token, map[string]string{"email": ana.email})
					mustStatus(t, r, 200)
					t.Cleanup(func() { a.Do(t, "POST", "/api/user/logout", boss.token, nil) })
					return boss.token + " " + tokenOf(t, r)
				},
				end: func(t *testing.T, _ account, tokens, _ string) {
					boss, _, _ := strings.Cut(tokens, " ")
					mustStatus(t, a.Do(t, "POST", "/api/user/logout", boss, nil), 200)
				}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				f := newPlayerFixture(t, a)
				ana := newAccount(t, a, "ana", "Ana", nil)
				mustStatus(t, a.Do(t, "POST", "/api/user/franchise", admin.token,
					map[string]string{"action": "ADD", "email": ana.email, "franchiseSlug": f.slug}), 200)
				token, streamToken := ana.token, ana.token
				if tc.token != nil {
					token = tc.token(t, ana)
					_, streamToken, _ = strings.Cut(token, " ")
				}
				hers := openEvents(t, b, f.slug, streamToken)
				ops := openEvents(t, b, f.slug, f.op.Token)

				tc.end(t, ana, token, f.slug)
				mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.op.Token, storeBody("Depois")), 201)
				var store string
				if err := a.DB.QueryRowContext(context.Background(), `SELECT id FROM stores WHERE franchise_id = ? AND slug = 'depois'`,
					f.franchiseID).Scan(&store); err != nil {
					t.Fatal(err)
				}
				isTheChange := func(e sseEvent) bool { return e.Type == "change" && listsHas(e, "stores", store) }
				// The operator's stream, on the same replica, carries the
				// change: it was handed out after the access ended.
				ops.next(t, 5*time.Second, isTheChange)
				hers.ends(t, 5*time.Second, isTheChange)
				if r := b.Do(t, "GET", "/api/events/"+f.slug, streamToken, nil); r.Status != 401 && r.Status != 403 {
					t.Fatalf("a new stream answered %d, want 401 or 403", r.Status)
				}
			})
		}
	})
}

// A session's stream ends when the session expires, not a heartbeat later.
func TestEventStreamEndsWhenItsSessionExpires(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	ana := a.SeedUser(t, "ana@example.com", "")
	a.SeedFranchise(t, "rede", "Rede", ana)
	token := ids.Secret(32)
	expires := time.UnixMilli(time.Now().Add(1500 * time.Millisecond).UnixMilli()) // stored to the millisecond
	if _, err := a.DB.ExecContext(context.Background(), `
		INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		ids.Hash(token), ana.ID, time.Now().UnixMilli(), expires.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	s := openEvents(t, a, "rede", token)
	s.ends(t, 5*time.Second, func(e sseEvent) bool { return false })
	if early := time.Until(expires); early > 0 {
		t.Fatalf("the stream ended %v before the session expired", early)
	}
}

// A browser's tabs share its session, one stream each: a new tab past the
// session's cap gets its stream, and the session's oldest closes with a
// "closed" event saying it was replaced (that tab polls until shown
// again). The same holds for one account's streams across its sessions.
func TestANewTabClosesTheOldestStreamPastTheCaps(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	for _, tc := range []struct {
		name     string
		sessions int // sessions of the account, each opening its share of the streams
		streams  int // streams opened, one after the other
	}{
		{"one session's tabs", 1, httpapi.StreamsPerSession + 1},
		{"an account's sessions together", httpapi.StreamsPerUser/httpapi.StreamsPerSession + 1, httpapi.StreamsPerUser + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := a.Unique()
			ana := newAccount(t, a, "ana", "Ana", nil)
			a.SeedFranchise(t, "rede-"+u, "Rede")
			mustStatus(t, a.Do(t, "POST", "/api/user/franchise", newAccount(t, a, "admin", "Admin", map[string]int{"userA": 1}).token,
				map[string]string{"action": "ADD", "email": ana.email, "franchiseSlug": "rede-" + u}), 200)
			tokens := []string{ana.token}
			for len(tokens) < tc.sessions {
				tokens = append(tokens, acctLogin(t, a, ana.email, password))
			}
			var streams []*eventStream
			for i := range tc.streams {
				// Each session fills its share before the next opens.
				per := (tc.streams + tc.sessions - 1) / tc.sessions
				streams = append(streams, openEvents(t, a, "rede-"+u, tokens[min(i/per, len(tokens)-1)]))
			}
			got := streams[0].ends(t, 5*time.Second, func(e sseEvent) bool { return e.Type == "change" })
			if len(got) == 0 || got[len(got)-1].Type != "closed" || got[len(got)-1].Data["reason"] != "replaced" {
				t.Fatalf("the oldest stream ended with %+v, want a closed event (replaced)", got)
			}
			for i, s := range streams[1:] {
				select {
				case <-s.closed:
					t.Fatalf("stream %d of %d closed too", i+2, len(streams))
				default:
				}
			}
		})
	}
}
