// Package hours is a store's opening hours and the two questions asked of
// them: is the store open at an instant, and for how long was it open
// between two instants (the offline alert's delay counts only that time).
// Pure functions of their arguments, read on the wall clock of the zone
// given (the TV's store zone). web/src/lib/hours is the same rules in
// TypeScript; both run api/hours-cases.json.
//
// Rules, the same on both sides:
//   - No hours (nil) is open all day, every day.
//   - A weekday's ranges "HH:MM"–"HH:MM" have an inclusive start and an
//     exclusive end; "24:00" may end a range (the end of the day). A range
//     whose end is before its start runs over midnight and belongs to the
//     day it starts on (Friday 18:00–02:00 is open at 01:00 on Saturday).
//     A day without ranges is closed.
//   - An exception replaces the ranges of its date (no ranges: closed all
//     day); the previous day's range running over midnight still ends at
//     its end.
//   - Local time is the wall clock: where clocks jump forward, a range that
//     starts in the skipped hour opens at the jump.
package hours

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"vitrine/internal/fault"
)

// Range is one opening range of a day, "HH:MM" to "HH:MM".
type Range struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// Exception replaces a date's weekly ranges: none means closed all day.
type Exception struct {
	Date   string  `json:"date"` // YYYY-MM-DD, the store's local date
	Ranges []Range `json:"ranges"`
}

// Hours is a store's opening hours: the ranges of each weekday (index 0 =
// Sunday … 6 = Saturday) and the exceptions for dates.
type Hours struct {
	Week       [][]Range   `json:"week"`
	Exceptions []Exception `json:"exceptions"`
}

// Limits of what an operator may set.
const (
	MaxRangesPerDay = 4
	MaxExceptions   = 100
)

// DayNames are the weekdays as messages name them, Sunday first.
var DayNames = [7]string{"Domingo", "Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "Sábado"}

// span is a parsed range in minutes since local midnight; end > 1440 when
// it runs over midnight (into the next day).
type span struct{ start, end int }

// clock reads "HH:MM" from 00:00 to 23:59, or "24:00" when end is true.
func clock(s string, end bool) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	for _, i := range []int{0, 1, 3, 4} {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	h := int(s[0]-'0')*10 + int(s[1]-'0')
	m := int(s[3]-'0')*10 + int(s[4]-'0')
	if end && h == 24 && m == 0 {
		return 1440, true
	}
	if h > 23 || m > 59 {
		return 0, false
	}
	return h*60 + m, true
}

func parse(r Range) (span, bool) {
	start, ok1 := clock(r.Start, false)
	end, ok2 := clock(r.End, true)
	if !ok1 || !ok2 || start == end {
		return span{}, false
	}
	if end < start {
		end += 1440
	}
	return span{start, end}, true
}

func (r Range) String() string { return r.Start + "–" + r.End }

// date is a local calendar date.
type date struct {
	y int
	m time.Month
	d int
}

func dateOf(t time.Time) date {
	y, m, d := t.Date()
	return date{y, m, d}
}

func (d date) add(days int) date {
	return dateOf(time.Date(d.y, d.m, d.d+days, 0, 0, 0, 0, time.UTC))
}

func (d date) weekday() int { return int(time.Date(d.y, d.m, d.d, 0, 0, 0, 0, time.UTC).Weekday()) }

func (d date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.y, d.m, d.d) }

// wallMs is the date's local midnight read as if it were UTC, in epoch ms.
func (d date) wallMs() int64 { return time.Date(d.y, d.m, d.d, 0, 0, 0, 0, time.UTC).UnixMilli() }

// spansOn returns the parsed ranges of a date: its exception's, else its
// weekday's. Ranges that do not parse (never saved: Validate refuses them)
// are left out.
func (h *Hours) spansOn(d date) []span {
	ranges := []Range(nil)
	found := false
	key := d.String()
	for _, e := range h.Exceptions {
		if e.Date == key {
			ranges, found = e.Ranges, true
			break
		}
	}
	if !found {
		if wd := d.weekday(); wd < len(h.Week) {
			ranges = h.Week[wd]
		}
	}
	out := make([]span, 0, len(ranges))
	for _, r := range ranges {
		if s, ok := parse(r); ok {
			out = append(out, s)
		}
	}
	return out
}

