package playback

import (
	"cmp"
	"time"
)

// Advertisements in the ad slots of a schedule, as the player plays them
// (web/src/player/ads.ts, DESIGN.md "Ad slots"): on each day a slot's
// positions play in order, adTime each; a position sold that day plays its
// advertisement's media in turn, one nobody bought plays the slot's fallback
// media, or is skipped when there is none.

// SlotPosition names one position (1-based) of an ad slot.
type SlotPosition struct {
	SlotID   string
	Position int
}

// DayAds is what fills a screen's ad slots on one day: the advertisement
// sold in each position and the advertisements by id.
type DayAds struct {
	Sold map[SlotPosition]string
	Ads  map[string]Ad
}

// Ad is an advertisement as a screen plays it.
type Ad struct {
	ID    string
	Name  string
	Media []AdMedia
}

// AdMedia is one media of an advertisement: its rules (Entry: weekdays,
// dates, windows, enabled) and where its file is; one without URL has no
// file to show.
type AdMedia struct {
	Entry
	URL          string
	ThumbnailURL string
}

func (a Ad) playable() []AdMedia {
	out := make([]AdMedia, 0, len(a.Media))
	for _, m := range a.Media {
		if m.URL != "" {
			out = append(out, m)
		}
	}
	return out
}

// DayPlan is what a screen plays on one day.
type DayPlan struct {
	// Entries are those the playback rules sequence: the ones with something
	// to show, slots cut to their positions.
	Entries []Entry
	// Index is each entry's position in the schedule.
	Index []int
	// Positions holds, by index in Entries, for a slot the advertisement of
	// each position played ("" is the fallback).
	Positions [][]string
	// Local holds, by index in Entries, for a local space the store's item
	// of each position played (nil is the space's fallback).
	Local [][]*LocalItem
}

// PlanDay is the plan of a day (planDay of ads.ts): entries whose media is
// gone (has reports false) are left out; each ad slot keeps, in order, the
// positions sold that day to an advertisement with a file to show and,
// where its fallback exists, the others; a slot left with no position is
// left out. Local spaces play their fallback, as for a store with nothing
// approved (PlanDayLocal gives them the store's items).
func PlanDay(entries []Entry, has func(mediaID string) bool, ads DayAds) DayPlan {
	return planDay(entries, has, ads, nil)
}

func planDay(entries []Entry, has func(mediaID string) bool, ads DayAds, local Local) DayPlan {
	var plan DayPlan
	add := func(e Entry, i int, positions []string, plays []*LocalItem) {
		plan.Entries = append(plan.Entries, e)
		plan.Index = append(plan.Index, i)
		plan.Positions = append(plan.Positions, positions)
		plan.Local = append(plan.Local, plays)
	}
	for i, e := range entries {
		if e.IsLocal {
			if plays := planSpace(e, has, local); len(plays) > 0 {
				add(cutSpace(e, len(plays)), i, nil, plays)
			}
			continue
		}
		if !IsAdSlot(e) {
			if e.ID != "" && has(e.ID) {
				add(e, i, nil, nil)
			}
			continue
		}
		fallback := e.AdFallbackMediaID != "" && has(e.AdFallbackMediaID)
		if e.AdSlots <= 0 || e.AdTime <= 0 {
			// No positions to sell: the slot is its fallback for its whole length.
			if fallback {
				add(e, i, nil, nil)
			}
			continue
		}
		var positions []string
		for p := 1; p <= e.AdSlots; p++ {
			id, sold := ads.Sold[SlotPosition{e.ID, p}]
			if sold && len(ads.Ads[id].playable()) > 0 {
				positions = append(positions, id)
			} else if fallback {
				positions = append(positions, "")
			}
		}
		if len(positions) == 0 {
			continue
		}
		cut := e
		cut.AdSlots = len(positions)
		add(cut, i, positions, nil)
	}
	return plan
}

// Shown is one stretch of what a screen shows with its advertisements: an
// Item of the day plan, a slot's narrowed to one of its positions.
type Shown struct {
	Item
	// ScheduleIndex is the entry's position in the schedule; -1 when idle.
	ScheduleIndex int
	// Position is the slot's or local space's position played (0-based, in
	// the day's plan); -1 for anything else.
	Position int
	// Ad is the advertisement sold in the position, nil for the fallback.
	Ad *Ad
	// AdMedia is the advertisement's media on screen; nil when none of its
	// media may play at the moment (the screen then shows the fallback, or
	// nothing without one).
	AdMedia *AdMedia
	// Local is, in a local space, the store's item on screen; nil for the
	// space's fallback (and for anything else).
	Local *LocalItem
}

