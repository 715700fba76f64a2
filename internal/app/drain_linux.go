package app

import (
	"errors"
	"net"
	"time"

	"golang.org/x/sys/unix"
)

var errAcceptQueue = errors.New("connections stayed in the accept queue")

// drainListener stops a listening socket at a moment its accept queue is
// empty, so that no connection the kernel has completed is lost.
//
// Closing a listener resets every connection in its accept queue: ones
// whose handshake the kernel finished but that Serve had not accepted yet.
// A balancer has usually sent its request on such a connection already, and
// it never repeats a POST it sent (nginx: "recv() failed (104: Connection
// reset by peer)", a 502 for the client). So the listener is stopped
// (shutdown(2), which makes the port refuse new connections, and those a
// balancer always retries on another replica) in the same step as the
// check that the queue is empty (its length is TCP_INFO's tcpi_unacked on
// a listening socket), while Serve goes on accepting between the checks.
// What is left is a connection completed between the check and the
// shutdown, two system calls apart. Serve's Accept then fails, and the
// server's Shutdown closes what is left of the listener.
//
// It gives up after limit, leaving the listener to the plain close.
func drainListener(ln net.Listener, limit time.Duration) error {
	tl, ok := ln.(*net.TCPListener)
	if !ok {
		return nil
	}
	rc, err := tl.SyscallConn()
	if err != nil {
		return err
	}
	deadline := time.Now().Add(limit)
	for {
		var stopped bool
		var sysErr error
		if err := rc.Control(func(fd uintptr) {
			info, err := unix.GetsockoptTCPInfo(int(fd), unix.IPPROTO_TCP, unix.TCP_INFO)
			if err != nil {
				sysErr = err
				return
			}
			if info.Unacked == 0 {
				sysErr = unix.Shutdown(int(fd), unix.SHUT_RD)
				stopped = sysErr == nil
			}
		}); err != nil {
			return err
		}
		if stopped || sysErr != nil {
			return sysErr
		}
		if time.Now().After(deadline) {
			return errAcceptQueue
		}
		time.Sleep(200 * time.Microsecond)
	}
}
