package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrine/internal/advertise"
	"vitrine/internal/playback"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

// adNow is the clock of the ads-center tests: noon in São Paulo on
// 24 November 2026 (15:00 UTC).
var adNow = time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC)

var saoPaulo, _ = playback.LoadZone("America/Sao_Paulo")

// adFixture is a franchise of its own with a store Centro, a schedule
// "Vitrine" with an image and the ad slot "slot-a", two TVs playing it, a TV
// without schedule and a TV on a schedule without ad slots; an operator
// holding the ads-center permission, a member without it, and a neighbour
// franchise whose operator holds it, with a TV and an advertisement of its
// own.
type adFixture struct {
	t                   *testing.T
	a                   *testutil.TestApp
	slug, franchiseID   string
	op, plain           testutil.SeededUser
	image               string
	schedule, plainSch  string // with slot-a; without ad slots
	tv1, tv2, bare, dry string // TV ids
	otherSlug           string
	otherOp             testutil.SeededUser
	otherTV, otherAd    string
}

func grantAdsCenter(t testing.TB, a *testutil.TestApp, users ...testutil.SeededUser) {
	t.Helper()
	for _, u := range users {
		if _, err := a.DB.ExecContext(context.Background(), `UPDATE users SET view_ads_center = 1 WHERE id = ?`, u.ID); err != nil {
			t.Fatal(err)
		}
	}
}

// newAdFixture makes the fixture; the slot has positions positions of 15 s.
func newAdFixture(t *testing.T, a *testutil.TestApp, positions int) *adFixture {
	t.Helper()
	u := a.Unique()
	f := &adFixture{t: t, a: a, slug: "rede-" + u, otherSlug: "outra-" + u}
	f.op = a.SeedUser(t, "op-"+u+"@example.com", "")
	f.plain = a.SeedUser(t, "sem-"+u+"@example.com", "")
	f.otherOp = a.SeedUser(t, "outro-"+u+"@example.com", "")
	grantAdsCenter(t, a, f.op, f.otherOp)
	f.franchiseID = a.SeedFranchise(t, f.slug, "Rede", f.op, f.plain)
	otherID := a.SeedFranchise(t, f.otherSlug, "Outra", f.otherOp)
	f.image = seedMedia(t, a, f.franchiseID, "Banner")
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.op.Token, storeBody("Centro")), 201)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.otherSlug, f.otherOp.Token, storeBody("Sul")), 201)
	f.schedule = f.createSchedule(t, f.op.Token, f.slug, "Vitrine",
		map[string]any{"id": f.image, "displayTime": 10},
		map[string]any{"id": "slot-a", "isAd": true, "adSlots": positions, "adTime": 15})
	f.plainSch = f.createSchedule(t, f.op.Token, f.slug, "Sem vagas", map[string]any{"id": f.image})
	code := "AD" + strings.ToUpper(u)
	f.tv1 = f.addTV(t, f.op.Token, f.slug, "centro", "TV Caixa", code+"1", f.schedule)
	f.tv2 = f.addTV(t, f.op.Token, f.slug, "centro", "TV Vitrine", code+"2", f.schedule)
	f.bare = f.addTV(t, f.op.Token, f.slug, "centro", "TV Estoque", code+"3", "")
	f.dry = f.addTV(t, f.op.Token, f.slug, "centro", "TV Sem Vaga", code+"4", f.plainSch)
	otherSchedule := f.createSchedule(t, f.otherOp.Token, f.otherSlug, "Alheia",
		map[string]any{"id": "slot-x", "isAd": true, "adSlots": 3, "adTime": 15})
	f.otherTV = f.addTV(t, f.otherOp.Token, f.otherSlug, "sul", "TV Alheia", code+"5", otherSchedule)
	f.otherAd = f.createAdAs(t, f.otherOp.Token, f.otherSlug, "Segredo da Outra", 10, day(0), day(2), f.otherTV, "")
	_ = otherID
	return f
}

func (f *adFixture) createSchedule(t *testing.T, token, slug, name string, media ...map[string]any) string {
	t.Helper()
	r := f.a.Do(t, "POST", "/api/schedule/"+slug, token, map[string]any{"name": name, "media": media})
	mustStatus(t, r, 201)
	var s struct {
		Schedule struct{ ID string } `json:"schedule"`
	}
	r.Decode(t, &s)
	return s.Schedule.ID
}

func (f *adFixture) addTV(t *testing.T, token, slug, store, name, code, schedule string) string {
	t.Helper()
	f.a.ReserveDevices(t, code)
	r := f.a.Do(t, "POST", "/api/display/"+slug+"/"+store, token, map[string]any{"name": name, "device": code, "scheduleId": schedule})
	mustStatus(t, r, 201)
	var tv struct {
		Display struct{ ID string } `json:"display"`
	}
	r.Decode(t, &tv)
	return tv.Display.ID
}

// day is the day n days after adNow's, in São Paulo.
func day(n int) advertise.Day { return advertise.DayOf(adNow.UnixMilli(), saoPaulo).Add(n) }

// adBody is a new advertisement on the TVs from the first day's start to
// the last day's end (São Paulo), taking slotID ("" = the server's choice).
func adBody(name string, displayTime int, first, last advertise.Day, slotID string, tvs ...string) map[string]any {
	var displays []map[string]any
	for _, tv := range tvs {
		displays = append(displays, map[string]any{"displayId": tv, "slotId": slotID})
	}
	return map[string]any{"name": name, "displayTime": displayTime, "startAt": first.Start(saoPaulo).UnixMilli(),
		"endsAt": last.End(saoPaulo), "displays": displays}
}

func (f *adFixture) createAdAs(t *testing.T, token, slug, name string, displayTime int, first, last advertise.Day, tv, slotID string) string {
	t.Helper()
	r := f.a.Do(t, "POST", "/api/advertise/"+slug, token, adBody(name, displayTime, first, last, slotID, tv))
	mustStatus(t, r, 201)
	var ad adBodyResponse
	r.Decode(t, &ad)
	return ad.Advertise.ID
}

// createAd sells an advertisement on the TVs of the franchise (slot-a).
func (f *adFixture) createAd(t *testing.T, name string, first, last advertise.Day, tvs ...string) string {
	t.Helper()
	r := f.a.Do(t, "POST", f.path(), f.op.Token, adBody(name, 10, first, last, "slot-a", tvs...))
	mustStatus(t, r, 201)
	var ad adBodyResponse
	r.Decode(t, &ad)
	return ad.Advertise.ID
}

func (f *adFixture) path(rest ...string) string {
	return "/api/advertise/" + f.slug + strings.Join(rest, "")
}

type adBodyResponse struct {
	Advertise struct {
		ID          string           `json:"id"`
		Name        string           `json:"name"`
		DisplayTime int              `json:"displayTime"`
		StartAt     int64            `json:"startAt"`
		EndsAt      int64            `json:"endsAt"`
		Displays    int              `json:"displays"`
		Media       []map[string]any `json:"media"`
		Screens     []struct {
			DisplayID, Name, StoreSlug, ScheduleID, SlotID string
		} `json:"screens"`
	} `json:"advertise"`
}

