package playback

import (
	"slices"
	"testing"
	"time"
)

// The cases of web/src/player/ads.test.ts: the same schedule, bookings and
// expectations on the Go side.

func adsFixture() ([]Entry, func(string) bool, DayAds, map[string]DayAds) {
	entries := []Entry{
		{ID: "m-img", DisplayTime: 10},
		{ID: "slot-1", IsAd: true, AdSlots: 3, AdTime: 15, AdFallbackMediaID: "m-vid"},
		{ID: "slot-2", IsAd: true, AdSlots: 2, AdTime: 10},
	}
	library := map[string]bool{"m-img": true, "m-vid": true}
	has := func(id string) bool { return library[id] }
	ads := map[string]Ad{
		"ad-a": {ID: "ad-a", Name: "Natal", Media: []AdMedia{
			{Entry: Entry{ID: "a1", Name: "Natal 1", Type: "image"}, URL: "/files/loja-demo/media/natal1.jpg"},
			{Entry: Entry{ID: "a2", Name: "Natal 2", Type: "video", Volume: 0.4}, URL: "/files/loja-demo/media/natal2.mp4"},
			{Entry: Entry{ID: "a3", Name: "Só à noite", Type: "image", TimeGap: []string{"20:00@23:00"}}, URL: "/files/loja-demo/media/noite.jpg"},
		}},
		"ad-b":    {ID: "ad-b", Name: "Páscoa", Media: []AdMedia{{Entry: Entry{ID: "b1", Name: "Ovo", Type: "image"}, URL: "/files/loja-demo/media/ovo.jpg"}}},
		"ad-gone": {ID: "ad-gone", Name: "Sem mídia", Media: []AdMedia{{Entry: Entry{ID: "x", Name: "Apagada"}}}},
	}
	days := map[string]DayAds{
		"20260302": {Ads: ads, Sold: map[SlotPosition]string{
			{"slot-1", 2}: "ad-a", {"slot-2", 2}: "ad-b", {"slot-1", 3}: "ad-gone",
		}},
		"20260303": {Ads: ads, Sold: map[SlotPosition]string{{"slot-2", 1}: "ad-a"}},
		"20260304": {Ads: ads},
	}
	return entries, has, days["20260302"], days
}

func planIDs(p DayPlan) []string {
	var out []string
	for _, e := range p.Entries {
		out = append(out, e.ID)
	}
	return out
}

func TestPlanDayKeepsSoldPositionsAndFallbacks(t *testing.T) {
	entries, has, day, days := adsFixture()
	plan := PlanDay(entries, has, day)
	if got := planIDs(plan); !slices.Equal(got, []string{"m-img", "slot-1", "slot-2"}) {
		t.Fatalf("entries %q", got)
	}
	if plan.Entries[1].AdSlots != 3 || plan.Entries[2].AdSlots != 1 || !slices.Equal(plan.Index, []int{0, 1, 2}) {
		t.Fatalf("slots cut to %d and %d positions, index %v", plan.Entries[1].AdSlots, plan.Entries[2].AdSlots, plan.Index)
	}
	// Position 3 was sold to an advertisement with nothing to show: the fallback plays.
	if !slices.Equal(plan.Positions[1], []string{"", "ad-a", ""}) || !slices.Equal(plan.Positions[2], []string{"ad-b"}) || plan.Positions[0] != nil {
		t.Fatalf("positions %q", plan.Positions)
	}
	// Another day has other bookings; a slot with neither booking nor fallback is left out.
	if got := PlanDay(entries, has, days["20260303"]).Positions; !slices.Equal(got[1], []string{"", "", ""}) || !slices.Equal(got[2], []string{"ad-a"}) {
		t.Fatalf("next day %q", got)
	}
	if got := planIDs(PlanDay(entries, has, days["20260304"])); !slices.Equal(got, []string{"m-img", "slot-1"}) {
		t.Fatalf("a day without bookings plays %q", got)
	}
	if got := planIDs(PlanDay(entries, has, DayAds{})); !slices.Equal(got, []string{"m-img", "slot-1"}) {
		t.Fatalf("no advertisements plays %q", got)
	}
	// A media entry whose file is gone is left out, and the index still names the schedule's positions.
	gone := PlanDay(entries, func(id string) bool { return id == "m-vid" }, day)
	if got := planIDs(gone); !slices.Equal(got, []string{"slot-1", "slot-2"}) || !slices.Equal(gone.Index, []int{1, 2}) {
		t.Fatalf("without the image: %q at %v", got, gone.Index)
	}
}