// adTurns takes an advertisement's media in turn, each time it plays,
// among those whose rules allow the moment (AdTurns of ads.ts).
type adTurns struct {
	next  map[string]int
	media map[string]turnMedia // each advertisement's playable media, read once
	loc   *time.Location
}

type turnMedia struct {
	media []AdMedia
	rules []compiled
}

func (t *adTurns) pick(ad *Ad, start int64) *AdMedia {
	m, ok := t.media[ad.ID]
	if !ok {
		m.media = ad.playable()
		m.rules = make([]compiled, len(m.media))
		for i := range m.media {
			m.rules[i] = compile(m.media[i].Entry)
		}
		t.media[ad.ID] = m
	}
	local := localAt(start, t.loc)
	from := t.next[ad.ID]
	for k := range m.media {
		i := (from + k) % len(m.media)
		if m.rules[i].eligible(start, &local, 0) {
			t.next[ad.ID] = i + 1
			return &m.media[i]
		}
	}
	return nil
}

// ScreenFrom is PlayingFrom on a day's plan with its advertisements: what
// the screen shows at moment and what follows, count stretches in all, a
// slot's positions and a local space's items each a stretch of its own. An advertisement's media take
// turns from the anchor on, as the screen has played them since. It returns
// nil when moment is before anchor.
func ScreenFrom(plan DayPlan, ads DayAds, moment time.Time, loc *time.Location, anchor time.Time, count int) []Shown {
	if count <= 0 {
		return nil
	}
	turns := &adTurns{next: map[string]int{}, media: map[string]turnMedia{}, loc: loc}
	at := moment.UnixMilli()
	var out []Shown
	// expand cuts a slot item into its positions, picking each sold one's
	// media; before moment only the turns are kept.
	expand := func(it Item) {
		sh := Shown{Item: it, ScheduleIndex: -1, Position: -1}
		if it.EntryIndex >= 0 {
			sh.ScheduleIndex = plan.Index[it.EntryIndex]
		}
		positions := []string(nil)
		if it.EntryIndex >= 0 {
			positions = plan.Positions[it.EntryIndex]
		}
		if it.Kind == LocalSpace && it.EntryIndex >= 0 && it.EntryIndex < len(plan.Local) {
			plays := plan.Local[it.EntryIndex]
			each := time.Duration(localEachMs(plan.Entries[it.EntryIndex])) * time.Millisecond
			if len(plays) > 0 && time.Duration(len(plays))*each == it.Duration {
				for p, li := range plays {
					part := sh
					part.Start, part.Duration, part.Position, part.Local = it.Start.Add(time.Duration(p)*each), each, p, li
					if part.End().UnixMilli() > at && len(out) < count {
						out = append(out, part)
					}
				}
				return
			}
		}
		if it.Kind != Slot || len(positions) == 0 {
			if it.End().UnixMilli() > at && len(out) < count {
				out = append(out, sh)
			}
			return
		}
		e := plan.Entries[it.EntryIndex]
		each := time.Duration(positiveMs(e.AdTime)) * time.Millisecond
		if each <= 0 || time.Duration(len(positions))*each != it.Duration {
			if it.End().UnixMilli() > at && len(out) < count {
				out = append(out, sh)
			}
			return
		}
		for p, id := range positions {
			part := sh
			part.Start, part.Duration, part.Position = it.Start.Add(time.Duration(p)*each), each, p
			if id != "" {
				ad := ads.Ads[id]
				ad.ID = cmp.Or(ad.ID, id)
				part.Ad = &ad
				part.AdMedia = turns.pick(&ad, part.Start.UnixMilli())
			}
			if part.End().UnixMilli() > at && len(out) < count {
				out = append(out, part)
			}
		}
	}
	items := playingFrom(plan.Entries, moment, loc, anchor, count, expand)
	for _, it := range items {
		if len(out) >= count {
			break
		}
		expand(it)
	}
	return out
}