type adMapBody struct {
	TimeZone string `json:"timeZone"`
	From     string `json:"from"`
	Days     int    `json:"days"`
	Data     []struct {
		DisplayID  string `json:"displayId"`
		Name       string `json:"name"`
		ScheduleID string `json:"scheduleId"`
		StoreID    string `json:"storeId"`
		Slots      []struct {
			SlotID  string   `json:"slotId"`
			Keys    []string `json:"keys"`
			AdSlots int      `json:"adSlots"`
			AdTime  int      `json:"adTime"`
		} `json:"slots"`
		DayMap map[string]map[string]string `json:"dayMap"`
	} `json:"data"`
}

func (f *adFixture) adMap(t *testing.T) adMapBody {
	t.Helper()
	r := f.a.Do(t, "GET", f.path("/map"), f.op.Token, nil)
	mustStatus(t, r, 200)
	var m adMapBody
	r.Decode(t, &m)
	return m
}

// free is the map's "available.total" of the TV's slot key on day d.
func (m adMapBody) free(tv string, d advertise.Day, key string) string {
	for _, s := range m.Data {
		if s.DisplayID == tv {
			return s.DayMap[d.Key()][key]
		}
	}
	return "(no screen)"
}

// mapMatchesPositions checks the map against the positions themselves:
// on every day, each slot key's "free.total" is what the slots of that key
// have left once the positions held that day are counted.
func (f *adFixture) mapMatchesPositions(t *testing.T) {
	t.Helper()
	m := f.adMap(t)
	rows, err := f.a.DB.QueryContext(context.Background(), `SELECT display_id, slot_id, day, COUNT(*) FROM ad_bookings
		WHERE franchise_id = ? GROUP BY display_id, slot_id, day`, f.franchiseID)
	if err != nil {
		t.Fatal(err)
	}
	held := map[[3]string]int{}
	for rows.Next() {
		var display, slot string
		var d advertise.Day
		var n int
		if err := rows.Scan(&display, &slot, &d, &n); err != nil {
			t.Fatal(err)
		}
		held[[3]string{display, slot, d.Key()}] = n
	}
	rows.Close()
	checked := 0
	for _, s := range m.Data {
		for dayKey, keys := range s.DayMap {
			for key, got := range keys {
				free, total := 0, 0
				for _, sl := range s.Slots {
					if slices.Contains(sl.Keys, key) {
						total += sl.AdSlots
						free += max(sl.AdSlots-held[[3]string{s.DisplayID, sl.SlotID, dayKey}], 0)
					}
				}
				if want := fmt.Sprintf("%d.%d", free, total); got != want {
					t.Errorf("%s on %s, %s: map says %q, the positions %q", s.Name, dayKey, key, got, want)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("an empty map checked nothing")
	}
}

// positions counts the positions held on the TV's slot-a on day d.
func (f *adFixture) positions(t *testing.T, tv string, d advertise.Day) (n, highest int) {
	t.Helper()
	err := f.a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*), COALESCE(MAX(position), 0) FROM ad_bookings
		WHERE display_id = ? AND slot_id = 'slot-a' AND day = ?`, tv, int(d)).Scan(&n, &highest)
	if err != nil {
		t.Fatal(err)
	}
	return n, highest
}

func newAdApp(t *testing.T, engine string) (*testutil.TestApp, *testutil.Clock) {
	clock := testutil.NewClock(adNow)
	return testutil.NewApp(t, engine, testutil.WithClock(clock.Now)), clock
}

// The map counts free positions per TV, slot key and day from today in the
// franchise's time zone, for 183 days; slots sharing a key add up; TVs
// without an ad slot, and other franchises' TVs, are not on it.
func TestAdvertiseMapArithmetic(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, _ := newAdApp(t, engine)
		f := newAdFixture(t, a, 3)
		const all = advertise.AllDaySlot
		m := f.adMap(t)
		if m.From != "20261124" || m.Days != 183 || m.TimeZone != "America/Sao_Paulo" {
			t.Fatalf("map range %q + %d in %q", m.From, m.Days, m.TimeZone)
		}
		var tvs []string
		for _, s := range m.Data {
			tvs = append(tvs, s.Name)
			if len(s.DayMap) != 183 {
				t.Errorf("%s: %d days", s.Name, len(s.DayMap))
			}
		}
		if !slices.Equal(tvs, []string{"TV Caixa", "TV Vitrine"}) {
			t.Fatalf("screens %v", tvs)
		}
		s := m.Data[0]
		if s.DisplayID != f.tv1 || s.ScheduleID != f.schedule || s.StoreID != "centro" || len(s.Slots) != 1 ||
			s.Slots[0].SlotID != "slot-a" || s.Slots[0].AdSlots != 3 || s.Slots[0].AdTime != 15 || s.Slots[0].Keys[0] != all {
			t.Fatalf("screen %+v", s)
		}
		if s.DayMap["20261124"][all] != "3.3" || s.DayMap[day(182).Key()][all] != "3.3" || s.DayMap[day(183).Key()] != nil {
			t.Fatalf("an untouched slot: first %v, last %v, after %v", s.DayMap["20261124"], s.DayMap[day(182).Key()], s.DayMap[day(183).Key()])
		}

		f.createAd(t, "Um", day(1), day(3), f.tv1)
		f.createAd(t, "Dois", day(2), day(2), f.tv1, f.tv2)
		m = f.adMap(t)
		for _, c := range []struct {
			tv   string
			d    advertise.Day
			want string
		}{
			{f.tv1, day(0), "3.3"}, {f.tv1, day(1), "2.3"}, {f.tv1, day(2), "1.3"}, {f.tv1, day(3), "2.3"},
			{f.tv1, day(4), "3.3"}, {f.tv2, day(2), "2.3"}, {f.tv2, day(1), "3.3"},
		} {
			if got := m.free(c.tv, c.d, all); got != c.want {
				t.Errorf("%s on %s: %q, want %q", c.tv, c.d.Key(), got, c.want)
			}
		}

		// A second slot of the schedule with the same key adds up; one with
		// a time window has a key of its own.
		ctx := context.Background()
		entries := fmt.Sprintf(`[{"id":%q,"name":"Banner","displayTime":10,"dok":127,"enabled":true,"stretch":false,"timeGap":[],"volume":0},
			{"id":"slot-a","name":"Slot","displayTime":45,"dok":127,"enabled":true,"stretch":false,"timeGap":[],"volume":0,"isAd":true,"adSlots":3,"adTime":15},
			{"id":"slot-b","name":"Slot","displayTime":60,"dok":127,"enabled":true,"stretch":false,"timeGap":[],"volume":0,"isAd":true,"adSlots":2,"adTime":30},
			{"id":"slot-c","name":"Slot","displayTime":20,"dok":127,"enabled":true,"stretch":false,"timeGap":["18:00@22:00"],"volume":0,"isAd":true,"adSlots":1,"adTime":20}]`, f.image)
		if _, err := a.DB.ExecContext(ctx, `UPDATE schedules SET entries = ? WHERE id = ?`, entries, f.schedule); err != nil {
			t.Fatal(err)
		}
		r := a.Do(t, "POST", f.path(), f.op.Token, adBody("Longo", 30, day(2), day(2), "", f.tv1))
		mustStatus(t, r, 201)
		var longAd adBodyResponse
		r.Decode(t, &longAd)
		if longAd.Advertise.Screens[0].SlotID != "slot-b" {
			t.Fatalf("a 30 s advertisement left to the server took %q, want slot-b", longAd.Advertise.Screens[0].SlotID)
		}
		m = f.adMap(t)
		if got := m.free(f.tv1, day(2), all); got != "2.5" { // slot-a 1 of 3 free, slot-b 1 of 2
			t.Errorf("two all-day slots on the busy day: %q, want 2.5", got)
		}
		if got := m.free(f.tv1, day(2), "18:00@22:00"); got != "1.1" {
			t.Errorf("the evening slot: %q, want 1.1", got)
		}
		if got := m.free(f.tv2, day(5), all); got != "5.5" {
			t.Errorf("two all-day slots on a free day: %q, want 5.5", got)
		}
		f.mapMatchesPositions(t)
	})
}

// Days are the stores' local days: at 22:30 in São Paulo (01:30 UTC the
// next day) today is still the 24th, and an advertisement from 23:30 to
// 00:30 local takes the 24th and the 25th; stores in Tokyo are already on
// the 25th.
func TestAdvertiseDaysAreTheStoresDays(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 11, 25, 1, 30, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		f := newAdFixture(t, a, 2)
		m := f.adMap(t)
		if m.From != "20261124" {
			t.Fatalf("today in São Paulo at 01:30 UTC is %s, want 20261124", m.From)
		}
		body := adBody("Virada", 10, 20261124, 20261125, "slot-a", f.tv1)
		body["startAt"] = time.Date(2026, 11, 25, 2, 30, 0, 0, time.UTC).UnixMilli() // 23:30 on the 24th in São Paulo
		body["endsAt"] = time.Date(2026, 11, 25, 3, 30, 0, 0, time.UTC).UnixMilli()  // 00:30 on the 25th
		r := a.Do(t, "POST", f.path(), f.op.Token, body)
		mustStatus(t, r, 201)
		var ad adBodyResponse
		r.Decode(t, &ad)
		if ad.Advertise.StartAt != time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC).UnixMilli() ||
			ad.Advertise.EndsAt != time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC).UnixMilli()-1 {
			t.Fatalf("period %s – %s, want local midnight of the 24th to the end of the 25th",
				time.UnixMilli(ad.Advertise.StartAt).UTC(), time.UnixMilli(ad.Advertise.EndsAt).UTC())
		}
		m = f.adMap(t)
		for d, want := range map[string]string{"20261124": "1.2", "20261125": "1.2", "20261126": "2.2"} {
			var got string
			for _, s := range m.Data {
				if s.DisplayID == f.tv1 {
					got = s.DayMap[d][advertise.AllDaySlot]
				}
			}
			if got != want {
				t.Errorf("%s: %q, want %q", d, got, want)
			}
		}
		// The 23rd is gone in São Paulo.
		past := adBody("Ontem", 10, 20261123, 20261124, "slot-a", f.tv2)
		if r := a.Do(t, "POST", f.path(), f.op.Token, past); r.Status != 400 || !strings.Contains(string(r.Body), "antes de hoje") {
			t.Fatalf("a start yesterday: %d %s", r.Status, r.Body)
		}

		// The days are the TVs' stores': stores in Tokyo are already on the
		// 25th, whatever the franchise's zone.
		if _, err := a.DB.ExecContext(context.Background(), `UPDATE stores SET time_zone = 'Asia/Tokyo' WHERE franchise_id = ?`, f.franchiseID); err != nil {
			t.Fatal(err)
		}
		if m := f.adMap(t); m.From != "20261125" || m.TimeZone != "America/Sao_Paulo" {
			t.Fatalf("with the stores in Tokyo the map starts on %s (%s), want 20261125", m.From, m.TimeZone)
		}
	})
}

// Fifty advertisers race for the last free position of a slot on a day:
// exactly one gets it, the others get 100142 saying there is none.
func TestAdvertiseBookingRace(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, _ := newAdApp(t, engine)
		f := newAdFixture(t, a, 2)
		f.createAd(t, "Primeiro", day(1), day(1), f.tv1) // one of the two positions
		const racers = 50
		results := concurrently(t, racers, func(i int) *testutil.Response {
			return doQuiet(a, "POST", f.path(), f.op.Token, adBody(fmt.Sprintf("Corrida %02d", i), 10, day(1), day(1), "slot-a", f.tv1))
		})
		won := 0
		for _, r := range results {
			switch {
			case r.Status == 201:
				won++
			case r.Status == 409 && r.Code() == 100142 && strings.Contains(string(r.Body), "Não há mais vagas disponíveis no televisor “TV Caixa” no dia 25/11/2026."):
			default:
				t.Errorf("a racer got %d %s", r.Status, r.Body)
			}
		}
		if won != 1 {
			t.Fatalf("%d racers booked the last position, want 1", won)
		}
		if n, highest := f.positions(t, f.tv1, day(1)); n != 2 || highest != 2 {
			t.Fatalf("%d positions held (highest %d), want 2", n, highest)
		}
		var ads int
		if err := a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM advertisements WHERE franchise_id = ?`, f.franchiseID).Scan(&ads); err != nil {
			t.Fatal(err)
		}
		if ads != 2 {
			t.Fatalf("%d advertisements stored, want 2: the losers must leave nothing behind", ads)
		}
		if got := f.adMap(t).free(f.tv1, day(1), advertise.AllDaySlot); got != "0.2" {
			t.Fatalf("map after the race: %q, want 0.2", got)
		}
		f.mapMatchesPositions(t)
	})
}

