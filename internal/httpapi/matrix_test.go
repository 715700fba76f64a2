package httpapi_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"vitrine/internal/ids"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

// matrixFixture is the role fixture with an object of every kind the routes
// name by id, each of store B or of the network: TV B linked to the
// schedule "Rede só", a media, an advertisement, an emergency message on
// store B alone, an invitation to store B and a command to TV B; and
// another group, run by olga, with a store of its own also called "Loja B".
// Everyone holds the ads center and the emergency message, so that only the
// role and the stores can refuse a call.
type matrixFixture struct {
	*roleFixture
	media, ad, override, invitation string
	localMedia, localItem           string // store B's own media, and its item in a local space
	command, commandA               string // to TV B, to TV A
	apiToken                        string // an API token of the group ('Integrações')
	olga                            testutil.SeededUser
	olgaSlug                        string
}

func newMatrixFixture(t *testing.T, a *testutil.TestApp) *matrixFixture {
	t.Helper()
	f := &matrixFixture{roleFixture: newRoleFixture(t, a)}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := a.DB.ExecContext(context.Background(), q, args...); err != nil {
			t.Fatal(err)
		}
	}
	u := a.Unique()
	f.olga = a.SeedUser(t, "olga-"+u+"@example.com", "")
	f.olgaSlug = "outra-" + u
	a.SeedFranchise(t, f.olgaSlug, "Outra "+u, f.olga)
	for _, m := range []testutil.SeededUser{f.nina, f.fabio, f.gabi, f.olga} {
		exec(`UPDATE users SET emergency_override = 1, view_ads_center = 1 WHERE id = ?`, m.ID)
	}
	exec(`UPDATE user_franchises SET manage_team = 1 WHERE user_id IN (?, ?)`, f.nina.ID, f.olga.ID)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.olgaSlug, f.olga.Token, storeBody("Loja B")), 201)

	mustStatus(t, a.Do(t, "POST", f.path("/api/display/{f}/loja-b/{tvB}"), f.nina.Token, map[string]any{"schedule": f.closed}), 200)
	f.media = seedMedia(t, a, f.id, "Foto da rede")
	now := a.Now().UnixMilli()
	f.ad = ids.New()
	exec(`INSERT INTO advertisements (id, franchise_id, name, display_time, starts_at, ends_at, first_day, last_day, created_at, updated_at)
		VALUES (?, ?, 'Anúncio da rede', 15, ?, ?, 20260101, 20260102, ?, ?)`, f.ad, f.id, now, now, now, now)
	f.command, f.commandA = ids.New(), ids.New()
	for id, tv := range map[string]string{f.command: f.tvB, f.commandA: f.tvA} {
		exec(`INSERT INTO display_commands (id, display_id, franchise_id, operation, status, requested_by, created_at, updated_at)
			VALUES (?, ?, ?, 'screenshot', 'done', ?, ?, ?)`, id, tv, f.id, f.nina.ID, now, now)
	}
	// Store B's own folder and its item, approved, in a local space of the
	// schedule its TV plays.
	f.localMedia = seedMedia(t, a, f.id, "Cartaz da Loja B")
	exec(`UPDATE media SET store_id = (SELECT id FROM stores WHERE franchise_id = ? AND slug = ?) WHERE id = ?`,
		f.id, f.storeB, f.localMedia)
	f.localItem = ids.New()
	exec(`INSERT INTO local_items (id, franchise_id, store_id, schedule_id, space_id, position, state, media_id, sent_at)
		SELECT ?, ?, id, ?, 'espaco-b', 0, 'approved', ?, ? FROM stores WHERE franchise_id = ? AND slug = ?`,
		f.localItem, f.id, f.closed, f.localMedia, now, f.id, f.storeB)
	f.override = startOverride(t, a, f.slug, f.nina.Token,
		map[string]any{"target": "stores", "stores": []string{"loja-b"}, "title": "Só na B"})
	r := a.Do(t, "POST", "/api/team/"+f.slug+"/invite", f.nina.Token,
		map[string]any{"email": "convidada-" + u + "@example.com", "role": "franchisee", "stores": []string{"loja-b"}})
	mustStatus(t, r, 201)
	var inv struct {
		Invitation struct{ ID string } `json:"invitation"`
	}
	r.Decode(t, &inv)
	f.invitation = inv.Invitation.ID
	r = a.Do(t, "POST", "/api/tokens/"+f.slug, f.nina.Token, map[string]any{"name": "Sistema da rede", "scopes": []string{"read"}})
	mustStatus(t, r, 201)
	var tok struct {
		Token struct{ ID string } `json:"token"`
	}
	r.Decode(t, &tok)
	f.apiToken = tok.Token.ID
	return f
}

