package store_test

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
	"vitrine/internal/outbox"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

func ptr[T any](v T) *T { return &v }

type fixture struct {
	d       *db.DB
	stores  *store.Service
	groups  *franchise.Service
	user    string
	changes []change.Change
}

// newFixture is the store rules on a fresh database, with a user, the
// real outbox queue, and what the stores announce recorded.
func newFixture(t *testing.T, engine string) *fixture {
	t.Helper()
	f := &fixture{d: testutil.NewDB(t, engine), user: "user-1"}
	if _, err := f.d.ExecContext(context.Background(), `
		INSERT INTO users (id, email, name, password_hash, created_at, updated_at)
		VALUES (?, 'ana@example.com', 'Ana', 'x', 0, 0)`, f.user); err != nil {
		t.Fatal(err)
	}
	clock := testutil.NewClock(time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC))
	bus := change.NewBus()
	t.Cleanup(bus.Subscribe(func(c change.Change) { f.changes = append(f.changes, c) }))
	f.groups = franchise.NewService(f.d, clock.Now)
	f.stores = store.NewService(f.d, clock.Now, outbox.Enqueue, franchise.NewChanges(bus))
	return f
}

// group creates a franchise and returns it as a tenant.
func (f *fixture) group(t *testing.T, name string) tenant.Tenant {
	t.Helper()
	ctx := context.Background()
	g, err := f.groups.Create(ctx, f.user, franchise.Input{Name: ptr(name)})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := f.groups.BySlug(ctx, g.Slug)
	if err != nil {
		t.Fatal(err)
	}
	return tenant.Tenant{Franchise: ref, UserID: f.user}
}

func storeInput(name string, contacts ...store.ContactInput) store.Input {
	return store.Input{Name: ptr(name), Region: ptr("Sul"), State: ptr("RS"), City: ptr("Porto Alegre"), Contacts: &contacts}
}

func (f *fixture) create(t *testing.T, g tenant.Tenant, in store.Input) store.Store {
	t.Helper()
	s, err := f.stores.Create(context.Background(), g, in)
	if err != nil {
		t.Fatalf("create %q: %v", *in.Name, err)
	}
	return s
}

func TestAStoreIsCreatedCleanAndAnnounced(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		g := f.group(t, "Rede")
		before, _ := f.groups.Revision(context.Background(), g.ID)
		s := f.create(t, g, storeInput("  Loja Ção Centro ",
			store.ContactInput{Name: " Ana ", Role: "Gerente", Phone: "(81) 98765-4321"},
			store.ContactInput{Name: "Bia", Role: "Caixa", Phone: "8133334444", ReceiveNotify: ptr(false)}))
		if s.Name != "Loja Ção Centro" || s.Slug != "loja-cao-centro" || s.Franchise != g.Slug {
			t.Errorf("name %q slug %q franchise %q", s.Name, s.Slug, s.Franchise)
		}
		want := []store.Contact{
			{Name: "Ana", Role: "Gerente", Phone: "81987654321", ReceiveNotify: true},
			{Name: "Bia", Role: "Caixa", Phone: "8133334444", ReceiveNotify: false},
		}
		if !slices.Equal(s.Contacts, want) {
			t.Errorf("contacts %+v, want %+v", s.Contacts, want)
		}
		after, _ := f.groups.Revision(context.Background(), g.ID)
		if after != before+1 {
			t.Errorf("group revision %d -> %d, want one more", before, after)
		}
		if len(f.changes) != 1 || f.changes[0].FranchiseID != g.ID || len(f.changes[0].Stores) != 1 {
			t.Errorf("announced %+v, want one change naming the store", f.changes)
		}
	})
}

