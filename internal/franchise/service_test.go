package franchise_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/names"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

func ptr[T any](v T) *T { return &v }

// newService is the franchise rules on a fresh database, with one user who
// creates the groups.
func newService(t *testing.T, engine string) (*franchise.Service, string) {
	t.Helper()
	_, s, user := newServiceDB(t, engine)
	return s, user
}

// newServiceDB is newService with its database.
func newServiceDB(t *testing.T, engine string) (*db.DB, *franchise.Service, string) {
	t.Helper()
	d := testutil.NewDB(t, engine)
	const user = "user-1"
	if _, err := d.ExecContext(context.Background(), `
		INSERT INTO users (id, email, name, password_hash, created_at, updated_at)
		VALUES (?, 'ana@example.com', 'Ana', 'x', 0, 0)`, user); err != nil {
		t.Fatal(err)
	}
	clock := testutil.NewClock(time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC))
	return d, franchise.NewService(d, clock.Now), user
}

func create(t *testing.T, s *franchise.Service, user, name string) franchise.Franchise {
	t.Helper()
	f, err := s.Create(context.Background(), user, franchise.Input{Name: ptr(name)})
	if err != nil {
		t.Fatalf("create %q: %v", name, err)
	}
	return f
}

// idOf is the id of the group with slug (the API shows no id).
func idOf(t *testing.T, s *franchise.Service, slug string) string {
	t.Helper()
	ref, err := s.BySlug(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	return ref.ID
}

func TestAGroupIsCreatedWithItsNameSlugAndCreator(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		s, user := newService(t, engine)
		ctx := context.Background()
		f := create(t, s, user, "  Lojas Ção  ")
		if f.Name != "Lojas Ção" || f.Slug != "lojas-cao" {
			t.Errorf("name %q slug %q, want the trimmed name and lojas-cao", f.Name, f.Slug)
		}
		if f.TimeZone != "America/Sao_Paulo" {
			t.Errorf("time zone %q, want America/Sao_Paulo by default", f.TimeZone)
		}
		mine, err := s.ListForUser(ctx, user)
		if err != nil || len(mine) != 1 || mine[0].Slug != "lojas-cao" {
			t.Fatalf("the creator's groups: %v, %v", mine, err)
		}
		if f := create(t, s, user, "!!!"); f.Slug != "grupo" {
			t.Errorf("a name without letters gives slug %q, want grupo", f.Slug)
		}
	})
}

func TestSlugsStayUniqueAndDoNotFollowRenames(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		s, user := newService(t, engine)
		ctx := context.Background()
		create(t, s, user, "Rede Sul")
		second := create(t, s, user, "Rede-Sul!") // another name, the same slug
		if second.Slug != "rede-sul-2" {
			t.Fatalf("second slug %q, want rede-sul-2", second.Slug)
		}
		renamed, err := s.Update(ctx, idOf(t, s, "rede-sul-2"), franchise.Input{Name: ptr("Rede Norte")})
		if err != nil {
			t.Fatal(err)
		}
		if renamed.Name != "Rede Norte" || renamed.Slug != "rede-sul-2" {
			t.Errorf("after rename: name %q slug %q; the slug must stay", renamed.Name, renamed.Slug)
		}
	})
}

func TestAGroupNameIsUsedOnce(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		s, user := newService(t, engine)
		ctx := context.Background()
		create(t, s, user, "Rede Ção")
		for _, same := range []string{"rede cao", "REDE  ÇÃO", " Rede Ção "} {
			if _, err := s.Create(ctx, user, franchise.Input{Name: ptr(same)}); !fault.Same(err, franchise.ErrNameTaken) {
				t.Errorf("create %q: %v, want ErrNameTaken", same, err)
			}
		}
		create(t, s, user, "Outra Rede")
		id := idOf(t, s, "outra-rede")
		if _, err := s.Update(ctx, id, franchise.Input{Name: ptr("rede cao")}); !fault.Same(err, franchise.ErrNameTaken) {
			t.Errorf("renaming onto another group's name: %v, want ErrNameTaken", err)
		}
		// The same name written differently is still the group's own.
		if f, err := s.Update(ctx, id, franchise.Input{Name: ptr("OUTRA rede")}); err != nil || f.Name != "OUTRA rede" {
			t.Errorf("recasing its own name: %v, %v", f.Name, err)
		}
	})
}

