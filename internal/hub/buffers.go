package hub

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"os"
	"syscall"
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

// socketReader reads a player's socket for its read buffer without the
// system call that finds it empty. Go's poller tries a read first and
// waits for the socket only once a read found nothing: after each frame a
// player sends, a second read system call, for nothing. socketReader
// remembers when its last read emptied the socket (it returned less than
// asked: the kernel hands over all it holds) and then waits first, reading
// once the poller says data came (data arriving after that read always
// wakes the poller). A read that filled the buffer may have left data
// behind, so the next one goes straight to the socket, and so does one
// after the end or an error.
type socketReader struct {
	rc      syscall.RawConn
	drained bool
}

// readerOf is a socketReader of nc, or nc itself when it has no file
// descriptor of its own (a TLS connection, a pipe in a test).
func readerOf(nc net.Conn) io.Reader {
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return nc
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nc
	}
	return &socketReader{rc: rc}
}

func (s *socketReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	var n int
	var rerr error
	wait := s.drained
	err := s.rc.Read(func(fd uintptr) bool {
		if wait {
			wait = false
			return false // the poller waits for data, then calls again
		}
		for {
			n, rerr = syscall.Read(int(fd), p)
			if rerr != syscall.EINTR {
				break
			}
		}
		return rerr != syscall.EAGAIN
	})
	switch {
	case err != nil: // closed, or its deadline passed
		s.drained = false
		return 0, err
	case rerr != nil:
		s.drained = false
		return 0, &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", rerr)}
	case n == 0:
		s.drained = false // the end stays: a read after it must not wait for news
		return 0, io.EOF
	}
	s.drained = n < len(p)
	return n, nil
}