func TestStoreFieldsAreChecked(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		g := f.group(t, "Rede")
		ctx := context.Background()
		noCity := storeInput("Loja")
		noCity.City = ptr(" ")
		badDoc := storeInput("Loja")
		badDoc.Document = ptr("11.222.333/0001-00")
		cases := []struct {
			name string
			in   store.Input
			want error  // the fault refused, when set
			msg  string // the fault's own message, when set
		}{
			{"no name", store.Input{Region: ptr("Sul"), State: ptr("RS"), City: ptr("X")}, fault.ErrNameRequired, ""},
			{"a blank name", storeInput("  "), fault.ErrNameRequired, ""},
			{"a name past the limit", storeInput(strings.Repeat("ã", names.MaxLen+1)), names.ErrTooLong, "O nome pode ter no máximo 120 caracteres."},
			{"no city", noCity, nil, "O campo cidade é obrigatório."},
			{"a CNPJ with wrong check digits", badDoc, store.ErrDocumentInvalid, ""},
			{"a contact without a role", storeInput("Loja", store.ContactInput{Name: "Ana", Phone: "8133334444"}), store.ErrContactIncomplete, ""},
			{"a contact's role past the limit", storeInput("Loja", store.ContactInput{Name: "Ana", Role: strings.Repeat("r", 121), Phone: "8133334444"}), nil, "Nome e cargo do contato podem ter no máximo 120 caracteres."},
			{"a contact's phone of 9 digits", storeInput("Loja", store.ContactInput{Name: "Ana", Role: "Gerente", Phone: "813333444"}), store.ErrPhoneInvalid, ""},
			{"one phone for two contacts", storeInput("Loja",
				store.ContactInput{Name: "Ana", Role: "Gerente", Phone: "81987654321"},
				store.ContactInput{Name: "Bia", Role: "Caixa", Phone: "(81) 98765-4321"}), nil, "Dois contatos com o telefone (81) 98765-4321: remova um deles."},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				_, err := f.stores.Create(ctx, g, c.in)
				if err == nil {
					t.Fatal("accepted")
				}
				if c.want != nil && !fault.Same(err, c.want) {
					t.Fatalf("%v, want %v", err, c.want)
				}
				if c.msg != "" {
					if ft, ok := fault.As(err); !ok || ft.Msg != c.msg {
						t.Fatalf("%v, want the message %q", err, c.msg)
					}
				}
			})
		}
		if list, err := f.stores.List(ctx, g); err != nil || len(list) != 0 {
			t.Fatalf("refused stores were kept: %v, %v", list, err)
		}
	})
}

func TestAStoreNameIsUsedOncePerGroup(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		ctx := context.Background()
		g, other := f.group(t, "Rede"), f.group(t, "Outra Rede")
		f.create(t, g, storeInput("Loja Ção"))
		for _, same := range []string{"loja cao", "LOJA  ÇÃO"} {
			if _, err := f.stores.Create(ctx, g, storeInput(same)); !fault.Same(err, store.ErrNameTaken) {
				t.Errorf("create %q: %v, want ErrNameTaken", same, err)
			}
		}
		if s := f.create(t, other, storeInput("Loja Ção")); s.Slug != "loja-cao" {
			t.Errorf("another group's store: slug %q, want loja-cao (slugs are per group)", s.Slug)
		}
		// Another name with the same slug gets the next free one.
		second := f.create(t, g, storeInput("Loja-Cão!"))
		if second.Slug != "loja-cao-2" {
			t.Errorf("second slug %q, want loja-cao-2", second.Slug)
		}
		if _, err := f.stores.Update(ctx, g, second.Slug, store.Input{Name: ptr("loja ção")}); !fault.Same(err, store.ErrNameTaken) {
			t.Errorf("renaming onto another store's name: %v, want ErrNameTaken", err)
		}
		renamed, err := f.stores.Update(ctx, g, second.Slug, store.Input{Name: ptr("Loja Norte")})
		if err != nil || renamed.Slug != "loja-cao-2" || renamed.Name != "Loja Norte" {
			t.Errorf("rename: %q/%q, %v; the slug must stay", renamed.Name, renamed.Slug, err)
		}
	})
}

func TestStoresAreListedInReadingOrder(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		g := f.group(t, "Rede")
		for _, n := range []string{"Loja 10", "loja 2", "Óculos", "Loja 1"} {
			f.create(t, g, storeInput(n))
		}
		list, err := f.stores.List(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range list {
			got = append(got, s.Name)
		}
		if want := []string{"Loja 1", "loja 2", "Loja 10", "Óculos"}; !slices.Equal(got, want) {
			t.Errorf("order %q, want %q", got, want)
		}
	})
}

func TestContactsAreReplacedOnlyWhenSent(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		g := f.group(t, "Rede")
		ctx := context.Background()
		s := f.create(t, g, storeInput("Loja", store.ContactInput{Name: "Ana", Role: "Gerente", Phone: "8133334444"}))
		kept, err := f.stores.Update(ctx, g, s.Slug, store.Input{Phone: ptr("(81) 3222-1111")})
		if err != nil || len(kept.Contacts) != 1 || kept.Phone != "8132221111" {
			t.Fatalf("update without contacts: phone %q contacts %+v, %v", kept.Phone, kept.Contacts, err)
		}
		cleared, err := f.stores.Update(ctx, g, s.Slug, store.Input{Contacts: &[]store.ContactInput{}})
		if err != nil || len(cleared.Contacts) != 0 {
			t.Fatalf("an empty list: %+v, %v", cleared.Contacts, err)
		}
	})
}