// markers are what only store B's objects show: a scoped member's answer
// never holds one. The other group's member has a store called "Loja B" of
// their own.
func (f *matrixFixture) markers(c matrixCall) []string {
	m := []string{"Bruna", "TV B", f.deviceB, f.tvB, "Só na B", f.override, "Cartaz da Loja B", f.localItem}
	if !c.ownGroup {
		m = append(m, "Loja B")
	}
	return m
}

// fill puts store B's objects into the parameters of a route's path, in the
// group slug; a parameter it does not know fails the test, so a new route
// names its objects here before it is served.
func (f *matrixFixture) fill(t *testing.T, pattern string, c matrixCall) (string, bool) {
	_, path, _ := strings.Cut(pattern, " ")
	slug, store, tv, command := f.slug, f.storeB, f.tvB, f.command
	if c.who == otherMember && c.ownGroup {
		slug = f.olgaSlug
	}
	if c.ownStore {
		store = f.storeA
	}
	if c.ownTV {
		tv, command = f.tvA, f.commandA
	}
	ok := true
	filled := regexp.MustCompile(`\{[^}]+\}`).ReplaceAllStringFunc(path, func(p string) string {
		switch p {
		case "{franchise}", "{slug}":
			return slug
		case "{storeSlug}":
			return store
		case "{displayId}":
			return tv
		case "{commandId}":
			return command
		case "{index}":
			return "0"
		case "{userId}":
			return f.nina.ID
		case "{id}":
			if id := f.idFor(path); id != "" {
				return id
			}
		}
		t.Errorf("%s: the matrix does not know what to put in %s; name one of store B's objects for it in matrixFixture.fill", pattern, p)
		ok = false
		return p
	})
	return filled, ok
}

// idFor is the object an {id} names on a route of path.
func (f *matrixFixture) idFor(path string) string {
	switch {
	case strings.HasPrefix(path, "/api/media/"):
		return f.media
	case strings.HasPrefix(path, "/api/schedule/"):
		return f.closed
	case strings.HasPrefix(path, "/api/advertise/"):
		return f.ad
	case strings.HasPrefix(path, "/api/override/"):
		return f.override
	case strings.HasPrefix(path, "/api/team/") && strings.Contains(path, "/invite/"):
		return f.invitation
	case strings.HasPrefix(path, "/api/device/command/"):
		return f.command
	case strings.HasPrefix(path, "/api/local/") && strings.Contains(path, "/media/"):
		return f.localMedia
	case strings.HasPrefix(path, "/api/local/") && strings.Contains(path, "/items/"):
		return f.localItem
	case strings.HasPrefix(path, "/api/tokens/"):
		return f.apiToken
	}
	return ""
}

