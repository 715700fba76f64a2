package override

import (
	"math"
	"testing"

	"vitrine/internal/fault"
)

func TestContrastIsWCAGs(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want float64
	}{
		{"#FFFFFF", "#000000", 21},
		{"#000000", "#000000", 1},
		{"#B91C1C", "#FFFFFF", 6.47},
		{"#FFFF00", "#FFFFFF", 1.07},
	} {
		if got := Contrast(tc.a, tc.b); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("Contrast(%s, %s) = %.2f, want %.2f", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestNormalizeFillsDefaultsAndRefusesWhatDoesNotRead(t *testing.T) {
	in := Input{Target: All, Title: "  Atenção  ", Background: "#00005a"}
	if err := normalize(&in); err != nil {
		t.Fatal(err)
	}
	if in.Title != "Atenção" || in.Background != "#00005A" || in.Color != DefaultColor {
		t.Fatalf("normalized %+v", in)
	}
	for _, tc := range []struct {
		in   Input
		want error
	}{
		{Input{Target: "tudo", Title: "x"}, ErrTarget},
		{Input{Target: All}, ErrTitle},
		{Input{Target: All, Title: "x", Color: "white"}, ErrColor},
		{Input{Target: All, Title: "x", Background: "#777777", Color: "#888888"}, ErrContrast},
	} {
		if err := normalize(&tc.in); !fault.Same(err, tc.want) {
			t.Errorf("%+v: %v, want %v", tc.in, err, tc.want)
		}
	}
}

func TestStateFollowsTheClock(t *testing.T) {
	o := Override{StartsAt: 100, EndsAt: 200}
	for now, want := range map[int64]string{99: StateScheduled, 100: StateActive, 199: StateActive, 200: StateEnded} {
		if got := o.state(now); got != want {
			t.Errorf("at %d: %s, want %s", now, got, want)
		}
	}
	o.ClearedAt = 150
	if got := o.state(120); got != StateCleared {
		t.Errorf("cleared: %s", got)
	}
}
