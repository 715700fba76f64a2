package app

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"vitrine/internal/config"
	"vitrine/internal/franchise"
	"vitrine/internal/tenant"
)

func TestDemoStoresAreSeededOnce(t *testing.T) {
	ctx := context.Background()
	a, err := New(ctx, config.Config{DataDir: t.TempDir(), PublicURL: "http://vitrine.test"},
		Options{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, err := a.DB.ExecContext(ctx, `
		INSERT INTO users (id, email, name, password_hash, created_at, updated_at)
		VALUES ('u1', 'demo@example.com', 'Demo', '!', 0, 0)`); err != nil {
		t.Fatal(err)
	}
	name := "Rede Demo"
	created, err := a.Franchises.Create(ctx, "u1", franchise.Input{Name: &name})
	if err != nil {
		t.Fatal(err)
	}
	list, err := a.Franchises.ListForUser(ctx, "u1")
	if err != nil || len(list) != 1 {
		t.Fatalf("franchises: %v %v", list, err)
	}
	ref, err := a.Franchises.BySlug(ctx, created.Slug)
	if err != nil {
		t.Fatal(err)
	}
	f := tenant.Tenant{Franchise: ref, UserID: "u1"}

	for range 2 {
		if err := a.seedDemoStores(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	stores, err := a.Stores.List(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	tvs, err := a.Displays.ListFranchise(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	if len(stores) != 3 || len(tvs) != 6 {
		t.Fatalf("demo has %d stores and %d TVs, want 3 and 6", len(stores), len(tvs))
	}
	if len(stores[0].Contacts) == 0 {
		t.Errorf("demo stores need contacts to message: %+v", stores[0])
	}

	// The demo schedule plays three slides and a local space with a footer
	// on every demo TV, seeded once.
	for range 2 {
		if err := a.seedDemoSchedule(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	schedules, err := a.Schedules.List(ctx, f)
	if err != nil || len(schedules) != 1 || schedules[0].Name != DemoSchedule || schedules[0].MediaCount != 4 {
		t.Fatalf("demo schedules: %+v %v", schedules, err)
	}
	sc, err := a.Schedules.Get(ctx, f, schedules[0].ID, true)
	if err != nil || sc.BottomBar == nil || sc.Media[0].URL == "" || sc.Media[0].Type != "image" ||
		!sc.Media[3].IsLocal || sc.Media[3].LocalFallbackMediaID != sc.Media[2].ID {
		t.Fatalf("demo schedule: %+v %v", sc, err)
	}
	if tvs, _ = a.Displays.ListFranchise(ctx, f); tvs[0].Schedule != sc.ID || tvs[5].Schedule != sc.ID {
		t.Fatalf("demo TVs not linked: %+v", tvs)
	}
}
