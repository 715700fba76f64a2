package advertise

import (
	"strings"
	"testing"
	"time"

	"vitrine/internal/fault"
)

func TestMediaDatedOutsideTheBookedPeriodAreRefused(t *testing.T) {
	// Both are calendar days of the franchise's zone, whichever it is.
	for _, zone := range []string{"America/Sao_Paulo", "America/Rio_Branco"} {
		t.Run(zone, func(t *testing.T) { mediaOutsideThePeriod(t, zone) })
	}
}

func mediaOutsideThePeriod(t *testing.T, zone string) {
	loc, _ := time.LoadLocation(zone)
	day := func(d int) int64 { return time.Date(2027, 3, d, 0, 0, 0, 0, loc).UnixMilli() }
	start, end := day(10), day(21)-1 // booked 10/03/2027 to 20/03/2027
	cases := []struct {
		name string
		item MediaItem
		want string // "" when accepted
	}{
		{"dated before the period", MediaItem{Name: "Cartaz", StartDate: day(1), EndDate: day(6) - 1},
			`Mídia “Cartaz” (posição 1): as datas da mídia (01/03/2027 a 05/03/2027) ficam fora do período contratado do anúncio (10/03/2027 a 20/03/2027)`},
		{"starting after the period, with no end", MediaItem{Name: "Cartaz", StartDate: day(25), EndDate: day(25) + 1000*365*24*3600*1000},
			"as datas da mídia (a partir de 25/03/2027) ficam fora do período contratado"},
		{"ending before the period, with no start", MediaItem{Name: "Cartaz", EndDate: day(2)}, "(até 02/03/2027)"},
		{"overlapping the period's first day", MediaItem{Name: "Cartaz", StartDate: day(5), EndDate: day(11) - 1}, ""},
		{"overlapping its last day", MediaItem{Name: "Cartaz", StartDate: day(20), EndDate: day(30)}, ""},
		{"without dates", MediaItem{Name: "Cartaz"}, ""},
		{"ending in the last millisecond of the day before the period", MediaItem{Name: "Cartaz", StartDate: day(1), EndDate: day(10) - 1},
			"(01/03/2027 a 09/03/2027)"},
		{"ending at 00:00 of the period's first day", MediaItem{Name: "Cartaz", StartDate: day(1), EndDate: day(10)}, ""},
		{"starting in the first millisecond after the period", MediaItem{Name: "Cartaz", StartDate: day(21), EndDate: day(22) - 1},
			"(21/03/2027 a 21/03/2027)"},
		{"starting late on the period's last day", MediaItem{Name: "Cartaz", StartDate: day(21) - 1, EndDate: day(22)}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := checkPeriod([]MediaItem{c.item}, start, end, loc)
			if c.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			f, ok := fault.As(err)
			if !ok || f.Code != 100142 || !strings.Contains(f.Msg, c.want) {
				t.Fatalf("got %v, want 100142 with %q", err, c.want)
			}
		})
	}
}

func TestDisplayTimeSaysWhatIsWrong(t *testing.T) {
	v := func(f float64) *float64 { return &f }
	cases := []struct {
		name string
		in   *float64
		want error
	}{
		{"missing", nil, ErrDuration},
		{"zero", v(0), ErrDuration},
		{"a fraction", v(1.5), ErrDurationWhole},
		{"above the longest slot position", v(3601), ErrDurationTooBig},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := cleanDisplayTime(c.in); err != c.want {
				t.Fatalf("got %v, want %v", err, c.want)
			}
		})
	}
	if got, err := cleanDisplayTime(v(3600)); err != nil || got != 3600 {
		t.Fatalf("3600: %d %v", got, err)
	}
}
