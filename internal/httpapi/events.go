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
	"vitrine/internal/display"
	"vitrine/internal/fault"
	"vitrine/internal/localcontent"
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
	// streamsPerSession bounds the streams of one session: a browser's
	// tabs share its session, one stream each. The tab opened last gets
	// its stream and the session's oldest closes with a "closed" event
	// (the tab left open longest; it polls until it is shown again). A
	// refusal would instead leave the tab the user just opened without
	// live updates.
	streamsPerSession = 8
	// streamsPerUser bounds one account's streams on a replica, all its
	// sessions (browsers, phones, impersonations of it) together; past it
	// the account's oldest stream closes the same way.
	streamsPerUser = 32
)

// errStreamsFull refuses a stream while the server keeps its last file
// descriptors for sign-in, health checks and players.
var errStreamsFull = fault.WithMsg(fault.Unavailable, 1500,
	"O servidor está com muitas conexões abertas. As atualizações ao vivo voltam em instantes.")

// eventStreams holds the open streams by franchise, session and user.
type eventStreams struct {
	mu      sync.Mutex
	byID    map[string]map[*eventSub]struct{}
	tenants map[string]tenant.Tenant // a member's tenant per franchise, to read TV status
	// bySession and byUser list the streams of a session (token hash) and
	// of a user, oldest first: the caps close the first ones.
	bySession map[string][]*eventSub
	byUser    map[string][]*eventSub
	statusOf  func(ctx context.Context, t tenant.Tenant, ids []string) ([]displayStatus, error)
	// heartbeat is eventHeartbeat; tests shorten it.
	heartbeat time.Duration
	budget    streamBudget
}

// streamItem is what a stream's goroutine is handed, in order: an encoded
// event, or (recheck) the order to check that its session and membership
// still hold before it writes anything more.
type streamItem struct {
	msg     []byte
	recheck bool
}

type eventSub struct {
	ch        chan streamItem
	franchise string // the franchise's id
	// scope is the member's part of the franchise: a franchisee or a store
	// manager hears only of their stores' TVs.
	scope     tenant.Scope
	userID    string
	adminID   string // the administrator behind an impersonation
	tokenHash string
	parent    string // the administrator's session behind an impersonation
	done      chan struct{}
	once      sync.Once
	// reason, set before done closes, is told to the client in a last
	// "closed" event ("" = none: the client reconnects as after any drop).
	reason string
}

func newEventSub(t tenant.Tenant, p *auth.Principal) *eventSub {
	sub := &eventSub{ch: make(chan streamItem, eventQueue), franchise: t.ID, scope: t.Scope, done: make(chan struct{})}
	if p != nil {
		sub.userID, sub.adminID, sub.tokenHash, sub.parent = p.UserID, p.AdminUserID, p.TokenHash, p.ParentTokenHash
	}
	return sub
}

// end closes the stream, telling the client why when reason is not "".
func (s *eventSub) end(reason string) {
	s.once.Do(func() {
		s.reason = reason
		close(s.done)
	})
}

func (s *eventSub) close() { s.end("") }

// send queues msg without blocking; a tab too slow to follow is closed.
func (s *eventSub) send(msg []byte) { s.queue(streamItem{msg: msg}) }

func (s *eventSub) queue(it streamItem) {
	select {
	case s.ch <- it:
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
	// Problems are what its player's latest health report shows wrong
	// (none: []): a report that changes them announces a status.
	Problems []display.Problem `json:"problems"`
}

// add registers sub, closing the oldest streams of its session and of its
// user past their caps.
func (e *eventStreams) add(t tenant.Tenant, sub *eventSub) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.byID == nil {
		e.byID = map[string]map[*eventSub]struct{}{}
		e.tenants = map[string]tenant.Tenant{}
		e.bySession = map[string][]*eventSub{}
		e.byUser = map[string][]*eventSub{}
	}
	if e.byID[t.ID] == nil {
		e.byID[t.ID] = map[*eventSub]struct{}{}
	}
	e.byID[t.ID][sub] = struct{}{}
	// The tenant that reads TV status for every stream of the franchise
	// reads it whole; each stream keeps its own scope.
	t.Scope = tenant.Scope{}
	e.tenants[t.ID] = t
	if sub.tokenHash != "" {
		e.bySession[sub.tokenHash] = append(e.bySession[sub.tokenHash], sub)
		for len(e.bySession[sub.tokenHash]) > streamsPerSession {
			e.replace(e.bySession[sub.tokenHash][0])
		}
	}
	if sub.userID != "" {
		e.byUser[sub.userID] = append(e.byUser[sub.userID], sub)
		for len(e.byUser[sub.userID]) > streamsPerUser {
			e.replace(e.byUser[sub.userID][0])
		}
	}
}

