package override

import (
	"context"
	"maps"
	"slices"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/tenant"
)

// audited is what the audit trail keeps of an override's start: where it
// shows, what it says and when.
type audited struct {
	Target     string   `json:"target"`
	Targets    []string `json:"targets"` // the chosen stores' or TVs' names in the record's store
	Title      string   `json:"title"`
	Text       string   `json:"text"`
	Background string   `json:"background"`
	Color      string   `json:"color"`
	Media      string   `json:"media"` // the library file's name
	StartsAt   int64    `json:"startsAt"`
	EndsAt     int64    `json:"endsAt"`
}

// recordStart queues the audit records of a start: one per store it is
// aimed at, naming that store's targets, so that each store's franchisee
// sees theirs; one for the whole group when it reaches every TV.
func (s *Service) recordStart(ctx context.Context, tx *db.Tx, t tenant.Tenant, o Override, mediaName string, byStore map[string][]string) {
	e := audit.Entry{FranchiseID: t.ID, Kind: audit.KindOverride, ID: o.ID, Name: o.Title,
		Action: audit.ActionStart, At: s.now()}
	started := audited{Target: o.Target, Title: o.Title, Text: o.Text, Background: o.Background,
		Color: o.Color, Media: mediaName, StartsAt: o.StartsAt, EndsAt: o.EndsAt}
	if byStore == nil {
		e.Changes = audit.Diff(nil, started)
		audit.Record(ctx, tx, e)
		return
	}
	for _, storeID := range slices.Sorted(maps.Keys(byStore)) {
		started.Targets = byStore[storeID]
		e.StoreID, e.Changes = storeID, audit.Diff(nil, started)
		audit.Record(ctx, tx, e)
	}
}

// recordClear queues the audit records of a clear, in the stores the
// override is aimed at as its start was (for the whole group when it
// reaches every TV, or when none of its chosen TVs is left).
func (s *Service) recordClear(ctx context.Context, tx *db.Tx, t tenant.Tenant, o Override, was string) error {
	stores, err := s.aimedAt(ctx, tx, t.ID, o)
	if err != nil {
		return err
	}
	if len(stores) == 0 {
		stores = []string{""}
	}
	for _, storeID := range stores {
		audit.Record(ctx, tx, audit.Entry{FranchiseID: t.ID, StoreID: storeID, Kind: audit.KindOverride,
			ID: o.ID, Name: o.Title, Action: audit.ActionClear, At: s.now(),
			Changes: []audit.Change{audit.Set("state", was, StateCleared)}})
	}
	return nil
}

// aimedAt returns the ids of the stores an override is aimed at, sorted:
// those chosen, or those of the chosen TVs; none when it reaches every TV.
func (s *Service) aimedAt(ctx context.Context, q db.Querier, franchiseID string, o Override) ([]string, error) {
	switch o.Target {
	case Stores:
		return slices.Sorted(slices.Values(o.targetIDs)), nil
	case Displays:
		tvs, err := tvsByID(ctx, q, franchiseID, o.targetIDs)
		if err != nil {
			return nil, err
		}
		var stores []string
		for _, tv := range tvs {
			stores = append(stores, tv.storeID)
		}
		slices.Sort(stores)
		return slices.Compact(stores), nil
	}
	return nil, nil
}
