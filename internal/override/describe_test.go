package override_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/franchise"
	"vitrine/internal/override"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

// fixture is a database with a franchise "fx" holding a TV x1, and the
// franchises the tests add.
type fixture struct {
	db  *db.DB
	svc *override.Service
	now time.Time
}

func newFixture(t *testing.T, engine string) *fixture {
	t.Helper()
	f := &fixture{db: testutil.NewDB(t, engine), now: time.Now()}
	f.svc = override.NewService(f.db, func() time.Time { return f.now }, franchise.NewChanges(change.NewBus()), nil, nil)
	now := f.now.UnixMilli()
	f.exec(t, `INSERT INTO franchises (id, slug, name, created_at, updated_at) VALUES ('fx', 'fx', 'fx', ?, ?)`, now, now)
	f.exec(t, `INSERT INTO stores (id, franchise_id, slug, name, region, state, city, created_at, updated_at)
		VALUES ('st-x', 'fx', 'loja-x', 'Loja x', 'Sudeste', 'SP', 'Campinas', ?, ?)`, now, now)
	f.exec(t, `INSERT INTO displays (id, franchise_id, store_id, name, device, created_at, updated_at)
		VALUES ('x1', 'fx', 'st-x', 'TV x1', 'DEVX1', ?, ?)`, now, now)
	return f
}

