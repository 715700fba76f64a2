package hours

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
	"time"

	"vitrine/internal/fault"
)

// api/hours-cases.json holds the rules both sides must agree on: the player
// and the console (web/src/lib/hours) run it in Vitest, this test here.
type casesFile struct {
	About string           `json:"about"`
	Hours map[string]Hours `json:"hours"`
	Cases []struct {
		Name        string          `json:"name"`
		Hours       json.RawMessage `json:"hours"`
		TimeZone    string          `json:"timeZone"`
		Moment      string          `json:"moment"`
		From        string          `json:"from"`
		To          string          `json:"to"`
		Open        *bool           `json:"open"`
		OpenMinutes *float64        `json:"openMinutes"`
		Error       json.RawMessage `json:"error"`
		Valid       *Hours          `json:"valid"`
	} `json:"cases"`
}

func loadCases(t *testing.T) casesFile {
	t.Helper()
	data, err := os.ReadFile("../../api/hours-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var f casesFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

func instant(t *testing.T, s string) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatalf("not an ISO-8601 instant: %q", s)
	}
	return at
}

func TestSharedCases(t *testing.T) {
	f := loadCases(t)
	if len(f.Cases) < 40 {
		t.Fatalf("only %d cases", len(f.Cases))
	}
	seen := map[string]bool{}
	for _, c := range f.Cases {
		if seen[c.Name] {
			t.Errorf("case name %q twice", c.Name)
		}
		seen[c.Name] = true
		t.Run(c.Name, func(t *testing.T) {
			var h *Hours
			var name string
			if string(c.Hours) == "null" {
				h = nil
			} else if err := json.Unmarshal(c.Hours, &name); err == nil {
				named, ok := f.Hours[name]
				if !ok {
					t.Fatalf("no hours named %q", name)
				}
				h = &named
			} else if err := json.Unmarshal(c.Hours, &h); err != nil {
				t.Fatal(err)
			}
			expectations := 0
			for _, present := range []bool{c.Open != nil, c.OpenMinutes != nil, c.Error != nil} {
				if present {
					expectations++
				}
			}
			if expectations != 1 {
				t.Fatalf("%d expectations, want exactly one", expectations)
			}
			switch {
			case c.Open != nil || c.OpenMinutes != nil:
				loc, err := time.LoadLocation(c.TimeZone)
				if err != nil {
					t.Fatal(err)
				}
				if c.Open != nil {
					if got := OpenAt(h, loc, instant(t, c.Moment)); got != *c.Open {
						t.Errorf("OpenAt = %v, want %v", got, *c.Open)
					}
					return
				}
				want := time.Duration(*c.OpenMinutes * float64(time.Minute))
				if got := OpenDuration(h, loc, instant(t, c.From), instant(t, c.To)); got != want {
					t.Errorf("OpenDuration = %v, want %v", got, want)
				}
			default:
				var wantErr *string
				if err := json.Unmarshal(c.Error, &wantErr); err != nil {
					t.Fatal(err)
				}
				got, err := Validate(*h)
				if wantErr == nil {
					if err != nil {
						t.Fatalf("Validate: %v", err)
					}
					if c.Valid != nil && !reflect.DeepEqual(got, *c.Valid) {
						t.Errorf("Validate = %+v, want %+v", got, *c.Valid)
					}
					return
				}
				fe, ok := fault.As(err)
				if !ok || fe.Kind != fault.Invalid || fe.Msg != *wantErr {
					t.Errorf("Validate error = %v, want %q", err, *wantErr)
				}
			}
		})
	}
}

func TestTooManyExceptions(t *testing.T) {
	h := Hours{Week: make([][]Range, 7)}
	day := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range MaxExceptions + 1 {
		h.Exceptions = append(h.Exceptions, Exception{Date: day.AddDate(0, 0, i).Format("2006-01-02")})
	}
	if _, err := Validate(h); err == nil || err.Error() == "" {
		t.Fatal("101 exceptions accepted")
	}
	h.Exceptions = h.Exceptions[:MaxExceptions]
	got, err := Validate(h)
	if err != nil {
		t.Fatal(err)
	}
	if got.Exceptions[0].Ranges == nil || got.Week[3] == nil {
		t.Error("cleaned hours keep nil lists: they would encode as null")
	}
}

// The alert worker asks for weeks-long outages: the answer must match a
// minute-by-minute count and stay cheap.
func TestOpenDurationMatchesAMinuteByMinuteCount(t *testing.T) {
	f := loadCases(t)
	for _, zone := range []string{"America/Sao_Paulo", "America/New_York", "America/Rio_Branco"} {
		loc, _ := time.LoadLocation(zone)
		for _, name := range []string{"shop", "bar", "sunday-night", "repeated-hour", "skipped-hour"} {
			h := f.Hours[name]
			for _, from := range []time.Time{time.Date(2026, 3, 2, 5, 17, 0, 0, time.UTC), time.Date(2026, 10, 27, 5, 17, 0, 0, time.UTC)} {
				to := from.Add(12 * 24 * time.Hour)
				var count time.Duration
				for at := from; at.Before(to); at = at.Add(time.Minute) {
					if OpenAt(&h, loc, at) {
						count += time.Minute
					}
				}
				if got := OpenDuration(&h, loc, from, to); got != count {
					t.Errorf("%s in %s from %s: OpenDuration = %v, minute count %v", name, zone, from, got, count)
				}
			}
		}
	}
}

func BenchmarkOpenDurationOfAMonth(b *testing.B) {
	f := casesFile{}
	data, _ := os.ReadFile("../../api/hours-cases.json")
	_ = json.Unmarshal(data, &f)
	h := f.Hours["shop"]
	loc, _ := time.LoadLocation("America/Sao_Paulo")
	from := time.Date(2026, 11, 1, 3, 0, 0, 0, time.UTC)
	for b.Loop() {
		OpenDuration(&h, loc, from, from.AddDate(0, 1, 0))
	}
}
