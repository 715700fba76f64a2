// What the audit trail records of a schedule: its name, tags, the
// 'Disponível para franqueados' switch and its entries in a compact form
// (each entry's media name, length and rules), and the footer apart.
// Schedules belong to the network, not to one store: their records have no
// store.

package schedule

import (
	"context"
	"slices"

	"vitrine/internal/audit"
	"vitrine/internal/db"
)

// audited is a schedule as its records show it.
type audited struct {
	Name           string         `json:"name"`
	Tags           []string       `json:"tags"`
	ForFranchisees bool           `json:"forFranchisees"`
	Entries        []auditedEntry `json:"entries"`
}

// auditedEntry is one entry in a record: what plays, for how long, when.
// Rules at their defaults (every day, enabled, all day, no limit) are left
// out.
type auditedEntry struct {
	Name        string   `json:"name"`
	Duration    int      `json:"duration"`
	AdSlot      bool     `json:"adSlot,omitempty"`
	AdSlots     int      `json:"adSlots,omitempty"`
	Dok         int      `json:"dok,omitempty"`
	Disabled    bool     `json:"disabled,omitempty"`
	Stretch     bool     `json:"stretch,omitempty"`
	StartDate   int64    `json:"startDate,omitempty"`
	EndDate     int64    `json:"endDate,omitempty"`
	TimeGap     []string `json:"timeGap,omitempty"`
	LimitByHour int      `json:"limitByHour,omitempty"`
	Volume      float64  `json:"volume,omitempty"`
	Fallback    string   `json:"adFallbackMediaId,omitempty"`
	LocalSpace  bool     `json:"localSpace,omitempty"`
	LocalTime   int      `json:"localTime,omitempty"`
	LocalFB     string   `json:"localFallbackMediaId,omitempty"`
}

func auditEntry(e Entry) auditedEntry {
	a := auditedEntry{
		Name: e.Name, Duration: e.DisplayTime, Disabled: !e.Enabled, Stretch: e.Stretch, StartDate: e.StartDate, EndDate: e.EndDate,
		TimeGap: e.TimeGap, LimitByHour: e.LimitByHour, Volume: e.Volume,
	}
	if e.Dok != AllDays {
		a.Dok = e.Dok
	}
	if e.IsAd {
		a.AdSlot, a.AdSlots, a.Duration, a.Fallback = true, e.AdSlots, e.AdTime, e.AdFallbackMediaID
	}
	if e.IsLocal {
		a.LocalSpace, a.LocalTime, a.LocalFB = true, e.LocalTime, e.LocalFallbackMediaID
	}
	return a
}

func auditEntries(entries []Entry) []auditedEntry {
	out := make([]auditedEntry, len(entries))
	for i, e := range entries {
		out[i] = auditEntry(e)
	}
	return out
}

func auditOf(r row) audited {
	return audited{Name: r.Name, Tags: slices.Clone(r.Tags), ForFranchisees: r.ForFranchisees, Entries: auditEntries(r.Entries)}
}

// record queues the record of a change to schedule r (Kind and Action in
// e) in tx, at the service's time; an update that changed nothing is not
// recorded.
func (s *Service) record(ctx context.Context, tx *db.Tx, franchiseID string, r row, e audit.Entry) {
	if e.Action == audit.ActionUpdate && len(e.Changes) == 0 {
		return
	}
	e.FranchiseID, e.ID, e.Name, e.At = franchiseID, r.ID, r.Name, s.now()
	audit.Record(ctx, tx, e)
}

// scheduleChanged is the record of a save of the schedule's own fields.
func scheduleChanged(was, now row) audit.Entry {
	return audit.Entry{Kind: audit.KindSchedule, Action: audit.ActionUpdate, Changes: audit.Diff(auditOf(was), auditOf(now))}
}

// footerChanged is the record of a footer saved (created, changed) or
// removed.
func footerChanged(was, now *BottomBar) audit.Entry {
	e := audit.Entry{Kind: audit.KindFooter, Action: audit.ActionUpdate}
	switch {
	case was == nil && now == nil:
		return e // no footer before nor after: nothing to record
	case was == nil:
		e.Action, e.Changes = audit.ActionCreate, audit.Diff(nil, now)
	case now == nil:
		e.Action, e.Changes = audit.ActionDelete, audit.Diff(was, nil)
	default:
		e.Changes = audit.Diff(was, now)
	}
	return e
}
