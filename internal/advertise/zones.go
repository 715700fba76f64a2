// The days of the ads center are each TV's local days: a position booked on
// 20261124 plays on the 24th of the TV's store's clock (DESIGN.md "Local
// time"). The store domain tells each store's zone (store.TimeZones).

package advertise

import (
	"context"
	"slices"
	"time"

	"vitrine/internal/db"
	"vitrine/internal/store"
)

// zones is the location of each store asked about, and the franchise's for
// a store it does not know (gone meanwhile).
type zones struct {
	byStore  map[string]*time.Location
	fallback *time.Location
}

func (z zones) of(storeID string) *time.Location {
	if loc, ok := z.byStore[storeID]; ok {
		return loc
	}
	return z.fallback
}

// storeZones reads the zones of the franchise's stores storeIDs through q.
func (s *Service) storeZones(ctx context.Context, q db.Querier, franchiseID string, storeIDs []string) (zones, error) {
	fallback, err := s.zone(ctx, q, franchiseID)
	if err != nil {
		return zones{}, err
	}
	names, err := store.TimeZones(ctx, q, franchiseID, slices.Compact(slices.Sorted(slices.Values(storeIDs))))
	if err != nil {
		return zones{}, err
	}
	out := zones{byStore: make(map[string]*time.Location, len(names)), fallback: fallback}
	loaded := map[string]*time.Location{}
	for id, name := range names {
		loc, ok := loaded[name]
		if !ok {
			loc = location(name)
			loaded[name] = loc
		}
		out.byStore[id] = loc
	}
	return out, nil
}

// latestToday is the latest of the stores' todays: a day before it is
// already over on one of their TVs, so it cannot be sold there.
func (s *Service) latestToday(ctx context.Context, q db.Querier, franchiseID string, storeIDs []string) (Day, error) {
	z, err := s.storeZones(ctx, q, franchiseID, storeIDs)
	if err != nil {
		return 0, err
	}
	now := s.now().UnixMilli()
	today := Day(0)
	for _, id := range storeIDs {
		today = max(today, DayOf(now, z.of(id)))
	}
	if today == 0 {
		today = DayOf(now, z.fallback)
	}
	return today, nil
}

// earliestToday is the earliest today among the franchise's stores' zones
// and its own: what is sold from it on is kept by the guards, so no TV loses
// a position of a day it still plays.
func (s *Service) earliestToday(ctx context.Context, q db.Querier, franchiseID string) (Day, error) {
	loc, err := s.zone(ctx, q, franchiseID)
	if err != nil {
		return 0, err
	}
	now := s.now().UnixMilli()
	today := DayOf(now, loc)
	names, err := store.Zones(ctx, q, franchiseID)
	if err != nil {
		return 0, err
	}
	for _, name := range names {
		today = min(today, DayOf(now, location(name)))
	}
	return today, nil
}
