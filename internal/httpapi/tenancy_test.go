package httpapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"vitrine/internal/ids"
	"vitrine/internal/testutil"
)

// bravoFixture is franchise B, "Rede Bravo" of bia's, with the store
// "Loja Bravo" (contact Bruna) and its TV "TV Bravo", next to ana's own
// franchise, made for one case alone.
type bravoFixture struct {
	t        *testing.T
	a        *testutil.TestApp
	ana, bia testutil.SeededUser
	b, bID   string // B's slug and id
	tv       string // B's TV id
	device   string // its device code
}

func newBravoFixture(t *testing.T, a *testutil.TestApp) *bravoFixture {
	t.Helper()
	u := a.Unique()
	f := &bravoFixture{t: t, a: a, b: "rede-b-" + u, device: "BRAVO" + strings.ToUpper(u)}
	f.ana = a.SeedUser(t, "ana-"+u+"@example.com", `{"dispA":1,"userA":1}`)
	f.bia = a.SeedUser(t, "bia-"+u+"@example.com", "")
	a.SeedFranchise(t, "rede-a-"+u, "Rede A", f.ana)
	f.bID = a.SeedFranchise(t, f.b, "Rede Bravo", f.bia)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.b, f.bia.Token, storeBody("Loja Bravo", contact("Bruna", "11987654321"))), 201)
	a.ReserveDevices(t, f.device)
	r := a.Do(t, "POST", "/api/display/"+f.b+"/loja-bravo", f.bia.Token, map[string]any{"name": "TV Bravo", "device": f.device})
	mustStatus(t, r, 201)
	var tv struct {
		Display struct{ ID string } `json:"display"`
	}
	r.Decode(t, &tv)
	f.tv = tv.Display.ID
	return f
}

// unchanged checks, as bia, that B still holds what it held.
func (f *bravoFixture) unchanged(t *testing.T, _ *testutil.Response) {
	t.Helper()
	for _, c := range []struct{ path, has, lacks string }{
		{"/api/display/" + f.b, `"name":"TV Bravo"`, "Intrusa"},
		{"/api/store/" + f.b, `"name":"Loja Bravo"`, "Tomada"},
		{"/api/franchise", `"name":"Rede Bravo"`, "Tomada"},
	} {
		r := f.a.Do(t, "GET", c.path, f.bia.Token, nil)
		if r.Status != 200 || !strings.Contains(string(r.Body), c.has) || strings.Contains(string(r.Body), c.lacks) {
			t.Errorf("B after the attempt, GET %s: %d %s", c.path, r.Status, r.Body)
		}
	}
	var queued int
	if err := f.a.DB.QueryRowContext(context.Background(),
		`SELECT COUNT(*) FROM outbox WHERE franchise_id = ?`, f.bID).Scan(&queued); err != nil {
		t.Fatal(err)
	}
	if queued != 0 {
		t.Errorf("%d messages queued by an outsider", queued)
	}
}

