package httpapi_test

import (
	"strings"
	"testing"

	"vitrine/internal/testutil"
)

// franchiseFixture is what the franchise cases start from, made for one
// case alone: ana with no franchise, and bia with her own "Rede Beta".
// Franchise slugs and CNPJs are unique across the system, so each fixture
// has names and CNPJs of its own for what ana creates.
type franchiseFixture struct {
	t        *testing.T
	a        *testutil.TestApp
	ana, bia testutil.SeededUser
	beta     string // bia's franchise slug
	// name is "Lojas Ção <Word>", slug the slug derived from it, and
	// plainName another name with the same slug.
	name, slug, plainName string
	cnpj, cnpj2           string // valid CNPJs, bare digits
}

func newFranchiseFixture(t *testing.T, a *testutil.TestApp) *franchiseFixture {
	t.Helper()
	u := a.Unique()
	word := strings.ToUpper(u[:1]) + u[1:]
	f := &franchiseFixture{t: t, a: a, beta: "rede-beta-" + u,
		name: "Lojas Ção " + word, slug: "lojas-cao-" + u, plainName: "Lojas-Cao " + word,
		cnpj: a.UniqueCNPJ(), cnpj2: a.UniqueCNPJ()}
	f.ana = a.SeedUser(t, "ana-"+u+"@example.com", "")
	f.bia = a.SeedUser(t, "bia-"+u+"@example.com", "")
	a.SeedFranchise(t, f.beta, "Rede Beta", f.bia)
	return f
}

// create makes a franchise of ana's and returns its slug.
func (f *franchiseFixture) create(body map[string]any) string {
	f.t.Helper()
	r := f.a.Do(f.t, "POST", "/api/franchise", f.ana.Token, body)
	mustStatus(f.t, r, 201)
	var created struct{ Franchise struct{ Slug string } }
	r.Decode(f.t, &created)
	return created.Franchise.Slug
}

// masked writes a bare CNPJ the way it is usually typed: 00.000.000/0000-00.
func masked(cnpj string) string {
	return cnpj[:2] + "." + cnpj[2:5] + "." + cnpj[5:8] + "/" + cnpj[8:12] + "-" + cnpj[12:]
}

