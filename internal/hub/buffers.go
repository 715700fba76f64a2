package hub

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
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
type smallBuffers struct {
	http.ResponseWriter
	conn   net.Conn
	reader *bufio.Reader
}

func (s *smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(s.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	s.conn, s.reader = conn, brw.Reader
	n := brw.Reader.Buffered()
	if n > ioBufferSize {
		return conn, brw, nil // bytes already read from the player that a small buffer cannot hold
	}
	ahead, _ := brw.Reader.Peek(n)
	r := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(ahead)), conn), ioBufferSize)
	if n > 0 {
		if _, err := r.Peek(n); err != nil { // move them into the new buffer
			return conn, brw, nil
		}
	}
	if err := brw.Writer.Flush(); err != nil {
		return nil, nil, err
	}
	s.reader = r
	return conn, bufio.NewReadWriter(r, bufio.NewWriterSize(conn, ioBufferSize)), nil
}

// Unwrap lets http.ResponseController reach the server's writer.
func (s *smallBuffers) Unwrap() http.ResponseWriter { return s.ResponseWriter }
