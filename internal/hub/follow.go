package hub

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"time"
	"unique"

	"vitrine/internal/change"
	"vitrine/internal/display"
	"vitrine/internal/screen"
)

// follow applies the committed changes, in batches: everything waiting is
// taken at once, so a burst of saves costs one round of pushes.
func (h *Hub) follow() {
	defer h.done.Done()
	for {
		var batch []change.Change
		select {
		case <-h.stop:
			return
		case c := <-h.changes:
			batch = append(batch, c)
		}
	drain:
		for len(batch) < 10000 {
			select {
			case c := <-h.changes:
				batch = append(batch, c)
			default:
				break drain
			}
		}
		h.apply(batch)
	}
}

// apply delivers the batch's commands and pushes a new playlist to every
// connection whose screen the batch may have changed.
func (h *Hub) apply(batch []change.Change) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	everyone := h.overflow.Swap(false) // changes were dropped: any screen may differ
	// While only schedule contents changed, no TV moved: the screens known
	// on the connections are still right.
	// While only overrides changed, only the TVs' parts' overrides differ.
	schedulesOnly, overridesOnly := true, true
	for _, ch := range batch {
		h.src.Forget(ch)
		everyone = everyone || ch.Everywhere()
		if ch.TouchesScreens() && !ch.SchedulesOnly() {
			schedulesOnly = false
		}
		if ch.TouchesScreens() && !ch.OverridesOnly() {
			overridesOnly = false
		}
	}
	schedulesOnly = schedulesOnly && !everyone
	overridesOnly = overridesOnly && !everyone
	// The connections to push, as found; only when more than one source
	// named some (a second change, the unpaired) may one be there twice.
	var list []*conn
	sources := 0
	var watched []*conn
	h.mu.RLock()
	for _, ch := range batch {
		for _, cmd := range ch.Commands {
			if c := h.byDisplay[cmd.DisplayID]; c != nil {
				h.enqueue(c, commandFrame(cmd))
			}
		}
		for _, id := range ch.Watch {
			if c := h.byDisplay[id]; c != nil && c.tv.FranchiseID == ch.FranchiseID {
				watched = append(watched, c)
			}
		}
		if everyone {
			continue
		}
		if set := h.byFranchise[ch.FranchiseID]; len(set) > 0 {
			sources++
			if list == nil {
				list = make([]*conn, 0, len(set))
			}
			for c := range set {
				if ch.Affects(c.tv.DisplayID, c.tv.StoreID, c.tv.ScheduleID) {
					list = append(list, c)
				}
			}
		}
		if ch.MayPair() && len(h.unpaired) > 0 {
			sources++
			for c := range h.unpaired {
				list = append(list, c)
			}
		}
	}
	if everyone {
		list, sources = make([]*conn, 0, len(h.byCode)), 1
		for _, c := range h.byCode {
			list = append(list, c)
		}
	}
	h.mu.RUnlock()
	if sources > 1 {
		seen := make(map[*conn]struct{}, len(list))
		list = slices.DeleteFunc(list, func(c *conn) bool {
			_, dup := seen[c]
			seen[c] = struct{}{}
			return dup
		})
	}
	if len(watched) > 0 {
		now := h.now()
		for _, c := range watched {
			c.watch(now, now.Add(h.opts.WatchFor).UnixMilli())
		}
		select {
		case h.flushNow <- struct{}{}:
		default:
		}
	}
	if len(list) == 0 {
		return
	}
	switch {
	case schedulesOnly:
		h.repush(ctx, list)
	case overridesOnly:
		h.reoverride(ctx, list)
	default:
		h.resolve(ctx, list, pushChanged)
	}
}

// repush sends the connections their playlist again with the TVs
// they know: only schedules changed. Those that know none yet (not
// resolved, or unpaired) are resolved together.
func (h *Hub) repush(ctx context.Context, conns []*conn) {
	b := h.newRound()
	type known struct {
		c                 *conn
		schedule          scheduleKey
		tvJSON, overrides []byte
	}
	// What each connection knows, taken under one hold of the lock.
	list := make([]known, 0, len(conns))
	var again []*conn
	h.mu.RLock()
	for _, c := range conns {
		if !c.paired || c.tvJSON == nil {
			again = append(again, c)
			continue
		}
		list = append(list, known{c, scheduleOf(c.tv), c.tvJSON, c.overrides})
	}
	h.mu.RUnlock()
	for i := range list {
		k := &list[i]
		h.push(ctx, k.c, k.schedule, k.tvJSON, k.overrides, pushChanged, b)
	}
	if len(again) > 0 {
		h.resolve(ctx, again, pushChanged) // their TVs read at once, not one by one
	}
}

