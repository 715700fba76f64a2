package schedule_test

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/media"
	"vitrine/internal/names"
	"vitrine/internal/playback"
	"vitrine/internal/schedule"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

func ptr[T any](v T) *T { return &v }

// library stands in for the media domain: the franchise's media by id.
type library struct {
	mu    sync.Mutex
	media map[string]media.Media
}

func (l *library) ByIDs(_ context.Context, _ tenant.Tenant, ids []string) (map[string]media.Media, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[string]media.Media{}
	for _, id := range ids {
		if m, ok := l.media[id]; ok {
			out[id] = m
		}
	}
	return out, nil
}

func (l *library) remove(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.media, id)
}

type fixture struct {
	d       *db.DB
	s       *schedule.Service
	lib     *library
	clock   *testutil.Clock
	t       tenant.Tenant
	other   tenant.Tenant
	mu      sync.Mutex
	changes []change.Change
}

// start is when every fixture's clock starts: a Monday, 09:00 in São Paulo.
var start = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

// newFixture is the schedule rules on a fresh database with two groups, a
// library of three media (two images, a 30 s video), and what the
// schedules announce recorded.
func newFixture(t *testing.T, engine string) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{d: testutil.NewDB(t, engine), clock: testutil.NewClock(start)}
	if _, err := f.d.ExecContext(ctx, `
		INSERT INTO users (id, email, name, password_hash, created_at, updated_at)
		VALUES ('u', 'ana@example.com', 'Ana', 'x', 0, 0)`); err != nil {
		t.Fatal(err)
	}
	groups := franchise.NewService(f.d, f.clock.Now)
	for _, g := range []struct {
		name string
		into *tenant.Tenant
	}{{"Rede", &f.t}, {"Outra Rede", &f.other}} {
		created, err := groups.Create(ctx, "u", franchise.Input{Name: ptr(g.name)})
		if err != nil {
			t.Fatal(err)
		}
		ref, err := groups.BySlug(ctx, created.Slug)
		if err != nil {
			t.Fatal(err)
		}
		*g.into = tenant.Tenant{Franchise: ref, UserID: "u"}
	}
	f.lib = &library{media: map[string]media.Media{
		"img1": {ID: "img1", Name: "Promoção", Type: media.Image, URL: "/files/img1.png"},
		"img2": {ID: "img2", Name: "Cardápio", Type: media.Image, URL: "/files/img2.png"},
		"vid":  {ID: "vid", Name: "Vídeo", Type: media.Video, URL: "/files/vid.mp4", DisplayTime: 30, Duration: 30},
	}}
	bus := change.NewBus()
	t.Cleanup(bus.Subscribe(func(c change.Change) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.changes = append(f.changes, c)
	}))
	f.s = schedule.NewService(f.d, f.clock.Now, franchise.NewChanges(bus), f.lib)
	return f
}

// announced is the schedules named by the changes since the last call.
func (f *fixture) announced() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, c := range f.changes {
		out = append(out, c.Schedules...)
	}
	f.changes = nil
	return out
}

func entries(ids ...string) *[]schedule.EntryInput {
	out := []schedule.EntryInput{}
	for _, id := range ids {
		out = append(out, schedule.EntryInput{ID: id})
	}
	return &out
}

func slot(id string, positions, seconds float64, fallback string) schedule.EntryInput {
	return schedule.EntryInput{ID: id, IsAd: true, AdSlots: &positions, AdTime: &seconds, AdFallbackMediaID: fallback}
}

func (f *fixture) create(t *testing.T, name string, media *[]schedule.EntryInput) schedule.Schedule {
	t.Helper()
	sc, err := f.s.Create(context.Background(), f.t, schedule.Input{Name: ptr(name), Media: media})
	if err != nil {
		t.Fatalf("create %q: %v", name, err)
	}
	return sc
}

