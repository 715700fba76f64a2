// Package freeport picks free TCP ports on loopback for the programs and
// tests that start servers of their own (Vitrine replicas, MinIO, nginx).
package freeport

import (
	"errors"
	"net"
	"sync"
)

var (
	mu sync.Mutex
	// handed holds the ports this process was given: a port is released
	// before Loopback returns, so the kernel may offer it again to the next
	// call, before the first caller's server listens on it (a replica's
	// metrics port was once its neighbour's public port).
	handed = map[int]bool{}
)

// Loopback returns a port on 127.0.0.1 that nothing listens on now and that
// no earlier call of this process returned. The port is released before it
// returns, so another process could take it first; the callers start their
// server on it at once.
func Loopback() (int, error) {
	mu.Lock()
	defer mu.Unlock()
	for range 100 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, err
		}
		port := ln.Addr().(*net.TCPAddr).Port
		ln.Close()
		if !handed[port] {
			handed[port] = true
			return port, nil
		}
	}
	return 0, errors.New("freeport: the kernel offered only ports already handed out")
}