// replace closes a stream a newer one of its session or user took the
// place of; its tab waits to be shown before reconnecting.
func (e *eventStreams) replace(s *eventSub) {
	e.drop(s)
	s.end("replaced")
}

func (e *eventStreams) remove(sub *eventSub) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.drop(sub)
}

// drop unregisters s (e.mu held): no event reaches it from now on.
func (e *eventStreams) drop(s *eventSub) {
	delete(e.byID[s.franchise], s)
	if len(e.byID[s.franchise]) == 0 {
		delete(e.byID, s.franchise)
		delete(e.tenants, s.franchise)
	}
	unlist(e.bySession, s.tokenHash, s)
	unlist(e.byUser, s.userID, s)
}

func unlist(m map[string][]*eventSub, key string, s *eventSub) {
	list := m[key]
	if i := slices.Index(list, s); i >= 0 {
		list = slices.Delete(list, i, i+1)
	}
	if len(list) == 0 {
		delete(m, key)
	} else {
		m[key] = list
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

// ended closes the streams of access that ended (change.Ended), before any
// later change reaches them: it runs on the goroutine that hands out the
// changes, in the order they committed. Streams of a member removed from
// the franchise and of sessions logged out close at once; those of a user
// whose sessions all ended (a new password) check their session first, as
// the password change's new session may already hold one.
func (e *eventStreams) ended(c change.Change) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if c.FranchiseID != "" {
		for s := range e.byID[c.FranchiseID] {
			if slices.Contains(c.Ended.Users, s.userID) {
				e.drop(s)
				s.close()
			}
		}
		return
	}
	for _, m := range e.byID {
		for s := range m {
			switch {
			case slices.Contains(c.Ended.Sessions, s.tokenHash), slices.Contains(c.Ended.Sessions, s.parent):
				e.drop(s)
				s.close()
			case slices.Contains(c.Ended.Users, s.userID), slices.Contains(c.Ended.Users, s.adminID):
				s.queue(streamItem{recheck: true})
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
	if c.Ended != nil {
		e.ended(c)
		return
	}
	if c.FranchiseID == "" {
		// Notifications may have been missed (a lost connection between
		// replicas): every console reads everything again, and every
		// stream checks its session and membership first, as their ends
		// may have been missed too.
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
				s.queue(streamItem{recheck: true})
				s.send(msg)
			}
		}
		return
	}
	subs, t := e.subs(c.FranchiseID)
	if len(subs) == 0 {
		return
	}
	whole, scoped := splitByScope(subs)
	switch {
	case c.Event != nil:
		data := c.Event.Data
		if len(data) == 0 {
			data = json.RawMessage("{}")
		}
		fanOut(whole, sseMessage(c.Event.Type, data))
		// The news names TVs and overrides by id only; a scoped console
		// hears of a command on its own TVs through the command list it
		// reads again on "change", and of confirmations on its next read.
		// News of local content reaches the scoped consoles of the stores
		// it names (any, when it names none), without the stores' ids.
		if c.Event.Type == localcontent.NewsType && len(scoped) > 0 {
			var news struct {
				Stores []string `json:"stores"`
			}
			_ = json.Unmarshal(data, &news)
			msg := sseMessage(localcontent.NewsType, map[string]any{"stores": []string{}})
			for _, s := range scoped {
				if len(news.Stores) == 0 || slices.ContainsFunc(news.Stores, s.scope.Covers) {
					s.send(msg)
				}
			}
		}
	case c.StatusOnly:
		if e.statusOf == nil {
			fanOut(whole, sseMessage("status", map[string]any{"displays": []displayStatus{}, "ids": c.Displays}))
			fanOut(scoped, sseMessage("status", map[string]any{"displays": []displayStatus{}, "ids": []string{}}))
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
			whole, scoped := splitByScope(subs)
			fanOut(whole, sseMessage("status", map[string]any{"displays": list, "ids": ids}))
			for _, s := range scoped {
				if msg := scopedStatus(s.scope, list, err != nil); msg != nil {
					s.send(msg)
				}
			}
		}()
	case len(c.Commands) > 0 && c.Revision == 0:
		// Jobs for players: the console that queued one already knows.
	case len(c.Watch) > 0:
		// A live view opened: for the hubs only.
	default:
		fanOut(whole, sseMessage("change", map[string]any{
			"revision":  c.Revision,
			"displays":  c.Displays,
			"stores":    c.Stores,
			"schedules": c.Schedules,
			"overrides": c.Overrides,
			"wide":      c.Wide() && !c.Overrides,
		}))
		if len(scoped) > 0 {
			// A change's TVs and stores are ids of the whole franchise: a
			// scoped console reads its own (short) lists again instead.
			fanOut(scoped, sseMessage("change", map[string]any{
				"revision":  c.Revision,
				"displays":  []string{},
				"stores":    []string{},
				"schedules": c.Schedules,
				"overrides": c.Overrides,
				"wide":      !c.Overrides || len(c.Displays) > 0 || len(c.Stores) > 0,
			}))
		}
	}
}

// splitByScope separates the streams of members who reach the whole
// franchise from those of franchisees and store managers.
func splitByScope(subs []*eventSub) (whole, scoped []*eventSub) {
	for _, s := range subs {
		if s.scope.Whole() {
			whole = append(whole, s)
		} else {
			scoped = append(scoped, s)
		}
	}
	return whole, scoped
}

// scopedStatus is a status event with only the TVs of the scope's stores
// (nil when none of them changed); when the status could not be read
// (failed), a change that has the console read its lists again, as a whole
// one does.
func scopedStatus(scope tenant.Scope, list []displayStatus, failed bool) []byte {
	if failed {
		return sseMessage("change", map[string]any{"revision": 0, "displays": []string{}, "stores": []string{},
			"schedules": []string{}, "overrides": false, "wide": true})
	}
	mine := []displayStatus{}
	ids := []string{}
	for _, d := range list {
		if scope.CoversSlug(d.Store) {
			mine = append(mine, d)
			ids = append(ids, d.ID)
		}
	}
	if len(mine) == 0 {
		return nil
	}
	return sseMessage("status", map[string]any{"displays": mine, "ids": ids})
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
func (s *Server) franchiseEvents(w http.ResponseWriter, r *http.Request, p *auth.Principal, t tenant.Tenant) error {
	if !s.events.budget.admit(time.Now()) {
		w.Header().Set("Retry-After", "10")
		return errStreamsFull
	}
	rc := http.NewResponseController(w)
	sub := newEventSub(t, p)
	s.events.add(t, sub)
	defer s.events.remove(sub)
	// Access may have ended between the authentication and the stream's
	// registration, its announcement gone by: the stream checks once more
	// before it writes any change.
	sub.queue(streamItem{recheck: true})

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
	// allowed tells whether the session and the membership still hold
	// (they may have ended elsewhere: expiry, another replica).
	allowed := func() bool {
		q, err := s.Accounts.Authenticate(r.Context(), token)
		if err != nil {
			return false
		}
		_, err = q.Tenant(t.Slug)
		return err == nil
	}
	every := s.events.heartbeat
	if every <= 0 {
		every = eventHeartbeat
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	expiry := time.NewTimer(time.Until(p.ExpiresAt))
	defer expiry.Stop()
	// write sends one queued item; false ends the stream. An item queued
	// before the stream was closed is not written after it.
	write := func(it streamItem) bool {
		select {
		case <-sub.done:
			return false
		default:
		}
		if it.recheck {
			return allowed()
		}
		_ = rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
		_, err := w.Write(it.msg)
		return err == nil
	}
	// closed ends the stream, with a last "closed" event when the server
	// closed it for a reason the client should know.
	closed := func() error {
		select {
		case <-sub.done:
		default:
			return nil
		}
		if sub.reason != "" {
			_ = rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
			_, _ = w.Write(sseMessage("closed", map[string]any{"reason": sub.reason}))
			_ = rc.Flush()
		}
		return nil
	}
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-sub.done:
			return closed()
		case <-expiry.C:
			return nil
		case it := <-sub.ch:
			if !write(it) {
				return closed()
			}
			// Whatever else is queued goes in the same flush.
			for more := true; more; {
				select {
				case it := <-sub.ch:
					if !write(it) {
						return closed()
					}
				default:
					more = false
				}
			}
			if rc.Flush() != nil {
				return nil
			}
		case <-tick.C:
			if !allowed() {
				return nil
			}
			_ = rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if _, err := fmt.Fprintf(w, ": ping\n\n"); err != nil || rc.Flush() != nil {
				return nil
			}
		}
	}
}

// streamBudget keeps the process's last file descriptors from the event
// streams: once fewer than fdReserve(limit) remain, new streams are refused
// (503 with Retry-After; the console polls meanwhile), so sign-in, health
// checks and players still get descriptors. Descriptors are counted at most
// every fdRecount; the streams let in between count as taken.
type streamBudget struct {
	mu          sync.Mutex
	counted     time.Time
	open, limit int
	known       bool
	since       int // streams let in since the count
}

// fdRecount is how long a count of the open descriptors is trusted.
const fdRecount = 100 * time.Millisecond

// fdReserve is how many descriptors streams leave free: an eighth of the
// limit, at least 64.
func fdReserve(limit int) int { return max(64, limit/8) }

// admit tells whether one more stream may open now.
func (b *streamBudget) admit(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if now.Sub(b.counted) >= fdRecount {
		b.open, b.limit, b.known = descriptors()
		b.counted, b.since = now, 0
	}
	if !b.known {
		return true
	}
	if b.limit-(b.open+b.since) <= fdReserve(b.limit) {
		return false
	}
	b.since++
	return true
}
