package httpapi_test

import (
	"strings"
	"testing"

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
