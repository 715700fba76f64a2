package store_test

import (
	"context"
	"errors"
	"testing"

	"vitrine/internal/franchise"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

// groupIn creates a franchise whose zone is zone.
func (f *fixture) groupIn(t *testing.T, name, zone string) tenant.Tenant {
	t.Helper()
	ctx := context.Background()
	g, err := f.groups.Create(ctx, f.user, franchise.Input{Name: ptr(name), TimeZone: ptr(zone)})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := f.groups.BySlug(ctx, g.Slug)
	if err != nil {
		t.Fatal(err)
	}
	return tenant.Tenant{Franchise: ref, UserID: f.user}
}

func TestAStoreKeepsItsOwnTimeZone(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		g := f.groupIn(t, "Rede Norte", "America/Manaus")
		ctx := context.Background()

		// No zone: the franchise's.
		plain := f.create(t, g, storeInput("Loja Manaus"))
		if plain.TimeZone != "America/Manaus" {
			t.Errorf("a store without a zone has %q, want the franchise's America/Manaus", plain.TimeZone)
		}
		// A zone of its own, trimmed.
		in := storeInput("Loja Rio Branco")
		in.TimeZone = ptr(" America/Rio_Branco ")
		acre := f.create(t, g, in)
		if acre.TimeZone != "America/Rio_Branco" {
			t.Errorf("zone %q, want America/Rio_Branco", acre.TimeZone)
		}
		got, err := f.stores.Get(ctx, g, acre.Slug)
		if err != nil || got.TimeZone != "America/Rio_Branco" {
			t.Errorf("read back %q, %v", got.TimeZone, err)
		}
		list, err := f.stores.List(ctx, g)
		if err != nil || len(list) != 2 || list[0].TimeZone != "America/Manaus" || list[1].TimeZone != "America/Rio_Branco" {
			t.Errorf("list %+v, %v", list, err)
		}

		// An edit without the zone keeps it; one with a zone changes it; an
		// empty zone goes back to the franchise's.
		if got, err = f.stores.Update(ctx, g, acre.Slug, store.Input{City: ptr("Cruzeiro do Sul")}); err != nil || got.TimeZone != "America/Rio_Branco" {
			t.Errorf("an edit of the city: zone %q, %v", got.TimeZone, err)
		}
		if got, err = f.stores.Update(ctx, g, acre.Slug, store.Input{TimeZone: ptr("America/Eirunepe")}); err != nil || got.TimeZone != "America/Eirunepe" {
			t.Errorf("an edit of the zone: %q, %v", got.TimeZone, err)
		}
		if got, err = f.stores.Update(ctx, g, acre.Slug, store.Input{TimeZone: ptr("")}); err != nil || got.TimeZone != "America/Manaus" {
			t.Errorf("an empty zone: %q, %v, want the franchise's", got.TimeZone, err)
		}

		// The zones of the franchise's stores, asked by id.
		ids := map[string]string{}
		for _, s := range []store.Store{plain, acre} {
			id, err := store.ID(ctx, f.d, g.ID, s.Slug)
			if err != nil {
				t.Fatal(err)
			}
			ids[s.Slug] = id
		}
		if _, err := f.stores.Update(ctx, g, acre.Slug, store.Input{TimeZone: ptr("America/Rio_Branco")}); err != nil {
			t.Fatal(err)
		}
		zones, err := f.stores.TimeZones(ctx, g, []string{ids[plain.Slug], ids[acre.Slug], "missing"})
		if err != nil || len(zones) != 2 || zones[ids[plain.Slug]] != "America/Manaus" || zones[ids[acre.Slug]] != "America/Rio_Branco" {
			t.Errorf("zones %v, %v", zones, err)
		}
	})
}

func TestAnUnknownTimeZoneIsRefusedAndChangesNothing(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		g := f.group(t, "Rede")
		ctx := context.Background()
		s := f.create(t, g, storeInput("Loja Centro"))
		for _, zone := range []string{"America/Atlantida", "Local", "-03:00", "../../etc/passwd"} {
			in := storeInput("Loja " + zone)
			in.TimeZone = ptr(zone)
			if _, err := f.stores.Create(ctx, g, in); !errors.Is(err, store.ErrTimeZone) {
				t.Errorf("create with %q: %v, want ErrTimeZone", zone, err)
			}
			if _, err := f.stores.Update(ctx, g, s.Slug, store.Input{TimeZone: ptr(zone)}); !errors.Is(err, store.ErrTimeZone) {
				t.Errorf("update with %q: %v, want ErrTimeZone", zone, err)
			}
		}
		got, _ := f.stores.Get(ctx, g, s.Slug)
		if got.TimeZone != "America/Sao_Paulo" {
			t.Errorf("after refused edits the zone is %q", got.TimeZone)
		}
		if list, _ := f.stores.List(ctx, g); len(list) != 1 {
			t.Errorf("refused creates left %d stores", len(list))
		}
	})
}

// A franchise asks only for its own stores' zones.
func TestStoreTimeZonesStayWithinTheirFranchise(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		ctx := context.Background()
		a := f.groupIn(t, "Rede A", "America/Cuiaba")
		b := f.group(t, "Rede B")
		s := f.create(t, a, storeInput("Loja Cuiabá"))
		id, err := store.ID(ctx, f.d, a.ID, s.Slug)
		if err != nil {
			t.Fatal(err)
		}
		if zones, err := f.stores.TimeZones(ctx, b, []string{id}); err != nil || len(zones) != 0 {
			t.Errorf("another franchise read %v, %v", zones, err)
		}
		if zones, err := f.stores.TimeZones(ctx, a, []string{id}); err != nil || zones[id] != "America/Cuiaba" {
			t.Errorf("its own franchise read %v, %v", zones, err)
		}
	})
}
