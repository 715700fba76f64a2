package httpapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"vitrine/internal/ids"
	"vitrine/internal/testutil"
)

// A user of franchise A gets 1403 for every call on franchise B, whatever
// exists there, and the answer names nothing of B.
func TestAnotherFranchiseIsInvisible(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", `{"dispA":1,"userA":1}`)
		bia := a.SeedUser(t, "bia@example.com", "")
		a.SeedFranchise(t, "rede-a", "Rede A", ana)
		a.SeedFranchise(t, "rede-b", "Rede Bravo", bia)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede-b", bia.Token, storeBody("Loja Bravo", contact("Bruna", "11987654321"))), 201)
		r := a.Do(t, "POST", "/api/display/rede-b/loja-bravo", bia.Token, map[string]any{"name": "TV Bravo", "device": "BRAVO1"})
		mustStatus(t, r, 201)
		var tv struct {
			Display struct{ ID string } `json:"display"`
		}
		r.Decode(t, &tv)
		d := "/api/display/rede-b/loja-bravo/" + tv.Display.ID

		calls := []struct{ method, path string }{
			{"POST", "/api/franchise/rede-b"},
			{"GET", "/api/store/rede-b"},
			{"POST", "/api/store/rede-b"},
			{"POST", "/api/store/rede-b/loja-bravo"},
			{"DELETE", "/api/store/rede-b/loja-bravo"},
			{"POST", "/api/store/rede-b/notify"},
			{"GET", "/api/display/rede-b"},
			{"GET", "/api/display/rede-b/loja-bravo"},
			{"POST", "/api/display/rede-b/loja-bravo"},
			{"POST", d},
			{"DELETE", d},
			{"POST", d + "/admin-command"},
		}
		bodies := map[string]any{
			"POST /api/franchise/rede-b":          map[string]any{"name": "Tomada"},
			"POST /api/store/rede-b":              storeBody("Intrusa"),
			"POST /api/store/rede-b/loja-bravo":   storeBody("Tomada"),
			"DELETE /api/store/rede-b/loja-bravo": map[string]any{"name": "Loja Bravo"},
			"POST /api/store/rede-b/notify":       map[string]any{"message": "oi", "storeSlugList": []string{"loja-bravo"}},
			"POST /api/display/rede-b/loja-bravo": map[string]any{"name": "Intrusa", "device": "INTRUSA"},
			"POST " + d:                           map[string]any{"name": "Tomada"},
			"POST " + d + "/admin-command":        map[string]any{"operation": "restartDevice"},
		}
		var scenarios []testutil.Scenario
		for _, c := range calls {
			scenarios = append(scenarios, testutil.Scenario{
				Name: c.method + " " + strings.ReplaceAll(c.path, "/", "_"), Method: c.method, Path: c.path,
				Token: ana.Token, Body: bodies[c.method+" "+c.path], Status: 403, Code: 1403,
				Absent: []string{"Bravo", "bravo", "Bruna", "BRAVO1", tv.Display.ID},
			})
		}
		// The same calls on a franchise that does not exist answer the same.
		scenarios = append(scenarios,
			testutil.Scenario{Name: "an unknown franchise looks the same", Method: "GET", Path: "/api/store/nao-existe",
				Token: ana.Token, Status: 403, Code: 1403},
			testutil.Scenario{Name: "the overview of an unknown franchise looks the same", Method: "GET", Path: "/api/display/nao-existe",
				Token: ana.Token, Status: 403, Code: 1403},
		)
		a.Run(t, scenarios)

		// Nothing of B changed.
		r = a.Do(t, "GET", "/api/display/rede-b", bia.Token, nil)
		if !strings.Contains(string(r.Body), `"name":"TV Bravo"`) || strings.Contains(string(r.Body), "Intrusa") {
			t.Errorf("B's TVs after the attempts: %s", r.Body)
		}
		r = a.Do(t, "GET", "/api/store/rede-b", bia.Token, nil)
		if !strings.Contains(string(r.Body), `"name":"Loja Bravo"`) || strings.Contains(string(r.Body), "Tomada") {
			t.Errorf("B's stores after the attempts: %s", r.Body)
		}
		var queued int
		if err := a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM outbox`).Scan(&queued); err != nil {
			t.Fatal(err)
		}
		if queued != 0 {
			t.Errorf("%d messages queued by an outsider", queued)
		}
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

func TestAdminCommands(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		op := a.SeedUser(t, "op@example.com", "")
		boxAdmin := a.SeedUser(t, "caixa@example.com", `{"dispA":1}`)
		userAdmin := a.SeedUser(t, "gente@example.com", `{"userA":1}`)
		a.SeedFranchise(t, "rede", "Rede", op, boxAdmin, userAdmin)
		asBoxAdmin := impersonate(t, a, op.ID, boxAdmin.ID)
		asUserAdmin := impersonate(t, a, op.ID, userAdmin.ID)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", op.Token, storeBody("Centro")), 201)
		r := a.Do(t, "POST", "/api/display/rede/centro", op.Token, map[string]any{"name": "TV", "device": "CMD001"})
		mustStatus(t, r, 201)
		var tv struct {
			Display struct{ ID string } `json:"display"`
		}
		r.Decode(t, &tv)
		cmd := "/api/display/rede/centro/" + tv.Display.ID + "/admin-command"

		var ids []string
		keep := func(t *testing.T, r *testutil.Response) {
			var body struct {
				CommandID string `json:"commandId"`
			}
			r.Decode(t, &body)
			if body.CommandID == "" {
				t.Fatalf("no command id: %s", r.Body)
			}
			ids = append(ids, body.CommandID)
		}
		scenarios := []testutil.Scenario{
			{Name: "an operator without dispA is refused", Method: "POST", Path: cmd, Token: op.Token,
				Body: map[string]any{"operation": "restartDevice"}, Status: 403, Code: 1403},
			{Name: "an administrator without dispA is refused", Method: "POST", Path: cmd, Token: userAdmin.Token,
				Body: map[string]any{"operation": "restartDevice"}, Status: 403, Code: 1403},
			{Name: "impersonated by an administrator without dispA is refused", Method: "POST", Path: cmd, Token: asUserAdmin,
				Body: map[string]any{"operation": "restartDevice"}, Status: 403, Code: 1403},
			{Name: "an unknown operation is 1003", Method: "POST", Path: cmd, Token: boxAdmin.Token,
				Body: map[string]any{"operation": "formatDisk"}, Status: 400, Code: 1003},
			{Name: "a missing operation is 1003", Method: "POST", Path: cmd, Token: boxAdmin.Token,
				Body: map[string]any{}, Status: 400, Code: 1003},
			{Name: "an unknown TV is 100121", Method: "POST", Path: "/api/display/rede/centro/nope/admin-command", Token: boxAdmin.Token,
				Body: map[string]any{"operation": "screenshot"}, Status: 404, Code: 100121},
			{Name: "impersonated by a dispA administrator is accepted", Method: "POST", Path: cmd, Token: asBoxAdmin,
				Body: map[string]any{"operation": "identifyDevice"}, Status: 202, Check: keep},
		}
		for _, operation := range []string{"restartDevice", "screenshot", "recordVideo", "identifyDevice",
			"identifyVersion", "clearSchedule", "clearDb", "clearMedia"} {
			scenarios = append(scenarios, testutil.Scenario{Name: "a dispA user sends " + operation, Method: "POST", Path: cmd,
				Token: boxAdmin.Token, Body: map[string]any{"operation": operation}, Status: 202, Check: keep})
		}
		a.Run(t, scenarios)

		rows, err := a.DB.QueryContext(context.Background(), `
			SELECT operation, status, requested_by, COALESCE(admin_user_id, '') FROM display_commands ORDER BY created_at, id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			var operation, status, by, admin string
			if err := rows.Scan(&operation, &status, &by, &admin); err != nil {
				t.Fatal(err)
			}
			if status != "queued" {
				t.Errorf("command %s is %q, want queued", operation, status)
			}
			if operation == "identifyDevice" && n == 0 && (by != op.ID || admin != boxAdmin.ID) {
				t.Errorf("impersonated command recorded as by %s admin %s", by, admin)
			}
			n++
		}
		if n != 9 || len(ids) != 9 {
			t.Errorf("%d commands stored, %d ids answered; want 9", n, len(ids))
		}
	})
}
