package hub

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/change"
)

// These tests play broken or hostile boxes over raw TCP: they never answer
// a close frame and never close their side, so only the server can let the
// connection go. The server runs in the test process: its open files are
// this process's, counted in /proc/self/fd.

// testHub starts a hub behind a test server; a request's X-Client header
// stands for the client address the API derives (trusted proxies included).
func testHub(t *testing.T, src *fakeSource, opts Options) (*Hub, *httptest.Server) {
	t.Helper()
	h := New(src, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now, opts)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		addr := r.Header.Get("X-Client")
		if addr == "" {
			addr = "127.0.0.1"
		}
		if err := h.Serve(w, r, addr); err != nil {
			http.Error(w, err.Error(), http.StatusTooManyRequests)
		}
	}))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		h.Close(ctx)
		srv.Close()
	})
	return h, srv
}

// box is a raw client socket that upgraded to a WebSocket.
type box struct {
	t  *testing.T
	nc net.Conn
	br *bufio.Reader
}

// upgrade opens a raw socket and asks for the upgrade; it returns the
// answer's status (101 when upgraded).
func upgrade(t *testing.T, srv *httptest.Server, client string) (*box, int) {
	t.Helper()
	nc, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	key := make([]byte, 16)
	rand.Read(key)
	req := "GET /api/device/ws HTTP/1.1\r\nHost: vitrine.test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: " + base64.StdEncoding.EncodeToString(key) + "\r\n"
	if client != "" {
		req += "X-Client: " + client + "\r\n"
	}
	if _, err := io.WriteString(nc, req+"\r\n"); err != nil {
		t.Fatal(err)
	}
	b := &box{t: t, nc: nc, br: bufio.NewReader(nc)}
	nc.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(b.br, nil)
	if err != nil {
		t.Fatalf("upgrade answer: %v", err)
	}
	return b, resp.StatusCode
}

func dialBox(t *testing.T, srv *httptest.Server) *box {
	t.Helper()
	b, status := upgrade(t, srv, "")
	if status != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %d", status)
	}
	return b
}

// send writes a masked frame whose header announces size bytes (at least
// the payload's; more makes a frame the box never finishes).
func (b *box) send(opcode byte, payload []byte, size int) {
	b.t.Helper()
	size = max(size, len(payload))
	head := []byte{0x80 | opcode}
	switch {
	case size < 126:
		head = append(head, 0x80|byte(size))
	case size < 1<<16:
		head = append(head, 0x80|126)
		head = binary.BigEndian.AppendUint16(head, uint16(size))
	default:
		head = append(head, 0x80|127)
		head = binary.BigEndian.AppendUint64(head, uint64(size))
	}
	head = append(head, 0, 0, 0, 0) // a zero mask leaves the payload as it is
	b.nc.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if _, err := b.nc.Write(append(head, payload...)); err != nil {
		b.t.Fatalf("send: %v", err)
	}
}

func (b *box) auth(token string) {
	b.send(0x1, []byte(`{"type":"auth","token":"`+token+`"}`), 0)
}

// closeCode reads frames until the server's close frame and returns its
// code; it does not answer it.
func (b *box) closeCode() (int, error) {
	b.nc.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		var head [2]byte
		if _, err := io.ReadFull(b.br, head[:]); err != nil {
			return 0, err
		}
		size := uint64(head[1] & 0x7f)
		switch size {
		case 126:
			var n [2]byte
			if _, err := io.ReadFull(b.br, n[:]); err != nil {
				return 0, err
			}
			size = uint64(binary.BigEndian.Uint16(n[:]))
		case 127:
			var n [8]byte
			if _, err := io.ReadFull(b.br, n[:]); err != nil {
				return 0, err
			}
			size = binary.BigEndian.Uint64(n[:])
		}
		payload := make([]byte, size)
		if _, err := io.ReadFull(b.br, payload); err != nil {
			return 0, err
		}
		if head[0]&0x0f == 0x8 {
			if len(payload) < 2 {
				return 0, errors.New("close frame without a code")
			}
			return int(binary.BigEndian.Uint16(payload)), nil
		}
	}
}

