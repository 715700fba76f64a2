package playback

import "time"

// An entry's dates (startDate, endDate) are calendar days, not instants: the
// console writes the first millisecond of the chosen start day and the last
// of the chosen end day in the franchise's zone, and every screen plays the
// entry from 00:00 of that start day to the end of that end day on its own
// wall clock. So an entry "from 03/03 to 05/03" starts at local midnight in
// São Paulo and, two hours later, at local midnight in Rio Branco. The
// stored numbers keep their form (epoch ms, 0 = no bound); the zone they are
// read in to name their days is the dates zone, the franchise's.

// DatesOn gives the entries with their dates moved onto the clock of a
// screen in loc: startDate becomes the first instant of the day it names in
// datesLoc, endDate the last millisecond of the day it names, both on loc's
// wall clock. The rules then compare instants as before. The entries are
// copied; 0 stays no bound.
func DatesOn(entries []Entry, datesLoc, loc *time.Location) []Entry {
	out := make([]Entry, len(entries))
	for i, e := range entries {
		out[i] = entryDatesOn(e, datesLoc, loc)
	}
	return out
}

// DatesOn gives the advertisements with their media's dates on the clock of
// a screen in loc, as DatesOn does for a schedule's entries.
func (a DayAds) DatesOn(datesLoc, loc *time.Location) DayAds {
	out := DayAds{Sold: a.Sold, Ads: make(map[string]Ad, len(a.Ads))}
	for id, ad := range a.Ads {
		media := make([]AdMedia, len(ad.Media))
		for i, m := range ad.Media {
			m.Entry = entryDatesOn(m.Entry, datesLoc, loc)
			media[i] = m
		}
		ad.Media = media
		out.Ads[id] = ad
	}
	return out
}

func entryDatesOn(e Entry, datesLoc, loc *time.Location) Entry {
	if e.StartDate > 0 {
		e.StartDate = dayStartOn(e.StartDate, 0, datesLoc, loc)
	}
	if e.EndDate > 0 {
		e.EndDate = dayStartOn(e.EndDate, 1, datesLoc, loc) - 1
	}
	return e
}

// dayStartOn is the first instant, on loc's wall clock, of the calendar day
// that ms names in datesLoc, plus days.
func dayStartOn(ms int64, days int, datesLoc, loc *time.Location) int64 {
	y, m, d := time.UnixMilli(ms).In(datesLoc).Date()
	// Noon of that day on loc's clock: never in a clock change's gap.
	noon := time.Date(y, m, d+days, 12, 0, 0, 0, loc)
	return startOfDay(noon.UnixMilli(), loc)
}
