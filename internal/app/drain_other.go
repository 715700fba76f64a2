//go:build !linux

package app

import (
	"net"
	"time"
)

// drainListener needs Linux's TCP_INFO on a listening socket; elsewhere
// the server's Shutdown just closes the listener.
func drainListener(net.Listener, time.Duration) error { return nil }
