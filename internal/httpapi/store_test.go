package httpapi_test

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"vitrine/internal/testutil"
)

// storeBody is a valid store as the console sends it.
func storeBody(name string, contacts ...map[string]any) map[string]any {
	if contacts == nil {
		contacts = []map[string]any{}
	}
	return map[string]any{"name": name, "region": "Sudeste", "state": "SP", "city": "São Paulo", "contacts": contacts}
}

func contact(name, phone string) map[string]any {
	return map[string]any{"name": name, "role": "Gerente", "phone": phone}
}

// storeFixture is a franchise of ana's with no store yet, made for one
// case alone.
type storeFixture struct {
	t         *testing.T
	a         *testutil.TestApp
	ana       testutil.SeededUser
	franchise string // slug
	path      string // the franchise's stores: /api/store/{franchise}
}

func newStoreFixture(t *testing.T, a *testutil.TestApp) *storeFixture {
	t.Helper()
	u := a.Unique()
	f := &storeFixture{t: t, a: a, franchise: "rede-" + u, path: "/api/store/rede-" + u}
	f.ana = a.SeedUser(t, "ana-"+u+"@example.com", "")
	a.SeedFranchise(t, f.franchise, "Rede", f.ana)
	return f
}

// add creates a store and returns its slug.
func (f *storeFixture) add(body map[string]any) string {
	f.t.Helper()
	r := f.a.Do(f.t, "POST", f.path, f.ana.Token, body)
	mustStatus(f.t, r, 201)
	var created struct{ Store struct{ Slug string } }
	r.Decode(f.t, &created)
	return created.Store.Slug
}

// addLojaCao10 creates "Loja Ção 10" (slug loja-cao-10) with the contacts
// Rita, who gets messages, and Beto, who does not.
func (f *storeFixture) addLojaCao10() {
	f.t.Helper()
	f.add(storeBody("Loja Ção 10",
		contact(" Rita ", "(11) 98765-4321"),
		map[string]any{"name": "Beto", "role": "Caixa", "phone": "1134567890", "receiveNotify": false}))
}

// addStoresToSort creates stores whose names sort differently by bytes
// and by the value of their numbers: loja-cao-10 (with two contacts),
// loja-2, loja-2-2 and notify-2.
func (f *storeFixture) addStoresToSort() {
	f.t.Helper()
	f.addLojaCao10()
	f.add(map[string]any{"name": "loja 2", "region": "Sul", "state": "RS", "city": "Pelotas"})
	f.add(storeBody("Loja 2."))
	f.add(storeBody("Notify"))
}