func TestASchedulesNameAndTagsAreChecked(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		ctx := context.Background()
		tooManyTags := make([]string, schedule.MaxTags+1)
		for i := range tooManyTags {
			tooManyTags[i] = "t" + strings.Repeat("x", i)
		}
		cases := []struct {
			name string
			in   schedule.Input
			want error
		}{
			{"no name", schedule.Input{}, schedule.ErrNameRequired},
			{"a blank name", schedule.Input{Name: ptr("  ")}, schedule.ErrNameRequired},
			{"a name past the limit", schedule.Input{Name: ptr(strings.Repeat("é", names.MaxLen+1))}, names.ErrTooLong},
			{"a tag past 60 characters", schedule.Input{Name: ptr("P"), Tags: ptr([]string{strings.Repeat("t", 61)})}, fault.Invalidf("Uma tag pode ter no máximo 60 caracteres.")},
			{"too many tags", schedule.Input{Name: ptr("P"), Tags: &tooManyTags}, fault.Invalidf("Uma programação pode ter no máximo %d tags.", schedule.MaxTags)},
			{"an entry without an id", schedule.Input{Name: ptr("P"), Media: entries("img1", " ")}, schedule.ErrEntryWithoutID},
			{"a media of no library", schedule.Input{Name: ptr("P"), Media: entries("nope")}, schedule.ErrMediaNotFound},
			{"a slot without positions", schedule.Input{Name: ptr("P"), Media: &[]schedule.EntryInput{{IsAd: true, AdTime: ptr(10.0)}}}, schedule.ErrSlotWithout},
			{"a slot falling back on no media", schedule.Input{Name: ptr("P"), Media: &[]schedule.EntryInput{slot("", 1, 10, "nope")}}, schedule.ErrMediaNotFound},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				if _, err := f.s.Create(ctx, f.t, c.in); !fault.Same(err, c.want) {
					t.Fatalf("%v, want %v", err, c.want)
				}
			})
		}
		if list, err := f.s.List(ctx, f.t); err != nil || len(list) != 0 {
			t.Fatalf("refused schedules were kept: %v, %v", list, err)
		}
		sc, err := f.s.Create(ctx, f.t, schedule.Input{Name: ptr(" Manhã "), Tags: ptr([]string{" loja ", "", "loja", "verão"})})
		if err != nil {
			t.Fatal(err)
		}
		if sc.Name != "Manhã" || !slices.Equal(sc.Tags, []string{"loja", "verão"}) {
			t.Errorf("name %q tags %q: want trimmed, blank and repeated tags dropped", sc.Name, sc.Tags)
		}
	})
}

func TestEntriesAreStoredWithTheirDefaultsAndTheLengthOfAPass(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		sc := f.create(t, "Dia", &[]schedule.EntryInput{{ID: "img1"}, {ID: "vid"}, slot("", 3, 15, "img2")})
		if len(sc.Media) != 3 {
			t.Fatalf("entries %+v", sc.Media)
		}
		img, vid, ad := sc.Media[0], sc.Media[1], sc.Media[2]
		if img.Name != "Promoção" || img.DisplayTime != schedule.DefaultDuration || img.Dok != schedule.AllDays || !img.Enabled {
			t.Errorf("image entry %+v: want the library's name, 10 s, every day, enabled", img)
		}
		if vid.DisplayTime != 30 {
			t.Errorf("video entry plays %d s, want its 30 s", vid.DisplayTime)
		}
		if !ad.IsAd || ad.ID == "" || ad.DisplayTime != 45 || ad.AdFallbackMediaID != "img2" {
			t.Errorf("slot %+v: want an id of its own and 3 × 15 s", ad)
		}
		if sc.Duration != 10+30+45 {
			t.Errorf("a pass lasts %d s, want 85", sc.Duration)
		}
		if got := f.announced(); !slices.Equal(got, []string{sc.ID}) {
			t.Errorf("announced %v, want the new schedule", got)
		}
	})
}

func TestAnEditBasedOnAnOldVersionIsRefused(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		ctx := context.Background()
		sc := f.create(t, "Dia", entries("img1"))
		renamed, err := f.s.Update(ctx, f.t, sc.ID, schedule.Input{Name: ptr("Noite"), Hash: ptr(sc.Hash)})
		if err != nil {
			t.Fatal(err)
		}
		if renamed.Hash != sc.Hash {
			t.Error("a rename changed the hash, which tells what screens play")
		}
		changed, err := f.s.Update(ctx, f.t, sc.ID, schedule.Input{Media: entries("img2", "img1"), Hash: ptr(sc.Hash)})
		if err != nil {
			t.Fatal(err)
		}
		if changed.Hash == sc.Hash {
			t.Fatal("new entries kept the hash")
		}
		// A second editor who loaded the first version.
		if _, err := f.s.Update(ctx, f.t, sc.ID, schedule.Input{Media: entries("vid"), Hash: ptr(sc.Hash)}); !fault.Same(err, schedule.ErrStale) {
			t.Fatalf("stale edit: %v, want ErrStale", err)
		}
		if _, err := f.s.RemoveEntry(ctx, f.t, sc.ID, 0, sc.Hash); !fault.Same(err, schedule.ErrStale) {
			t.Fatalf("stale removal: %v, want ErrStale", err)
		}
		got, err := f.s.Get(ctx, f.t, sc.ID, false)
		if err != nil || got.Hash != changed.Hash || len(got.Media) != 2 || got.Name != "Noite" {
			t.Fatalf("after refused edits: %+v, %v", got, err)
		}
	})
}

