package httpapi_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"vitrine/internal/ids"
	"vitrine/internal/testutil"
)

// seedSchedule inserts a schedule straight into the database.
func seedSchedule(t *testing.T, a *testutil.TestApp, franchiseID, name string) string {
	t.Helper()
	id := ids.New()
	now := a.Now().UnixMilli()
	if _, err := a.DB.ExecContext(context.Background(), `
		INSERT INTO schedules (id, franchise_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
		id, franchiseID, name, now, now); err != nil {
		t.Fatalf("seed schedule: %v", err)
	}
	return id
}

// displayFixture is what the TV cases start from, made for one case alone:
// ana's franchise with the stores Centro and Norte and the schedules
// Promoções and Natal, and bia's franchise with the store Sul and the
// schedule Alheia. Device codes are unique across the system, so each
// fixture has a prefix of its own for them.
type displayFixture struct {
	t                    *testing.T
	a                    *testutil.TestApp
	ana, bia             testutil.SeededUser
	rede, outra          string // franchise slugs: ana's and bia's
	promo, natal, alheia string // schedule ids
	code                 string // device-code prefix no other fixture uses
}

func newDisplayFixture(t *testing.T, a *testutil.TestApp) *displayFixture {
	t.Helper()
	u := a.Unique()
	f := &displayFixture{t: t, a: a, rede: "rede-" + u, outra: "outra-" + u, code: "T" + strings.ToUpper(u)}
	for _, n := range []string{"1", "2", "3", "4", "123", "124", "125", "126", "999"} {
		a.ReserveDevices(t, f.code+n)
	}
	f.ana = a.SeedUser(t, "ana-"+u+"@example.com", "")
	f.bia = a.SeedUser(t, "bia-"+u+"@example.com", "")
	rede := a.SeedFranchise(t, f.rede, "Rede", f.ana)
	outra := a.SeedFranchise(t, f.outra, "Outra", f.bia)
	f.promo = seedSchedule(t, a, rede, "Promoções")
	f.natal = seedSchedule(t, a, rede, "Natal")
	f.alheia = seedSchedule(t, a, outra, "Alheia")
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.rede, f.ana.Token, storeBody("Centro")), 201)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.rede, f.ana.Token, storeBody("Norte")), 201)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.outra, f.bia.Token, storeBody("Sul")), 201)
	return f
}

// tvs is the address of the TVs of one of ana's stores.
func (f *displayFixture) tvs(store string) string { return "/api/display/" + f.rede + "/" + store }

// addTV creates a TV in one of ana's stores and returns its id.
func (f *displayFixture) addTV(store string, body map[string]any) string {
	f.t.Helper()
	r := f.a.Do(f.t, "POST", f.tvs(store), f.ana.Token, body)
	mustStatus(f.t, r, 201)
	var created struct {
		Display struct{ ID string } `json:"display"`
	}
	r.Decode(f.t, &created)
	return created.Display.ID
}

// addTVsToSort gives Centro three TVs whose names sort differently by
// bytes, by case and by accents, and Norte one.
func (f *displayFixture) addTVsToSort() {
	f.t.Helper()
	f.addTV("centro", map[string]any{"name": "TV 10", "device": f.code + "1"})
	f.addTV("centro", map[string]any{"name": "tv 9", "device": f.code + "2"})
	f.addTV("centro", map[string]any{"name": "Área Externa", "device": f.code + "3"})
	f.addTV("norte", map[string]any{"name": "Balcão", "device": f.code + "4"})
}

// tvFixture is a displayFixture with one TV: "TV 10" in Centro, device
// code device, content orientation 1, on the schedule Promoções.
type tvFixture struct {
	*displayFixture
	id, path, device string
}

func newTVFixture(t *testing.T, a *testutil.TestApp) *tvFixture {
	t.Helper()
	f := &tvFixture{displayFixture: newDisplayFixture(t, a)}
	f.device = f.code + "123"
	f.id = f.addTV("centro", map[string]any{"name": "TV 10", "device": f.device, "contentOrientation": 1, "schedule": f.promo})
	f.path = f.tvs("centro") + "/" + f.id
	return f
}

func TestDisplays(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)

		// Cases on a franchise whose stores have no TV yet.
		testutil.RunCases(t, a, func(t *testing.T) *displayFixture { return newDisplayFixture(t, a) }, []testutil.Case[*displayFixture]{
			{Name: "a store without TVs lists none", Scenario: func(f *displayFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: f.tvs("centro"), Token: f.ana.Token,
					Status: 200, Contains: []string{`{"displayList":[]}`}}
			}},
			{Name: "listing TVs of an unknown store is 1061", Scenario: func(f *displayFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: f.tvs("nao-existe"), Token: f.ana.Token,
					Status: 404, Code: 1061}
			}},
			{Name: "name is required", Scenario: func(f *displayFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.tvs("centro"), Token: f.ana.Token,
					Body: map[string]any{"device": f.code + "123"}, Status: 400, Code: 1141}
			}},
			{Name: "a name already used in the store is refused, in other case and accents too", Scenario: func(f *displayFixture) testutil.Scenario {
				f.addTV("centro", map[string]any{"name": "Balcão", "device": f.code + "1"})
				return testutil.Scenario{Method: "POST", Path: f.tvs("centro"), Token: f.ana.Token,
					Body: map[string]any{"name": " BALCAO ", "device": f.code + "2"}, Status: 409, Code: 1003,
					Contains: []string{"Já existe um televisor com este nome nesta loja."},
					Check: func(t *testing.T, _ *testutil.Response) {
						r := f.a.Do(t, "GET", f.tvs("centro"), f.ana.Token, nil)
						wantNames(t, r, "Balcão")
					}}
			}},
			{Name: "a name used in another store is accepted", Scenario: func(f *displayFixture) testutil.Scenario {
				f.addTV("centro", map[string]any{"name": "Balcão", "device": f.code + "1"})
				return testutil.Scenario{Method: "POST", Path: f.tvs("norte"), Token: f.ana.Token,
					Body: map[string]any{"name": "Balcão", "device": f.code + "2"}, Status: 201}
			}},
			{Name: "renaming a TV to another TV's name is refused", Scenario: func(f *displayFixture) testutil.Scenario {
				f.addTV("centro", map[string]any{"name": "Balcão", "device": f.code + "1"})
				vitrine := f.addTV("centro", map[string]any{"name": "Vitrine", "device": f.code + "2"})
				return testutil.Scenario{Method: "POST", Path: f.tvs("centro") + "/" + vitrine, Token: f.ana.Token,
					Body: map[string]any{"name": "balcão"}, Status: 409, Code: 1003}
			}},
			{Name: "a TV keeps its own name when other fields change", Scenario: func(f *displayFixture) testutil.Scenario {
				id := f.addTV("centro", map[string]any{"name": "Balcão", "device": f.code + "1"})
				return testutil.Scenario{Method: "POST", Path: f.tvs("centro") + "/" + id, Token: f.ana.Token,
					Body: map[string]any{"name": "BALCÃO", "contentOrientation": 2}, Status: 200}
			}},
			{Name: "device is required", Scenario: func(f *displayFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.tvs("centro"), Token: f.ana.Token,
					Body: map[string]any{"name": "TV 1", "device": " "}, Status: 400, Code: 100125}
			}},
			{Name: "a device code with symbols is refused", Scenario: func(f *displayFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.tvs("centro"), Token: f.ana.Token,
					Body: map[string]any{"name": "TV 1", "device": "AB/12"}, Status: 400, Code: 1003}
			}},
			{Name: "content orientation must be 0 to 3", Scenario: func(f *displayFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.tvs("centro"), Token: f.ana.Token,
					Body: map[string]any{"name": "TV 1", "device": f.code + "123", "contentOrientation": 4}, Status: 400, Code: 1003}
			}},
			{Name: "a TV in an unknown store is 1061", Scenario: func(f *displayFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.tvs("nao-existe"), Token: f.ana.Token,
					Body: map[string]any{"name": "TV 1", "device": f.code + "123"}, Status: 404, Code: 1061}
			}},
			{Name: "another franchise's schedule is refused on creation", Scenario: func(f *displayFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.tvs("centro"), Token: f.ana.Token,
					Body: map[string]any{"name": "TV 1", "device": f.code + "123", "schedule": f.alheia}, Status: 404, Code: 1081,
					Absent: []string{"Alheia"}}
			}},
			{Name: "create a TV: code normalized, not yet connected", Scenario: func(f *displayFixture) testutil.Scenario {
				typed := " " + strings.ToLower(f.code) + "-123 " // as an operator may type it
				return testutil.Scenario{Method: "POST", Path: f.tvs("centro"), Token: f.ana.Token,
					Body:   map[string]any{"name": "TV 10", "device": typed, "detail": "", "orientation": 0, "contentOrientation": 1, "schedule": f.promo},
					Status: 201,
					Contains: []string{`"name":"TV 10"`, `"device":"` + f.code + `123"`, `"store":"centro"`, `"franchise":"` + f.rede + `"`,
						`"contentOrientation":1`, `"schedule":"` + f.promo + `"`, `"scheduleName":"Promoções"`,
						`"connected":false`, `"lastConnectionAck":0`}}
			}},
			{Name: "a TV created without a schedule shows none", Scenario: func(f *displayFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.tvs("centro"), Token: f.ana.Token,
					Body: map[string]any{"name": "tv 9", "device": f.code + "124"}, Status: 201,
					Contains: []string{`"schedule":""`, `"scheduleName":""`}}
			}},
			{Name: "the schedule may be sent as scheduleId", Scenario: func(f *displayFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.tvs("centro"), Token: f.ana.Token,
					Body: map[string]any{"name": "Área Externa", "device": f.code + "125", "scheduleId": f.natal}, Status: 201,
					Contains: []string{`"scheduleName":"Natal"`}}
			}},
			{Name: "a TV in another store of the franchise", Scenario: func(f *displayFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.tvs("norte"), Token: f.ana.Token,
					Body: map[string]any{"name": "Balcão", "device": f.code + "126"}, Status: 201,
					Contains: []string{`"name":"Balcão"`, `"store":"norte"`}}
			}},
			{Name: "TVs of a store are sorted by name, case and accents ignored", Scenario: func(f *displayFixture) testutil.Scenario {
				f.addTVsToSort()
				return testutil.Scenario{Method: "GET", Path: f.tvs("centro"), Token: f.ana.Token,
					Status: 200, Check: func(t *testing.T, r *testutil.Response) {
						wantNames(t, r, "Área Externa", "tv 9", "TV 10")
					}}
			}},
			{Name: "every TV of the franchise in one call", Scenario: func(f *displayFixture) testutil.Scenario {
				f.addTVsToSort()
				return testutil.Scenario{Method: "GET", Path: "/api/display/" + f.rede, Token: f.ana.Token,
					Status: 200, Check: func(t *testing.T, r *testutil.Response) {
						wantNames(t, r, "Área Externa", "Balcão", "tv 9", "TV 10")
					}}
			}},
			{Name: "the store counts its TVs", Scenario: func(f *displayFixture) testutil.Scenario {
				f.addTVsToSort()
				return testutil.Scenario{Method: "GET", Path: "/api/store/" + f.rede, Token: f.ana.Token,
					Status: 200, Contains: []string{`"slug":"centro"`, `"displays":3`, `"displays":1`}}
			}},
		})

		// Cases on a franchise with one TV, "TV 10" in Centro.
		testutil.RunCases(t, a, func(t *testing.T) *tvFixture { return newTVFixture(t, a) }, []testutil.Case[*tvFixture]{
			{Name: "the same device code again is 100122", Scenario: func(f *tvFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.tvs("norte"), Token: f.ana.Token,
					Body: map[string]any{"name": "Outra TV", "device": f.device}, Status: 409, Code: 100122}
			}},
			{Name: "the same code in another franchise is 100122 too", Scenario: func(f *tvFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/display/" + f.outra + "/sul", Token: f.bia.Token,
					Body: map[string]any{"name": "TV", "device": strings.ToLower(f.device)}, Status: 409, Code: 100122}
			}},
			{Name: "the device code cannot change", Scenario: func(f *tvFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"name": "TV 10", "device": f.code + "999"}, Status: 409, Code: 100128}
			}},
			{Name: "rename and turn, repeating the same code", Scenario: func(f *tvFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"name": "TV Dez", "device": strings.ToLower(f.device), "contentOrientation": 3}, Status: 200,
					Contains: []string{`"name":"TV Dez"`, `"contentOrientation":3`, `"scheduleName":"Promoções"`}}
			}},
			{Name: "change the schedule, keeping the name", Scenario: func(f *tvFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"schedule": f.natal}, Status: 200, Contains: []string{`"scheduleName":"Natal"`, `"name":"TV 10"`}}
			}},
			{Name: "another franchise's schedule is refused on update", Scenario: func(f *tvFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"schedule": f.alheia}, Status: 404, Code: 1081}
			}},
			{Name: "an unknown schedule is refused", Scenario: func(f *tvFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"schedule": "nope"}, Status: 404, Code: 1081}
			}},
			{Name: "unlink the schedule with an empty id", Scenario: func(f *tvFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"schedule": ""}, Status: 200, Contains: []string{`"schedule":""`, `"scheduleName":""`}}
			}},
			{Name: "a blank name is refused on update", Scenario: func(f *tvFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"name": ""}, Status: 400, Code: 1141}
			}},
			{Name: "a TV addressed through the wrong store is 100121", Scenario: func(f *tvFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.tvs("norte") + "/" + f.id, Token: f.ana.Token,
					Body: map[string]any{"name": "X"}, Status: 404, Code: 100121}
			}},
			{Name: "an unknown TV is 100121", Scenario: func(f *tvFixture) testutil.Scenario {
				return testutil.Scenario{Method: "DELETE", Path: f.tvs("centro") + "/nope", Token: f.ana.Token,
					Status: 404, Code: 100121}
			}},
			{Name: "delete a TV", Scenario: func(f *tvFixture) testutil.Scenario {
				return testutil.Scenario{Method: "DELETE", Path: f.path, Token: f.ana.Token, Status: 200, Contains: []string{`"ok":true`}}
			}},
			{Name: "a deleted TV is gone", Scenario: func(f *tvFixture) testutil.Scenario {
				f.addTV("centro", map[string]any{"name": "Fica", "device": f.code + "2"})
				mustStatus(f.t, f.a.Do(f.t, "DELETE", f.path, f.ana.Token, nil), 200)
				return testutil.Scenario{Method: "GET", Path: f.tvs("centro"), Token: f.ana.Token,
					Status: 200, Contains: []string{`"name":"Fica"`}, Absent: []string{`"name":"TV 10"`, f.id}}
			}},
			{Name: "and its code is free again", Scenario: func(f *tvFixture) testutil.Scenario {
				mustStatus(f.t, f.a.Do(f.t, "DELETE", f.path, f.ana.Token, nil), 200)
				return testutil.Scenario{Method: "POST", Path: f.tvs("norte"), Token: f.ana.Token,
					Body: map[string]any{"name": "Nova", "device": f.device}, Status: 201}
			}},
		})
	})
}

func wantNames(t *testing.T, r *testutil.Response, want ...string) {
	t.Helper()
	var body struct {
		DisplayList []struct {
			Name string `json:"name"`
		} `json:"displayList"`
	}
	r.Decode(t, &body)
	var got []string
	for _, d := range body.DisplayList {
		got = append(got, d.Name)
	}
	if len(got) != len(want) {
		t.Fatalf("names %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("names %q, want %q", got, want)
		}
	}
}

func TestOneDeviceCodeTwoSimultaneousRegistrations(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		bia := a.SeedUser(t, "bia@example.com", "")
		a.SeedFranchise(t, "rede", "Rede", ana)
		a.SeedFranchise(t, "outra", "Outra", bia)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro")), 201)
		mustStatus(t, a.Do(t, "POST", "/api/store/outra", bia.Token, storeBody("Sul")), 201)

		for round := range 10 {
			code := "RACE" + string(rune('A'+round))
			a.ReserveDevices(t, code)
			// Each goroutine writes only its own slot; the test's goroutine
			// reads them after Wait and is the only one to report.
			var wg sync.WaitGroup
			start := make(chan struct{})
			results := make([]*testutil.Response, 2)
			errs := make([]error, 2)
			for i, call := range []struct{ path, token string }{
				{"/api/display/rede/centro", ana.Token}, {"/api/display/outra/sul", bia.Token},
			} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					results[i], errs[i] = a.Send("POST", call.path, call.token, map[string]any{"name": "TV " + code, "device": code})
				}()
			}
			close(start)
			wg.Wait()
			created, taken := 0, 0
			for i, r := range results {
				switch {
				case errs[i] != nil:
					t.Fatalf("round %d, call %d: %v", round, i, errs[i])
				case r.Status == 201:
					created++
				case r.Status == 409 && r.Code() == 100122:
					taken++
				default:
					t.Fatalf("round %d: unexpected answer %d %s", round, r.Status, r.Body)
				}
			}
			if created != 1 || taken != 1 {
				t.Fatalf("round %d: %d created, %d refused; want exactly one of each", round, created, taken)
			}
		}
	})
}

// markOnline records the TV as held by a live player connection, as the hub
// does when a paired player connects.
func markOnline(t *testing.T, a *testutil.TestApp, displayID string) {
	t.Helper()
	if _, err := a.DB.ExecContext(context.Background(), `UPDATE displays SET connected = 1, connection_id = 'test',
		last_connection_ack = ? WHERE id = ?`, a.Now().UnixMilli(), displayID); err != nil {
		t.Fatal(err)
	}
}