// expectClose checks the server sent code and then closed the connection
// though the box never answered.
func (b *box) expectClose(code int) {
	b.t.Helper()
	got, err := b.closeCode()
	if err != nil {
		b.t.Fatalf("no close frame (want %d): %v", code, err)
	}
	if got != code {
		b.t.Fatalf("close code %d, want %d", got, code)
	}
	b.expectDropped()
}

// expectDropped checks the server closed the TCP connection.
func (b *box) expectDropped() {
	b.t.Helper()
	b.nc.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.Copy(io.Discard, b.br); err != nil && !errors.Is(err, net.ErrClosed) && !strings.Contains(err.Error(), "reset") {
		b.t.Fatalf("the server kept the connection: %v", err)
	}
}

func openFiles(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("open files not countable here: %v", err)
	}
	return len(entries)
}

// expectFiles waits until the process holds at most want open files.
func expectFiles(t *testing.T, want int, what string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		n := openFiles(t)
		if n <= want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d open files, want at most %d", what, n, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Many boxes misbehaving at once, each in its own way, never answering the
// close frame nor closing their side: each gets the close code the protocol
// promises, and the server's open files come back to what they were.
func TestMisbehavingSocketsAreReleased(t *testing.T) {
	const each = 50 // 300 sockets in all
	huge := []byte(strings.Repeat("a", 5000))
	cases := []struct {
		name   string
		opts   Options
		behave func(b *box, i int)
		code   int // 0: no close frame expected (the box does not read)
	}{
		{"no auth frame", Options{}, func(*box, int) {}, int(CloseUnauthorized)},
		{"an unknown token", Options{}, func(b *box, _ int) { b.auth("nope") }, int(CloseUnauthorized)},
		{"a first frame over 4 KB, never finished", Options{}, func(b *box, _ int) {
			b.send(0x1, huge, 1<<20)
		}, int(websocket.StatusMessageTooBig)},
		{"a frame over 4 KB after auth, never finished", Options{}, func(b *box, i int) {
			b.auth("dev_BIG" + strconv.Itoa(i))
			b.send(0x1, huge, 1<<20)
		}, int(websocket.StatusMessageTooBig)},
		{"a malformed frame after auth", Options{}, func(b *box, i int) {
			b.auth("dev_BAD" + strconv.Itoa(i))
			b.send(0x1, []byte("{"), 0)
		}, int(CloseMalformed)},
		{"silence after auth", Options{IdleTimeout: 900 * time.Millisecond}, func(b *box, i int) {
			b.auth("dev_IDLE" + strconv.Itoa(i))
		}, int(websocket.StatusGoingAway)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.opts
			opts.AuthWithin = 300 * time.Millisecond
			opts.CloseWithin = 500 * time.Millisecond
			_, srv := testHub(t, &fakeSource{}, opts)
			before := openFiles(t)
			boxes := make([]*box, each)
			for i := range boxes {
				boxes[i] = dialBox(t, srv)
				tc.behave(boxes[i], i)
			}
			for _, b := range boxes {
				b.expectClose(tc.code)
			}
			// The boxes' own sockets stay open: the server's are gone.
			expectFiles(t, before+each, "after the server dropped every socket")
		})
	}
}

// A box that stops reading while commands pile up is dropped with 4408,
// and its socket is released although its writes were blocked.
func TestASocketThatStopsReadingIsReleased(t *testing.T) {
	src := &fakeSource{size: 4 << 20}
	h, srv := testHub(t, src, Options{QueueSize: 2, WriteWithin: time.Minute, CloseWithin: 500 * time.Millisecond})
	before := openFiles(t)
	b := dialBox(t, srv)
	b.auth("dev_SLOW")
	waitFor(t, func() bool { return h.Connected() == 1 }, "the box connected")
	waitFor(t, func() bool {
		h.mu.RLock()
		defer h.mu.RUnlock()
		return h.byDisplay["SLOW"] != nil
	}, "the box paired")
	for i := 0; h.Connected() == 1; i++ {
		if i > 1000 {
			t.Fatal("the box that does not read was never dropped")
		}
		h.Notify(change.Change{Commands: []change.Command{{ID: fmt.Sprint(i), DisplayID: "SLOW", Operation: "identifyDevice"}}})
		time.Sleep(5 * time.Millisecond) // pacing the commands, not waiting for a result
	}
	expectFiles(t, before+1, "after the slow box was dropped")
}

