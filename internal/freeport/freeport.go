// Package freeport picks free TCP ports on loopback for the programs and
// tests that start servers of their own (Vitrine replicas, MinIO, nginx).
package freeport

import "net"

// Loopback returns a port on 127.0.0.1 that nothing listens on now. The
// port is released before it returns, so another process could take it
// first; the callers start their server on it at once.
func Loopback() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
