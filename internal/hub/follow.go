package hub

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"time"

	"vitrine/internal/change"
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

func commandFrame(cmd change.Command) frame {
	b, _ := json.Marshal(map[string]string{"type": "command", "id": cmd.ID, "operation": cmd.Operation})
	return frame{body: b}
}
