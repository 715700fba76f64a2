package hub

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"net"
	"testing"
	"time"

	"vitrine/internal/change"
)

// A socket's stream as a browser may shape it, and a close that falls
// while a playlist is being written: an ack in fragments with a ping
// between them (the pong comes at once, before the message is whole, and
// the ack counts); then the hub closes the socket (another connection of
// the device takes over) while a playlist of 16 MB is half written to a box
// that has not read it yet: the box still gets the whole playlist, then the
// close frame 4409 — never a close frame inside the playlist — and the TCP
// connection ends within CloseWithin although the box never answers.
func TestFragmentsAPingInsideAMessageAndACloseDuringAWrite(t *testing.T) {
	src := &fakeSource{size: 16 << 20}
	const closeWithin = 2 * time.Second
	h, srv := testHub(t, src, Options{FlushEvery: 20 * time.Millisecond, WatchFor: time.Minute,
		WriteWithin: time.Minute, CloseWithin: closeWithin})
	b := dialBox(t, srv)
	// The box's receive buffer is fixed, as the kernel would otherwise grow it
	// while the box reads the first 16 MB playlist (up to tcp_rmem's maximum,
	// 32 MB on some machines): the second playlist then fits in the buffers
	// and its write never waits for the box.
	if err := b.nc.(*net.TCPConn).SetReadBuffer(256 << 10); err != nil {
		t.Fatal(err)
	}
	// The auth frame itself in two fragments.
	auth := []byte(`{"type":"auth","token":"dev_TV1"}`)
	b.write(append(maskedFrame(false, 0x1, auth[:7]), maskedFrame(true, 0x0, auth[7:])...))
	if op, _ := b.nextFrame(); op != 0x1 {
		t.Fatalf("first frame: opcode %d, want the playlist", op)
	}
	h.Notify(change.Change{FranchiseID: "f", Watch: []string{"TV1"}})

	// An ack in three fragments, a ping after the first and another after
	// the second, each fragment in a packet of its own.
	ack := []byte(`{"type":"ack","hash":"frag1"}`)
	b.write(maskedFrame(false, 0x1, ack[:5]))
	b.write(maskedFrame(true, 0x9, []byte("mid1")))
	if op, payload := b.nextFrame(); op != 0xA || string(payload) != "mid1" {
		t.Fatalf("frame %d %q, want the pong mid1 before the message is whole", op, payload)
	}
	b.write(append(maskedFrame(false, 0x0, ack[5:12]), maskedFrame(true, 0x9, []byte("mid2"))...))
	if op, payload := b.nextFrame(); op != 0xA || string(payload) != "mid2" {
		t.Fatalf("frame %d %q, want the pong mid2", op, payload)
	}
	b.write(maskedFrame(true, 0x0, ack[12:]))
	waitFor(t, func() bool { return len(hashesAcked(src)) == 1 }, "the fragmented ack recorded")
	if got := hashesAcked(src); got[0] != "TV1:frag1" {
		t.Fatalf("recorded %v, want TV1:frag1", got)
	}
	// A control frame inside a message must be final and a message cannot
	// start with a continuation: both are checked by the library's
	// CheckHeader, and the socket still works after the valid ones.
	if h.Connected() != 1 {
		t.Fatalf("%d connections, want 1", h.Connected())
	}

	// A change: the hub writes a 16 MB playlist the box does not read.
	h.mu.RLock()
	c := h.byCode["TV1"]
	h.mu.RUnlock()
	pushed := h.Pushed.Load()
	h.Notify(change.Change{FranchiseID: "f"})
	waitFor(t, func() bool {
		if c.wmu.TryLock() { // held by the writer while it writes
			c.wmu.Unlock()
			return false
		}
		return true
	}, "the playlist being written")
	time.Sleep(100 * time.Millisecond) // the writev waits for the box to read
	if h.Pushed.Load() != pushed {
		t.Fatal("16 MB were written before the box read: the test cannot block a write")
	}
	// Another connection of TV1 takes over: the first is closed mid-write.
	other := dialBox(t, srv)
	other.auth("dev_TV1")
	waitFor(t, func() bool {
		h.mu.RLock()
		defer h.mu.RUnlock()
		return h.byCode["TV1"] != c
	}, "the takeover")
	start := time.Now()
	// The box reads now: the whole playlist, then the close frame.
	op, payload := b.nextFrame()
	if op != 0x1 || !json.Valid(payload) || !bytes.HasPrefix(payload, []byte(`{"type":"playlist"`)) {
		t.Fatalf("frame %d of %d bytes, want the whole playlist", op, len(payload))
	}
	op, payload = b.nextFrame()
	if op != 0x8 || len(payload) < 2 || binary.BigEndian.Uint16(payload) != CloseReplaced {
		t.Fatalf("frame %d %q, want the close frame %d", op, payload, CloseReplaced)
	}
	b.nc.SetReadDeadline(time.Now().Add(closeWithin + 5*time.Second))
	if n, err := io.Copy(io.Discard, b.br); n != 0 || err != nil && time.Since(start) > closeWithin+2*time.Second {
		t.Fatalf("after the close frame: %d bytes, %v, %v after the takeover", n, err, time.Since(start))
	}
	if waited := time.Since(start); waited > closeWithin+2*time.Second {
		t.Fatalf("the connection ended %v after the takeover, want within %v", waited, closeWithin)
	}
}
