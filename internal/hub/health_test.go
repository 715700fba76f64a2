package hub

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/display"
)

// Health reports ride on acks: a valid one is queued when it changed, a
// repeat is not, a bad one is dropped with the connection kept, and a frame
// over MaxFrame closes the socket with 1009.
func TestHealthReportsOnAcks(t *testing.T) {
	src := &fakeSource{}
	h := New(src, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now, Options{FlushEvery: 20 * time.Millisecond})
	srv := serveHub(t, h)
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

// logLines is a log the tests read: each record's message and attributes,
// one line each.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, strings.TrimSpace(string(p)))
	return len(p), nil
}

// count tells how many lines hold every one of parts.
func (l *logLines) count(parts ...string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, line := range l.lines {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(line, p)
		}
		if all {
			n++
		}
	}
	return n
}

// A report whose playback error's message (or any of its texts) holds a
// line break or another control character is dropped whole and logged once
// for the connection; the player's later reports are stored, its acks
// still count and its socket stays. Accents pass.
func TestAReportWithControlCharactersIsDroppedAndLogged(t *testing.T) {
	src := &fakeSource{}
	log := &logLines{}
	h := New(src, slog.New(slog.NewTextHandler(log, nil)), time.Now, Options{FlushEvery: 20 * time.Millisecond})
	srv := serveHub(t, h)
	report := func(message string) map[string]any {
		return map[string]any{"version": "abc123", "browser": "Chrome 120", "screen": "1920x1080", "uptime": 10,
			"storageUsed": 1000, "storageQuota": 100000, "cached": 3, "allCached": true, "clockOffset": 200,
			"lastError": map[string]any{"media": "vitrine.mp4", "message": message, "at": 1764100000000}}
	}
	cases := []struct {
		name    string
		message string
		stored  bool
	}{
		{"accents", "Não foi possível decodificar o vídeo (ação)", true},
		{"a line feed", "linha 1\nlinha 2", false},
		{"a carriage return", "linha 1\rlinha 2", false},
		{"a Windows line break", "linha 1\r\nlinha 2", false},
		{"a NUL", "falha\x00", false},
		{"a tab", "falha\tvídeo", false},
		{"an escape sequence", "\x1b[2Jfalha", false},
		{"a C1 next line", "falha\u0085vídeo", false},
		{"a line separator", "falha\u2028vídeo", false},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code := "TVH" + strconv.Itoa(i)
			ws := dialHub(t, srv.URL, "dev_"+code)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if _, _, err := ws.Read(ctx); err != nil {
				t.Fatal(err)
			}
			send := func(health map[string]any) {
				t.Helper()
				b, _ := json.Marshal(map[string]any{"type": "ack", "hash": "", "health": health})
				if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
					t.Fatal(err)
				}
			}
			stored := func() []display.HealthReport {
				src.mu.Lock()
				defer src.mu.Unlock()
				var out []display.HealthReport
				for _, r := range src.health {
					if r.DisplayID == code {
						out = append(out, r)
					}
				}
				return out
			}
			send(report(tc.message))
			send(report(tc.message)) // a second time: logged once for the connection
			// A later report of the same player, fine: it follows on the
			// same reader, so once it is stored the one before was handled.
			send(report("falha ao reproduzir"))
			waitFor(t, func() bool {
				got := stored()
				return len(got) > 0 && got[len(got)-1].Report.LastError.Message == "falha ao reproduzir"
			}, "the later report stored")
			var messages []string
			for _, r := range stored() {
				messages = append(messages, r.Report.LastError.Message)
			}
			want := []string{"falha ao reproduzir"}
			if tc.stored {
				want = []string{tc.message, "falha ao reproduzir"}
			}
			if !slices.Equal(messages, want) {
				t.Fatalf("stored %q, want %q", messages, want)
			}
			logged := log.count("bad TV health report dropped", "device="+code)
			if tc.stored && logged != 0 || !tc.stored && logged != 1 {
				t.Fatalf("logged %d times", logged)
			}
			h.mu.RLock()
			connected := h.byCode[code] != nil
			h.mu.RUnlock()
			if !connected {
				t.Fatal("the report closed the socket")
			}
		})
	}
}
