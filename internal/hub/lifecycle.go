package hub

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/display"
	"vitrine/internal/ids"
)

// Serve upgrades the request to a player connection and serves it until it
// closes. addr is the client's address (behind trusted proxies, the one
// they name): an address holding PendingPerAddress sockets still in the
// auth phase is refused with ErrTooManyPending before the upgrade.
func (h *Hub) Serve(w http.ResponseWriter, r *http.Request, addr string) error {
	if !h.admit(addr) {
		return ErrTooManyPending
	}
	sb := &smallBuffers{ResponseWriter: w, within: h.opts.WriteWithin}
	ws, err := websocket.Accept(sb, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		h.leavePending(addr, nil)
		return nil // Accept wrote the error response
	}
	nc, br, lw := sb.conn, sb.reader, sb.writer
	ws.SetReadLimit(MaxFrame)
	// The auth frame is read under a deadline on the connection (the
	// library's context deadline would drop it without the close frame),
	// set before the socket is listed: Close ends the listed ones' reads.
	nc.SetReadDeadline(time.Now().Add(h.opts.AuthWithin))
	h.mu.Lock()
	h.pending[nc] = struct{}{}
	if h.closing {
		nc.SetReadDeadline(longAgo)
	}
	h.mu.Unlock()
	h.conns.Add(1)
	// The connection is served from a goroutine of its own, so that the
	// handler returns: net/http then drops the request, the response and
	// the handler's stack, which would otherwise live as long as the socket.
	go func() {
		defer h.conns.Done()
		code, why, reason := h.authenticate(ws, nc)
		if why != 0 {
			h.release(ws, nc, lw, why, reason)
			h.leavePending(addr, nc) // counted until released: closing sockets hold files too
			return
		}
		// The library read the auth frame through a reader of the bytes
		// the upgrade's request left buffered followed by the connection;
		// its first read took those bytes, so once nothing else waits in
		// br, br may read the connection straight. (Go's poller must
		// try each read itself: it forgets, as a read begins, that data
		// came since the last one, so a read that waited first could
		// wait for the frame after the one already there.)
		if br.Buffered() == 0 {
			br.Reset(nc)
		}
		c := &conn{h: h, ws: ws, nc: nc, br: br, id: ids.Secret(12), code: code}
		c.lastFrame.Store(h.now().UnixNano())
		if why, reason := h.register(c); why != 0 {
			h.release(ws, nc, lw, why, reason)
			h.leavePending(addr, nc)
			return
		}
		h.leavePending(addr, nc) // counted by its device from here
		why, reason = c.serve()
		h.unregister(c)
		by := time.Now().Add(h.opts.CloseWithin)
		c.ending.Store(true)
		nc.SetDeadline(by) // a write blocked on a player that does not read ends by then
		c.endWrites()
		h.releaseBy(ws, nc, lw, why, reason, by)
		h.mu.Lock()
		if h.perDevice[code]--; h.perDevice[code] <= 0 {
			delete(h.perDevice, code)
		}
		h.mu.Unlock()
	}()
	return nil
}

// admit counts a socket from addr in the auth phase, unless addr holds
// PendingPerAddress already.
func (h *Hub) admit(addr string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if limit := h.opts.PendingPerAddress; limit > 0 && h.pendingFrom[addr] >= limit {
		return false
	}
	h.pendingFrom[addr]++
	return true
}

// leavePending ends a socket's auth phase (nc nil: it never upgraded).
func (h *Hub) leavePending(addr string, nc net.Conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if nc != nil {
		delete(h.pending, nc)
	}
	if h.pendingFrom[addr]--; h.pendingFrom[addr] <= 0 {
		delete(h.pendingFrom, addr)
	}
}

// longAgo is a deadline in the past: it ends a blocked read or write at
// once.
var longAgo = time.Unix(1, 0)

// release ends a socket within CloseWithin whatever the player does: the
// close frame is written (unless one was already) and the player's answer
// awaited under one deadline on the connection, then the connection is
// closed. It runs on the socket's own goroutine: closing costs no goroutine
// or timer beyond the connection's deadline.
func (h *Hub) release(ws *websocket.Conn, nc net.Conn, lw *libraryWriter, code websocket.StatusCode, reason string) {
	h.releaseBy(ws, nc, lw, code, reason, time.Now().Add(h.opts.CloseWithin))
}

// releaseBy is release with the deadline by, which the library's writes
// through lw keep.
func (h *Hub) releaseBy(ws *websocket.Conn, nc net.Conn, lw *libraryWriter, code websocket.StatusCode, reason string, by time.Time) {
	lw.fix()
	nc.SetDeadline(by)
	ws.Close(code, reason)
	nc.Close() // ws.Close has closed it on every path; this makes sure
}

// serve sends c its first playlist and handles its frames until the socket
// ends; it returns the close code and reason to end it with.
func (c *conn) serve() (websocket.StatusCode, string) {
	h := c.h
	select {
	case h.connects <- c: // a greeter sends its first playlist
	case <-h.stop:
		return websocket.StatusServiceRestart, "servidor reiniciando"
	}
	return c.read()
}

// Greeting: connections' first playlists are read a batch at a time — up
// to greetBatch connections that arrived within greetWait of the first —
// so a replica's players reconnecting together read their screens and
// bookings a few hundred at a time; a lone connection waits greetWait.
const (
	greeters   = 4
	greetBatch = 256
	greetWait  = 2 * time.Millisecond
)

