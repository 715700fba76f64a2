package hub

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gobwas/ws"

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
	if !sameOrigin(r) {
		h.leavePending(addr, nil)
		http.Error(w, "origem não autorizada", http.StatusForbidden)
		return nil
	}
	nc, rw, _, err := upgrader.Upgrade(r, w)
	if err != nil {
		if nc != nil {
			nc.Close() // the upgrader wrote the error response
		}
		h.leavePending(addr, nil)
		hijackedStatus(w, http.StatusBadRequest)
		return nil
	}
	hijackedStatus(w, http.StatusSwitchingProtocols)
	c := &conn{h: h, nc: nc, sock: netSocket{nc}, addr: addr, id: ids.Secret(12), pendingPhase: true}
	if n := rw.Reader.Buffered(); n > 0 {
		// Bytes the player sent right after its request (its auth frame):
		// read before the server's buffer, 4 KB, is let go.
		c.in, _ = rw.Reader.Peek(n)
		c.in = bytes.Clone(c.in)
	}
	// The auth frame is read under a deadline on the connection, set
	// before the socket is listed: Close ends the listed ones' reads.
	nc.SetReadDeadline(time.Now().Add(h.opts.AuthWithin))
	h.mu.Lock()
	if h.closing {
		// Not counted: Close may be waiting for the counted ones already.
		h.mu.Unlock()
		h.leavePending(addr, nil)
		nc.SetDeadline(time.Now().Add(h.opts.CloseWithin))
		if frame, err := ws.CompileFrame(ws.NewCloseFrame(ws.NewCloseFrameBody(closeRestart, "servidor reiniciando"))); err == nil {
			nc.Write(frame)
		}
		nc.Close()
		return nil
	}
	h.pending[nc] = struct{}{}
	h.conns.Add(1) // done once the socket is shut
	h.mu.Unlock()
	// The auth phase runs on a goroutine of its own, so that the handler
	// returns: net/http then drops the request, the response and the
	// handler's stack. Once it is over the socket is read by a poller and
	// holds no goroutine.
	go h.admitted(c)
	return nil
}

// hijackedStatus tells the response writer (or one it wraps) that keeps an
// access log the status answered on the hijacked connection, when it
// listens (HijackedStatus).
func hijackedStatus(w http.ResponseWriter, code int) {
	for {
		if rec, ok := w.(interface{ HijackedStatus(code int) }); ok {
			rec.HijackedStatus(code)
			return
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return
		}
		w = u.Unwrap()
	}
}

// upgrader answers the WebSocket handshake (no extension: players'
// frames are small and a playlist's bytes are shared, never compressed
// per connection).
var upgrader = ws.HTTPUpgrader{}

// sameOrigin refuses a browser's socket opened from a page of another
// site (the player is served by this server): a request without Origin
// (not a browser's) or whose Origin names the request's host passes.
func sameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && strings.EqualFold(u.Host, r.Host)
}

// admitted runs a socket's auth phase, then hands it to a poller.
func (h *Hub) admitted(c *conn) {
	code, why, reason := h.authenticate(c)
	// Unless the socket ends already (a release may be writing to it), the
	// hub takes its descriptor: nothing else uses it yet.
	if c.readOver.Load() || !h.own(c) {
		c.nc.SetReadDeadline(time.Time{}) // read by a goroutine from here, without a deadline
	}
	if code == "" {
		if why != 0 {
			c.end(why, reason, false)
		}
		c.startReading() // for the player's answer to the close frame (it gets CloseWithin)
		return
	}
	c.code = code
	c.lastFrame.Store(h.now().UnixNano())
	if why, reason := h.register(c); why != 0 {
		c.end(why, reason, false)
		c.startReading()
		return
	}
	if h.buildFrame != nil {
		h.enqueue(c, frame{body: h.buildFrame}) // before its first playlist
	}
	select {
	case h.connects <- c: // a greeter sends its first playlist
	case <-h.stop:
		c.end(closeRestart, "servidor reiniciando", false)
	}
	c.consume(nil, new(headerScratch)) // frames that came with the auth frame
	c.startReading()
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

// leavePendingLocked ends c's auth phase, once; h.mu is held.
func (h *Hub) leavePendingLocked(c *conn) {
	if !c.pendingPhase {
		return
	}
	c.pendingPhase = false
	delete(h.pending, c.nc)
	if h.pendingFrom[c.addr]--; h.pendingFrom[c.addr] <= 0 {
		delete(h.pendingFrom, c.addr)
	}
}

// longAgo is a deadline in the past: it ends a blocked read or write at
// once.
var longAgo = time.Unix(1, 0)

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
			c.close(ws.StatusGoingAway, "sem sinal do player")
		}
	}
}

// authenticate reads the auth frame (due within AuthWithin of the upgrade,
// by the connection's read deadline). A refusal returns its close code; no
// code and no refusal means the socket ends already (a frame over the
// limit, a frame that cannot be read, the player's close).
func (h *Hub) authenticate(c *conn) (code string, refused ws.StatusCode, reason string) {
	var err error
	buf := make([]byte, 512)
	var sc headerScratch
	c.consume(nil, &sc)
	for c.authMsg == nil && !c.readOver.Load() {
		var n int
		n, err = c.nc.Read(buf)
		if n > 0 {
			c.consume(buf[:n], &sc)
		}
		if err != nil {
			break
		}
	}
	h.mu.RLock()
	closing := h.closing
	h.mu.RUnlock()
	switch {
	case c.readOver.Load():
		return "", 0, ""
	case closing:
		return "", closeRestart, "servidor reiniciando"
	case c.authMsg == nil:
		return "", CloseUnauthorized, "autenticação ausente"
	}
	var msg struct {
		Type  string `json:"type"`
		Token string `json:"token"`
	}
	if json.Unmarshal(c.authMsg, &msg) != nil || msg.Type != "auth" {
		return "", CloseUnauthorized, "o primeiro quadro deve ser auth"
	}
	c.authMsg = nil
	ctx, cancel := context.WithTimeout(context.Background(), h.opts.AuthWithin)
	defer cancel()
	code, err = h.src.Authenticate(ctx, msg.Token)
	if err != nil {
		return "", CloseUnauthorized, "token desconhecido"
	}
	return code, 0, ""
}

// register indexes c under its code, closing an older connection of the
// same device; a refusal returns its close code.
func (h *Hub) register(c *conn) (ws.StatusCode, string) {
	h.mu.Lock()
	if h.closing {
		h.mu.Unlock()
		return closeRestart, "servidor reiniciando"
	}
	if h.perDevice[c.code] >= h.opts.PerDevice {
		h.mu.Unlock()
		return CloseTooMany, "conexões demais deste dispositivo"
	}
	h.perDevice[c.code]++
	c.counted = true
	h.leavePendingLocked(c) // counted by its device from here
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
