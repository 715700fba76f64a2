package httpapi

import (
	"context"
	"sync"
	"time"
)

// deadlineCtx is a request's context bounded by its route's time limit. The
// bound costs nothing until something waits on it: its timer and its done
// channel are made at the first call to Done (every database call makes
// one), so an answer served from memory (the overview's kept lists, a
// caller from the principal cache) never arms a timer. Err and Deadline
// tell the truth before that too. The request's access record holds one
// (access), unbounded until its route is known: until then it is the
// request's context as it came.
type deadlineCtx struct {
	context.Context // the request's
	deadline        time.Time
	bounded         bool // set once, before anything waits on it

	arm      sync.Once
	mu       sync.Mutex
	done     chan struct{} // made by Done; closed with err set
	err      error
	timer    *time.Timer
	unparent func() bool // stops following the request's context
	released bool
}

type deadlineKey struct{}

// withDeadline returns ctx bounded until deadline; release it once the
// request is served.
func withDeadline(ctx context.Context, deadline time.Time) *deadlineCtx {
	return &deadlineCtx{Context: ctx, deadline: deadline, bounded: true}
}

func (c *deadlineCtx) Deadline() (time.Time, bool) {
	if !c.bounded {
		return c.Context.Deadline()
	}
	if d, ok := c.Context.Deadline(); ok && d.Before(c.deadline) {
		return d, true
	}
	return c.deadline, true
}

func (c *deadlineCtx) Done() <-chan struct{} {
	if !c.bounded {
		return c.Context.Done()
	}
	c.arm.Do(c.start)
	return c.done
}

// start makes the done channel and closes it at the deadline or when the
// request's context ends, whichever comes first.
func (c *deadlineCtx) start() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.done = make(chan struct{})
	if c.err != nil || c.released {
		c.end(c.err)
		return
	}
	if err := c.Context.Err(); err != nil {
		c.end(err)
		return
	}
	left := time.Until(c.deadline)
	if left <= 0 {
		c.end(context.DeadlineExceeded)
		return
	}
	c.timer = time.AfterFunc(left, func() { c.cancel(context.DeadlineExceeded) })
	c.unparent = context.AfterFunc(c.Context, func() { c.cancel(c.Context.Err()) })
}

func (c *deadlineCtx) cancel(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.end(err)
}

// end records err (the first one) and closes done; called with c.mu held.
func (c *deadlineCtx) end(err error) {
	if c.err == nil {
		c.err = err
	}
	if c.done != nil {
		select {
		case <-c.done:
		default:
			close(c.done)
		}
	}
}

func (c *deadlineCtx) Err() error {
	if !c.bounded {
		return c.Context.Err()
	}
	c.mu.Lock()
	err := c.err
	armed := c.done != nil
	c.mu.Unlock()
	if err != nil || armed {
		return err
	}
	// Not armed: nothing waits, so nothing was told; say what it would be.
	if err := c.Context.Err(); err != nil {
		return err
	}
	if !time.Now().Before(c.deadline) {
		return context.DeadlineExceeded
	}
	return nil
}

func (c *deadlineCtx) Value(key any) any {
	if key == (deadlineKey{}) && c.bounded {
		return c
	}
	return c.Context.Value(key)
}

// release ends the bound once the request is served: its timer is
// stopped, and what still waits on it is told the request is over.
func (c *deadlineCtx) release() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.released = true
	if c.timer != nil {
		c.timer.Stop()
	}
	if c.unparent != nil {
		c.unparent()
	}
	c.end(context.Canceled)
}

// expired tells whether ctx is (within) a request that ran out of its
// route's time.
func expired(ctx context.Context) bool {
	c, ok := ctx.Value(deadlineKey{}).(*deadlineCtx)
	return ok && c.Err() == context.DeadlineExceeded
}
