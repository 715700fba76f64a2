package httpapi_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/auth"
	"vitrine/internal/testutil"
)

// chainOf is a chain's records, newest first ("" is the platform's).
func chainOf(t *testing.T, a *testutil.TestApp, chain string) []audit.Item {
	t.Helper()
	items, err := audit.List(context.Background(), a.DB, audit.Filter{Chain: chain})
	if err != nil {
		t.Fatal(err)
	}
	return items
}

// recordOf is the newest record of the chain with that kind and action
// (and id, unless ""); it stops the test when there is none.
func recordOf(t *testing.T, a *testutil.TestApp, chain, kind, action, id string) audit.Item {
	t.Helper()
	for _, it := range chainOf(t, a, chain) {
		if it.Kind == kind && it.Action == action && (id == "" || it.ID == id) {
			return it
		}
	}
	t.Fatalf("no %s %s record of %q in chain %q", kind, action, id, chain)
	return audit.Item{}
}

// count is how many records of the chain have that kind and action.
func count(t *testing.T, a *testutil.TestApp, chain, kind, action string) int {
	t.Helper()
	n := 0
	for _, it := range chainOf(t, a, chain) {
		if it.Kind == kind && it.Action == action {
			n++
		}
	}
	return n
}

// wantChange checks one field's values before and after, as JSON ("" for
// none).
func wantChange(t *testing.T, it audit.Item, field, before, after string) {
	t.Helper()
	i := slices.IndexFunc(it.Changes, func(c audit.Change) bool { return c.Field == field })
	if i < 0 {
		t.Fatalf("%s %s: no change of %q in %+v", it.Kind, it.Action, field, it.Changes)
	}
	c := it.Changes[i]
	if string(c.Before) != before || string(c.After) != after {
		t.Errorf("%s %s %s: %s -> %s, want %s -> %s", it.Kind, it.Action, field, c.Before, c.After, before, after)
	}
}

func noChange(t *testing.T, it audit.Item, field string) {
	t.Helper()
	if slices.ContainsFunc(it.Changes, func(c audit.Change) bool { return c.Field == field }) {
		t.Errorf("%s %s lists %q, which did not change: %+v", it.Kind, it.Action, field, it.Changes)
	}
}

