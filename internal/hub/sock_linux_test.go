package hub

import (
	"bytes"
	"errors"
	"io"
	"net"
	"os"
	"testing"
	"time"
)

// ownedPair returns a conn whose socket the hub owns (Hub.own) and the
// other end of its TCP connection.
func ownedPair(t *testing.T) (*conn, net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	peer, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { peer.Close() })
	nc, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	h := &Hub{polls: []*poller{{}}}
	c := &conn{h: h, nc: nc, sock: netSocket{nc}}
	if !h.own(c) {
		t.Fatal("the hub did not take the socket's descriptor")
	}
	t.Cleanup(func() { c.sock.close() })
	return c, peer
}

// bigBuffers is n bytes in buffers of different sizes, an empty one among
// them, and the bytes whole.
func bigBuffers(n int) (net.Buffers, []byte) {
	whole := make([]byte, n)
	for i := range whole {
		whole[i] = byte(i * 7)
	}
	var bufs net.Buffers
	for at, size := 0, 1; at < n; size = size*3%65521 + 1 {
		end := min(at+size, n)
		bufs = append(bufs, whole[at:end], nil)
		at = end
	}
	return bufs, whole
}

// Taken from Go's poller, the socket is the hub's alone: the net.Conn is
// closed and the connection carries on. A write larger than the socket's
// buffers, in more buffers than one writev takes, reaches a player that
// reads slowly whole and in order.
func TestAnOwnedSocketWritesEverythingToASlowReader(t *testing.T) {
	c, peer := ownedPair(t)
	if _, err := c.nc.Write([]byte("x")); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("writing through the net.Conn: %v, want it closed", err)
	}
	bufs, whole := bigBuffers(8 << 20)
	if len(bufs) <= maxIovecs {
		t.Fatalf("%d buffers: the test wants more than one writev's %d", len(bufs), maxIovecs)
	}
	got := make(chan []byte, 1)
	go func() {
		var b bytes.Buffer
		chunk := make([]byte, 256<<10)
		for b.Len() < len(whole) {
			time.Sleep(5 * time.Millisecond) // slower than the writer: it waits for room
			n, err := peer.Read(chunk)
			b.Write(chunk[:n])
			if err != nil {
				break
			}
		}
		got <- b.Bytes()
	}()
	s := c.sock
	s.setWriteDeadline(time.Now().Add(time.Minute))
	if err := s.writeBuffers(bufs); err != nil {
		t.Fatal(err)
	}
	if b := <-got; !bytes.Equal(b, whole) {
		t.Fatalf("the player read %d bytes, not the %d written in order", len(b), len(whole))
	}
}

// A write to a player that reads nothing ends by its deadline; one moved
// earlier while the write waits ends it then; a close ends it at once and
// the player sees its connection end.
func TestAnOwnedSocketsWriteEndsByItsDeadlineOrItsClose(t *testing.T) {
	bufs, _ := bigBuffers(32 << 20)
	t.Run("deadline", func(t *testing.T) {
		c, _ := ownedPair(t)
		c.sock.setWriteDeadline(time.Now().Add(200 * time.Millisecond))
		start := time.Now()
		if err := c.sock.writeBuffers(bufs); !errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("write: %v, want the deadline exceeded", err)
		}
		if took := time.Since(start); took > 10*time.Second {
			t.Fatalf("the write ended %v after a deadline of 200 ms", took)
		}
	})
	t.Run("moved", func(t *testing.T) {
		c, _ := ownedPair(t)
		c.sock.setWriteDeadline(time.Now().Add(time.Hour))
		done := make(chan error, 1)
		go func() { done <- c.sock.writeBuffers(bufs) }()
		time.Sleep(100 * time.Millisecond)
		c.sock.setWriteDeadline(time.Now().Add(100 * time.Millisecond))
		select {
		case err := <-done:
			if !errors.Is(err, os.ErrDeadlineExceeded) {
				t.Fatalf("write: %v, want the deadline exceeded", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the write did not end by its new deadline")
		}
	})
	t.Run("close", func(t *testing.T) {
		c, peer := ownedPair(t)
		done := make(chan error, 1)
		go func() { done <- c.sock.writeBuffers(bufs) }()
		time.Sleep(100 * time.Millisecond)
		if err := c.sock.close(); err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-done:
			if !errors.Is(err, net.ErrClosed) {
				t.Fatalf("write: %v, want the socket closed", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the write did not end with the close")
		}
		if err := c.sock.close(); !errors.Is(err, net.ErrClosed) {
			t.Fatalf("a second close: %v, want it closed already", err)
		}
		peer.SetReadDeadline(time.Now().Add(10 * time.Second))
		if _, err := io.Copy(io.Discard, peer); err != nil {
			t.Fatalf("the player's end: %v, want the connection closed", err)
		}
	})
}
