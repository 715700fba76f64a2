package hub

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/change"
	"vitrine/internal/display"
	"vitrine/internal/screen"
)

// fakeSource pairs every device with a TV of its own (display id = code) on
// one schedule, whose version (build) goes up with each change it is told
// to forget, as the real playlists' cache does.
type fakeSource struct {
	mu     sync.Mutex
	builds atomic.Int64
	size   int
	status []display.Status
	health []display.HealthReport
	// hold, when set, keeps the first TVs call waiting until it closes.
	hold chan struct{}
	held atomic.Bool
	// failTVs makes TVs fail, as a database that is slow or gone would.
	failTVs atomic.Bool
	// moved names the TV a device code is paired with when it is not the
	// TV of the same name (guarded by mu).
	moved map[string]string
	// overrides are the ids of the overrides that reach every TV.
	overrides []string
}

func (f *fakeSource) Authenticate(_ context.Context, token string) (string, error) {
	if !strings.HasPrefix(token, "dev_") {
		return "", io.EOF
	}
	return strings.TrimPrefix(token, "dev_"), nil
}

// TVs names each TV after the build it was read at.
func (f *fakeSource) TVs(_ context.Context, codes []string) (map[string]screen.TV, error) {
	name := "TV " + strconv.FormatInt(f.builds.Load(), 10)
	if f.hold != nil && f.held.CompareAndSwap(false, true) {
		<-f.hold
	}
	if f.failTVs.Load() {
		return nil, context.DeadlineExceeded
	}
	out := map[string]screen.TV{}
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range codes {
		id := c
		if m, ok := f.moved[c]; ok {
			id = m
		}
		out[c] = screen.TV{DisplayID: id, Name: name, Device: c, FranchiseID: "f", StoreID: "s", ScheduleID: "sc"}
	}
	return out, nil
}

func (f *fakeSource) EncodeScreens(ctx context.Context, tvs []screen.TV) (parts, overrides [][]byte, err error) {
	parts = make([][]byte, len(tvs))
	for i, tv := range tvs {
		parts[i], _ = json.Marshal(tv)
	}
	overrides, err = f.EncodeOverrides(ctx, tvs)
	return parts, overrides, err
}

func (f *fakeSource) EncodeOverrides(_ context.Context, tvs []screen.TV) ([][]byte, error) {
	type override struct {
		ID string `json:"id"`
	}
	list := []override{}
	for _, id := range f.overrides {
		list = append(list, override{id})
	}
	encoded, _ := json.Marshal(list)
	out := make([][]byte, len(tvs))
	for i := range tvs {
		out[i] = encoded
	}
	return out, nil
}

func (f *fakeSource) EncodeSchedule(context.Context, string, string) ([]byte, string, error) {
	n := f.builds.Load()
	body, _ := json.Marshal(map[string]any{"build": n, "pad": strings.Repeat("x", f.size)})
	return body, strconv.FormatInt(n, 10), nil
}

func (f *fakeSource) Forget(change.Change) { f.builds.Add(1) }

func (f *fakeSource) RecordStatus(_ context.Context, batch []display.Status) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.status = append(f.status, batch...)
	return nil
}

func (f *fakeSource) RecordHealth(_ context.Context, batch []display.HealthReport) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.health = append(f.health, batch...)
	return nil
}

func dialHub(t *testing.T, url, token string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(-1)
	t.Cleanup(func() { ws.CloseNow() })
	b, _ := json.Marshal(map[string]string{"type": "auth", "token": token})
	if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
	return ws
}