// body is a plausible body for a route, naming store B and its objects
// where the route takes them: a call must be refused for who makes it, not
// for what it sends.
func (f *matrixFixture) body(pattern string) any {
	switch pattern {
	case "POST /api/store/{franchise}", "POST /api/store/{franchise}/{storeSlug}":
		return storeBody("Tomada", contact("Intrusa", "11987650000"))
	case "DELETE /api/store/{franchise}/{storeSlug}":
		return map[string]any{"name": "Loja B"}
	case "PUT /api/store/{franchise}/{storeSlug}/hours":
		return map[string]any{"hours": nil}
	case "POST /api/store/{franchise}/notify":
		// Their own store and store B: nothing is sent, to either.
		return map[string]any{"message": "oi", "storeSlugList": []string{f.storeA, f.storeB}}
	case "POST /api/display/{franchise}/{storeSlug}":
		return map[string]any{"name": "Intrusa", "device": "INTRUSA", "schedule": f.open}
	case "POST /api/display/{franchise}/{storeSlug}/{displayId}":
		return map[string]any{"name": "Tomada", "schedule": f.closed}
	case "POST /api/display/{franchise}/{storeSlug}/{displayId}/admin-command":
		return map[string]any{"operation": "restartDevice"}
	case "POST /api/schedule/{franchise}/{id}":
		return map[string]any{"name": "Tomada", "forFranchisees": true}
	case "POST /api/schedule/{franchise}/{id}/slot":
		return map[string]any{"quantity": 2, "duration": 15}
	case "POST /api/schedule/{franchise}/{id}/config":
		return map[string]any{"bottomBar": nil}
	case "POST /api/advertise/{franchise}":
		return map[string]any{"name": "Tomado", "displayTime": 15, "displays": []string{f.tvB}}
	case "PUT /api/advertise/{franchise}":
		return map[string]any{"advertiseId": f.ad, "name": "Tomado"}
	case "POST /api/override/{franchise}", "POST /api/override/{franchise}/reach":
		return map[string]any{"target": "stores", "stores": []string{f.storeB}, "title": "Intrusa"}
	case "POST /api/team/{franchise}/invite":
		return map[string]any{"email": "intrusa@example.com", "role": "franchisee", "stores": []string{f.storeB}}
	case "POST /api/team/{franchise}/{userId}":
		return map[string]any{"role": "franchisee", "stores": []string{f.storeB}}
	case "POST /api/alerts/{franchise}":
		return map[string]any{"enabled": false}
	case "POST /api/local/{franchise}/{storeSlug}/items":
		return map[string]any{"scheduleId": f.closed, "spaceId": "espaco-b", "mediaId": f.localMedia}
	case "POST /api/local/{franchise}/{storeSlug}/items/{id}":
		return map[string]any{"mediaId": f.localMedia, "position": 0}
	case "POST /api/local/{franchise}/{storeSlug}/media":
		return map[string]any{"name": "Intrusa", "type": "image", "filePath": "x.png"}
	case "POST /api/approvals/{franchise}":
		return map[string]any{"ids": []string{f.localItem}, "decision": "reject", "reason": "não"}
	}
	if strings.HasPrefix(pattern, "GET ") || strings.HasPrefix(pattern, "DELETE ") {
		return nil
	}
	return map[string]any{"name": "Intrusa"}
}

// answer is a status with its API code (0: a read that succeeds).
type answer struct{ status, code int }

var (
	notFoundStore = answer{404, 1061}
	forbidden     = answer{403, 1403}
	readOK        = answer{200, 0}
)

// admittedWrites are the answers of the changes a franchisee's or a store
// manager's role admits, asked of store B's objects (the store named in the
// body, the network's emergency message on store B alone). A route their
// role admits that writes must be listed here; the reads they are admitted
// to answer 200 with none of store B's markers.
var admittedWrites = map[string]answer{
	"POST /api/store/{franchise}/notify":        notFoundStore,
	"POST /api/override/{franchise}":            {400, 1003},
	"POST /api/override/{franchise}/reach":      {400, 1003},
	"POST /api/override/{franchise}/{id}/clear": {404, 1003},
}

// ownStoreRefusals are the changes of their own store that a route admits
// the role to, asked with the route's body of more than the role holds:
// renaming the store, linking their TV to a schedule not made available to
// franchisees.
var ownStoreRefusals = map[string]map[tenant.Role]answer{
	"POST /api/store/{franchise}/{storeSlug}":               {tenant.Franchisee: forbidden, tenant.StoreManager: forbidden},
	"POST /api/display/{franchise}/{storeSlug}/{displayId}": {tenant.Franchisee: forbidden},
}

// scopedAnswer is what a member of role gets from a route of the group with
// the given reach, called with store B's objects: a store outside their
// scope is not found before the role is checked, a role the route does not
// admit is refused, and a route their role admits answers as listed.
func scopedAnswer(t *testing.T, pattern string, roles []tenant.Role, role tenant.Role) (answer, bool) {
	switch {
	case strings.Contains(pattern, "{storeSlug}"):
		return notFoundStore, true
	case !slices.Contains(roles, role):
		return forbidden, true
	case strings.HasPrefix(pattern, "GET "):
		return readOK, true
	}
	a, ok := admittedWrites[pattern]
	if !ok {
		t.Errorf("%s admits the role %q: say in admittedWrites what it answers with store B's objects", pattern, role)
	}
	return a, ok
}

