package app

import (
	"errors"
	"io"
	"testing"
	"time"
)

// A connection the kernel completed before the listener stops is not reset:
// the listener waits for it to be accepted, then refuses new connections.
func TestDrainListenerKeepsQueuedConnections(t *testing.T) {
	ln := listenLoopback(t)
	queued := dialLoopback(t, ln)
	if _, err := queued.Write([]byte("ping")); err != nil {
		t.Fatal(err)
	}

	drained := make(chan error, 1)
	go func() { drained <- drainListener(ln, 10*time.Second) }()
	time.Sleep(50 * time.Millisecond)
	select {
	case err := <-drained:
		t.Fatalf("the listener stopped (%v) with a connection in its queue", err)
	default:
	}

	server, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	select {
	case err := <-drained:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the listener did not stop once its queue was empty")
	}

	// New connections are refused at once, and Accept ends.
	assertRefused(t, ln)
	if c, err := ln.Accept(); err == nil {
		c.Close()
		t.Fatal("Accept succeeded after the stop")
	}

	// The queued connection is served.
	buf := make([]byte, 4)
	server.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.ReadFull(server, buf); err != nil || string(buf) != "ping" {
		t.Fatalf("read %q, %v", buf, err)
	}
	if _, err := server.Write([]byte("pong")); err != nil {
		t.Fatal(err)
	}
	queued.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.ReadFull(queued, buf); err != nil || string(buf) != "pong" {
		t.Fatalf("client read %q, %v", buf, err)
	}
}

// Nobody accepting: the listener gives up at its limit and is left open
// for the server's Shutdown to close.
func TestDrainListenerGivesUpAtItsLimit(t *testing.T) {
	ln := listenLoopback(t)
	dialLoopback(t, ln)
	began := time.Now()
	if err := drainListener(ln, 100*time.Millisecond); !errors.Is(err, errAcceptQueue) {
		t.Fatalf("got %v, want errAcceptQueue", err)
	}
	if d := time.Since(began); d < 100*time.Millisecond {
		t.Fatalf("gave up after %s", d)
	}
	server, err := ln.Accept()
	if err != nil {
		t.Fatalf("the listener was stopped: %v", err)
	}
	server.Close()
}