func TestGroupFieldsAreChecked(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		s, user := newService(t, engine)
		ctx := context.Background()
		create(t, s, user, "Rede")
		id := idOf(t, s, "rede")
		cases := []struct {
			name string
			in   franchise.Input
			want error
			msg  string // the fault's own message, when it has one
		}{
			{"no name on creation", franchise.Input{}, fault.ErrNameRequired, ""},
			{"a blank name", franchise.Input{Name: ptr("   ")}, fault.ErrNameRequired, ""},
			{"a name past the limit", franchise.Input{Name: ptr(strings.Repeat("a", names.MaxLen+1))}, names.ErrTooLong, "O nome pode ter no máximo 120 caracteres."},
			{"a CNPJ with wrong check digits", franchise.Input{Name: ptr("G1"), Document: ptr("11.222.333/0001-00")}, franchise.ErrDocumentInvalid, ""},
			{"a phone of 9 digits", franchise.Input{Name: ptr("G2"), Phone: ptr("819876543")}, franchise.ErrPhoneInvalid, ""},
			{"an unknown time zone", franchise.Input{Name: ptr("G3"), TimeZone: ptr("America/Atlantida")}, franchise.ErrTimeZone, ""},
			{"the server's own zone", franchise.Input{Name: ptr("G4"), TimeZone: ptr("Local")}, franchise.ErrTimeZone, ""},
			{"a text field past its limit", franchise.Input{Name: ptr("G5"), Number: ptr(strings.Repeat("9", 21))}, nil, "O campo Número pode ter no máximo 20 caracteres."},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				_, err := s.Create(ctx, user, c.in)
				if c.want != nil && !fault.Same(err, c.want) {
					t.Fatalf("create: %v, want %v", err, c.want)
				}
				if c.msg != "" {
					if f, ok := fault.As(err); !ok || f.Msg != c.msg {
						t.Fatalf("create: %v, want the message %q", err, c.msg)
					}
				}
				if c.in.Name == nil {
					return
				}
				// The same rule holds on update, and a refused update changes nothing.
				if _, err := s.Update(ctx, id, c.in); err == nil {
					t.Fatal("update accepted what create refused")
				}
				if f, err := s.Get(ctx, id); err != nil || f.Name != "Rede" {
					t.Fatalf("after a refused update: %q, %v", f.Name, err)
				}
			})
		}
	})
}

func TestACNPJBelongsToOneGroup(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		s, user := newService(t, engine)
		ctx := context.Background()
		const cnpj = "11.222.333/0001-81"
		f, err := s.Create(ctx, user, franchise.Input{Name: ptr("Rede A"), Document: ptr(cnpj)})
		if err != nil {
			t.Fatal(err)
		}
		if f.Document != "11222333000181" {
			t.Errorf("document stored as %q, want bare digits", f.Document)
		}
		if _, err := s.Create(ctx, user, franchise.Input{Name: ptr("Rede B"), Document: ptr("11222333000181")}); !errors.Is(err, franchise.ErrDocumentTaken) {
			t.Fatalf("second group with the CNPJ: %v, want ErrDocumentTaken", err)
		}
		// Removing it from the first frees it for another.
		if f, err := s.Update(ctx, idOf(t, s, "rede-a"), franchise.Input{Document: ptr("")}); err != nil || f.Document != "" {
			t.Fatalf("removing the CNPJ: %q, %v", f.Document, err)
		}
		if _, err := s.Create(ctx, user, franchise.Input{Name: ptr("Rede B"), Document: ptr(cnpj)}); err != nil {
			t.Fatalf("the freed CNPJ: %v", err)
		}
	})
}

