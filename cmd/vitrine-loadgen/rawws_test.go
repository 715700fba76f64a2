package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/coder/websocket"
)

// The generator's raw socket against the WebSocket library's server side:
// the upgrade, masked messages of every length encoding, a ping answered,
// a fragmented message joined, and the close.
func TestRawSocketSpeaksWebSocket(t *testing.T) {
	sizes := []int{0, 5, 125, 126, 900, 70000}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ws.SetReadLimit(1 << 20)
		ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
		defer cancel()
		for range sizes { // echo what the client sends, as one message
			_, data, err := ws.Read(ctx)
			if err != nil {
				t.Errorf("server read: %v", err)
				return
			}
			if err := ws.Write(ctx, websocket.MessageText, data); err != nil {
				return
			}
		}
		// A ping (read concurrently: the pong comes through the reader).
		go ws.Read(ctx)
		if err := ws.Ping(ctx); err != nil {
			t.Errorf("ping: %v", err)
		}
		wr, _ := ws.Writer(ctx, websocket.MessageText)
		wr.Write([]byte("frag"))
		wr.Write([]byte("mented"))
		wr.Close()
		ws.Close(websocket.StatusGoingAway, "bye")
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := dialRaw(ctx, srv.URL, "/")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, ended := make(chan string, 16), make(chan error, 1)
	s.start(func(data []byte) { got <- string(data) }, func(err error) { ended <- err })
	next := func() string {
		select {
		case m := <-got:
			return m
		case err := <-ended:
			// The reader hands over a message before the close right behind it, but
			// select picks at random among ready cases: a message waiting goes first.
			select {
			case m := <-got:
				ended <- err
				return m
			default:
			}
			t.Fatalf("ended while a message was awaited: %v", err)
		case <-ctx.Done():
			t.Fatal("no message within 10 s")
		}
		return ""
	}
	for _, n := range sizes {
		want := strings.Repeat("x", n)
		if err := s.WriteText([]byte(want)); err != nil {
			t.Fatal(err)
		}
		if m := next(); m != want {
			t.Fatalf("echo of %d bytes: %d bytes", n, len(m))
		}
	}
	if m := next(); m != "fragmented" {
		t.Fatalf("fragmented message: %q", m)
	}
	select {
	case err := <-ended:
		if !errors.Is(err, errSocketClosed) || !strings.Contains(err.Error(), "1001 bye") {
			t.Fatalf("after the close frame: %v", err)
		}
	case <-ctx.Done():
		t.Fatal("the close frame did not end the socket")
	}
	if err := s.WriteText([]byte("late")); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("a write after the end: %v", err)
	}
}

// A frame's bytes are handled however the reads cut them: reads of 1 to
// 100 bytes, headers of every length encoding cut everywhere.
func TestRawSocketJoinsFramesCutAnywhere(t *testing.T) {
	var wire []byte
	var want []string
	for _, n := range []int{0, 3, 125, 126, 300, 65535, 65536} {
		m := strings.Repeat("y", n)
		wire = append(appendFrameHeader(wire, 0x1, false, n), m...)
		want = append(want, m)
	}
	// A fragmented message with a ping between its fragments.
	wire = append(wire, 0x01, 3) // text, not final
	wire = append(wire, "abc"...)
	wire = append(wire, 0x89, 2, 'h', 'i') // ping
	wire = append(wire, 0x80, 3)           // continuation, final
	wire = append(wire, "def"...)
	want = append(want, "abcdef")
	pair, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(pair[1])
	var got []string
	s := &rawSocket{fd: pair[0], key: [4]byte{1, 2, 3, 4}, onMessage: func(data []byte) { got = append(got, string(data)) }}
	defer s.Close()
	for at, cut := 0, 1; at < len(wire); at, cut = at+cut, cut%100+1 {
		if err := s.feed(wire[at:min(at+cut, len(wire))]); err != nil {
			t.Fatalf("byte %d: %v", at, err)
		}
	}
	// The ping was answered: a masked pong with its payload.
	pong := make([]byte, 16)
	n, err := unix.Read(pair[1], pong)
	if err != nil || n != 8 || pong[0] != 0x8A || pong[1] != 0x80|2 || pong[6]^1 != 'h' || pong[7]^2 != 'i' {
		t.Fatalf("the pong: % x, %v", pong[:max(n, 0)], err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d messages, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("message %d: %d bytes, want %d", i, len(got[i]), len(want[i]))
		}
	}
}
