package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"vitrine/internal/testutil"
)

// The preview as a TV reads the TV's screen on a chosen day: its schedule as
// the player receives it and the positions sold that day, past or future,
// with their advertisements; another franchise's TV is out of reach.
func TestTheScreenOfATVOnAChosenDay(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, _ := newAdApp(t, engine)
		f := newAdFixture(t, a, 3)
		ad := f.createAd(t, "Promoção Verão", day(10), day(12), f.tv1)

		type screen struct {
			TimeZone string `json:"timeZone"`
			Day      string `json:"day"`
			Schedule *struct {
				ID      string                    `json:"id"`
				Entries []map[string]any          `json:"entries"`
				Media   map[string]map[string]any `json:"media"`
			} `json:"schedule"`
			Ads struct {
				From     string `json:"from"`
				Bookings []struct {
					SlotID, Day, AdvertisementID string
					Position                     int
				} `json:"bookings"`
				Ads map[string]struct {
					Name  string           `json:"name"`
					Media []map[string]any `json:"media"`
				} `json:"ads"`
			} `json:"ads"`
		}
		ask := func(t *testing.T, tv, query string) screen {
			t.Helper()
			r := a.Do(t, "GET", "/api/display/"+f.slug+"/centro/"+tv+"/screen"+query, f.plain.Token, nil)
			mustStatus(t, r, 200)
			var s screen
			r.Decode(t, &s)
			return s
		}

		sold := ask(t, f.tv1, "?day="+day(11).Key())
		if sold.Schedule == nil || sold.Schedule.ID != f.schedule || len(sold.Schedule.Entries) != 2 || sold.Schedule.Media[f.image] == nil {
			t.Fatalf("the TV's schedule: %+v", sold.Schedule)
		}
		if sold.TimeZone != "America/Sao_Paulo" || sold.Day != day(11).Key() || sold.Ads.From != day(11).Key() {
			t.Fatalf("zone and day: %q %q %q", sold.TimeZone, sold.Day, sold.Ads.From)
		}
		if len(sold.Ads.Bookings) != 1 || sold.Ads.Bookings[0].AdvertisementID != ad || sold.Ads.Bookings[0].SlotID != "slot-a" ||
			sold.Ads.Bookings[0].Day != day(11).Key() || sold.Ads.Ads[ad].Name != "Promoção Verão" {
			t.Fatalf("the day's bookings: %+v", sold.Ads)
		}

		// Before the advertisement, and on the other TV, the positions are unsold.
		if s := ask(t, f.tv1, "?day="+day(9).Key()); len(s.Ads.Bookings) != 0 || len(s.Ads.Ads) != 0 {
			t.Fatalf("a day before the sale: %+v", s.Ads)
		}
		if s := ask(t, f.tv2, "?day="+day(11).Key()); len(s.Ads.Bookings) != 0 {
			t.Fatalf("a TV the advertisement was not sold on: %+v", s.Ads)
		}
		// Today by default; a TV without a schedule has none.
		if s := ask(t, f.bare, ""); s.Schedule != nil || s.Day != day(0).Key() {
			t.Fatalf("a TV without schedule today: %+v %q", s.Schedule, s.Day)
		}

		for _, bad := range []string{"2026-12-01", "20261399", "hoje"} {
			r := a.Do(t, "GET", "/api/display/"+f.slug+"/centro/"+f.tv1+"/screen?day="+bad, f.op.Token, nil)
			if r.Status != 400 || r.Code() != 1003 || !strings.Contains(string(r.Body), "aaaammdd") {
				t.Fatalf("day %q: %d %s", bad, r.Status, r.Body)
			}
		}
		if r := a.Do(t, "GET", "/api/display/"+f.otherSlug+"/sul/"+f.otherTV+"/screen", f.op.Token, nil); r.Status != 403 {
			t.Fatalf("another franchise's TV: %d %s", r.Status, r.Body)
		}
		if r := a.Do(t, "GET", "/api/display/"+f.slug+"/centro/"+f.otherTV+"/screen", f.op.Token, nil); r.Code() != 100121 || strings.Contains(string(r.Body), "Segredo") {
			t.Fatalf("another franchise's TV through one's own: %d %s", r.Status, r.Body)
		}
	})
}

