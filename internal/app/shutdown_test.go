package app

import (
	"bufio"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// Connections a balancer opened a moment before the stop carry requests it
// will not repeat: each is answered, and a connection tried after the stop
// began is refused (which a balancer retries elsewhere).
func TestStopServingAnswersConnectionsAcceptedBeforeTheStop(t *testing.T) {
	ln := listenLoopback(t)
	fresh := newFreshConns()
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body)
			w.Write([]byte("ok"))
		}),
		ConnState: fresh.track,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	conns := make([]net.Conn, 20)
	for i := range conns {
		conns[i] = dialLoopback(t, ln)
	}
	for deadline := time.Now().Add(10 * time.Second); fresh.count() < len(conns); {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d connections accepted", fresh.count(), len(conns))
		}
		time.Sleep(time.Millisecond)
	}

	stopped := make(chan error, 1)
	go func() {
		stopped <- stopServing(context.Background(), srv, ln, fresh, slog.New(slog.DiscardHandler))
	}()
	time.Sleep(50 * time.Millisecond)
	if runtime.GOOS == "linux" { // elsewhere the listener closes with the shutdown (drain_other.go)
		assertRefused(t, ln)
	}
	for i, c := range conns {
		c.SetDeadline(time.Now().Add(10 * time.Second))
		if _, err := io.WriteString(c, "POST /api/device/hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}"); err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("connection %d got no answer: %v", i, err)
		}
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || string(body) != "ok" {
			t.Fatalf("connection %d: %d %q", i, res.StatusCode, body)
		}
	}
	select {
	case err := <-stopped:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the stop did not end once every request was answered")
	}
	<-served
}

func listenLoopback(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	return ln
}

func dialLoopback(t *testing.T, ln net.Listener) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func assertRefused(t *testing.T, ln net.Listener) {
	t.Helper()
	if c, err := net.DialTimeout("tcp", ln.Addr().String(), 2*time.Second); !errors.Is(err, syscall.ECONNREFUSED) {
		if c != nil {
			c.Close()
		}
		t.Fatalf("a connection after the stop began: %v, want refused", err)
	}
}