// touchedGroup is a database with one group, "rede", of one user: the
// database, the groups' service and the group's id.
func touchedGroup(t *testing.T, engine string) (*db.DB, *franchise.Service, string) {
	t.Helper()
	d, s, user := newServiceDB(t, engine)
	create(t, s, user, "Rede")
	return d, s, idOf(t, s, "rede")
}

func TestTouchBumpsTheRevisionAndAnnouncesTheChange(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		d, s, id := touchedGroup(t, engine)
		ctx := context.Background()
		bus := change.NewBus()
		var heard []change.Change
		defer bus.Subscribe(func(c change.Change) { heard = append(heard, c) })()
		changes := franchise.NewChanges(bus)
		before, err := s.Revision(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if err := changes.Touch(ctx, d, change.Change{FranchiseID: id, Schedules: []string{"s1"}}); err != nil {
			t.Fatal(err)
		}
		after, err := s.Revision(ctx, id)
		if err != nil || after != before+1 {
			t.Fatalf("revision %d -> %d (%v), want one more", before, after, err)
		}
		if len(heard) != 1 || heard[0].Revision != after || heard[0].Schedules[0] != "s1" {
			t.Fatalf("heard %+v, want the change at revision %d", heard, after)
		}
		if err := changes.Touch(ctx, d, change.Change{FranchiseID: "nobody"}); !errors.Is(err, franchise.ErrNotFound) {
			t.Fatalf("touching an unknown group: %v, want ErrNotFound", err)
		}
	})
}

// The group's counts of stores and TVs move by what a counting touch says,
// are read again by a counted touch (a store's removal, whose TVs go with
// it), and are left alone by any other touch.
func TestOnlyACountedTouchRecountsStoresAndTVs(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		d, s, id := touchedGroup(t, engine)
		ctx := context.Background()
		changes := franchise.NewChanges(change.NewBus())
		counts := func() (int, int) {
			t.Helper()
			f, err := s.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return f.Stores, f.Displays
		}
		// A store and a TV written behind the services' back.
		for _, q := range []string{
			`INSERT INTO stores (id, franchise_id, slug, name, name_key, region, state, city, social, document, tag, phone, time_zone, created_at, updated_at)
			 VALUES ('s1', ?, 'loja', 'Loja', 'loja', '', '', '', '', '', '', '', '', 0, 0)`,
			`INSERT INTO displays (id, franchise_id, store_id, name, name_key, device, detail, orientation, created_at, updated_at)
			 VALUES ('d1', ?, 's1', 'TV', 'tv', '', '', 0, 0, 0)`,
		} {
			if _, err := d.ExecContext(ctx, q, id); err != nil {
				t.Fatal(err)
			}
		}
		if err := changes.Touch(ctx, d, change.Change{FranchiseID: id, Schedules: []string{"s"}}); err != nil {
			t.Fatal(err)
		}
		if stores, tvs := counts(); stores != 0 || tvs != 0 {
			t.Fatalf("after a schedule's touch: %d stores, %d TVs, want the counts as they were (0, 0)", stores, tvs)
		}
		if err := changes.TouchCounting(ctx, d, change.Change{FranchiseID: id, Displays: []string{"d9"}}, 2, 3); err != nil {
			t.Fatal(err)
		}
		if stores, tvs := counts(); stores != 2 || tvs != 3 {
			t.Fatalf("after a touch adding 2 stores and 3 TVs: %d stores, %d TVs, want 2, 3", stores, tvs)
		}
		if err := changes.TouchCounting(ctx, d, change.Change{FranchiseID: id, Displays: []string{"d9"}}, 0, -1); err != nil {
			t.Fatal(err)
		}
		if stores, tvs := counts(); stores != 2 || tvs != 2 {
			t.Fatalf("after a touch removing a TV: %d stores, %d TVs, want 2, 2", stores, tvs)
		}
		if err := changes.TouchCounted(ctx, d, change.Change{FranchiseID: id, Stores: []string{"s1"}}); err != nil {
			t.Fatal(err)
		}
		if stores, tvs := counts(); stores != 1 || tvs != 1 {
			t.Fatalf("after a counted touch: %d stores, %d TVs, want them read again (1, 1)", stores, tvs)
		}
	})
}

