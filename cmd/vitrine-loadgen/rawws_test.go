package main

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

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
	var buf []byte
	for _, n := range sizes {
		want := strings.Repeat("x", n)
		if err := s.WriteText([]byte(want)); err != nil {
			t.Fatal(err)
		}
		got, err := s.ReadMessage(&buf, 1<<20)
		if err != nil || string(got) != want {
			t.Fatalf("echo of %d bytes: %d bytes, %v", n, len(got), err)
		}
	}
	got, err := s.ReadMessage(&buf, 1<<20)
	if err != nil || string(got) != "fragmented" {
		t.Fatalf("fragmented message: %q, %v", got, err)
	}
	if _, err := s.ReadMessage(&buf, 1<<20); !errors.Is(err, errSocketClosed) || !strings.Contains(err.Error(), "1001 bye") {
		t.Fatalf("after the close frame: %v", err)
	}
}