// storedRecords is every stored record as text, every column of it.
func storedRecords(t *testing.T, a *testutil.TestApp) string {
	t.Helper()
	rows, err := a.DB.QueryContext(context.Background(), `SELECT * FROM audit_records`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var b strings.Builder
	for rows.Next() {
		vals := make([]sql.RawBytes, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for _, v := range vals {
			b.Write(v)
			b.WriteByte('\t')
		}
		b.WriteByte('\n')
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func idOf(t *testing.T, a *testutil.TestApp, query string, args ...any) string {
	t.Helper()
	var id string
	if err := a.DB.QueryRowContext(context.Background(), query, args...).Scan(&id); err != nil {
		t.Fatalf("%s %v: %v", query, args, err)
	}
	return id
}

func TestAuditTeamMemberInvitedNarrowedRemoved(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newTeamFixture(t, a)
		storeA := idOf(t, a, `SELECT id FROM stores WHERE franchise_id = ? AND slug = ?`, f.id, f.storeA)
		storeB := idOf(t, a, `SELECT id FROM stores WHERE franchise_id = ? AND slug = ?`, f.id, f.storeB)
		email := "nova-" + a.Unique() + "@example.com"

		code := f.invite(email, map[string]any{"role": "franchisee", "stores": []string{"loja-a", "loja-b"}})
		inv := recordOf(t, a, f.id, audit.KindInvitation, audit.ActionInvite, "")
		if inv.UserID != f.nina.ID || inv.Address == "" || inv.StoreID != "" || inv.Name != email {
			t.Errorf("the invitation's record: %+v", inv)
		}
		wantChange(t, inv, "email", "", `"`+email+`"`)
		wantChange(t, inv, "role", "", `"franchisee"`)
		wantChange(t, inv, "stores", "", `["Loja A","Loja B"]`)

		r := a.Do(t, "POST", "/api/invite/"+code+"/accept", "", map[string]any{"name": "Nova Franqueada", "auth": password})
		mustStatus(t, r, 200)
		member := idOf(t, a, `SELECT id FROM users WHERE email = ?`, email)
		joined := recordOf(t, a, f.id, audit.KindMember, audit.ActionAccept, member)
		if joined.UserID != member || joined.UserEmail != email || joined.Name != "Nova Franqueada" || joined.StoreID != "" {
			t.Errorf("the acceptance is the new member's: %+v", joined)
		}
		wantChange(t, joined, "stores", "", `["Loja A","Loja B"]`)
		created := recordOf(t, a, "", audit.KindUser, audit.ActionCreate, member)
		if created.UserID != member {
			t.Errorf("the new account's record: %+v", created)
		}
		wantChange(t, created, "email", "", `"`+email+`"`)

		r = a.Do(t, "POST", "/api/team/"+f.slug+"/"+member, f.nina.Token, map[string]any{"role": "franchisee", "stores": []string{"loja-a"}})
		mustStatus(t, r, 200)
		narrowed := recordOf(t, a, f.id, audit.KindMember, audit.ActionUpdate, member)
		if narrowed.UserID != f.nina.ID || narrowed.StoreID != "" {
			t.Errorf("a change of two stores is the network's record: %+v", narrowed)
		}
		wantChange(t, narrowed, "stores", `["Loja A","Loja B"]`, `["Loja A"]`)
		noChange(t, narrowed, "role")

		before := len(chainOf(t, a, f.id))
		mustStatus(t, a.Do(t, "POST", "/api/team/"+f.slug+"/"+member, f.fabio.Token, map[string]any{"role": "network"}), 403)
		mustStatus(t, a.Do(t, "POST", "/api/team/"+f.slug+"/"+member, f.nina.Token, map[string]any{"role": "chefe"}), 400)
		mustStatus(t, a.Do(t, "POST", "/api/team/"+f.slug+"/"+member, f.nina.Token,
			map[string]any{"role": "franchisee", "stores": []string{"loja-z"}}), 404)
		mustStatus(t, a.Do(t, "DELETE", "/api/team/"+f.slug+"/"+member, f.fabio.Token, nil), 403)
		if after := len(chainOf(t, a, f.id)); after != before {
			t.Fatalf("refused changes wrote %d records", after-before)
		}

		mustStatus(t, a.Do(t, "DELETE", "/api/team/"+f.slug+"/"+member, f.nina.Token, nil), 200)
		removed := recordOf(t, a, f.id, audit.KindMember, audit.ActionDelete, member)
		if removed.StoreID != storeA || removed.UserID != f.nina.ID {
			t.Errorf("the removal of loja-a's franchisee is loja-a's: %+v", removed)
		}
		wantChange(t, removed, "role", `"franchisee"`, "")
		wantChange(t, removed, "stores", `["Loja A"]`, "")

		// A store manager's invitation is its store's record, revoked too.
		other := "gerente-" + a.Unique() + "@example.com"
		f.invite(other, map[string]any{"role": "store", "stores": []string{"loja-b"}})
		invited := recordOf(t, a, f.id, audit.KindInvitation, audit.ActionInvite, "")
		if invited.StoreID != storeB || invited.Name != other {
			t.Errorf("a store manager's invitation: %+v", invited)
		}
		mustStatus(t, a.Do(t, "DELETE", "/api/team/"+f.slug+"/invite/"+invited.ID, f.nina.Token, nil), 200)
		revoked := recordOf(t, a, f.id, audit.KindInvitation, audit.ActionRevoke, invited.ID)
		if revoked.StoreID != storeB {
			t.Errorf("the revocation: %+v", revoked)
		}
		wantChange(t, revoked, "role", `"store"`, "")
		mustStatus(t, a.Do(t, "DELETE", "/api/team/"+f.slug+"/invite/"+invited.ID, f.nina.Token, nil), 404)
		if n := count(t, a, f.id, audit.KindInvitation, audit.ActionRevoke); n != 1 {
			t.Errorf("%d revocations recorded, want 1", n)
		}
	})
}

func TestAuditSignInsWithoutSecrets(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := newAccount(t, a, "ana", "Ana", nil)
		const wrong = "Senha#Errada9"
		stranger := "ninguem-" + a.Unique() + "@example.com"

		mustStatus(t, a.Do(t, "POST", "/api/user/auth", "", map[string]string{"email": ana.email, "auth": wrong}), 401)
		mustStatus(t, a.Do(t, "POST", "/api/user/auth", "", map[string]string{"email": stranger, "auth": wrong}), 401)
		// Bad input is no sign-in attempt: nothing is recorded.
		mustStatus(t, a.Do(t, "POST", "/api/user/auth", "", map[string]string{"email": "não-é-email", "auth": wrong}), 400)
		r := a.Do(t, "POST", "/api/user/auth", "", map[string]string{"email": ana.email, "auth": password})
		mustStatus(t, r, 200)
		token := tokenOf(t, r)

		in := recordOf(t, a, "", audit.KindSession, audit.ActionSignIn, ana.id)
		if in.UserID != ana.id || in.UserEmail != ana.email || in.Address != "127.0.0.1" ||
			in.RequestID == "" || in.RequestID != r.Header.Get("X-Request-Id") {
			t.Errorf("the sign-in's record: %+v (request %s)", in, r.Header.Get("X-Request-Id"))
		}
		failed := chainOf(t, a, "")
		failed = slices.DeleteFunc(failed, func(it audit.Item) bool { return it.Action != audit.ActionSignInFailed })
		if len(failed) != 2 {
			t.Fatalf("%d failed sign-ins recorded, want 2: %+v", len(failed), failed)
		}
		unknown, wrongPassword := failed[0], failed[1]
		if unknown.UserID != "" || unknown.Name != stranger || unknown.Address != "127.0.0.1" {
			t.Errorf("an unknown e-mail's failure: %+v", unknown)
		}
		wantChange(t, unknown, "email", "", `"`+stranger+`"`)
		wantChange(t, unknown, "reason", "", `"unknownEmail"`)
		if wrongPassword.UserID != ana.id || wrongPassword.Address != "127.0.0.1" {
			t.Errorf("a wrong password's failure: %+v", wrongPassword)
		}
		wantChange(t, wrongPassword, "reason", "", `"wrongPassword"`)

		r = a.Do(t, "POST", "/api/user/pwd", token, map[string]string{"currentAuth": password, "auth": newPassword})
		mustStatus(t, r, 200)
		fresh := tokenOf(t, r)
		changed := recordOf(t, a, "", audit.KindUser, audit.ActionUpdate, ana.id)
		if c := changed.Changes; len(c) != 1 || c[0].Field != "password" || !c[0].Redacted || c[0].Before != nil || c[0].After != nil {
			t.Errorf("a password change records the field only: %+v", changed.Changes)
		}
		mustStatus(t, a.Do(t, "POST", "/api/user/logout", fresh, nil), 200)
		out := recordOf(t, a, "", audit.KindSession, audit.ActionSignOut, ana.id)
		if out.UserID != ana.id {
			t.Errorf("the sign-out's record: %+v", out)
		}

		stored := storedRecords(t, a)
		if !strings.Contains(stored, stranger) {
			t.Fatal("the stored records do not read back")
		}
		for _, secret := range []string{password, wrong, newPassword, token, fresh, ana.token, "argon2"} {
			if strings.Contains(stored, secret) {
				t.Errorf("a stored record holds %q", secret)
			}
		}
	})
}

