package hub

import (
	"context"
	"encoding/json"
	"unique"

	"vitrine/internal/display"
	"vitrine/internal/screen"
)

// Resolving: a connection's TV read from the sources, the connection moved
// in the hub's indexes to it, and its playlist (or the unpaired frame)
// queued.

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
