package display_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/display"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/schedule"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

// fixture is a franchise with two stores (loja-a, loja-b), two schedules
// (s1, s2) and the device codes AAAAAA…DDDDDD announced, on SQLite.
type fixture struct {
	db      *db.DB
	clock   *testutil.Clock
	svc     *display.Service
	t       tenant.Tenant
	mu      sync.Mutex
	changes []change.Change
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	return newFixtureOn(t, "sqlite")
}

func newFixtureOn(t testing.TB, engine string) *fixture {
	t.Helper()
	f := &fixture{db: testutil.NewDB(t, engine), clock: testutil.NewClock(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))}
	bus := change.NewBus()
	bus.Subscribe(func(c change.Change) { f.mu.Lock(); f.changes = append(f.changes, c); f.mu.Unlock() })
	f.svc = display.NewService(f.db, f.clock.Now, franchise.NewChanges(bus))
	f.t = tenant.Tenant{Franchise: tenant.Franchise{ID: "f1", Slug: "grupo", Name: "Grupo"}, UserID: "u1"}
	now := f.clock.Now().UnixMilli()
	f.exec(t, `INSERT INTO franchises (id, slug, name, created_at, updated_at) VALUES ('f1', 'grupo', 'Grupo', ?, ?)`, now, now)
	for _, st := range []string{"a", "b"} {
		f.exec(t, `INSERT INTO stores (id, franchise_id, slug, name, region, state, city, created_at, updated_at)
			VALUES (?, 'f1', ?, ?, 'Sudeste', 'SP', 'Campinas', ?, ?)`, "st-"+st, "loja-"+st, "Loja "+st, now, now)
	}
	for _, sc := range []string{"s1", "s2"} {
		f.exec(t, `INSERT INTO schedules (id, franchise_id, name, created_at, updated_at) VALUES (?, 'f1', ?, ?, ?)`, sc, sc, now, now)
	}
	for _, code := range []string{"AAAAAA", "CCCCCC", "DDDDDD", "EEEEEE"} {
		f.exec(t, `INSERT INTO devices (code, created_at, last_seen_at) VALUES (?, ?, ?)`, code, now, now)
	}
	return f
}

