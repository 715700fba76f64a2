package httpapi_test

import (
	"encoding/csv"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"vitrine/api"
	"vitrine/internal/audit"
	"vitrine/internal/testutil"
)

// auditFixture is a group run by nina ('Rede') with the stores A and B,
// whose phones nina changed once each; fabio is franchisee of A, gabi store
// manager of A, and root a platform administrator.
type auditFixture struct {
	a                       *testutil.TestApp
	nina, fabio, gabi, root testutil.SeededUser
	slug                    string
}

type auditPage struct {
	Records []struct {
		Seq       int64     `json:"seq"`
		At        time.Time `json:"at"`
		UserID    string    `json:"userId"`
		UserEmail string    `json:"userEmail"`
		Kind      string    `json:"kind"`
		Action    string    `json:"action"`
		Name      string    `json:"name"`
		StoreSlug string    `json:"storeSlug"`
		StoreName string    `json:"storeName"`
		Changes   []struct {
			Field  string `json:"field"`
			Before any    `json:"before"`
			After  any    `json:"after"`
		} `json:"changes"`
	} `json:"records"`
	Next   *int64 `json:"next"`
	People []struct {
		ID    string `json:"id"`
		Email string `json:"email"`
	} `json:"people"`
	Stores []struct {
		Slug string `json:"slug"`
		Name string `json:"name"`
	} `json:"stores"`
}

func newAuditFixture(t *testing.T, a *testutil.TestApp) *auditFixture {
	t.Helper()
	u := a.Unique()
	f := &auditFixture{a: a, slug: "rede-" + u}
	f.nina = a.SeedUser(t, "nina-"+u+"@example.com", "")
	f.fabio = a.SeedUser(t, "fabio-"+u+"@example.com", "")
	f.gabi = a.SeedUser(t, "gabi-"+u+"@example.com", "")
	f.root = a.SeedUser(t, "root-"+u+"@example.com", `{"userA":1}`)
	id := a.SeedFranchise(t, f.slug, "Rede "+u, f.nina, f.fabio, f.gabi)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.nina.Token, storeBody("Loja A")), 201)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.nina.Token, storeBody("=Loja B")), 201)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug+"/loja-a", f.nina.Token, map[string]any{"phone": "1133334444"}), 200)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug+"/loja-b", f.nina.Token, map[string]any{"phone": "1144445555"}), 200)
	a.SetMembership(t, f.fabio.ID, id, "franchisee", "loja-a")
	a.SetMembership(t, f.gabi.ID, id, "store", "loja-a")
	return f
}

func (f *auditFixture) page(t *testing.T, token, path string) auditPage {
	t.Helper()
	r := f.a.Do(t, "GET", path, token, nil)
	mustStatus(t, r, 200)
	var p auditPage
	r.Decode(t, &p)
	return p
}

