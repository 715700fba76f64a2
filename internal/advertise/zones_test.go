package advertise

import (
	"context"
	"errors"
	"testing"
	"time"
)

// acreFixture: the ads fixture with the store of tv2 in Rio Branco (two
// hours behind São Paulo) and the clock at Tuesday 2027-03-09 00:30 in São
// Paulo, which is still Monday 2027-03-08 22:30 in Rio Branco.
func acreFixture(t *testing.T, engine string) *ads {
	t.Helper()
	a := newAds(t, engine)
	if _, err := a.db.ExecContext(context.Background(), `UPDATE stores SET time_zone = 'America/Rio_Branco' WHERE id = 'st2'`); err != nil {
		t.Fatal(err)
	}
	a.now = time.Date(2027, 3, 9, 0, 30, 0, 0, saoPaulo)
	return a
}

// bookDays sells seconds on tvs for the calendar days first..last, the
// instants read in the franchise's zone as the console sends them.
func (a *ads) bookDays(name string, first, last Day, tvs ...string) (Advertisement, error) {
	seconds := 10.0
	start, end := first.Start(saoPaulo).UnixMilli(), last.End(saoPaulo)
	var screens []BookingInput
	for _, tv := range tvs {
		screens = append(screens, BookingInput{DisplayID: tv})
	}
	return a.Create(context.Background(), a.t, CreateInput{Name: name, DisplayTime: &seconds, StartAt: &start, EndsAt: &end, Displays: screens})
}

// A booked day is the TV's local day: the calendar starts at the earliest
// today among the screens, says each screen's zone, and a day already over
// on a screen's clock has nothing free there and cannot be sold on it.
func TestAdDaysAreEachTVsLocalDays(t *testing.T) {
	const monday, tuesday = Day(20270308), Day(20270309)
	for _, engine := range engines() {
		t.Run(engine, func(t *testing.T) {
			a := acreFixture(t, engine)
			ctx := context.Background()
			m, err := a.Map(ctx, a.t)
			if err != nil {
				t.Fatal(err)
			}
			if m.From != monday || m.TimeZone != "America/Sao_Paulo" {
				t.Fatalf("the map starts %v in %s, want Monday (Rio Branco's today)", m.From, m.TimeZone)
			}
			saoPauloDays, _ := m.Screens[0].DayMap.MarshalJSON()
			if m.Screens[0].DisplayID != "tv1" || m.Screens[0].TimeZone != "America/Sao_Paulo" ||
				string(saoPauloDays[:50]) != `{"20270308":{"00:00@23:59":"0.3"},"20270309":{"00:` {
				t.Errorf("São Paulo's screen: %s %s", m.Screens[0].TimeZone, saoPauloDays[:60])
			}
			acreDays, _ := m.Screens[1].DayMap.MarshalJSON()
			if m.Screens[1].DisplayID != "tv2" || m.Screens[1].TimeZone != "America/Rio_Branco" ||
				string(acreDays[:50]) != `{"20270308":{"00:00@23:59":"3.3"},"20270309":{"00:` {
				t.Errorf("Rio Branco's screen: %s %s", m.Screens[1].TimeZone, acreDays[:60])
			}

			// Monday is still today in Rio Branco, already over in São Paulo.
			if _, err := a.bookDays("Segunda no Acre", monday, monday, "tv2"); err != nil {
				t.Fatalf("Monday on the Rio Branco TV: %v", err)
			}
			if _, err := a.bookDays("Segunda em São Paulo", monday, tuesday, "tv1"); !errors.Is(err, ErrPast) {
				t.Fatalf("Monday on the São Paulo TV: %v, want ErrPast", err)
			}
			if _, err := a.bookDays("Segunda nas duas", monday, tuesday, "tv2", "tv1"); !errors.Is(err, ErrPast) {
				t.Fatalf("Monday on both TVs: %v, want ErrPast", err)
			}
			// The Monday position sold in Rio Branco is still kept there:
			// its TV cannot leave while it plays it.
			refusedWith(t, a.DisplaysLeaving(ctx, a.db, "f1", []string{"tv2"}), "Segunda no Acre")

			// Its player receives the week from its own today.
			feeds, err := a.ForPlayers(ctx, a.t, "America/Rio_Branco", []string{"tv2"})
			if err != nil || feeds["tv2"].From != "20270308" || len(feeds["tv2"].Bookings) != 1 || feeds["tv2"].Bookings[0].Day != "20270308" {
				t.Fatalf("the Rio Branco player's week: %+v, %v", feeds["tv2"], err)
			}
		})
	}
}

// Proof of play counts each play on the day of its TV's clock: one instant
// is Tuesday on the São Paulo TV and Monday on the Rio Branco one.
func TestPlaysAreCountedOnEachTVsLocalDay(t *testing.T) {
	for _, engine := range engines() {
		t.Run(engine, func(t *testing.T) {
			a := acreFixture(t, engine)
			ctx := context.Background()
			ad, err := a.bookDays("Promoção", 20270309, 20270310, "tv1", "tv2")
			if err != nil {
				t.Fatal(err)
			}
			at := a.now.UnixMilli()
			for i, tv := range []string{"tv1", "tv2"} {
				res, err := a.RecordPlays(ctx, "f1", tv, []PlayInput{{ID: "p" + tv, AdvertisementID: ad.ID, MediaID: "m1", StartedAt: at + int64(i), Duration: 10000}})
				if err != nil || res.Stored != 1 {
					t.Fatalf("recording on %s: %+v, %v", tv, res, err)
				}
			}
			_, plays, err := a.Plays(ctx, a.t, ad.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := []PlayCount{
				{Day: "20270308", DisplayID: "tv2", DisplayName: "Vitrine", TimeZone: "America/Rio_Branco", Count: 1, Seconds: 10},
				{Day: "20270309", DisplayID: "tv1", DisplayName: "Caixa", TimeZone: "America/Sao_Paulo", Count: 1, Seconds: 10},
			}
			if len(plays) != 2 || plays[0] != want[0] || plays[1] != want[1] {
				t.Fatalf("plays %+v\nwant %+v", plays, want)
			}
		})
	}
}

// Midnight turns per store zone: when Rio Branco's day turns (two hours
// after São Paulo's), the TVs booked on the day entering its players'
// week are announced, though the franchise's own zone turned long before.
func TestTheDayTurnsOnEachStoresClock(t *testing.T) {
	for _, engine := range engines() {
		t.Run(engine, func(t *testing.T) {
			a := acreFixture(t, engine) // Tuesday 00:30 in São Paulo, Monday 22:30 in Rio Branco
			ctx := context.Background()
			entering := Day(20270309).Add(PlayerDays - 1) // Tuesday's week's last day in Rio Branco
			if _, err := a.bookDays("Semana que vem", entering, entering, "tv2"); err != nil {
				t.Fatal(err)
			}
			if _, err := a.DayTurned(ctx); err != nil { // notes the time
				t.Fatal(err)
			}
			a.now = a.now.Add(time.Hour) // 01:30 in São Paulo, 23:30 in Rio Branco: nothing turned
			if n, err := a.DayTurned(ctx); err != nil || n != 0 {
				t.Fatalf("before Rio Branco's midnight: %d, %v", n, err)
			}
			a.now = a.now.Add(time.Hour) // 00:30 on Tuesday in Rio Branco
			if n, err := a.DayTurned(ctx); err != nil || n != 1 {
				t.Fatalf("at Rio Branco's midnight: announced %d, %v; want its booked TV", n, err)
			}
		})
	}
}