// A player that stops reading is dropped once its queue fills; the others
// keep receiving every push meanwhile.
func TestASlowPlayerDoesNotSlowTheOthers(t *testing.T) {
	src := &fakeSource{size: 256 << 10}
	h := New(src, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now, Options{QueueSize: 4, WriteWithin: 2 * time.Second})
	srv := serveHub(t, h)

	slow := dialHub(t, srv.URL, "dev_SLOW")
	fast := dialHub(t, srv.URL, "dev_FAST")
	_ = slow // never read
	waitFor(t, func() bool { return h.Connected() == 2 }, "both players connected")

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, _, err := fast.Read(ctx); err != nil { // the playlist of the connect
		t.Fatalf("first playlist: %v", err)
	}
	var last float64
	for i := range 60 {
		h.Notify(change.Change{FranchiseID: "f", Schedules: []string{"sc"}, Revision: int64(i + 1)})
		_, b, err := fast.Read(ctx) // the fast player gets each push
		if err != nil {
			t.Fatalf("push %d to the fast player: %v", i, err)
		}
		var f struct {
			Schedule struct {
				Build float64 `json:"build"`
			} `json:"schedule"`
		}
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatalf("push %d: %v", i, err)
		}
		if f.Schedule.Build <= last {
			t.Fatalf("push %d went back: build %v after %v", i, f.Schedule.Build, last)
		}
		last = f.Schedule.Build
	}
	waitFor(t, func() bool { return h.Connected() == 1 }, "the slow player dropped")
}

// A player whose connect read its TV before a change, and whose playlist
// from that read would be queued after the change's, never gets the older
// one last.
func TestAStaleReadNeverReplacesANewerPlaylist(t *testing.T) {
	src := &fakeSource{hold: make(chan struct{})}
	h := New(src, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now, Options{})
	srv := serveHub(t, h)
	ws := dialHub(t, srv.URL, "dev_TV1") // its connect reads "TV 0", then waits
	waitFor(t, func() bool { return h.Connected() == 1 && src.held.Load() }, "the connect reading")
	// The TV is renamed meanwhile: the change is read and pushed at once.
	h.Notify(change.Change{FranchiseID: "f", Displays: []string{"TV1"}, Revision: 1})
	name := func(b []byte) string {
		var f struct {
			Screen struct{ Name string } `json:"screen"`
		}
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatalf("frame: %v", err)
		}
		return f.Screen.Name
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, b, err := ws.Read(ctx)
	if err != nil || name(b) != "TV 1" {
		t.Fatalf("the change's playlist: %q %v", b, err)
	}
	close(src.hold) // the connect's read ends now, older than what was sent
	quiet, stop := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer stop()
	if _, b, err := ws.Read(quiet); err == nil {
		t.Fatalf("a stale playlist followed: %s", name(b))
	}
}

// serveHub serves h's sockets on loopback for the test, and closes the
// server and the hub when it ends.
func serveHub(t *testing.T, h *Hub) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(serveFrom(h, "127.0.0.1"))
	t.Cleanup(func() {
		srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		h.Close(ctx)
	})
	return srv
}

// serveFrom serves the hub's sockets as if every client had addr.
func serveFrom(h *Hub, addr string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h.Serve(w, r, addr); err != nil {
			http.Error(w, err.Error(), http.StatusTooManyRequests)
		}
	}
}

func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Many players and a burst of changes: whichever writers take a player's
// frames, the player never gets a playlist older than one it already has.
func TestPlaylistsNeverGoBackUnderABurst(t *testing.T) {
	src := &fakeSource{}
	h := New(src, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now, Options{Writers: 16})
	srv := serveHub(t, h)
	const players, changes = 40, 300
	conns := make([]*websocket.Conn, players)
	for i := range conns {
		conns[i] = dialHub(t, srv.URL, "dev_P"+strconv.Itoa(i))
	}
	waitFor(t, func() bool { return h.Connected() == players }, "the players connected")
	build := func(b []byte) int64 {
		var f struct {
			Schedule struct {
				Build int64 `json:"build"`
			} `json:"schedule"`
		}
		if err := json.Unmarshal(b, &f); err != nil {
			t.Errorf("frame: %q", b)
		}
		return f.Schedule.Build
	}
	var wg sync.WaitGroup
	for i, ws := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			last := int64(-1)
			for {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				_, b, err := ws.Read(ctx)
				cancel()
				if err != nil {
					break
				}
				n := build(b)
				if n < last {
					t.Errorf("player %d got build %d after %d: %.80s", i, n, last, b)
				}
				last = n
			}
			if want := src.builds.Load(); last != want {
				t.Errorf("player %d ends on build %d, want %d", i, last, want)
			}
		}()
	}
	for i := range changes {
		h.Notify(change.Change{FranchiseID: "f", Schedules: []string{"sc"}, Revision: int64(i + 1)})
		if i%10 == 0 {
			time.Sleep(time.Millisecond)
		}
	}
	wg.Wait()
}

