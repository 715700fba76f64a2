package display

import (
	"context"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/tenant"
)

// audited is what the audit trail keeps of a TV: the fields an operator
// sets, with its schedule by name.
type audited struct {
	Name               string `json:"name"`
	Device             string `json:"device"`
	Detail             string `json:"detail"`
	Orientation        int    `json:"orientation"`
	ContentOrientation int    `json:"contentOrientation"`
	Schedule           string `json:"schedule"` // the linked schedule's name
}

func auditedOf(d Display) audited {
	return audited{Name: d.Name, Device: d.Device, Detail: d.Detail, Orientation: d.Orientation,
		ContentOrientation: d.ContentOrientation, Schedule: d.ScheduleName}
}

// recordChange queues the audit records of a TV's change in tx: a creation
// or a removal (before or after nil) in one record; an update as an update
// of its own fields and, when its schedule changed, a link naming the
// schedules before and after. Nothing changed, nothing recorded.
func (s *Service) recordChange(ctx context.Context, tx *db.Tx, t tenant.Tenant, storeID string, before, after *Display) {
	e := audit.Entry{FranchiseID: t.ID, StoreID: storeID, Kind: audit.KindDisplay, At: s.now()}
	switch {
	case before == nil:
		e.ID, e.Name, e.Action = after.ID, after.Name, audit.ActionCreate
		e.Changes = audit.Diff(nil, auditedOf(*after))
		audit.Record(ctx, tx, e)
		return
	case after == nil:
		e.ID, e.Name, e.Action = before.ID, before.Name, audit.ActionDelete
		e.Changes = audit.Diff(auditedOf(*before), nil)
		audit.Record(ctx, tx, e)
		return
	}
	e.ID, e.Name = after.ID, after.Name
	if changes := audit.Diff(auditedOf(*before), auditedOf(*after), "schedule"); len(changes) > 0 {
		e.Action, e.Changes = audit.ActionUpdate, changes
		audit.Record(ctx, tx, e)
	}
	if before.Schedule != after.Schedule {
		e.Action = audit.ActionLink
		e.Changes = []audit.Change{audit.Set("schedule", before.ScheduleName, after.ScheduleName)}
		audit.Record(ctx, tx, e)
	}
}
