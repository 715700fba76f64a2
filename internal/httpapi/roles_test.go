package httpapi_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrine/internal/testutil"
)

// Every route of the list declares who may call it, and a route acting in
// the group of its path names the roles it admits.
func TestEveryRouteDeclaresItsReach(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	routes := a.Server.Routes()
	if len(routes) < 60 {
		t.Fatalf("only %d routes listed", len(routes))
	}
	for _, pattern := range routes {
		name, roles, ok := a.Server.ReachOf(pattern)
		if !ok {
			t.Errorf("%s declares no reach", pattern)
			continue
		}
		inGroup := strings.Contains(pattern, "{franchise}") || strings.Contains(pattern, "{slug}")
		if inGroup != (roles != nil) {
			t.Errorf("%s: reach %q, but the path %s a group", pattern, name,
				map[bool]string{true: "names", false: "does not name"}[inGroup])
		}
	}
}

// roleFixture is a group run by nina ('Rede') with the stores A and B, a TV
// in each, fabio franchisee of A, gabi store manager of A, and two
// schedules: "Liberada", made available to franchisees, and "Rede só".
type roleFixture struct {
	t                  *testing.T
	a                  *testutil.TestApp
	nina, fabio, gabi  testutil.SeededUser
	slug, id           string
	tvA, tvB           string
	open, closed       string // schedule ids: available to franchisees, not
	storeA, storeB     string // store slugs
	deviceA, deviceB   string
	otherSlug, otherTV string // another group's, of nina's too
}

func newRoleFixture(t *testing.T, a *testutil.TestApp) *roleFixture {
	t.Helper()
	u := a.Unique()
	f := &roleFixture{t: t, a: a, slug: "rede-" + u, storeA: "loja-a", storeB: "loja-b",
		deviceA: "AAA" + strings.ToUpper(u), deviceB: "BBB" + strings.ToUpper(u)}
	f.nina = a.SeedUser(t, "nina-"+u+"@example.com", "")
	f.fabio = a.SeedUser(t, "fabio-"+u+"@example.com", "")
	f.gabi = a.SeedUser(t, "gabi-"+u+"@example.com", "")
	f.id = a.SeedFranchise(t, f.slug, "Rede "+u, f.nina, f.fabio, f.gabi)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.nina.Token, storeBody("Loja A", contact("Alice", "11987654321"))), 201)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.nina.Token, storeBody("Loja B", contact("Bruna", "11987654322"))), 201)
	f.open = f.schedule("Liberada")
	f.closed = f.schedule("Rede só")
	mustStatus(t, a.Do(t, "POST", "/api/schedule/"+f.slug+"/"+f.open, f.nina.Token, map[string]any{"forFranchisees": true}), 200)
	a.ReserveDevices(t, f.deviceA, f.deviceB)
	f.tvA = f.tv(f.storeA, "TV A", f.deviceA)
	f.tvB = f.tv(f.storeB, "TV B", f.deviceB)
	a.SetMembership(t, f.fabio.ID, f.id, "franchisee", f.storeA)
	a.SetMembership(t, f.gabi.ID, f.id, "store", f.storeA)
	return f
}

func (f *roleFixture) schedule(name string) string {
	r := f.a.Do(f.t, "POST", "/api/schedule/"+f.slug, f.nina.Token, map[string]any{"name": name})
	mustStatus(f.t, r, 201)
	var out struct {
		Schedule struct{ ID string } `json:"schedule"`
	}
	r.Decode(f.t, &out)
	return out.Schedule.ID
}

func (f *roleFixture) tv(storeSlug, name, device string) string {
	r := f.a.Do(f.t, "POST", "/api/display/"+f.slug+"/"+storeSlug, f.nina.Token, map[string]any{"name": name, "device": device})
	mustStatus(f.t, r, 201)
	var out struct {
		Display struct{ ID string } `json:"display"`
	}
	r.Decode(f.t, &out)
	return out.Display.ID
}

// path fills {f}, {tvA}, {tvB}, {open} and {closed}.
func (f *roleFixture) path(p string) string {
	return strings.NewReplacer("{f}", f.slug, "{tvA}", f.tvA, "{tvB}", f.tvB, "{open}", f.open, "{closed}", f.closed).Replace(p)
}

// stateTables hold what a call of a member may change.
var stateTables = []string{"users", "franchises", "user_franchises", "membership_stores", "invitations", "stores",
	"store_contacts", "store_hours", "store_messages", "schedules", "displays", "display_commands", "media",
	"advertisements", "ad_displays", "ad_bookings", "alert_settings", "overrides", "outbox", "audit_log",
	"audit_records", "local_items", "local_digests", "api_tokens", "api_token_stores"}