// An ack naming another schedule than the one written, once the player had
// time to apply it, has its playlist sent again, at most once in a while;
// acks of what was sent change nothing.
func TestAnAckOfAnotherScheduleResendsThePlaylist(t *testing.T) {
	src := &fakeSource{}
	h := New(src, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now, Options{})
	srv := serveHub(t, h)
	ws := dialHub(t, srv.URL, "dev_TV1")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, _, err := ws.Read(ctx); err != nil {
		t.Fatalf("first playlist: %v", err)
	}
	waitFor(t, func() bool { return h.Pushed.Load() == 1 }, "the first write counted")
	ack := func(hash string) {
		b, _ := json.Marshal(map[string]string{"type": "ack", "hash": hash})
		if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
			t.Fatal(err)
		}
	}
	quiet := func(what string) {
		t.Helper()
		before := h.Pushed.Load()
		time.Sleep(300 * time.Millisecond)
		if n := h.Pushed.Load(); n != before {
			t.Fatalf("%s: %d playlists followed", what, n-before)
		}
	}
	ack("x") // right after the write: the player may be applying it still
	quiet("an early ack of another schedule")
	time.Sleep(ackGrace)
	ack("0") // the schedule sent (the fake's version is its hash)
	quiet("an ack of the schedule sent")
	ack("x")
	if _, _, err := ws.Read(ctx); err != nil {
		t.Fatalf("no playlist after an ack of another schedule: %v", err)
	}
	if n := h.Rechecked.Load(); n != 1 {
		t.Fatalf("rechecked %d times, want 1", n)
	}
	time.Sleep(ackGrace)
	ack("x")
	quiet("a second ack of another schedule soon after")
}

// The plain ack is read without encoding/json only when it is written as
// a player writes it; anything else goes to encoding/json.
func TestPlainAck(t *testing.T) {
	for _, tc := range []struct {
		frame     string
		hash      string
		overrides []string
		ok        bool
	}{
		{`{"type":"ack","hash":"a1B2"}`, "a1B2", nil, true},
		{`{"type":"ack","hash":""}`, "", nil, true},
		{`{"type":"ack","hash":"a\"}`, "", nil, false},
		{`{"type":"ack","hash":"a\u0041"}`, "", nil, false},
		{`{"type":"ack","hash":"a b"}`, "", nil, false},
		{`{"type":"ack","hash":"a1","overrides":["0197a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"]}`, "a1", []string{"0197a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"}, true},
		{`{"type":"ack","hash":"a1","overrides":["o1","o_2"]}`, "a1", []string{"o1", "o_2"}, true},
		{`{"hash":"a1","overrides":["o1"],"type":"ack"}`, "a1", []string{"o1"}, true},
		{`{"hash":"a1","type":"ack","overrides":[]}`, "a1", nil, true},
		{`{"type":"ack","hash":"a1","overrides":["o1",]}`, "", nil, false},
		{`{"type":"ack","hash":"a1","overrides":["o1" ]}`, "", nil, false},
		{`{"type":"ack","hash":"a1","overrides":["o1"`, "", nil, false},
		{`{"type":"ack","hash":"a1","overrides":null}`, "", nil, false},
		{`{"type":"ack","hash":"a1","overrides":[1]}`, "", nil, false},
		{`{"type":"ack","hash":"a1","health":{"version":"1"}}`, "", nil, false},
		{`{"type":"ack","hash":"a1","hash":"a2"}`, "", nil, false},
		{`{"type":"ack","hash":"a1",}`, "", nil, false},
		{`{"type":"ack","hash":"a1"} `, "", nil, false},
		{`{"type":"ack","hash":"}`, "", nil, false},
		{`{"type":"ack"}`, "", nil, false},
		{`{"type":"auth","hash":"a1"}`, "", nil, false},
		{`{"hash":"a1","type":"ack"}`, "a1", nil, true},
		{`{"hash":"","type":"ack"}`, "", nil, true},
		{`{"hash":"a1"}`, "", nil, false},
		{`{}`, "", nil, false},
	} {
		hash, overrides, ok := plainAck([]byte(tc.frame))
		if ok != tc.ok || (ok && (string(hash) != tc.hash || !slices.Equal(overrides, tc.overrides))) {
			t.Errorf("plainAck(%s) = %q, %q, %v; want %q, %q, %v", tc.frame, hash, overrides, ok, tc.hash, tc.overrides, tc.ok)
		}
	}
}

