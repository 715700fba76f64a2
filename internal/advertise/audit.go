// What the audit trail records of an advertisement. Its bookings (the
// positions it holds on its screens, day by day) change only with the
// advertisement itself: Create books its screens on every day of its
// period, Update takes or frees the days a new period adds or leaves out,
// Delete frees them all (a schedule save that renumbers positions within a
// slot is the schedule's record). So bookings are recorded as fields of the
// advertisement's record (KindAd): its screens and its period, not as
// records of their own. Advertisements belong to the network: their records
// have no store.

package advertise

import (
	"context"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/schedule"
)

// auditedAd is an advertisement as its records show it.
type auditedAd struct {
	Name        string          `json:"name"`
	DisplayTime int             `json:"displayTime"`
	StartAt     int64           `json:"startAt"`
	EndsAt      int64           `json:"endsAt"`
	Media       []auditedItem   `json:"media"`
	Screens     []auditedScreen `json:"screens,omitempty"`
}

// auditedItem is one media of an advertisement: its name, length and the
// rules that differ from the defaults.
type auditedItem struct {
	Name        string   `json:"name"`
	DisplayTime int      `json:"displayTime"`
	Dok         int      `json:"dok,omitempty"`
	Disabled    bool     `json:"disabled,omitempty"`
	StartDate   int64    `json:"startDate,omitempty"`
	EndDate     int64    `json:"endDate,omitempty"`
	TimeGap     []string `json:"timeGap,omitempty"`
	LimitByHour int      `json:"limitByHour,omitempty"`
	Volume      float64  `json:"volume,omitempty"`
}

// auditedScreen is a booked screen: the TV.
type auditedScreen struct {
	DisplayID string `json:"displayId"`
	Name      string `json:"name"`
}

func auditOf(r row, screens []auditedScreen) auditedAd {
	items := make([]auditedItem, len(r.Media))
	for i, it := range r.Media {
		items[i] = auditedItem{Name: it.Name, DisplayTime: it.DisplayTime, Disabled: !it.Enabled,
			StartDate: it.StartDate, EndDate: it.EndDate, TimeGap: it.TimeGap, LimitByHour: it.LimitByHour, Volume: it.Volume}
		if it.Dok != schedule.AllDays {
			items[i].Dok = it.Dok
		}
	}
	return auditedAd{Name: r.Name, DisplayTime: r.DisplayTime, StartAt: r.StartsAt, EndsAt: r.EndsAt,
		Media: items, Screens: screens}
}

func targetScreens(targets []target) []auditedScreen {
	out := make([]auditedScreen, len(targets))
	for i, t := range targets {
		out[i] = auditedScreen{DisplayID: t.DisplayID, Name: t.DisplayName}
	}
	return out
}

// record queues the record of a change to advertisement r in tx, at the
// service's time; an update that changed nothing is not recorded.
func (s *Service) record(ctx context.Context, tx *db.Tx, franchiseID string, r row, action string, changes []audit.Change) {
	if action == audit.ActionUpdate && len(changes) == 0 {
		return
	}
	audit.Record(ctx, tx, audit.Entry{FranchiseID: franchiseID, Kind: audit.KindAd, ID: r.ID, Name: r.Name,
		Action: action, Changes: changes, At: s.now()})
}