// stateColumns narrow a state table to what a call changes: the delivery of
// the outbox's messages (status, attempts, errors) is the worker's, done
// whenever it runs.
var stateColumns = map[string]string{"outbox": "id, channel, recipient, subject, body, html, franchise_id, created_at",
	// a token's last use is written by any call it makes, refused or not
	"api_tokens": "id, franchise_id, name, prefix, token_hash, scopes, limited, created_by, expires_at, revoked_at"}

// fingerprint renders every row of the state tables.
func fingerprint(t *testing.T, a *testutil.TestApp) string {
	t.Helper()
	var b strings.Builder
	for _, table := range stateTables {
		columns := stateColumns[table]
		if columns == "" {
			columns = "*"
		}
		rows, err := a.DB.QueryContext(context.Background(), `SELECT `+columns+` FROM `+table)
		if err != nil {
			t.Fatalf("read %s: %v", table, err)
		}
		cols, _ := rows.Columns()
		var lines []string
		for rows.Next() {
			vals := make([]sql.RawBytes, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			lines = append(lines, fmt.Sprintf("%q", vals))
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
		slices.Sort(lines)
		fmt.Fprintf(&b, "%s: %s\n", table, strings.Join(lines, "; "))
	}
	return b.String()
}

// Within their stores a franchisee lists, edits and pairs as the network
// does, links TVs only to the schedules made available to them, and a store
// manager edits the store's contacts and hours.
func TestScopedMembersWorkOnTheirStores(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newRoleFixture(t, a)
		for _, token := range []string{f.fabio.Token, f.gabi.Token} {
			a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/api/store/{f}"), Token: token,
				Status: 200, Contains: []string{`"name":"Loja A"`}, Absent: []string{"Loja B", "Bruna"}})
			a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/api/display/{f}"), Token: token,
				Status: 200, Contains: []string{`"name":"TV A"`}, Absent: []string{"TV B", f.deviceB}})
			a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/api/display/{f}/loja-a/{tvA}/now"), Token: token, Status: 200})
		}
		// The group's counters count their stores and TVs.
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/franchise", Token: f.fabio.Token,
			Status: 200, Contains: []string{`"stores":1,"displays":1`}})
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/franchise", Token: f.nina.Token,
			Status: 200, Contains: []string{`"stores":2,"displays":2`}})
		// The network still sees both.
		a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/api/display/{f}"), Token: f.nina.Token,
			Status: 200, Contains: []string{`"name":"TV A"`, `"name":"TV B"`}})
		// The alerts page lists the offline TVs of the member's stores.
		a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/api/alerts/{f}"), Token: f.nina.Token,
			Status: 200, Contains: []string{`"name":"TV A"`, `"name":"TV B"`}})
		a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/api/alerts/{f}"), Token: f.gabi.Token,
			Status: 200, Contains: []string{`"name":"TV A"`}, Absent: []string{"TV B", "Loja B"}})

		a.Expect(t, testutil.Scenario{Method: "POST", Path: f.path("/api/display/{f}/loja-a/{tvA}"), Token: f.fabio.Token,
			Body: map[string]any{"name": "TV A", "device": f.deviceA, "schedule": f.open}, Status: 200,
			Contains: []string{`"scheduleName":"Liberada"`}})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: f.path("/api/display/{f}/loja-a/{tvA}"), Token: f.fabio.Token,
			Body: map[string]any{"name": "TV A", "device": f.deviceA, "schedule": f.closed}, Status: 403, Code: 1403,
			Contains: []string{"Esta programação não está disponível para franqueados."}})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: f.path("/api/display/{f}/loja-a/{tvA}"), Token: f.fabio.Token,
			Body: map[string]any{"name": "TV A do Fabio"}, Status: 200, Contains: []string{`"name":"TV A do Fabio"`}})
		a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/api/schedule/{f}"), Token: f.fabio.Token,
			Status: 200, Contains: []string{"Liberada", `"forFranchisees":true`, `"forFranchisees":false`}})
		a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/api/schedule/{f}/{open}"), Token: f.fabio.Token,
			Status: 200, Contains: []string{`"forFranchisees":true`, `"displays":1`}})
		// Store B's TV linked too: the network counts both, the franchisee theirs.
		mustStatus(t, a.Do(t, "POST", f.path("/api/display/{f}/loja-b/{tvB}"), f.nina.Token, map[string]any{"schedule": f.open}), 200)
		a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/api/schedule/{f}/{open}"), Token: f.nina.Token,
			Status: 200, Contains: []string{`"displays":2`}})
		a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/api/schedule/{f}"), Token: f.fabio.Token,
			Status: 200, Contains: []string{`"displays":1`}, Absent: []string{`"displays":2`}})
		// Made unavailable again, the TV linked to it stays; unlinked, it
		// can no longer be linked to it.
		mustStatus(t, a.Do(t, "POST", f.path("/api/schedule/{f}/{open}"), f.nina.Token, map[string]any{"forFranchisees": false}), 200)
		mustStatus(t, a.Do(t, "POST", f.path("/api/display/{f}/loja-a/{tvA}"), f.fabio.Token, map[string]any{"name": "TV A do Fabio"}), 200)
		mustStatus(t, a.Do(t, "POST", f.path("/api/display/{f}/loja-a/{tvA}"), f.fabio.Token, map[string]any{"schedule": ""}), 200)
		a.Expect(t, testutil.Scenario{Method: "POST", Path: f.path("/api/display/{f}/loja-a/{tvA}"), Token: f.fabio.Token,
			Body: map[string]any{"schedule": f.open}, Status: 403, Code: 1403})

		// Messages: the franchisee sends to their store and lists only the
		// messages sent for it.
		mustStatus(t, a.Do(t, "POST", f.path("/api/store/{f}/notify"), f.nina.Token,
			map[string]any{"message": "Só para a B", "storeSlugList": []string{"loja-b"}}), 202)
		mustStatus(t, a.Do(t, "POST", f.path("/api/store/{f}/notify"), f.fabio.Token,
			map[string]any{"message": "Para a A", "storeSlugList": []string{"loja-a"}}), 202)
		a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/api/store/{f}/notify"), Token: f.fabio.Token,
			Status: 200, Contains: []string{"Para a A", "Alice (Loja A)"}, Absent: []string{"Só para a B", "Bruna"}})
		a.Expect(t, testutil.Scenario{Method: "GET", Path: f.path("/api/store/{f}/notify"), Token: f.nina.Token,
			Status: 200, Contains: []string{"Para a A", "Só para a B"}})

		edited := storeBody("Loja A", contact("Alice", "11987654321"), contact("Caio", "11987654323"))
		a.Expect(t, testutil.Scenario{Method: "POST", Path: f.path("/api/store/{f}/loja-a"), Token: f.gabi.Token,
			Body: edited, Status: 200, Contains: []string{"Caio"}})
		a.Expect(t, testutil.Scenario{Method: "PUT", Path: f.path("/api/store/{f}/loja-a/hours"), Token: f.gabi.Token,
			Body: map[string]any{"hours": nil}, Status: 200})
		zoned := storeBody("Loja A", contact("Alice", "11987654321"))
		zoned["timeZone"] = "America/Manaus"
		a.Expect(t, testutil.Scenario{Method: "POST", Path: f.path("/api/store/{f}/loja-a"), Token: f.gabi.Token,
			Body: zoned, Status: 403, Code: 1403})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: f.path("/api/store/{f}/loja-a"), Token: f.fabio.Token,
			Body: zoned, Status: 200, Contains: []string{"America/Manaus"}})
	})
}