func TestRemovingAndAddingEntries(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		ctx := context.Background()
		sc := f.create(t, "Dia", entries("img1", "img2", "vid"))
		for _, i := range []int{-1, 3} {
			if _, err := f.s.RemoveEntry(ctx, f.t, sc.ID, i, ""); !fault.Same(err, schedule.ErrIndex) {
				t.Errorf("index %d: %v, want ErrIndex", i, err)
			}
		}
		after, err := f.s.RemoveEntry(ctx, f.t, sc.ID, 1, sc.Hash)
		if err != nil {
			t.Fatal(err)
		}
		if ids := []string{after.Media[0].ID, after.Media[1].ID}; len(after.Media) != 2 || !slices.Equal(ids, []string{"img1", "vid"}) {
			t.Fatalf("after removing the second: %v", ids)
		}
		if _, err := f.s.AddSlot(ctx, f.t, sc.ID, schedule.SlotInput{}); !fault.Same(err, schedule.ErrSlotCount) {
			t.Fatalf("a slot without quantity: %v", err)
		}
		if _, err := f.s.AddSlot(ctx, f.t, sc.ID, schedule.SlotInput{Quantity: ptr(2.0), Duration: ptr(3601.0)}); !fault.Same(err, schedule.ErrSlotTime) {
			t.Fatalf("a slot of 3601 s: %v", err)
		}
		withSlot, err := f.s.AddSlot(ctx, f.t, sc.ID, schedule.SlotInput{Quantity: ptr(2.0)})
		if err != nil {
			t.Fatal(err)
		}
		first := withSlot.Media[0]
		if !first.IsAd || first.AdSlots != 2 || first.AdTime != schedule.DefaultDuration || len(withSlot.Media) != 3 {
			t.Fatalf("the new slot goes first with 10 s positions: %+v", withSlot.Media)
		}
	})
}

func TestDuplicateDeleteAndTheGroupsBoundary(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		ctx := context.Background()
		sc := f.create(t, "Dia", entries("img1", "vid"))
		if _, err := f.s.Get(ctx, f.other, sc.ID, false); !errors.Is(err, schedule.ErrNotFound) {
			t.Fatalf("another group reads it: %v", err)
		}
		if err := f.s.Delete(ctx, f.other, sc.ID); !errors.Is(err, schedule.ErrNotFound) {
			t.Fatalf("another group deletes it: %v", err)
		}
		if _, err := f.s.Duplicate(ctx, f.t, sc.ID, " "); !fault.Same(err, schedule.ErrNameRequired) {
			t.Fatalf("a copy without a name: %v", err)
		}
		dup, err := f.s.Duplicate(ctx, f.t, sc.ID, "Dia (cópia)")
		if err != nil {
			t.Fatal(err)
		}
		if dup.ID == sc.ID || dup.Hash != sc.Hash || dup.Name != "Dia (cópia)" {
			t.Errorf("dup %+v: want a new id, the same content", dup)
		}
		f.announced()
		if err := f.s.Delete(ctx, f.t, sc.ID); err != nil {
			t.Fatal(err)
		}
		if got := f.announced(); !slices.Equal(got, []string{sc.ID}) {
			t.Errorf("delete announced %v", got)
		}
		if _, err := f.s.Get(ctx, f.t, sc.ID, false); !errors.Is(err, schedule.ErrNotFound) {
			t.Fatalf("deleted schedule: %v", err)
		}
		if c, err := f.s.Get(ctx, f.t, dup.ID, true); err != nil || len(c.Media) != 2 || c.Media[0].URL != "/files/img1.png" {
			t.Fatalf("the copy outlives the original, with addresses: %+v, %v", c, err)
		}
	})
}

func TestSchedulesAreListedInReadingOrder(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		for _, n := range []string{"TV 10", "tv 2", "Ótica", "TV 1"} {
			f.create(t, n, nil)
		}
		if _, err := f.s.Create(context.Background(), f.other, schedule.Input{Name: ptr("Alheia")}); err != nil {
			t.Fatal(err)
		}
		list, err := f.s.List(context.Background(), f.t)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range list {
			got = append(got, s.Name)
		}
		if want := []string{"Ótica", "TV 1", "tv 2", "TV 10"}; !slices.Equal(got, want) {
			t.Errorf("order %q, want %q", got, want)
		}
	})
}