func (f *fixture) exec(t testing.TB, query string, args ...any) {
	t.Helper()
	if _, err := f.db.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

func (f *fixture) create(t *testing.T, store, name, device, schedule string) display.Display {
	t.Helper()
	d, err := f.svc.Create(context.Background(), f.t, store, display.Input{Name: &name, Device: &device, ScheduleID: &schedule})
	if err != nil {
		t.Fatalf("create %s: %v", name, err)
	}
	return d
}

func ptr[T any](v T) *T { return &v }

func TestDeviceCodesAreStoredAsTyped(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"acd-efh", "ACDEFH"},
		{" ac de fh ", "ACDEFH"},
		{"ACDEFH", "ACDEFH"},
		{"", ""},
		{"ab_cd", ""},
		{"áççent", ""},
		{strings.Repeat("A", 33), ""},
	} {
		got, err := display.NormalizeDevice(tc.in)
		if tc.want == "" {
			if !errors.Is(err, display.ErrDeviceInvalid) {
				t.Errorf("NormalizeDevice(%q) = %q, %v; want ErrDeviceInvalid", tc.in, got, err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("NormalizeDevice(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// A TV is refused for each rule it breaks, with the error the console shows.
func TestATVIsValidatedBeforeItIsRegistered(t *testing.T) {
	f := newFixture(t)
	f.create(t, "loja-a", "Vitrine Principal", "AAAAAA", "")
	long := strings.Repeat("a", 121)
	for _, tc := range []struct {
		name string
		in   display.Input
		want error
	}{
		{"without a name", display.Input{Device: ptr("CCCCCC")}, display.ErrNameRequired},
		{"with a blank name", display.Input{Name: ptr("  "), Device: ptr("CCCCCC")}, display.ErrNameRequired},
		{"without a device code", display.Input{Name: ptr("Balcão")}, display.ErrDeviceMissing},
		{"with a code no player announced", display.Input{Name: ptr("Balcão"), Device: ptr("KKKKKK")}, display.ErrDeviceUnknown},
		{"with a code another TV holds", display.Input{Name: ptr("Balcão"), Device: ptr("aaa-aaa")}, display.ErrDeviceTaken},
		{"with the name of another TV of the store (case and accents aside)",
			display.Input{Name: ptr("vitrine  PRINCIPAL"), Device: ptr("CCCCCC")}, display.ErrNameTaken},
		{"with an orientation beyond 270°", display.Input{Name: ptr("Balcão"), Device: ptr("CCCCCC"), ContentOrientation: ptr(4)}, display.ErrOrientation},
		{"with a schedule of nobody", display.Input{Name: ptr("Balcão"), Device: ptr("CCCCCC"), ScheduleID: ptr("nope")}, schedule.ErrNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.Create(context.Background(), f.t, "loja-a", tc.in)
			if !fault.Same(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
	t.Run("with a name of 121 characters", func(t *testing.T) {
		_, err := f.svc.Create(context.Background(), f.t, "loja-a", display.Input{Name: &long, Device: ptr("CCCCCC")})
		if got, ok := fault.As(err); !ok || got.Kind != fault.Invalid || !strings.Contains(got.Msg, "120") {
			t.Fatalf("got %v, want the 120-character rule", err)
		}
	})
	t.Run("the same name in another store is fine", func(t *testing.T) {
		d := f.create(t, "loja-b", "Vitrine Principal", "cc-cc-cc", "s1")
		if d.Device != "CCCCCC" || d.Store != "loja-b" || d.Schedule != "s1" || d.ScheduleName != "s1" {
			t.Fatalf("created %+v", d)
		}
	})
}

func TestATVKeepsItsDeviceCode(t *testing.T) {
	f := newFixture(t)
	d := f.create(t, "loja-a", "Balcão", "AAAAAA", "")
	ctx := context.Background()
	if _, err := f.svc.Update(ctx, f.t, "loja-a", d.ID, display.Input{Device: ptr("CCCCCC")}); !errors.Is(err, display.ErrDeviceImmutable) {
		t.Fatalf("changing the code: %v", err)
	}
	got, err := f.svc.Update(ctx, f.t, "loja-a", d.ID, display.Input{Device: ptr("aaa aaa"), Name: ptr("Caixa")})
	if err != nil || got.Device != "AAAAAA" || got.Name != "Caixa" {
		t.Fatalf("repeating the code: %+v, %v", got, err)
	}
	if _, err := f.svc.Update(ctx, f.t, "loja-b", d.ID, display.Input{Name: ptr("X")}); !errors.Is(err, display.ErrNotFound) {
		t.Fatalf("a TV read through another store: %v", err)
	}
}

// guard refuses every TV listed in refuse.
type guard struct {
	asked  [][]string
	refuse bool
}

var errBooked = errors.New("booked")

func (g *guard) DisplaysLeaving(_ context.Context, _ db.Querier, _ string, ids []string) error {
	g.asked = append(g.asked, ids)
	if g.refuse {
		return errBooked
	}
	return nil
}

// A TV leaves what it plays — another schedule, none, deleted — only when
// the domains that sold positions on it allow; other edits never ask.
func TestATVLeavesItsScheduleOnlyWhenItsBookingsAllow(t *testing.T) {
	f := newFixture(t)
	g := &guard{refuse: true}
	f.svc.AddBookingGuard(g)
	d := f.create(t, "loja-a", "Balcão", "AAAAAA", "s1")
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		in   display.Input
	}{
		{"to another schedule", display.Input{ScheduleID: ptr("s2")}},
		{"to no schedule", display.Input{Schedule: ptr("")}},
	} {
		if _, err := f.svc.Update(ctx, f.t, "loja-a", d.ID, tc.in); !errors.Is(err, errBooked) {
			t.Errorf("moving %s: %v, want the guard's refusal", tc.name, err)
		}
	}
	if err := f.svc.Delete(ctx, f.t, "loja-a", d.ID); !errors.Is(err, errBooked) {
		t.Errorf("deleting: %v, want the guard's refusal", err)
	}
	asked := len(g.asked)
	if _, err := f.svc.Update(ctx, f.t, "loja-a", d.ID, display.Input{Name: ptr("Caixa"), ScheduleID: ptr("s1")}); err != nil {
		t.Fatalf("renaming on the same schedule: %v", err)
	}
	if len(g.asked) != asked {
		t.Error("a rename asked the guard")
	}
	g.refuse = false
	moved, err := f.svc.Update(ctx, f.t, "loja-a", d.ID, display.Input{ScheduleID: ptr("s2")})
	if err != nil || moved.Schedule != "s2" {
		t.Fatalf("moving once allowed: %+v, %v", moved, err)
	}
	if got, _ := f.svc.Get(ctx, f.t, "loja-a", d.ID); got.Name != "Caixa" || got.Schedule != "s2" {
		t.Fatalf("stored %+v", got)
	}
}

// The player of a TV finds it by its device code, with its store.
func TestAPlayerFindsTheTVPairedWithItsCode(t *testing.T) {
	f := newFixture(t)
	d := f.create(t, "loja-b", "Balcão", "AAAAAA", "s1")
	got, err := f.svc.PairedByDevice(context.Background(), []string{"AAAAAA", "CCCCCC"})
	if err != nil {
		t.Fatal(err)
	}
	want := display.Paired{DisplayID: d.ID, Name: "Balcão", Device: "AAAAAA", FranchiseID: "f1", StoreID: "st-b",
		Store: "loja-b", StoreName: "Loja b", StoreCity: "Campinas", StoreState: "SP", ScheduleID: "s1"}
	if len(got) != 1 || got["AAAAAA"] != want {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
}

// TV status: a connection marks the TV online; only the connection that
// holds it may mark it offline; a command needs an online TV (the Offline
// rule). Status changes are announced as status only.
func TestTVStatusFollowsItsCurrentConnection(t *testing.T) {
	f := newFixture(t)
	d := f.create(t, "loja-a", "Balcão", "AAAAAA", "")
	ctx := context.Background()
	online := func() bool {
		got, err := f.svc.Get(ctx, f.t, "loja-a", d.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got.Connected
	}
	check := func() error {
		return f.db.InTx(ctx, func(tx *db.Tx) error {
			return display.CheckOnline(ctx, tx, "f1", "loja-a", d.ID, f.clock.Now())
		})
	}
	if err := check(); !errors.Is(err, display.ErrDeviceNotConnected) {
		t.Fatalf("a TV never connected: %v", err)
	}
	ack := f.clock.Now().UnixMilli()
	record := func(conn string, on bool) {
		t.Helper()
		if err := f.svc.RecordStatus(ctx, []display.Status{{DisplayID: d.ID, FranchiseID: "f1", ConnectionID: conn, Online: on, Ack: ack}}); err != nil {
			t.Fatal(err)
		}
	}
	f.mu.Lock()
	f.changes = nil
	f.mu.Unlock()
	record("c1", true)
	if !online() || check() != nil {
		t.Fatalf("connected: online %v, check %v", online(), check())
	}
	f.mu.Lock()
	announced := f.changes
	f.mu.Unlock()
	if len(announced) != 1 || !announced[0].StatusOnly || announced[0].TouchesScreens() {
		t.Fatalf("announced %+v, want one status-only change", announced)
	}
	record("c0", false) // an older connection closing late
	if !online() {
		t.Fatal("an older connection's close marked the TV offline")
	}
	f.clock.Advance(display.OfflineAfter + time.Second)
	if err := check(); !errors.Is(err, display.ErrDeviceNotConnected) {
		t.Fatalf("last ack older than %v: %v", display.OfflineAfter, err)
	}
	record("c1", false)
	if online() {
		t.Fatal("the current connection's close left the TV online")
	}
	if err := display.CheckOnline(ctx, f.db, "f1", "loja-a", "nope", f.clock.Now()); !errors.Is(err, display.ErrNotFound) {
		t.Fatalf("an unknown TV: %v", err)
	}
}

// offlineEdge registers three TVs: "Nunca", never connected; "Agora",
// acked OfflineAfter after at (the fixture's clock); "Limite", acked at.
func (f *fixture) offlineEdge(t *testing.T) (never, now, edge display.Display, at time.Time) {
	t.Helper()
	never = f.create(t, "loja-a", "Nunca", "AAAAAA", "")
	now = f.create(t, "loja-a", "Agora", "CCCCCC", "")
	edge = f.create(t, "loja-b", "Limite", "DDDDDD", "")
	at = f.clock.Now()
	if err := f.svc.RecordStatus(context.Background(), []display.Status{
		{DisplayID: now.ID, FranchiseID: "f1", ConnectionID: "c1", Online: true, Ack: at.Add(display.OfflineAfter).UnixMilli()},
		{DisplayID: edge.ID, FranchiseID: "f1", ConnectionID: "c2", Online: true, Ack: at.UnixMilli()},
	}); err != nil {
		t.Fatal(err)
	}
	return never, now, edge, at
}

func TestStatusCountsFollowTheOfflineRule(t *testing.T) {
	for _, engine := range []string{"sqlite", "postgres"} {
		t.Run(engine, func(t *testing.T) {
			f := newFixtureOn(t, engine)
			ctx := context.Background()
			_, now, _, at := f.offlineEdge(t)
			count := func(at time.Time) map[string]int {
				t.Helper()
				got, err := display.StatusCounts(ctx, f.db, at)
				if err != nil {
					t.Fatal(err)
				}
				return got
			}
			later := at.Add(display.OfflineAfter)
			if got := count(later); got[display.StatusOnline] != 2 || got[display.StatusOffline] != 1 {
				t.Fatalf("last ack exactly %v old: %v, want 2 online and 1 offline", display.OfflineAfter, got)
			}
			if got := count(later.Add(time.Millisecond)); got[display.StatusOnline] != 1 || got[display.StatusOffline] != 2 {
				t.Fatalf("last ack %v and 1 ms old: %v, want 1 online and 2 offline", display.OfflineAfter, got)
			}
			if err := f.svc.RecordStatus(ctx, []display.Status{
				{DisplayID: now.ID, FranchiseID: "f1", ConnectionID: "c1", Online: false, Ack: later.UnixMilli()},
			}); err != nil {
				t.Fatal(err)
			}
			if got := count(later); got[display.StatusOnline] != 1 || got[display.StatusOffline] != 2 {
				t.Fatalf("after a close: %v, want 1 online and 2 offline", got)
			}
		})
	}
}

// The alerts' pass reads the TVs offline by the Offline rule, to the
// millisecond, and the TVs it follows, each once.
func TestAttentionIsTheOfflineTVsAndTheFollowed(t *testing.T) {
	for _, engine := range []string{"sqlite", "postgres"} {
		t.Run(engine, func(t *testing.T) {
			f := newFixtureOn(t, engine)
			ctx := context.Background()
			never, now, _, at := f.offlineEdge(t)
			later := at.Add(display.OfflineAfter)
			for _, tc := range []struct {
				name    string
				at      time.Time
				ids     []string
				offline []string
				want    []string
			}{
				{"the edge's ack exactly the limit old", later, nil, []string{"Nunca"}, []string{"Nunca"}},
				{"half a millisecond past it", later.Add(500 * time.Microsecond), nil, []string{"Limite", "Nunca"}, []string{"Limite", "Nunca"}},
				{"a millisecond past it", later.Add(time.Millisecond), nil, []string{"Limite", "Nunca"}, []string{"Limite", "Nunca"}},
				{"followed TVs, one offline", later, []string{now.ID, never.ID}, []string{"Nunca"}, []string{"Agora", "Nunca"}},
			} {
				got, err := display.Attention(ctx, f.db, tc.ids, tc.at)
				if err != nil {
					t.Fatal(err)
				}
				var names, offline []string
				for _, w := range got {
					names = append(names, w.Name)
					if w.Offline {
						offline = append(offline, w.Name)
					}
				}
				slices.Sort(names)
				slices.Sort(offline)
				if !slices.Equal(names, tc.want) || !slices.Equal(offline, tc.offline) {
					t.Errorf("%s: read %v (offline %v), want %v (offline %v)", tc.name, names, offline, tc.want, tc.offline)
				}
				// The same TVs offline as the whole fleet read at that moment.
				fleet, err := display.Fleet(ctx, f.db, "", tc.at)
				if err != nil {
					t.Fatal(err)
				}
				var fromFleet []string
				for _, w := range fleet {
					if w.Offline {
						fromFleet = append(fromFleet, w.Name)
					}
				}
				slices.Sort(fromFleet)
				if !slices.Equal(fromFleet, tc.offline) {
					t.Errorf("%s: the fleet has %v offline, Attention %v", tc.name, fromFleet, offline)
				}
			}
		})
	}
}

// Two replicas write the status batches of a reconnect storm at once: one
// closes the sockets players left, the other records their new ones, the
// same TVs in opposite orders. Neither write is lost to a deadlock.
func TestStatusBatchesOfTwoReplicasDoNotDeadlock(t *testing.T) {
	f := newFixtureOn(t, "postgres")
	ctx := context.Background()
	now := f.clock.Now().UnixMilli()
	var ids []string
	for i := range 60 {
		id := fmt.Sprintf("tv-%03d", i)
		f.exec(t, `INSERT INTO displays (id, franchise_id, store_id, name, device, created_at, updated_at)
			VALUES (?, 'f1', 'st-a', ?, ?, ?, ?)`, id, id, id, now, now)
		ids = append(ids, id)
	}
	batch := func(conn string, online bool, order []string) []display.Status {
		var b []display.Status
		for _, id := range order {
			b = append(b, display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: conn, Online: online, Ack: now})
		}
		return b
	}
	reversed := slices.Clone(ids)
	slices.Reverse(reversed)
	for round := range 5 {
		old, next := fmt.Sprint("old", round), fmt.Sprint("new", round)
		if err := f.svc.RecordStatus(ctx, batch(old, true, ids)); err != nil {
			t.Fatal(err)
		}
		errs := make(chan error, 2)
		start := make(chan struct{})
		for _, b := range [][]display.Status{batch(old, false, ids), batch(next, true, reversed)} {
			go func() {
				<-start
				errs <- f.svc.RecordStatus(ctx, b)
			}()
		}
		close(start)
		for range 2 {
			if err := <-errs; err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
	}
}

// Acknowledged schedule hashes are written with the TV's status, a few
// hundred TVs per statement: the last hash of a TV in a batch wins, a later
// close of the acking connection still marks the TV offline and keeps the
// hash, and a close without a hash never clears it.
func TestAckedHashesRideOnTheStatus(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(engine, func(t *testing.T) {
			f := newFixtureOn(t, engine)
			ctx := context.Background()
			now := f.clock.Now().UnixMilli()
			var tvs []display.Display
			for i := range 260 {
				const letters = "ACDEFHJKMNPRTUVWXY3479" // device codes' alphabet
				code := string([]byte{'A', 'C', 'D', letters[i/len(letters)], letters[i%len(letters)], 'F'})
				f.exec(t, `INSERT INTO devices (code, created_at, last_seen_at) VALUES (?, ?, ?)`, code, now, now)
				tvs = append(tvs, f.create(t, "loja-a", fmt.Sprintf("TV %03d", i), code, "s1"))
			}
			var batch []display.Status
			for i, tv := range tvs {
				batch = append(batch, display.Status{DisplayID: tv.ID, FranchiseID: "f1", ConnectionID: fmt.Sprint("c", i), Online: true, Ack: now, Hash: "old", HashAcked: true})
			}
			batch = append(batch,
				display.Status{DisplayID: tvs[0].ID, FranchiseID: "f1", ConnectionID: "c0", Online: true, Ack: now + 5, Hash: "new", HashAcked: true},
				display.Status{DisplayID: tvs[1].ID, FranchiseID: "f1", ConnectionID: "c1", Online: false, Ack: now + 9},
				// A close carrying the hash acked and not yet recorded, at its own time.
				display.Status{DisplayID: tvs[2].ID, FranchiseID: "f1", ConnectionID: "c2", Online: false, Ack: now + 9, Hash: "last", HashAcked: true, AckedAt: now + 3},
				display.Status{DisplayID: "unknown", FranchiseID: "f1", ConnectionID: "cx", Online: true, Ack: now, Hash: "x", HashAcked: true},
			)
			f.mu.Lock()
			f.changes = nil
			f.mu.Unlock()
			if err := f.svc.RecordStatus(ctx, batch); err != nil {
				t.Fatal(err)
			}
			list, err := f.svc.ListFranchise(ctx, f.t)
			if err != nil {
				t.Fatal(err)
			}
			by := map[string]display.Display{}
			for _, d := range list {
				by[d.ID] = d
			}
			if d := by[tvs[0].ID]; d.AckedHash != "new" || d.AckedAt != now+5 || !d.Connected || d.LastConnectionAck != now+5 {
				t.Fatalf("the last hash of a TV: %+v", d)
			}
			if d := by[tvs[1].ID]; d.AckedHash != "old" || d.AckedAt != now || d.Connected || d.LastConnectionAck != now+9 {
				t.Fatalf("acked, then closed: %+v", d)
			}
			if d := by[tvs[2].ID]; d.AckedHash != "last" || d.AckedAt != now+3 || d.Connected || d.LastConnectionAck != now+9 {
				t.Fatalf("closed with its last hash: %+v", d)
			}
			for _, tv := range tvs[3:] {
				if d := by[tv.ID]; d.AckedHash != "old" || d.AckedAt != now || !d.Connected {
					t.Fatalf("TV %s: %+v", d.Name, d)
				}
			}
			f.mu.Lock()
			announced := f.changes
			f.mu.Unlock()
			if len(announced) != 1 || !announced[0].StatusOnly || len(announced[0].Displays) < 260 || slices.Contains(announced[0].Displays, "unknown") {
				t.Fatalf("announced %d changes, %d TVs", len(announced), len(announced[0].Displays))
			}
		})
	}
}

// addTVs inserts n TVs of loja-a (tv-0000, tv-0001, …) straight to the
// database and returns their ids.
func (f *fixture) addTVs(t testing.TB, n int) []string {
	t.Helper()
	ctx := context.Background()
	now := f.clock.Now().UnixMilli()
	ids := make([]string, n)
	err := f.db.InTx(ctx, func(tx *db.Tx) error {
		for part := range slices.Chunk(slices.Collect(func(yield func(int) bool) {
			for i := range n {
				if !yield(i) {
					return
				}
			}
		}), 200) {
			var args []any
			for _, i := range part {
				ids[i] = fmt.Sprintf("tv-%04d", i)
				args = append(args, ids[i], ids[i], "DEV"+ids[i], now, now)
			}
			values := strings.TrimSuffix(strings.Repeat("(?, 'f1', 'st-a', ?, ?, ?, ?), ", len(part)), ", ")
			if _, err := tx.ExecContext(ctx, `INSERT INTO displays (id, franchise_id, store_id, name, device, created_at, updated_at) VALUES `+values, args...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// The players of a replica that stops close together: a batch of many
// closes, written a few hundred TVs per statement among online statuses,
// takes each TV offline only while the closing socket is still its own. A
// TV a newer socket took (before the batch, or within it) stays connected
// on the newer one, a TV that acked and closed within the batch ends
// offline with its last hash, a close carrying a hash records it, a close
// of a socket the TV never had changes nothing, and the change announced
// names exactly the TVs written.
func TestManyClosesAmongOnlineStatuses(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(engine, func(t *testing.T) {
			f := newFixtureOn(t, engine)
			ctx := context.Background()
			now := f.clock.Now().UnixMilli()
			tvs := f.addTVs(t, 1234)
			conn := func(i int) string { return fmt.Sprint("c", i) }
			var opened []display.Status
			for i, id := range tvs {
				opened = append(opened, display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: conn(i), Online: true, Ack: now, Hash: "h1", HashAcked: true})
			}
			if err := f.svc.RecordStatus(ctx, opened); err != nil {
				t.Fatal(err)
			}
			// A newer socket took TV 7 before the batch.
			if err := f.svc.RecordStatus(ctx, []display.Status{{DisplayID: tvs[7], FranchiseID: "f1", ConnectionID: "new7", Online: true, Ack: now + 1}}); err != nil {
				t.Fatal(err)
			}

			type row struct {
				connected   bool
				connection  string
				ack         int64
				hash        string
				hashAckedAt int64
			}
			want := map[string]row{}
			stillOn := func(i int) bool { return i%10 == 3 } // acks only
			var batch []display.Status
			for i, id := range tvs {
				switch {
				case stillOn(i):
					batch = append(batch, display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: conn(i), Online: true, Ack: now + 20})
					want[id] = row{true, conn(i), now + 20, "h1", now}
				case i == 7: // its old socket closes: no longer its own
					batch = append(batch, display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: conn(i), Online: false, Ack: now + 10})
					want[id] = row{true, "new7", now + 1, "h1", now}
				case i == 8: // a newer socket opens, then the old one closes
					batch = append(batch,
						display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: "new8", Online: true, Ack: now + 15},
						display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: conn(i), Online: false, Ack: now + 16})
					want[id] = row{true, "new8", now + 15, "h1", now}
				case i == 9: // acks a new hash, then closes
					batch = append(batch,
						display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: conn(i), Online: true, Ack: now + 4, Hash: "h2", HashAcked: true},
						display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: conn(i), Online: false, Ack: now + 10})
					want[id] = row{false, "", now + 10, "h2", now + 4}
				case i == 11: // closes with the hash it acked last
					batch = append(batch, display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: conn(i), Online: false, Ack: now + 10, Hash: "h3", HashAcked: true, AckedAt: now + 5})
					want[id] = row{false, "", now + 10, "h3", now + 5}
				case i == 12: // a socket it never had
					batch = append(batch, display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: "zz", Online: false, Ack: now + 10})
					want[id] = row{true, conn(i), now, "h1", now}
				case i == 14: // its socket's close twice: the first is written
					batch = append(batch,
						display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: conn(i), Online: false, Ack: now + 10},
						display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: conn(i), Online: false, Ack: now + 99, Hash: "late", HashAcked: true})
					want[id] = row{false, "", now + 10, "h1", now}
				default:
					batch = append(batch, display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: conn(i), Online: false, Ack: now + 10})
					want[id] = row{false, "", now + 10, "h1", now}
				}
			}
			batch = append(batch, display.Status{DisplayID: "unknown", FranchiseID: "f1", ConnectionID: "cx", Online: false, Ack: now})
			// The hub reports in the order sockets speak, not by TV (each
			// TV's own statuses in their order).
			slices.Reverse(batch[100:700])
			f.mu.Lock()
			f.changes = nil
			f.mu.Unlock()
			if err := f.svc.RecordStatus(ctx, batch); err != nil {
				t.Fatal(err)
			}

			got, err := db.Collect(ctx, f.db, func(sc db.Scanner) (struct {
				id string
				row
			}, error) {
				var r struct {
					id string
					row
				}
				var connected int
				err := sc.Scan(&r.id, &connected, &r.connection, &r.ack, &r.hash, &r.hashAckedAt)
				r.connected = connected == 1
				return r, err
			}, `SELECT id, connected, connection_id, last_connection_ack, acked_hash, acked_at FROM displays WHERE franchise_id = 'f1'`)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tvs) {
				t.Fatalf("%d TVs", len(got))
			}
			for _, r := range got {
				if r.row != want[r.id] {
					t.Errorf("%s: %+v, want %+v", r.id, r.row, want[r.id])
				}
			}
			var written []string
			for i, id := range tvs {
				if i != 7 && i != 12 {
					written = append(written, id)
				}
			}
			f.mu.Lock()
			announced := f.changes
			f.mu.Unlock()
			if len(announced) != 1 || !announced[0].StatusOnly || !slices.Equal(announced[0].Displays, written) {
				t.Fatalf("announced %d changes; want one naming the %d TVs written", len(announced), len(written))
			}
		})
	}
}

