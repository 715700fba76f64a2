package screen_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrine/internal/advertise"
	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/display"
	"vitrine/internal/franchise"
	"vitrine/internal/media"
	"vitrine/internal/override"
	"vitrine/internal/schedule"
	"vitrine/internal/screen"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

type noMedia struct{}

func (noMedia) ByIDs(context.Context, tenant.Tenant, []string) (map[string]media.Media, error) {
	return map[string]media.Media{}, nil
}

// ads books one position on every TV asked about, and records the asks.
type ads struct{ asked [][]string }

func (a *ads) ForPlayers(_ context.Context, t tenant.Tenant, zone string, ids []string) (map[string]advertise.PlayerAds, error) {
	a.asked = append(a.asked, append([]string{t.Slug, zone}, ids...))
	out := map[string]advertise.PlayerAds{}
	for _, id := range ids {
		out[id] = advertise.PlayerAds{From: "20261124", To: "20261130",
			Bookings: []advertise.PlayerBooking{{SlotID: "slot", Day: "20261124", Position: 1, AdvertisementID: "ad-" + id}}}
	}
	return out, nil
}

type fixture struct {
	db  *db.DB
	b   *screen.Builder
	ads *ads
}

// newFixture: the franchise grupo (zone America/Manaus), its store loja-a,
// the schedule s1, the TV on AAAAAA showing s1 and the TV on CCCCCC showing
// nothing, on SQLite.
func newFixture(t *testing.T) fixture {
	t.Helper()
	d := testutil.NewDB(t, "sqlite")
	now := func() time.Time { return time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC) }
	ms := now().UnixMilli()
	ctx := context.Background()
	for _, q := range []string{
		`INSERT INTO franchises (id, slug, name, time_zone, created_at, updated_at) VALUES ('f1', 'grupo', 'Grupo', 'America/Manaus', ?, ?)`,
		`INSERT INTO stores (id, franchise_id, slug, name, region, state, city, time_zone, created_at, updated_at)
			VALUES ('st-a', 'f1', 'loja-a', 'Loja A', 'Norte', 'AM', 'Manaus', 'America/Manaus', ?, ?)`,
		`INSERT INTO schedules (id, franchise_id, name, hash, created_at, updated_at) VALUES ('s1', 'f1', 'Manhã', 'h1', ?, ?)`,
		`INSERT INTO displays (id, franchise_id, store_id, name, device, content_orientation, schedule_id, created_at, updated_at)
			VALUES ('tv1', 'f1', 'st-a', 'Balcão', 'AAAAAA', 1, 's1', ?, ?)`,
		`INSERT INTO displays (id, franchise_id, store_id, name, device, schedule_id, created_at, updated_at)
			VALUES ('tv2', 'f1', 'st-a', 'Caixa', 'CCCCCC', NULL, ?, ?)`,
	} {
		if _, err := d.ExecContext(ctx, q, ms, ms); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if _, err := d.ExecContext(ctx, `INSERT INTO store_hours (store_id, franchise_id, hours, when_closed, updated_at)
		VALUES ('st-a', 'f1', '{"week":[[],[{"start":"08:00","end":"18:00"}],[],[],[],[],[]],"exceptions":[]}', 'rest', ?)`, ms); err != nil {
		t.Fatal(err)
	}
	changes := franchise.NewChanges(change.NewBus())
	a := &ads{}
	b := screen.NewBuilder(display.NewService(d, now, changes), schedule.NewService(d, now, changes, noMedia{}),
		franchise.NewService(d, now), store.NewService(d, now, nil, changes), a, store.NewService(d, now, nil, changes))
	return fixture{db: d, b: b, ads: a}
}

