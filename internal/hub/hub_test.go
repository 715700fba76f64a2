package hub

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/change"
	"vitrine/internal/display"
)

// fakeSource pairs every device with a TV of its own (display id = code) on
// one schedule, whose encoding grows with each build.
type fakeSource struct {
	mu     sync.Mutex
	builds atomic.Int64
	size   int
	status []display.Status
}

func (f *fakeSource) Authenticate(_ context.Context, token string) (string, error) {
	if !strings.HasPrefix(token, "dev_") {
		return "", io.EOF
	}
	return strings.TrimPrefix(token, "dev_"), nil
}

func (f *fakeSource) Screens(_ context.Context, codes []string) (map[string]display.Screen, error) {
	out := map[string]display.Screen{}
	for _, c := range codes {
		out[c] = display.Screen{DisplayID: c, Name: "TV " + c, Device: c, FranchiseID: "f", StoreID: "s", ScheduleID: "sc"}
	}
	return out, nil
}

func (f *fakeSource) ScreenJSON(_ context.Context, sc display.Screen) ([]byte, error) {
	return json.Marshal(sc)
}

func (f *fakeSource) ScheduleJSON(context.Context, string, string) ([]byte, string, error) {
	n := f.builds.Add(1)
	body, _ := json.Marshal(map[string]any{"build": n, "pad": strings.Repeat("x", f.size)})
	return body, strconv.FormatInt(n, 10), nil
}

func (f *fakeSource) Forget(change.Change) {}

func (f *fakeSource) RecordStatus(_ context.Context, batch []display.Status) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.status = append(f.status, batch...)
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
	srv := httptest.NewServer(http.HandlerFunc(h.Serve))
	t.Cleanup(func() {
		srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		h.Close(ctx)
	})

	slow := dialHub(t, srv.URL, "dev_SLOW")
	fast := dialHub(t, srv.URL, "dev_FAST")
	_ = slow // never read
	waitFor(t, func() bool { return h.Connected() == 2 }, "both players connected")

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
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
		if f.Schedule.Build <= last && i > 0 {
			t.Fatalf("push %d went back: build %v after %v", i, f.Schedule.Build, last)
		}
		last = f.Schedule.Build
	}
	waitFor(t, func() bool { return h.Connected() == 1 }, "the slow player dropped")
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
