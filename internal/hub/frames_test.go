package hub

import (
	"crypto/rand"
	"encoding/binary"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"vitrine/internal/change"
)

// maskedFrame is a frame as a browser sends it: masked with a random key.
func maskedFrame(fin bool, opcode byte, payload []byte) []byte {
	head := []byte{opcode}
	if fin {
		head[0] |= 0x80
	}
	switch n := len(payload); {
	case n < 126:
		head = append(head, 0x80|byte(n))
	case n < 1<<16:
		head = binary.BigEndian.AppendUint16(append(head, 0x80|126), uint16(n))
	default:
		head = binary.BigEndian.AppendUint64(append(head, 0x80|127), uint64(n))
	}
	var key [4]byte
	for key == [4]byte{} {
		rand.Read(key[:])
	}
	out := append(head, key[:]...)
	for i, b := range payload {
		out = append(out, b^key[i&3])
	}
	return out
}

// write sends raw bytes as they are, in one call.
func (b *box) write(p []byte) {
	b.t.Helper()
	b.nc.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if _, err := b.nc.Write(p); err != nil {
		b.t.Fatalf("write: %v", err)
	}
}

// nextFrame reads the server's next frame (servers do not mask).
func (b *box) nextFrame() (opcode byte, payload []byte) {
	b.t.Helper()
	b.nc.SetReadDeadline(time.Now().Add(10 * time.Second))
	var head [2]byte
	if _, err := io.ReadFull(b.br, head[:]); err != nil {
		b.t.Fatalf("read: %v", err)
	}
	size := uint64(head[1] & 0x7f)
	switch size {
	case 126:
		var n [2]byte
		io.ReadFull(b.br, n[:])
		size = uint64(binary.BigEndian.Uint16(n[:]))
	case 127:
		var n [8]byte
		io.ReadFull(b.br, n[:])
		size = binary.BigEndian.Uint64(n[:])
	}
	payload = make([]byte, size)
	if _, err := io.ReadFull(b.br, payload); err != nil {
		b.t.Fatalf("read: %v", err)
	}
	return head[0] & 0x0f, payload
}

// Whatever shape a player's frames come in — split across packets,
// several in one, more than a poller's read, fragmented, with a long
// header, a ping between them — each ack is read whole, unmasked, in
// order, and the connection stays.
func TestPlayersFramesAreReadWhicheverShapeTheyCome(t *testing.T) {
	src := &fakeSource{}
	h, srv := testHub(t, src, Options{FlushEvery: 20 * time.Millisecond, WatchFor: time.Minute})
	b := dialBox(t, srv)
	b.write(maskedFrame(true, 0x1, []byte(`{"type":"auth","token":"dev_TV1"}`)))
	if op, _ := b.nextFrame(); op != 0x1 {
		t.Fatalf("first frame: opcode %d, want the playlist", op)
	}
	// A live view watches TV1: each new hash acked is recorded at once.
	h.Notify(change.Change{FranchiseID: "f", Watch: []string{"TV1"}})
	ack := func(hash string) []byte { return []byte(`{"type":"ack","hash":"` + hash + `"}`) }
	var want []string
	expect := func(hashes ...string) {
		t.Helper()
		for _, hash := range hashes {
			want = append(want, "TV1:"+hash)
		}
		waitFor(t, func() bool { return len(hashesAcked(src)) >= len(want) }, "the acks recorded")
		if got := hashesAcked(src); !slices.Equal(got, want) {
			t.Fatalf("recorded %v, want %v", got, want)
		}
	}

	b.write(maskedFrame(true, 0x1, ack("h1")))
	expect("h1")

	// Split: the header first, then the rest.
	f := maskedFrame(true, 0x1, ack("h2"))
	b.write(f[:3])
	time.Sleep(30 * time.Millisecond)
	b.write(f[3:])
	expect("h2")

	// Two in one packet.
	b.write(append(maskedFrame(true, 0x1, ack("h3")), maskedFrame(true, 0x1, ack("h4"))...))
	expect("h3", "h4")

	// More in one write than a poller's read takes: the rest is read
	// although no more data comes.
	var burst []byte
	var hashes []string
	for i := 0; len(burst) <= pollRead; i++ {
		hash := "burst" + strconv.Itoa(i)
		hashes = append(hashes, hash)
		burst = append(burst, maskedFrame(true, 0x1, ack(hash))...)
	}
	b.write(burst)
	expect(hashes...)

	// A ping between two acks: the pong comes back, the acks are read.
	b.write(slices.Concat(maskedFrame(true, 0x1, ack("h5")), maskedFrame(true, 0x9, []byte("p1")),
		maskedFrame(true, 0x1, ack("h6"))))
	for {
		if op, payload := b.nextFrame(); op == 0xA {
			if string(payload) != "p1" {
				t.Fatalf("pong %q, want p1", payload)
			}
			break
		}
	}
	expect("h5", "h6")

	// Fragmented: a text frame and its continuation, then a plain one.
	a := ack("h7")
	b.write(slices.Concat(maskedFrame(false, 0x1, a[:10]), maskedFrame(true, 0x0, a[10:]),
		maskedFrame(true, 0x1, ack("h8"))))
	expect("h7", "h8")

	// A 16-bit length (200 bytes, spaces that encoding/json reads), and one
	// too big for the socket's buffer (900 bytes), each before a plain one.
	long := func(hash string, size int) []byte {
		p := `{"type":"ack","hash":"` + hash + `"`
		return []byte(p + strings.Repeat(" ", size-len(p)-1) + "}")
	}
	b.write(slices.Concat(maskedFrame(true, 0x1, long("h9", 200)), maskedFrame(true, 0x1, ack("h10")),
		maskedFrame(true, 0x1, long("h11", 900)), maskedFrame(true, 0x1, ack("h12"))))
	expect("h9", "h10", "h11", "h12")

	// Frames one by one, each written as soon as the one before is sent,
	// each in a packet of its own: every one is read, the last too,
	// though nothing follows it.
	hashes = hashes[:0]
	for i := range 300 {
		hash := "one" + strconv.Itoa(i)
		hashes = append(hashes, hash)
		b.write(maskedFrame(true, 0x1, ack(hash)))
		if i%3 == 0 {
			time.Sleep(time.Duration(i%7) * 10 * time.Microsecond)
		}
	}
	expect(hashes...)

	if h.Connected() != 1 {
		t.Fatalf("%d connections, want the box's", h.Connected())
	}
	// A frame that breaks the protocol (not masked) still ends the
	// connection.
	b.write([]byte{0x81, 0x02, '{', '}'})
	b.expectClose(1001)
}
