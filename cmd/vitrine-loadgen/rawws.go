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
)

// rawSocket is a player's WebSocket (RFC 6455) spoken over the TCP
// connection directly: the upgrade, then frames read from one buffer and
// written in one system call each. The generator runs on the server's
// cores, so what its 10,000 players cost is taken from the server: through
// the WebSocket library, reading and acking a playlist cost its players
// half as much again as the system calls (docs/performance.md). Only what
// the hub speaks is spoken: text messages (fragments joined), pings
// answered, a close frame ends the socket.
type rawSocket struct {
	nc  net.Conn
	br  *bufio.Reader
	key [4]byte // the mask key of every frame this client writes

	wmu  sync.Mutex
	wbuf []byte

	// rc, when the connection has one, carries the reads and writes as raw
	// system calls (rawReader, writeRaw): Go's scheduler is not told of a
	// call that never waits, which spares the generator the hand-offs of
	// a processor and the wake-ups of the runtime's monitor that telling it
	// costs (the server's sockets do the same, internal/hub).
	rc syscall.RawConn
}

// buffered returns what br holds unread.
func buffered(br *bufio.Reader) []byte {
	b, _ := br.Peek(br.Buffered())
	return bytes.Clone(b)
}

// rawReader reads a socket with raw system calls, waiting in Go's poller
// when it has nothing.
type rawReader struct{ rc syscall.RawConn }

func (r rawReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	var n uintptr
	var errno syscall.Errno
	err := r.rc.Read(func(fd uintptr) bool {
		for {
			n, _, errno = syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
			if errno != syscall.EINTR {
				return errno != syscall.EAGAIN
			}
		}
	})
	switch {
	case err != nil:
		return 0, err
	case errno != 0:
		return 0, errno
	case n == 0:
		return 0, io.EOF
	}
	return int(n), nil
}

// writeRaw writes all of b with raw system calls, waiting in Go's poller
// while the socket is full.
func writeRaw(rc syscall.RawConn, b []byte) error {
	var errno syscall.Errno
	err := rc.Write(func(fd uintptr) bool {
		for len(b) > 0 {
			n, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
			switch e {
			case 0:
				b = b[n:]
			case syscall.EINTR:
			case syscall.EAGAIN:
				return false
			default:
				errno = e
				return true
			}
		}
		return true
	})
	if err != nil {
		return err
	}
	if errno != 0 {
		return errno
	}
	return nil
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
	s := &rawSocket{nc: nc, br: br}
	if sc, ok := nc.(syscall.Conn); ok {
		if rc, err := sc.SyscallConn(); err == nil {
			// What the upgrade's reader holds beyond the answer stays first.
			s.rc = rc
			s.br = bufio.NewReaderSize(io.MultiReader(bytes.NewReader(buffered(br)), rawReader{rc}), 4096)
		}
	}
	for s.key == [4]byte{} {
		rand.Read(s.key[:])
	}
	return s, nil
}

// Close ends the socket at once (no close handshake: the server's
// release bounds its side).
func (s *rawSocket) Close() error { return s.nc.Close() }

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
	if s.rc != nil {
		return writeRaw(s.rc, b)
	}
	_, err := s.nc.Write(b)
	return err
}

// ReadMessage reads the next text or binary message into buf (reset
// first, its bytes valid until the next call), joining fragments and
// answering pings; a close frame ends the socket with errSocketClosed.
func (s *rawSocket) ReadMessage(buf *[]byte, limit int) ([]byte, error) {
	*buf = (*buf)[:0]
	for {
		var head [2]byte
		if _, err := io.ReadFull(s.br, head[:]); err != nil {
			return nil, err
		}
		if head[1]&0x80 != 0 {
			return nil, errors.New("a masked frame from the server")
		}
		n := uint64(head[1] & 0x7f)
		switch n {
		case 126:
			var ext [2]byte
			if _, err := io.ReadFull(s.br, ext[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(ext[:]))
		case 127:
			var ext [8]byte
			if _, err := io.ReadFull(s.br, ext[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(ext[:])
		}
		if n > uint64(limit) || uint64(len(*buf))+n > uint64(limit) {
			return nil, fmt.Errorf("a message over %d bytes", limit)
		}
		fin, opcode := head[0]&0x80 != 0, head[0]&0x0f
		if opcode >= 0x8 { // control: ping, pong, close
			var payload [125]byte
			if n > 125 || !fin {
				return nil, errors.New("a control frame over 125 bytes or fragmented")
			}
			if _, err := io.ReadFull(s.br, payload[:n]); err != nil {
				return nil, err
			}
			switch opcode {
			case 0x9:
				if err := s.writeFrame(0xA, payload[:n]); err != nil {
					return nil, err
				}
			case 0x8:
				reason := ""
				if n >= 2 {
					reason = fmt.Sprintf(" (%d %s)", binary.BigEndian.Uint16(payload[:2]), strings.ToValidUTF8(string(payload[2:n]), "?"))
				}
				return nil, fmt.Errorf("%w%s", errSocketClosed, reason)
			}
			continue
		}
		at := len(*buf)
		*buf = append(*buf, make([]byte, n)...)
		if _, err := io.ReadFull(s.br, (*buf)[at:]); err != nil {
			return nil, err
		}
		if fin {
			return *buf, nil
		}
	}
}