// What a booking refuses, with the spec's codes and a message that says why;
// a refused booking leaves nothing behind.
func TestAdvertiseRefusals(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, _ := newAdApp(t, engine)
		setup := func(t *testing.T) *adFixture { return newAdFixture(t, a, 2) }
		post := func(f *adFixture, body map[string]any, status, code int, contains ...string) testutil.Scenario {
			return testutil.Scenario{Method: "POST", Path: f.path(), Token: f.op.Token, Body: body,
				Status: status, Code: code, Contains: contains, Check: f.nothingBooked}
		}
		testutil.RunCases(t, a, setup, []testutil.Case[*adFixture]{
			{Name: "a display time longer than the slot's positions", Scenario: func(f *adFixture) testutil.Scenario {
				return post(f, adBody("Longo", 16, day(0), day(1), "slot-a", f.tv1), 400, 100142,
					"O tempo de exibição do anúncio (16 s) é maior que a duração da vaga (15 s) no televisor “TV Caixa”. Use no máximo 15 s.")
			}},
			{Name: "a display time longer than every slot, left to the server", Scenario: func(f *adFixture) testutil.Scenario {
				return post(f, adBody("Longo", 20, day(0), day(1), "", f.tv1), 400, 100142, "(15 s)")
			}},
			{Name: "no name", Scenario: func(f *adFixture) testutil.Scenario {
				return post(f, adBody("  ", 10, day(0), day(1), "slot-a", f.tv1), 400, 1141)
			}},
			{Name: "no display time", Scenario: func(f *adFixture) testutil.Scenario {
				b := adBody("Sem tempo", 0, day(0), day(1), "slot-a", f.tv1)
				delete(b, "displayTime")
				return post(f, b, 400, 100142, "Duração deve ser maior do que 0.")
			}},
			{Name: "a display time of zero", Scenario: func(f *adFixture) testutil.Scenario {
				return post(f, adBody("Zero", 0, day(0), day(1), "slot-a", f.tv1), 400, 100142, "Duração deve ser maior do que 0.")
			}},
			{Name: "a display time of 1.5 s", Scenario: func(f *adFixture) testutil.Scenario {
				b := adBody("Fração", 10, day(0), day(1), "slot-a", f.tv1)
				b["displayTime"] = 1.5
				return post(f, b, 400, 100142, "A duração do anúncio deve ser um número inteiro de 1 a 3600 segundos.")
			}},
			{Name: "a display time that is not a number", Scenario: func(f *adFixture) testutil.Scenario {
				b := adBody("Texto", 10, day(0), day(1), "slot-a", f.tv1)
				b["displayTime"] = "dez"
				return post(f, b, 400, 1003)
			}},
			{Name: "no dates", Scenario: func(f *adFixture) testutil.Scenario {
				b := adBody("Sem datas", 10, day(0), day(1), "slot-a", f.tv1)
				delete(b, "endsAt")
				return post(f, b, 400, 100142, "Selecione o primeiro e o último dia do anúncio.")
			}},
			{Name: "an end before the start", Scenario: func(f *adFixture) testutil.Scenario {
				return post(f, adBody("Ao contrário", 10, day(3), day(1), "slot-a", f.tv1), 400, 100142, "A data final deve ser posterior à inicial.")
			}},
			{Name: "a start before today", Scenario: func(f *adFixture) testutil.Scenario {
				return post(f, adBody("Ontem", 10, day(-1), day(1), "slot-a", f.tv1), 400, 100142, "O anúncio não pode começar antes de hoje.")
			}},
			{Name: "more than 366 days", Scenario: func(f *adFixture) testutil.Scenario {
				return post(f, adBody("Ano", 10, day(0), day(366), "slot-a", f.tv1), 400, 100142, "no máximo 366 dias")
			}},
			{Name: "no screen", Scenario: func(f *adFixture) testutil.Scenario {
				return post(f, adBody("Nenhuma", 10, day(0), day(1), "slot-a"), 400, 100142, "Selecione pelo menos uma tela")
			}},
			{Name: "another franchise's TV", Scenario: func(f *adFixture) testutil.Scenario {
				s := post(f, adBody("Alheia", 10, day(0), day(1), "slot-x", f.otherTV), 404, 100121)
				s.Absent = []string{"TV Alheia"}
				return s
			}},
			{Name: "a TV without schedule", Scenario: func(f *adFixture) testutil.Scenario {
				return post(f, adBody("Sem programação", 10, day(0), day(1), "", f.bare), 400, 100142,
					"Você precisa vincular uma programação para continuar.")
			}},
			{Name: "a TV whose schedule has no ad slot", Scenario: func(f *adFixture) testutil.Scenario {
				return post(f, adBody("Sem vaga", 10, day(0), day(1), "", f.dry), 400, 100106, "não tem vagas para anúncios")
			}},
			{Name: "a slot the schedule does not have", Scenario: func(f *adFixture) testutil.Scenario {
				return post(f, adBody("Vaga sumida", 10, day(0), day(1), "slot-z", f.tv1), 409, 100142, "A vaga escolhida não existe mais")
			}},
			{Name: "a schedule the TV no longer plays", Scenario: func(f *adFixture) testutil.Scenario {
				b := adBody("Outra programação", 10, day(0), day(1), "slot-a", f.tv1)
				b["displays"] = []map[string]any{{"displayId": f.tv1, "slotId": "slot-a", "scheduleId": "antiga"}}
				return post(f, b, 409, 100142, "A programação do televisor “TV Caixa” mudou")
			}},
			{Name: "an ad slot among the media", Scenario: func(f *adFixture) testutil.Scenario {
				b := adBody("Com vaga", 10, day(0), day(1), "slot-a", f.tv1)
				b["media"] = []map[string]any{{"id": f.image}, {"isAd": true, "adSlots": 1, "adTime": 10}}
				return post(f, b, 400, 100142, "Mídia na posição 2: Vagas de anúncio não podem ser adicionadas a um anúncio.")
			}},
			{Name: "a media not in the library", Scenario: func(f *adFixture) testutil.Scenario {
				b := adBody("Mídia alheia", 10, day(0), day(1), "slot-a", f.tv1)
				b["media"] = []map[string]any{{"id": "nao-existe"}}
				return post(f, b, 404, 100101)
			}},
			{Name: "one full day in the period books nothing on the others", Scenario: func(f *adFixture) testutil.Scenario {
				f.createAd(f.t, "Cheio 1", day(3), day(3), f.tv2)
				f.createAd(f.t, "Cheio 2", day(3), day(3), f.tv2)
				s := post(f, adBody("Três dias", 10, day(1), day(3), "slot-a", f.tv1, f.tv2), 409, 100142,
					"Não há mais vagas disponíveis no televisor “TV Vitrine” no dia 27/11/2026.")
				s.Check = func(t *testing.T, _ *testutil.Response) {
					for _, tv := range []string{f.tv1, f.tv2} {
						for d := 1; d <= 2; d++ {
							if n, _ := f.positions(t, tv, day(d)); n != 0 {
								t.Errorf("%s on day +%d holds %d positions after a refused booking", tv, d, n)
							}
						}
					}
					r := f.a.Do(t, "GET", f.path(), f.op.Token, nil)
					if strings.Contains(string(r.Body), "Três dias") {
						t.Errorf("the refused advertisement is listed: %s", r.Body)
					}
				}
				return s
			}},
			{Name: "a save without the advertisement's id", Scenario: func(f *adFixture) testutil.Scenario {
				return testutil.Scenario{Method: "PUT", Path: f.path(), Token: f.op.Token, Body: map[string]any{"name": "X"},
					Status: 400, Code: 100142, Contains: []string{"ID do anúncio não está definido."}}
			}},
			{Name: "a save that changes nothing", Scenario: func(f *adFixture) testutil.Scenario {
				id := f.createAd(f.t, "Parado", day(0), day(0), f.tv1)
				return testutil.Scenario{Method: "PUT", Path: f.path(), Token: f.op.Token, Body: map[string]any{"advertiseId": id},
					Status: 400, Code: 100142, Contains: []string{"Pelo menos um dos campos devem ser preenchido."}}
			}},
			{Name: "a save of an advertisement that does not exist", Scenario: func(f *adFixture) testutil.Scenario {
				return testutil.Scenario{Method: "PUT", Path: f.path(), Token: f.op.Token, Body: map[string]any{"advertiseId": "nada", "name": "X"},
					Status: 404, Code: 100142, Contains: []string{"Anúncio não encontrado."}}
			}},
			{Name: "a longer display time than a slot held", Scenario: func(f *adFixture) testutil.Scenario {
				id := f.createAd(f.t, "Curto", day(0), day(0), f.tv1)
				return testutil.Scenario{Method: "PUT", Path: f.path(), Token: f.op.Token,
					Body:   map[string]any{"advertiseId": id, "displayTime": 20},
					Status: 400, Code: 100142, Contains: []string{"(20 s) é maior que a duração da vaga (15 s) no televisor “TV Caixa”"}}
			}},
		})
	})
}