// greet is one of the goroutines sending new connections their playlist.
func (h *Hub) greet() {
	defer h.done.Done()
	for {
		var batch []*conn
		select {
		case <-h.stop:
			return
		case c := <-h.connects:
			batch = append(batch, c)
		}
		wait := time.NewTimer(greetWait)
	collect:
		for len(batch) < greetBatch {
			select {
			case c := <-h.connects:
				batch = append(batch, c)
			case <-wait.C:
				break collect
			case <-h.stop:
				wait.Stop()
				return
			}
		}
		wait.Stop()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		failed := h.resolve(ctx, batch, pushGreeting)
		cancel()
		// A player greeted with nothing would wait on its socket for a
		// playlist nobody sends: it is told to come back, with its backoff.
		for _, c := range failed {
			c.close(CloseTryLater, "servidor ocupado; tente de novo")
		}
		for _, c := range batch {
			c.qmu.Lock()
			c.greeted = true
			c.qmu.Unlock()
		}
	}
}

// sweep closes the connections silent for longer than IdleTimeout (one
// timer for the hub rather than one per read).
func (h *Hub) sweep() {
	defer h.done.Done()
	tick := time.NewTicker(h.opts.IdleTimeout / 9)
	defer tick.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-tick.C:
		}
		limit := h.now().Add(-h.opts.IdleTimeout).UnixNano()
		var idle []*conn
		h.mu.RLock()
		for _, c := range h.byCode {
			if c.lastFrame.Load() < limit {
				idle = append(idle, c)
			}
		}
		h.mu.RUnlock()
		for _, c := range idle {
			c.close(websocket.StatusGoingAway, "sem sinal do player")
		}
	}
}

// authenticate reads the auth frame (due within AuthWithin of the upgrade,
// by the connection's read deadline). A refusal returns its close code.
func (h *Hub) authenticate(ws *websocket.Conn, nc net.Conn) (code string, refused websocket.StatusCode, reason string) {
	typ, data, err := ws.Read(context.Background())
	h.mu.RLock()
	closing := h.closing
	h.mu.RUnlock()
	switch {
	case closing:
		return "", websocket.StatusServiceRestart, "servidor reiniciando"
	case errors.Is(err, websocket.ErrMessageTooBig):
		return "", websocket.StatusMessageTooBig, "quadro grande demais" // the library sent 1009 already
	case err != nil:
		return "", CloseUnauthorized, "autenticação ausente"
	}
	var msg struct {
		Type  string `json:"type"`
		Token string `json:"token"`
	}
	if typ != websocket.MessageText || json.Unmarshal(data, &msg) != nil || msg.Type != "auth" {
		return "", CloseUnauthorized, "o primeiro quadro deve ser auth"
	}
	ctx, cancel := context.WithTimeout(context.Background(), h.opts.AuthWithin)
	defer cancel()
	code, err = h.src.Authenticate(ctx, msg.Token)
	if err != nil {
		return "", CloseUnauthorized, "token desconhecido"
	}
	nc.SetReadDeadline(time.Time{})
	return code, 0, ""
}

// register indexes c under its code, closing an older connection of the
// same device; a refusal returns its close code.
func (h *Hub) register(c *conn) (websocket.StatusCode, string) {
	h.mu.Lock()
	if h.closing {
		h.mu.Unlock()
		return websocket.StatusServiceRestart, "servidor reiniciando"
	}
	if h.perDevice[c.code] >= h.opts.PerDevice {
		h.mu.Unlock()
		return CloseTooMany, "conexões demais deste dispositivo"
	}
	h.perDevice[c.code]++
	old := h.byCode[c.code]
	if old != nil {
		h.removeLocked(old)
	}
	h.byCode[c.code] = c
	h.unpaired[c] = struct{}{}
	h.mu.Unlock()
	if old != nil {
		old.close(CloseReplaced, "outra conexão deste dispositivo assumiu")
	}
	return 0, ""
}

func (h *Hub) unregister(c *conn) {
	h.mu.Lock()
	wasPaired := c.paired
	tv := c.tv
	current := h.byCode[c.code] == c
	if current {
		h.removeLocked(c)
	}
	h.mu.Unlock()
	c.qmu.Lock()
	c.dead = true
	c.queue = nil
	c.qmu.Unlock()
	if wasPaired {
		// The close carries the last hash acknowledged and not yet recorded:
		// the live view of an offline TV shows what its player last had.
		s := display.Status{DisplayID: tv.DisplayID, FranchiseID: tv.FranchiseID,
			ConnectionID: c.id, Online: false, Ack: h.now().UnixMilli()}
		c.ackMu.Lock()
		c.takeHash(&s)
		c.ackMu.Unlock()
		h.report(s)
	}
}

// removeLocked drops c from every index; h.mu is held.
func (h *Hub) removeLocked(c *conn) {
	if h.byCode[c.code] == c {
		delete(h.byCode, c.code)
	}
	delete(h.unpaired, c)
	if c.paired {
		if h.byDisplay[c.tv.DisplayID] == c {
			delete(h.byDisplay, c.tv.DisplayID)
		}
		if set := h.byFranchise[c.tv.FranchiseID]; set != nil {
			delete(set, c)
			if len(set) == 0 {
				delete(h.byFranchise, c.tv.FranchiseID)
			}
		}
	}
}
