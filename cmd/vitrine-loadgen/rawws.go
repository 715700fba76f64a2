package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// rawSocket is a player's WebSocket (RFC 6455) spoken over the TCP
// connection directly: the upgrade, then frames written in one system call
// each and read by one of the generator's readers (readers.go). The
// generator runs on the server's cores, so what its 10,000 players cost is
// taken from the server: through the WebSocket library, reading and acking
// a playlist cost its players half as much again as the system calls, and
// a goroutine per player waiting in Go's poller a third as much again as
// the readers (docs/performance.md). Only what the hub speaks is spoken:
// text messages (fragments joined), pings answered, a close frame ends the
// socket.
//
// The descriptor is the socket's own once upgraded (out of Go's poller, as
// the hub's sockets are), non-blocking, read and written with raw system
// calls: neither ever waits.
type rawSocket struct {
	// mu is held for reading around each read and write of fd, and by the
	// socket's end for writing: a closed descriptor's number, which a new
	// socket may get, is never read or written.
	mu     sync.RWMutex
	fd     int
	closed bool

	key  [4]byte // the mask key of every frame this client writes
	wmu  sync.Mutex
	wbuf []byte

	// The reading state, owned by the socket's reader.
	lead      []byte // what the upgrade's reader read past its answer
	in        []byte // the start of a frame not yet whole
	msg       []byte // the fragments of a message not yet whole
	onMessage func(data []byte)

	endOnce sync.Once
	onEnd   func(err error)
	reader  *reader
}

// maxMessage is the largest message a socket reads (as
// apiclient.ConnectPlayer allows): a longer one ends the socket.
const maxMessage = 1 << 20

// start has a reader read the socket from now on: onMessage gets each
// text or binary message (its bytes valid during the call), onEnd once why
// the socket ended (errSocketClosed for the server's close frame). The
// reader calls both, one socket's calls one after another; once onEnd is
// called no read starts (a message being handled when another goroutine
// ends the socket is the last).
func (s *rawSocket) start(onMessage func(data []byte), onEnd func(err error)) {
	s.onMessage, s.onEnd = onMessage, onEnd
	if lead := s.lead; len(lead) > 0 {
		s.lead = nil
		if err := s.feed(lead); err != nil {
			s.end(err)
			return
		}
	}
	if err := readers().watch(s); err != nil {
		s.end(err)
	}
}

// readReady reads what the socket holds into buf (the reader's) and
// handles the frames in it.
func (s *rawSocket) readReady(buf []byte) {
	for {
		s.mu.RLock()
		if s.closed {
			s.mu.RUnlock()
			return
		}
		n, _, errno := syscall.RawSyscall(syscall.SYS_READ, uintptr(s.fd), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)))
		s.mu.RUnlock()
		switch {
		case errno == syscall.EINTR:
			continue
		case errno == syscall.EAGAIN:
			return
		case errno != 0:
			s.end(errno)
			return
		case n == 0:
			s.end(io.EOF)
			return
		}
		if err := s.feed(buf[:n]); err != nil {
			s.end(err)
			return
		}
		if int(n) < len(buf) {
			return // drained; the reader is told again when more comes
		}
	}
}

// feed handles p, the bytes just read after those kept from earlier
// reads: each whole frame, keeping the start of one not yet whole.
func (s *rawSocket) feed(p []byte) error {
	if len(s.in) > 0 {
		p = append(s.in, p...)
		s.in = nil
	}
frames:
	for len(p) >= 2 {
		if p[1]&0x80 != 0 {
			return errors.New("a masked frame from the server")
		}
		at, n := 2, uint64(p[1]&0x7f)
		switch n {
		case 126:
			if len(p) < 4 {
				break frames // the rest of the header is still on its way
			}
			at, n = 4, uint64(binary.BigEndian.Uint16(p[2:4]))
		case 127:
			if len(p) < 10 {
				break frames
			}
			at, n = 10, binary.BigEndian.Uint64(p[2:10])
		}
		fin, opcode := p[0]&0x80 != 0, p[0]&0x0f
		if n > maxMessage || uint64(len(s.msg))+n > maxMessage {
			return fmt.Errorf("a message over %d bytes", maxMessage)
		}
		if opcode >= 0x8 && (n > 125 || !fin) {
			return errors.New("a control frame over 125 bytes or fragmented")
		}
		if uint64(len(p)-at) < n {
			break // the rest of the frame is still on its way
		}
		payload := p[at : at+int(n)]
		p = p[at+int(n):]
		switch {
		case opcode == 0x9: // ping
			if err := s.writeFrame(0xA, payload); err != nil {
				return err
			}
		case opcode == 0x8: // close
			reason := ""
			if n >= 2 {
				reason = fmt.Sprintf(" (%d %s)", binary.BigEndian.Uint16(payload[:2]), strings.ToValidUTF8(string(payload[2:]), "?"))
			}
			return fmt.Errorf("%w%s", errSocketClosed, reason)
		case opcode == 0xA: // pong
		case fin && len(s.msg) == 0:
			s.onMessage(payload)
		default:
			s.msg = append(s.msg, payload...)
			if fin {
				s.onMessage(s.msg)
				s.msg = s.msg[:0]
			}
		}
	}
	if len(p) > 0 {
		s.in = bytes.Clone(p)
	}
	return nil
}

// end closes the socket, once, and tells onEnd why.
func (s *rawSocket) end(why error) {
	s.endOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		if s.reader != nil {
			s.reader.forget(s)
		}
		unix.Close(s.fd)
		s.mu.Unlock()
		if s.onEnd != nil {
			s.onEnd(why)
		}
	})
}

