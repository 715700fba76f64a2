package app

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// stop ends srv the way a rolling restart needs: the listener closes at
// once (a load balancer's next connection goes to another replica),
// requests in flight — uploads above all — get up to the shutdown timeout
// to finish, and every player socket is closed with 1012, which players
// answer by reconnecting at once, through the balancer, to another
// replica. The caller's Close then lets the outbox finish the message it
// is delivering, stops the workers and closes the database.
func (a *App) stop(srv *http.Server) error {
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
	err := srv.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		a.Log.Warn("requests still in flight at the shutdown timeout were cut; raise VITRINE_SHUTDOWN_TIMEOUT if they were uploads",
			"timeout", timeout)
		srv.Close()
		return nil
	}
	return err
}