func TestScreenFromPlaysEachPositionAndTheAdsMediaInTurn(t *testing.T) {
	loc, _ := LoadZone("America/Sao_Paulo")
	t0 := time.Date(2026, 3, 2, 10, 0, 0, 0, loc) // a Monday
	entries, has, day, _ := adsFixture()
	plan := PlanDay(entries, has, day)
	at := func(offset time.Duration) Shown {
		t.Helper()
		got := ScreenFrom(plan, day, t0.Add(offset), loc, t0, 1)
		if len(got) != 1 {
			t.Fatalf("%d items at +%v", len(got), offset)
		}
		return got[0]
	}
	// The slot (10 s to 55 s) is cut into its positions, adTime each.
	if s := at(11 * time.Second); s.Kind != Slot || s.Position != 0 || s.Ad != nil || !s.Start.Equal(t0.Add(10*time.Second)) || s.Duration != 15*time.Second || s.ScheduleIndex != 1 {
		t.Fatalf("the first position plays the fallback: %+v", s)
	}
	first := at(26 * time.Second)
	if first.Position != 1 || first.Ad == nil || first.Ad.ID != "ad-a" || first.AdMedia == nil || first.AdMedia.ID != "a1" || !first.Start.Equal(t0.Add(25*time.Second)) {
		t.Fatalf("the sold position: %+v", first)
	}
	if s := at(54*time.Second + 999*time.Millisecond); s.Position != 2 || s.Ad != nil {
		t.Fatalf("the last position: %+v", s)
	}
	if s := at(time.Second); s.Kind != Media || s.Position != -1 || s.EntryID != "m-img" {
		t.Fatalf("a media entry: %+v", s)
	}
	// The next loop (65 s long) plays the ad's next media; the night-only one is skipped in the morning.
	if s := at(65*time.Second + 26*time.Second); s.AdMedia == nil || s.AdMedia.ID != "a2" {
		t.Fatalf("second loop: %+v", s.AdMedia)
	}
	if s := at(130*time.Second + 26*time.Second); s.AdMedia == nil || s.AdMedia.ID != "a1" {
		t.Fatalf("third loop: %+v", s.AdMedia)
	}
	if s := at(55 * time.Second); s.EntryID != "slot-2" || s.Position != 0 || s.Ad == nil || s.Ad.Name != "Páscoa" || s.AdMedia.Name != "Ovo" || s.ScheduleIndex != 2 {
		t.Fatalf("the other slot: %+v", s)
	}
	// What comes next lists each position in turn.
	var got []string
	for _, s := range ScreenFrom(plan, day, t0.Add(26*time.Second), loc, t0, 5) {
		name := s.EntryID
		if s.AdMedia != nil {
			name += ":" + s.AdMedia.ID
		}
		got = append(got, name+"@"+s.Start.Sub(t0).String())
	}
	if want := []string{"slot-1:a1@25s", "slot-1@40s", "slot-2:b1@55s", "m-img@1m5s", "slot-1@1m15s"}; !slices.Equal(got, want) {
		t.Fatalf("next %q, want %q", got, want)
	}
	if ScreenFrom(plan, day, t0.Add(-time.Second), loc, t0, 3) != nil {
		t.Fatal("before the anchor the screen has no sequence")
	}
}

func TestScreenFromSkipsASlotWithoutFallbackOnADayWithNothingSold(t *testing.T) {
	loc, _ := LoadZone("America/Sao_Paulo")
	t0 := time.Date(2026, 3, 4, 10, 0, 0, 0, loc)
	entries := []Entry{{ID: "m-img", DisplayTime: 10}, {ID: "slot-2", IsAd: true, AdSlots: 2, AdTime: 10}}
	has := func(id string) bool { return id == "m-img" }
	_, _, _, days := adsFixture()
	plan := PlanDay(entries, has, days["20260304"])
	for _, s := range ScreenFrom(plan, days["20260304"], t0.Add(12*time.Second), loc, t0, 4) {
		if s.EntryID != "m-img" {
			t.Fatalf("the unsold slot without fallback plays: %+v", s)
		}
	}
	sold := DayAds{Ads: days["20260302"].Ads, Sold: map[SlotPosition]string{{"slot-2", 2}: "ad-b"}}
	got := ScreenFrom(PlanDay(entries, has, sold), sold, t0.Add(12*time.Second), loc, t0, 2)
	if got[0].EntryID != "slot-2" || got[0].Ad == nil || got[0].Ad.ID != "ad-b" || got[0].Duration != 10*time.Second || got[1].EntryID != "m-img" {
		t.Fatalf("the sold position alone plays: %+v", got)
	}
}

