package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"vitrine/internal/auth"
	"vitrine/internal/change"
	"vitrine/internal/tenant"
)

// The console follows its franchise through one server-sent event stream
// per tab (GET /api/events/{franchise}, docs/architecture.md "Event
// stream"). The stream rides on the change signal: every change of the
// franchise this replica hears (its own and, on PostgreSQL, the other
// replicas' through LISTEN/NOTIFY) is encoded once and handed to the
// franchise's streams, never scanned against every open tab.

const (
	// eventHeartbeat is how often an idle stream sends a comment line, so
	// proxies and load balancers keep it, and re-checks its session.
	eventHeartbeat = 25 * time.Second
	// eventQueue is how many events a slow tab may lag behind before its
	// stream is closed (the console reconnects and reads everything again).
	eventQueue = 64
)

// eventStreams holds the open streams by franchise id.
type eventStreams struct {
	mu       sync.Mutex
	byID     map[string]map[*eventSub]struct{}
	tenants  map[string]tenant.Tenant // a member's tenant per franchise, to read TV status
	statusOf func(ctx context.Context, t tenant.Tenant, ids []string) ([]displayStatus, error)
	// heartbeat is eventHeartbeat; tests shorten it.
	heartbeat time.Duration
}

type eventSub struct {
	ch        chan []byte
	tokenHash string
	parent    string // the administrator's session behind an impersonation
	done      chan struct{}
	once      sync.Once
}

func (s *eventSub) close() { s.once.Do(func() { close(s.done) }) }

// send queues msg without blocking; a tab too slow to follow is closed.
func (s *eventSub) send(msg []byte) {
	select {
	case s.ch <- msg:
	default:
		s.close()
	}
}

// displayStatus is a TV's status as the stream carries it.
type displayStatus struct {
	ID                string `json:"id"`
	Store             string `json:"store"`
	Connected         bool   `json:"connected"`
	LastConnectionAck int64  `json:"lastConnectionAck"`
	AckedHash         string `json:"ackedHash"`
	AckedAt           int64  `json:"ackedAt"`
}

func (e *eventStreams) add(t tenant.Tenant, sub *eventSub) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.byID == nil {
		e.byID = map[string]map[*eventSub]struct{}{}
		e.tenants = map[string]tenant.Tenant{}
	}
	if e.byID[t.ID] == nil {
		e.byID[t.ID] = map[*eventSub]struct{}{}
	}
	e.byID[t.ID][sub] = struct{}{}
	e.tenants[t.ID] = t
}

func (e *eventStreams) remove(franchiseID string, sub *eventSub) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.byID[franchiseID], sub)
	if len(e.byID[franchiseID]) == 0 {
		delete(e.byID, franchiseID)
		delete(e.tenants, franchiseID)
	}
}

// subs returns the franchise's open streams (nil when none).
func (e *eventStreams) subs(franchiseID string) ([]*eventSub, tenant.Tenant) {
	e.mu.Lock()
	defer e.mu.Unlock()
	m := e.byID[franchiseID]
	if len(m) == 0 {
		return nil, tenant.Tenant{}
	}
	out := make([]*eventSub, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	return out, e.tenants[franchiseID]
}

// count tells how many streams are open (tests, metrics).
func (e *eventStreams) count() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, m := range e.byID {
		n += len(m)
	}
	return n
}