// A user of franchise A gets 1403 for every call on franchise B, whatever
// exists there, the answer names nothing of B, and B is left as it was.
func TestAnotherFranchiseIsInvisible(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		// Paths name B as {b} and its TV as {tv}.
		calls := []struct {
			method, path string
			body         any
		}{
			{"POST", "/api/franchise/{b}", map[string]any{"name": "Tomada"}},
			{"GET", "/api/store/{b}", nil},
			{"POST", "/api/store/{b}", storeBody("Intrusa")},
			{"POST", "/api/store/{b}/loja-bravo", storeBody("Tomada")},
			{"DELETE", "/api/store/{b}/loja-bravo", map[string]any{"name": "Loja Bravo"}},
			{"POST", "/api/store/{b}/notify", map[string]any{"message": "oi", "storeSlugList": []string{"loja-bravo"}}},
			{"GET", "/api/display/{b}", nil},
			{"GET", "/api/display/{b}/loja-bravo", nil},
			{"POST", "/api/display/{b}/loja-bravo", map[string]any{"name": "Intrusa", "device": "INTRUSA"}},
			{"POST", "/api/display/{b}/loja-bravo/{tv}", map[string]any{"name": "Tomada"}},
			{"DELETE", "/api/display/{b}/loja-bravo/{tv}", nil},
			{"POST", "/api/display/{b}/loja-bravo/{tv}/admin-command", map[string]any{"operation": "restartDevice"}},
		}
		var cases []testutil.Case[*bravoFixture]
		for _, c := range calls {
			cases = append(cases, testutil.Case[*bravoFixture]{
				Name: c.method + " " + strings.ReplaceAll(c.path, "/", "_"),
				Scenario: func(f *bravoFixture) testutil.Scenario {
					path := strings.NewReplacer("{b}", f.b, "{tv}", f.tv).Replace(c.path)
					return testutil.Scenario{Method: c.method, Path: path, Token: f.ana.Token, Body: c.body,
						Status: 403, Code: 1403, Absent: []string{"Bravo", "bravo", "Bruna", f.device, f.tv},
						Check: f.unchanged}
				},
			})
		}
		// The same calls on a franchise that does not exist answer the same.
		cases = append(cases,
			testutil.Case[*bravoFixture]{Name: "an unknown franchise looks the same", Scenario: func(f *bravoFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/store/nao-existe", Token: f.ana.Token, Status: 403, Code: 1403}
			}},
			testutil.Case[*bravoFixture]{Name: "the overview of an unknown franchise looks the same", Scenario: func(f *bravoFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/display/nao-existe", Token: f.ana.Token, Status: 403, Code: 1403}
			}},
		)
		testutil.RunCases(t, a, func(t *testing.T) *bravoFixture { return newBravoFixture(t, a) }, cases)
	})
}