// OpenAt tells whether a store with hours h is open at t, on the wall clock
// of loc. Nil hours are open all day.
func OpenAt(h *Hours, loc *time.Location, t time.Time) bool {
	if h == nil {
		return true
	}
	local := t.In(loc)
	today := dateOf(local)
	minute := local.Hour()*60 + local.Minute()
	for _, s := range h.spansOn(today) {
		if minute >= s.start && minute < s.end {
			return true
		}
	}
	for _, s := range h.spansOn(today.add(-1)) {
		if minute+1440 >= s.start && minute+1440 < s.end {
			return true
		}
	}
	return false
}

// OpenDuration is how long a store with hours h was open in [from, to), on
// the wall clock of loc (nil hours: the whole interval). The offline
// alert's delay counts this time only. Millisecond precision.
func OpenDuration(h *Hours, loc *time.Location, from, to time.Time) time.Duration {
	if !to.After(from) {
		return 0
	}
	if h == nil {
		return to.Sub(from)
	}
	a, b := from.UnixMilli(), to.UnixMilli()
	// The open state changes only where the wall clock reaches a range's
	// start or end, at local midnight, or where the offset jumps: cut
	// [a, b) there and add up the open pieces.
	cuts := []int64{a, b}
	add := func(c int64) {
		if c > a && c < b {
			cuts = append(cuts, c)
		}
	}
	offsetAt := func(ms int64) int64 {
		_, off := time.UnixMilli(ms).In(loc).Zone()
		return int64(off) * 1000
	}
	last := dateOf(to.In(loc))
	for d := dateOf(from.In(loc)).add(-1); d.wallMs() <= last.wallMs(); d = d.add(1) {
		base := d.wallMs()
		// The offsets in force from a little before this local day to the
		// end of the next morning, and the instants they change.
		var offsets []int64
		prev := base - 18*hourMs
		prevOff := offsetAt(prev)
		offsets = append(offsets, prevOff)
		for k := int64(-2); k <= 8; k++ {
			at := base + k*6*hourMs
			off := offsetAt(at)
			if off != prevOff {
				jump := firstWithOffsetNot(offsetAt, prev, at, prevOff)
				add(jump)
				if !slices.Contains(offsets, off) {
					offsets = append(offsets, off)
				}
			}
			prev, prevOff = at, off
		}
		minutes := []int{0}
		for _, s := range h.spansOn(d) {
			minutes = append(minutes, s.start, s.end)
		}
		for _, m := range minutes {
			for _, off := range offsets {
				add(base + int64(m)*minuteMs - off)
			}
		}
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	var open int64
	for i := 0; i+1 < len(cuts); i++ {
		if OpenAt(h, loc, time.UnixMilli(cuts[i])) {
			open += cuts[i+1] - cuts[i]
		}
	}
	return time.Duration(open) * time.Millisecond
}

const (
	minuteMs = int64(60_000)
	hourMs   = 60 * minuteMs
)

// firstWithOffsetNot finds the first instant in (lo, hi] whose offset is
// not off, knowing hi's is not.
func firstWithOffsetNot(offsetAt func(int64) int64, lo, hi, off int64) int64 {
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if offsetAt(mid) != off {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// Validate checks hours as an operator sent them and returns them cleaned:
// seven days, ranges sorted by start, exceptions by date, empty lists
// rather than nil. The first mistake is refused with a pt-BR message that
// names it (the console shows the same ones: web/src/lib/hours).
func Validate(h Hours) (Hours, error) {
	if len(h.Week) != 7 {
		return Hours{}, fault.Invalidf("O horário semanal precisa ter os 7 dias da semana, de domingo a sábado.")
	}
	out := Hours{Week: make([][]Range, 7), Exceptions: make([]Exception, 0, len(h.Exceptions))}
	spans := make([][]span, 7)
	for wd, ranges := range h.Week {
		var err error
		if out.Week[wd], spans[wd], err = checkDay(DayNames[wd], ranges); err != nil {
			return Hours{}, err
		}
	}
	// A range over midnight must not overlap the next day's first ranges.
	for wd := range 7 {
		next := (wd + 1) % 7
		for i, s := range spans[wd] {
			if s.end <= 1440 {
				continue
			}
			for j, n := range spans[next] {
				if n.start < s.end-1440 {
					return Hours{}, fault.Invalidf("As faixas %s de %s e %s de %s se sobrepõem.",
						out.Week[wd][i], strings.ToLower(DayNames[wd]), out.Week[next][j], strings.ToLower(DayNames[next]))
				}
			}
		}
	}
	if len(h.Exceptions) > MaxExceptions {
		return Hours{}, fault.Invalidf("Uma loja pode ter no máximo %d exceções de data.", MaxExceptions)
	}
	seen := map[string]bool{}
	for _, e := range h.Exceptions {
		t, err := time.Parse("2006-01-02", e.Date)
		if err != nil || t.Format("2006-01-02") != e.Date {
			return Hours{}, fault.Invalidf("Data de exceção inválida: \"%s\". Use AAAA-MM-DD.", e.Date)
		}
		label := t.Format("02/01/2006")
		if seen[e.Date] {
			return Hours{}, fault.Invalidf("A data %s aparece em mais de uma exceção.", label)
		}
		seen[e.Date] = true
		ranges, _, err := checkDay(label, e.Ranges)
		if err != nil {
			return Hours{}, err
		}
		out.Exceptions = append(out.Exceptions, Exception{Date: e.Date, Ranges: ranges})
	}
	slices.SortFunc(out.Exceptions, func(a, b Exception) int { return strings.Compare(a.Date, b.Date) })
	return out, nil
}

// checkDay validates one day's ranges (label names the day in messages) and
// returns them sorted by start with their spans.
func checkDay(label string, ranges []Range) ([]Range, []span, error) {
	if len(ranges) > MaxRangesPerDay {
		return nil, nil, fault.Invalidf("%s: no máximo %d faixas de horário por dia.", label, MaxRangesPerDay)
	}
	out := make([]Range, 0, len(ranges))
	spans := make([]span, 0, len(ranges))
	for _, r := range ranges {
		r = Range{Start: strings.TrimSpace(r.Start), End: strings.TrimSpace(r.End)}
		_, ok1 := clock(r.Start, false)
		_, ok2 := clock(r.End, true)
		if !ok1 || !ok2 {
			return nil, nil, fault.Invalidf("%s: horário inválido em %s–%s. Use HH:MM, de 00:00 a 23:59 (24:00 só como fim).", label, r.Start, r.End)
		}
		if r.Start == r.End {
			return nil, nil, fault.Invalidf("%s: a faixa %s começa e termina no mesmo horário.", label, r)
		}
		s, _ := parse(r)
		out = append(out, r)
		spans = append(spans, s)
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return spans[i].start - spans[j].start })
	sorted := make([]Range, len(out))
	sortedSpans := make([]span, len(out))
	for k, i := range order {
		sorted[k], sortedSpans[k] = out[i], spans[i]
	}
	for k := 1; k < len(sorted); k++ {
		if sortedSpans[k].start < sortedSpans[k-1].end {
			return nil, nil, fault.Invalidf("%s: as faixas %s e %s se sobrepõem.", label, sorted[k-1], sorted[k])
		}
	}
	// A range over midnight reaches the first ones of the same day when it
	// ends after they start (18:00–09:00 with 08:00–12:00).
	if n := len(sortedSpans); n > 1 && sortedSpans[n-1].end > 1440 && sortedSpans[0].start < sortedSpans[n-1].end-1440 {
		return nil, nil, fault.Invalidf("%s: as faixas %s e %s se sobrepõem.", label, sorted[0], sorted[n-1])
	}
	return sorted, sortedSpans, nil
}