// endSession closes the streams of a session that ended (logout), and of
// the impersonation sessions opened from it.
func (e *eventStreams) endSession(tokenHash string) {
	if tokenHash == "" {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, m := range e.byID {
		for s := range m {
			if s.tokenHash == tokenHash || s.parent == tokenHash {
				s.close()
			}
		}
	}
}

// closeAll ends every open stream (the replica is stopping; the consoles
// reconnect to another one).
func (e *eventStreams) closeAll() {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, m := range e.byID {
		for s := range m {
			s.close()
		}
	}
}

// CloseStreams ends the consoles' event streams: a stopping replica calls it
// so that the graceful shutdown does not wait for them (they never end on
// their own); the consoles reconnect to another replica.
func (s *Server) CloseStreams() { s.events.closeAll() }

// deliver turns a change into events for the franchise's streams. It runs
// on the writer's goroutine: encoding is done once per franchise, and the
// only slow part (reading TV status) runs apart.
func (e *eventStreams) deliver(c change.Change) {
	if c.FranchiseID == "" {
		// Notifications may have been missed (a lost connection between
		// replicas): every console reads everything again.
		e.mu.Lock()
		ids := make([]string, 0, len(e.byID))
		for id := range e.byID {
			ids = append(ids, id)
		}
		e.mu.Unlock()
		msg := sseMessage("change", map[string]any{"wide": true})
		for _, id := range ids {
			subs, _ := e.subs(id)
			for _, s := range subs {
				s.send(msg)
			}
		}
		return
	}
	subs, t := e.subs(c.FranchiseID)
	if len(subs) == 0 {
		return
	}
	switch {
	case c.Event != nil:
		data := c.Event.Data
		if len(data) == 0 {
			data = json.RawMessage("{}")
		}
		fanOut(subs, sseMessage(c.Event.Type, data))
	case c.StatusOnly:
		if e.statusOf == nil {
			fanOut(subs, sseMessage("status", map[string]any{"displays": []displayStatus{}, "ids": c.Displays}))
			return
		}
		ids := slices.Clone(c.Displays)
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			list, err := e.statusOf(ctx, t, ids)
			if err != nil {
				list = nil // the console reads the list again
			}
			subs, _ := e.subs(c.FranchiseID)
			fanOut(subs, sseMessage("status", map[string]any{"displays": list, "ids": ids}))
		}()
	case len(c.Commands) > 0 && c.Revision == 0:
		// Jobs for players: the console that queued one already knows.
	case len(c.Watch) > 0:
		// A live view opened: for the hubs only.
	default:
		fanOut(subs, sseMessage("change", map[string]any{
			"revision":  c.Revision,
			"displays":  c.Displays,
			"stores":    c.Stores,
			"schedules": c.Schedules,
			"overrides": c.Overrides,
			"wide":      c.Wide() && !c.Overrides,
		}))
	}
}

func fanOut(subs []*eventSub, msg []byte) {
	for _, s := range subs {
		s.send(msg)
	}
}

// sseMessage encodes one event (JSON data on a single line).
func sseMessage(event string, data any) []byte {
	var raw []byte
	if r, ok := data.(json.RawMessage); ok {
		var buf bytes.Buffer
		if json.Compact(&buf, r) == nil {
			raw = buf.Bytes()
		} else {
			raw = []byte("{}")
		}
	} else {
		raw, _ = json.Marshal(data)
	}
	return fmt.Appendf(nil, "event: %s\ndata: %s\n\n", event, raw)
}

// GET /api/events/{franchise} — the franchise's events for one console tab,
// as text/event-stream, until the client leaves or the session ends. The
// session token comes in the Authorization header like every call (the
// console reads the stream with fetch, not EventSource, so the token never
// appears in a URL).
func (s *Server) franchiseEvents(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	t, err := p.Tenant(r.PathValue("franchise"))
	if err != nil {
		return err
	}
	rc := http.NewResponseController(w)
	sub := &eventSub{ch: make(chan []byte, eventQueue), tokenHash: p.TokenHash, parent: p.ParentTokenHash, done: make(chan struct{})}
	s.events.add(t, sub)
	defer s.events.remove(t.ID, sub)

	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: pass each event at once
	w.WriteHeader(http.StatusOK)
	// The client retries after 2 s when the connection drops; "ready"
	// tells it the stream follows from now (it reads its lists again).
	_, _ = fmt.Fprintf(w, "retry: 2000\n\n")
	_, _ = w.Write(sseMessage("ready", map[string]any{"franchise": t.Slug}))
	if err := rc.Flush(); err != nil {
		return nil
	}
	token := bearer(r)
	every := s.events.heartbeat
	if every <= 0 {
		every = eventHeartbeat
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-sub.done:
			return nil
		case msg := <-sub.ch:
			_ = rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if _, err := w.Write(msg); err != nil {
				return nil
			}
			// Whatever else is queued goes in the same flush.
			for more := true; more; {
				select {
				case m := <-sub.ch:
					if _, err := w.Write(m); err != nil {
						return nil
					}
				default:
					more = false
				}
			}
			if rc.Flush() != nil {
				return nil
			}
		case <-tick.C:
			// The session may have ended elsewhere (expiry, a logout on
			// another replica, the user removed from the franchise).
			q, err := s.Accounts.Authenticate(r.Context(), token)
			if err != nil {
				return nil
			}
			if _, err := q.Tenant(t.Slug); err != nil {
				return nil
			}
			_ = rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if _, err := fmt.Fprintf(w, ": ping\n\n"); err != nil || rc.Flush() != nil {
				return nil
			}
		}
	}
}
