package hub

import (
	"bytes"
	"net"
	"sync"
	"time"

	"github.com/gobwas/ws"
)

// enqueue adds a frame to c's queue and schedules a writer; a full queue
// means the player reads too slowly: it is dropped and reconnects. (A
// method of the hub: a push's enqueue reads no line of c but the queue's.)
func (h *Hub) enqueue(c *conn, f frame) {
	c.qmu.Lock()
	if c.dead {
		c.qmu.Unlock()
		return
	}
	if len(c.queue) >= h.opts.QueueSize {
		c.qmu.Unlock()
		c.close(CloseTooSlow, "fila de envio cheia")
		return
	}
	if f.playlist {
		if f.read < c.queuedAt {
			// Read before the playlist already queued (a connect racing a
			// change): what it carries is older.
			c.qmu.Unlock()
			return
		}
		c.queuedAt = f.read
		version := f.version()
		if f.how == pushChanged && version == c.queuedVersion && bytes.Equal(f.tvJSON, c.queuedTV) && bytes.Equal(f.overrides, c.queuedOver) {
			c.qmu.Unlock()
			return // the player has it, or will have it from the one queued
		}
		c.queuedVersion, c.queuedTV, c.queuedOver = version, f.tvJSON, f.overrides
		if c.greeted && f.how == pushChanged && h.opts.Acked != nil && f.screen {
			f.queued = monotonic()
		}
		// A newer playlist replaces one not yet written (and is timed from
		// the older one's queuing: the change it carries waited since then).
		kept := c.queue[:0]
		for _, q := range c.queue {
			if !q.playlist {
				kept = append(kept, q)
			} else if q.queued != 0 && f.queued != 0 {
				f.queued = min(f.queued, q.queued)
			}
		}
		c.queue = kept
	}
	c.queue = append(c.queue, f)
	schedule := !c.scheduled
	c.scheduled = true
	c.qmu.Unlock()
	if schedule {
		h.ready.put(c)
	}
}

// write is one of the pool's writers.
func (h *Hub) write() {
	defer h.done.Done()
	var scratch writeScratch
	for {
		c, ok := h.ready.take(h.stop)
		if !ok {
			return
		}
		h.writeAll(c, &scratch)
	}
}

// readyQueue holds the connections that have frames to write, in the order
// they got them, until a writer takes them. A connection is in it at most
// once (c.scheduled), so it never holds more than the hub's connections and
// is never full: queuing a push's thousands of players never waits for a
// writer (a full channel made the pusher park and wake for every write).
type readyQueue struct {
	mu    sync.Mutex
	conns []*conn // waiting from head on
	head  int
	idle  int           // writers waiting for a connection
	wake  chan struct{} // one token per idle writer woken; room for every writer
}

func newReadyQueue(writers int) *readyQueue {
	return &readyQueue{wake: make(chan struct{}, writers)}
}

// put queues c and wakes a writer when one waits.
func (q *readyQueue) put(c *conn) {
	q.mu.Lock()
	if q.head > 0 && len(q.conns) == cap(q.conns) {
		// Full up to its capacity: the taken ones' room is used again.
		n := copy(q.conns, q.conns[q.head:])
		clear(q.conns[n:])
		q.conns, q.head = q.conns[:n], 0
	}
	q.conns = append(q.conns, c)
	wake := q.idle > 0
	if wake {
		q.idle--
	}
	q.mu.Unlock()
	if wake {
		q.wake <- struct{}{} // never waits: at most one token per writer
	}
}

// take returns the connection waiting longest, waiting for one; false once
// stop is closed.
func (q *readyQueue) take(stop <-chan struct{}) (*conn, bool) {
	for {
		q.mu.Lock()
		if q.head < len(q.conns) {
			c := q.conns[q.head]
			q.conns[q.head] = nil
			q.head++
			if q.head == len(q.conns) {
				q.conns, q.head = q.conns[:0], 0
			}
			q.mu.Unlock()
			return c, true
		}
		q.idle++
		q.mu.Unlock()
		select {
		case <-q.wake:
		case <-stop:
			return nil, false
		}
	}
}

