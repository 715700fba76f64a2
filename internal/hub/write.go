package hub

import (
	"bytes"
	"encoding/binary"
	"net"
	"time"

	"github.com/coder/websocket"
)

// close ends c with code: the connection's read deadline passes at once,
// which ends its reader's read; the reader then releases the socket (a
// write blocked on a player that does not read ends by release's
// deadline; one in progress finishes, so the close frame still follows
// it). It never blocks the hub.
func (c *conn) close(code websocket.StatusCode, reason string) {
	c.qmu.Lock()
	c.dead = true
	c.queue = nil
	if c.closeCode == 0 {
		c.closeCode, c.closeReason = code, reason
	}
	c.qmu.Unlock()
	c.nc.SetReadDeadline(longAgo)
}

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
		if f.how == pushChanged && f.version == c.queuedVersion && bytes.Equal(f.tvJSON, c.queuedTV) {
			c.qmu.Unlock()
			return // the player has it, or will have it from the one queued
		}
		c.queuedVersion, c.queuedTV, c.queuedHash = f.version, f.tvJSON, scheduleHash(f.version)
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
			c.close(websocket.StatusGoingAway, "falha ao enviar")
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

// writeFrames writes frames to c's socket as WebSocket text messages, in
// one system call: each frame's header and its parts as they are (the
// schedule's bytes, shared by every screen that shows it, are never copied
// per connection). The hub writes its messages itself rather than through
// the WebSocket library, whose write copies the message into the socket's
// small buffer and writes it in two calls, under a time-out context armed
// per message. The library still writes its control frames (the close
// frame, pongs), each in one call of its own, so they never land inside one
// of these; none is written after c's writes ended (endWrites).
func (h *Hub) writeFrames(c *conn, frames []frame, scratch *writeScratch) error {
	scratch.heads = scratch.heads[:0]
	for _, f := range frames {
		if f.queued != 0 {
			// Noted before writing: the player may ack before the write returns.
			c.pushedAt.CompareAndSwap(0, f.queued)
		}
		n := 0
		for _, p := range f.parts {
			n += len(p)
		}
		scratch.heads = textHeader(scratch.heads, n)
	}
	bufs := scratch.bufs[:0]
	at := 0
	for _, f := range frames {
		n := textHeaderLen(f.parts)
		bufs = append(bufs, scratch.heads[at:at+n:at+n])
		at += n
		bufs = append(bufs, f.parts...)
	}
	scratch.bufs = bufs
	defer clear(scratch.bufs[:cap(scratch.bufs)]) // the writer keeps no frame alive
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.wended || c.ending.Load() {
		return net.ErrClosed
	}
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
	heads []byte
	bufs  net.Buffers
}

// textHeaderLen is the length of the header of a message of parts.
func textHeaderLen(parts [][]byte) int {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	switch {
	case n <= 125:
		return 2
	case n <= 0xFFFF:
		return 4
	default:
		return 10
	}
}

// textHeader appends to dst the header of a whole (final), unmasked text
// message of n bytes (RFC 6455, 5.2).
func textHeader(dst []byte, n int) []byte {
	dst = append(dst, 0x81)
	switch {
	case n <= 125:
		return append(dst, byte(n))
	case n <= 0xFFFF:
		return append(dst, 126, byte(n>>8), byte(n))
	default:
		return binary.BigEndian.AppendUint64(append(dst, 127), uint64(n))
	}
}

// endWrites ends the hub's writes to c's socket: one in progress finishes
// (or fails by the connection's deadline, which the caller has set), none
// follows, and the library may write its close frame.
func (c *conn) endWrites() {
	c.wmu.Lock()
	c.wended = true
	c.wmu.Unlock()
}