func TestStores(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		testutil.RunCases(t, a, func(t *testing.T) *storeFixture { return newStoreFixture(t, a) }, []testutil.Case[*storeFixture]{
			{Name: "an empty franchise has no stores", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: f.path, Token: f.ana.Token,
					Status: 200, Contains: []string{`{"storeList":[]}`}}
			}},
			{Name: "name is required", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"region": "Sul", "state": "RS", "city": "Porto Alegre"}, Status: 400, Code: 1141}
			}},
			{Name: "region is required", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"name": "Loja", "state": "RS", "city": "Porto Alegre"}, Status: 400, Code: 1003,
					Contains: []string{"região"}}
			}},
			{Name: "state is required", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"name": "Loja", "region": "Sul", "state": " ", "city": "Porto Alegre"}, Status: 400, Code: 1003,
					Contains: []string{"estado"}}
			}},
			{Name: "city is required", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"name": "Loja", "region": "Sul", "state": "RS"}, Status: 400, Code: 1003,
					Contains: []string{"cidade"}}
			}},
			{Name: "a contact phone of 9 digits is refused", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: storeBody("Loja", contact("Rita", "(11) 3456-789")), Status: 400, Code: 1003,
					Contains: []string{"Telefone inválido"}}
			}},
			{Name: "a contact without role is refused", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: storeBody("Loja", map[string]any{"name": "Rita", "role": " ", "phone": "11987654321"}), Status: 400, Code: 1003}
			}},
			{Name: "a store document must be a valid CNPJ", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body:   map[string]any{"name": "Loja", "region": "Sul", "state": "RS", "city": "Pelotas", "document": "123"},
					Status: 400, Code: 1043}
			}},
			{Name: "create a store with two contacts", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: storeBody("Loja Ção 10",
						contact(" Rita ", "(11) 98765-4321"),
						map[string]any{"name": "Beto", "role": "Caixa", "phone": "1134567890", "receiveNotify": false}),
					Status: 201,
					Contains: []string{`"slug":"loja-cao-10"`, `"name":"Loja Ção 10"`, `"franchise":"` + f.franchise + `"`, `"displays":0`,
						`{"name":"Rita","role":"Gerente","phone":"11987654321","receiveNotify":true}`,
						`{"name":"Beto","role":"Caixa","phone":"1134567890","receiveNotify":false}`}}
			}},
			{Name: "contacts may be left out on creation", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"name": "loja 2", "region": "Sul", "state": "RS", "city": "Pelotas"}, Status: 201,
					Contains: []string{`"slug":"loja-2"`, `"contacts":[]`}}
			}},
			{Name: "the same slug from another name gets a numbered slug", Scenario: func(f *storeFixture) testutil.Scenario {
				f.add(storeBody("loja 2"))
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: storeBody("Loja 2."), Status: 201, Contains: []string{`"slug":"loja-2-2"`}}
			}},
			{Name: "the same name in other case and accents is refused", Scenario: func(f *storeFixture) testutil.Scenario {
				f.add(storeBody("Loja Ção 10"))
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: storeBody(" LOJA  CAO 10 "), Status: 409, Code: 1003,
					Contains: []string{"Já existe uma loja com este nome neste grupo."}}
			}},
			{Name: "a name used in another group is accepted", Scenario: func(f *storeFixture) testutil.Scenario {
				other := newStoreFixture(f.t, f.a)
				other.add(storeBody("Loja Centro"))
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: storeBody("Loja Centro"), Status: 201}
			}},
			{Name: "renaming to another store's name is refused and changes nothing", Scenario: func(f *storeFixture) testutil.Scenario {
				f.add(storeBody("Loja Centro"))
				norte := f.add(storeBody("Loja Norte"))
				return testutil.Scenario{Method: "POST", Path: f.path + "/" + norte, Token: f.ana.Token,
					Body: map[string]any{"name": "loja centro"}, Status: 409, Code: 1003,
					Check: func(t *testing.T, _ *testutil.Response) {
						r := f.a.Do(t, "GET", f.path, f.ana.Token, nil)
						if !bytes.Contains(r.Body, []byte(`"name":"Loja Norte"`)) {
							t.Errorf("Loja Norte was renamed: %s", r.Body)
						}
					}}
			}},
			{Name: "a store may change the case of its own name", Scenario: func(f *storeFixture) testutil.Scenario {
				slug := f.add(storeBody("Loja Centro"))
				return testutil.Scenario{Method: "POST", Path: f.path + "/" + slug, Token: f.ana.Token,
					Body: map[string]any{"name": "LOJA CENTRO"}, Status: 200, Contains: []string{`"name":"LOJA CENTRO"`}}
			}},
			{Name: "a store named like the notify call gets another slug", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: storeBody("Notify"), Status: 201, Contains: []string{`"slug":"notify-2"`}}
			}},
			{Name: "stores are listed by name, numbers by value", Scenario: func(f *storeFixture) testutil.Scenario {
				f.addStoresToSort()
				return testutil.Scenario{Method: "GET", Path: f.path, Token: f.ana.Token,
					Status: 200, Check: func(t *testing.T, r *testutil.Response) {
						var body struct {
							StoreList []struct {
								Slug     string           `json:"slug"`
								Contacts []map[string]any `json:"contacts"`
							} `json:"storeList"`
						}
						r.Decode(t, &body)
						var slugs []string
						for _, s := range body.StoreList {
							slugs = append(slugs, s.Slug)
						}
						want := []string{"loja-2", "loja-2-2", "loja-cao-10", "notify-2"}
						if !slices.Equal(slugs, want) {
							t.Fatalf("slugs %v, want %v", slugs, want)
						}
						if len(body.StoreList[2].Contacts) != 2 || body.StoreList[2].Contacts[0]["name"] != "Rita" {
							t.Fatalf("contacts: %s", r.Body)
						}
					}}
			}},
			{Name: "update replaces the contacts and keeps the slug", Scenario: func(f *storeFixture) testutil.Scenario {
				f.addLojaCao10()
				return testutil.Scenario{Method: "POST", Path: f.path + "/loja-cao-10", Token: f.ana.Token,
					Body: storeBody("Loja Ção Dez",
						contact("Rita", "11987654321"),
						contact("Caio", "21912345678")),
					Status:   200,
					Contains: []string{`"slug":"loja-cao-10"`, `"name":"Loja Ção Dez"`, `"name":"Caio"`},
					Absent:   []string{"Beto"}}
			}},
			{Name: "two contacts with one phone are refused, naming the phone, and nothing changes", Scenario: func(f *storeFixture) testutil.Scenario {
				f.addLojaCao10()
				return testutil.Scenario{Method: "POST", Path: f.path + "/loja-cao-10", Token: f.ana.Token,
					Body: storeBody("Loja Ção Dez",
						contact("Rita", "11987654321"),
						contact("Rita de novo", "(11) 98765-4321")),
					Status: 400, Code: 1003, Contains: []string{"Dois contatos com o telefone (11) 98765-4321: remova um deles."},
					Check: func(t *testing.T, _ *testutil.Response) {
						r := f.a.Do(t, "GET", f.path, f.ana.Token, nil)
						if !bytes.Contains(r.Body, []byte(`"name":"Loja Ção 10"`)) || !bytes.Contains(r.Body, []byte(`"name":"Beto"`)) {
							t.Errorf("the store changed: %s", r.Body)
						}
					}}
			}},
			{Name: "update without contacts keeps them", Scenario: func(f *storeFixture) testutil.Scenario {
				f.add(storeBody("Loja Ção 10", contact("Rita", "11987654321"), contact("Caio", "21912345678")))
				return testutil.Scenario{Method: "POST", Path: f.path + "/loja-cao-10", Token: f.ana.Token,
					Body: map[string]any{"city": "Campinas"}, Status: 200, Contains: []string{`"city":"Campinas"`, `"name":"Caio"`}}
			}},
			{Name: "update may not blank a required field", Scenario: func(f *storeFixture) testutil.Scenario {
				f.addLojaCao10()
				return testutil.Scenario{Method: "POST", Path: f.path + "/loja-cao-10", Token: f.ana.Token,
					Body: map[string]any{"region": ""}, Status: 400, Code: 1003}
			}},
			{Name: "updating an unknown store is 1061", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path + "/nao-existe", Token: f.ana.Token,
					Body: storeBody("X"), Status: 404, Code: 1061}
			}},
			{Name: "deleting an unknown store is 1061", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "DELETE", Path: f.path + "/nao-existe", Token: f.ana.Token,
					Body: map[string]any{"name": "X"}, Status: 404, Code: 1061}
			}},
			{Name: "deleting with another store's name is refused", Scenario: func(f *storeFixture) testutil.Scenario {
				f.add(storeBody("loja 2"))
				f.add(storeBody("Loja Ção Dez"))
				return testutil.Scenario{Method: "DELETE", Path: f.path + "/loja-2", Token: f.ana.Token,
					Body: map[string]any{"name": "Loja Ção Dez"}, Status: 400, Code: 1003}
			}},
			{Name: "delete a store by its name", Scenario: func(f *storeFixture) testutil.Scenario {
				f.add(storeBody("loja 2"))
				return testutil.Scenario{Method: "DELETE", Path: f.path + "/loja-2", Token: f.ana.Token,
					Body: map[string]any{"name": "loja 2"}, Status: 200, Contains: []string{`"ok":true`}}
			}},
			{Name: "delete without a body", Scenario: func(f *storeFixture) testutil.Scenario {
				f.add(storeBody("Notify"))
				return testutil.Scenario{Method: "DELETE", Path: f.path + "/notify-2", Token: f.ana.Token,
					Status: 200}
			}},
			{Name: "deleted stores are gone", Scenario: func(f *storeFixture) testutil.Scenario {
				f.addStoresToSort()
				mustStatus(f.t, f.a.Do(f.t, "DELETE", f.path+"/loja-2", f.ana.Token, map[string]any{"name": "loja 2"}), 200)
				mustStatus(f.t, f.a.Do(f.t, "DELETE", f.path+"/notify-2", f.ana.Token, nil), 200)
				return testutil.Scenario{Method: "GET", Path: f.path, Token: f.ana.Token,
					Status: 200, Absent: []string{`"slug":"loja-2"`, "notify-2"}, Contains: []string{"loja-2-2", "loja-cao-10"}}
			}},
		})
	})
}

