package hub

import (
	"net"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// fdSocket is a player's socket the hub owns outright once its auth phase
// is over: its descriptor is taken out of Go's poller (a duplicate kept,
// the net.Conn closed), read by one of the hub's pollers and written by
// the hub's writers with direct system calls. Left in Go's poller too, a
// socket woke it for every ack and for every write the player's kernel
// acknowledged, although no goroutine waits on it: Go's epoll_wait cost
// about a tenth of a push (docs/performance.md, "Players: push fan-out",
// 2026-12-05).
//
// The descriptor is non-blocking (as Go left it). A write the socket cannot
// take at once waits in poll(2) on the writer's goroutine, in slices, until
// the socket has room, the write deadline passes or the socket is closed.
//
// A read or write of it never waits, so it is a raw system call: Go's
// scheduler is not told of it (a goroutine keeps its processor through it,
// as through any short computation). Told, the scheduler handed a writer's
// processor to another thread whenever a writev outlasted two ticks of the
// runtime's monitor while other writers waited to run, and kept that
// monitor waking every 20 µs: the push made twice the context switches
// (docs/performance.md, "Players: push fan-out", 2026-12-05, raw calls).
type fdSocket struct {
	// mu is held for reading around each read and write on fd and by
	// close for writing: a closed descriptor's number, which a new socket
	// may get, is never read or written.
	mu     sync.RWMutex
	fd     int
	closed bool
	by     atomic.Int64 // the write deadline, Unix ns; 0: none
	// dropped is set, under its poller's mu, once the poller is told to
	// stop watching it: an add that comes later (the socket released before
	// its reading started) does not watch it.
	dropped bool
}

// own takes c's descriptor out of Go's poller for one of the hub's pollers,
// which will read it (startReading): a duplicate becomes c's socket and the
// net.Conn is closed (the duplicate keeps the TCP connection open). Only
// before anything else may use the socket (the auth phase's goroutine,
// before c is registered); false leaves c as it was.
func (h *Hub) own(c *conn) bool {
	if len(h.polls) == 0 {
		return false
	}
	sc, ok := c.nc.(syscall.Conn)
	if !ok {
		return false
	}
	switch c.nc.(type) {
	case *net.TCPConn, *net.UnixConn:
	default:
		return false // a wrapper (TLS) that keeps state of its own
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	fd := -1
	if cerr := rc.Control(func(d uintptr) {
		fd, err = unix.FcntlInt(d, unix.F_DUPFD_CLOEXEC, 0)
	}); cerr != nil || err != nil {
		return false // out of descriptors, say: the net.Conn stays
	}
	if fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0); err != nil || fl&unix.O_NONBLOCK == 0 {
		unix.Close(fd)
		return false
	}
	c.nc.Close() // Go's poller forgets the socket; the duplicate holds it
	c.sock = &fdSocket{fd: fd}
	c.poll = h.polls[int(h.nextPoll.Add(1))%len(h.polls)]
	return true
}

// read reads what the socket holds, never waiting (EAGAIN: nothing).
func (s *fdSocket) read(buf []byte) (int, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return 0, net.ErrClosed
	}
	if len(buf) == 0 {
		return 0, nil
	}
	n, _, errno := unix.RawSyscall(unix.SYS_READ, uintptr(s.fd), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)))
	if errno != 0 {
		return 0, errno
	}
	return int(n), nil
}

// maxIovecs bounds the buffers one writev takes (the kernel's IOV_MAX is
// 1,024; a playlist frame is eight).
const maxIovecs = 64

// writeBuffers writes all of bufs with writev, as many at once as the
// socket takes, waiting for room by the write deadline.
func (s *fdSocket) writeBuffers(bufs net.Buffers) error {
	for {
		for len(bufs) > 0 && len(bufs[0]) == 0 {
			bufs = bufs[1:]
		}
		if len(bufs) == 0 {
			return nil
		}
		n, err := s.writev(bufs)
		for n > 0 {
			k := min(n, len(bufs[0]))
			bufs[0], n = bufs[0][k:], n-k
			if len(bufs[0]) == 0 {
				bufs = bufs[1:]
			}
		}
		switch err {
		case nil, unix.EINTR:
		case unix.EAGAIN:
			if err := s.waitRoom(); err != nil {
				return err
			}
		default:
			return err
		}
	}
}

// writev writes the first maxIovecs of bufs (the first not empty) once.
func (s *fdSocket) writev(bufs net.Buffers) (int, error) {
	var iov [maxIovecs]unix.Iovec
	k := 0
	for _, b := range bufs {
		if k == len(iov) {
			break
		}
		if len(b) > 0 {
			iov[k].Base = &b[0]
			iov[k].SetLen(len(b))
			k++
		}
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return 0, net.ErrClosed
	}
	n, _, errno := unix.RawSyscall(unix.SYS_WRITEV, uintptr(s.fd), uintptr(unsafe.Pointer(&iov[0])), uintptr(k))
	if errno != 0 {
		return 0, errno
	}
	return int(n), nil
}

// roomSlice is the longest a writer waits in one poll(2): a deadline moved
// earlier, or a close, is seen within it.
const roomSlice = 20 * time.Millisecond

// waitRoom waits until the socket can take more bytes, the write deadline
// passes (os.ErrDeadlineExceeded) or the socket is closed.
func (s *fdSocket) waitRoom() error {
	for {
		s.mu.RLock()
		closed, fd := s.closed, s.fd
		s.mu.RUnlock()
		if closed {
			return net.ErrClosed
		}
		wait := roomSlice
		if by := s.by.Load(); by != 0 {
			left := time.Duration(by - time.Now().UnixNano())
			if left <= 0 {
				return os.ErrDeadlineExceeded
			}
			wait = min(wait, left)
		}
		// Not under mu (a close must not wait for it): were the number
		// closed and given to another socket meanwhile, this wait only ends
		// early or late, and the write that follows finds the socket closed.
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLOUT}}
		n, err := unix.Poll(fds, int(max(wait/time.Millisecond, 1)))
		if err != nil && err != unix.EINTR {
			return err
		}
		if n > 0 {
			return nil // room, or an error the write will tell
		}
	}
}

func (s *fdSocket) setWriteDeadline(t time.Time) error {
	var by int64
	if !t.IsZero() {
		by = t.UnixNano()
	}
	s.by.Store(by)
	return nil
}

func (s *fdSocket) close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return net.ErrClosed
	}
	s.closed = true
	return unix.Close(s.fd)
}
