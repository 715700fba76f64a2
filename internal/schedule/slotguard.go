// Slot guards: the domains that book ad slots are asked, inside the
// transaction of a save or a delete, before a schedule drops ad-slot
// positions or makes them shorter.

package schedule

import (
	"context"

	"vitrine/internal/db"
)

// SlotGuard is asked, inside the transaction that saves or deletes a
// schedule, about a change that removes ad slots or gives them fewer
// positions: dropped maps each such slot's id to the positions it keeps (0
// when it goes). It refuses (a fault naming the advertisements) when
// bookings on the TVs playing the schedule hold positions the change drops.
// internal/advertise implements it.
type SlotGuard interface {
	SlotsChanging(ctx context.Context, q db.Querier, franchiseID, scheduleID string, dropped map[string]int) error
}

// SlotTimeGuard is a SlotGuard that is also asked about ad slots whose
// positions get shorter: shortened maps each such slot's id to its new
// length in seconds. It refuses (a fault naming the advertisements) when an
// advertisement booked there from today on plays longer than that.
type SlotTimeGuard interface {
	SlotsShortening(ctx context.Context, q db.Querier, franchiseID, scheduleID string, shortened map[string]int) error
}

// AddSlotGuard plugs in a domain that books ad slots. Call it while wiring,
// before serving.
func (s *Service) AddSlotGuard(g SlotGuard) { s.guards = append(s.guards, g) }

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

// checkSlots asks the guards about a change from the slots had to the
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
	for _, g := range s.guards {
		if err := g.SlotsChanging(ctx, q, franchiseID, id, dropped); err != nil {
			return err
		}
	}
	return nil
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

// checkSlotTimes asks the guards that care about a change that gives kept
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
	for _, g := range s.guards {
		if tg, ok := g.(SlotTimeGuard); ok {
			if err := tg.SlotsShortening(ctx, q, franchiseID, id, shortened); err != nil {
				return err
			}
		}
	}
	return nil
}
