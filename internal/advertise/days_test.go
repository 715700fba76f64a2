package advertise

import (
	"testing"
	"time"

	"vitrine/internal/playback"
)

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := playback.LoadZone(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// A day is the franchise's: the same instant is the 24th in São Paulo and
// the 25th in UTC and Tokyo.
func TestDayOfFollowsTheZone(t *testing.T) {
	at := time.Date(2026, 11, 25, 1, 30, 0, 0, time.UTC).UnixMilli() // 22:30 on the 24th in São Paulo
	for name, want := range map[string]Day{"America/Sao_Paulo": 20261124, "UTC": 20261125, "Asia/Tokyo": 20261125} {
		if got := DayOf(at, zone(t, name)); got != want {
			t.Errorf("%s: %d, want %d", name, got, want)
		}
	}
	sp := zone(t, "America/Sao_Paulo")
	if got := DayOf(time.Date(2026, 11, 25, 2, 59, 59, 999e6, time.UTC).UnixMilli(), sp); got != 20261124 {
		t.Errorf("a millisecond before midnight in São Paulo: %d", got)
	}
	if got := DayOf(time.Date(2026, 11, 25, 3, 0, 0, 0, time.UTC).UnixMilli(), sp); got != 20261125 {
		t.Errorf("midnight in São Paulo: %d", got)
	}
}

func TestDayArithmetic(t *testing.T) {
	for _, c := range []struct {
		d    Day
		n    int
		want Day
	}{
		{20261124, 1, 20261125}, {20261130, 1, 20261201}, {20261231, 1, 20270101}, {20280228, 1, 20280229},
		{20270228, 1, 20270301}, {20270101, -1, 20261231}, {20261124, 182, 20270525}, {20261124, 0, 20261124},
	} {
		if got := c.d.Add(c.n); got != c.want {
			t.Errorf("%d + %d = %d, want %d", c.d, c.n, got, c.want)
		}
		if got := c.d.Until(c.want); got != c.n {
			t.Errorf("%d until %d = %d, want %d", c.d, c.want, got, c.n)
		}
	}
	if got := Day(20261124).Text(); got != "24/11/2026" {
		t.Errorf("text %q", got)
	}
	if got := Day(20261124).Key(); got != "20261124" {
		t.Errorf("key %q", got)
	}
}

// A day starts at local midnight and ends a millisecond before the next;
// across a clock change it lasts 23 or 25 hours.
func TestDayStartAndEnd(t *testing.T) {
	sp := zone(t, "America/Sao_Paulo")
	if got := Day(20261124).Start(sp).UTC(); !got.Equal(time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC)) {
		t.Errorf("start in São Paulo %s", got)
	}
	if got := Day(20261124).End(sp); got != time.Date(2026, 11, 25, 3, 0, 0, 0, time.UTC).UnixMilli()-1 {
		t.Errorf("end in São Paulo %s", time.UnixMilli(got).UTC())
	}
	ny := zone(t, "America/New_York")
	if hours := (Day(20260308).End(ny) + 1 - Day(20260308).Start(ny).UnixMilli()) / 3600_000; hours != 23 {
		t.Errorf("the day the clocks go forward in New York lasts %d h", hours)
	}
	if hours := (Day(20261101).End(ny) + 1 - Day(20261101).Start(ny).UnixMilli()) / 3600_000; hours != 25 {
		t.Errorf("the day the clocks go back in New York lasts %d h", hours)
	}
}

func TestPeriodOf(t *testing.T) {
	sp := zone(t, "America/Sao_Paulo")
	ms := func(d Day, h int) *int64 { v := d.Start(sp).Add(time.Duration(h) * time.Hour).UnixMilli(); return &v }
	p, err := periodOf(ms(20261124, 23), ms(20261125, 1), sp)
	if err != nil || p != (period{20261124, 20261125}) || p.days() != 2 {
		t.Fatalf("period %+v, %v", p, err)
	}
	if _, err := periodOf(ms(20261125, 0), ms(20261124, 12), sp); err != ErrDatesOrder {
		t.Errorf("reversed: %v", err)
	}
	if _, err := periodOf(nil, ms(20261124, 12), sp); err != ErrDatesRequired {
		t.Errorf("no start: %v", err)
	}
	if _, err := periodOf(ms(20261124, 0), ms(Day(20261124).Add(MaxDays), 0), sp); err != ErrTooLong {
		t.Errorf("367 days: %v", err)
	}
	if _, err := periodOf(ms(20261124, 0), ms(Day(20261124).Add(MaxDays-1), 0), sp); err != nil {
		t.Errorf("366 days: %v", err)
	}
}

func TestFirstFreePosition(t *testing.T) {
	var p positions
	if p.firstFree(3) != 1 {
		t.Fatal("an empty slot")
	}
	p.take(1)
	p.take(3)
	if got := p.firstFree(3); got != 2 {
		t.Fatalf("first free %d, want 2", got)
	}
	p.take(2)
	if got := p.firstFree(3); got != 0 {
		t.Fatalf("a full slot: %d", got)
	}
	p.take(100)
	if !p.taken(100) || p.taken(99) || p.firstFree(100) != 4 {
		t.Fatal("positions past 64")
	}
}

func TestParseDayReadsOnlyRealDays(t *testing.T) {
	for key, want := range map[string]Day{"20261124": 20261124, "20280229": 20280229, "20261231": 20261231} {
		if got, ok := ParseDay(key); !ok || got != want {
			t.Errorf("ParseDay(%q) = %d, %v", key, got, ok)
		}
	}
	for _, key := range []string{"", "2026112", "202611240", "2026-11-24", "20261301", "20270229", "hoje----"} {
		if got, ok := ParseDay(key); ok {
			t.Errorf("ParseDay(%q) = %d, want refused", key, got)
		}
	}
}
