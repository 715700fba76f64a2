package store_test

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"vitrine/internal/fault"
	"vitrine/internal/hours"
	"vitrine/internal/store"
	"vitrine/internal/testutil"
)

func lunchBreakHours() hours.Hours {
	day := []hours.Range{{Start: "14:00", End: "22:00"}, {Start: "08:00", End: "12:00"}}
	return hours.Hours{
		Week:       [][]hours.Range{{}, day, day, day, day, day, {{Start: "18:00", End: "02:00"}}},
		Exceptions: []hours.Exception{{Date: "2026-12-25", Ranges: []hours.Range{}}},
	}
}

func TestAStoreWithoutHoursIsOpenAllDayAndKeepsPlaying(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		g := f.group(t, "Rede")
		st := f.create(t, g, storeInput("Centro"))
		got, err := f.stores.Hours(context.Background(), g, st.Slug)
		if err != nil {
			t.Fatal(err)
		}
		if got.Hours != nil || got.WhenClosed != store.KeepPlaying || got.TimeZone != "America/Sao_Paulo" {
			t.Fatalf("got %+v", got)
		}
		if !got.OpenAt(time.Date(2026, 3, 1, 3, 0, 0, 0, time.UTC)) {
			t.Error("a store without hours is closed at 00:00 on a Sunday")
		}
	})
}

func TestOpeningHoursAreStoredCleanAndPushedToTheStoresTVs(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		g := f.group(t, "Rede")
		st := f.create(t, g, storeInput("Centro"))
		f.changes = nil
		h := lunchBreakHours()
		got, err := f.stores.SetHours(ctx, g, st.Slug, store.HoursInput{Hours: &h, WhenClosed: ptr(store.Rest)})
		if err != nil {
			t.Fatal(err)
		}
		if got.WhenClosed != store.Rest || got.Hours == nil || got.Hours.Week[1][0].Start != "08:00" {
			t.Fatalf("got %+v", got)
		}
		again, err := f.stores.Hours(ctx, g, st.Slug)
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Fatalf("read back %+v, %v; want %+v", again, err, got)
		}
		if len(f.changes) != 1 || len(f.changes[0].Stores) != 1 || !f.changes[0].Affects("tv", f.changes[0].Stores[0], "") {
			t.Fatalf("changes %+v: the store's TVs must hear it", f.changes)
		}
		// Opening hours without whenClosed keep the behaviour; null removes the hours.
		got, err = f.stores.SetHours(ctx, g, st.Slug, store.HoursInput{Hours: nil})
		if err != nil || got.Hours != nil || got.WhenClosed != store.Rest {
			t.Fatalf("clearing: %+v, %v", got, err)
		}
	})
}

func TestBadOpeningHoursAreRefusedAndChangeNothing(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		g := f.group(t, "Rede")
		st := f.create(t, g, storeInput("Centro"))
		h := lunchBreakHours()
		before, err := f.stores.SetHours(ctx, g, st.Slug, store.HoursInput{Hours: &h})
		if err != nil {
			t.Fatal(err)
		}
		overlapping := lunchBreakHours()
		overlapping.Week[2] = []hours.Range{{Start: "08:00", End: "12:00"}, {Start: "11:30", End: "13:00"}}
		cases := []struct {
			name string
			in   store.HoursInput
			msg  string
		}{
			{"overlapping ranges", store.HoursInput{Hours: &overlapping}, "Terça-feira: as faixas 08:00–12:00 e 11:30–13:00 se sobrepõem."},
			{"an unknown closed behaviour", store.HoursInput{Hours: &h, WhenClosed: ptr("sleep")}, store.ErrWhenClosedInvalid.Msg},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				_, err := f.stores.SetHours(ctx, g, st.Slug, c.in)
				fe, ok := fault.As(err)
				if !ok || fe.Kind != fault.Invalid || fe.Msg != c.msg {
					t.Fatalf("err %v, want %q", err, c.msg)
				}
				after, err := f.stores.Hours(ctx, g, st.Slug)
				if err != nil || !reflect.DeepEqual(after, before) {
					t.Fatalf("hours changed to %+v (%v)", after, err)
				}
			})
		}
	})
}

func TestOpeningHoursOfAnotherFranchiseAreOutOfReach(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		mine, theirs := f.group(t, "Minha"), f.group(t, "Outra")
		st := f.create(t, theirs, storeInput("Centro"))
		h := lunchBreakHours()
		if _, err := f.stores.SetHours(ctx, mine, st.Slug, store.HoursInput{Hours: &h}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("set in another franchise: %v", err)
		}
		if _, err := f.stores.Hours(ctx, mine, st.Slug); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("read in another franchise: %v", err)
		}
		if _, err := f.stores.SetHours(ctx, theirs, st.Slug, store.HoursInput{Hours: &h}); err != nil {
			t.Fatal(err)
		}
		ids := storeIDs(t, f, theirs.ID)
		got, err := f.stores.HoursByID(ctx, mine.ID, ids)
		if err != nil || len(got) != 0 {
			t.Fatalf("by id from another franchise: %+v, %v", got, err)
		}
		got, err = f.stores.HoursByID(ctx, theirs.ID, ids)
		if err != nil || len(got) != 1 || got[ids[0]].Hours == nil {
			t.Fatalf("by id: %+v, %v", got, err)
		}
	})
}

func TestAStoresOpenTimeCountsOnlyItsHours(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		g := f.group(t, "Rede")
		st := f.create(t, g, storeInput("Centro"))
		h := lunchBreakHours()
		if _, err := f.stores.SetHours(ctx, g, st.Slug, store.HoursInput{Hours: &h}); err != nil {
			t.Fatal(err)
		}
		ids := storeIDs(t, f, g.ID)
		got, err := f.stores.HoursByID(ctx, g.ID, ids)
		if err != nil {
			t.Fatal(err)
		}
		// Friday 20:00 to Monday 09:00 in São Paulo: Friday 2 h, Saturday
		// night 18:00–02:00 8 h, Monday 1 h.
		from := time.Date(2026, 3, 6, 23, 0, 0, 0, time.UTC)
		to := time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC)
		if d := got[ids[0]].OpenDuration(from, to); d != 11*time.Hour {
			t.Fatalf("open %v, want 11h", d)
		}
		if err := f.stores.Delete(ctx, g, st.Slug, ""); err != nil {
			t.Fatal(err)
		}
		var rows int
		if err := f.d.QueryRowContext(ctx, `SELECT COUNT(*) FROM store_hours`).Scan(&rows); err != nil || rows != 0 {
			t.Fatalf("%d hours rows left after the store went (%v)", rows, err)
		}
	})
}

func storeIDs(t *testing.T, f *fixture, franchiseID string) []string {
	t.Helper()
	rows, err := f.d.QueryContext(context.Background(), `SELECT id FROM stores WHERE franchise_id = ?`, franchiseID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}