// nothingBooked checks a refused booking left no position and no
// advertisement of its own behind (cases that book on purpose check more).
func (f *adFixture) nothingBooked(t *testing.T, _ *testutil.Response) {
	t.Helper()
	var n int
	err := f.a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM ad_bookings WHERE franchise_id = ?
		AND advertisement_id NOT IN (SELECT id FROM advertisements WHERE name LIKE 'Cheio%')`, f.franchiseID).Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("%d positions held after a refused booking", n)
	}
}

// An advertisement's life: sold, read, renamed, its dates moved (new days
// take positions or the save fails, days left out free theirs), its media
// saved, deleted (all its positions free). Every write names its TVs on the
// change signal, so their players are sent it again.
func TestAdvertiseLifecycle(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, _ := newAdApp(t, engine)
		f := newAdFixture(t, a, 2)
		log := listen(t, a)
		announced := func(t *testing.T, before int, tvs ...string) {
			t.Helper()
			testutil.Eventually(t, 5*time.Second, func() bool {
				for _, c := range log.since(before) {
					if c.FranchiseID == f.franchiseID && slices.Equal(c.Displays, sorted(tvs)) {
						return true
					}
				}
				return false
			}, "a change naming the TVs %v", tvs)
		}

		before := log.count()
		r := a.Do(t, "POST", f.path(), f.op.Token, adBody("Promoção de Natal", 10, day(1), day(3), "slot-a", f.tv1, f.tv2))
		mustStatus(t, r, 201)
		var created adBodyResponse
		r.Decode(t, &created)
		id := created.Advertise.ID
		announced(t, before, f.tv1, f.tv2)
		if created.Advertise.Displays != 2 || len(created.Advertise.Screens) != 2 || created.Advertise.Screens[0].Name != "TV Caixa" ||
			created.Advertise.Screens[0].SlotID != "slot-a" || created.Advertise.Screens[0].StoreSlug != "centro" {
			t.Fatalf("created %+v", created.Advertise)
		}

		r = a.Do(t, "GET", f.path(), f.op.Token, nil)
		mustStatus(t, r, 200)
		var list struct {
			Advertises []struct {
				ID, Name string
				Displays int
			} `json:"advertises"`
		}
		r.Decode(t, &list)
		if len(list.Advertises) != 1 || list.Advertises[0].ID != id || list.Advertises[0].Displays != 2 {
			t.Fatalf("list %+v", list.Advertises)
		}
		if strings.Contains(string(r.Body), "Segredo da Outra") {
			t.Fatalf("another franchise's advertisement is listed: %s", r.Body)
		}

		// Media, name and display time.
		before = log.count()
		r = a.Do(t, "PUT", f.path(), f.op.Token, map[string]any{"advertiseId": id, "name": "Natal", "displayTime": 12,
			"media": []map[string]any{{"id": f.image, "dok": 62, "timeGap": []string{"08:00@12:00"}}}})
		mustStatus(t, r, 200)
		announced(t, before, f.tv1, f.tv2)
		r = a.Do(t, "GET", f.path("/", id), f.op.Token, nil)
		mustStatus(t, r, 200)
		var got adBodyResponse
		r.Decode(t, &got)
		m := got.Advertise.Media
		if got.Advertise.Name != "Natal" || got.Advertise.DisplayTime != 12 || len(m) != 1 || m[0]["name"] != "Banner" ||
			m[0]["dok"] != float64(62) || m[0]["displayTime"] != float64(12) || m[0]["url"] == nil || m[0]["type"] != "image" {
			t.Fatalf("after the save %+v", got.Advertise)
		}

		// The player of each TV gets its positions and the advertisement.
		feeds, err := a.Ads.ForPlayers(context.Background(), tenantOf(f), "", []string{f.tv1})
		if err != nil {
			t.Fatal(err)
		}
		feed := feeds[f.tv1]
		if len(feed.Bookings) != 3 || feed.Bookings[0].Day != day(1).Key() || feed.Bookings[0].SlotID != "slot-a" ||
			feed.Bookings[0].Position != 1 || feed.Ads[id].Media[0].URL == "" {
			t.Fatalf("player feed %+v", feed)
		}
		// Read together, as the hub reads the screens a change reaches: only
		// TVs with bookings are answered, each with its own.
		feeds, err = a.Ads.ForPlayers(context.Background(), tenantOf(f), "", []string{f.tv1, f.tv2, f.bare, f.otherTV})
		if err != nil || len(feeds) != 2 || len(feeds[f.tv1].Bookings) != 3 || len(feeds[f.tv2].Bookings) != 3 ||
			feeds[f.tv2].Ads[id].Media[0].URL == "" {
			t.Fatalf("feeds of several TVs: %v %+v", err, feeds)
		}

		// A new day that is full refuses the whole save.
		neighbour := f.createAd(t, "Vizinho 1", day(4), day(4), f.tv2)
		f.createAd(t, "Vizinho 2", day(4), day(4), f.tv2)
		r = a.Do(t, "PUT", f.path(), f.op.Token, map[string]any{"advertiseId": id, "name": "Não salvo", "endsAt": day(4).End(saoPaulo)})
		if r.Status != 409 || r.Code() != 100142 || !strings.Contains(string(r.Body), "televisor “TV Vitrine” no dia 28/11/2026") {
			t.Fatalf("extending onto a full day: %d %s", r.Status, r.Body)
		}
		if n, _ := f.positions(t, f.tv1, day(4)); n != 0 {
			t.Fatalf("a refused save took a position")
		}
		r = a.Do(t, "GET", f.path("/", id), f.op.Token, nil)
		r.Decode(t, &got)
		if got.Advertise.Name != "Natal" || got.Advertise.EndsAt != day(3).End(saoPaulo) {
			t.Fatalf("a refused save changed the advertisement: %+v", got.Advertise)
		}

		// Moving the period: the days left out are freed, the new ones taken.
		mustStatus(t, a.Do(t, "DELETE", f.path("/", neighbour), f.op.Token, nil), 200)
		r = a.Do(t, "PUT", f.path(), f.op.Token, map[string]any{"advertiseId": id,
			"startAt": day(2).Start(saoPaulo).UnixMilli(), "endsAt": day(6).End(saoPaulo) - 5000})
		mustStatus(t, r, 200)
		r.Decode(t, &got)
		if got.Advertise.StartAt != day(2).Start(saoPaulo).UnixMilli() || got.Advertise.EndsAt != day(6).End(saoPaulo) {
			t.Fatalf("moved period %d – %d", got.Advertise.StartAt, got.Advertise.EndsAt)
		}
		for d, want := range map[int]int{1: 0, 2: 1, 3: 1, 5: 1, 6: 1, 7: 0} {
			if n, _ := f.positions(t, f.tv1, day(d)); n != want {
				t.Errorf("TV Caixa on day +%d holds %d positions, want %d", d, n, want)
			}
		}
		f.mapMatchesPositions(t)

		// Deleting frees every position.
		before = log.count()
		mustStatus(t, a.Do(t, "DELETE", f.path("/", id), f.op.Token, nil), 200)
		announced(t, before, f.tv1, f.tv2)
		for d := range 8 {
			if n, _ := f.positions(t, f.tv1, day(d)); n != 0 {
				t.Errorf("day +%d still holds %d positions", d, n)
			}
		}
		a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/", id), Token: f.op.Token, Status: 404, Code: 100142})
		if got := f.adMap(t).free(f.tv1, day(3), advertise.AllDaySlot); got != "2.2" {
			t.Fatalf("map after the delete %q", got)
		}
	})
}

// renewSession makes the user's token valid for another day from the
// app's clock (a test that moves the clock past its expiry).
func renewSession(t *testing.T, a *testutil.TestApp, u testutil.SeededUser) {
	t.Helper()
	_, err := a.DB.ExecContext(context.Background(), `UPDATE sessions SET expires_at = ? WHERE user_id = ?`,
		a.Now().Add(24*time.Hour).UnixMilli(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
}

func sorted(list []string) []string { return slices.Sorted(slices.Values(list)) }

// A schedule save never silently drops a booked position: fewer positions
// than booked, the slot removed, or the schedule deleted is refused naming
// the advertisements; fewer positions that still fit move the bookings down;
// more positions, and bookings of days gone, are fine.
func TestAdvertiseScheduleSaveGuard(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, clock := newAdApp(t, engine)
		f := newAdFixture(t, a, 3)
		sched := "/api/schedule/" + f.slug + "/" + f.schedule
		withSlot := func(n int) map[string]any {
			return map[string]any{"media": []map[string]any{
				{"id": f.image, "displayTime": 10},
				{"id": "slot-a", "isAd": true, "adSlots": n, "adTime": 15},
			}}
		}
		one := f.createAd(t, "Ótica Lima", day(1), day(2), f.tv1)
		two := f.createAd(t, "Padaria Sol", day(2), day(2), f.tv1)
		three := f.createAd(t, "Açougue Boi", day(2), day(2), f.tv1)
		refused := func(t *testing.T, r *testutil.Response, names ...string) {
			t.Helper()
			if r.Status != 409 || r.Code() != 100142 {
				t.Fatalf("status %d %s, want 409 / 100142", r.Status, r.Body)
			}
			for _, n := range names {
				if !strings.Contains(string(r.Body), "'"+n+"'") {
					t.Errorf("the refusal does not name %q: %s", n, r.Body)
				}
			}
		}
		refused(t, a.Do(t, "POST", sched, f.op.Token, withSlot(2)), "Açougue Boi", "Ótica Lima", "Padaria Sol")
		refused(t, a.Do(t, "POST", sched, f.op.Token, map[string]any{"media": []map[string]any{{"id": f.image}}}), "Ótica Lima")
		refused(t, a.Do(t, "DELETE", sched+"/1", f.op.Token, nil), "Ótica Lima")
		refused(t, a.Do(t, "DELETE", sched, f.op.Token, nil), "Ótica Lima")
		mustStatus(t, a.Do(t, "POST", sched, f.op.Token, withSlot(5)), 200) // more positions: fine
		mustStatus(t, a.Do(t, "POST", sched, f.op.Token, withSlot(3)), 200) // back to the three booked
		if got := f.adMap(t).free(f.tv1, day(2), advertise.AllDaySlot); got != "0.3" {
			t.Fatalf("map after the saves %q", got)
		}

		// Two left on day +2 at positions 1 and 3: two positions keep both,
		// the third moves down to the second.
		mustStatus(t, a.Do(t, "DELETE", f.path("/", two), f.op.Token, nil), 200)
		mustStatus(t, a.Do(t, "POST", sched, f.op.Token, withSlot(2)), 200)
		if n, highest := f.positions(t, f.tv1, day(2)); n != 2 || highest != 2 {
			t.Fatalf("after keeping 2 positions: %d held, highest %d", n, highest)
		}
		f.mapMatchesPositions(t)
		refused(t, a.Do(t, "POST", sched, f.op.Token, withSlot(1)), "Ótica Lima", "Açougue Boi")

		mustStatus(t, a.Do(t, "DELETE", f.path("/", three), f.op.Token, nil), 200)
		mustStatus(t, a.Do(t, "POST", sched, f.op.Token, withSlot(1)), 200)
		noSlot := map[string]any{"media": []map[string]any{{"id": f.image}}}
		refused(t, a.Do(t, "POST", sched, f.op.Token, noSlot), "Ótica Lima")

		// Once its days are over, the slot may go.
		clock.Advance(3 * 24 * time.Hour)
		renewSession(t, a, f.op)
		mustStatus(t, a.Do(t, "POST", sched, f.op.Token, noSlot), 200)

		// A TV with positions sold keeps its schedule, and its store stays,
		// until the advertisement goes; then it may move, and the slot with it.
		mustStatus(t, a.Do(t, "POST", sched, f.op.Token, withSlot(2)), 200)
		novo := f.createAd(t, "Novo", day(5), day(5), f.tv2)
		refused(t, a.Do(t, "DELETE", sched, f.op.Token, nil), "Novo")
		tv2 := "/api/display/" + f.slug + "/centro/" + f.tv2
		refused(t, a.Do(t, "POST", tv2, f.op.Token, map[string]any{"scheduleId": f.plainSch}), "Novo")
		refused(t, a.Do(t, "POST", tv2, f.op.Token, map[string]any{"scheduleId": ""}), "Novo")
		refused(t, a.Do(t, "DELETE", tv2, f.op.Token, nil), "Novo")
		refused(t, a.Do(t, "DELETE", "/api/store/"+f.slug+"/centro", f.op.Token, map[string]any{"name": "Centro"}), "Novo")
		mustStatus(t, a.Do(t, "POST", tv2, f.op.Token, map[string]any{"name": "TV Vitrine Nova"}), 200) // a rename is fine
		if n, _ := f.positions(t, f.tv2, day(5)); n != 1 {
			t.Fatalf("a refused move lost the booking")
		}
		mustStatus(t, a.Do(t, "DELETE", f.path("/", novo), f.op.Token, nil), 200)
		mustStatus(t, a.Do(t, "POST", tv2, f.op.Token, map[string]any{"scheduleId": f.plainSch}), 200)
		mustStatus(t, a.Do(t, "POST", sched, f.op.Token, noSlot), 200)
		mustStatus(t, a.Do(t, "DELETE", sched, f.op.Token, nil), 200)
		mustStatus(t, a.Do(t, "DELETE", tv2, f.op.Token, nil), 200)
		_ = one
	})
}

func tenantOf(f *adFixture) tenant.Tenant {
	return tenant.Tenant{Franchise: tenant.Franchise{ID: f.franchiseID, Slug: f.slug}}
}

// Every ads-center route needs the permission and membership; another
// franchise's advertisements are out of reach and never show.
func TestAdvertiseTenancyAndPermission(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, _ := newAdApp(t, engine)
		f := newAdFixture(t, a, 2)
		own := f.createAd(t, "Nosso", day(0), day(1), f.tv1)
		routes := []struct{ method, path string }{
			{"GET", f.path()}, {"GET", f.path("/map")}, {"POST", f.path()}, {"PUT", f.path()},
			{"GET", f.path("/", own)}, {"DELETE", f.path("/", own)}, {"GET", f.path("/", own, "/plays")},
			{"GET", f.path("/", own, "/plays?format=csv")},
		}
		body := map[string]any{"advertiseId": own, "name": "Trocado"}
		for _, rt := range routes {
			t.Run(rt.method+" "+rt.path+" without the permission", func(t *testing.T) {
				a.Expect(t, testutil.Scenario{Method: rt.method, Path: rt.path, Token: f.plain.Token, Body: body,
					Status: 403, Code: 1403, Absent: []string{"Nosso"}})
			})
			t.Run(rt.method+" "+rt.path+" from another franchise", func(t *testing.T) {
				a.Expect(t, testutil.Scenario{Method: rt.method, Path: rt.path, Token: f.otherOp.Token, Body: body,
					Status: 403, Code: 1403, Absent: []string{"Nosso"}})
			})
			t.Run(rt.method+" "+rt.path+" without a session", func(t *testing.T) {
				a.Expect(t, testutil.Scenario{Method: rt.method, Path: rt.path, Body: body, Status: 401, Code: 1022})
			})
		}
		// The other franchise's advertisement through ours: not found, untouched.
		other := []struct{ method, path string }{
			{"GET", f.path("/", f.otherAd)}, {"DELETE", f.path("/", f.otherAd)}, {"GET", f.path("/", f.otherAd, "/plays")},
		}
		for _, rt := range other {
			a.Expect(t, testutil.Scenario{Name: rt.method + " " + rt.path, Method: rt.method, Path: rt.path, Token: f.op.Token,
				Status: 404, Code: 100142, Absent: []string{"Segredo"}})
		}
		a.Expect(t, testutil.Scenario{Method: "PUT", Path: f.path(), Token: f.op.Token,
			Body: map[string]any{"advertiseId": f.otherAd, "name": "Roubado"}, Status: 404, Code: 100142, Absent: []string{"Segredo"}})
		r := a.Do(t, "GET", "/api/advertise/"+f.otherSlug+"/"+f.otherAd, f.otherOp.Token, nil)
		if r.Status != 200 || !strings.Contains(string(r.Body), "Segredo da Outra") {
			t.Fatalf("the other franchise's advertisement changed: %d %s", r.Status, r.Body)
		}
		if m := f.adMap(t); strings.Contains(fmt.Sprint(m), f.otherTV) {
			t.Fatalf("another franchise's TV on the map")
		}
		// The permission read from the user on every call: revoked, refused at once.
		if _, err := a.DB.ExecContext(context.Background(), `UPDATE users SET view_ads_center = 0 WHERE id = ?`, f.op.ID); err != nil {
			t.Fatal(err)
		}
		a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path(), Token: f.op.Token, Status: 403, Code: 1403})
	})
}

// Proof of play: a player reports what it played; a batch sent twice counts
// once, and plays of advertisements not sold on its TV are ignored. The
// console reads them per day and screen, or as a spreadsheet.
func TestAdvertisePlaysReportedByPlayers(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, _ := newAdApp(t, engine)
		f := newAdFixture(t, a, 2)
		code, token := a.AnnounceDevice(t)
		tv := f.addTV(t, f.op.Token, f.slug, "centro", "TV Balcão", code, f.schedule)
		_, strangerToken := a.AnnounceDevice(t) // a player whose code no TV has
		ad := f.createAd(t, "Natal", day(0), day(2), tv, f.tv1)
		elsewhere := f.createAd(t, "Só na Caixa", day(0), day(0), f.tv1)

		at := func(h int) int64 { return adNow.Add(time.Duration(h) * time.Hour).UnixMilli() }
		batch := map[string]any{"plays": []map[string]any{
			{"id": "p1", "advertisementId": ad, "mediaId": f.image, "startedAt": at(0), "duration": 10000},
			{"id": "p2", "advertisementId": ad, "mediaId": f.image, "startedAt": at(1), "duration": 9500},
			{"id": "p3", "advertisementId": ad, "mediaId": f.image, "startedAt": at(12), "duration": 10000}, // 03:00 on the 25th in São Paulo
			{"id": "p4", "advertisementId": elsewhere, "mediaId": f.image, "startedAt": at(0), "duration": 10000},
			{"id": "p5", "advertisementId": f.otherAd, "mediaId": f.image, "startedAt": at(0), "duration": 10000},
			{"id": "", "advertisementId": ad, "mediaId": f.image, "startedAt": at(0), "duration": 10000},
		}}
		r := a.Do(t, "POST", "/api/device/plays", token, batch)
		mustStatus(t, r, 200)
		if got := string(r.Body); !strings.Contains(got, `"stored":3`) || !strings.Contains(got, `"duplicates":0`) || !strings.Contains(got, `"ignored":3`) {
			t.Fatalf("first batch: %s", got)
		}
		r = a.Do(t, "POST", "/api/device/plays", token, batch)
		mustStatus(t, r, 200)
		if got := string(r.Body); !strings.Contains(got, `"stored":0`) || !strings.Contains(got, `"duplicates":3`) {
			t.Fatalf("the batch sent again: %s", got)
		}
		r = a.Do(t, "POST", "/api/device/plays", strangerToken, batch)
		mustStatus(t, r, 200)
		if got := string(r.Body); !strings.Contains(got, `"stored":0`) || !strings.Contains(got, `"ignored":6`) {
			t.Fatalf("an unpaired player: %s", got)
		}
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/device/plays", Token: f.op.Token, Body: batch, Status: 401, Code: 1022})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/device/plays", Token: token, Body: `{"plays": 3}`, Status: 400, Code: 1003})

		r = a.Do(t, "GET", f.path("/", ad, "/plays"), f.op.Token, nil)
		mustStatus(t, r, 200)
		var plays struct {
			Plays []advertise.PlayCount `json:"plays"`
		}
		r.Decode(t, &plays)
		want := []advertise.PlayCount{
			{Day: "20261124", DisplayID: tv, DisplayName: "TV Balcão", TimeZone: "America/Sao_Paulo", Count: 2, Seconds: 19},
			{Day: "20261125", DisplayID: tv, DisplayName: "TV Balcão", TimeZone: "America/Sao_Paulo", Count: 1, Seconds: 10},
		}
		if !slices.Equal(plays.Plays, want) {
			t.Fatalf("plays %+v, want %+v", plays.Plays, want)
		}

		r = a.Do(t, "GET", f.path("/", ad, "/plays?format=csv"), f.op.Token, nil)
		mustStatus(t, r, 200)
		if ct := r.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
			t.Errorf("content type %q", ct)
		}
		if cd := r.Header.Get("Content-Disposition"); cd != `attachment; filename="exibicoes-natal.csv"` {
			t.Errorf("content disposition %q", cd)
		}
		wantCSV := "\ufeffDia;Televisor;Fuso horário;Exibições;Tempo total (segundos)\n24/11/2026;TV Balcão;America/Sao_Paulo;2;19\n25/11/2026;TV Balcão;America/Sao_Paulo;1;10\n"
		if string(r.Body) != wantCSV {
			t.Errorf("csv %q, want %q", r.Body, wantCSV)
		}
		a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/", ad, "/plays?format=xml"), Token: f.op.Token, Status: 400, Code: 1003})
	})
}

// The map is sent gzipped to browsers.
func TestAdvertiseMapIsGzipped(t *testing.T) {
	a, _ := newAdApp(t, "sqlite")
	f := newAdFixture(t, a, 2)
	req, _ := http.NewRequest("GET", a.URL+f.path("/map"), nil)
	req.Header.Set("Authorization", "Bearer "+f.op.Token)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("status %d, encoding %q", res.StatusCode, res.Header.Get("Content-Encoding"))
	}
}

// A player receives the positions booked on its TV with the advertisements'
// media, as soon as a booking changes, and the day that enters its week
// when the franchise's day turns.
func TestAdvertisementsReachPlayers(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, clock := newAdApp(t, engine)
		f := newAdFixture(t, a, 2)
		code, token := a.AnnounceDevice(t)
		tv := f.addTV(t, f.op.Token, f.slug, "centro", "TV Tocando", code, f.schedule)
		p := connect(t, a, code, token)
		first := p.until("playlist", func(fr frame) bool { return fr.Type == "playlist" })
		if first.Screen.DisplayID != tv || first.Screen.Ads != nil {
			t.Fatalf("before any booking: %+v", first.Screen)
		}
		if _, err := a.Ads.DayTurned(context.Background()); err != nil { // notes today
			t.Fatal(err)
		}

		id := f.createAd(t, "Promoção", day(0), day(PlayerWeekLast), tv)
		r := a.Do(t, "PUT", f.path(), f.op.Token, map[string]any{"advertiseId": id, "media": []map[string]any{{"id": f.image}}})
		mustStatus(t, r, 200)
		got := p.until("the booked media", func(fr frame) bool {
			if fr.Type != "playlist" || fr.Screen.Ads == nil {
				return false
			}
			ad, ok := fr.Screen.Ads.Ads[id]
			return ok && len(ad.Media) == 1
		})
		ads := got.Screen.Ads
		if len(ads.Bookings) != advertise.PlayerDays || ads.From != day(0).Key() || ads.To != day(advertise.PlayerDays-1).Key() {
			t.Fatalf("bookings sent: %+v", ads)
		}
		for i, b := range ads.Bookings {
			if b.SlotID != "slot-a" || b.Position != 1 || b.AdvertisementID != id || b.Day != day(i).Key() {
				t.Fatalf("booking %d: %+v", i, b)
			}
		}
		if m := ads.Ads[id].Media[0]; m.ID != f.image || m.URL == "" || ads.Ads[id].DisplayTime != 10 {
			t.Fatalf("advertisement sent: %+v", ads.Ads[id])
		}

		// At midnight the day that enters the week is sent.
		clock.Advance(24 * time.Hour)
		if n, err := a.Ads.DayTurned(context.Background()); err != nil || n != 1 {
			t.Fatalf("day turned: %d %v", n, err)
		}
		got = p.until("the next week", func(fr frame) bool {
			return fr.Type == "playlist" && fr.Screen.Ads != nil && fr.Screen.Ads.From == day(1).Key()
		})
		if last := got.Screen.Ads.Bookings[len(got.Screen.Ads.Bookings)-1]; last.Day != day(advertise.PlayerDays).Key() {
			t.Fatalf("the new day is not sent: %+v", got.Screen.Ads)
		}
		if n, err := a.Ads.DayTurned(context.Background()); err != nil || n != 0 {
			t.Fatalf("the same day again: %d %v", n, err)
		}

		// Deleting the advertisement frees the positions on the player.
		renewSession(t, a, f.op)
		mustStatus(t, a.Do(t, "DELETE", f.path("/", id), f.op.Token, nil), 200)
		p.until("no bookings", func(fr frame) bool { return fr.Type == "playlist" && fr.Screen.Ads == nil })
	})
}

// PlayerWeekLast is the last day of an advertisement that outlasts a
// player's week by one day.
const PlayerWeekLast = advertise.PlayerDays

// Media dated entirely outside the advertisement's booked period would never
// play: creating, saving media, or moving the dates so that they fall out is
// refused naming the media and the period, and nothing changes.
func TestAdvertiseMediaOutsideTheBookedPeriod(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, _ := newAdApp(t, engine)
		f := newAdFixture(t, a, 3)
		date := func(d advertise.Day) string {
			return time.UnixMilli(d.Start(saoPaulo).UnixMilli()).In(saoPaulo).Format("02/01/2006")
		}
		period := "período contratado do anúncio (" + date(day(5)) + " a " + date(day(7)) + ")"
		early := map[string]any{"id": f.image, "name": "Cartaz antigo", "startDate": day(1).Start(saoPaulo).UnixMilli(), "endDate": day(2).End(saoPaulo)}

		b := adBody("Fora do período", 10, day(5), day(7), "slot-a", f.tv1)
		b["media"] = []map[string]any{early}
		r := a.Do(t, "POST", f.path(), f.op.Token, b)
		if r.Status != 400 || r.Code() != 100142 || !strings.Contains(string(r.Body), "Mídia “Cartaz antigo” (posição 1): as datas da mídia ("+date(day(1))+" a "+date(day(2))+") ficam fora do "+period) {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		if n, _ := f.positions(t, f.tv1, day(5)); n != 0 {
			t.Fatalf("a refused advertisement booked %d positions", n)
		}

		id := f.createAd(t, "No período", day(5), day(7), f.tv1)
		r = a.Do(t, "PUT", f.path(), f.op.Token, map[string]any{"advertiseId": id, "media": []map[string]any{early}})
		if r.Status != 400 || r.Code() != 100142 || !strings.Contains(string(r.Body), period) {
			t.Fatalf("media save: %d %s", r.Status, r.Body)
		}
		inside := map[string]any{"id": f.image, "name": "Cartaz", "startDate": day(6).Start(saoPaulo).UnixMilli(), "endDate": day(6).End(saoPaulo)}
		mustStatus(t, a.Do(t, "PUT", f.path(), f.op.Token, map[string]any{"advertiseId": id, "media": []map[string]any{inside}}), 200)
		// Dates moved so that the media's day falls out: refused too.
		r = a.Do(t, "PUT", f.path(), f.op.Token, map[string]any{"advertiseId": id, "endsAt": day(5).End(saoPaulo)})
		if r.Status != 400 || r.Code() != 100142 || !strings.Contains(string(r.Body), "Mídia “Cartaz” (posição 1)") {
			t.Fatalf("dates moved: %d %s", r.Status, r.Body)
		}
		if n, _ := f.positions(t, f.tv1, day(7)); n != 1 {
			t.Fatalf("a refused date change released day +2: %d", n)
		}
	})
}

// An ad slot whose positions get shorter than an advertisement booked in it
// plays is refused naming the advertisement (it would be cut short on the
// screens); as long as every booked one fits, the slot may get shorter.
func TestAdvertiseSlotCannotGetShorterThanItsAds(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, _ := newAdApp(t, engine)
		f := newAdFixture(t, a, 3)
		sched := "/api/schedule/" + f.slug + "/" + f.schedule
		withTime := func(seconds int) map[string]any {
			return map[string]any{"media": []map[string]any{
				{"id": f.image, "displayTime": 10},
				{"id": "slot-a", "isAd": true, "adSlots": 3, "adTime": seconds},
			}}
		}
		f.createAd(t, "Ótica Lima", day(1), day(2), f.tv1) // 10 s each
		r := a.Do(t, "POST", sched, f.op.Token, withTime(8))
		if r.Status != 409 || r.Code() != 100142 ||
			!strings.Contains(string(r.Body), "A duração da vaga (8 s) fica menor que o tempo de exibição do anúncio 'Ótica Lima' (até 10 s). Use pelo menos 10 s") {
			t.Fatalf("shorter than the ad: %d %s", r.Status, r.Body)
		}
		var got struct {
			Media []map[string]any `json:"media"`
		}
		a.Do(t, "GET", sched, f.op.Token, nil).Decode(t, &got)
		if got.Media[1]["adTime"] != float64(15) {
			t.Fatalf("a refused save changed the slot: %v", got.Media[1])
		}
		mustStatus(t, a.Do(t, "POST", sched, f.op.Token, withTime(10)), 200) // exactly the ad's length: fine
		mustStatus(t, a.Do(t, "POST", sched, f.op.Token, withTime(20)), 200) // longer: fine
	})
}
