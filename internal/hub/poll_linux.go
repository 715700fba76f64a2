package hub

import (
	"errors"
	"runtime"
	"sync"

	"golang.org/x/sys/unix"
)

// A poller reads the sockets it watches when the kernel says they have
// bytes (epoll, level-triggered), one at a time into its own buffer: an
// idle socket holds no goroutine and no buffer. The descriptor stays Go's
// too (its writes, deadlines and close go through net.Conn); the poller
// reads it through syscall.RawConn, which keeps it open during the read,
// never waiting (a read with nothing to read returns EAGAIN).
type poller struct {
	ep    int
	mu    sync.Mutex
	conns map[int32]*conn // by descriptor

	buf    []byte
	n      int
	err    error
	readFn func(fd uintptr) bool
}

// startPollers starts one poller per processor; where epoll fails, each
// socket is read by a goroutine of its own.
func (h *Hub) startPollers() {
	for range runtime.GOMAXPROCS(0) {
		ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
		if err != nil {
			h.log.Warn("epoll unavailable; a goroutine reads each player's socket", "err", err)
			return
		}
		p := &poller{ep: ep, conns: map[int32]*conn{}, buf: make([]byte, pollRead)}
		p.readFn = func(fd uintptr) bool {
			p.n, p.err = unix.Read(int(fd), p.buf)
			return true
		}
		h.polls = append(h.polls, p)
		h.done.Add(1)
		go p.run(h)
	}
}

// add starts watching c's socket.
func (p *poller) add(c *conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	var err error
	cerr := c.rc.Control(func(fd uintptr) {
		ev := unix.EpollEvent{Events: unix.EPOLLIN | unix.EPOLLRDHUP, Fd: int32(fd)}
		if err = unix.EpollCtl(p.ep, unix.EPOLL_CTL_ADD, int(fd), &ev); err == nil {
			c.fd = int32(fd)
			p.conns[c.fd] = c
			c.poll = p
		}
	})
	return cerr == nil && err == nil
}

// remove stops watching c's socket (before it is closed: its number may
// then name another socket).
func (p *poller) remove(c *conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conns[c.fd] != c {
		return
	}
	delete(p.conns, c.fd)
	c.rc.Control(func(fd uintptr) {
		unix.EpollCtl(p.ep, unix.EPOLL_CTL_DEL, int(fd), nil)
	})
}

// run reads the sockets that have bytes until the hub stops.
func (p *poller) run(h *Hub) {
	defer h.done.Done()
	defer unix.Close(p.ep)
	events := make([]unix.EpollEvent, 256)
	for {
		n, err := unix.EpollWait(p.ep, events, 200)
		select {
		case <-h.stop:
			return
		default:
		}
		if err != nil {
			if errors.Is(err, unix.EINTR) {
				continue
			}
			h.log.Error("epoll wait failed", "err", err)
			return
		}
		for i := range events[:n] {
			p.mu.Lock()
			c := p.conns[events[i].Fd]
			p.mu.Unlock()
			if c != nil {
				p.read(c)
			}
		}
	}
}

// read reads what c's socket holds and handles it.
func (p *poller) read(c *conn) {
	p.n, p.err = 0, nil
	if err := c.rc.Read(p.readFn); err != nil {
		c.gone() // closed
		return
	}
	switch {
	case p.err == unix.EAGAIN || p.err == unix.EINTR:
	case p.err != nil || p.n <= 0:
		c.gone()
	default:
		c.consume(p.buf[:p.n])
	}
}