// BenchmarkRecordCloses is the status batch of 10,000 players closing
// together (a replica stopping, or the players' end of a load run), a few
// hundred TVs a statement; each round opens them all again first, untimed
// (go test -run '^$' -bench RecordCloses ./internal/display/).
func BenchmarkRecordCloses(b *testing.B) {
	for _, engine := range testutil.Engines() {
		b.Run(engine, func(b *testing.B) {
			f := newFixtureOn(b, engine)
			ctx := context.Background()
			now := f.clock.Now().UnixMilli()
			tvs := f.addTVs(b, 10000)
			opened := make([]display.Status, len(tvs))
			closes := make([]display.Status, len(tvs))
			for i, id := range tvs {
				opened[i] = display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: fmt.Sprint("c", i), Online: true, Ack: now}
				closes[i] = display.Status{DisplayID: id, FranchiseID: "f1", ConnectionID: fmt.Sprint("c", i), Online: false, Ack: now + 1, Hash: "h", HashAcked: i%2 == 0}
			}
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				if err := f.svc.RecordStatus(ctx, opened); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if err := f.svc.RecordStatus(ctx, closes); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRecordAckedHashes is the status batch that follows a push to
// 2,000 TVs: every player acks the new hash, 500 TVs a statement in the
// batch's transaction (go test -run '^$' -bench RecordAckedHashes ./internal/display/).
func BenchmarkRecordAckedHashes(b *testing.B) {
	for _, engine := range testutil.Engines() {
		b.Run(engine, func(b *testing.B) {
			f := newFixtureOn(b, engine)
			ctx := context.Background()
			now := f.clock.Now().UnixMilli()
			const letters = "ACDEFHJKMNPRTUVWXY3479"
			var batch []display.Status
			for i := range 2000 {
				code := string([]byte{'A', letters[i/(len(letters)*len(letters))], 'D', letters[i/len(letters)%len(letters)], letters[i%len(letters)], 'F'})
				if _, err := f.db.ExecContext(ctx, `INSERT INTO devices (code, created_at, last_seen_at) VALUES (?, ?, ?)`, code, now, now); err != nil {
					b.Fatal(err)
				}
				name := fmt.Sprintf("TV %04d", i)
				d, err := f.svc.Create(ctx, f.t, "loja-a", display.Input{Name: &name, Device: &code})
				if err != nil {
					b.Fatal(err)
				}
				batch = append(batch, display.Status{DisplayID: d.ID, FranchiseID: "f1", ConnectionID: fmt.Sprint("c", i), Online: true, Ack: now})
			}
			b.ResetTimer()
			for n := range b.N {
				for i := range batch {
					batch[i].Hash, batch[i].HashAcked = fmt.Sprint("h", n), true
				}
				if err := f.svc.RecordStatus(ctx, batch); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