// A box opening sockets with one token: each takes over the previous one
// (4409); sockets not yet released count, and past PerDevice a new one is
// refused with 1013 until one is released.
func TestSocketsPerDeviceAreBounded(t *testing.T) {
	h, srv := testHub(t, &fakeSource{}, Options{PerDevice: 2, CloseWithin: time.Minute})
	first := dialBox(t, srv)
	first.auth("dev_TV")
	waitFor(t, func() bool { return h.Connected() == 1 }, "the first socket")
	second := dialBox(t, srv)
	second.auth("dev_TV")
	// The first is taken over; it does not answer, so it stays closing.
	if code, err := first.closeCode(); err != nil || code != int(CloseReplaced) {
		t.Fatalf("the first socket: %d %v", code, err)
	}
	third := dialBox(t, srv)
	third.auth("dev_TV")
	if code, err := third.closeCode(); err != nil || code != int(CloseTooMany) {
		t.Fatalf("a third socket while two are open: %d %v", code, err)
	}
	other := dialBox(t, srv)
	other.auth("dev_OTHER")
	waitFor(t, func() bool { return h.Connected() == 2 }, "another device's socket")

	first.nc.Close() // the first one's box finally lets go
	waitFor(t, func() bool {
		h.mu.RLock()
		defer h.mu.RUnlock()
		return h.perDevice["TV"] == 1
	}, "the first socket released")
	fourth := dialBox(t, srv)
	fourth.auth("dev_TV")
	if code, err := second.closeCode(); err != nil || code != int(CloseReplaced) {
		t.Fatalf("the second socket: %d %v", code, err)
	}
}

// Sockets from one address still in the auth phase are bounded; another
// address, and sockets that authenticated, are not held back.
func TestSocketsAwaitingAuthPerAddressAreBounded(t *testing.T) {
	h, srv := testHub(t, &fakeSource{}, Options{PendingPerAddress: 3, AuthWithin: time.Minute, CloseWithin: 500 * time.Millisecond})
	var waiting []*box
	for range 3 {
		b, status := upgrade(t, srv, "203.0.113.7")
		if status != http.StatusSwitchingProtocols {
			t.Fatalf("a socket within the bound: %d", status)
		}
		waiting = append(waiting, b)
	}
	if _, status := upgrade(t, srv, "203.0.113.7"); status != http.StatusTooManyRequests {
		t.Fatalf("a fourth socket awaiting auth: %d, want 429", status)
	}
	if _, status := upgrade(t, srv, "203.0.113.8"); status != http.StatusSwitchingProtocols {
		t.Fatalf("another address: %d", status)
	}
	// One authenticates: its place is free for the next box.
	waiting[0].auth("dev_A")
	waitFor(t, func() bool { return h.Connected() == 1 }, "the box authenticated")
	next, status := upgrade(t, srv, "203.0.113.7")
	if status != http.StatusSwitchingProtocols {
		t.Fatalf("after one authenticated: %d", status)
	}
	// One gives up: once its socket is released, its place is free.
	waiting[1].nc.Close()
	waitFor(t, func() bool {
		h.mu.RLock()
		defer h.mu.RUnlock()
		return h.pendingFrom["203.0.113.7"] == 2
	}, "the closed socket released")
	if _, status := upgrade(t, srv, "203.0.113.7"); status != http.StatusSwitchingProtocols {
		t.Fatalf("after one closed: %d", status)
	}
	_ = next
}

// On shutdown every socket gets 1012, those still in the auth phase too,
// and all are released though no box answers.
func TestShutdownReleasesEverySocket(t *testing.T) {
	h, srv := testHub(t, &fakeSource{}, Options{AuthWithin: time.Minute, CloseWithin: 500 * time.Millisecond})
	before := openFiles(t)
	var boxes []*box
	for i := range 10 {
		b := dialBox(t, srv)
		if i%2 == 0 {
			b.auth("dev_TV" + strconv.Itoa(i))
		}
		boxes = append(boxes, b)
	}
	waitFor(t, func() bool { return h.Connected() == 5 }, "the boxes that authenticated")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	h.Close(ctx)
	if ctx.Err() != nil {
		t.Fatal("shutdown waited for the boxes")
	}
	for _, b := range boxes {
		b.expectClose(int(websocket.StatusServiceRestart))
	}
	expectFiles(t, before+len(boxes), "after shutdown")
}