// A franchisee's console stream carries the status of their stores' TVs and
// nothing naming another store's: its changes come without ids (the console
// reads its own lists again).
func TestScopedEventStreamsCarryTheirStoresOnly(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newPlayerFixture(t, a)
		mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.op.Token, storeBody("Norte")), 201)
		u := a.Unique()
		north := a.SeedUser(t, "norte-"+u+"@example.com", "")
		center := a.SeedUser(t, "centro-"+u+"@example.com", "")
		for _, m := range []testutil.SeededUser{north, center} {
			if _, err := a.DB.ExecContext(context.Background(),
				`INSERT INTO user_franchises (user_id, franchise_id, created_at) VALUES (?, ?, 0)`, m.ID, f.franchiseID); err != nil {
				t.Fatal(err)
			}
		}
		a.SetMembership(t, north.ID, f.franchiseID, "franchisee", "norte")
		a.SetMembership(t, center.ID, f.franchiseID, "store", "centro")
		network := openEvents(t, a, f.slug, f.op.Token)
		outside := openEvents(t, a, f.slug, north.Token)
		inside := openEvents(t, a, f.slug, center.Token)

		_, tv, _ := f.pairedPlayer(t, "Caixa")
		for who, s := range map[string]*eventStream{"network": network, "store manager of the TV's store": inside} {
			e := s.next(t, 5*time.Second, func(e sseEvent) bool {
				c, _, ok := statusOf(e, tv)
				return e.Type == "status" && ok && c
			})
			if who != "network" {
				for _, d := range e.Data["displays"].([]any) {
					if store := d.(map[string]any)["store"]; store != "centro" {
						t.Errorf("%s: status of a TV of %v", who, store)
					}
				}
			}
		}
		mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+tv, f.op.Token, map[string]any{"name": "Caixa 2"}), 200)
		network.next(t, 5*time.Second, func(e sseEvent) bool { return e.Type == "change" && listsHas(e, "displays", tv) })
		inside.next(t, 5*time.Second, func(e sseEvent) bool { return e.Type == "change" && e.Data["wide"] == true })
		outside.none(t, 500*time.Millisecond, func(e sseEvent) bool {
			if e.Type == "status" {
				return true
			}
			b, _ := json.Marshal(e.Data)
			return strings.Contains(string(b), tv) || strings.Contains(string(b), "centro")
		})
	})
}

