package app

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"
)

// stop ends srv the way a rolling restart needs: the listener stops at once,
// at a moment no completed connection waits in its queue (a load
// balancer's next connection is refused and goes to another replica), the
// connections already accepted have their requests read and answered,
// requests in flight — uploads above all — get up to the shutdown timeout
// to finish, and every player socket is closed with 1012, which players
// answer by reconnecting at once, through the balancer, to another
// replica. The caller's Close then lets the outbox finish the message it
// is delivering, stops the workers and closes the database.
func (a *App) stop(srv *http.Server, ln net.Listener, fresh *freshConns) error {
	timeout := a.Config.ShutdownTimeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	a.Log.Info("stopping: no new connections; waiting for requests in flight", "timeout", timeout)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	// Sockets are not the server's to wait for (they were hijacked): the
	// hub closes them while the requests finish.
	srv.RegisterOnShutdown(func() { a.Hub.Close(ctx) })
	// The consoles' event streams never end by themselves either.
	srv.RegisterOnShutdown(a.Server.CloseStreams)
	return stopServing(ctx, srv, ln, fresh, a.Log)
}

// stopServing stops ln, lets the connections it accepted send their first
// request, then shuts srv down within ctx.
//
// net/http's Shutdown closes, without an answer, a connection whose request
// it reads after the shutdown began (the server checks after each read). A
// connection accepted a moment before a stop is one a balancer has just
// sent a request on, and it never repeats a POST it sent (nginx: "upstream
// prematurely closed connection", a 502 for the client). So the shutdown
// waits, for as long as the server itself gives a new connection to speak
// (5 s), until no accepted connection is still without its first request.
func stopServing(ctx context.Context, srv *http.Server, ln net.Listener, fresh *freshConns, log *slog.Logger) error {
	if err := drainListener(ln, time.Second); err != nil {
		log.Warn("the listener closes with connections in its queue; they are reset", "err", err)
	}
	if !fresh.settle(ctx, 5*time.Second) {
		log.Warn("connections accepted before the stop sent no request within 5 s; they are closed")
	}
	err := srv.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		log.Warn("requests still in flight at the shutdown timeout were cut; raise VITRINE_SHUTDOWN_TIMEOUT if they were uploads")
		srv.Close()
		return nil
	}
	return err
}

// freshConns is an http.Server's ConnState hook keeping the connections
// whose first request has not been read yet.
type freshConns struct {
	mu    sync.Mutex
	conns map[net.Conn]struct{}
}

func newFreshConns() *freshConns { return &freshConns{conns: map[net.Conn]struct{}{}} }

func (f *freshConns) track(c net.Conn, state http.ConnState) {
	f.mu.Lock()
	if state == http.StateNew {
		f.conns[c] = struct{}{}
	} else {
		delete(f.conns, c)
	}
	f.mu.Unlock()
}

func (f *freshConns) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.conns)
}

// settleGrace covers the moment between a connection leaving StateNew (the
// hook) and the server's check for a shutdown that follows it.
const settleGrace = 5 * time.Millisecond

// settle waits until every fresh connection has had its first request
// read or was closed; false when some had not at limit.
func (f *freshConns) settle(ctx context.Context, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for f.count() > 0 {
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(settleGrace)
	return true
}
