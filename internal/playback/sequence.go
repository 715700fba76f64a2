package playback

import "time"

// sequencer walks a schedule the way a screen plays it: from a position, each
// entry in turn, skipping those not eligible at the moment they would start;
// after an entry comes the one after it. When a whole pass finds nothing the
// screen shows nothing for 1 s (an idle item) and looks again from the same
// position. Plays are counted per entry (the same media twice in a schedule
// is two entries) in the local clock hour they start in, from zero.
type sequencer struct {
	entries   []compiled
	loc       *time.Location
	position  int
	playCount []int
	playHour  []int64
	at        int64 // when the next item starts, epoch ms
}

func newSequencer(entries []compiled, loc *time.Location, from int64, startIndex int) *sequencer {
	s := &sequencer{
		entries:   entries,
		loc:       loc,
		at:        from,
		playCount: make([]int, len(entries)),
		playHour:  make([]int64, len(entries)),
	}
	if n := len(entries); n > 0 {
		s.position = (startIndex%n + n) % n
	}
	for i := range s.playHour {
		s.playHour[i] = -1 << 63 // no hour yet
	}
	return s
}

// item is an Item in epoch ms, as the walk produces it.
type item struct {
	index    int
	start    int64
	duration int64
}

func (s *sequencer) next() item {
	moment := s.at
	local := localAt(moment, s.loc)
	n := len(s.entries)
	for k := range n {
		i := (s.position + k) % n
		if s.playHour[i] != local.hourStart {
			s.playHour[i], s.playCount[i] = local.hourStart, 0
		}
		e := &s.entries[i]
		if !e.eligible(moment, &local, s.playCount[i]) {
			continue
		}
		s.playCount[i]++
		s.position = (i + 1) % n
		s.at = moment + e.duration
		return item{index: i, start: moment, duration: e.duration}
	}
	s.at = moment + idleMs
	return item{index: -1, start: moment, duration: idleMs}
}

// idleRun says, after an idle item starting at idleStart, how many idle
// seconds in a row come before anything can change. With nothing playing,
// eligibility only changes at a local minute (windows, weekdays and the
// limit's hour all turn on minutes) or at a start date.
func (s *sequencer) idleRun(idleStart int64) int64 {
	local := localAt(idleStart, s.loc)
	change := idleStart + int64(60-local.second)*1000 - int64(local.millisecond)
	for i := range s.entries {
		if st := s.entries[i].start; st != 0 && st > idleStart && st < change {
			change = st
		}
	}
	return max(1, (change-idleStart+idleMs-1)/idleMs)
}

func (s *sequencer) toItem(it item) Item {
	out := Item{
		EntryIndex: it.index,
		Kind:       Idle,
		Start:      time.UnixMilli(it.start).In(s.loc),
		Duration:   time.Duration(it.duration) * time.Millisecond,
	}
	if it.index >= 0 {
		e := &s.entries[it.index]
		out.EntryID, out.Kind, out.FallbackMediaID = e.id, Media, e.fallback
		if e.slot {
			out.Kind = Slot
		}
		if e.local {
			out.Kind = LocalSpace
		}
	}
	return out
}

// Next returns the next count items a screen in loc plays from the instant
// from (to the millisecond), starting with the entry at startIndex (taken
// modulo the schedule's length) and no plays counted yet this hour.
func Next(entries []Entry, from time.Time, loc *time.Location, count, startIndex int) []Item {
	if count <= 0 {
		return nil
	}
	s := newSequencer(compileAll(entries), loc, from.UnixMilli(), startIndex)
	items := make([]Item, count)
	for i := range items {
		items[i] = s.toItem(s.next())
	}
	return items
}

// Anchor is the instant a screen (re)starts its schedule from the first
// entry: the later of the start of its local day and changedAt, when the
// schedule last changed (zero when unknown). The player restarts its loop at
// both, so the server can tell what a screen shows without asking it.
func Anchor(moment time.Time, loc *time.Location, changedAt time.Time) time.Time {
	dayStart := StartOfDay(moment, loc)
	if !changedAt.IsZero() && changedAt.After(dayStart) {
		return changedAt
	}
	return dayStart
}

// NowPlaying returns what the screen shows at moment: the item, of the
// sequence that starts from the first entry at anchor (see Anchor), whose
// [Start, End) holds moment; an idle item when nothing is eligible. It
// reports false when moment is before anchor.
func NowPlaying(entries []Entry, moment time.Time, loc *time.Location, anchor time.Time) (Item, bool) {
	items := PlayingFrom(entries, moment, loc, anchor, 1)
	if len(items) == 0 {
		return Item{}, false
	}
	return items[0], true
}

// PlayingFrom returns what the screen shows at moment (NowPlaying) and the
// count−1 items after it, of the same sequence from anchor: the plays each
// entry had since the anchor count toward its limitByHour, as they do on
// the screen. It returns nil when moment is before anchor.
func PlayingFrom(entries []Entry, moment time.Time, loc *time.Location, anchor time.Time, count int) []Item {
	return playingFrom(entries, moment, loc, anchor, count, nil)
}

// playingFrom is PlayingFrom, telling played (when not nil) each item other
// than idle that ended before the one on screen, in order.
func playingFrom(entries []Entry, moment time.Time, loc *time.Location, anchor time.Time, count int, played func(Item)) []Item {
	at, from := moment.UnixMilli(), anchor.UnixMilli()
	if at < from || count <= 0 {
		return nil
	}
	s := newSequencer(compileAll(entries), loc, from, 0)
	var first item
	for {
		it := s.next()
		if it.index < 0 {
			// Idle seconds in a row are alike: jump over them instead of
			// walking a quiet night one second at a time.
			end := it.start + s.idleRun(it.start)*idleMs
			if at < end {
				it.start += (at - it.start) / idleMs * idleMs
				s.at = it.start + idleMs
				first = it
				break
			}
			s.at = end
			continue
		}
		if at < it.start+it.duration {
			first = it
			break
		}
		if played != nil {
			played(s.toItem(it))
		}
	}
	items := make([]Item, 0, count)
	items = append(items, s.toItem(first))
	for len(items) < count {
		items = append(items, s.toItem(s.next()))
	}
	return items
}
