package playback

import "time"

// Local spaces ('Espaço local') of a schedule, as the player plays them
// (web/src/player/ads.ts planDay, docs/schedules.md "Espaços locais"): a
// space is eligible by its own rules like any entry; on a day, the TV's
// store's approved items whose dates include that day (and whose media has
// a file) play in the store's order, localTime seconds each, so the space
// lasts the items × localTime that day; with none, the space's fallback
// media plays once for localTime; with no fallback either, the space is
// skipped, as an unsold ad position is.

// LocalItem is one of a store's approved items in a local space.
type LocalItem struct {
	ID      string `json:"id"`
	MediaID string `json:"mediaId"`
	// StartDate and EndDate are epoch ms naming calendar days in the
	// franchise's zone, as entries' dates (Local.DatesOn moves them onto a
	// screen's clock); 0 is no bound.
	StartDate int64 `json:"startDate,omitempty"`
	EndDate   int64 `json:"endDate,omitempty"`
}

// Local is a store's approved items in the local spaces of a schedule: by
// space id, in the store's order.
type Local map[string][]LocalItem

// DatesOn gives the items with their dates on the clock of a screen in
// loc, as DatesOn does for a schedule's entries.
func (l Local) DatesOn(datesLoc, loc *time.Location) Local {
	if l == nil {
		return nil
	}
	out := make(Local, len(l))
	for id, items := range l {
		moved := make([]LocalItem, len(items))
		for i, it := range items {
			e := entryDatesOn(Entry{StartDate: it.StartDate, EndDate: it.EndDate}, datesLoc, loc)
			it.StartDate, it.EndDate = e.StartDate, e.EndDate
			moved[i] = it
		}
		out[id] = moved
	}
	return out
}

// OnDay is what plays on the local day of moment in loc: the items whose
// dates (on the screen's clock, see DatesOn) include some of that day and,
// when has is not nil, whose media has a file to show, in order. Spaces
// left with no item are left out; nil when none is left.
func (l Local) OnDay(moment time.Time, loc *time.Location, has func(mediaID string) bool) Local {
	ms := moment.UnixMilli()
	start, end := startOfDay(ms, loc), dayStartOn(ms, 1, loc, loc)
	var out Local
	for id, items := range l {
		var kept []LocalItem
		for _, it := range items {
			if it.MediaID == "" || (it.StartDate != 0 && it.StartDate >= end) || (it.EndDate != 0 && it.EndDate < start) {
				continue
			}
			if has != nil && !has(it.MediaID) {
				continue
			}
			kept = append(kept, it)
		}
		if len(kept) > 0 {
			if out == nil {
				out = Local{}
			}
			out[id] = kept
		}
	}
	return out
}

// PlanDayLocal is PlanDay with the store's local content of the day (what
// Local.OnDay gives): each local space is cut into one position per item,
// localTime each, in the store's order; with no item it is its fallback
// once (when its localFallbackMediaId has reports true), else it is left
// out. A cut space's displayTime is its length that day.
func PlanDayLocal(entries []Entry, has func(mediaID string) bool, ads DayAds, local Local) DayPlan {
	return planDay(entries, has, ads, local)
}

// planSpace is the positions a local space plays on a day: the items, or
// the fallback (nil) when it has none and the fallback exists.
func planSpace(e Entry, has func(string) bool, local Local) []*LocalItem {
	items := local[e.ID]
	plays := make([]*LocalItem, 0, max(len(items), 1))
	for i := range items {
		it := items[i]
		plays = append(plays, &it)
	}
	if len(plays) == 0 && e.LocalFallbackMediaID != "" && has(e.LocalFallbackMediaID) {
		plays = append(plays, nil)
	}
	return plays
}

// cutSpace is a local space with its length on a day of n positions.
func cutSpace(e Entry, n int) Entry {
	each := localEachMs(e)
	e.LocalTime = float64(each) / 1000
	e.DisplayTime = float64(int64(n)*each) / 1000
	return e
}
