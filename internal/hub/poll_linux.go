package hub

import (
	"errors"
	"os"
	"runtime"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// A poller reads the sockets it watches when the kernel says they have
// bytes (epoll, level-triggered), one at a time into its own buffer: an
// idle socket holds no goroutine and no buffer. The sockets are the hub's
// own (fdSocket, out of Go's poller), read never waiting (a read with
// nothing to read returns EAGAIN).
//
// A poller that finds nothing to read parks like any goroutine waiting on
// a socket (no thread blocks in epoll_wait, so a wake-up hands no processor
// to another thread and back), on a bell: a second epoll set that holds
// the poller's set alone, one-shot, and is itself watched by Go's poller.
// The poller arms the bell (EPOLL_CTL_MOD) only when it parks, so the acks
// that come while it reads or lets a burst gather do not wake Go's
// scheduler: it would have found no goroutine waiting (a tenth of a push's
// CPU did that when the set itself was watched). Arming costs no walk of
// the set's sockets, which registering the set with Go's poller at each
// wait did. A set that already holds events when the bell is armed rings
// it at once.
type poller struct {
	ep    int             // the sockets' epoll set
	bell  *os.File        // the set holding ep, watched by Go's poller
	rc    syscall.RawConn // bell's, to wait for it to ring
	mu    sync.Mutex
	conns []*conn // by descriptor number
	ended bool    // ep closed: nothing more is added to it

	buf     []byte
	scratch headerScratch
}

// startPollers starts one poller per processor; where epoll fails, each
// socket is read by a goroutine of its own.
func (h *Hub) startPollers() {
	for range runtime.GOMAXPROCS(0) {
		p, err := newPoller()
		if err != nil {
			h.log.Warn("epoll unavailable; a goroutine reads each player's socket", "err", err)
			return
		}
		h.polls = append(h.polls, p)
		h.done.Add(1)
		go p.run(h)
	}
}

func newPoller() (*poller, error) {
	ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return nil, err
	}
	bell, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err == nil {
		err = unix.SetNonblock(bell, true) // Go's poller watches it
		if err == nil {
			err = unix.EpollCtl(bell, unix.EPOLL_CTL_ADD, ep, &unix.EpollEvent{Events: unix.EPOLLIN | unix.EPOLLONESHOT, Fd: int32(ep)})
		}
		if err != nil {
			unix.Close(bell)
		}
	}
	if err != nil {
		unix.Close(ep)
		return nil, err
	}
	p := &poller{ep: ep, bell: os.NewFile(uintptr(bell), "epoll"), buf: make([]byte, pollRead)}
	if p.rc, err = p.bell.SyscallConn(); err != nil {
		p.bell.Close()
		unix.Close(ep)
		return nil, err
	}
	return p, nil
}

// add starts watching c's socket, which the hub owns (Hub.own); a socket
// already released is not watched, and not an error.
func (p *poller) add(c *conn) error {
	s := c.sock.(*fdSocket)
	p.mu.Lock()
	defer p.mu.Unlock()
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed || s.dropped {
		return nil
	}
	if p.ended {
		return errPollerEnded
	}
	ev := unix.EpollEvent{Events: unix.EPOLLIN | unix.EPOLLRDHUP, Fd: int32(s.fd)}
	if err := unix.EpollCtl(p.ep, unix.EPOLL_CTL_ADD, s.fd, &ev); err != nil {
		return err
	}
	if s.fd >= len(p.conns) {
		p.conns = append(p.conns, make([]*conn, s.fd+1-len(p.conns))...)
	}
	p.conns[s.fd] = c
	return nil
}

// remove stops watching c's socket (before it is closed: its number may
// then name another socket).
func (p *poller) remove(c *conn) {
	s := c.sock.(*fdSocket)
	p.mu.Lock()
	defer p.mu.Unlock()
	s.dropped = true
	if s.fd >= len(p.conns) || p.conns[s.fd] != c {
		return
	}
	p.conns[s.fd] = nil
	s.mu.RLock()
	defer s.mu.RUnlock()
	if !s.closed && !p.ended {
		unix.EpollCtl(p.ep, unix.EPOLL_CTL_DEL, s.fd, nil)
	}
}