// A franchisee holding the emergency permission reaches their stores' TVs
// only: 'Todas as TVs' is all of theirs, another store is unknown, the
// network's overrides show with their TVs alone and only the network clears
// one reaching other stores.
func TestScopedOverridesReachTheirStores(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newRoleFixture(t, a)
		for _, u := range []string{f.nina.ID, f.fabio.ID, f.gabi.ID} {
			if _, err := a.DB.ExecContext(context.Background(), `UPDATE users SET emergency_override = 1 WHERE id = ?`, u); err != nil {
				t.Fatal(err)
			}
		}
		path := f.path("/api/override/{f}")
		mine := startOverride(t, a, f.slug, f.fabio.Token, map[string]any{"target": "all", "title": "Loja A fechada"})
		a.Expect(t, testutil.Scenario{Method: "GET", Path: path, Token: f.fabio.Token, Status: 200,
			Contains: []string{`"target":"stores"`, `"targetNames":["Loja A"]`, `"reach":1`}, Absent: []string{"Loja B"}})

		before := fingerprint(t, a)
		a.Expect(t, testutil.Scenario{Method: "POST", Path: path, Token: f.fabio.Token,
			Body: map[string]any{"target": "stores", "stores": []string{"loja-b"}, "title": "Intrusa"}, Status: 400,
			Contains: []string{"Loja não encontrada: loja-b."}})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: path, Token: f.fabio.Token,
			Body: map[string]any{"target": "displays", "displays": []string{f.tvB}, "title": "Intrusa"}, Status: 400,
			Contains: []string{"TV não encontrada"}})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: path + "/reach", Token: f.fabio.Token,
			Body: map[string]any{"target": "all"}, Status: 200, Contains: []string{`"reach":1`}})
		if after := fingerprint(t, a); after != before {
			t.Errorf("refused starts changed the database")
		}

		all := startOverride(t, a, f.slug, f.nina.Token, map[string]any{"target": "all", "title": "Rede toda"})
		onlyB := startOverride(t, a, f.slug, f.nina.Token, map[string]any{"target": "stores", "stores": []string{"loja-b"}, "title": "Só na B"})
		list := listOverrides(t, a, f.slug, f.fabio.Token).Overrides
		seen := map[string]overrideListed{}
		for _, o := range list {
			seen[o.ID] = o
		}
		if o, ok := seen[all]; !ok || o.Reach != 1 {
			t.Errorf("the network's override of every TV, as the franchisee sees it: %+v (listed %v)", o, ok)
		}
		if _, ok := seen[onlyB]; ok {
			t.Errorf("the franchisee sees an override of store B only")
		}
		before = fingerprint(t, a)
		a.Expect(t, testutil.Scenario{Method: "POST", Path: path + "/" + all + "/clear", Token: f.fabio.Token, Status: 403, Code: 1403})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: path + "/" + onlyB + "/clear", Token: f.fabio.Token, Status: 404})
		if after := fingerprint(t, a); after != before {
			t.Errorf("refused clears changed the database")
		}
		mustStatus(t, a.Do(t, "POST", path+"/"+mine+"/clear", f.fabio.Token, nil), 200)
		// A store manager does not start emergency messages, permission or not.
		a.Expect(t, testutil.Scenario{Method: "GET", Path: path, Token: f.gabi.Token, Status: 403, Code: 1403})
	})
}
