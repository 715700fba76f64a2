package advertise

import (
	"fmt"
	"strconv"
	"time"

	"vitrine/internal/playback"
)

// Day is a calendar day of the franchise's zone as the number yyyyMMdd
// (20261124): ordered like the days, stored as is, and written as the ad
// map's keys.
type Day int

// DayOf is the local day of the instant ms in loc.
func DayOf(ms int64, loc *time.Location) Day {
	y, m, d := time.UnixMilli(ms).In(loc).Date()
	return Day(y*10000 + int(m)*100 + d)
}

func (d Day) date() (year int, month time.Month, day int) {
	return int(d) / 10000, time.Month(int(d) / 100 % 100), int(d) % 100
}

// Add is the day n days later (earlier when n < 0).
func (d Day) Add(n int) Day {
	y, m, dd := d.date()
	t := time.Date(y, m, dd+n, 12, 0, 0, 0, time.UTC)
	return Day(t.Year()*10000 + int(t.Month())*100 + t.Day())
}

// Until counts the days from d to e (e − d; 0 when equal).
func (d Day) Until(e Day) int {
	y1, m1, d1 := d.date()
	y2, m2, d2 := e.date()
	a := time.Date(y1, m1, d1, 12, 0, 0, 0, time.UTC)
	b := time.Date(y2, m2, d2, 12, 0, 0, 0, time.UTC)
	return int(b.Sub(a).Round(24*time.Hour) / (24 * time.Hour))
}

// Start is the first instant of the day in loc (local midnight, or the
// instant the clocks jump where a change skips it).
func (d Day) Start(loc *time.Location) time.Time {
	y, m, dd := d.date()
	noon := time.Date(y, m, dd, 12, 0, 0, 0, loc)
	return playback.StartOfDay(noon, loc)
}

// End is the last millisecond of the day in loc.
func (d Day) End(loc *time.Location) int64 {
	return d.Add(1).Start(loc).UnixMilli() - 1
}

// Key is the ad map's key of the day, "yyyyMMdd".
func (d Day) Key() string { return strconv.Itoa(int(d)) }

// Text is the day as people in Brazil write it, dd/MM/yyyy.
func (d Day) Text() string {
	y, m, dd := d.date()
	return fmt.Sprintf("%02d/%02d/%04d", dd, int(m), y)
}

// period is an advertisement's days, first to last, both included.
type period struct{ first, last Day }

func (p period) days() int { return p.first.Until(p.last) + 1 }

func (p period) contains(d Day) bool { return d >= p.first && d <= p.last }

// list is every day of the period in order.
func (p period) list() []Day {
	out := make([]Day, 0, p.days())
	for d := p.first; d <= p.last; d = d.Add(1) {
		out = append(out, d)
	}
	return out
}

// periodOf reads the dates a client sent: the local days of startAt and
// endsAt in loc, in order and at most MaxDays long.
func periodOf(startAt, endsAt *int64, loc *time.Location) (period, error) {
	if startAt == nil || endsAt == nil || *startAt <= 0 || *endsAt <= 0 {
		return period{}, ErrDatesRequired
	}
	p := period{DayOf(*startAt, loc), DayOf(*endsAt, loc)}
	if p.last < p.first {
		return period{}, ErrDatesOrder
	}
	if p.days() > MaxDays {
		return period{}, ErrTooLong
	}
	return p, nil
}