var errPollerEnded = errors.New("hub: the poller has stopped")

// stop closes the bell: the poller's wait ends, and run then closes ep.
func (p *poller) stop() { p.bell.Close() }

// run reads the sockets that have bytes until the hub stops.
func (p *poller) run(h *Hub) {
	defer h.done.Done()
	defer func() {
		p.mu.Lock()
		p.ended = true
		unix.Close(p.ep)
		p.mu.Unlock()
	}()
	events := make([]unix.EpollEvent, 256)
	ready := make([]*conn, len(events))
	for {
		n, err := epollPoll(p.ep, events)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			h.log.Error("epoll wait failed", "err", err)
			return
		}
		if n == 0 {
			if err := p.park(); err != nil {
				select {
				case <-h.stop:
				default:
					h.log.Error("epoll wait failed", "err", err)
				}
				return
			}
			continue
		}
		// The sockets' connections, found under one hold of the lock. One
		// removed meanwhile (it is being shut, or its stream ended) is still
		// read, as it could be before between a lookup and its read; once
		// closed, its read fails and ends nothing more than it had.
		p.mu.Lock()
		for i := range events[:n] {
			ready[i] = nil
			if fd := int(events[i].Fd); fd < len(p.conns) {
				ready[i] = p.conns[fd]
			}
		}
		p.mu.Unlock()
		for i, c := range ready[:n] {
			if c != nil {
				ready[i] = nil // kept no longer than its read
				p.read(c)
			}
		}
		if n > 1 && n < len(events) {
			// A burst (a push's acks): let it gather, so that one wake
			// and one wait take many sockets instead of one or two.
			time.Sleep(pollGather)
		}
	}
}

// park arms the bell and waits until it rings: ep has events (perhaps
// already when armed), or the bell was closed (an error).
func (p *poller) park() error {
	armed := false
	var rung [1]unix.EpollEvent
	var err error
	ring := func(bell uintptr) bool {
		if !armed {
			// Armed inside the wait: a ring from here on is not missed.
			armed = true
			err = unix.EpollCtl(int(bell), unix.EPOLL_CTL_MOD, p.ep, &unix.EpollEvent{Events: unix.EPOLLIN | unix.EPOLLONESHOT, Fd: int32(p.ep)})
			return err != nil
		}
		var n int
		for {
			// Not waiting, it is never interrupted; were it, a ring taken
			// from Go's poller and left in the bell would not come again.
			if n, err = unix.EpollWait(int(bell), rung[:], 0); err != unix.EINTR {
				return n > 0 || err != nil
			}
		}
	}
	if rerr := p.rc.Read(ring); rerr != nil {
		return rerr
	}
	return err
}

// pollGather is how long a poller lets a burst's bytes gather before it
// looks again; an ack waits at most that much longer to be read.
const pollGather = time.Millisecond

// read reads what c's socket holds and handles it.
func (p *poller) read(c *conn) {
	n, err := c.sock.(*fdSocket).read(p.buf)
	switch {
	case err == unix.EAGAIN || err == unix.EINTR:
	case err != nil || n <= 0:
		c.gone() // closed, failed or at its end
	default:
		c.consume(p.buf[:n], &p.scratch)
	}
}

// epollPoll is epoll_wait that never waits: a raw system call, as a
// socket's read is (fdSocket).
func epollPoll(ep int, events []unix.EpollEvent) (int, error) {
	n, _, errno := unix.RawSyscall6(unix.SYS_EPOLL_PWAIT, uintptr(ep), uintptr(unsafe.Pointer(&events[0])), uintptr(len(events)), 0, 0, 0)
	if errno != 0 {
		return 0, errno
	}
	return int(n), nil
}