// guard records what the schedules ask before dropping or shortening ad
// slots, and refuses when told to.
type guard struct {
	dropped, shortened []map[string]int
	refuse             error
}

func (g *guard) SlotsChanging(_ context.Context, _ db.Querier, _, _ string, dropped map[string]int) error {
	g.dropped = append(g.dropped, maps.Clone(dropped))
	return g.refuse
}

func (g *guard) SlotsShortening(_ context.Context, _ db.Querier, _, _ string, shortened map[string]int) error {
	g.shortened = append(g.shortened, maps.Clone(shortened))
	return g.refuse
}

func TestSlotGuardsAreAskedBeforeSoldPositionsGo(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		ctx := context.Background()
		g := &guard{}
		f.s.Guards = g
		sc := f.create(t, "Dia", &[]schedule.EntryInput{slot("s1", 3, 15, ""), {ID: "img1"}})
		save := func(positions, seconds float64) error {
			_, err := f.s.Update(ctx, f.t, sc.ID, schedule.Input{Media: &[]schedule.EntryInput{slot("s1", positions, seconds, ""), {ID: "img1"}}})
			return err
		}
		if err := save(5, 20); err != nil || len(g.dropped)+len(g.shortened) != 0 {
			t.Fatalf("growing a slot asked the guards: %v %v %v", err, g.dropped, g.shortened)
		}
		if err := save(2, 20); err != nil || len(g.dropped) != 1 || g.dropped[0]["s1"] != 2 {
			t.Fatalf("5 -> 2 positions: %v, asked %v; want s1 keeping 2", err, g.dropped)
		}
		if err := save(2, 12); err != nil || len(g.shortened) != 1 || g.shortened[0]["s1"] != 12 {
			t.Fatalf("20 s -> 12 s: %v, asked %v; want s1 at 12 s", err, g.shortened)
		}
		if err := save(1, 12); err != nil || len(g.dropped) != 2 || g.dropped[1]["s1"] != 1 {
			t.Fatalf("one position fewer: %v, asked %v; want s1 keeping 1", err, g.dropped)
		}
		g.refuse = fault.WithMsg(fault.Conflict, 1003, "Há anúncios vendidos nesta vaga.")
		if _, err := f.s.Update(ctx, f.t, sc.ID, schedule.Input{Media: entries("img1")}); !fault.Same(err, g.refuse) {
			t.Fatalf("removing a sold slot: %v, want the guard's refusal", err)
		}
		if last := g.dropped[len(g.dropped)-1]; last["s1"] != 0 {
			t.Fatalf("removing the slot asked %v, want s1 keeping 0", last)
		}
		if err := f.s.Delete(ctx, f.t, sc.ID); !fault.Same(err, g.refuse) {
			t.Fatalf("deleting a schedule with a sold slot: %v", err)
		}
		got, err := f.s.Get(ctx, f.t, sc.ID, false)
		if err != nil || len(got.Media) != 2 || got.Media[0].AdSlots != 1 || got.Media[0].AdTime != 12 {
			t.Fatalf("refused changes were kept: %+v, %v", got.Media, err)
		}
	})
}

func TestWhatTheLibraryLearnsAndWhatItsChangesDo(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		ctx := context.Background()
		b := f.create(t, "B", &[]schedule.EntryInput{{ID: "img1"}, slot("s1", 1, 10, "img2")})
		a := f.create(t, "a", entries("img1", "vid"))
		used, err := f.s.SchedulesUsing(ctx, f.d, f.t.ID, []string{"img1", "img2", "vid"})
		if err != nil {
			t.Fatal(err)
		}
		if refs := used["img1"]; len(refs) != 2 || refs[0].ID != a.ID || refs[1].ID != b.ID {
			t.Errorf("img1 used by %+v, want a then B", refs)
		}
		if refs := used["img2"]; len(refs) != 1 || refs[0].ID != b.ID {
			t.Errorf("a slot's fallback counts as a use: %+v", refs)
		}
		if other, err := f.s.SchedulesUsing(ctx, f.d, f.other.ID, []string{"img1"}); err != nil || len(other) != 0 {
			t.Errorf("another group uses %+v, %v", other, err)
		}

		f.announced()
		if err := f.s.MediaChanged(ctx, f.d, f.t.ID, []string{"vid"}); err != nil {
			t.Fatal(err)
		}
		if got := f.announced(); !slices.Equal(got, []string{a.ID}) {
			t.Errorf("a changed video announced %v, want only the schedule playing it", got)
		}

		f.clock.Advance(time.Minute)
		if err := f.s.DetachMedia(ctx, f.d, f.t.ID, []string{"img1", "img2"}); err != nil {
			t.Fatal(err)
		}
		gotB, err := f.s.Get(ctx, f.t, b.ID, false)
		if err != nil {
			t.Fatal(err)
		}
		if len(gotB.Media) != 1 || !gotB.Media[0].IsAd || gotB.Media[0].AdFallbackMediaID != "" {
			t.Errorf("B after the delete: %+v; want the slot kept, falling back on nothing", gotB.Media)
		}
		if gotB.Hash == b.Hash || gotB.UpdatedAt != start.Add(time.Minute).UnixMilli() {
			t.Error("detaching media must change the hash and the time of the last change")
		}
		if got := f.announced(); len(got) != 2 {
			t.Errorf("announced %v, want both schedules", got)
		}
	})
}