func TestFranchises(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		admin := a.SeedUser(t, "root@example.com", `{"dispA":1}`)

		testutil.RunCases(t, a, func(t *testing.T) *franchiseFixture { return newFranchiseFixture(t, a) }, []testutil.Case[*franchiseFixture]{
			{Name: "no token is 401", Scenario: func(f *franchiseFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/franchise", Status: 401, Code: 1022}
			}},
			{Name: "a new user has no franchise", Scenario: func(f *franchiseFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/franchise", Token: f.ana.Token,
					Status: 200, Contains: []string{`{"franchiseList":[]}`}}
			}},
			{Name: "name is required", Scenario: func(f *franchiseFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/franchise", Token: f.ana.Token,
					Body: map[string]any{"document": ""}, Status: 400, Code: 1141}
			}},
			{Name: "blank name is refused", Scenario: func(f *franchiseFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/franchise", Token: f.ana.Token,
					Body: map[string]any{"name": "   "}, Status: 400, Code: 1141}
			}},
			{Name: "a CNPJ with a wrong check digit is refused", Scenario: func(f *franchiseFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/franchise", Token: f.ana.Token,
					Body: map[string]any{"name": f.name, "document": "11.222.333/0001-82"}, Status: 400, Code: 1043}
			}},
			{Name: "a CNPJ of repeated digits is refused", Scenario: func(f *franchiseFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/franchise", Token: f.ana.Token,
					Body: map[string]any{"name": f.name, "document": "11.111.111/1111-11"}, Status: 400, Code: 1043}
			}},
			{Name: "a malformed body is 1003", Scenario: func(f *franchiseFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/franchise", Token: f.ana.Token,
					Body: `{"name": 12}`, Status: 400, Code: 1003}
			}},
			{Name: "create with a masked CNPJ stores its digits and derives the slug", Scenario: func(f *franchiseFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/franchise", Token: f.ana.Token,
					Body:   map[string]any{"name": f.name, "document": masked(f.cnpj), "city": "Recife", "state": "PE"},
					Status: 201,
					Contains: []string{`"slug":"` + f.slug + `"`, `"name":"` + f.name + `"`, `"document":"` + f.cnpj + `"`,
						`"city":"Recife"`, `"stores":0`, `"displays":0`, `"timeZone":"America/Sao_Paulo"`}}
			}},
			{Name: "the same CNPJ twice is 1042", Scenario: func(f *franchiseFixture) testutil.Scenario {
				f.create(map[string]any{"name": f.name, "document": f.cnpj})
				return testutil.Scenario{Method: "POST", Path: "/api/franchise", Token: f.ana.Token,
					Body: map[string]any{"name": "Outra", "document": f.cnpj}, Status: 409, Code: 1042}
			}},
			{Name: "the same name without its accent and in capitals is refused", Scenario: func(f *franchiseFixture) testutil.Scenario {
				f.create(map[string]any{"name": f.name})
				return testutil.Scenario{Method: "POST", Path: "/api/franchise", Token: f.ana.Token,
					Body: map[string]any{"name": strings.ToUpper(strings.Replace(f.name, "Ção", "Cao", 1))}, Status: 409, Code: 1003,
					Contains: []string{"Já existe um grupo com este nome."}}
			}},
			{Name: "a name used by another user's group is refused", Scenario: func(f *franchiseFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/franchise", Token: f.ana.Token,
					Body: map[string]any{"name": "  rede   beta "}, Status: 409, Code: 1003}
			}},
			{Name: "renaming to another group's name is refused", Scenario: func(f *franchiseFixture) testutil.Scenario {
				f.create(map[string]any{"name": f.name})
				other := f.create(map[string]any{"name": f.plainName})
				return testutil.Scenario{Method: "POST", Path: "/api/franchise/" + other, Token: f.ana.Token,
					Body: map[string]any{"name": f.name}, Status: 409, Code: 1003,
					Contains: []string{"Já existe um grupo com este nome."}}
			}},
			{Name: "a group may change the case of its own name", Scenario: func(f *franchiseFixture) testutil.Scenario {
				slug := f.create(map[string]any{"name": f.name})
				return testutil.Scenario{Method: "POST", Path: "/api/franchise/" + slug, Token: f.ana.Token,
					Body: map[string]any{"name": strings.ToUpper(f.name)}, Status: 200}
			}},
			{Name: "the same slug from another name gets a numbered slug", Scenario: func(f *franchiseFixture) testutil.Scenario {
				f.create(map[string]any{"name": f.name})
				return testutil.Scenario{Method: "POST", Path: "/api/franchise", Token: f.ana.Token,
					Body: map[string]any{"name": f.plainName}, Status: 201, Contains: []string{`"slug":"` + f.slug + `-2"`, `"document":""`}}
			}},
			{Name: "the creator sees both, oldest first", Scenario: func(f *franchiseFixture) testutil.Scenario {
				f.create(map[string]any{"name": f.name})
				f.create(map[string]any{"name": f.plainName})
				return testutil.Scenario{Method: "GET", Path: "/api/franchise", Token: f.ana.Token,
					Status: 200, Check: func(t *testing.T, r *testutil.Response) {
						var body struct {
							FranchiseList []struct {
								Slug      string `json:"slug"`
								CreatedAt int64  `json:"createdAt"`
								UpdatedAt int64  `json:"updatedAt"`
							} `json:"franchiseList"`
						}
						r.Decode(t, &body)
						if len(body.FranchiseList) != 2 || body.FranchiseList[0].Slug != f.slug || body.FranchiseList[1].Slug != f.slug+"-2" {
							t.Fatalf("list: %s", r.Body)
						}
						if body.FranchiseList[0].CreatedAt == 0 || body.FranchiseList[0].UpdatedAt == 0 {
							t.Fatalf("timestamps missing: %s", r.Body)
						}
					}, Absent: []string{f.beta}}
			}},
			{Name: "update renames and keeps the slug", Scenario: func(f *franchiseFixture) testutil.Scenario {
				slug := f.create(map[string]any{"name": f.name})
				return testutil.Scenario{Method: "POST", Path: "/api/franchise/" + slug, Token: f.ana.Token,
					Body: map[string]any{"name": "Lojas Ção Norte", "document": masked(f.cnpj2)}, Status: 200,
					Contains: []string{`"slug":"` + f.slug + `"`, `"name":"Lojas Ção Norte"`, `"document":"` + f.cnpj2 + `"`}}
			}},
			{Name: "update keeps fields it was not sent", Scenario: func(f *franchiseFixture) testutil.Scenario {
				slug := f.create(map[string]any{"name": f.name, "document": masked(f.cnpj), "city": "Recife", "state": "PE"})
				return testutil.Scenario{Method: "POST", Path: "/api/franchise/" + slug, Token: f.ana.Token,
					Body: map[string]any{"name": f.name}, Status: 200, Contains: []string{`"city":"Recife"`, `"document":"` + f.cnpj + `"`}}
			}},
			{Name: "update to another franchise's CNPJ is 1042", Scenario: func(f *franchiseFixture) testutil.Scenario {
				f.create(map[string]any{"name": f.name, "document": f.cnpj})
				other := f.create(map[string]any{"name": f.plainName})
				return testutil.Scenario{Method: "POST", Path: "/api/franchise/" + other, Token: f.ana.Token,
					Body: map[string]any{"document": f.cnpj}, Status: 409, Code: 1042}
			}},
			{Name: "update with a bad CNPJ is 1043", Scenario: func(f *franchiseFixture) testutil.Scenario {
				slug := f.create(map[string]any{"name": f.name})
				return testutil.Scenario{Method: "POST", Path: "/api/franchise/" + slug, Token: f.ana.Token,
					Body: map[string]any{"document": "45.723.174/0001-11"}, Status: 400, Code: 1043}
			}},
			{Name: "update to a blank name is 1141", Scenario: func(f *franchiseFixture) testutil.Scenario {
				slug := f.create(map[string]any{"name": f.name})
				return testutil.Scenario{Method: "POST", Path: "/api/franchise/" + slug, Token: f.ana.Token,
					Body: map[string]any{"name": ""}, Status: 400, Code: 1141}
			}},
			{Name: "an empty document removes it", Scenario: func(f *franchiseFixture) testutil.Scenario {
				slug := f.create(map[string]any{"name": f.name, "document": f.cnpj})
				return testutil.Scenario{Method: "POST", Path: "/api/franchise/" + slug, Token: f.ana.Token,
					Body: map[string]any{"document": ""}, Status: 200, Contains: []string{`"document":""`}}
			}},
			{Name: "updating another user's franchise is 1403 and names nothing", Scenario: func(f *franchiseFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/franchise/" + f.beta, Token: f.ana.Token,
					Body: map[string]any{"name": "Tomada"}, Status: 403, Code: 1403, Absent: []string{"Beta", "beta"}}
			}},
			{Name: "updating an unknown franchise is 1403 too", Scenario: func(f *franchiseFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/franchise/nao-existe", Token: f.ana.Token,
					Body: map[string]any{"name": "X"}, Status: 403, Code: 1403}
			}},
			{Name: "the other tenant sees only its own", Scenario: func(f *franchiseFixture) testutil.Scenario {
				f.create(map[string]any{"name": f.name})
				return testutil.Scenario{Method: "GET", Path: "/api/franchise", Token: f.bia.Token,
					Status: 200, Contains: []string{`"slug":"` + f.beta + `"`}, Absent: []string{"lojas-cao"}}
			}},
			{Name: "all franchises are for administrators only", Scenario: func(f *franchiseFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/franchise/all", Token: f.ana.Token,
					Status: 403, Code: 1403}
			}},
			{Name: "an administrator lists every franchise", Scenario: func(f *franchiseFixture) testutil.Scenario {
				f.create(map[string]any{"name": f.name})
				f.create(map[string]any{"name": f.plainName})
				return testutil.Scenario{Method: "GET", Path: "/api/franchise/all", Token: admin.Token,
					Status: 200, Contains: []string{`"slug":"` + f.beta + `"`, `"slug":"` + f.slug + `"`, `"slug":"` + f.slug + `-2"`}}
			}},
		})
	})
}

