package hub

import (
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The bell rings a parked poller when its set has events, at once when it
// already had them, never while the poller is not parked, and the wait
// ends when the poller stops.
func TestAPollersBellRingsOnlyWhileItWaits(t *testing.T) {
	p, err := newPoller()
	if err != nil {
		t.Skipf("no epoll here: %v", err)
	}
	defer unix.Close(p.ep)
	var fds [2]int
	if err := unix.Pipe2(fds[:], unix.O_NONBLOCK|unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	r, w := fds[0], fds[1]
	defer unix.Close(r)
	defer unix.Close(w)
	if err := unix.EpollCtl(p.ep, unix.EPOLL_CTL_ADD, r, &unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(r)}); err != nil {
		t.Fatal(err)
	}
	drain := func() {
		var b [64]byte
		for {
			if _, err := unix.Read(r, b[:]); err != nil {
				return
			}
		}
	}
	parked := make(chan error, 1)
	park := func() { go func() { parked <- p.park() }() }
	rung := func(what string) {
		t.Helper()
		select {
		case err := <-parked:
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the bell did not ring", what)
		}
	}
	quiet := func(what string) {
		t.Helper()
		select {
		case err := <-parked:
			t.Fatalf("%s: the poller woke (%v)", what, err)
		case <-time.After(100 * time.Millisecond):
		}
	}

	park()
	quiet("nothing to read")
	unix.Write(w, []byte("a"))
	rung("a byte came while the poller waited")

	// Not parked: bytes coming now leave the bell silent (disarmed).
	drain()
	unix.Write(w, []byte("b"))
	var rang int
	p.rc.Control(func(bell uintptr) {
		var ev [1]unix.EpollEvent
		rang, _ = unix.EpollWait(int(bell), ev[:], 0)
	})
	if rang != 0 {
		t.Fatal("the bell rang while the poller was not waiting")
	}
	park()
	rung("bytes already there when the poller parked")

	drain()
	park()
	quiet("read, nothing more")
	p.stop()
	select {
	case err := <-parked:
		if err == nil {
			t.Fatal("the wait ended without an error at the stop")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the wait did not end at the stop")
	}
}