type refuseRemoval struct{ err error }

func (r refuseRemoval) StoreRemoving(context.Context, db.Querier, string, string) error { return r.err }

func TestDeletingAStoreChecksItsNameAndItsGuards(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		g := f.group(t, "Rede")
		ctx := context.Background()
		s := f.create(t, g, storeInput("Loja Ção"))
		if err := f.stores.Delete(ctx, g, s.Slug, "Loja Centro"); !fault.Same(err, store.ErrNameMismatch) {
			t.Fatalf("another name: %v, want ErrNameMismatch", err)
		}
		sold := fault.Invalidf("Anúncios vendidos nos televisores desta loja.")
		guarded := store.NewService(f.d, time.Now, outbox.Enqueue, franchise.NewChanges(change.NewBus()))
		guarded.AddRemovalGuard(refuseRemoval{sold})
		if err := guarded.Delete(ctx, g, s.Slug, ""); !fault.Same(err, sold) {
			t.Fatalf("a guard's refusal: %v", err)
		}
		if _, err := f.stores.Get(ctx, g, s.Slug); err != nil {
			t.Fatalf("a refused delete removed the store: %v", err)
		}
		// The name typed to confirm ignores case and accents.
		if err := f.stores.Delete(ctx, g, s.Slug, "loja cao"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.stores.Get(ctx, g, s.Slug); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("after delete: %v, want ErrNotFound", err)
		}
	})
}

func TestAMessageGoesOnceToEachPhoneThatReceivesIt(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		g, other := f.group(t, "Rede"), f.group(t, "Outra Rede")
		ctx := context.Background()
		a := f.create(t, g, storeInput("Loja A",
			store.ContactInput{Name: "Ana", Role: "Gerente", Phone: "81987654321"},
			store.ContactInput{Name: "Bia", Role: "Caixa", Phone: "8133334444", ReceiveNotify: ptr(false)}))
		b := f.create(t, g, storeInput("Loja B", store.ContactInput{Name: "Ana", Role: "Supervisora", Phone: "81987654321"}))
		elsewhere := f.create(t, other, storeInput("Loja C", store.ContactInput{Name: "Caio", Role: "Gerente", Phone: "11912345678"}))

		refusals := []struct {
			name string
			in   store.NotifyInput
			want error
		}{
			{"no message", store.NotifyInput{Message: " ", StoreSlugList: []string{a.Slug}}, store.ErrMessageRequired},
			{"a message too long", store.NotifyInput{Message: strings.Repeat("x", store.MaxMessageLength+1), StoreSlugList: []string{a.Slug}}, store.ErrMessageTooLong},
			{"no store", store.NotifyInput{Message: "Oi", StoreSlugList: []string{" "}}, store.ErrNoStoreChosen},
			{"another group's store", store.NotifyInput{Message: "Oi", StoreSlugList: []string{a.Slug, elsewhere.Slug}}, store.ErrNotFound},
		}
		for _, r := range refusals {
			if _, err := f.stores.Notify(ctx, g, r.in); !fault.Same(err, r.want) {
				t.Errorf("%s: %v, want %v", r.name, err, r.want)
			}
		}
		n, err := f.stores.Notify(ctx, g, store.NotifyInput{Message: " Promoção hoje ", StoreSlugList: []string{a.Slug, b.Slug, a.Slug}})
		if err != nil || n != 1 {
			t.Fatalf("queued %d, %v; want 1 (Ana's phone once, Bia does not receive)", n, err)
		}
		sent, err := f.stores.Messages(ctx, g)
		if err != nil || len(sent) != 1 {
			t.Fatalf("messages %+v, %v", sent, err)
		}
		if m := sent[0]; m.Phone != "81987654321" || m.Body != "Promoção hoje" || len(m.Contacts) != 2 {
			t.Errorf("message %+v: want Ana's phone, the trimmed text, and both of her contacts", m)
		}
		if theirs, err := f.stores.Messages(ctx, other); err != nil || len(theirs) != 0 {
			t.Errorf("another group sees %+v, %v", theirs, err)
		}
	})
}
