package playback

import (
	"math"
	"time"
)

const (
	// DefaultDuration is what a media or slot lasts when its own numbers give nothing.
	DefaultDuration = 10 * time.Second
	// IdleDuration is how long a screen with nothing eligible waits before it looks again.
	IdleDuration = time.Second
	// EveryDay has every weekday bit set.
	EveryDay = 127

	defaultMs = int64(DefaultDuration / time.Millisecond)
	idleMs    = int64(IdleDuration / time.Millisecond)
)

// IsAdSlot tells whether an entry is an ad slot rather than media: any of
// isAd, adSlots, adTime or adFallbackMediaId set, on an entry that is not a
// local space.
func IsAdSlot(e Entry) bool {
	return !e.IsLocal && (e.IsAd || e.AdSlots != 0 || e.AdTime != 0 || e.AdFallbackMediaID != "")
}

// IsLocalSpace tells whether an entry is a local space ('Espaço local'):
// neither media nor ad slot, the TV's store's approved items play there.
func IsLocalSpace(e Entry) bool {
	return e.IsLocal
}

// positiveMs turns seconds into whole milliseconds, or 0 when that is not a
// positive duration.
func positiveMs(seconds float64) int64 {
	if math.IsNaN(seconds) || math.IsInf(seconds, 0) {
		return 0
	}
	return max(int64(math.Round(seconds*1000)), 0)
}

// durationMs is what an entry plays for: a slot adSlots × adTime, else
// displayTimeJumpStart, else 10 s; a local space displayTime (stored as its
// localTime, one item's worth; a day's plan makes it the items × localTime),
// else localTime, else 10 s; media displayTime, else 10 s.
func durationMs(e Entry) int64 {
	if e.IsLocal {
		if ms := positiveMs(e.DisplayTime); ms > 0 {
			return ms
		}
		return localEachMs(e)
	}
	if IsAdSlot(e) {
		if e.AdSlots > 0 && e.AdTime > 0 {
			if ms := positiveMs(float64(e.AdSlots) * e.AdTime); ms > 0 {
				return ms
			}
		}
		if ms := positiveMs(e.DisplayTimeJumpStart); ms > 0 {
			return ms
		}
		return defaultMs
	}
	if ms := positiveMs(e.DisplayTime); ms > 0 {
		return ms
	}
	return defaultMs
}

// localEachMs is what each item of a local space plays for: localTime,
// else 10 s.
func localEachMs(e Entry) int64 {
	if ms := positiveMs(e.LocalTime); ms > 0 {
		return ms
	}
	return defaultMs
}

// Duration is how long an entry plays once started.
func Duration(e Entry) time.Duration {
	return time.Duration(durationMs(e)) * time.Millisecond
}

// compiled is an entry with its rules read once, for sequencing many moments.
type compiled struct {
	id         string
	slot       bool
	local      bool
	enabled    bool
	dok        int
	start, end int64 // epoch ms; 0 = no bound
	windows    []Window
	allDay     bool
	limit      int // 0 = no limit
	duration   int64
	fallback   string
}

func compile(e Entry) compiled {
	c := compiled{
		id:       e.ID,
		slot:     IsAdSlot(e),
		local:    e.IsLocal,
		enabled:  e.Enabled == nil || *e.Enabled,
		dok:      EveryDay,
		start:    e.StartDate,
		end:      e.EndDate,
		limit:    max(e.LimitByHour, 0),
		duration: durationMs(e),
	}
	if e.Dok != nil {
		c.dok = *e.Dok
	}
	c.windows, c.allDay = entryWindows(e.TimeGap)
	if c.slot {
		c.fallback = e.AdFallbackMediaID
	}
	if c.local {
		c.fallback = e.LocalFallbackMediaID
	}
	return c
}

func compileAll(entries []Entry) []compiled {
	out := make([]compiled, len(entries))
	for i, e := range entries {
		out[i] = compile(e)
	}
	return out
}

// eligible is the rule check on a compiled entry and the screen's wall clock
// at moment.
func (c *compiled) eligible(moment int64, local *wallClock, playsThisHour int) bool {
	// Spec 2 §4: "Slots always play" — no dates, weekdays, windows or limit apply.
	if c.slot {
		return true
	}
	if !c.enabled {
		return false
	}
	if c.start != 0 && moment < c.start {
		return false
	}
	if c.end != 0 && moment > c.end {
		return false
	}
	if c.dok&(1<<local.weekday) == 0 {
		return false
	}
	if !c.allDay {
		open := false
		for _, w := range c.windows {
			if w.Contains(local.minuteOfDay) {
				open = true
				break
			}
		}
		if !open {
			return false
		}
	}
	return c.limit == 0 || playsThisHour < c.limit
}

// IsEligible tells whether the entry may start at moment on a screen in loc,
// given how many times it already started in the current local clock hour.
// The weekday and windows are read on the screen's wall clock; the dates are
// instants (endDate inclusive). Slots are always eligible.
func IsEligible(e Entry, moment time.Time, loc *time.Location, playsThisHour int) bool {
	c := compile(e)
	ms := moment.UnixMilli()
	local := localAt(ms, loc)
	return c.eligible(ms, &local, playsThisHour)
}
