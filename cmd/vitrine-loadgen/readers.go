package main

import (
	"errors"
	"runtime"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// A reader reads the sockets it watches when the kernel says they have
// bytes (epoll, level-triggered), one at a time into its own buffer, and
// hands their messages on (rawSocket.start). The generator has one per
// processor: a goroutine per player, parked in Go's poller between
// playlists, cost the generator a third of its CPU again in wake-ups and
// reads that found nothing, on the cores the server measured runs on.
type reader struct {
	ep    int
	mu    sync.Mutex
	socks map[int32]*rawSocket // by descriptor
	buf   []byte
}

// readers returns the generator's readers, started on first use; they
// live as long as the process.
var readers = sync.OnceValue(func() *readerSet {
	set := &readerSet{}
	for range runtime.GOMAXPROCS(0) {
		ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
		if err != nil {
			set.err = err
			return set
		}
		r := &reader{ep: ep, socks: map[int32]*rawSocket{}, buf: make([]byte, 64<<10)}
		set.list = append(set.list, r)
		go r.run()
	}
	return set
})

type readerSet struct {
	list []*reader
	next int
	mu   sync.Mutex
	err  error // epoll unavailable
}

// watch has one of the readers read s, the readers taken in turn.
func (set *readerSet) watch(s *rawSocket) error {
	if set.err != nil {
		return set.err
	}
	set.mu.Lock()
	r := set.list[set.next%len(set.list)]
	set.next++
	set.mu.Unlock()
	return r.watch(s)
}

// watch has r read s. The socket's lock is held for writing: its end,
// which reads s.reader to forget it, waits until it is recorded.
func (r *reader) watch(s *rawSocket) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errors.New("the socket ended before its reading began")
	}
	r.mu.Lock()
	r.socks[int32(s.fd)] = s
	s.reader = r
	r.mu.Unlock()
	ev := unix.EpollEvent{Events: unix.EPOLLIN | unix.EPOLLRDHUP, Fd: int32(s.fd)}
	if err := unix.EpollCtl(r.ep, unix.EPOLL_CTL_ADD, s.fd, &ev); err != nil {
		r.forget(s)
		return err
	}
	return nil
}

// forget stops watching s; its descriptor is about to be closed (which
// takes it out of the epoll set).
func (r *reader) forget(s *rawSocket) {
	r.mu.Lock()
	if r.socks[int32(s.fd)] == s {
		delete(r.socks, int32(s.fd))
	}
	r.mu.Unlock()
}

func (r *reader) run() {
	events := make([]unix.EpollEvent, 256)
	for {
		n, err := unix.EpollWait(r.ep, events, -1)
		if err != nil {
			if errors.Is(err, syscall.EINTR) {
				continue
			}
			panic("loadgen reader: epoll_wait: " + err.Error())
		}
		for _, ev := range events[:n] {
			r.mu.Lock()
			s := r.socks[ev.Fd]
			r.mu.Unlock()
			if s != nil {
				s.readReady(r.buf)
			}
		}
	}
}
