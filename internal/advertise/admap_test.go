package advertise

import (
	"context"
	"encoding/json"
	"testing"
	"time"
)

// freeOn reads the map's "free.total" of a screen's all-day slot on the
// day from the map's first.
func freeOn(t *testing.T, m AdMap, tv string, day int) string {
	t.Helper()
	for _, sc := range m.Screens {
		if sc.DisplayID != tv {
			continue
		}
		var days map[string]map[string]string
		b, _ := sc.DayMap.MarshalJSON()
		if err := json.Unmarshal(b, &days); err != nil {
			t.Fatal(err)
		}
		return days[m.From.Add(day).Key()][AllDaySlot]
	}
	t.Fatalf("screen %s is not on the map", tv)
	return ""
}

func TestTheMapCountsWhatIsSold(t *testing.T) {
	ctx := context.Background()
	for _, engine := range engines() {
		t.Run(engine, func(t *testing.T) {
			a := newAds(t, engine)
			a.sell(t, "Promoção", "tv1", 15, 2)
			m, err := a.Map(ctx, a.t)
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Screens) != 2 || m.Screens[0].DisplayID != "tv1" || m.Screens[0].StoreID != "centro" ||
				m.Screens[0].StoreName != "Centro" || m.Screens[0].ScheduleID != "s1" {
				t.Fatalf("screens %+v", m.Screens)
			}
			for _, c := range []struct {
				tv   string
				day  int
				want string
			}{
				{"tv1", 0, "2.3"}, {"tv1", 1, "2.3"}, {"tv1", 2, "3.3"}, // two days sold on tv1
				{"tv2", 0, "3.3"}, // the same slot id on another schedule is free
			} {
				if got := freeOn(t, m, c.tv, c.day); got != c.want {
					t.Errorf("%s on day %d: %s, want %s", c.tv, c.day, got, c.want)
				}
			}
		})
	}
}

func TestPlaysAreCountedPerDayAndTV(t *testing.T) {
	ctx := context.Background()
	for _, engine := range engines() {
		t.Run(engine, func(t *testing.T) {
			a := newAds(t, engine)
			id := a.sell(t, "Promoção", "tv1", 15, 2)
			at := a.now.Add(-time.Hour).UnixMilli()
			res, err := a.RecordPlays(ctx, "f1", "tv1", []PlayInput{
				{ID: "p1", AdvertisementID: id, MediaID: "m1", StartedAt: at, Duration: 15000},
				{ID: "p2", AdvertisementID: id, MediaID: "m1", StartedAt: at + 15000, Duration: 15000},
				{ID: "p1", AdvertisementID: id, MediaID: "m1", StartedAt: at, Duration: 15000}, // sent twice
				{ID: "p3", AdvertisementID: "other", MediaID: "m1", StartedAt: at, Duration: 15000},
			})
			if err != nil || res != (PlaysResult{Stored: 2, Duplicates: 1, Ignored: 1}) {
				t.Fatalf("recorded %+v, %v", res, err)
			}
			_, plays, err := a.Plays(ctx, a.t, id)
			if err != nil {
				t.Fatal(err)
			}
			want := PlayCount{Day: DayOf(at, saoPaulo).Key(), DisplayID: "tv1", DisplayName: "Caixa", TimeZone: "America/Sao_Paulo", Count: 2, Seconds: 30}
			if len(plays) != 1 || plays[0] != want {
				t.Fatalf("plays %+v, want %+v", plays, want)
			}
			// A play outlives its TV.
			if _, err := a.db.ExecContext(ctx, `DELETE FROM displays WHERE id = 'tv1'`); err != nil {
				t.Fatal(err)
			}
			if _, plays, err = a.Plays(ctx, a.t, id); err != nil || len(plays) != 1 || plays[0].DisplayName != RemovedTV {
				t.Fatalf("after the TV went: %+v, %v", plays, err)
			}
		})
	}
}
