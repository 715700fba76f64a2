package playback

import "time"

const (
	minuteMs = int64(60_000)
	hourMs   = 60 * minuteMs
)

// wallClock is a screen's local time at one instant (epoch ms).
type wallClock struct {
	year, day   int
	month       time.Month
	weekday     int // 0 = Sunday, the bit of dok that decides the day
	minuteOfDay int // what windows compare
	second      int
	millisecond int
	hourStart   int64 // the instant the local clock hour began: limitByHour's bucket
	offset      int64 // ms east of UTC
}

func localAt(ms int64, loc *time.Location) wallClock {
	t := time.UnixMilli(ms).In(loc)
	y, mo, d := t.Date()
	h, m, s := t.Clock()
	milli := int((ms%1000 + 1000) % 1000)
	_, off := t.Zone()
	return wallClock{
		year: y, month: mo, day: d,
		weekday:     int(t.Weekday()),
		minuteOfDay: h*60 + m,
		second:      s,
		millisecond: milli,
		hourStart:   ms - int64(m)*minuteMs - int64(s)*1000 - int64(milli),
		offset:      int64(off) * 1000,
	}
}

// StartOfDay is the first instant of the local day that holds moment: local
// midnight or, where a clock change skips midnight, the instant the clocks
// jump. (time.Date does not promise which side of a gap it picks.)
func StartOfDay(moment time.Time, loc *time.Location) time.Time {
	return time.UnixMilli(startOfDay(moment.UnixMilli(), loc)).In(loc)
}

func startOfDay(ms int64, loc *time.Location) int64 {
	now := localAt(ms, loc)
	midnight := time.Date(now.year, now.month, now.day, 0, 0, 0, 0, time.UTC).UnixMilli() // local 00:00 read as if UTC
	guess := midnight - now.offset
	// A clock change between midnight and now makes then's offset differ from
	// now's: try the offsets in force a few hours either side of the guess.
	offsets := [2]int64{localAt(guess-6*hourMs, loc).offset, localAt(guess+6*hourMs, loc).offset}
	var start int64
	found := false
	for _, off := range offsets {
		c := midnight - off
		then := localAt(c, loc)
		if then.offset == off && then.day == now.day && then.minuteOfDay == 0 && (!found || c < start) {
			start, found = c, true // two when midnight happens twice (clocks back over it): the first
		}
	}
	if !found { // midnight does not happen (clocks forward over it): the jump
		start = max(midnight-offsets[0], midnight-offsets[1])
	}
	return min(start, ms)
}
