package override_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"vitrine/internal/override"
	"vitrine/internal/testutil"
)

// Each TV gets, in the order asked, the overrides that reach it, the
// newest start first: one of every TV, one of a store, one of a TV. A TV
// that several reach has a list of its own, and the list the TVs reached
// by the first alone share stays as it was.
func TestForScreensGivesEachTVItsOverridesInOrder(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(engine, func(t *testing.T) {
			f := newFixture(t, engine)
			network, _ := f.group(t, "g")
			all := f.start(t, network, override.Input{Target: override.All})
			f.now = f.now.Add(time.Second)
			storeB := f.start(t, network, override.Input{Target: override.Stores, Stores: []string{"loja-b"}})
			f.now = f.now.Add(time.Second)
			tvA1 := f.start(t, network, override.Input{Target: override.Displays, Displays: []string{"g-a1"}})
			tvs := []override.TV{
				{DisplayID: "g-c1", StoreID: "g-st-c"}, {DisplayID: "g-a1", StoreID: "g-st-a"},
				{DisplayID: "g-b1", StoreID: "g-st-b"}, {DisplayID: "g-a2", StoreID: "g-st-a"},
				{DisplayID: "g-b2", StoreID: "g-st-b"},
			}
			got, err := f.svc.ForScreens(context.Background(), "g", tvs)
			if err != nil {
				t.Fatal(err)
			}
			want := [][]string{{all}, {tvA1, all}, {storeB, all}, {all}, {storeB, all}}
			if len(got) != len(tvs) {
				t.Fatalf("%d lists for %d TVs", len(got), len(tvs))
			}
			for i, list := range got {
				var ids []string
				for _, o := range list {
					ids = append(ids, o.ID)
				}
				if !slices.Equal(ids, want[i]) {
					t.Errorf("%s: %v, want %v", tvs[i].DisplayID, ids, want[i])
				}
			}
			if &got[0][0] != &got[3][0] {
				t.Error("the TVs reached by one override alone do not share its list")
			}
			if &got[2][0] == &got[4][0] {
				t.Error("two TVs reached by two overrides share a list")
			}
		})
	}
}
