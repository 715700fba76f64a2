package playback

import "time"

// Forever is the period from which an entry shows as having no end (spec 2's
// ONE_THOUSAND, in days).
const Forever = 1000 * 24 * time.Hour

// Status is where now falls in an entry's dates.
type Status string

const (
	Upcoming Status = "upcoming" // before startDate
	Current  Status = "current"
	Expired  Status = "expired" // after endDate
)

// Badge is an entry's date badge in the schedule views.
type Badge struct {
	Status Status
	// Forever is true with no end, a period of 1000 days or more, no dates at
	// all, or an ad slot.
	Forever bool
	// Label is "dd/MM/yyyy - SEMPRE", "SEMPRE", "dd/MM/yyyy - dd/MM/yyyy" or
	// "até dd/MM/yyyy", with the dates of the screens' wall clock.
	Label string
}

// BadgeFor is the entry's badge at now. The status follows the real dates, so
// an entry that no longer plays never looks current.
func BadgeFor(e Entry, now time.Time, loc *time.Location) Badge {
	if IsAdSlot(e) {
		return Badge{Status: Current, Forever: true, Label: "SEMPRE"}
	}
	at := now.UnixMilli()
	start, end := e.StartDate, e.EndDate
	b := Badge{Status: Current}
	switch {
	case start != 0 && at < start:
		b.Status = Upcoming
	case end != 0 && at > end:
		b.Status = Expired
	}
	b.Forever = end == 0 || (start != 0 && end-start >= Forever.Milliseconds())
	date := func(ms int64) string { return time.UnixMilli(ms).In(loc).Format("02/01/2006") }
	switch {
	case b.Forever && start == 0:
		b.Label = "SEMPRE"
	case b.Forever:
		b.Label = date(start) + " - SEMPRE"
	case start == 0:
		b.Label = "até " + date(end)
	default:
		b.Label = date(start) + " - " + date(end)
	}
	return b
}