// writeAll writes c's frames until its queue is empty. c stays scheduled
// meanwhile: frames queued during a write wait for this writer, never
// racing it on another, so a player gets its frames in the order they were
// queued (an older playlist never lands after a newer one).
func (h *Hub) writeAll(c *conn, scratch *writeScratch) {
	wrote := false
	var done []frame // the last frames written: their slice is queued into next
	for {
		c.qmu.Lock()
		if wrote {
			c.writtenAt = monotonic()
		}
		frames := c.queue
		c.queue = nil
		if done != nil && !c.dead {
			clear(done[:cap(done)]) // nothing written stays alive through it
			c.queue = done[:0]
		}
		if len(frames) == 0 || c.dead {
			c.scheduled = false
			c.qmu.Unlock()
			return
		}
		c.qmu.Unlock()
		if err := h.writeFrames(c, frames, scratch); err != nil {
			c.close(ws.StatusGoingAway, "falha ao enviar")
			wrote, done = false, nil
			continue
		}
		wrote, done = false, frames
		for _, f := range frames {
			if f.playlist {
				wrote = true
				h.Pushed.Add(1)
			}
		}
	}
}

// writeFrames writes frames to c's socket, in one system call: each
// frame's header (ws.WriteHeader) and its parts as they are (the
// schedule's bytes, shared by every screen that shows it, are never copied
// per connection; see frame). A playlist is one text message in one
// frame; a pong is the control frame. The close frame is written by
// release, after the hub's writes ended (endWrites), so it never lands
// inside one of these.
func (h *Hub) writeFrames(c *conn, frames []frame, scratch *writeScratch) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.wended || c.ending.Load() {
		return net.ErrClosed
	}
	scratch.heads.Reset()
	scratch.ends = scratch.ends[:0]
	scratch.tvs = scratch.tvs[:0]
	sent := c.sentTV
	for _, f := range frames {
		if f.queued != 0 {
			// Noted before writing: the player may ack before the write returns.
			c.pushedAt.CompareAndSwap(0, f.queued)
		}
		// A playlist's TV part the player has from the last one written on
		// this socket is not sent again (a recheck sends it whole: the
		// player may not have applied the last one).
		same := false
		if f.playlist {
			same = f.tvJSON != nil && sent != nil && f.how != pushRecheck && bytes.Equal(f.tvJSON, sent)
			sent = f.tvJSON
		}
		var tv []byte // the TV part written
		n := len(f.body)
		if f.screen {
			if tv = f.tvJSON; same {
				tv = sameScreen
			}
			n += len(tv) + len(overridesField) + len(f.overrides) + len(scheduleField) + len(f.schedule.data) + len(frameEnd)
		}
		scratch.tvs = append(scratch.tvs, tv)
		op := f.op
		if op == 0 {
			op = ws.OpText
		}
		if err := ws.WriteHeader(&scratch.heads, ws.Header{Fin: true, OpCode: op, Length: int64(n)}); err != nil {
			return err
		}
		scratch.ends = append(scratch.ends, scratch.heads.Len())
	}
	heads := scratch.heads.Bytes()
	bufs := scratch.bufs[:0]
	at := 0
	for i, f := range frames {
		end := scratch.ends[i]
		bufs = append(bufs, heads[at:end:end])
		at = end
		bufs = append(bufs, f.body)
		if f.screen {
			bufs = append(bufs, scratch.tvs[i], overridesField, f.overrides, scheduleField, f.schedule.data, frameEnd)
		}
	}
	scratch.bufs = bufs
	defer func() { // the writer keeps no frame alive
		clear(scratch.bufs[:cap(scratch.bufs)])
		clear(scratch.tvs[:cap(scratch.tvs)])
	}()
	// What the player has once the write is done; a failed write closes
	// the socket.
	c.sentTV = sent
	// The write deadline is moved only once half of WriteWithin has passed
	// (moving it costs more than the clock read): a write still gets
	// between half of WriteWithin and all of it.
	if now := time.Now(); c.writeBy.Sub(now) < h.opts.WriteWithin/2 {
		c.writeBy = now.Add(h.opts.WriteWithin)
		if err := c.sock.setWriteDeadline(c.writeBy); err != nil {
			return err
		}
		if c.ending.Load() {
			return net.ErrClosed // the release's deadline, set meanwhile, must stand
		}
	}
	return c.sock.writeBuffers(bufs)
}

// writeScratch is a writer's own memory for the buffers it hands the
// socket, reused from one write to the next.
type writeScratch struct {
	heads bytes.Buffer // the frames' headers, one after the other
	ends  []int        // where each header ends in heads
	tvs   [][]byte     // each frame's TV part as written (a playlist's, or "same")
	bufs  net.Buffers
}

// sameScreen stands for a playlist's TV part the player already has.
var sameScreen = []byte(`"same"`)

// endWrites ends the hub's writes to c's socket: one in progress finishes
// (or fails by the connection's deadline, which the caller has set), none
// follows, and the library may write its close frame.
func (c *conn) endWrites() {
	c.wmu.Lock()
	c.wended = true
	c.wmu.Unlock()
}
