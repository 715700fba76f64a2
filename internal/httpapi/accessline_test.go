package httpapi

import (
	"bytes"
	"context"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"
)

// The access line written by hand is the one slog.TextHandler writes for
// the same record, whatever its texts hold.
func TestAccessLineIsTheTextHandlers(t *testing.T) {
	saoPaulo := time.FixedZone("BRT", -3*3600)
	base := accessLine{
		at: time.Date(2026, 12, 5, 4, 24, 49, 123456789, time.UTC), level: slog.LevelInfo,
		id: "d2Vi-c29ja2V0", method: "GET", route: "GET /api/store/{franchise}", status: 200,
		duration: 1234567 * time.Nanosecond, bytes: 12743, client: "203.0.113.9", franchise: "rede-grande",
	}
	cases := map[string]func(l *accessLine){
		"a store list":           func(*accessLine) {},
		"no franchise":           func(l *accessLine) { l.franchise = "" },
		"at debug, a health":     func(l *accessLine) { l.level, l.route = slog.LevelDebug, "GET /api/health" },
		"on the millisecond":     func(l *accessLine) { l.at = time.Date(2026, 1, 2, 3, 4, 5, 7_000_000, time.UTC) },
		"on the second":          func(l *accessLine) { l.at = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) },
		"in São Paulo's offset":  func(l *accessLine) { l.at = l.at.In(saoPaulo) },
		"a monotonic clock":      func(l *accessLine) { l.at = time.Now() },
		"microseconds":           func(l *accessLine) { l.duration = 850 * time.Nanosecond * 100 },
		"minutes":                func(l *accessLine) { l.duration = 2*time.Minute + 3*time.Second },
		"no time at all":         func(l *accessLine) { l.duration, l.bytes = 0, 0 },
		"a socket":               func(l *accessLine) { l.status, l.route = 101, "GET /api/device/ws" },
		"an unmatched route":     func(l *accessLine) { l.route = "unmatched" },
		"a route written ahead":  func(l *accessLine) { l.routeText = string(appendText(nil, l.route)) },
		"an empty client":        func(l *accessLine) { l.client = "" },
		"an IPv6 client":         func(l *accessLine) { l.client = "2001:db8::1" },
		"a method with an equal": func(l *accessLine) { l.method = "GE=T" },
		"quotes and backslashes": func(l *accessLine) { l.franchise = `a"b\c` },
		"a backslash alone":      func(l *accessLine) { l.franchise = `a\b` },
		"a tab":                  func(l *accessLine) { l.franchise = "a\tb" },
		"DEL":                    func(l *accessLine) { l.franchise = "a\x7fb" },
		"accents":                func(l *accessLine) { l.franchise = "são-joão" },
		"a no-break space":       func(l *accessLine) { l.franchise = "a\u00a0b" },
		"a zero-width space":     func(l *accessLine) { l.franchise = "a\u200bb" },
		"not UTF-8":              func(l *accessLine) { l.franchise = "a\xffb" },
	}
	for name, change := range cases {
		l := base
		change(&l)
		if got, want := string(appendAccessLine(nil, &l)), textHandlerLine(t, &l); got != want {
			t.Errorf("%s:\n got %q\nwant %q", name, got, want)
		}
	}
	// Texts of every awkward kind, at random.
	pieces := []string{"a", "Z", "9", "-", " ", "=", `"`, `\`, "\t", "\n", "\x00", "\x7f", "é", "ã", "\u00a0", "\u200b", "\u2028", "\xff", "\xc3", "😀", "{", "/", ":"}
	rnd := rand.New(rand.NewPCG(1, 2))
	text := func() string {
		var b []byte
		for range rnd.IntN(6) {
			b = append(b, pieces[rnd.IntN(len(pieces))]...)
		}
		return string(b)
	}
	for range 2000 {
		l := base
		l.id, l.method, l.route, l.client, l.franchise = text(), text(), text(), text(), text()
		l.duration = time.Duration(rnd.Int64N(int64(10 * time.Second)))
		l.at = base.at.Add(time.Duration(rnd.Int64N(int64(time.Hour))))
		if got, want := string(appendAccessLine(nil, &l)), textHandlerLine(t, &l); got != want {
			t.Fatalf("got %q\nwant %q", got, want)
		}
	}
}

func textHandlerLine(t *testing.T, l *accessLine) string {
	t.Helper()
	var buf bytes.Buffer
	h := slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})
	if err := h.Handle(context.Background(), l.record()); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// The line costs no allocation of its own.
func TestAccessLineAllocations(t *testing.T) {
	l := accessLine{at: time.Now(), level: slog.LevelInfo, id: "x", method: "GET", route: "GET /api/store/{franchise}",
		status: 200, duration: time.Millisecond, bytes: 1, client: "127.0.0.1", franchise: "rede"}
	var sink discardCount
	if n := testing.AllocsPerRun(100, func() { writeAccessLine(&sink, &l) }); n != 0 {
		t.Errorf("%v allocations per line", n)
	}
	if sink == 0 {
		t.Error("nothing written")
	}
}

type discardCount int

func (d *discardCount) Write(b []byte) (int, error) { *d += discardCount(len(b)); return len(b), nil }