// Throttled attempts cost the caller nothing, so they must not cost a
// record each: the first one of a block is recorded, the next are not.
func TestAuditThrottledSignInsRecordedOncePerBlock(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		ana := newAccount(t, a, "ana", "Ana", nil)
		wrong := map[string]string{"email": ana.email, "auth": "Senha#Errada9"}
		for range auth.MaxLoginFailures {
			mustStatus(t, a.Do(t, "POST", "/api/user/auth", "", wrong), 401)
		}
		for range 5 {
			mustStatus(t, a.Do(t, "POST", "/api/user/auth", "", wrong), 429)
		}
		var reasons []string
		for _, it := range chainOf(t, a, "") {
			if it.Action == audit.ActionSignInFailed {
				var reason string
				for _, c := range it.Changes {
					if c.Field == "reason" {
						_ = json.Unmarshal(c.After, &reason)
					}
				}
				reasons = append(reasons, reason)
			}
		}
		if len(reasons) != auth.MaxLoginFailures+1 || reasons[0] != "throttled" {
			t.Fatalf("recorded failures %v, want %d wrong passwords and one throttled", reasons, auth.MaxLoginFailures)
		}
		throttled := recordOf(t, a, "", audit.KindSession, audit.ActionSignInFailed, ana.id)
		if throttled.UserID != ana.id || throttled.Address != "127.0.0.1" {
			t.Errorf("the throttled attempt's record: %+v", throttled)
		}
		// Once the window has passed, a new block is recorded again.
		clock.Advance(auth.LoginWindow)
		for range auth.MaxLoginFailures {
			mustStatus(t, a.Do(t, "POST", "/api/user/auth", "", wrong), 401)
		}
		mustStatus(t, a.Do(t, "POST", "/api/user/auth", "", wrong), 429)
		if n := count(t, a, "", audit.KindSession, audit.ActionSignInFailed); n != 2*(auth.MaxLoginFailures+1) {
			t.Errorf("%d failures recorded after a second block, want %d", n, 2*(auth.MaxLoginFailures+1))
		}
	})
}