// A TV's part of its screen names the TV, its store, its franchise and
// time zone, carries its store's opening hours and closed behaviour, and
// the ads booked on it only while it shows a schedule; the franchise's
// bookings are read in one ask.
func TestATVsScreenIsComposedFromItsDomains(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	tvs, err := f.b.TVs(ctx, []string{"AAAAAA", "CCCCCC", "KKKKKK"})
	if err != nil {
		t.Fatal(err)
	}
	if len(tvs) != 2 || tvs["AAAAAA"].ScheduleID != "s1" || tvs["CCCCCC"].ScheduleID != "" {
		t.Fatalf("TVs %+v (a code without a TV is absent)", tvs)
	}
	parts, err := f.b.EncodeTVs(ctx, []screen.TV{tvs["AAAAAA"], tvs["CCCCCC"]})
	if err != nil {
		t.Fatal(err)
	}
	var got [2]map[string]any
	for i := range parts {
		if err := json.Unmarshal(parts[i], &got[i]); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]any{"displayId": "tv1", "name": "Balcão", "device": "AAAAAA", "store": "loja-a",
		"storeName": "Loja A", "contentOrientation": 1.0, "franchise": "grupo", "timeZone": "America/Manaus",
		"datesTimeZone": "America/Manaus", "whenClosed": "rest"}
	for k, v := range want {
		if got[0][k] != v {
			t.Errorf("%s = %v, want %v", k, got[0][k], v)
		}
	}
	if len(got[0]) != len(want)+3 {
		t.Errorf("the TV's part has fields beyond its own, its hours, its ads and its overrides: %v", got[0])
	}
	if o, ok := got[0]["overrides"].([]any); !ok || len(o) != 0 {
		t.Errorf("a TV without overrides carries %v, want []", got[0]["overrides"])
	}
	for i := range got {
		week, _ := got[i]["hours"].(map[string]any)["week"].([]any)
		if len(week) != 7 || got[i]["whenClosed"] != "rest" {
			t.Errorf("TV %d: the store's opening hours are missing: %v", i, got[i])
		}
	}
	booked, _ := got[0]["ads"].(map[string]any)
	if bookings, _ := booked["bookings"].([]any); len(bookings) != 1 {
		t.Errorf("ads of the TV showing a schedule: %v", got[0]["ads"])
	}
	if _, ok := got[1]["ads"]; ok || got[1]["displayId"] != "tv2" {
		t.Errorf("a TV without a schedule: %v", got[1])
	}
	if want := [][]string{{"grupo", "America/Manaus", "tv1"}}; !slices.EqualFunc(f.ads.asked, want, slices.Equal) {
		t.Errorf("asked the ads %v, want %v", f.ads.asked, want)
	}
}

// A schedule is encoded once and shared until a change touches it; then
// it is encoded again with a new version. Changes that touch no screen, or
// other schedules, keep it.
func TestAnEncodedScheduleIsKeptUntilAChangeTouchesIt(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	data, version, err := f.b.EncodeSchedule(ctx, "f1", "s1")
	if err != nil {
		t.Fatal(err)
	}
	var sc schedule.PlayerSchedule
	if err := json.Unmarshal(data, &sc); err != nil || sc.ID != "s1" || sc.Name != "Manhã" || sc.Hash != "h1" {
		t.Fatalf("encoded %s, %v", data, err)
	}
	cmd := []change.Command{{ID: "j", DisplayID: "tv1", Operation: "restartDevice"}}
	for _, c := range []change.Change{
		{FranchiseID: "f1", Revision: 2, Displays: []string{"tv1"}, StatusOnly: true},
		{FranchiseID: "f1", Commands: cmd},
		{Commands: cmd},
		{FranchiseID: "f1", Revision: 3, Schedules: []string{"s2"}},
		{FranchiseID: "f1", Revision: 4, Displays: []string{"tv1"}},
		{FranchiseID: "f2", Revision: 5},
	} {
		f.b.Forget(c)
		if _, again, _ := f.b.EncodeSchedule(ctx, "f1", "s1"); again != version {
			t.Fatalf("after %+v the version moved from %s to %s", c, version, again)
		}
	}
	for _, c := range []change.Change{
		{FranchiseID: "f1", Revision: 6, Schedules: []string{"s1"}},
		{FranchiseID: "f1", Revision: 7},
		{},
	} {
		f.b.Forget(c)
		_, again, err := f.b.EncodeSchedule(ctx, "f1", "s1")
		if err != nil || again == version {
			t.Fatalf("after %+v the version stayed %s (%v)", c, version, err)
		}
		version = again
	}
	if _, err := f.db.ExecContext(ctx, `DELETE FROM schedules WHERE id = 's1'`); err != nil {
		t.Fatal(err)
	}
	f.b.Forget(change.Change{FranchiseID: "f1", Revision: 8, Schedules: []string{"s1"}})
	if data, _, err := f.b.EncodeSchedule(ctx, "f1", "s1"); err != nil || string(data) != "null" {
		t.Fatalf("a deleted schedule: %s, %v", data, err)
	}
}

