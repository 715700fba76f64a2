package hub

import (
	"net"
	"time"

	"github.com/gobwas/ws"
)

// How a socket ends. Every way — a bad frame, a slow reader, a takeover,
// silence, shutdown, the player's own close — goes through end, once: the
// socket leaves the hub's indexes, the hub's writes to it end, the close
// frame is written, and the TCP connection is shut when the player answers
// it or CloseWithin after, whatever the player does. Waiting for the answer
// costs a timer, no goroutine: the poller reading the socket reads the
// answer.

// close ends c with code on the hub's behalf (a takeover, a full queue,
// silence, shutdown). It never blocks the hub.
func (c *conn) close(code ws.StatusCode, reason string) {
	c.qmu.Lock()
	c.dead = true
	c.queue = nil
	if c.closeCode == 0 {
		c.closeCode, c.closeReason = code, reason
	}
	c.qmu.Unlock()
	c.end(code, reason, false)
}

// end starts releasing c with code, the first time it is called; answered
// says the player's close frame (or the end of its stream) came, so that
// the socket is shut as soon as the close frame is written. From here the
// socket's reader drops everything but the player's close frame.
func (c *conn) end(code ws.StatusCode, reason string, answered bool) {
	c.endMu.Lock()
	if answered {
		c.answered = true
	}
	if c.finishing {
		shut := c.answered && c.closeSent
		c.endMu.Unlock()
		if shut {
			c.shut()
		}
		return
	}
	c.finishing = true
	c.endMu.Unlock()
	c.readOver.Store(true)
	go c.release(code, reason) // a write may wait for a player that does not read
}

// release writes c's close frame, within CloseWithin, once the hub's
// writes to the socket have ended, and shuts the socket when the player
// has answered (or cannot) or CloseWithin after.
func (c *conn) release(code ws.StatusCode, reason string) {
	h := c.h
	if c.code != "" {
		h.unregister(c)
	}
	by := time.Now().Add(h.opts.CloseWithin)
	c.ending.Store(true)
	err := c.sock.setWriteDeadline(by) // a write blocked on a player that does not read ends by then
	c.endWrites()
	if err == nil {
		var frame []byte
		frame, err = ws.CompileFrame(ws.NewCloseFrame(ws.NewCloseFrameBody(code, reason)))
		if err == nil {
			err = c.sock.writeBuffers(net.Buffers{frame})
		}
	}
	c.endMu.Lock()
	c.closeSent = true
	now := c.answered || err != nil || c.shutDone
	if !now {
		c.shutTimer = time.AfterFunc(time.Until(by), c.shut)
	}
	c.endMu.Unlock()
	if now {
		c.shut()
	}
}

// shut closes c's TCP connection, once, and stops counting it.
func (c *conn) shut() {
	c.endMu.Lock()
	if c.shutDone {
		c.endMu.Unlock()
		return
	}
	c.shutDone = true
	if c.shutTimer != nil {
		c.shutTimer.Stop()
	}
	c.endMu.Unlock()
	c.unpoll()
	c.sock.close()
	h := c.h
	h.mu.Lock()
	if c.counted {
		c.counted = false
		if h.perDevice[c.code]--; h.perDevice[c.code] <= 0 {
			delete(h.perDevice, c.code)
		}
	}
	h.leavePendingLocked(c) // counted until shut: closing sockets hold files too
	h.mu.Unlock()
	h.conns.Done()
}

// startReading hands c's socket, its auth phase over, to its poller when
// the hub owns its descriptor (Hub.own), else to a goroutine of its own.
func (c *conn) startReading() {
	if c.poll == nil {
		go c.readLoop()
		return
	}
	if err := c.poll.add(c); err != nil {
		// The kernel refused to watch one more socket: nothing can read
		// this one, which is shut CloseWithin after its close frame.
		c.h.log.Warn("player socket not watched; closing it", "device", c.code, "err", err)
		c.end(CloseTryLater, "servidor ocupado; tente de novo", false)
	}
}

// readLoop reads c's socket until it is shut, when no poller can.
func (c *conn) readLoop() {
	buf := make([]byte, 2048)
	var sc headerScratch
	for {
		n, err := c.nc.Read(buf)
		if n > 0 {
			c.consume(buf[:n], &sc)
		}
		if err != nil {
			c.gone()
			return
		}
	}
}

// unpoll stops c's poller watching its socket.
func (c *conn) unpoll() {
	if p := c.poll; p != nil {
		p.remove(c)
	}
}
