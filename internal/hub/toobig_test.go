package hub

import (
	"encoding/binary"
	"io"
	"net/http/httptest"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/change"
)

// A frame over MaxFrame gets the close frame 1009 and its socket is
// released however old the socket is and whichever way its earlier frames
// were read: right after auth, after acks read from the socket's buffer or
// through the WebSocket library, after a ping, and once the deadline the
// last playlist's write set has passed (an idle socket's, after WriteWithin;
// the library's own writes must not fall on it). A box that answers the
// close frame, as browsers do, sees the connection end cleanly (no reset);
// one that does not is cut after CloseWithin, the 1009 received first.
func TestAFrameOverTheLimitIsClosedWith1009AtAnyAge(t *testing.T) {
	// A box that answers ends its socket at once: the time it gets to
	// answer is generous, whereas one that never answers waits it out.
	var h *Hub
	var srv *httptest.Server
	hubFor := func(answers bool) {
		closeWithin := 500 * time.Millisecond
		if answers {
			closeWithin = 10 * time.Second
		}
		h, srv = testHub(t, &fakeSource{}, Options{WriteWithin: 100 * time.Millisecond, CloseWithin: closeWithin})
	}
	ack := func(hash string) []byte { return maskedFrame(true, 0x1, []byte(`{"type":"ack","hash":"`+hash+`"}`)) }
	// An ack too big for the socket's buffer: the library reads it.
	bigAck := func(hash string) []byte {
		p := `{"type":"ack","hash":"` + hash + `"`
		return maskedFrame(true, 0x1, []byte(p+strings.Repeat(" ", 2000)+"}"))
	}
	// deadlinePassed waits until the write deadline the hub last set on the
	// device's socket has passed.
	deadlinePassed := func(t *testing.T, code string) {
		t.Helper()
		h.mu.RLock()
		c := h.byCode[code]
		h.mu.RUnlock()
		if c == nil {
			t.Fatalf("%s not connected", code)
		}
		waitFor(t, func() bool {
			c.wmu.Lock()
			defer c.wmu.Unlock()
			return !c.writeBy.IsZero() && time.Now().After(c.writeBy)
		}, "the write deadline passed")
	}
	playlist := func(t *testing.T, b *box) {
		t.Helper()
		if op, _ := b.nextFrame(); op != 0x1 {
			t.Fatalf("opcode %d, want the playlist", op)
		}
	}
	ping := func(t *testing.T, b *box) {
		t.Helper()
		b.write(maskedFrame(true, 0x9, []byte("p")))
		for {
			if op, payload := b.nextFrame(); op == 0xA {
				if string(payload) != "p" {
					t.Fatalf("pong %q", payload)
				}
				return
			}
		}
	}
	acks := func(b *box, frame func(string) []byte, n int) {
		var all []byte
		for i := range n {
			all = append(all, frame("h"+strconv.Itoa(i))...)
		}
		b.write(all)
	}
	// unanswered: tried too with a box that never answers the close.
	states := []struct {
		name       string
		unanswered bool
		reach      func(t *testing.T, b *box, code string)
	}{
		{"right after auth", true, func(*testing.T, *box, string) {}},
		{"after its first playlist", false, func(t *testing.T, b *box, _ string) { playlist(t, b) }},
		{"after acks read from the buffer", false, func(t *testing.T, b *box, _ string) {
			playlist(t, b)
			acks(b, ack, 200)
		}},
		{"after acks read by the library", false, func(t *testing.T, b *box, _ string) {
			playlist(t, b)
			acks(b, bigAck, 20)
		}},
		{"after a ping", false, func(t *testing.T, b *box, _ string) {
			playlist(t, b)
			ping(t, b)
		}},
		{"idle past the write deadline", true, func(t *testing.T, b *box, code string) {
			playlist(t, b)
			deadlinePassed(t, code)
		}},
		{"acking from the buffer past the write deadline", false, func(t *testing.T, b *box, code string) {
			playlist(t, b)
			deadlinePassed(t, code)
			acks(b, ack, 200)
		}},
		{"acking through the library past the write deadline", false, func(t *testing.T, b *box, code string) {
			playlist(t, b)
			deadlinePassed(t, code)
			acks(b, bigAck, 20)
		}},
		{"pinged past the write deadline", true, func(t *testing.T, b *box, code string) {
			playlist(t, b)
			deadlinePassed(t, code)
			ping(t, b)
		}},
		{"pushed to past the write deadline", false, func(t *testing.T, b *box, code string) {
			playlist(t, b)
			deadlinePassed(t, code)
			h.Notify(change.Change{FranchiseID: "f", Displays: []string{code}, Revision: 1})
			playlist(t, b)
			deadlinePassed(t, code)
		}},
	}
	huge := []byte(strings.Repeat("a", 5000))
	shapes := []struct {
		name  string
		frame []byte
	}{
		{"one frame of 5 KB", maskedFrame(true, 0x1, huge)},
		{"one frame of 70 KB", maskedFrame(true, 0x1, []byte(strings.Repeat("a", 70000)))},
		{"a message of two 3 KB fragments", slices.Concat(maskedFrame(false, 0x1, huge[:3000]), maskedFrame(true, 0x0, huge[:3000]))},
	}
	n := 0
	for _, answers := range []bool{true, false} {
		hubFor(answers)
		goroutines := runtime.NumGoroutine()
		files := openFiles(t)
		for _, st := range states {
			if !answers && !st.unanswered {
				continue
			}
			for _, sh := range shapes {
				name := st.name + ", " + sh.name
				if !answers {
					name += ", the close never answered"
				}
				t.Run(name, func(t *testing.T) {
					n++
					code := "BIG" + strconv.Itoa(n)
					b := dialBox(t, srv)
					b.write(maskedFrame(true, 0x1, []byte(`{"type":"auth","token":"dev_`+code+`"}`)))
					waitFor(t, func() bool {
						h.mu.RLock()
						defer h.mu.RUnlock()
						return h.byCode[code] != nil
					}, "the box connected")
					st.reach(t, b, code)
					b.write(sh.frame)
					if !answers {
						b.expectClose(int(websocket.StatusMessageTooBig))
					} else {
						got, err := b.closeCode()
						if err != nil || got != int(websocket.StatusMessageTooBig) {
							t.Fatalf("close %d %v, want 1009", got, err)
						}
						b.write(maskedFrame(true, 0x8, binary.BigEndian.AppendUint16(nil, uint16(got))))
						b.nc.SetReadDeadline(time.Now().Add(5 * time.Second))
						if _, err := io.Copy(io.Discard, b.br); err != nil {
							t.Fatalf("the connection did not end cleanly after the close: %v", err)
						}
					}
					waitFor(t, func() bool {
						h.mu.RLock()
						defer h.mu.RUnlock()
						return h.byCode[code] == nil && h.perDevice[code] == 0
					}, "the socket released")
					b.nc.Close()
				})
			}
		}
		// Nothing of the sockets is left: no goroutine, no file.
		expectFiles(t, files, "after every socket closed")
		waitFor(t, func() bool { return runtime.NumGoroutine() <= goroutines }, "the sockets' goroutines ended")
	}
}