// group adds a franchise f, of three stores (Loja a with TVs f-a1 and
// f-a2, Loja b with f-b1 and f-b2, Loja c with f-c1), and returns a
// member of its network and a franchisee of its Loja a.
func (f *fixture) group(t *testing.T, id string) (network, ofStoreA tenant.Tenant) {
	t.Helper()
	now := f.now.UnixMilli()
	f.exec(t, `INSERT INTO franchises (id, slug, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`, id, id, id, now, now)
	for _, st := range []string{"a", "b", "c"} {
		f.exec(t, `INSERT INTO stores (id, franchise_id, slug, name, region, state, city, created_at, updated_at)
			VALUES (?, ?, ?, ?, 'Sudeste', 'SP', 'Campinas', ?, ?)`, id+"-st-"+st, id, "loja-"+st, "Loja "+st, now, now)
	}
	for _, tv := range []string{"a1", "a2", "b1", "b2", "c1"} {
		f.exec(t, `INSERT INTO displays (id, franchise_id, store_id, name, device, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			id+"-"+tv, id, id+"-st-"+tv[:1], "TV "+tv, "DEV-"+id+"-"+tv, now, now)
	}
	network = tenant.Tenant{Franchise: tenant.Franchise{ID: id, Slug: id}, UserID: "u1"}
	ofStoreA = network
	ofStoreA.UserID, ofStoreA.Scope = "u2", tenant.Scope{Role: tenant.Franchisee, Stores: []string{id + "-st-a"}, StoreSlugs: []string{"loja-a"}}
	return network, ofStoreA
}

func (f *fixture) exec(t *testing.T, query string, args ...any) {
	t.Helper()
	if _, err := f.db.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

var rede = override.Actor{UserID: "u1", Name: "Rede"}

func (f *fixture) start(t *testing.T, as tenant.Tenant, in override.Input) string {
	t.Helper()
	in.Title = "Atenção"
	o, err := f.svc.Start(context.Background(), as, rede, in)
	if err != nil {
		t.Fatalf("start %+v: %v", in, err)
	}
	return o.ID
}

// ack records the TVs' acknowledgements as the players' batches do.
func (f *fixture) ack(t *testing.T, id string, tvs ...string) {
	t.Helper()
	for _, tv := range tvs {
		f.svc.Acked(tv, []string{id})
	}
	if err := f.svc.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
}

type described struct {
	names        []string
	reach, acked int
}

func (f *fixture) list(t *testing.T, as tenant.Tenant) map[string]described {
	t.Helper()
	list, err := f.svc.List(context.Background(), as)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]described{}
	for _, o := range list {
		out[o.ID] = described{o.TargetNames, o.Reach, o.Acked}
	}
	return out
}

// An override's reach and confirmations count the TVs it reaches now, each
// once: not a TV removed or moved out of its stores, not a TV of another
// franchise, and for a franchisee only their stores' TVs. Another override
// of every TV, acked by all, is counted beside it.
func TestTheListCountsTheTVsEachOverrideReachesNow(t *testing.T) {
	cases := []struct {
		name   string
		target override.Input
		acks   []string // TVs of the case's franchise; x1 is another franchise's
		change string   // run after the acks, %[1]s the franchise
		scoped bool     // seen by the franchisee of Loja a
		want   *described
	}{
		{name: "every TV, one acking twice", target: override.Input{Target: override.All},
			acks: []string{"a1", "b1", "c1", "a1"}, want: &described{[]string{}, 5, 3}},
		{name: "every TV, an ack of another franchise's TV", target: override.Input{Target: override.All},
			acks: []string{"a1", "x1"}, want: &described{[]string{}, 5, 1}},
		{name: "every TV, one acking removed", target: override.Input{Target: override.All},
			acks: []string{"a1", "b1"}, change: `DELETE FROM displays WHERE id = '%[1]s-b1'`, want: &described{[]string{}, 4, 1}},
		{name: "every TV, seen by a franchisee of one store", target: override.Input{Target: override.All},
			acks: []string{"a1", "b1", "c1"}, scoped: true, want: &described{[]string{}, 2, 1}},
		{name: "two stores", target: override.Input{Target: override.Stores, Stores: []string{"loja-b", "loja-a"}},
			acks: []string{"a1", "b1", "b2"}, want: &described{[]string{"Loja a", "Loja b"}, 4, 3}},
		{name: "two stores, an acking TV moved out of them", target: override.Input{Target: override.Stores, Stores: []string{"loja-a", "loja-b"}},
			acks: []string{"a1", "b1"}, change: `UPDATE displays SET store_id = '%[1]s-st-c' WHERE id = '%[1]s-b1'`, want: &described{[]string{"Loja a", "Loja b"}, 3, 1}},
		{name: "two stores, a TV moved into them", target: override.Input{Target: override.Stores, Stores: []string{"loja-a", "loja-b"}},
			acks: []string{"a1"}, change: `UPDATE displays SET store_id = '%[1]s-st-a' WHERE id = '%[1]s-c1'`, want: &described{[]string{"Loja a", "Loja b"}, 5, 1}},
		{name: "two stores, seen by a franchisee of one", target: override.Input{Target: override.Stores, Stores: []string{"loja-a", "loja-b"}},
			acks: []string{"a1", "a2", "b1"}, scoped: true, want: &described{[]string{"Loja a"}, 2, 2}},
		{name: "another store, not seen by the franchisee", target: override.Input{Target: override.Stores, Stores: []string{"loja-b"}},
			acks: []string{"b1"}, scoped: true},
		{name: "chosen TVs", target: override.Input{Target: override.Displays, Displays: []string{"c1", "a2"}},
			acks: []string{"a2", "c1", "c1"}, want: &described{[]string{"TV a2", "TV c1"}, 2, 2}},
		{name: "chosen TVs, one removed", target: override.Input{Target: override.Displays, Displays: []string{"c1", "a2"}},
			acks: []string{"a2", "c1"}, change: `DELETE FROM displays WHERE id = '%[1]s-c1'`, want: &described{[]string{"TV a2"}, 1, 1}},
		{name: "chosen TVs, seen by a franchisee of one's store", target: override.Input{Target: override.Displays, Displays: []string{"c1", "a2"}},
			acks: []string{"a2", "c1"}, scoped: true, want: &described{[]string{"TV a2"}, 1, 1}},
		{name: "no ack yet", target: override.Input{Target: override.Displays, Displays: []string{"b2"}},
			want: &described{[]string{"TV b2"}, 1, 0}},
	}
	for _, engine := range testutil.Engines() {
		f := newFixture(t, engine)
		for i, tc := range cases {
			t.Run(engine+"/"+tc.name, func(t *testing.T) {
				g := fmt.Sprintf("g%d", i)
				network, ofStoreA := f.group(t, g)
				tvs := func(names []string) []string {
					out := make([]string, len(names))
					for i, n := range names {
						out[i] = g + "-" + n
						if n == "x1" {
							out[i] = n
						}
					}
					return out
				}
				in := tc.target
				in.Displays = tvs(in.Displays)
				id := f.start(t, network, in)
				other := f.start(t, network, override.Input{Target: override.All})
				f.ack(t, id, tvs(tc.acks)...)
				f.ack(t, other, tvs([]string{"a1", "a2", "b1", "b2", "c1"})...)
				if tc.change != "" {
					f.exec(t, fmt.Sprintf(tc.change, g))
				}
				as := network
				if tc.scoped {
					as = ofStoreA
				}
				got := f.list(t, as)
				o, ok := got[id]
				switch {
				case tc.want == nil && ok:
					t.Fatalf("listed %+v", o)
				case tc.want != nil && !ok:
					t.Fatalf("not listed: %v", got)
				case tc.want != nil && (!slices.Equal(o.names, tc.want.names) || o.reach != tc.want.reach || o.acked != tc.want.acked):
					t.Fatalf("listed %+v, want %+v", o, *tc.want)
				}
				if tc.change == "" {
					reach := 5
					if tc.scoped {
						reach = 2
					}
					if o := got[other]; o.reach != reach || o.acked != reach {
						t.Fatalf("the override beside it: %+v, want %d TVs reached and acked", o, reach)
					}
				}
				if !tc.scoped {
					cleared, err := f.svc.Clear(context.Background(), network, rede, id)
					if err != nil {
						t.Fatal(err)
					}
					if cleared.State != override.StateCleared || !slices.Equal(cleared.TargetNames, tc.want.names) ||
						cleared.Reach != tc.want.reach || cleared.Acked != tc.want.acked {
						t.Fatalf("the clear answered %+v, want %+v", cleared, *tc.want)
					}
				}
			})
		}
	}
}

// An answer names at most the 20 most recently ended overrides after the
// active and scheduled ones, each counted.
func TestTheListKeepsTheTwentyLatestEnded(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(engine, func(t *testing.T) {
			f := newFixture(t, engine)
			network, _ := f.group(t, "g")
			var ended []string
			for i := range 23 {
				id := f.start(t, network, override.Input{Target: override.Stores, Stores: []string{"loja-c"}})
				f.ack(t, id, "g-c1")
				f.now = f.now.Add(time.Second)
				if _, err := f.svc.Clear(context.Background(), network, rede, id); err != nil {
					t.Fatalf("clear %d: %v", i, err)
				}
				ended = append(ended, id)
			}
			active := f.start(t, network, override.Input{Target: override.All})
			list, err := f.svc.List(context.Background(), network)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, o := range list {
				got = append(got, o.ID)
				if o.ID != active && (o.Reach != 1 || o.Acked != 1 || o.State != override.StateCleared) {
					t.Fatalf("ended %+v", o)
				}
			}
			slices.Reverse(ended)
			if want := append([]string{active}, ended[:20]...); !slices.Equal(got, want) {
				t.Fatalf("listed %v,\nwant %v", got, want)
			}
			if list[0].Reach != 5 || list[0].Acked != 0 || list[0].State != override.StateActive {
				t.Fatalf("the active one: %+v", list[0])
			}
		})
	}
}

// A franchisee clears their override after its store is gone: the clear
// is kept, and its answer reaches and names nothing.
func TestAnOverrideOfAStoreSinceRemovedIsCleared(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(engine, func(t *testing.T) {
			f := newFixture(t, engine)
			_, ofStoreA := f.group(t, "rg")
			id := f.start(t, ofStoreA, override.Input{Target: override.Stores, Stores: []string{"loja-a"}})
			f.ack(t, id, "rg-a1")
			f.exec(t, `DELETE FROM stores WHERE id = 'rg-st-a'`)
			cleared, err := f.svc.Clear(context.Background(), ofStoreA, override.Actor{UserID: "u2", Name: "Franqueada"}, id)
			if err != nil {
				t.Fatal(err)
			}
			if cleared.ID != id || cleared.State != override.StateCleared || len(cleared.TargetNames) != 0 || cleared.Reach != 0 || cleared.Acked != 0 {
				t.Fatalf("the clear answered %+v", cleared)
			}
			if _, err := f.svc.Clear(context.Background(), ofStoreA, override.Actor{UserID: "u2", Name: "Franqueada"}, id); err != override.ErrEnded {
				t.Fatalf("a second clear: %v, want ErrEnded", err)
			}
		})
	}
}