// The group's counts of stores and TVs follow every write that adds or
// removes them (a store's TVs go with it), and no other write moves them.
func TestGroupCountsFollowStoresAndTVs(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		a.SeedFranchise(t, "rede", "Rede", ana)
		counts := func(step string, stores, tvs int) {
			t.Helper()
			r := a.Do(t, "GET", "/api/franchise", ana.Token, nil)
			mustStatus(t, r, 200)
			var body struct {
				FranchiseList []struct{ Stores, Displays int } `json:"franchiseList"`
			}
			r.Decode(t, &body)
			if len(body.FranchiseList) != 1 || body.FranchiseList[0].Stores != stores || body.FranchiseList[0].Displays != tvs {
				t.Fatalf("%s: %s, want %d stores and %d TVs", step, r.Body, stores, tvs)
			}
		}
		tv := func(store, name, device string) string {
			t.Helper()
			a.ReserveDevices(t, device)
			r := a.Do(t, "POST", "/api/display/rede/"+store, ana.Token, map[string]any{"name": name, "device": device})
			mustStatus(t, r, 201)
			var created struct {
				Display struct{ ID string } `json:"display"`
			}
			r.Decode(t, &created)
			return created.Display.ID
		}
		counts("a new group", 0, 0)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro")), 201)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Norte")), 201)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro")), 409)
		counts("two stores, a third refused", 2, 0)
		one := tv("centro", "TV 1", "CNT001")
		tv("centro", "TV 2", "CNT002")
		tv("norte", "TV 3", "CNT003")
		a.ReserveDevices(t, "CNT004")
		mustStatus(t, a.Do(t, "POST", "/api/display/rede/centro", ana.Token, map[string]any{"name": "TV 1", "device": "CNT004"}), 409)
		counts("three TVs, a fourth refused", 2, 3)
		mustStatus(t, a.Do(t, "POST", "/api/display/rede/centro/"+one, ana.Token, map[string]any{"name": "TV Um"}), 200)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede/norte", ana.Token, storeBody("Norte Shopping")), 200)
		counts("a TV and a store renamed", 2, 3)
		mustStatus(t, a.Do(t, "DELETE", "/api/display/rede/centro/"+one, ana.Token, nil), 200)
		mustStatus(t, a.Do(t, "DELETE", "/api/display/rede/centro/"+one, ana.Token, nil), 404)
		counts("a TV deleted, then again", 2, 2)
		mustStatus(t, a.Do(t, "DELETE", "/api/store/rede/norte", ana.Token, nil), 200)
		counts("a store deleted with its TV", 1, 1)
		mustStatus(t, a.Do(t, "DELETE", "/api/store/rede/centro", ana.Token, nil), 200)
		counts("the last store deleted with its TV", 0, 0)
	})
}
