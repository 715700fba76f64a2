package app

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	"vitrine/internal/display"
	"vitrine/internal/outbox"
)

// watch adds to the app's metrics the numbers read at scrape time — the
// database pool, connected players, outbox messages and command jobs by
// status, TVs online and offline — and the outbox's failed attempts.
func (a *App) watch() {
	a.Metrics.WatchDB(a.DB.SQL(), a.DB.Dialect().String())
	a.Metrics.WatchPlayers(a.Hub.Connected)
	a.Metrics.WatchCounts("vitrine_outbox_messages",
		"Outbox messages (e-mail, WhatsApp, SMS) of all replicas by status: pending, sent, failed.", "status",
		func(ctx context.Context) (map[string]int, error) { return outbox.Counts(ctx, a.DB) })
	a.Metrics.WatchCounts("vitrine_command_jobs",
		"Remote command jobs of all replicas by status: sent, done, failed, timeout.", "status",
		a.Commands.Counts)
	a.Metrics.WatchCounts("vitrine_tvs",
		"TVs of all replicas by status (online, offline), by the Offline rule at scrape time.", "status",
		func(ctx context.Context) (map[string]int, error) { return display.StatusCounts(ctx, a.DB, a.Now()) })
	a.Outbox.Failed = a.Metrics.DeliveryFailed
}

// ServeMetrics serves GET /metrics on addr — a listener of its own, never
// the public one — until stop is called, and returns the address it
// listens on. With profiles, Go's profiles are served there too
// (/debug/pprof/).
func (a *App) ServeMetrics(addr string, profiles bool) (bound net.Addr, stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("VITRINE_METRICS_ADDR: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", a.Metrics.Handler())
	if profiles {
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return ln.Addr(), func() { srv.Close() }, nil
}