// The creator of a group is a network member of it who manages its team.
func TestTheCreatorRunsTheGroupsTeam(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		d := testutil.NewDB(t, engine)
		ctx := context.Background()
		if _, err := d.ExecContext(ctx, `
			INSERT INTO users (id, email, name, password_hash, created_at, updated_at)
			VALUES ('u1', 'ana@example.com', 'Ana', 'x', 0, 0)`); err != nil {
			t.Fatal(err)
		}
		s := franchise.NewService(d, testutil.NewClock(time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)).Now)
		f := create(t, s, "u1", "Rede Nova")
		mine, err := franchise.Memberships(ctx, d, "u1")
		if err != nil {
			t.Fatal(err)
		}
		m := mine[f.Slug]
		if m.Role != tenant.Network || !m.ManageTeam || !m.ApproveContent || len(m.Stores) != 0 {
			t.Errorf("the creator's membership: %+v, want network with the team and the approvals", m)
		}
	})
}

// The members reaching a store are the network and the franchisees and
// store managers of that store, not those of another.
func TestMembersReachingAStore(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		d := testutil.NewDB(t, engine)
		ctx := context.Background()
		for _, q := range []string{
			`INSERT INTO users (id, email, name, password_hash, created_at, updated_at) VALUES
				('rede', 'r@x.com', 'R', 'x', 0, 0), ('fa', 'fa@x.com', 'FA', 'x', 0, 0), ('gb', 'gb@x.com', 'GB', 'x', 0, 0)`,
			`INSERT INTO franchises (id, slug, name, created_at, updated_at) VALUES ('f1', 'f1', 'Um', 0, 0)`,
			`INSERT INTO stores (id, franchise_id, slug, name, region, state, city, created_at, updated_at) VALUES
				('sa', 'f1', 'a', 'A', 'Sudeste', 'SP', 'São Paulo', 0, 0), ('sb', 'f1', 'b', 'B', 'Sudeste', 'SP', 'São Paulo', 0, 0)`,
			`INSERT INTO user_franchises (user_id, franchise_id, created_at, role) VALUES
				('rede', 'f1', 0, 'network'), ('fa', 'f1', 0, 'franchisee'), ('gb', 'f1', 0, 'store')`,
			`INSERT INTO membership_stores (user_id, franchise_id, store_id) VALUES ('fa', 'f1', 'sa'), ('gb', 'f1', 'sb')`,
		} {
			if _, err := d.ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		for store, want := range map[string][]string{"sa": {"fa", "rede"}, "sb": {"gb", "rede"}} {
			got, err := franchise.MembersReaching(ctx, d, "f1", store)
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("members reaching %s: %v %v, want %v", store, got, err, want)
			}
		}
		fa, err := franchise.Memberships(ctx, d, "fa")
		if err != nil || fa["f1"].Role != tenant.Franchisee || !slices.Equal(fa["f1"].StoreSlugs, []string{"a"}) || fa["f1"].ManageTeam {
			t.Errorf("the franchisee's membership: %+v %v", fa["f1"], err)
		}
	})
}

