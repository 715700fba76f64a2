package httpapi_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"vitrine/internal/app"
	"vitrine/internal/config"
	"vitrine/internal/db/dbtest"
	"vitrine/internal/testutil"
)

// readPaths are console reads of the seeded franchise "rede".
var readPaths = []string{
	"/api/user/detail",
	"/api/franchise",
	"/api/store/rede",
	"/api/store/rede/notify",
	"/api/display/rede",
	"/api/display/rede/centro",
	"/api/media/rede",
	"/api/schedule/rede",
}

// errorLog keeps what the app logs at error level (a 500 logs "request
// failed"), to show it when a test fails.
type errorLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *errorLog) Enabled(_ context.Context, level slog.Level) bool { return level >= slog.LevelError }
func (l *errorLog) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	b.WriteString(r.Message)
	r.Attrs(func(a slog.Attr) bool { fmt.Fprintf(&b, " %s=%v", a.Key, a.Value); return true })
	l.mu.Lock()
	l.lines = append(l.lines, b.String())
	l.mu.Unlock()
	return nil
}
func (l *errorLog) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *errorLog) WithGroup(string) slog.Handler      { return l }

func (l *errorLog) requestFailures() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, s := range l.lines {
		if strings.HasPrefix(s, "request failed") {
			out = append(out, s)
		}
	}
	return out
}

// readAll sends every read path `times` times at once and returns the
// answers that were not 200.
func readAll(a *testutil.TestApp, token string, times int) []string {
	var (
		mu  sync.Mutex
		bad []string
		wg  sync.WaitGroup
	)
	for range times {
		for _, path := range readPaths {
			wg.Go(func() {
				r, err := a.Send("GET", path, token, nil)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err != nil:
					bad = append(bad, fmt.Sprintf("GET %s: %v", path, err))
				case r.Status != 200:
					bad = append(bad, fmt.Sprintf("GET %s: %d %s", path, r.Status, r.Body))
				}
			})
		}
	}
	wg.Wait()
	return bad
}

// A PostgreSQL connection cut under a call (a proxy that resets, a
// failover): reads answer as if nothing happened; a write whose answer was
// lost is not repeated and answers 503 'Serviço indisponível, tente
// novamente.'; nothing answers 500.
func TestAPostgreSQLConnectionCutUnderACall(t *testing.T) {
	var proxy *dbtest.Proxy
	logs := &errorLog{}
	a := testutil.NewApp(t, "postgres", func(c *config.Config, o *app.Options) {
		proxy, c.DatabaseURL = dbtest.Through(t, c.DatabaseURL)
		o.Log = slog.New(logs)
	})
	ana, _, _ := seedRede(t, a, "CUT001")
	if bad := readAll(a, ana.Token, 3); len(bad) > 0 {
		t.Fatalf("reads before any cut: %v", bad)
	}

	t.Run("reads answer when every pooled connection is closed", func(t *testing.T) {
		for _, graceful := range []bool{true, false} {
			if n := proxy.CutAll(graceful); n == 0 {
				t.Fatal("no connection was open to cut")
			}
			if bad := readAll(a, ana.Token, 3); len(bad) > 0 {
				t.Errorf("reads after the cut (graceful %v): %v", graceful, bad)
			}
		}
	})

	t.Run("a read cut after the server answered is answered again", func(t *testing.T) {
		proxy.CutOnAnswer("Centro") // the store's name, in the list's rows
		r := a.Do(t, "GET", "/api/store/rede", ana.Token, nil)
		mustStatus(t, r, 200)
		if proxy.Armed() {
			t.Fatal("the proxy never cut the read")
		}
		if !strings.Contains(string(r.Body), `"Centro"`) {
			t.Fatalf("the list lacks the store: %s", r.Body)
		}
	})

	t.Run("a store created but whose commit answer was lost is created once and answers 503", func(t *testing.T) {
		proxy.CutOnAnswer("COMMIT")
		r := a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Norte"))
		if proxy.Armed() {
			t.Fatal("the proxy never cut the commit")
		}
		if r.Status != 503 || r.Code() != 1500 || !strings.Contains(string(r.Body), "Serviço indisponível, tente novamente.") {
			t.Fatalf("the cut write answered %d %s", r.Status, r.Body)
		}
		list := a.Do(t, "GET", "/api/store/rede", ana.Token, nil)
		mustStatus(t, list, 200)
		if n := strings.Count(string(list.Body), `"name":"Norte"`); n != 1 {
			t.Fatalf("the store is listed %d times, want once: %s", n, list.Body)
		}
	})

	if failures := logs.requestFailures(); len(failures) > 0 {
		t.Fatalf("calls answered 500: %v", failures)
	}
}

// `pg_ctl restart -m fast` of the server ends every pooled connection:
// once the server is back, reads answer without an error, and while it is
// down calls answer 503, never 500. The server is a private one of the test
// (the shared one is not restarted).
func TestReadsCarryOnAcrossAPostgreSQLRestart(t *testing.T) {
	var cluster *dbtest.Cluster
	logs := &errorLog{}
	a := testutil.NewApp(t, "postgres", func(c *config.Config, o *app.Options) {
		cluster = dbtest.StartCluster(t)
		c.DatabaseURL = cluster.URL
		o.Log = slog.New(logs)
	})
	ana, _, _ := seedRede(t, a, "RST001")
	if bad := readAll(a, ana.Token, 3); len(bad) > 0 {
		t.Fatalf("reads before the restart: %v", bad)
	}

	t.Run("reads after a restart answer without an error", func(t *testing.T) {
		// Reuse the pooled connections once more: the pool pings on its
		// own new ones on their first reuse, and those idle for a second.
		if bad := readAll(a, ana.Token, 3); len(bad) > 0 {
			t.Fatalf("reads before the restart: %v", bad)
		}
		cluster.Restart(t)
		for round := range 2 {
			if bad := readAll(a, ana.Token, 3); len(bad) > 0 {
				t.Errorf("reads after the restart (round %d): %v", round, bad)
			}
		}
	})

	t.Run("calls during a restart answer 503 or 200, never 500", func(t *testing.T) {
		stop := make(chan struct{})
		var (
			wg       sync.WaitGroup
			mu       sync.Mutex
			statuses = map[int]int{}
			bodies   []string
		)
		for _, path := range readPaths[:4] {
			wg.Go(func() {
				for {
					select {
					case <-stop:
						return
					default:
					}
					r, err := a.Send("GET", path, ana.Token, nil)
					mu.Lock()
					if err != nil {
						bodies = append(bodies, fmt.Sprintf("GET %s: %v", path, err))
					} else {
						statuses[r.Status]++
						if r.Status != 200 && (r.Status != 503 || !strings.Contains(string(r.Body), "Serviço indisponível, tente novamente.")) {
							bodies = append(bodies, fmt.Sprintf("GET %s: %d %s", path, r.Status, r.Body))
						}
					}
					mu.Unlock()
				}
			})
		}
		cluster.Restart(t)
		close(stop)
		wg.Wait()
		t.Logf("answers during the restart: %v", statuses)
		if len(bodies) > 0 {
			t.Errorf("answers other than 200 and 503: %v", bodies)
		}
		if bad := readAll(a, ana.Token, 3); len(bad) > 0 {
			t.Errorf("reads after the restart: %v", bad)
		}
	})

	if failures := logs.requestFailures(); len(failures) > 0 {
		t.Fatalf("calls answered 500: %v", failures)
	}
}
