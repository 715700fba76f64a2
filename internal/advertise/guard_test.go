package advertise

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/db/dbtest"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/tenant"
)

// ads is an ads center over a fresh database holding one franchise with two
// stores: "centro" with TV tv1, playing schedule s1 (one all-day ad slot of
// three 20-second positions, id "slot"), and "norte" with TV tv2, playing
// s2, whose slot has the same id. Its clock reads now.
type ads struct {
	*Service
	db  *db.DB
	t   tenant.Tenant
	now time.Time
}

var saoPaulo, _ = time.LoadLocation("America/Sao_Paulo")

func newAds(t *testing.T, engine string) *ads {
	t.Helper()
	ctx := context.Background()
	url := ""
	if engine == "postgres" {
		url = dbtest.Schema(t)
	}
	d, err := db.Open(ctx, url, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	a := &ads{db: d, now: time.Date(2027, 3, 10, 12, 0, 0, 0, saoPaulo)}
	a.t.ID, a.t.Slug, a.t.Name = "f1", "rede", "Rede"
	a.Service = NewService(d, func() time.Time { return a.now }, franchise.NewChanges(change.NewBus()), nil)
	slot := `[{"id":"slot","isAd":true,"adSlots":3,"adTime":20,"timeGap":[]}]`
	for _, stmt := range []struct {
		query string
		args  []any
	}{
		{`INSERT INTO franchises (id, slug, name, time_zone, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)`,
			[]any{a.t.ID, a.t.Slug, a.t.Name, "America/Sao_Paulo"}},
		{`INSERT INTO stores (id, franchise_id, slug, name, region, state, city, created_at, updated_at)
			VALUES ('st1', 'f1', 'centro', 'Centro', 'Sudeste', 'SP', 'São Paulo', 0, 0),
			       ('st2', 'f1', 'norte', 'Norte', 'Sudeste', 'SP', 'São Paulo', 0, 0)`, nil},
		{`INSERT INTO schedules (id, franchise_id, name, entries, created_at, updated_at)
			VALUES ('s1', 'f1', 'Manhã', ?, 0, 0), ('s2', 'f1', 'Tarde', ?, 0, 0)`, []any{slot, slot}},
		{`INSERT INTO displays (id, franchise_id, store_id, name, device, schedule_id, created_at, updated_at)
			VALUES ('tv1', 'f1', 'st1', 'Caixa', 'AAAAAA', 's1', 0, 0),
			       ('tv2', 'f1', 'st2', 'Vitrine', 'BBBBBB', 's2', 0, 0)`, nil},
	} {
		if _, err := d.ExecContext(ctx, stmt.query, stmt.args...); err != nil {
			t.Fatalf("fixture: %v", err)
		}
	}
	return a
}

// sell books an advertisement of seconds on the TV for the days from the
// clock's today, the way the console does.
func (a *ads) sell(t *testing.T, name, tv string, seconds float64, days int) string {
	t.Helper()
	first := time.Date(a.now.Year(), a.now.Month(), a.now.Day(), 0, 0, 0, 0, saoPaulo)
	start, end := first.UnixMilli(), first.AddDate(0, 0, days).UnixMilli()-1
	ad, err := a.Create(context.Background(), a.t, CreateInput{Name: name, DisplayTime: &seconds,
		StartAt: &start, EndsAt: &end, Displays: []BookingInput{{DisplayID: tv}}})
	if err != nil {
		t.Fatalf("selling %s: %v", name, err)
	}
	return ad.ID
}

// positions lists the positions held on the TV's slot on the clock's today.
func (a *ads) positions(t *testing.T, tv string) []int {
	t.Helper()
	today := DayOf(a.now.UnixMilli(), saoPaulo)
	taken, err := takenPositions(context.Background(), a.db, []string{tv}, today, today)
	if err != nil {
		t.Fatal(err)
	}
	var out []int
	for n := 1; n <= 3; n++ {
		if taken[slotDay{tv, "slot", today}].taken(n) {
			out = append(out, n)
		}
	}
	return out
}

func engines() []string {
	if os.Getenv("TEST_DATABASE_URL") != "" {
		return []string{"sqlite", "postgres"}
	}
	return []string{"sqlite"}
}

// refusedWith checks that err is the ads center's 409 naming what it must.
func refusedWith(t *testing.T, err error, parts ...string) {
	t.Helper()
	f, ok := fault.As(err)
	if !ok || f.Code != 100142 || f.Kind != fault.Conflict {
		t.Fatalf("got %v, want a 409 with 100142", err)
	}
	for _, p := range parts {
		if !strings.Contains(f.Msg, p) {
			t.Fatalf("message %q does not say %q", f.Msg, p)
		}
	}
}

func TestScheduleSavesKeepSoldPositions(t *testing.T) {
	ctx := context.Background()
	for _, engine := range engines() {
		t.Run(engine+"/removing a sold slot is refused, naming the advertisement", func(t *testing.T) {
			a := newAds(t, engine)
			a.sell(t, "Promoção", "tv1", 15, 3)
			err := a.SlotsChanging(ctx, a.db, "f1", "s1", map[string]int{"slot": 0})
			refusedWith(t, err, "vagas já vendidas ao anúncio 'Promoção'")
		})
		t.Run(engine+"/fewer positions than are sold on a day is refused", func(t *testing.T) {
			a := newAds(t, engine)
			a.sell(t, "Promoção", "tv1", 15, 3)
			a.sell(t, "Liquidação", "tv1", 15, 1)
			err := a.SlotsChanging(ctx, a.db, "f1", "s1", map[string]int{"slot": 1})
			refusedWith(t, err, "aos anúncios 'Liquidação' e 'Promoção'")
		})
		t.Run(engine+"/fewer positions that still hold the bookings move them down", func(t *testing.T) {
			a := newAds(t, engine)
			first := a.sell(t, "Promoção", "tv1", 15, 3)
			a.sell(t, "Liquidação", "tv1", 15, 3)
			if err := a.Delete(ctx, a.t, first); err != nil {
				t.Fatal(err)
			}
			if got := a.positions(t, "tv1"); fmt.Sprint(got) != "[2]" {
				t.Fatalf("before: positions %v", got)
			}
			if err := a.SlotsChanging(ctx, a.db, "f1", "s1", map[string]int{"slot": 1}); err != nil {
				t.Fatalf("refused: %v", err)
			}
			if got := a.positions(t, "tv1"); fmt.Sprint(got) != "[1]" {
				t.Fatalf("after: positions %v, want [1]", got)
			}
		})
		t.Run(engine+"/positions sold only on days gone by do not hold the slot", func(t *testing.T) {
			a := newAds(t, engine)
			a.sell(t, "Promoção", "tv1", 15, 2)
			a.now = a.now.AddDate(0, 0, 2)
			if err := a.SlotsChanging(ctx, a.db, "f1", "s1", map[string]int{"slot": 0}); err != nil {
				t.Fatalf("refused: %v", err)
			}
		})
		t.Run(engine+"/a slot of the same id in another schedule is not held", func(t *testing.T) {
			a := newAds(t, engine)
			a.sell(t, "Promoção", "tv1", 15, 3)
			if err := a.SlotsChanging(ctx, a.db, "f1", "s2", map[string]int{"slot": 0}); err != nil {
				t.Fatalf("refused: %v", err)
			}
		})
		t.Run(engine+"/a slot shorter than a booked advertisement is refused", func(t *testing.T) {
			a := newAds(t, engine)
			a.sell(t, "Promoção", "tv1", 15, 3)
			err := a.SlotsShortening(ctx, a.db, "f1", "s1", map[string]int{"slot": 10})
			refusedWith(t, err, "A duração da vaga (10 s)", "do anúncio 'Promoção' (até 15 s)")
			if err := a.SlotsShortening(ctx, a.db, "f1", "s1", map[string]int{"slot": 15}); err != nil {
				t.Fatalf("15 s refused: %v", err)
			}
		})
	}
}

func TestSoldTVsAndStoresStay(t *testing.T) {
	ctx := context.Background()
	for _, engine := range engines() {
		t.Run(engine+"/a TV with positions sold cannot leave its schedule", func(t *testing.T) {
			a := newAds(t, engine)
			a.sell(t, "Promoção", "tv1", 15, 3)
			refusedWith(t, a.DisplaysLeaving(ctx, a.db, "f1", []string{"tv1"}), "Este televisor tem vagas vendidas ao anúncio 'Promoção'")
			if err := a.DisplaysLeaving(ctx, a.db, "f1", []string{"tv2"}); err != nil {
				t.Fatalf("a TV with nothing sold: %v", err)
			}
		})
		t.Run(engine+"/a store whose TV has positions sold is not deleted", func(t *testing.T) {
			a := newAds(t, engine)
			a.sell(t, "Promoção", "tv1", 15, 3)
			refusedWith(t, a.StoreRemoving(ctx, a.db, "f1", "st1"), "Esta loja tem televisores com vagas vendidas ao anúncio 'Promoção'")
			if err := a.StoreRemoving(ctx, a.db, "f1", "st2"); err != nil {
				t.Fatalf("a store with nothing sold: %v", err)
			}
		})
		t.Run(engine+"/once the advertisement is over the TV may leave", func(t *testing.T) {
			a := newAds(t, engine)
			a.sell(t, "Promoção", "tv1", 15, 1)
			a.now = a.now.AddDate(0, 0, 1)
			if err := a.DisplaysLeaving(ctx, a.db, "f1", []string{"tv1"}); err != nil {
				t.Fatalf("refused: %v", err)
			}
		})
	}
}
