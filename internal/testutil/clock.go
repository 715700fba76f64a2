package testutil

import (
	"sync"
	"time"
)

// Clock is a controllable clock for WithClock: it stands still until
// Advance moves it.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock set at start.
func NewClock(start time.Time) *Clock { return &Clock{t: start} }

// Now is the clock's current time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}
