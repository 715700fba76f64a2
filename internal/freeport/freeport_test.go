package freeport

import "testing"

// Ports handed out in a row are all different, although each is released
// before the next is asked for.
func TestLoopbackNeverHandsOutAPortTwice(t *testing.T) {
	seen := map[int]bool{}
	for range 300 {
		port, err := Loopback()
		if err != nil {
			t.Fatal(err)
		}
		if seen[port] {
			t.Fatalf("port %d handed out twice", port)
		}
		seen[port] = true
	}
}