func TestDeletingAStoreDeletesItsTVs(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", `{"dispA":1}`)
		a.SeedFranchise(t, "rede", "Rede", ana)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro", contact("Rita", "11987654321"))), 201)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Norte")), 201)
		var tv struct {
			Display struct{ ID string } `json:"display"`
		}
		a.ReserveDevices(t, "AAA111", "AAA222", "BBB111")
		for _, code := range []string{"AAA111", "AAA222"} {
			r := a.Do(t, "POST", "/api/display/rede/centro", ana.Token, map[string]any{"name": "TV " + code, "device": code, "contentOrientation": 0})
			mustStatus(t, r, 201)
			r.Decode(t, &tv)
		}
		boxes := a.SeedUser(t, "caixas@example.com", `{"dispA":1}`)
		asAna := impersonate(t, a, ana.ID, boxes.ID)
		markOnline(t, a, tv.Display.ID)
		mustStatus(t, a.Do(t, "POST", "/api/display/rede/centro/"+tv.Display.ID+"/admin-command", asAna, map[string]any{"operation": "screenshot"}), 202)
		mustStatus(t, a.Do(t, "POST", "/api/display/rede/norte", ana.Token, map[string]any{"name": "TV N", "device": "BBB111"}), 201)

		mustStatus(t, a.Do(t, "DELETE", "/api/store/rede/centro", ana.Token, map[string]any{"name": "Centro"}), 200)

		count := func(query string) int {
			var n int
			if err := a.DB.QueryRowContext(context.Background(), query).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := count(`SELECT COUNT(*) FROM displays`); n != 1 {
			t.Errorf("%d TVs left, want only the other store's", n)
		}
		if n := count(`SELECT COUNT(*) FROM store_contacts`); n != 0 {
			t.Errorf("%d contacts left", n)
		}
		if n := count(`SELECT COUNT(*) FROM display_commands`); n != 0 {
			t.Errorf("%d commands left", n)
		}
		r := a.Do(t, "GET", "/api/display/rede", ana.Token, nil)
		mustStatus(t, r, 200)
		if got := r.JSON(t)["displayList"].([]any); len(got) != 1 {
			t.Errorf("overview lists %d TVs: %s", len(got), r.Body)
		}
		// The freed device code can be registered again.
		mustStatus(t, a.Do(t, "POST", "/api/display/rede/norte", ana.Token, map[string]any{"name": "TV", "device": "AAA111"}), 201)
		r = a.Do(t, "GET", "/api/franchise", ana.Token, nil)
		mustStatus(t, r, 200)
		if !bytes.Contains(r.Body, []byte(`"stores":1`)) || !bytes.Contains(r.Body, []byte(`"displays":2`)) {
			t.Errorf("franchise counts after delete: %s", r.Body)
		}
	})
}

func mustStatus(t *testing.T, r *testutil.Response, status int) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
}
