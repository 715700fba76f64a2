package hub

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"sync/atomic"
	"time"
)

// ioBufferSize is the size of a socket's read and write buffers. Players'
// frames are small (at most MaxFrame) and a playlist is written in one
// call, which bufio passes straight to the socket when it is larger than
// the buffer; the 4 KB pair net/http hands over on hijacking would be
// 8 KB held by every idle connection.
const ioBufferSize = 512

// smallBuffers is a ResponseWriter whose Hijack hands over small buffers.
// It keeps the hijacked connection: the hub bounds a socket's reads and
// writes with its deadlines (the WebSocket library bounds them only with
// contexts, whose expiry drops the connection without a close frame). It
// keeps the read buffer too, which the library reads the player's frames
// through: the hub reads the plain ones from it itself (conn.plainFrame).
// The library writes through a libraryWriter.
type smallBuffers struct {
	http.ResponseWriter
	within time.Duration // the time each of the library's writes gets (Options.WriteWithin)
	conn   net.Conn
	reader *bufio.Reader
	writer *libraryWriter
}

func (s *smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(s.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	if err := brw.Writer.Flush(); err != nil {
		return nil, nil, err
	}
	s.conn, s.reader = conn, brw.Reader
	s.writer = &libraryWriter{nc: conn, within: s.within}
	w := bufio.NewWriterSize(s.writer, ioBufferSize)
	n := brw.Reader.Buffered()
	if n > ioBufferSize {
		// Bytes already read from the player that a small buffer cannot hold.
		return conn, bufio.NewReadWriter(brw.Reader, w), nil
	}
	ahead, _ := brw.Reader.Peek(n)
	r := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(ahead)), conn), ioBufferSize)
	if n > 0 {
		if _, err := r.Peek(n); err != nil { // move them into the new buffer
			return conn, bufio.NewReadWriter(brw.Reader, w), nil
		}
	}
	s.reader = r
	return conn, bufio.NewReadWriter(r, w), nil
}

// libraryWriter is what the WebSocket library writes its own frames
// through: the upgrade's answer, pongs, and the close frames it sends
// while reading (1009 for a frame over the limit, 1002) or on the hub's
// release. The hub moves the socket's write deadline only when it writes
// itself (conn.writeFrames), so on a socket idle for WriteWithin that
// deadline has passed: each of the library's writes gets WriteWithin of
// its own instead, lest its frame fail and the connection be dropped
// without it (a reset, the frame's unread rest still in the socket). The
// deadline it sets is never earlier than the hub's last one, so the hub's
// writes lose no time by it. Once the release fixes the socket's last
// deadline (fix), the library's writes keep it.
type libraryWriter struct {
	nc     net.Conn
	within time.Duration
	fixed  atomic.Bool
}

func (w *libraryWriter) Write(p []byte) (int, error) {
	if !w.fixed.Load() {
		if err := w.nc.SetWriteDeadline(time.Now().Add(w.within)); err != nil {
			return 0, err
		}
	}
	return w.nc.Write(p)
}

// fix keeps the socket's deadline as the caller set it (or is about to):
// the library's later writes do not move it.
func (w *libraryWriter) fix() { w.fixed.Store(true) }

// Unwrap lets http.ResponseController reach the server's writer.
func (s *smallBuffers) Unwrap() http.ResponseWriter { return s.ResponseWriter }
