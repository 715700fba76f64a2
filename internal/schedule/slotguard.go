// Slot guards: a save or a delete that drops ad-slot positions or makes
// them shorter asks the Service's Guards first, inside its transaction, and
// fails with their answer. The rules behind them belong to the domain that
// sells the positions (the ads center); internal/app/rules.go lists them.

package schedule

import (
	"context"

	"vitrine/internal/db"
)

// Guards are the rules of other domains a schedule save or delete obeys
// before it changes ad slots. Each call runs inside the save's
// transaction, which holds the schedule row, and returns nil to let the
// change through or a fault that the save returns as is. internal/advertise
// implements them; nil Guards let every change through.
type Guards interface {
	// SlotsChanging is asked about a change that removes ad slots or gives
	// them fewer positions: dropped maps each such slot's id to the
	// positions it keeps (0 when it goes). It refuses when bookings on the
	// TVs playing the schedule hold positions the change drops.
	SlotsChanging(ctx context.Context, q db.Querier, franchiseID, scheduleID string, dropped map[string]int) error
	// SlotsShortening is asked about ad slots whose positions get shorter:
	// shortened maps each such slot's id to its new length in seconds. It
	// refuses when an advertisement booked there from today on plays
	// longer than that.
	SlotsShortening(ctx context.Context, q db.Querier, franchiseID, scheduleID string, shortened map[string]int) error
}

// adPositions is each ad slot's positions, by the slot's id.
func adPositions(entries []Entry) map[string]int {
	out := map[string]int{}
	for _, e := range entries {
		if e.IsAd {
			out[e.ID] += e.AdSlots
		}
	}
	return out
}

// checkSlots asks the Guards about a change from the slots had to the
// entries after (nil: the schedule goes) when it drops ad-slot positions.
func (s *Service) checkSlots(ctx context.Context, q db.Querier, franchiseID, id string, had map[string]int, after []Entry) error {
	kept := adPositions(after)
	dropped := map[string]int{}
	for slot, n := range had {
		if kept[slot] < n {
			dropped[slot] = kept[slot]
		}
	}
	if len(dropped) == 0 {
		return nil
	}
	if s.Guards == nil {
		return nil
	}
	return s.Guards.SlotsChanging(ctx, q, franchiseID, id, dropped)
}

// adTimes is each ad slot's seconds per position, by the slot's id.
func adTimes(entries []Entry) map[string]int {
	out := map[string]int{}
	for _, e := range entries {
		if e.IsAd {
			out[e.ID] = e.AdTime
		}
	}
	return out
}

// checkSlotTimes asks the Guards about a change that gives kept
// ad slots shorter positions than they had.
func (s *Service) checkSlotTimes(ctx context.Context, q db.Querier, franchiseID, id string, had map[string]int, after []Entry) error {
	shortened := map[string]int{}
	for slot, seconds := range adTimes(after) {
		if was, ok := had[slot]; ok && seconds < was {
			shortened[slot] = seconds
		}
	}
	if len(shortened) == 0 {
		return nil
	}
	if s.Guards == nil {
		return nil
	}
	return s.Guards.SlotsShortening(ctx, q, franchiseID, id, shortened)
}