func TestAuditGroupsAndAccountsAdministration(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		admin := newAccount(t, a, "admin", "Zeca Admin", map[string]int{"userA": 1, "dispA": 1})
		ana := newAccount(t, a, "ana", "Ana", nil)
		bia := newAccount(t, a, "bia", "Bia", nil)

		name := "Rede Audit " + a.Unique()
		r := a.Do(t, "POST", "/api/franchise", ana.token, map[string]any{"name": name})
		mustStatus(t, r, 201)
		group := idOf(t, a, `SELECT id FROM franchises WHERE name = ?`, name)
		created := recordOf(t, a, group, audit.KindGroup, audit.ActionCreate, group)
		if created.UserID != ana.id || created.Name != name {
			t.Errorf("the group's creation: %+v", created)
		}
		wantChange(t, created, "name", "", `"`+name+`"`)
		noChange(t, created, "stores")
		creator := recordOf(t, a, group, audit.KindMember, audit.ActionCreate, ana.id)
		wantChange(t, creator, "role", "", `"network"`)
		wantChange(t, creator, "manageTeam", "", "true")

		slug := idOf(t, a, `SELECT slug FROM franchises WHERE id = ?`, group)
		mustStatus(t, a.Do(t, "POST", "/api/franchise/"+slug, ana.token, map[string]any{"city": "Campinas"}), 200)
		updated := recordOf(t, a, group, audit.KindGroup, audit.ActionUpdate, group)
		wantChange(t, updated, "city", "", `"Campinas"`)
		noChange(t, updated, "name")
		records := len(chainOf(t, a, group))
		mustStatus(t, a.Do(t, "POST", "/api/franchise/"+slug, ana.token, map[string]any{"document": "11.111.111/1111-11"}), 400)
		mustStatus(t, a.Do(t, "POST", "/api/franchise/"+slug, ana.token, map[string]any{"city": "Campinas"}), 200)
		mustStatus(t, a.Do(t, "POST", "/api/franchise/"+slug, bia.token, map[string]any{"city": "Sorocaba"}), 403)
		if n := len(chainOf(t, a, group)); n != records {
			t.Errorf("a refused or empty update wrote %d records", n-records)
		}

		// The administrator adds and removes a membership: the group's chain.
		add := map[string]string{"action": "ADD", "email": bia.email, "franchiseSlug": slug}
		mustStatus(t, a.Do(t, "POST", "/api/user/franchise", admin.token, add), 200)
		mustStatus(t, a.Do(t, "POST", "/api/user/franchise", admin.token, add), 200) // already a member
		if n := count(t, a, group, audit.KindMember, audit.ActionCreate); n != 2 {
			t.Errorf("%d memberships recorded, want ana's and bia's", n)
		}
		joined := recordOf(t, a, group, audit.KindMember, audit.ActionCreate, bia.id)
		if joined.UserID != admin.id {
			t.Errorf("the administrator's addition: %+v", joined)
		}
		mustStatus(t, a.Do(t, "POST", "/api/user/franchise", admin.token,
			map[string]string{"action": "DEL", "email": bia.email, "franchiseSlug": slug}), 200)
		left := recordOf(t, a, group, audit.KindMember, audit.ActionDelete, bia.id)
		wantChange(t, left, "role", `"network"`, "")

		// The administrator's edit of an account: its permissions before and after.
		mustStatus(t, a.Do(t, "POST", "/api/user/detail/adm", admin.token, map[string]any{"email": bia.email, "viewAdsCenter": 1}), 200)
		granted := recordOf(t, a, "", audit.KindUser, audit.ActionUpdate, bia.id)
		if granted.UserID != admin.id {
			t.Errorf("the administrator's edit: %+v", granted)
		}
		wantChange(t, granted, "viewAdsCenter", "0", "1")
		users := count(t, a, "", audit.KindUser, audit.ActionUpdate)
		mustStatus(t, a.Do(t, "POST", "/api/user/detail/adm", admin.token, map[string]any{"email": bia.email, "viewAdsCenter": 7}), 400)
		if n := count(t, a, "", audit.KindUser, audit.ActionUpdate); n != users {
			t.Errorf("a refused edit wrote a record")
		}
		mustStatus(t, a.Do(t, "POST", "/api/user/detail", bia.token, map[string]any{"name": "Bia Souza"}), 200)
		renamed := recordOf(t, a, "", audit.KindUser, audit.ActionUpdate, bia.id)
		wantChange(t, renamed, "name", `"Bia"`, `"Bia Souza"`)

		// Impersonation: the administrator acts, the impersonated account is the record's.
		mustStatus(t, a.Do(t, "POST", "/api/user/impersonate", admin.token, map[string]string{"email": ana.email}), 200)
		imp := recordOf(t, a, "", audit.KindSession, audit.ActionImpersonate, ana.id)
		if imp.UserID != admin.id || imp.Name != ana.email {
			t.Errorf("the impersonation's record: %+v", imp)
		}
	})
}
