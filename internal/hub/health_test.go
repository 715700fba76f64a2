package hub

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// Health reports ride on acks: a valid one is queued when it changed, a
// repeat is not, a bad one is dropped with the connection kept, and a frame
// over MaxFrame closes the socket with 1009.
func TestHealthReportsOnAcks(t *testing.T) {
	src := &fakeSource{}
	h := New(src, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now, Options{FlushEvery: 20 * time.Millisecond})
	srv := httptest.NewServer(serveFrom(h, "127.0.0.1"))
	t.Cleanup(func() {
		srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		h.Close(ctx)
	})
	ws := dialHub(t, srv.URL, "dev_TV1")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, _, err := ws.Read(ctx); err != nil {
		t.Fatal(err)
	}
	send := func(health any) {
		t.Helper()
		b, _ := json.Marshal(map[string]any{"type": "ack", "hash": "", "health": health})
		if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
			t.Fatal(err)
		}
	}
	reports := func() int {
		src.mu.Lock()
		defer src.mu.Unlock()
		return len(src.health)
	}
	good := map[string]any{"version": "abc123", "browser": "Chrome 120", "screen": "1920x1080", "uptime": 10,
		"storageUsed": 1000, "storageQuota": 100000, "cached": 3, "allCached": true, "clockOffset": 200}
	send(good)
	waitFor(t, func() bool { return reports() == 1 }, "the first report stored")
	good["uptime"] = 40 // only the uptime moved: not written again
	send(good)
	bad := map[string]any{"version": strings.Repeat("v", 500), "uptime": -1}
	send(bad)
	good["cached"] = 4
	send(good)
	waitFor(t, func() bool { return reports() == 2 }, "the changed report stored")
	src.mu.Lock()
	last := src.health[1]
	src.mu.Unlock()
	if last.DisplayID != "TV1" || last.Report.Cached != 4 || last.Report.Screen != "1920x1080" {
		t.Fatalf("stored %+v", last)
	}
	if h.Connected() != 1 {
		t.Fatal("a bad report closed the connection")
	}
	// A huge report is over the frame limit: 1009.
	send(map[string]any{"version": strings.Repeat("x", MaxFrame)})
	_, _, err := ws.Read(ctx)
	if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
		t.Fatalf("huge report: %v", err)
	}
	if reports() != 2 {
		t.Fatalf("%d reports", reports())
	}
}