// impersonate opens a session as user on behalf of admin, as the accounts
// service does, and returns its token.
func impersonate(t *testing.T, a *testutil.TestApp, userID, adminID string) string {
	t.Helper()
	token := ids.Secret(32)
	now := a.Now().UnixMilli()
	if _, err := a.DB.ExecContext(context.Background(), `
		INSERT INTO sessions (token_hash, user_id, admin_user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		ids.Hash(token), userID, adminID, now, now+int64(time.Hour/time.Millisecond)); err != nil {
		t.Fatalf("impersonation session: %v", err)
	}
	return token
}

// commandFixture is a franchise of its own with one TV, an operator (op),
// an administrator of TVs (dispA) and one of users (userA), each of the
// two impersonating the operator.
type commandFixture struct {
	t                                *testing.T
	a                                *testutil.TestApp
	op, boxAdmin, userAdmin          testutil.SeededUser
	asBoxAdmin, asUserAdmin, tv, cmd string
}

func newCommandFixture(t *testing.T, a *testutil.TestApp) *commandFixture {
	t.Helper()
	u := a.Unique()
	f := &commandFixture{t: t, a: a}
	f.op = a.SeedUser(t, "op-"+u+"@example.com", "")
	f.boxAdmin = a.SeedUser(t, "caixa-"+u+"@example.com", `{"dispA":1}`)
	f.userAdmin = a.SeedUser(t, "gente-"+u+"@example.com", `{"userA":1}`)
	a.SeedFranchise(t, "rede-"+u, "Rede", f.op, f.boxAdmin, f.userAdmin)
	f.asBoxAdmin = impersonate(t, a, f.op.ID, f.boxAdmin.ID)
	f.asUserAdmin = impersonate(t, a, f.op.ID, f.userAdmin.ID)
	mustStatus(t, a.Do(t, "POST", "/api/store/rede-"+u, f.op.Token, storeBody("Centro")), 201)
	a.ReserveDevices(t, "CMD"+strings.ToUpper(u))
	r := a.Do(t, "POST", "/api/display/rede-"+u+"/centro", f.op.Token, map[string]any{"name": "TV", "device": "CMD" + strings.ToUpper(u)})
	mustStatus(t, r, 201)
	var tv struct {
		Display struct{ ID string } `json:"display"`
	}
	r.Decode(t, &tv)
	f.tv = tv.Display.ID
	f.cmd = "/api/display/rede-" + u + "/centro/" + f.tv + "/admin-command"
	markOnline(t, a, f.tv)
	return f
}

// command is a command row as stored.
type command struct{ id, operation, status, by, admin string }

// commands returns the commands stored for the fixture's TV.
func (f *commandFixture) commands(t *testing.T) []command {
	t.Helper()
	rows, err := f.a.DB.QueryContext(context.Background(), `
		SELECT id, operation, status, requested_by, COALESCE(admin_user_id, '') FROM display_commands
		WHERE display_id = ? ORDER BY created_at, id`, f.tv)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []command
	for rows.Next() {
		var c command
		if err := rows.Scan(&c.id, &c.operation, &c.status, &c.by, &c.admin); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// refused checks that no command was stored.
func (f *commandFixture) refused(t *testing.T, _ *testutil.Response) {
	t.Helper()
	if got := f.commands(t); len(got) != 0 {
		t.Errorf("a refused command was stored: %+v", got)
	}
}

// queued returns a check that the answer names the one command stored:
// sent to the player, of operation, asked by the user by on behalf of the administrator
// admin ("" when nobody impersonates).
func (f *commandFixture) queued(operation, by, admin string) func(t *testing.T, r *testutil.Response) {
	return func(t *testing.T, r *testutil.Response) {
		t.Helper()
		var body struct {
			CommandID string `json:"commandId"`
		}
		r.Decode(t, &body)
		if body.CommandID == "" {
			t.Fatalf("no command id: %s", r.Body)
		}
		want := command{id: body.CommandID, operation: operation, status: "sent", by: by, admin: admin}
		if got := f.commands(t); len(got) != 1 || got[0] != want {
			t.Errorf("commands stored %+v, want only %+v", got, want)
		}
	}
}

func TestAdminCommands(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		cases := []testutil.Case[*commandFixture]{
			{Name: "an operator without dispA is refused", Scenario: func(f *commandFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.cmd, Token: f.op.Token,
					Body: map[string]any{"operation": "restartDevice"}, Status: 403, Code: 1403, Check: f.refused}
			}},
			{Name: "an administrator without dispA is refused", Scenario: func(f *commandFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.cmd, Token: f.userAdmin.Token,
					Body: map[string]any{"operation": "restartDevice"}, Status: 403, Code: 1403, Check: f.refused}
			}},
			{Name: "impersonated by an administrator without dispA is refused", Scenario: func(f *commandFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.cmd, Token: f.asUserAdmin,
					Body: map[string]any{"operation": "restartDevice"}, Status: 403, Code: 1403, Check: f.refused}
			}},
			{Name: "a dispA administrator in their own session is refused: commands need an impersonation", Scenario: func(f *commandFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.cmd, Token: f.boxAdmin.Token,
					Body: map[string]any{"operation": "restartDevice"}, Status: 403, Code: 1403, Check: f.refused}
			}},
			{Name: "an unknown operation is 1003", Scenario: func(f *commandFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.cmd, Token: f.asBoxAdmin,
					Body: map[string]any{"operation": "formatDisk"}, Status: 400, Code: 1003, Check: f.refused}
			}},
			{Name: "a missing operation is 1003", Scenario: func(f *commandFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.cmd, Token: f.asBoxAdmin,
					Body: map[string]any{}, Status: 400, Code: 1003, Check: f.refused}
			}},
			{Name: "an unknown TV is 100121", Scenario: func(f *commandFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: strings.Replace(f.cmd, f.tv, "nope", 1), Token: f.asBoxAdmin,
					Body: map[string]any{"operation": "screenshot"}, Status: 404, Code: 100121, Check: f.refused}
			}},
			{Name: "impersonated by a dispA administrator is accepted and recorded as both", Scenario: func(f *commandFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.cmd, Token: f.asBoxAdmin,
					Body: map[string]any{"operation": "identifyDevice"}, Status: 202, Check: f.queued("identifyDevice", f.op.ID, f.boxAdmin.ID)}
			}},
		}
		for _, operation := range []string{"restartDevice", "screenshot", "recordVideo", "identifyDevice",
			"identifyVersion", "clearSchedule", "clearDb", "clearMedia"} {
			cases = append(cases, testutil.Case[*commandFixture]{Name: "impersonated by a dispA administrator, " + operation + " is queued", Scenario: func(f *commandFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.cmd, Token: f.asBoxAdmin,
					Body: map[string]any{"operation": operation}, Status: 202, Check: f.queued(operation, f.op.ID, f.boxAdmin.ID)}
			}})
		}
		testutil.RunCases(t, a, func(t *testing.T) *commandFixture { return newCommandFixture(t, a) }, cases)
	})
}