func TestActivityListsTheGroupsChangesWithBeforeAndAfter(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newAuditFixture(t, a)
		p := f.page(t, f.nina.Token, "/api/audit/"+f.slug)
		if len(p.Records) != 4 || p.Next != nil {
			t.Fatalf("records %+v next %v, want the 2 creations and 2 updates on one page", p.Records, p.Next)
		}
		newest := p.Records[0]
		if newest.Kind != "store" || newest.Action != "update" || newest.StoreSlug != "loja-b" || newest.StoreName != "=Loja B" ||
			newest.UserID != f.nina.ID || newest.UserEmail != f.nina.Email {
			t.Errorf("newest record %+v", newest)
		}
		if len(newest.Changes) != 1 || newest.Changes[0].Field != "phone" || newest.Changes[0].Before != nil || newest.Changes[0].After != "1144445555" {
			t.Errorf("changes %+v, want phone: none -> 1144445555", newest.Changes)
		}
		if len(p.People) != 1 || p.People[0].ID != f.nina.ID || p.People[0].Email != f.nina.Email {
			t.Errorf("people %+v, want nina", p.People)
		}
		if len(p.Stores) != 2 || p.Stores[0].Name != "=Loja B" || p.Stores[1].Name != "Loja A" {
			t.Errorf("stores %+v, want both by name", p.Stores)
		}

		// One record a page: the cursor walks back to the oldest.
		var seqs []int64
		path := "/api/audit/" + f.slug + "?limit=1"
		for range 5 {
			p := f.page(t, f.nina.Token, path)
			for _, r := range p.Records {
				seqs = append(seqs, r.Seq)
			}
			if p.Next == nil {
				break
			}
			path = "/api/audit/" + f.slug + "?limit=1&before=" + strconv.FormatInt(*p.Next, 10)
		}
		if !slices.Equal(seqs, []int64{4, 3, 2, 1}) {
			t.Errorf("pages gave %v, want 4 3 2 1", seqs)
		}

		if p := f.page(t, f.nina.Token, "/api/audit/"+f.slug+"?store=loja-a&kind=store"); len(p.Records) != 2 || p.Records[0].StoreSlug != "loja-a" {
			t.Errorf("store filter: %+v", p.Records)
		}
		if p := f.page(t, f.nina.Token, "/api/audit/"+f.slug+"?person="+f.fabio.ID); len(p.Records) != 0 {
			t.Errorf("fabio changed nothing, yet %+v", p.Records)
		}
		today := time.Now().In(mustZone(t, "America/Sao_Paulo"))
		day := func(d int) string { return today.AddDate(0, 0, d).Format(time.DateOnly) }
		if p := f.page(t, f.nina.Token, "/api/audit/"+f.slug+"?from="+day(0)+"&to="+day(0)); len(p.Records) != 4 {
			t.Errorf("today, both days included: %d records", len(p.Records))
		}
		if p := f.page(t, f.nina.Token, "/api/audit/"+f.slug+"?to="+day(-1)); len(p.Records) != 0 {
			t.Errorf("until yesterday: %d records", len(p.Records))
		}
	})
}

func TestActivityIsNarrowedToAFranchiseesStores(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	f := newAuditFixture(t, a)
	p := f.page(t, f.fabio.Token, "/api/audit/"+f.slug)
	if len(p.Records) != 2 {
		t.Fatalf("fabio reads %d records, want loja-a's 2", len(p.Records))
	}
	if len(p.Stores) != 1 || p.Stores[0].Slug != "loja-a" || p.Stores[0].Name != "Loja A" {
		t.Errorf("fabio filters by %+v, want Loja A only", p.Stores)
	}
	for _, r := range p.Records {
		if r.StoreSlug != "loja-a" {
			t.Errorf("fabio reads a record of %q", r.StoreSlug)
		}
	}
	a.Run(t, []testutil.Scenario{
		{Name: "a franchisee asking for another store's records finds no such store", Method: "GET",
			Path: "/api/audit/" + f.slug + "?store=loja-b", Token: f.fabio.Token, Status: 404, Code: 1061},
		{Name: "a franchisee's CSV holds their stores only", Method: "GET",
			Path: "/api/audit/" + f.slug + "/csv", Token: f.fabio.Token, Status: 200, Contains: []string{"Loja A"}, Absent: []string{"Loja B"}},
		{Name: "a store manager does not read the activity", Method: "GET",
			Path: "/api/audit/" + f.slug, Token: f.gabi.Token, Status: 403, Code: 1403},
		{Name: "an unknown store is not found", Method: "GET",
			Path: "/api/audit/" + f.slug + "?store=loja-z", Token: f.nina.Token, Status: 404, Code: 1061},
		{Name: "an unknown kind is refused", Method: "GET",
			Path: "/api/audit/" + f.slug + "?kind=planet", Token: f.nina.Token, Status: 400, Code: 1003, Contains: []string{"Tipo de registro desconhecido"}},
		{Name: "a date not in YYYY-MM-DD is refused", Method: "GET",
			Path: "/api/audit/" + f.slug + "?from=01/12/2026", Token: f.nina.Token, Status: 400, Code: 1003, Contains: []string{"AAAA-MM-DD"}},
		{Name: "a period ending before it starts is refused", Method: "GET",
			Path: "/api/audit/" + f.slug + "?from=2026-12-02&to=2026-12-01", Token: f.nina.Token, Status: 400, Code: 1003},
		{Name: "a limit past the page's is refused", Method: "GET",
			Path: "/api/audit/" + f.slug + "?limit=1000", Token: f.nina.Token, Status: 400, Code: 1003},
		{Name: "a cursor that is not a number is refused", Method: "GET",
			Path: "/api/audit/" + f.slug + "?before=abc", Token: f.nina.Token, Status: 400, Code: 1003},
		{Name: "a member does not read the platform's records", Method: "GET",
			Path: "/api/admin/audit", Token: f.nina.Token, Status: 403, Code: 1403},
		{Name: "an administrator reads any group's", Method: "GET",
			Path: "/api/admin/audit?franchise=" + f.slug, Token: f.root.Token, Status: 200, Contains: []string{`"storeSlug":"loja-b"`}},
		{Name: "an administrator naming no group reads the platform's", Method: "GET",
			Path: "/api/admin/audit", Token: f.root.Token, Status: 200, Contains: []string{`"records":[`}, Absent: []string{"loja-a"}},
		{Name: "an unknown group is not found", Method: "GET",
			Path: "/api/admin/audit?franchise=nada", Token: f.root.Token, Status: 404, Code: 1041},
	})
}

