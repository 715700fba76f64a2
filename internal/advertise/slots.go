package advertise

import (
	"context"
	"encoding/json"
	"strings"

	"vitrine/internal/db"
	"vitrine/internal/schedule"
)

// slot is an ad-slot entry of a schedule as the ads center sells it.
type slot struct {
	ID        string
	Positions int      // adSlots: positions per day on each TV
	AdTime    int      // seconds of each position
	Keys      []string // its time windows, or AllDaySlot: the ad map's keys
}

// slotsOf lists a schedule's ad slots in play order. A slot id that
// appears twice counts once, with the positions of both and the shorter
// length.
func slotsOf(entries []schedule.Entry) []slot {
	var out []slot
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
		out = append(out, slot{ID: e.ID, Positions: e.AdSlots, AdTime: e.AdTime, Keys: keys})
	}
	return out
}

// adSchedule marks the stored entries of a schedule with an ad slot, so the
// ad map parses only those (schedule entries are stored as JSON).
const adSchedule = `%"isAd":true%`

// readSlots returns the ad slots of the franchise's schedules: those named
// by ids, or every schedule with an ad slot when ids is nil. With share the
// schedule rows stay locked against saves until the transaction ends (on
// PostgreSQL; a SQLite transaction holds the whole database), so no save can
// drop a slot a booking is about to take.
func readSlots(ctx context.Context, q db.Querier, franchiseID string, ids []string, share bool) (map[string][]slot, error) {
	out := map[string][]slot{}
	read := func(query string, args ...any) error {
		if share && q.Dialect() == db.Postgres {
			query += " FOR SHARE"
		}
		rows, err := q.QueryContext(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, doc string
			if err := rows.Scan(&id, &doc); err != nil {
				return err
			}
			var entries []schedule.Entry
			if strings.Contains(doc, `"isAd":true`) {
				if err := json.Unmarshal([]byte(doc), &entries); err != nil {
					return err
				}
			}
			out[id] = slotsOf(entries)
		}
		return rows.Err()
	}
	if ids == nil {
		return out, read(`SELECT id, entries FROM schedules WHERE franchise_id = ? AND entries LIKE ?`, franchiseID, adSchedule)
	}
	for _, chunk := range db.Chunks(ids) {
		err := read(`SELECT id, entries FROM schedules WHERE franchise_id = ? AND id IN (`+db.Placeholders(len(chunk))+`)`,
			append([]any{franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