// 'Aprovar conteúdo' is kept for the network only: a franchisee set with it
// holds nothing; the team list and the memberships carry it.
func TestApproveContentIsTheNetworks(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		d := testutil.NewDB(t, engine)
		ctx := context.Background()
		for _, q := range []string{
			`INSERT INTO users (id, email, name, password_hash, created_at, updated_at) VALUES
				('rede', 'r@x.com', 'R', 'x', 0, 0), ('fa', 'fa@x.com', 'FA', 'x', 0, 0)`,
			`INSERT INTO franchises (id, slug, name, created_at, updated_at) VALUES ('f1', 'f1', 'Um', 0, 0)`,
			`INSERT INTO stores (id, franchise_id, slug, name, region, state, city, created_at, updated_at) VALUES
				('sa', 'f1', 'a', 'A', 'Sudeste', 'SP', 'São Paulo', 0, 0)`,
		} {
			if _, err := d.ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		if err := franchise.SetMember(ctx, d, "rede", "f1", tenant.Network, false, true, nil, 1); err != nil {
			t.Fatal(err)
		}
		if err := franchise.SetMember(ctx, d, "fa", "f1", tenant.Franchisee, true, true, []string{"sa"}, 2); err != nil {
			t.Fatal(err)
		}
		members, err := franchise.Members(ctx, d, "f1")
		if err != nil || len(members) != 2 {
			t.Fatalf("members %+v %v", members, err)
		}
		if m := members[0]; m.UserID != "rede" || !m.ApproveContent || m.ManageTeam {
			t.Errorf("the network member %+v", m)
		}
		if m := members[1]; m.UserID != "fa" || m.ApproveContent || m.ManageTeam {
			t.Errorf("the franchisee %+v", m)
		}
		var stored int
		if err := d.QueryRowContext(ctx, `SELECT approve_content FROM user_franchises WHERE user_id = 'fa'`).Scan(&stored); err != nil || stored != 0 {
			t.Errorf("the franchisee's stored permission %d %v", stored, err)
		}
		mine, err := franchise.Memberships(ctx, d, "rede")
		if err != nil || !mine["f1"].ApproveContent {
			t.Errorf("the network member's membership %+v %v", mine["f1"], err)
		}
		// Changed again without it, the network member loses it.
		if err := franchise.SetMember(ctx, d, "rede", "f1", tenant.Network, false, false, nil, 3); err != nil {
			t.Fatal(err)
		}
		if mine, _ = franchise.Memberships(ctx, d, "rede"); mine["f1"].ApproveContent {
			t.Error("the permission stayed")
		}
	})
}

// 'Publicar conteúdo local sem aprovação' starts off, is set on update
// (absent, it keeps its value), and is read by the group's readers and
// by LocalWithoutApproval.
func TestLocalWithoutApprovalIsAGroupSetting(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		d := testutil.NewDB(t, engine)
		ctx := context.Background()
		const user = "u1"
		if _, err := d.ExecContext(ctx, `
			INSERT INTO users (id, email, name, password_hash, created_at, updated_at)
			VALUES ('u1', 'ana@example.com', 'Ana', 'x', 0, 0)`); err != nil {
			t.Fatal(err)
		}
		s := franchise.NewService(d, testutil.NewClock(time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)).Now)
		f := create(t, s, user, "Rede Local")
		id := idOf(t, s, f.Slug)
		if f.LocalWithoutApproval {
			t.Fatal("a new group starts with the setting on")
		}
		got, err := s.Update(ctx, id, franchise.Input{LocalWithoutApproval: ptr(true)})
		if err != nil || !got.LocalWithoutApproval {
			t.Fatalf("update: %+v %v", got, err)
		}
		got, err = s.Update(ctx, id, franchise.Input{City: ptr("Campinas")})
		if err != nil || !got.LocalWithoutApproval || got.City != "Campinas" {
			t.Fatalf("another field's update: %+v %v", got, err)
		}
		list, err := s.ListForUser(ctx, user)
		if err != nil || len(list) != 1 || !list[0].LocalWithoutApproval {
			t.Fatalf("the list %+v %v", list, err)
		}
		if on, err := franchise.LocalWithoutApproval(ctx, d, id); err != nil || !on {
			t.Fatalf("LocalWithoutApproval = %v %v", on, err)
		}
	})
}
