package hub

import (
	"bytes"
	"net"
	"time"

	"github.com/gobwas/ws"
)

// enqueue adds a frame to c's queue and schedules a writer; a full queue
// means the player reads too slowly: it is dropped and reconnects.
func (c *conn) enqueue(f frame) {
	c.qmu.Lock()
	if c.dead {
		c.qmu.Unlock()
		return
	}
	if len(c.queue) >= c.h.opts.QueueSize {
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
		if f.how == pushChanged && f.version == c.queuedVersion && bytes.Equal(f.tvJSON, c.queuedTV) && bytes.Equal(f.overrides, c.queuedOver) {
			c.qmu.Unlock()
			return // the player has it, or will have it from the one queued
		}
		c.queuedVersion, c.queuedTV, c.queuedOver, c.queuedHash = f.version, f.tvJSON, f.overrides, scheduleHash(f.version)
		if c.greeted && f.how == pushChanged && c.h.opts.Acked != nil && len(f.parts) > 0 && bytes.HasPrefix(f.parts[0], playlistHead) {
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
		select {
		case c.h.work <- c:
		case <-c.h.stop:
		}
	}
}

// write is one of the pool's writers.
func (h *Hub) write() {
	defer h.done.Done()
	var scratch writeScratch
	for {
		select {
		case <-h.stop:
			return
		case c := <-h.work:
			h.writeAll(c, &scratch)
		}
	}
}

// writeAll writes c's frames until its queue is empty. c stays scheduled
// meanwhile: frames queued during a write wait for this writer, never
// racing it on another, so a player gets its frames in the order they were
// queued (an older playlist never lands after a newer one).
func (h *Hub) writeAll(c *conn, scratch *writeScratch) {
	wrote := false
	for {
		c.qmu.Lock()
		if wrote {
			c.writtenAt = monotonic()
		}
		frames := c.queue
		c.queue = nil
		if len(frames) == 0 || c.dead {
			c.scheduled = false
			c.qmu.Unlock()
			return
		}
		c.qmu.Unlock()
		if err := h.writeFrames(c, frames, scratch); err != nil {
			c.close(ws.StatusGoingAway, "falha ao enviar")
			wrote = false
			continue
		}
		wrote = false
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
// per connection). A playlist is one text message in one frame; a pong is
// the control frame. The close frame is written by release, after the hub's
// writes ended (endWrites), so it never lands inside one of these.
func (h *Hub) writeFrames(c *conn, frames []frame, scratch *writeScratch) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.wended || c.ending.Load() {
		return net.ErrClosed
	}
	scratch.heads.Reset()
	scratch.ends = scratch.ends[:0]
	scratch.same = scratch.same[:0]
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
		scratch.same = append(scratch.same, same)
		n := 0
		for i, p := range f.parts {
			if same && i == tvPart {
				p = sameScreen
			}
			n += len(p)
		}
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
		if scratch.same[i] {
			bufs = append(bufs, f.parts[:tvPart]...)
			bufs = append(bufs, sameScreen)
			bufs = append(bufs, f.parts[tvPart+1:]...)
			continue
		}
		bufs = append(bufs, f.parts...)
	}
	scratch.bufs = bufs
	defer clear(scratch.bufs[:cap(scratch.bufs)]) // the writer keeps no frame alive
	// What the player has once the write is done; a failed write closes
	// the socket.
	c.sentTV = sent
	// The write deadline is moved only once half of WriteWithin has passed
	// (moving it costs more than the clock read): a write still gets
	// between half of WriteWithin and all of it.
	if now := time.Now(); c.writeBy.Sub(now) < h.opts.WriteWithin/2 {
		c.writeBy = now.Add(h.opts.WriteWithin)
		if err := c.nc.SetWriteDeadline(c.writeBy); err != nil {
			return err
		}
		if c.ending.Load() {
			return net.ErrClosed // the release's deadline, set meanwhile, must stand
		}
	}
	switch c.nc.(type) {
	case *net.TCPConn, *net.UnixConn: // written with one writev
		_, err := bufs.WriteTo(c.nc)
		return err
	}
	buf := framePool.Get().(*bytes.Buffer) // one Write, whatever the connection
	defer framePool.Put(buf)
	buf.Reset()
	for _, b := range bufs {
		buf.Write(b)
	}
	_, err := c.nc.Write(buf.Bytes())
	return err
}

// writeScratch is a writer's own memory for the buffers it hands the
// socket, reused from one write to the next.
type writeScratch struct {
	heads bytes.Buffer // the frames' headers, one after the other
	ends  []int        // where each header ends in heads
	same  []bool       // whether each frame's TV part goes as "same"
	bufs  net.Buffers
}

// A playlist frame's parts are its head, the TV part of its screen, its
// overrides, then the schedule (follow.go, push); sameScreen stands for a
// TV part the player already has.
const tvPart = 1

var sameScreen = []byte(`"same"`)

// endWrites ends the hub's writes to c's socket: one in progress finishes
// (or fails by the connection's deadline, which the caller has set), none
// follows, and the library may write its close frame.
func (c *conn) endWrites() {
	c.wmu.Lock()
	c.wended = true
	c.wmu.Unlock()
}