// websocketGUID is the key suffix of the handshake (RFC 6455, 1.3).
const websocketGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

// errSocketClosed ends a socket whose peer sent a close frame.
var errSocketClosed = errors.New("the server closed the socket")

// dialRaw opens a WebSocket to base+path (http:// or https:// is
// replaced by its socket scheme's dial; only plain TCP is spoken).
func dialRaw(ctx context.Context, base, path string) (*rawSocket, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" {
		return nil, fmt.Errorf("%s: only http:// servers are dialled without TLS", base)
	}
	var d net.Dialer
	nc, err := d.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return nil, err
	}
	s, err := upgradeRaw(ctx, nc, u.Host, path)
	if err != nil {
		nc.Close()
		return nil, err
	}
	return s, nil
}

// upgradeRaw asks nc's server to upgrade path to a WebSocket.
func upgradeRaw(ctx context.Context, nc net.Conn, host, path string) (*rawSocket, error) {
	if dl, ok := ctx.Deadline(); ok {
		nc.SetDeadline(dl)
		defer nc.SetDeadline(time.Time{})
	}
	var nonce [16]byte
	rand.Read(nonce[:])
	key := base64.StdEncoding.EncodeToString(nonce[:])
	req := "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: " + key + "\r\n\r\n"
	if _, err := io.WriteString(nc, req); err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(nc, 4096)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		return nil, fmt.Errorf("upgrade answer: %w", err)
	}
	res.Body.Close()
	sum := sha1.Sum([]byte(key + websocketGUID))
	if res.StatusCode != http.StatusSwitchingProtocols {
		return nil, fmt.Errorf("upgrade refused: %s", res.Status)
	}
	if res.Header.Get("Sec-WebSocket-Accept") != base64.StdEncoding.EncodeToString(sum[:]) {
		return nil, errors.New("upgrade answer with a wrong Sec-WebSocket-Accept")
	}
	s := &rawSocket{lead: buffered(br)}
	if s.fd, err = ownFD(nc); err != nil {
		return nil, err
	}
	nc.Close() // Go's poller forgets the socket; the duplicate holds it
	for s.key == [4]byte{} {
		rand.Read(s.key[:])
	}
	return s, nil
}

// buffered returns what br holds unread.
func buffered(br *bufio.Reader) []byte {
	b, _ := br.Peek(br.Buffered())
	return bytes.Clone(b)
}

// ownFD duplicates nc's descriptor (non-blocking, as Go left it).
func ownFD(nc net.Conn) (int, error) {
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return -1, errors.New("a connection without a descriptor")
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return -1, err
	}
	fd := -1
	if cerr := rc.Control(func(d uintptr) {
		fd, err = unix.FcntlInt(d, unix.F_DUPFD_CLOEXEC, 0)
	}); cerr != nil {
		return -1, cerr
	}
	if err != nil {
		return -1, err
	}
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		return -1, err
	}
	return fd, nil
}

// Close ends the socket at once (no close handshake: the server's
// release bounds its side); onEnd gets net.ErrClosed.
func (s *rawSocket) Close() error {
	s.end(net.ErrClosed)
	return nil
}

// WriteText writes one text message, masked, in one system call.
func (s *rawSocket) WriteText(p []byte) error { return s.writeFrame(0x1, p) }

// appendFrameHeader appends the header of a whole (final) frame of opcode
// carrying n bytes (RFC 6455, 5.2), with the mask bit a client sets when
// masked; the mask key, if any, follows it.
func appendFrameHeader(b []byte, opcode byte, masked bool, n int) []byte {
	var mask byte
	if masked {
		mask = 0x80
	}
	b = append(b, 0x80|opcode)
	switch {
	case n <= 125:
		return append(b, mask|byte(n))
	case n <= 0xFFFF:
		return binary.BigEndian.AppendUint16(append(b, mask|126), uint16(n))
	default:
		return binary.BigEndian.AppendUint64(append(b, mask|127), uint64(n))
	}
}

func (s *rawSocket) writeFrame(opcode byte, p []byte) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	b := appendFrameHeader(s.wbuf[:0], opcode, true, len(p))
	b = append(b, s.key[:]...)
	at := len(b)
	b = append(b, p...)
	for i := range p {
		b[at+i] ^= s.key[i&3]
	}
	s.wbuf = b
	return s.write(b)
}

// writeWithin bounds how long a write waits for room: a server that reads
// the socket no more would otherwise hold the reader that writes its acks,
// and every other socket that reader reads. The socket is ended then.
const writeWithin = 10 * time.Second

// write writes all of b, waiting in poll(2) while the socket is full.
func (s *rawSocket) write(b []byte) error {
	var waitedFrom time.Time
	for len(b) > 0 {
		s.mu.RLock()
		if s.closed {
			s.mu.RUnlock()
			return net.ErrClosed
		}
		fd := s.fd
		n, _, errno := syscall.RawSyscall(syscall.SYS_WRITE, uintptr(fd), uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
		s.mu.RUnlock()
		switch errno {
		case 0:
			b = b[n:]
		case syscall.EINTR:
		case syscall.EAGAIN:
			// Full: wait for room, a slice at a time (the socket may end
			// meanwhile; its number is then looked at no more).
			if waitedFrom.IsZero() {
				waitedFrom = time.Now()
			} else if time.Since(waitedFrom) > writeWithin {
				err := fmt.Errorf("no room to write for %s", writeWithin)
				s.end(err)
				return err
			}
			unix.Poll([]unix.PollFd{{Fd: int32(fd), Events: unix.POLLOUT}}, 100)
		default:
			return errno
		}
	}
	return nil
}
