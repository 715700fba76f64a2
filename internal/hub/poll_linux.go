package hub

import (
	"os"
	"runtime"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// A poller reads the sockets it watches when the kernel says they have
// bytes (epoll, level-triggered), one at a time into its own buffer: an
// idle socket holds no goroutine and no buffer. The sockets are the hub's
// own (fdSocket, out of Go's poller), read never waiting (a read with
// nothing to read returns EAGAIN).
//
// The poller's own epoll descriptor is itself watched by Go's poller (an
// epoll descriptor is readable while it holds events): the poller asks it
// for events without waiting and, when there are none, parks like any
// goroutine waiting on a socket. No thread blocks in epoll_wait, so a
// wake-up costs no hand-off of the processor to another thread and back.
type poller struct {
	ep    int
	file  *os.File        // ep, watched by Go's poller
	rc    syscall.RawConn // file's, to wait for ep's events
	mu    sync.Mutex
	conns []*conn // by descriptor number

	buf []byte
}

// startPollers starts one poller per processor; where epoll fails, each
// socket is read by a goroutine of its own.
func (h *Hub) startPollers() {
	for range runtime.GOMAXPROCS(0) {
		ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
		if err == nil {
			if err = unix.SetNonblock(ep, true); err != nil {
				unix.Close(ep)
			}
		}
		if err != nil {
			h.log.Warn("epoll unavailable; a goroutine reads each player's socket", "err", err)
			return
		}
		p := &poller{ep: ep, buf: make([]byte, pollRead)}
		p.file = os.NewFile(uintptr(ep), "epoll") // non-blocking: Go's poller watches it
		if p.rc, err = p.file.SyscallConn(); err != nil {
			p.file.Close()
			h.log.Warn("epoll unavailable; a goroutine reads each player's socket", "err", err)
			return
		}
		h.polls = append(h.polls, p)
		h.done.Add(1)
		go p.run(h)
	}
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
	if !s.closed {
		unix.EpollCtl(p.ep, unix.EPOLL_CTL_DEL, s.fd, nil)
	}
}

// stop closes the poller's epoll descriptor: its wait for events ends.
func (p *poller) stop() { p.file.Close() }

// run reads the sockets that have bytes until the hub stops.
func (p *poller) run(h *Hub) {
	defer h.done.Done()
	events := make([]unix.EpollEvent, 256)
	var n int
	var werr error
	wait := func(fd uintptr) bool {
		n, werr = unix.EpollWait(int(fd), events, 0)
		return n > 0 || werr != nil // none yet: park until ep is readable
	}
	for {
		if err := p.rc.Read(wait); err != nil {
			select {
			case <-h.stop:
			default:
				h.log.Error("epoll wait failed", "err", err)
			}
			return
		}
		if werr == unix.EINTR {
			continue
		}
		if werr != nil {
			h.log.Error("epoll wait failed", "err", werr)
			return
		}
		for i := range events[:n] {
			var c *conn
			p.mu.Lock()
			if fd := int(events[i].Fd); fd < len(p.conns) {
				c = p.conns[fd]
			}
			p.mu.Unlock()
			if c != nil {
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
		c.consume(p.buf[:n])
	}
}
