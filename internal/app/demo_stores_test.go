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
}
