package httpapi

import (
	"sync"
	"time"
)

// windowLimiter allows each key (a client address) a number of calls per
// window, in memory on this replica: enough to keep one address from
// filling a table through a public route, without a round trip to the
// database per call.
type windowLimiter struct {
	limit  int
	window time.Duration

	mu   sync.Mutex
	seen map[string]*windowCount
}

type windowCount struct {
	start time.Time
	n     int
}

// maxKeys bounds the memory of a limiter: past it, expired windows go.
const maxKeys = 100_000

func newWindowLimiter(limit int, window time.Duration) *windowLimiter {
	return &windowLimiter{limit: limit, window: window, seen: map[string]*windowCount{}}
}

// allow counts a call of key at now and tells whether it is within the
// limit, and if not, how long until the window ends.
func (l *windowLimiter) allow(key string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.seen[key]
	if c == nil || now.Sub(c.start) >= l.window {
		if c == nil && len(l.seen) >= maxKeys {
			for k, v := range l.seen {
				if now.Sub(v.start) >= l.window {
					delete(l.seen, k)
				}
			}
		}
		c = &windowCount{start: now}
		l.seen[key] = c
	}
	c.n++
	if c.n > l.limit {
		return false, c.start.Add(l.window).Sub(now)
	}
	return true, 0
}