// administratorsOnly tells the routes that, past the role and the stores,
// answer administrators alone (a box command through impersonation, the
// footer editor): the members of the matrix are refused there.
func administratorsOnly(pattern string) bool {
	return strings.HasSuffix(pattern, "/admin-command") || strings.HasSuffix(pattern, "/config")
}

// crossGroupAnswer is what another group's member gets naming this group's
// objects by id (in the path, or the advertisement edited in the body)
// under their own group's path: none of them is found there.
func crossGroupAnswer(pattern string) (answer, bool) {
	switch {
	case pattern == "PUT /api/advertise/{franchise}":
		return answer{404, 100142}, true
	case administratorsOnly(pattern):
		return forbidden, true
	case strings.Contains(pattern, "{displayId}"):
		return answer{404, 100121}, true
	case strings.Contains(pattern, "{userId}"):
		return answer{404, 1001}, true
	case !strings.Contains(pattern, "{id}"):
		return answer{}, false // nothing of this group's to name
	case strings.Contains(pattern, "/api/media/"):
		return answer{404, 100101}, true
	case strings.Contains(pattern, "/api/schedule/"):
		return answer{404, 1081}, true
	case strings.Contains(pattern, "/api/advertise/"):
		return answer{404, 100142}, true
	case strings.Contains(pattern, "/api/override/"):
		return answer{404, 1003}, true
	case strings.Contains(pattern, "/api/team/"):
		return answer{404, 1025}, true
	case strings.Contains(pattern, "/api/local/"):
		return answer{404, 100101}, true
	case strings.Contains(pattern, "/api/tokens/"):
		return answer{404, 1003}, true
	}
	return answer{}, false
}

// caller is who calls the routes: a franchisee of store A, the store
// manager of store A, or olga, a member ('Rede', managing her team, with
// every permission) of another group.
type caller int

const (
	franchisee caller = iota
	storeManager
	otherMember
)

func (c caller) String() string {
	return [...]string{"franchisee of store A", "store manager of store A", "member of another group"}[c]
}

func (c caller) role() tenant.Role {
	return [...]tenant.Role{tenant.Franchisee, tenant.StoreManager, tenant.Network}[c]
}

func (c caller) token(f *matrixFixture) string {
	return [...]string{f.fabio.Token, f.gabi.Token, f.olga.Token}[c]
}

// matrixCall is one call of a route and the answer it must get. The path
// names store B and its objects in this group unless told otherwise.
type matrixCall struct {
	who      caller
	ownGroup bool // the other group's member names their own group
	ownStore bool // store A instead of store B
	ownTV    bool // TV A (and its command) instead of TV B
	want     answer
}

func (c matrixCall) String() string {
	s := c.who.String()
	switch {
	case c.ownGroup:
		s += " in their group with this group's objects"
	case c.ownTV:
		s += " in their own store"
	case c.ownStore:
		s += " with TV B under store A"
	}
	return strings.NewReplacer(" ", "_", "'", "").Replace(s)
}

// outside is what the members get from a route outside any group: the
// platform's routes refuse them (403/1403), a TV box's refuse a session
// (401), the reads of the caller's own account answer. The public routes
// are not called (they take no token: no caller's role can matter) but must
// name none of a group's objects; the account's writes are not called
// either (they change the caller's own account and name no group).
func outside(t *testing.T, pattern, reach string) []matrixCall {
	t.Helper()
	method, path, _ := strings.Cut(pattern, " ")
	var want answer
	switch reach {
	case "public":
		for _, p := range regexp.MustCompile(`\{[^}]+\}`).FindAllString(path, -1) {
			if p != "{code}" && p != "{path...}" {
				t.Errorf("the public route %s names %s", pattern, p)
			}
		}
		return nil
	case "account":
		if method != "GET" {
			return nil
		}
		want = readOK
	case "device":
		want = answer{401, 1022}
	case "platform":
		want = forbidden
	default:
		t.Errorf("%s: the matrix does not know the reach %q", pattern, reach)
		return nil
	}
	return []matrixCall{{who: franchisee, want: want}, {who: storeManager, want: want}, {who: otherMember, want: want}}
}

