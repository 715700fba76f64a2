package hub

import (
	"bytes"
	"net"
	"time"
)

// socket is how the hub writes to a player's socket and closes it once the
// auth phase is over. On Linux the hub owns the descriptor outright
// (sock_linux.go: read by a poller, written with direct system calls, out
// of Go's poller); elsewhere, or where that cannot be, it goes through the
// net.Conn (netSocket).
type socket interface {
	// writeBuffers writes all of bufs, in one system call where the socket
	// takes them at once, by the write deadline.
	writeBuffers(bufs net.Buffers) error
	// setWriteDeadline sets the time by which a write must end (a write
	// waiting for the player to read ends then).
	setWriteDeadline(t time.Time) error
	// close closes the socket; writes and reads fail from then on.
	close() error
}

// netSocket writes through the net.Conn.
type netSocket struct{ nc net.Conn }

func (s netSocket) writeBuffers(bufs net.Buffers) error {
	switch s.nc.(type) {
	case *net.TCPConn, *net.UnixConn: // written with one writev
		_, err := bufs.WriteTo(s.nc)
		return err
	}
	buf := framePool.Get().(*bytes.Buffer) // one Write, whatever the connection
	defer framePool.Put(buf)
	buf.Reset()
	for _, b := range bufs {
		buf.Write(b)
	}
	_, err := s.nc.Write(buf.Bytes())
	return err
}

func (s netSocket) setWriteDeadline(t time.Time) error { return s.nc.SetWriteDeadline(t) }

func (s netSocket) close() error { return s.nc.Close() }
