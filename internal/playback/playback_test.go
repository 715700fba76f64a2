package playback

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"
)

// api/playback-cases.json holds the rules both sides must agree on: the
// console and the player (web/src/lib/playback) run it in Vitest, this test
// runs it here.
type playbackCase struct {
	Name     string  `json:"name"`
	TimeZone string  `json:"timeZone"`
	Schedule []Entry `json:"schedule"`
	// DatesTimeZone, when given, is the zone the entries' dates were written
	// in (the franchise's): they name calendar days there and are moved onto
	// the screen's clock (DatesOn) before the rules run.
	DatesTimeZone string         `json:"datesTimeZone"`
	Moment        string         `json:"moment"`
	StartIndex    int            `json:"startIndex"`
	PlaysThisHour map[string]int `json:"playsThisHour"`
	ChangedAt     string         `json:"changedAt"`
	// Exactly one expectation is present.
	Eligible    json.RawMessage `json:"eligible"`
	Sequence    json.RawMessage `json:"sequence"`
	NowPlaying  json.RawMessage `json:"nowPlaying"`
	PlayingFrom json.RawMessage `json:"playingFrom"`
	Badge       json.RawMessage `json:"badge"`
	DayPlan     json.RawMessage `json:"dayPlan"`
	// For dayPlan: the media ids the library holds and the ad slots' sales.
	Library []string `json:"library"`
	Ads     struct {
		Bookings []struct {
			SlotID          string `json:"slotId"`
			Day             string `json:"day"`
			Position        int    `json:"position"`
			AdvertisementID string `json:"advertisementId"`
		} `json:"bookings"`
		Ads map[string]struct {
			ID    string `json:"id"`
			Name  string `json:"name"`
			Media []struct {
				ID   string `json:"id"`
				Name string `json:"name"`
				URL  string `json:"url"`
			} `json:"media"`
		} `json:"ads"`
	} `json:"ads"`
	// For dayPlan: the store's approved items in the local spaces, as the
	// player receives them (an item whose media has no url has no file).
	Local *struct {
		Spaces Local `json:"spaces"`
		Media  map[string]struct {
			URL string `json:"url"`
		} `json:"media"`
	} `json:"local"`
}

// wireItem is an item as the case file writes it.
type wireItem struct {
	EntryIndex      int    `json:"entryIndex"`
	EntryID         string `json:"entryId"`
	Kind            Kind   `json:"kind"`
	Start           string `json:"start"`
	Duration        int64  `json:"duration"`
	FallbackMediaID string `json:"fallbackMediaId"`
}

// comparable is an item reduced to what the case file says, start in epoch ms.
type comparable struct {
	EntryIndex      int
	EntryID         string
	Kind            Kind
	Start           int64
	DurationMs      int64
	FallbackMediaID string
}

func (c comparable) String() string {
	return fmt.Sprintf("{%d %q %s %s %dms %q}", c.EntryIndex, c.EntryID, c.Kind,
		time.UnixMilli(c.Start).UTC().Format(time.RFC3339Nano), c.DurationMs, c.FallbackMediaID)
}

func fromItem(it Item) comparable {
	return comparable{it.EntryIndex, it.EntryID, it.Kind, it.Start.UnixMilli(), it.Duration.Milliseconds(), it.FallbackMediaID}
}

func fromWire(t *testing.T, w wireItem) comparable {
	return comparable{w.EntryIndex, w.EntryID, w.Kind, instant(t, w.Start).UnixMilli(), w.Duration, w.FallbackMediaID}
}

func instant(t *testing.T, s string) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("not an ISO-8601 instant: %v", err)
	}
	return at
}