// Whatever plainAck accepts, encoding/json reads the same.
func FuzzPlainAck(f *testing.F) {
	for _, seed := range []string{`{"type":"ack","hash":"a1"}`, `{"hash":"","type":"ack","overrides":["o-1","o_2"]}`,
		`{"type":"ack","hash":"a1","overrides":[]}`, `{"type":"ack","hash":"a1","overrides":["x"],"type":"ack"}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		hash, overrides, ok := plainAck(data)
		if !ok {
			return
		}
		var msg struct {
			Type      string   `json:"type"`
			Hash      *string  `json:"hash"`
			Overrides []string `json:"overrides"`
		}
		if err := json.Unmarshal(data, &msg); err != nil || msg.Type != "ack" || msg.Hash == nil || *msg.Hash != string(hash) ||
			len(msg.Overrides) != len(overrides) || (len(overrides) > 0 && !slices.Equal(msg.Overrides, overrides)) {
			t.Fatalf("plainAck(%s) = %q, %q; encoding/json: %+v, %v", data, hash, overrides, msg, err)
		}
	})
}

// A player whose first playlist cannot be read is told to come back (1013)
// instead of waiting on its socket for a playlist nobody sends; once the
// reads work again it gets its playlist.
func TestAPlayerNotGreetedIsToldToComeBack(t *testing.T) {
	src := &fakeSource{}
	src.failTVs.Store(true)
	h := New(src, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now, Options{})
	srv := serveHub(t, h)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws := dialHub(t, srv.URL, "dev_AAAAAA")
	_, b, err := ws.Read(ctx)
	if code := websocket.CloseStatus(err); code != CloseTryLater {
		t.Fatalf("read %q, %v (close %d): want a close with %d", b, err, code, CloseTryLater)
	}
	src.failTVs.Store(false)
	ws = dialHub(t, srv.URL, "dev_AAAAAA")
	if _, b, err := ws.Read(ctx); err != nil || !strings.Contains(string(b), `"type":"playlist"`) {
		t.Fatalf("after the reads recovered: %q, %v", b, err)
	}
}

// A hub that knows the player page's build tells each player it once
// authenticated, before its first playlist; one that does not sends none.
func TestPlayersAreToldThePagesBuildFirst(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, build := range []string{"/assets/player-B1a2c3.js", ""} {
		h := New(&fakeSource{}, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now, Options{PlayerBuild: build})
		srv := serveHub(t, h)
		ws := dialHub(t, srv.URL, "dev_AAAAAA")
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if build != "" {
			if want := `{"type":"build","player":"` + build + `"}`; string(b) != want {
				t.Fatalf("first frame %s, want %s", b, want)
			}
			if _, b, err = ws.Read(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if !strings.HasPrefix(string(b), `{"type":"playlist"`) {
			t.Fatalf("build %q: then %s, want the playlist", build, b)
		}
		ws.CloseNow()
	}
}