// The footer editor and the preview show the weather of the franchise's
// city and the coins' quotes from the server's providers; without a city,
// or with a provider down, the part is absent.
func TestFooterValuesForTheConsole(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine, testutil.WithFooter(fakeFooter{}, fakeFooter{}))
		f := newScheduleFixture(t, a)
		get := func(t *testing.T, query string) string {
			t.Helper()
			r := a.Do(t, "GET", "/api/footer/"+f.slug+query, f.op.Token, nil)
			mustStatus(t, r, 200)
			return string(r.Body)
		}
		// No city yet: quotes only (the fake quotes USD alone).
		if got := get(t, "?coins=USD,EUR"); strings.Contains(got, "weather") || !strings.Contains(got, `"quotes":[{"asset":"USD","bid":5.31,"pctChange":0.12}]`) {
			t.Fatalf("without a city: %s", got)
		}
		mustStatus(t, a.Do(t, "POST", "/api/franchise/"+f.slug, f.op.Token, map[string]any{"city": "Campinas", "state": "SP"}), 200)
		if got := get(t, "?coins=usd"); !strings.Contains(got, `"city":"Campinas"`) || !strings.Contains(got, `"temperature":24.5`) || !strings.Contains(got, `"USD"`) {
			t.Fatalf("with a city: %s", got)
		}
		// The preview as a TV asks for its store's city (Centro is in São Paulo).
		if got := get(t, "?store=centro"); !strings.Contains(got, `"city":"São Paulo"`) {
			t.Fatalf("a store's city: %s", got)
		}
		if r := a.Do(t, "GET", "/api/footer/"+f.slug+"?store=nenhuma", f.op.Token, nil); r.Status != 404 {
			t.Fatalf("an unknown store: %d %s", r.Status, r.Body)
		}
		if got := get(t, "?weather=0"); strings.TrimSpace(got) != "{}" {
			t.Fatalf("nothing asked for: %s", got)
		}
		for _, bad := range []string{"?coins=BRL", "?coins=USD,,EUR", "?weather=talvez"} {
			r := a.Do(t, "GET", "/api/footer/"+f.slug+bad, f.op.Token, nil)
			if r.Status != 400 || r.Code() != 1003 {
				t.Fatalf("%s: %d %s", bad, r.Status, r.Body)
			}
		}
		if r := a.Do(t, "GET", "/api/footer/"+f.slug+"?coins=USD", f.other.Token, nil); r.Status != 403 || r.Code() != 1403 {
			t.Fatalf("another franchise's member: %d %s", r.Status, r.Body)
		}
	})
}

// What plays now on a TV follows its player's plan of the day: a slot
// without fallback media plays the positions sold that day (their
// advertisement's media), and is skipped on a day with none sold.
func TestWhatATVShowsNowPlaysTheSoldPositions(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, _ := newAdApp(t, engine)
		f := newAdFixture(t, a, 3) // a 10 s banner, then slot-a: 3 positions of 15 s, no fallback
		ad := f.createAd(t, "Promoção Verão", day(2), day(2), f.tv1)
		mustStatus(t, a.Do(t, "PUT", f.path(), f.op.Token, map[string]any{"advertiseId": ad, "media": []map[string]any{{"id": f.image}}}), 200)

		type item struct {
			Kind, EntryID, Name, URL           string
			EntryIndex, Position               int
			AdvertisementID, AdvertisementName string
			Start, End                         int64
		}
		ask := func(t *testing.T, tv string, at time.Time) (now item, next []item) {
			t.Helper()
			r := a.Do(t, "GET", fmt.Sprintf("/api/display/%s/centro/%s/now?at=%d&next=2", f.slug, tv, at.UnixMilli()), f.op.Token, nil)
			mustStatus(t, r, 200)
			var ans struct {
				Playing struct {
					Now  *item `json:"now"`
					Next []item
				} `json:"playing"`
			}
			r.Decode(t, &ans)
			if ans.Playing.Now == nil {
				t.Fatalf("nothing now: %s", r.Body)
			}
			return *ans.Playing.Now, ans.Playing.Next
		}

		// The day of the sale: the banner (0-10 s), then the one sold position (10-25 s).
		start := day(2).Start(saoPaulo)
		now, next := ask(t, f.tv1, start.Add(12*time.Second))
		if now.Kind != "slot" || now.EntryID != "slot-a" || now.EntryIndex != 1 || now.Position != 1 ||
			now.AdvertisementID != ad || now.AdvertisementName != "Promoção Verão" || now.URL == "" ||
			now.Start != start.Add(10*time.Second).UnixMilli() || now.End != start.Add(25*time.Second).UnixMilli() {
			t.Fatalf("in the slot on the day of the sale: %+v", now)
		}
		if len(next) != 2 || next[0].EntryID != f.image || next[0].Start != now.End || next[1].AdvertisementID != ad {
			t.Fatalf("what comes next: %+v", next)
		}
		// The other TV, and the next day, have nothing sold: the slot is skipped.
		for _, c := range []struct {
			tv string
			at time.Time
		}{{f.tv2, start}, {f.tv1, day(3).Start(saoPaulo)}} {
			now, next := ask(t, c.tv, c.at.Add(12*time.Second))
			if now.EntryID != f.image || now.AdvertisementID != "" || now.Position != 0 || now.Start != c.at.Add(10*time.Second).UnixMilli() {
				t.Fatalf("nothing sold (%s at %v): %+v", c.tv, c.at, now)
			}
			for _, n := range next {
				if n.EntryID != f.image {
					t.Fatalf("the unsold slot plays next: %+v", next)
				}
			}
		}
	})
}