func loadCases(t *testing.T) []playbackCase {
	t.Helper()
	raw, err := os.ReadFile("../../api/playback-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		About string         `json:"about"`
		Cases []playbackCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	return file.Cases
}

func TestTheSharedPlaybackCases(t *testing.T) {
	cases := loadCases(t)
	if len(cases) < 60 {
		t.Fatalf("only %d cases", len(cases))
	}
	names := map[string]bool{}
	for _, c := range cases {
		if names[c.Name] {
			t.Fatalf("two cases named %q", c.Name)
		}
		names[c.Name] = true
		t.Run(c.Name, func(t *testing.T) {
			loc, err := LoadZone(c.TimeZone)
			if err != nil {
				t.Fatal(err)
			}
			if c.DatesTimeZone != "" {
				datesLoc, err := LoadZone(c.DatesTimeZone)
				if err != nil {
					t.Fatal(err)
				}
				c.Schedule = DatesOn(c.Schedule, datesLoc, loc)
			}
			moment := instant(t, c.Moment)
			present := 0
			for _, raw := range []json.RawMessage{c.Eligible, c.Sequence, c.NowPlaying, c.PlayingFrom, c.Badge, c.DayPlan} {
				if raw != nil {
					present++
				}
			}
			if present != 1 {
				t.Fatalf("%d expectations, want exactly 1", present)
			}
			switch {
			case c.Eligible != nil:
				var want []string
				mustDecode(t, c.Eligible, &want)
				got := []string{}
				for _, e := range c.Schedule {
					if IsEligible(e, moment, loc, c.PlaysThisHour[e.ID]) {
						got = append(got, e.ID)
					}
				}
				if !slices.Equal(got, want) {
					t.Fatalf("eligible %q, want %q", got, want)
				}
			case c.Sequence != nil:
				var want []wireItem
				mustDecode(t, c.Sequence, &want)
				got := Next(c.Schedule, moment, loc, len(want), c.StartIndex)
				if len(got) != len(want) {
					t.Fatalf("%d items, want %d", len(got), len(want))
				}
				for i := range want {
					if g, w := fromItem(got[i]), fromWire(t, want[i]); g != w {
						t.Errorf("item %d: got  %v\n        want %v", i, g, w)
					}
				}
			case c.NowPlaying != nil:
				var changedAt time.Time
				if c.ChangedAt != "" {
					changedAt = instant(t, c.ChangedAt)
				}
				got, ok := NowPlaying(c.Schedule, moment, loc, Anchor(moment, loc, changedAt))
				var want *wireItem
				mustDecode(t, c.NowPlaying, &want)
				switch {
				case want == nil && ok:
					t.Fatalf("got %v, want nothing", fromItem(got))
				case want != nil && !ok:
					t.Fatalf("got nothing, want %v", fromWire(t, *want))
				case want != nil && fromItem(got) != fromWire(t, *want):
					t.Fatalf("got  %v\nwant %v", fromItem(got), fromWire(t, *want))
				}
			case c.PlayingFrom != nil:
				var changedAt time.Time
				if c.ChangedAt != "" {
					changedAt = instant(t, c.ChangedAt)
				}
				var want []wireItem
				mustDecode(t, c.PlayingFrom, &want)
				got := PlayingFrom(c.Schedule, moment, loc, Anchor(moment, loc, changedAt), len(want))
				if len(got) != len(want) {
					t.Fatalf("%d items, want %d", len(got), len(want))
				}
				for i := range want {
					if g, w := fromItem(got[i]), fromWire(t, want[i]); g != w {
						t.Errorf("item %d: got  %v\n        want %v", i, g, w)
					}
				}
			case c.DayPlan != nil:
				var want struct {
					Entries   []string    `json:"entries"`
					AdSlots   []*int      `json:"adSlots"`
					Positions [][]*string `json:"positions"`
					Local     [][]*string `json:"local"`
					Durations []int64     `json:"durations"`
				}
				mustDecode(t, c.DayPlan, &want)
				day := moment.In(loc).Format("20060102")
				ads := DayAds{Sold: map[SlotPosition]string{}, Ads: map[string]Ad{}}
				for _, b := range c.Ads.Bookings {
					if b.Day == day {
						ads.Sold[SlotPosition{b.SlotID, b.Position}] = b.AdvertisementID
					}
				}
				for id, a := range c.Ads.Ads {
					ad := Ad{ID: a.ID, Name: a.Name}
					for _, m := range a.Media {
						ad.Media = append(ad.Media, AdMedia{Entry: Entry{ID: m.ID, Name: m.Name}, URL: m.URL})
					}
					ads.Ads[id] = ad
				}
				var local Local
				if c.Local != nil {
					local = c.Local.Spaces
					if c.DatesTimeZone != "" {
						local = local.DatesOn(zone(t, c.DatesTimeZone), loc)
					}
					local = local.OnDay(moment, loc, func(id string) bool { return c.Local.Media[id].URL != "" })
				}
				plan := PlanDayLocal(c.Schedule, func(id string) bool { return slices.Contains(c.Library, id) }, ads, local)
				if want.Local != nil {
					var got, wantLocal [][]string
					for i := range plan.Entries {
						row := []string{}
						for _, li := range plan.Local[i] {
							if li == nil {
								row = append(row, "null")
							} else {
								row = append(row, li.ID)
							}
						}
						got = append(got, row)
					}
					for _, ps := range want.Local {
						row := []string{}
						for _, p := range ps {
							if p == nil {
								row = append(row, "null")
							} else {
								row = append(row, *p)
							}
						}
						wantLocal = append(wantLocal, row)
					}
					if !slices.EqualFunc(got, wantLocal, slices.Equal) {
						t.Fatalf("local items %q, want %q", got, wantLocal)
					}
				}
				if want.Durations != nil {
					var got []int64
					for _, e := range plan.Entries {
						got = append(got, Duration(e).Milliseconds())
					}
					if !slices.Equal(got, want.Durations) {
						t.Fatalf("durations %v, want %v", got, want.Durations)
					}
				}
				var got struct {
					Entries   []string
					AdSlots   []string
					Positions [][]string
				}
				for i, e := range plan.Entries {
					got.Entries = append(got.Entries, e.ID)
					slots := "null"
					if IsAdSlot(e) && e.AdSlots > 0 && e.AdTime > 0 {
						slots = fmt.Sprint(e.AdSlots)
					}
					got.AdSlots = append(got.AdSlots, slots)
					positions := []string{}
					for _, p := range plan.Positions[i] {
						positions = append(positions, cmp.Or(p, "null"))
					}
					got.Positions = append(got.Positions, positions)
				}
				wantSlots, wantPositions := []string{}, [][]string{}
				for i, n := range want.AdSlots {
					wantSlots = append(wantSlots, "null")
					if n != nil {
						wantSlots[i] = fmt.Sprint(*n)
					}
				}
				for _, ps := range want.Positions {
					row := []string{}
					for _, p := range ps {
						row = append(row, "null")
						if p != nil {
							row[len(row)-1] = *p
						}
					}
					wantPositions = append(wantPositions, row)
				}
				if !slices.Equal(got.Entries, want.Entries) || !slices.Equal(got.AdSlots, wantSlots) ||
					!slices.EqualFunc(got.Positions, wantPositions, slices.Equal) {
					t.Fatalf("got %q %q %q\nwant %q %q %q", got.Entries, got.AdSlots, got.Positions, want.Entries, wantSlots, wantPositions)
				}
			case c.Badge != nil:
				var want []struct {
					ID      string `json:"id"`
					Status  Status `json:"status"`
					Forever bool   `json:"forever"`
					Label   string `json:"label"`
				}
				mustDecode(t, c.Badge, &want)
				if len(want) != len(c.Schedule) {
					t.Fatalf("%d badges for %d entries", len(want), len(c.Schedule))
				}
				for i, e := range c.Schedule {
					got := BadgeFor(e, moment, loc)
					if w := (Badge{want[i].Status, want[i].Forever, want[i].Label}); e.ID != want[i].ID || got != w {
						t.Errorf("%s: got %+v, want %+v", e.ID, got, w)
					}
				}
			}
		})
	}
}

func mustDecode(t *testing.T, raw json.RawMessage, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatal(err)
	}
}

