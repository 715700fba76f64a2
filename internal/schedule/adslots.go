package schedule

import (
	"context"
	"encoding/json"
	"strings"

	"vitrine/internal/db"
)

// AdSlot is an ad-slot entry of a schedule as the ads center sells it: every
// TV playing the schedule has Positions positions of AdTime seconds per day.
type AdSlot struct {
	ID        string
	Positions int      // adSlots: positions per day on each TV
	AdTime    int      // seconds of each position
	Keys      []string // its time windows, or AllDaySlot: the ad map's keys
}

// AllDaySlot is the key of an ad slot with no time window.
const AllDaySlot = "00:00@23:59"

// AdSlotsOf lists the ad slots of entries in play order. A slot id that
// appears twice counts once, with the positions of both and the shorter
// length.
func AdSlotsOf(entries []Entry) []AdSlot {
	var out []AdSlot
	index := map[string]int{}
	for _, e := range entries {
		if !e.IsAd || e.AdSlots <= 0 {
			continue
		}
		if i, ok := index[e.ID]; ok {
			out[i].Positions += e.AdSlots
			out[i].AdTime = min(out[i].AdTime, e.AdTime)
			continue
		}
		keys := e.TimeGap
		if len(keys) == 0 {
			keys = []string{AllDaySlot}
		}
		index[e.ID] = len(out)
		out = append(out, AdSlot{ID: e.ID, Positions: e.AdSlots, AdTime: e.AdTime, Keys: keys})
	}
	return out
}

// AdSlots returns, by schedule id, the ad slots of the franchise's
// schedules: those named by ids, or every schedule with an ad slot when ids
// is nil. It reads through q, so a booking asks in its own transaction;
// with share the schedule rows stay locked against saves until that
// transaction ends (on PostgreSQL; a SQLite transaction holds the whole
// database), so no save can drop a slot a booking is about to take.
func AdSlots(ctx context.Context, q db.Querier, franchiseID string, ids []string, share bool) (map[string][]AdSlot, error) {
	docs, err := entryDocs(ctx, q, franchiseID, ids, share)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]AdSlot, len(docs))
	for id, doc := range docs {
		var entries []Entry
		// Most schedules have no ad slot: only those are parsed.
		if strings.Contains(doc, adMarker) {
			if err := json.Unmarshal([]byte(doc), &entries); err != nil {
				return nil, err
			}
		}
		out[id] = AdSlotsOf(entries)
	}
	return out, nil
}

// adMarker is in the stored entries of a schedule with an ad slot.
const adMarker = `"isAd":true`