// reoverride sends the connections their playlist again with the
// overrides read now and the TVs they know: only overrides changed. The
// overrides are read for all of them at once and encoded once per set, and
// the TVs' parts go as "same": a message to a whole franchise costs about
// what a schedule save does. A connection resolved meanwhile by another
// read, or not resolved yet, is resolved afresh instead.
func (h *Hub) reoverride(ctx context.Context, conns []*conn) {
	r := h.newRound()
	known := make([]*conn, 0, len(conns))
	tvs := make([]screen.TV, 0, len(conns))
	reads := make([]int64, 0, len(conns))
	var again []*conn
	h.mu.RLock()
	for _, c := range conns {
		if !c.paired || c.tvJSON == nil || c.tvJSONAt != c.resolvedAt {
			again = append(again, c)
			continue
		}
		known = append(known, c)
		tvs = append(tvs, c.tv)
		reads = append(reads, c.resolvedAt)
	}
	h.mu.RUnlock()
	encoded, err := h.src.EncodeOverrides(ctx, tvs)
	if err != nil {
		h.log.Warn("players' overrides not encoded", "err", err, "players", len(known))
		h.resolve(ctx, conns, pushChanged)
		return
	}
	// Each connection's TV is taken anew under one hold of the lock: one
	// resolved meanwhile is resolved again.
	current := make([]bool, len(known))
	parts := make([][]byte, len(known))
	h.withHubLock(func() {
		for i, c := range known {
			// Unchanged since read above: the TV is the same, and now has
			// the overrides of the read r.
			if current[i] = c.resolvedAt == reads[i] && c.resolvedAt < r.read && c.tvJSON != nil; current[i] {
				c.resolvedAt, c.tvJSONAt, c.overrides = r.read, r.read, encoded[i]
				parts[i] = c.tvJSON
			}
		}
	})
	for i, c := range known {
		if !current[i] {
			again = append(again, c)
			continue
		}
		h.push(ctx, c, scheduleOf(tvs[i]), parts[i], encoded[i], pushChanged, r)
	}
	if len(again) > 0 {
		h.resolve(ctx, again, pushChanged)
	}
}

// round is what the playlists of one read share: the read's number
// (h.reads), the frames' head with its serverTime, and each schedule's
// encoding (asked of the screen builder once per round, not per screen).
type round struct {
	read      int64
	head      []byte
	schedules map[scheduleKey]*encodedSchedule
	// The schedule of the last playlist queued and its encoding: a
	// schedule's screens come in a row, each without a look in schedules.
	last      scheduleKey
	lastSched *encodedSchedule
}

// scheduleKey names a TV's schedule (an empty scheduleID: none).
type scheduleKey struct{ franchiseID, scheduleID string }

func scheduleOf(tv screen.TV) scheduleKey { return scheduleKey{tv.FranchiseID, tv.ScheduleID} }

// encodedSchedule is a schedule's part of the screens, shared by the
// frames of a round that show it, and its version.
type encodedSchedule struct {
	data    []byte
	version string
}

// newRound numbers a read of the sources; take it before reading.
func (h *Hub) newRound() *round {
	return &round{read: h.reads.Add(1), schedules: map[scheduleKey]*encodedSchedule{}}
}

// push queues c's playlist, read in the round r, with the TV's schedule
// named by key; unless how says otherwise, it is skipped when the same as
// the last one queued.
func (h *Hub) push(ctx context.Context, c *conn, key scheduleKey, tvJSON, overrides []byte, how pushKind, r *round) bool {
	schedule := noSchedule
	if key.scheduleID != "" {
		if key == r.last && r.lastSched != nil {
			schedule = r.lastSched
		} else {
			var ok bool
			if schedule, ok = r.schedules[key]; !ok {
				data, version, err := h.src.EncodeSchedule(ctx, key.franchiseID, key.scheduleID)
				if err != nil {
					h.log.Warn("player schedule not encoded", "err", err, "schedule", key.scheduleID)
					return false
				}
				schedule = &encodedSchedule{data, version}
				r.schedules[key] = schedule
			}
			r.last, r.lastSched = key, schedule
		}
	}
	if r.head == nil {
		// Stamped when the round's first playlist is queued, after its reads.
		r.head = []byte(`{"type":"playlist","serverTime":` + strconv.FormatInt(h.now().UnixMilli(), 10) + `,"screen":`)
	}
	h.enqueue(c, frame{body: r.head, tvJSON: tvJSON, overrides: overrides, schedule: schedule,
		playlist: true, screen: true, read: r.read, how: how})
	return true
}

// The constant parts of a playlist frame, between and after those of its
// own (write.go, writeFrames).
var (
	noSchedule     = &encodedSchedule{data: []byte("null")} // a TV's without one
	overridesField = []byte(`,"overrides":`)
	scheduleField  = []byte(`,"schedule":`)
	frameEnd       = []byte(`}`)
)

