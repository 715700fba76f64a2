// Local spaces: what a schedule's 'Espaço local' entries hold is kept by the
// local content domain (internal/localcontent), which the schedule service
// asks through Spaces — how many stores fill each space, and dropping what
// stores put in spaces a save removed.

package schedule

import (
	"context"

	"vitrine/internal/db"
)

// Spaces is what schedules ask of local content; set while wiring, before
// serving (nil: no store fills any space).
type Spaces interface {
	// SpaceFill counts, by space id, the stores with approved or waiting
	// items in the schedule's local spaces, and the stores with such items
	// in any of them.
	SpaceFill(ctx context.Context, q db.Querier, franchiseID, scheduleID string) (bySpace map[string]int, stores int, err error)
	// StoresFilling counts, by schedule id, the stores with approved or
	// waiting items in any of its local spaces (absent: none).
	StoresFilling(ctx context.Context, q db.Querier, franchiseID string) (map[string]int, error)
	// DropSpaces deletes what stores put in the schedule's spaces
	// spaceIDs, in the save's transaction.
	DropSpaces(ctx context.Context, tx *db.Tx, franchiseID, scheduleID string, spaceIDs []string) error
}

// spaceIDs lists the ids of the local spaces among entries.
func spaceIDs(entries []Entry) map[string]bool {
	out := map[string]bool{}
	for _, e := range entries {
		if e.IsLocal {
			out[e.ID] = true
		}
	}
	return out
}

// dropRemovedSpaces lets go of what stores put in the spaces was had and
// now has not.
func (s *Service) dropRemovedSpaces(ctx context.Context, tx *db.Tx, franchiseID, scheduleID string, was, now []Entry) error {
	if s.Spaces == nil {
		return nil
	}
	kept := spaceIDs(now)
	var gone []string
	for id := range spaceIDs(was) {
		if !kept[id] {
			gone = append(gone, id)
		}
	}
	if len(gone) == 0 {
		return nil
	}
	return s.Spaces.DropSpaces(ctx, tx, franchiseID, scheduleID, gone)
}

// fill sets sc.LocalFill and sc.LocalStores when the schedule holds a
// local space.
func (s *Service) fill(ctx context.Context, franchiseID string, sc *Schedule) error {
	if s.Spaces == nil || len(spaceIDs(sc.Media)) == 0 {
		return nil
	}
	got, stores, err := s.Spaces.SpaceFill(ctx, s.db, franchiseID, sc.ID)
	if err != nil {
		return err
	}
	if len(got) > 0 {
		sc.LocalFill = got
	}
	sc.LocalStores = stores
	return nil
}

// fillSummaries sets each listed schedule's LocalStores.
func (s *Service) fillSummaries(ctx context.Context, franchiseID string, list []Summary) error {
	if s.Spaces == nil || len(list) == 0 {
		return nil
	}
	stores, err := s.Spaces.StoresFilling(ctx, s.db, franchiseID)
	if err != nil || len(stores) == 0 {
		return err
	}
	for i := range list {
		list[i].LocalStores = stores[list[i].ID]
	}
	return nil
}