func TestWhatPlaysNowFollowsTheLoopSinceTheLastChange(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		ctx := context.Background()
		// A 5 s slot nobody bought (its fallback shows), a 10 s image, a 30 s video: 45 s a pass.
		sc := f.create(t, "Dia", &[]schedule.EntryInput{slot("s1", 1, 5, "img2"), {ID: "img1"}, {ID: "vid"}})
		const zone = "America/Sao_Paulo"
		if _, err := f.s.Playing(ctx, f.t, sc.ID, start, "Lua/Crateras", 0, playback.DayAds{}); err == nil {
			t.Fatal("an unknown time zone was accepted")
		}
		at := start.Add(45*time.Second + 7*time.Second) // second pass, in the image
		p, err := f.s.Playing(ctx, f.t, sc.ID, at, zone, 3, playback.DayAds{})
		if err != nil {
			t.Fatal(err)
		}
		if p.Anchor != start.UnixMilli() || p.TimeZone != zone {
			t.Errorf("anchor %d zone %q: the loop starts at the last change", p.Anchor, p.TimeZone)
		}
		if p.Now == nil || p.Now.EntryID != "img1" || p.Now.Start != start.Add(50*time.Second).UnixMilli() || p.Now.End != start.Add(60*time.Second).UnixMilli() {
			t.Fatalf("now %+v, want the image from 50 s to 60 s", p.Now)
		}
		var next []string
		for _, it := range p.Next {
			next = append(next, it.Kind+":"+it.Name)
		}
		if want := []string{"media:Vídeo", "slot:Cardápio", "media:Promoção"}; !slices.Equal(next, want) {
			t.Errorf("next %q, want %q (the unsold position plays the fallback)", next, want)
		}
		if p.Next[1].Position != 1 {
			t.Errorf("the slot's position is %d, want 1", p.Next[1].Position)
		}

		// A media gone from the library is skipped, as the player skips it.
		f.lib.remove("vid")
		p, err = f.s.Playing(ctx, f.t, sc.ID, start.Add(16*time.Second), zone, 2, playback.DayAds{})
		if err != nil {
			t.Fatal(err)
		}
		if p.Now == nil || p.Now.EntryID != "s1" || p.Next[0].EntryID != "img1" {
			t.Fatalf("without the video (15 s a pass), at 16 s: now %+v next %+v; want the slot then the image", p.Now, p.Next)
		}
	})
}

func TestThePlayerReceivesTheEntriesAndTheMediaTheyName(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		ctx := context.Background()
		sc := f.create(t, "Dia", &[]schedule.EntryInput{{ID: "img1"}, slot("s1", 1, 5, "img2"), {ID: "vid"}})
		f.lib.remove("vid")
		ps, err := f.s.ForPlayer(ctx, f.t, sc.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps.Entries) != 3 || ps.Hash != sc.Hash || ps.UpdatedAt != start.UnixMilli() {
			t.Errorf("entries %d hash %q updated %d: want every stored entry and the schedule's hash", len(ps.Entries), ps.Hash, ps.UpdatedAt)
		}
		if got := slices.Sorted(maps.Keys(ps.Media)); !slices.Equal(got, []string{"img1", "img2"}) {
			t.Errorf("media %v: want the image and the slot's fallback, not the deleted video", got)
		}
		if ps.Media["img1"].URL != "/files/img1.png" {
			t.Errorf("media without its address: %+v", ps.Media["img1"])
		}
		if _, err := f.s.ForPlayer(ctx, f.other, sc.ID); !errors.Is(err, schedule.ErrNotFound) {
			t.Errorf("another group's player: %v", err)
		}
	})
}