// resolve reads the TVs of conns and pushes each its playlist (or the
// unpaired frame). It returns the connections left without one because a
// read failed (the database slow or gone); the caller decides their fate.
func (h *Hub) resolve(ctx context.Context, conns []*conn, how pushKind) (failed []*conn) {
	r := h.newRound()
	read := r.read
	codes := make([]string, len(conns))
	for i, c := range conns {
		codes[i] = c.code
	}
	tvs, err := h.src.TVs(ctx, codes)
	if err != nil {
		h.log.Warn("players' TVs not read", "err", err, "players", len(conns))
		return conns
	}
	var pairedConns []*conn
	var pairedTVs []screen.TV
	for _, c := range conns {
		tv, paired := tvs[c.code]
		if !h.repair(c, tv, paired, read) {
			continue // closed meanwhile, or resolved since from a later read
		}
		if !paired {
			h.withHubLock(func() {
				if c.resolvedAt == read {
					c.tvJSON, c.overrides = nil, nil
				}
			})
			h.enqueue(c, frame{body: unpairedFrame(c.code), playlist: true, read: read, schedule: unpairedSchedule, how: how})
			continue
		}
		pairedConns = append(pairedConns, c)
		pairedTVs = append(pairedTVs, tv)
	}
	if len(pairedConns) == 0 {
		return nil
	}
	encoded, overrides, err := h.src.EncodeScreens(ctx, pairedTVs)
	if err != nil {
		h.log.Warn("player screens not encoded", "err", err, "players", len(pairedConns))
		return pairedConns
	}
	for i, c := range pairedConns {
		tv, tvJSON := pairedTVs[i], encoded[i]
		current := true
		h.withHubLock(func() {
			if current = c.resolvedAt == read; current {
				c.tvJSON, c.overrides, c.tvJSONAt = tvJSON, overrides[i], read
			}
		})
		if !current {
			continue
		}
		if !h.push(ctx, c, scheduleOf(tv), tvJSON, overrides[i], how, r) {
			failed = append(failed, c)
		}
	}
	return failed
}

// withHubLock runs fn holding the hub-wide lock h.mu, which guards the
// indexes and each connection's TV fields.
func (h *Hub) withHubLock(fn func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	fn()
}

// repair moves c in the indexes to its (new) TV, read by the read
// numbered read; a TV's first pairing on this connection is recorded
// online. It reports false when c is gone, or was resolved from a later
// read meanwhile (this one is stale).
func (h *Hub) repair(c *conn, tv screen.TV, paired bool, read int64) bool {
	h.mu.Lock()
	if h.byCode[c.code] != c || read < c.resolvedAt {
		h.mu.Unlock()
		return false
	}
	c.resolvedAt = read
	was, before := c.paired, c.tv
	if was {
		if h.byDisplay[before.DisplayID] == c {
			delete(h.byDisplay, before.DisplayID)
		}
		if set := h.byFranchise[before.FranchiseID]; set != nil {
			delete(set, c)
			if len(set) == 0 {
				delete(h.byFranchise, before.FranchiseID)
			}
		}
	} else {
		delete(h.unpaired, c)
	}
	if paired {
		tv = c.shareIDs(tv)
	} else {
		c.ids = tvIDs{}
	}
	c.paired, c.tv = paired, tv
	if paired {
		c.pairedWith.Store(&pairedTV{displayID: tv.DisplayID, franchiseID: tv.FranchiseID})
	} else {
		c.pairedWith.Store(nil)
	}
	if paired {
		h.byDisplay[tv.DisplayID] = c
		set := h.byFranchise[tv.FranchiseID]
		if set == nil {
			set = map[*conn]struct{}{}
			h.byFranchise[tv.FranchiseID] = set
		}
		set[c] = struct{}{}
	} else {
		h.unpaired[c] = struct{}{}
	}
	h.mu.Unlock()
	now := h.now()
	if paired && (!was || before.DisplayID != tv.DisplayID) {
		c.ackMu.Lock()
		c.lastAckWritten = now.UnixNano()
		c.ackMu.Unlock()
		h.report(display.Status{DisplayID: tv.DisplayID, FranchiseID: tv.FranchiseID,
			ConnectionID: c.id, Online: true, Ack: now.UnixMilli()})
	}
	if was && (!paired || before.DisplayID != tv.DisplayID) {
		h.report(display.Status{DisplayID: before.DisplayID, FranchiseID: before.FranchiseID,
			ConnectionID: c.id, Online: false, Ack: now.UnixMilli()})
	}
	return true
}

// tvIDs keeps the canonical copies (unique.Make) of a TV's franchise,
// store and schedule ids alive while its connection holds them.
type tvIDs struct{ franchise, store, schedule unique.Handle[string] }

// shareIDs gives tv's franchise, store and schedule ids the bytes every
// connection with the same ids has, kept in c.ids; h.mu is held. A push
// compares each connection's ids with the change's and the round's: shared
// bytes are found equal by their address or read once for all, where each
// TV's own copy cost a read from memory per TV (docs/performance.md,
// "Players: push fan-out", 2026-12-06, fourth).
func (c *conn) shareIDs(tv screen.TV) screen.TV {
	c.ids = tvIDs{unique.Make(tv.FranchiseID), unique.Make(tv.StoreID), unique.Make(tv.ScheduleID)}
	tv.FranchiseID, tv.StoreID, tv.ScheduleID = c.ids.franchise.Value(), c.ids.store.Value(), c.ids.schedule.Value()
	return tv
}

func unpairedFrame(code string) []byte {
	b, _ := json.Marshal(map[string]string{"type": "unpaired", "device": code})
	return b
}

func commandFrame(cmd change.Command) frame {
	b, _ := json.Marshal(map[string]string{"type": "command", "id": cmd.ID, "operation": cmd.Operation})
	return frame{body: b}
}
