package localcontent

import (
	"context"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/tenant"
)

// audited is an item as its records show it: where it plays, what and
// when, its state and why it was refused.
type audited struct {
	Schedule  string `json:"schedule"`
	Space     string `json:"space"`
	Media     string `json:"media"`
	StartDate int64  `json:"startDate,omitempty"`
	EndDate   int64  `json:"endDate,omitempty"`
	Status    string `json:"status"`
	Reason    string `json:"reason,omitempty"`
	Position  int    `json:"position"`
}

// stateLabel is a state as the console names it.
func stateLabel(state string) string {
	switch state {
	case Approved:
		return "Aprovado"
	case Rejected:
		return "Recusado"
	default:
		return "Aguardando aprovação"
	}
}

func auditedOf(tg target, r row, mediaName string) audited {
	v := r.draft()
	if v == nil {
		v = r.live()
	}
	a := audited{Schedule: tg.space.ScheduleName, Space: tg.space.Name, Media: mediaName, Status: stateLabel(r.State),
		Reason: r.Reason, Position: r.Position + 1}
	if v != nil {
		a.StartDate, a.EndDate = v.StartDate, v.EndDate
	}
	return a
}

// recordItem queues the record of an item sent (was nil) or changed, in
// its store's records.
func (s *Service) recordItem(ctx context.Context, tx *db.Tx, t tenant.Tenant, tg target, r row, was *row, mediaName string) {
	e := audit.Entry{FranchiseID: t.ID, StoreID: r.StoreID, Kind: audit.KindLocal, ID: r.ID, Name: mediaName, At: s.now()}
	after := auditedOf(tg, r, mediaName)
	if was == nil {
		e.Action, e.Changes = audit.ActionCreate, audit.Diff(nil, after)
	} else {
		before := auditedOf(tg, *was, s.nameOf(ctx, t, r.StoreID, *was))
		e.Action, e.Changes = audit.ActionUpdate, audit.Diff(before, after)
		if len(e.Changes) == 0 {
			return
		}
	}
	audit.Record(ctx, tx, e)
}

// recordRemoval queues the record of an item taken off its space.
func (s *Service) recordRemoval(ctx context.Context, tx *db.Tx, t tenant.Tenant, r row) {
	name := s.nameOf(ctx, t, r.StoreID, r)
	audit.Record(ctx, tx, audit.Entry{FranchiseID: t.ID, StoreID: r.StoreID, Kind: audit.KindLocal, ID: r.ID,
		Name: name, Action: audit.ActionDelete, At: s.now(),
		Changes: audit.Diff(audited{Media: name, Status: stateLabel(r.State), Position: r.Position + 1}, nil)})
}

// recordDecision queues the record of an approval or a refusal.
func (s *Service) recordDecision(ctx context.Context, tx *db.Tx, t tenant.Tenant, r, was row, action, mediaName, scheduleName, spaceName string) {
	tg := target{}
	tg.space.ScheduleName, tg.space.Name = scheduleName, spaceName
	audit.Record(ctx, tx, audit.Entry{FranchiseID: t.ID, StoreID: r.StoreID, Kind: audit.KindLocal, ID: r.ID,
		Name: mediaName, Action: action, At: s.now(),
		Changes: audit.Diff(auditedOf(tg, was, mediaName), auditedOf(tg, r, mediaName))})
}