// A TV's screen runs on its store's time zone, not its franchise's: two
// TVs of one franchise in stores of two zones get each its own, and their
// advertisements are asked per zone (each store's today). A store's new
// zone shows on the next encoding (the store's change touches its TVs).
func TestATVsScreenRunsOnItsStoresTimeZone(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	ms := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC).UnixMilli()
	for _, q := range []string{
		`INSERT INTO stores (id, franchise_id, slug, name, region, state, city, time_zone, created_at, updated_at)
			VALUES ('st-b', 'f1', 'loja-b', 'Loja B', 'Norte', 'AC', 'Rio Branco', 'America/Rio_Branco', ?, ?)`,
		`INSERT INTO displays (id, franchise_id, store_id, name, device, schedule_id, created_at, updated_at)
			VALUES ('tv3', 'f1', 'st-b', 'Vitrine', 'BBBBBB', 's1', ?, ?)`,
	} {
		if _, err := f.db.ExecContext(ctx, q, ms, ms); err != nil {
			t.Fatal(err)
		}
	}
	tvs, err := f.b.TVs(ctx, []string{"AAAAAA", "BBBBBB"})
	if err != nil {
		t.Fatal(err)
	}
	zones := func() [2]any {
		parts, err := f.b.EncodeTVs(ctx, []screen.TV{tvs["AAAAAA"], tvs["BBBBBB"]})
		if err != nil {
			t.Fatal(err)
		}
		var out [2]any
		for i, p := range parts {
			var got map[string]any
			json.Unmarshal(p, &got)
			out[i] = got["timeZone"]
		}
		return out
	}
	if z := zones(); z != [2]any{"America/Manaus", "America/Rio_Branco"} {
		t.Fatalf("zones %v, want each store's", z)
	}
	slices.SortFunc(f.ads.asked, func(a, b []string) int { return strings.Compare(a[1], b[1]) })
	if want := [][]string{{"grupo", "America/Manaus", "tv1"}, {"grupo", "America/Rio_Branco", "tv3"}}; !slices.EqualFunc(f.ads.asked, want, slices.Equal) {
		t.Errorf("asked the ads %v, want once per zone", f.ads.asked)
	}
	if _, err := f.db.ExecContext(ctx, `UPDATE stores SET time_zone = 'America/Noronha' WHERE id = 'st-b'`); err != nil {
		t.Fatal(err)
	}
	if z := zones(); z != [2]any{"America/Manaus", "America/Noronha"} {
		t.Fatalf("after the store's zone changed: %v", z)
	}
	// The franchise's zone is no TV's.
	if _, err := f.db.ExecContext(ctx, `UPDATE franchises SET time_zone = 'America/Recife' WHERE id = 'f1'`); err != nil {
		t.Fatal(err)
	}
	f.b.Forget(change.Change{FranchiseID: "f1", Revision: 3})
	if z := zones(); z != [2]any{"America/Manaus", "America/Noronha"} {
		t.Fatalf("after the franchise's zone changed: %v", z)
	}
}

// overrides gives the TV tv1 the overrides it holds (none for others).
type overrides struct{ list []override.Player }

func (o *overrides) ForScreens(_ context.Context, _ string, tvs []override.TV) ([][]override.Player, error) {
	out := make([][]override.Player, len(tvs))
	for i, tv := range tvs {
		if tv.DisplayID == "tv1" && len(o.list) > 0 {
			out[i] = o.list
		}
	}
	return out, nil
}

// A change of overrides alone leaves the parts of EncodeScreens as they
// were, byte for byte, whatever the message's text holds: a part with its
// overrides beside it says what EncodeTVs's whole part does; TVs reached by
// the same overrides share one encoding.
func TestAnOverrideChangesOnlyTheOverridesBesideATVsPart(t *testing.T) {
	f := newFixture(t)
	o := &overrides{}
	f.b.SetOverrides(o)
	ctx := context.Background()
	tvs, err := f.b.TVs(ctx, []string{"AAAAAA", "CCCCCC"})
	if err != nil {
		t.Fatal(err)
	}
	list := []screen.TV{tvs["AAAAAA"], tvs["CCCCCC"]}
	before, _, err := f.b.EncodeScreens(ctx, list)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range [][]override.Player{
		{{ID: "o1", Title: `Evacuação ,"overrides":[] }`, Text: "Saia \"já\"", Background: "#b91c1c", Color: "#ffffff", Start: 1, End: 2}},
		{{ID: "o2", Title: "B"}, {ID: "o1", Title: "A"}},
		nil,
	} {
		o.list = text
		whole, err := f.b.EncodeTVs(ctx, list)
		if err != nil {
			t.Fatal(err)
		}
		parts, values, err := f.b.EncodeScreens(ctx, list)
		if err != nil {
			t.Fatal(err)
		}
		alone, err := f.b.EncodeOverrides(ctx, list)
		if err != nil {
			t.Fatal(err)
		}
		for i := range list {
			if string(parts[i]) != string(before[i]) {
				t.Errorf("TV %d's part changed with the overrides %v:\n got %s\nwant %s", i, text, parts[i], before[i])
			}
			if string(values[i]) != string(alone[i]) {
				t.Errorf("TV %d: EncodeScreens's overrides %s, EncodeOverrides's %s", i, values[i], alone[i])
			}
			var got, want map[string]json.RawMessage
			if err := json.Unmarshal(parts[i], &got); err != nil {
				t.Fatal(err)
			}
			if _, ok := got["overrides"]; ok {
				t.Errorf("TV %d's part carries its overrides: %s", i, parts[i])
			}
			got["overrides"] = values[i]
			if err := json.Unmarshal(whole[i], &want); err != nil {
				t.Fatal(err)
			}
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			if string(g) != string(w) {
				t.Errorf("TV %d with %v:\n got %s\nwant %s", i, text, g, w)
			}
		}
		if string(values[1]) != "[]" {
			t.Errorf("a TV no override reaches carries %s", values[1])
		}
	}
}