func TestActivityCSVHoldsEveryRecordInPortuguese(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	f := newAuditFixture(t, a)
	r := a.Do(t, "GET", "/api/audit/"+f.slug+"/csv?store=loja-b", f.nina.Token, nil)
	mustStatus(t, r, 200)
	if ct := r.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Errorf("content type %q", ct)
	}
	want := `attachment; filename="atividade-` + f.slug + `-` + time.Now().In(mustZone(t, "America/Sao_Paulo")).Format(time.DateOnly) + `.csv"`
	if cd := r.Header.Get("Content-Disposition"); cd != want {
		t.Errorf("disposition %q, want %q", cd, want)
	}
	in := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(r.Body), "\ufeff")))
	in.Comma = ';'
	rows, err := in.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header := []string{"Data e hora", "Pessoa", "Administrador", "Endereço", "Requisição", "Tipo", "Ação", "Item", "Loja", "Alterações"}
	if len(rows) != 3 || !slices.Equal(rows[0], header) {
		t.Fatalf("rows %q", rows)
	}
	update := rows[1]
	if update[1] != f.nina.Email || update[5] != "Loja" || update[6] != "Alteração" || update[7] != "'=Loja B" ||
		update[8] != "'=Loja B" || update[9] != "Telefone: — → 1144445555" {
		t.Errorf("update row %q", update)
	}
	if _, err := time.Parse("02/01/2006 15:04:05", update[0]); err != nil {
		t.Errorf("date %q: %v", update[0], err)
	}
	if rows[2][6] != "Criação" {
		t.Errorf("creation row %q", rows[2])
	}
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// Every kind the trail records is in the contract's AuditKind and has a
// pt-BR name: a kind added to audit.Kinds alone fails here.
func TestEveryAuditKindIsInTheContractAndNamed(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas struct {
				AuditKind struct {
					Enum []string `yaml:"enum"`
				} `yaml:"AuditKind"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	enum := doc.Components.Schemas.AuditKind.Enum
	for _, kind := range audit.Kinds {
		if !slices.Contains(enum, kind) {
			t.Errorf("kind %q is missing from AuditKind in api/openapi.yaml", kind)
		}
		if api.AuditLabels.Kinds[kind] == "" {
			t.Errorf("kind %q has no name in api/audit-labels.json", kind)
		}
	}
	for _, kind := range enum {
		if !slices.Contains(audit.Kinds, kind) {
			t.Errorf("AuditKind lists %q, which audit.Kinds does not", kind)
		}
	}
	for _, action := range []string{audit.ActionCreate, audit.ActionUpdate, audit.ActionDelete, audit.ActionLink, audit.ActionSend,
		audit.ActionStart, audit.ActionClear, audit.ActionInvite, audit.ActionRevoke, audit.ActionAccept, audit.ActionSignIn,
		audit.ActionSignInFailed, audit.ActionSignOut, audit.ActionImpersonate} {
		if api.AuditLabels.Actions[action] == "" {
			t.Errorf("action %q has no name in api/audit-labels.json", action)
		}
	}
}