// inGroup is who calls a route of the group, and what they get. A
// franchisee and a store manager call it with store B's objects; on a
// route naming a store, also with their own store A: a role the route does
// not admit is refused there too, and TV B named under store A is not
// found. The other group's member is refused the group's routes, and under
// their own group's path finds none of this group's objects.
func inGroup(t *testing.T, pattern string, roles []tenant.Role) []matrixCall {
	t.Helper()
	var calls []matrixCall
	for _, who := range []caller{franchisee, storeManager} {
		if want, ok := scopedAnswer(t, pattern, roles, who.role()); ok {
			calls = append(calls, matrixCall{who: who, want: want})
		}
		if !strings.Contains(pattern, "{storeSlug}") {
			continue
		}
		if !slices.Contains(roles, who.role()) {
			calls = append(calls, matrixCall{who: who, ownStore: true, ownTV: true, want: forbidden})
			continue
		}
		if want, ok := ownStoreRefusals[pattern][who.role()]; ok {
			calls = append(calls, matrixCall{who: who, ownStore: true, ownTV: true, want: want})
		}
		switch {
		case administratorsOnly(pattern):
			calls = append(calls, matrixCall{who: who, ownStore: true, want: forbidden})
		case strings.Contains(pattern, "{displayId}"):
			calls = append(calls, matrixCall{who: who, ownStore: true, want: answer{404, 100121}})
		}
	}
	calls = append(calls, matrixCall{who: otherMember, want: forbidden})
	if want, ok := crossGroupAnswer(pattern); ok {
		calls = append(calls, matrixCall{who: otherMember, ownGroup: true, want: want})
	}
	return calls
}

// Every route of the list is called, on either engine, as a franchisee and
// as a store manager of store A with store B's objects (and with their own
// store, see inGroup), and as a member of another group: each call gets the
// refusal the route's reach and the caller's stores call for, the reads
// the caller may make show nothing of store B, and nothing changes. The
// routes outside a group are called as outside says.
func TestEveryRouteRefusesWhatIsOutOfReach(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		// One fixture serves the calls while none changes anything; a call
		// that changed the database gets the next call a fresh one, so one
		// failure stays one failure.
		var shared *matrixFixture
		expect := func(t *testing.T, pattern string, c matrixCall) {
			t.Helper()
			if shared == nil {
				shared = newMatrixFixture(t, a)
			}
			f := shared
			path, ok := f.fill(t, pattern, c)
			if !ok {
				return
			}
			method, _, _ := strings.Cut(pattern, " ")
			before := fingerprint(t, a)
			defer func() {
				if after := fingerprint(t, a); after != before {
					t.Errorf("%s %s as %s changed the database:\nbefore %s\nafter  %s", method, path, c.who, before, after)
					shared = nil
				}
			}()
			if a.Server.Streams(pattern) && c.want.status == 200 {
				// Opened, then closed: what a scoped member's stream carries is
				// TestScopedEventStreamsCarryTheirStoresOnly's.
				_, slug, _ := strings.Cut(path, "/api/events/")
				s, refused := tryEvents(t, a.URL, slug, c.who.token(f))
				if refused != nil {
					t.Fatalf("%s as %s: the stream answered %d %s", path, c.who, refused.Status, refused.Body)
				}
				s.cancel()
				return
			}
			s := testutil.Scenario{Method: method, Path: path, Token: c.who.token(f), Body: f.body(pattern),
				Status: c.want.status, Code: c.want.code}
			if c.want.status == 200 {
				s.Absent = f.markers(c)
				s.Check = func(t *testing.T, r *testutil.Response) { // an answer, not an error page
					if strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
						return // an export: checked for B's markers like the JSON
					}
					r.JSON(t)
				}
			}
			a.Expect(t, s)
		}
		routes := a.Server.Routes()
		if len(routes) < 60 {
			t.Fatalf("only %d routes listed", len(routes))
		}
		for _, pattern := range routes {
			reach, roles, ok := a.Server.ReachOf(pattern)
			if !ok {
				t.Errorf("%s declares no reach", pattern)
				continue
			}
			t.Run(strings.NewReplacer("/", "_", " ", "_").Replace(pattern), func(t *testing.T) {
				var calls []matrixCall
				if roles == nil {
					calls = outside(t, pattern, reach)
				} else {
					calls = inGroup(t, pattern, roles)
				}
				for _, c := range calls {
					t.Run(c.String(), func(t *testing.T) { expect(t, pattern, c) })
				}
			})
		}
	})
}