// BenchmarkScreenAt2359WithAds is "what plays on this TV now" at the end of
// a day on the benchmark schedule with every ad slot's first position sold
// to an advertisement of three media with rules: the whole day's positions
// take their media turns from midnight.
func BenchmarkScreenAt2359WithAds(b *testing.B) {
	schedule := benchSchedule()
	loc := zone(b, DefaultZone)
	moment := time.Date(2026, 3, 2, 23, 59, 0, 0, loc)
	anchor := StartOfDay(moment, loc)
	ad := Ad{ID: "ad", Name: "Natal", Media: []AdMedia{
		{Entry: Entry{ID: "a1", TimeGap: []string{"08:00@12:00"}}, URL: "/a1.jpg"},
		{Entry: Entry{ID: "a2", Dok: ptr(62)}, URL: "/a2.jpg"},
		{Entry: Entry{ID: "a3", TimeGap: []string{"22:00@02:00"}}, URL: "/a3.jpg"},
	}}
	ads := DayAds{Sold: map[SlotPosition]string{}, Ads: map[string]Ad{"ad": ad}}
	for _, e := range schedule {
		if IsAdSlot(e) {
			ads.Sold[SlotPosition{e.ID, 1}] = "ad"
		}
	}
	plan := PlanDay(schedule, func(string) bool { return true }, ads)
	for b.Loop() {
		if got := ScreenFrom(plan, ads, moment, loc, anchor, 1); len(got) != 1 {
			b.Fatal("nothing")
		}
	}
}

func TestScreenFromPlaysEachLocalItemForLocalTime(t *testing.T) {
	loc, _ := LoadZone("America/Sao_Paulo")
	t0 := time.Date(2026, 3, 2, 10, 0, 0, 0, loc)
	entries := []Entry{
		{ID: "m-img", DisplayTime: 10},
		{ID: "space", IsLocal: true, DisplayTime: 8, LocalTime: 8, LocalFallbackMediaID: "m-fb"},
	}
	has := func(id string) bool { return id == "m-img" || id == "m-fb" }
	local := Local{"space": {{ID: "li-b", MediaID: "lm-b"}, {ID: "li-a", MediaID: "lm-a", EndDate: t0.Add(-24 * time.Hour).UnixMilli()}, {ID: "li-c", MediaID: "lm-c"}}}
	day := local.OnDay(t0, loc, func(id string) bool { return id != "lm-c" })
	plan := PlanDayLocal(entries, has, DayAds{}, day)
	var got []string
	for _, s := range ScreenFrom(plan, DayAds{}, t0, loc, t0, 4) {
		name := s.EntryID + "@" + s.Start.Sub(t0).String() + "/" + s.Duration.String()
		if s.Kind == LocalSpace {
			name += ":" + map[bool]string{true: "fallback", false: ""}[s.Local == nil]
			if s.Local != nil {
				name += s.Local.ID
			}
		}
		got = append(got, name)
	}
	if want := []string{"m-img@0s/10s", "space@10s/8s:li-b", "m-img@18s/10s", "space@28s/8s:li-b"}; !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	two := PlanDayLocal(entries, has, DayAds{}, Local{"space": {{ID: "li-b", MediaID: "lm-b"}, {ID: "li-a", MediaID: "lm-a"}}})
	s := ScreenFrom(two, DayAds{}, t0.Add(19*time.Second), loc, t0, 2)
	if s[0].Local == nil || s[0].Local.ID != "li-a" || s[0].Position != 1 || !s[0].Start.Equal(t0.Add(18*time.Second)) || s[0].ScheduleIndex != 1 || s[1].EntryID != "m-img" {
		t.Fatalf("the second item: %+v", s)
	}
	// Nothing approved: the fallback, once; the old PlanDay plays spaces that way.
	fb := ScreenFrom(PlanDay(entries, has, DayAds{}), DayAds{}, t0.Add(11*time.Second), loc, t0, 1)[0]
	if fb.Kind != LocalSpace || fb.Local != nil || fb.Position != 0 || fb.Duration != 8*time.Second || fb.FallbackMediaID != "m-fb" {
		t.Fatalf("the fallback: %+v", fb)
	}
	if IsAdSlot(entries[1]) {
		t.Fatal("a local space taken for an ad slot")
	}
}