func at(t *testing.T, s string) time.Time { return instant(t, s) }

func zone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := LoadZone(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestParseWindow(t *testing.T) {
	valid := map[string]Window{"00:00@00:00": {0, 0}, "22:00@02:00": {1320, 120}, "23:59@00:00": {1439, 0}}
	for s, want := range valid {
		if got, err := ParseWindow(s); err != nil || got != want {
			t.Errorf("ParseWindow(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "9:00@10:00", "24:00@01:00", "10:60@11:00", "10:00-12:00", "10:00@", " 10:00@12:00", "10:00@12:00 ", "１０:00@12:00"} {
		if _, err := ParseWindow(s); !errors.Is(err, ErrInvalidWindow) {
			t.Errorf("ParseWindow(%q) accepted", s)
		}
	}
}

func TestCheckTimeGapRefusesTheFirstInvalidWindow(t *testing.T) {
	if err := CheckTimeGap([]string{"08:00@12:00", "22:00@02:00"}); err != nil {
		t.Fatal(err)
	}
	if err := CheckTimeGap([]string{"08:00@12:00", "8:00@9:00"}); !errors.Is(err, ErrInvalidWindow) {
		t.Fatalf("got %v", err)
	}
}

func TestLoadZoneDefaultsToSaoPaulo(t *testing.T) {
	loc := zone(t, "")
	if loc.String() != DefaultZone {
		t.Fatalf("got %s", loc)
	}
	if _, err := LoadZone("America/Atlantida"); err == nil {
		t.Fatal("an unknown zone was accepted")
	}
}

func TestDurationRoundsToMillisecondsAndFallsBackBelowOne(t *testing.T) {
	cases := []struct {
		e    Entry
		want time.Duration
	}{
		{Entry{DisplayTime: 2.5}, 2500 * time.Millisecond},
		{Entry{DisplayTime: 0.0001}, DefaultDuration},
		{Entry{DisplayTime: -5}, DefaultDuration},
	}
	for _, c := range cases {
		if got := Duration(c.e); got != c.want {
			t.Errorf("Duration(%+v) = %v, want %v", c.e, got, c.want)
		}
	}
}

func TestNextItemsFollowOneAnother(t *testing.T) {
	items := Next(benchSchedule(), at(t, "2026-03-02T07:00:00-03:00"), zone(t, DefaultZone), 1000, 0)
	for i := 1; i < len(items); i++ {
		if !items[i].Start.Equal(items[i-1].End()) {
			t.Fatalf("item %d starts at %v, the one before ends at %v", i, items[i].Start, items[i-1].End())
		}
	}
	if Next(nil, time.Now(), time.UTC, 0, 0) != nil {
		t.Fatal("a count of 0 gave items")
	}
}

func TestNowPlayingIsTheItemNextGivesFromTheSameAnchor(t *testing.T) {
	loc := zone(t, DefaultZone)
	schedule := []Entry{
		{ID: "a", DisplayTime: 7, TimeGap: []string{"00:05@00:10"}},
		{ID: "b", DisplayTime: 11, LimitByHour: 3},
		{ID: "c", DisplayTime: 5, Dok: ptr(2)},
	}
	anchor := at(t, "2026-03-02T00:00:00-03:00")
	for _, want := range Next(schedule, anchor, loc, 150, 0) {
		got, ok := NowPlaying(schedule, want.End().Add(-time.Millisecond), loc, anchor)
		if !ok || fromItem(got) != fromItem(want) {
			t.Fatalf("got %v, want %v", fromItem(got), fromItem(want))
		}
	}
}

func TestStartOfDay(t *testing.T) {
	cases := []struct{ name, zone, moment, want string }{
		{"São Paulo", "America/Sao_Paulo", "2026-03-02T15:00:00-03:00", "2026-03-02T00:00:00-03:00"},
		{"New York, clocks forward that night", "America/New_York", "2026-03-08T12:00:00-04:00", "2026-03-08T00:00:00-05:00"},
		{"New York, clocks back that night", "America/New_York", "2026-11-01T23:59:59-05:00", "2026-11-01T00:00:00-04:00"},
		// Santiago moves its clocks at midnight: on 6 Sep 2026 00:00 does not exist, the day begins at 01:00.
		{"Santiago, midnight skipped", "America/Santiago", "2026-09-06T12:00:00-03:00", "2026-09-06T01:00:00-03:00"},
		// On 5 Apr 2026 Santiago's clocks go from 00:00 back to 23:00: the day begins once that hour has passed.
		{"Santiago, the hour before midnight repeated", "America/Santiago", "2026-04-05T12:00:00-04:00", "2026-04-05T00:00:00-04:00"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := StartOfDay(at(t, c.moment), zone(t, c.zone)); !got.Equal(at(t, c.want)) {
				t.Fatalf("got %v, want %s", got, c.want)
			}
		})
	}
}

func TestItemJSONIsWhatTheConsoleReads(t *testing.T) {
	it := Item{EntryIndex: 1, EntryID: "s", Kind: Slot, Start: time.UnixMilli(1772456400000), Duration: 20 * time.Second, FallbackMediaID: "m9"}
	got, err := json.Marshal(it)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"entryIndex":1,"entryId":"s","kind":"slot","start":1772456400000,"duration":20000,"fallbackMediaId":"m9"}`
	if string(got) != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func ptr[T any](v T) *T { return &v }

// benchSchedule is a 200-entry schedule with mixed rules (web/src/lib/playback/
// playback.bench.ts builds the same one): windows, overnight windows, weekday
// masks, past, current and open-ended dates, hourly limits, ad slots with and
// without a fallback, disabled entries.
func benchSchedule() []Entry {
	from := time.Date(2026, 3, 2, 7, 0, 0, 0, time.FixedZone("-03", -3*3600)).UnixMilli()
	day := int64(86_400_000)
	doks := []int{127, 62, 65, -1}
	gaps := [][]string{nil, {"08:00@12:00", "14:00@18:00"}, {"22:00@02:00"}, {"06:00@23:00"}, nil}
	out := make([]Entry, 200)
	for i := range out {
		id := fmt.Sprintf("e%03d", i)
		if i%25 == 24 {
			out[i] = Entry{ID: id, IsAd: true, AdSlots: 1 + i%3, AdTime: 10}
			if i%2 == 0 {
				out[i].AdFallbackMediaID = "fallback"
			}
			continue
		}
		dok := doks[i%4]
		if dok < 0 {
			dok = 127 ^ (1 << (i % 7))
		}
		e := Entry{ID: id, DisplayTime: float64(5 + i%11*3), Dok: ptr(dok), TimeGap: gaps[i%5], Enabled: ptr(i%40 != 39)}
		switch i % 6 {
		case 0: // over
			e.StartDate, e.EndDate = from-30*day, from-day
		case 1: // no end
			e.StartDate, e.EndDate = from-10*day, from-10*day+1000*31_556_952_000 // 1000 Gregorian years
		case 2: // today only, around now
			e.StartDate, e.EndDate = from-day, from+day
		}
		if i%8 == 0 {
			e.LimitByHour = 2
		}
		out[i] = e
	}
	return out
}

// benchLastEnd is when the 1,000th item from 07:00 ends.
var benchLastEnd = time.Date(2026, 3, 2, 12, 36, 6, 0, time.FixedZone("-03", -3*3600))

// BenchmarkNext1000Of200 is the next 1,000 items of a 200-entry schedule with
// mixed rules (figures in docs/performance.md).
func BenchmarkNext1000Of200(b *testing.B) {
	schedule := benchSchedule()
	loc := zone(b, DefaultZone)
	from := time.Date(2026, 3, 2, 7, 0, 0, 0, loc)
	for b.Loop() {
		// The same last item as the TypeScript benchmark: both walk the same schedule.
		if items := Next(schedule, from, loc, 1000, 0); !items[999].End().Equal(benchLastEnd) {
			b.Fatalf("the 1,000th item ends at %v", items[999].End())
		}
	}
}

// BenchmarkNowPlayingAt2359 is "what plays on this TV now" at the end of a
// day, the longest walk from the day's anchor, on the same schedule.
func BenchmarkNowPlayingAt2359(b *testing.B) {
	schedule := benchSchedule()
	loc := zone(b, DefaultZone)
	moment := time.Date(2026, 3, 2, 23, 59, 0, 0, loc)
	anchor := StartOfDay(moment, loc)
	for b.Loop() {
		if _, ok := NowPlaying(schedule, moment, loc, anchor); !ok {
			b.Fatal("nothing")
		}
	}
}
