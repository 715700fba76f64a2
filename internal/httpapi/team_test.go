package httpapi_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrine/internal/testutil"
)

// teamFixture is the role fixture whose 'Rede' member nina holds
// 'Gerenciar equipe'.
type teamFixture struct {
	*roleFixture
}

func newTeamFixture(t *testing.T, a *testutil.TestApp) *teamFixture {
	t.Helper()
	f := &teamFixture{newRoleFixture(t, a)}
	if _, err := a.DB.ExecContext(context.Background(),
		`UPDATE user_franchises SET manage_team = 1 WHERE user_id = ? AND franchise_id = ?`, f.nina.ID, f.id); err != nil {
		t.Fatal(err)
	}
	return f
}

// invite invites email with body's role and stores and returns the mailed
// code.
func (f *teamFixture) invite(email string, body map[string]any) string {
	f.t.Helper()
	body["email"] = email
	r := f.a.Do(f.t, "POST", "/api/team/"+f.slug+"/invite", f.nina.Token, body)
	mustStatus(f.t, r, 201)
	link, code := mailedCode(f.t, f.a, strings.ToLower(email))
	if link != "http://vitrine.test/convite" {
		f.t.Fatalf("the invitation links to %s", link)
	}
	return code
}

// teamState renders what a team call may change: the state tables and the
// invitations.
func teamState(t *testing.T, a *testutil.TestApp) string {
	t.Helper()
	rows, err := a.DB.QueryContext(context.Background(),
		`SELECT id, email, role, stores, code_hash, expires_at FROM invitations ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	b.WriteString(fingerprint(t, a))
	for rows.Next() {
		var id, email, role, stores, hash string
		var expires int64
		if err := rows.Scan(&id, &email, &role, &stores, &hash, &expires); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "invitation %s %s %s %s %s %d\n", id, email, role, stores, hash, expires)
	}
	return b.String()
}

type teamAnswer struct {
	Members []struct {
		ID, Name, Email, Role string
		Stores                []string
		ManageTeam            bool
	}
	Invitations []struct {
		ID, Email, Role string
		Stores          []string
	}
	Stores []struct{ Slug, Name string }
}

func (f *teamFixture) team(token string) teamAnswer {
	f.t.Helper()
	r := f.a.Do(f.t, "GET", "/api/team/"+f.slug, token, nil)
	mustStatus(f.t, r, 200)
	var out teamAnswer
	r.Decode(f.t, &out)
	return out
}

func storeSlugsOf(t *testing.T, a *testutil.TestApp, slug, token string) []string {
	t.Helper()
	r := a.Do(t, "GET", "/api/store/"+slug, token, nil)
	mustStatus(t, r, 200)
	var out struct {
		StoreList []struct{ Slug string } `json:"storeList"`
	}
	r.Decode(t, &out)
	var slugs []string
	for _, s := range out.StoreList {
		slugs = append(slugs, s.Slug)
	}
	slices.Sort(slugs)
	return slugs
}

// A new person invited as franchisee of store B sets a name and password on
// the link, gets a session, and reaches store B only; the link works once.
func TestTeamInvitationMakesANewAccount(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newTeamFixture(t, a)
		email := "nova-" + a.Unique() + "@example.com"
		code := f.invite(strings.ToUpper(email), map[string]any{"role": "franchisee", "stores": []string{"loja-b"}})

		team := f.team(f.nina.Token)
		if len(team.Invitations) != 1 || team.Invitations[0].Email != email || !slices.Equal(team.Invitations[0].Stores, []string{"loja-b"}) {
			t.Fatalf("pending invitations %+v", team.Invitations)
		}
		if len(team.Stores) != 2 {
			t.Fatalf("stores %+v", team.Stores)
		}

		r := a.Do(t, "GET", "/api/invite/"+code, "", nil)
		mustStatus(t, r, 200)
		var view struct {
			Group, Email, Role string
			Account            bool
		}
		r.Decode(t, &view)
		if view.Email != email || view.Account || view.Role != "franchisee" || !strings.HasPrefix(view.Group, "Rede ") {
			t.Fatalf("the link shows %+v", view)
		}
		before := teamState(t, a)
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/invite/" + code + "/accept", Body: map[string]any{"auth": password},
			Status: 400, Code: 1141})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/invite/" + code + "/accept", Body: map[string]any{"name": "Nova", "auth": "fraca"},
			Status: 400, Code: 1003})
		if after := teamState(t, a); after != before {
			t.Fatalf("a refused acceptance changed the database")
		}

		r = a.Do(t, "POST", "/api/invite/"+code+"/accept", "", map[string]any{"name": "Nova Franqueada", "auth": password})
		mustStatus(t, r, 200)
		var accepted struct{ Franchise, Token string }
		r.Decode(t, &accepted)
		if accepted.Franchise != f.slug || accepted.Token == "" {
			t.Fatalf("accepted %+v", accepted)
		}
		if got := storeSlugsOf(t, a, f.slug, accepted.Token); !slices.Equal(got, []string{"loja-b"}) {
			t.Fatalf("the new franchisee sees %v", got)
		}
		// The account is verified: the password signs in.
		acctLogin(t, a, email, password)

		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/invite/" + code, Status: 404, Code: 1025})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/invite/" + code + "/accept",
			Body: map[string]any{"name": "De novo", "auth": password}, Status: 404, Code: 1025})
		team = f.team(f.nina.Token)
		if len(team.Invitations) != 0 || !slices.ContainsFunc(team.Members, func(m struct {
			ID, Name, Email, Role string
			Stores                []string
			ManageTeam            bool
		}) bool {
			return m.Email == email && m.Role == "franchisee" && m.Name == "Nova Franqueada"
		}) {
			t.Fatalf("after accepting: %+v", team)
		}
	})
}

// An existing account accepts signed in as itself: not signed in, or as
// another account, it is refused and nothing changes.
func TestTeamInvitationJoinsAnExistingAccount(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newTeamFixture(t, a)
		olga := a.SeedUser(t, "olga-"+a.Unique()+"@example.com", "")
		code := f.invite(olga.Email, map[string]any{"role": "network"})

		r := a.Do(t, "GET", "/api/invite/"+code, "", nil)
		mustStatus(t, r, 200)
		if !r.JSON(t)["account"].(bool) {
			t.Fatal("the link does not say the e-mail has an account")
		}
		before := teamState(t, a)
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/invite/" + code + "/accept", Status: 401, Code: 1022})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/invite/" + code + "/accept", Token: f.fabio.Token, Status: 403, Code: 1403})
		// A name and password do not take over the account either.
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/invite/" + code + "/accept",
			Body: map[string]any{"name": "Intrusa", "auth": password}, Status: 401, Code: 1022})
		if after := teamState(t, a); after != before {
			t.Fatalf("a refused acceptance changed the database")
		}
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/store/" + f.slug, Token: olga.Token, Status: 403, Code: 1403})

		r = a.Do(t, "POST", "/api/invite/"+code+"/accept", olga.Token, nil)
		mustStatus(t, r, 200)
		if tok, _ := r.JSON(t)["token"].(string); tok != "" {
			t.Fatal("an existing account got a new session")
		}
		if got := storeSlugsOf(t, a, f.slug, olga.Token); !slices.Equal(got, []string{"loja-a", "loja-b"}) {
			t.Fatalf("the new network member sees %v", got)
		}
		// Inviting a member again is a conflict.
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/team/" + f.slug + "/invite", Token: f.nina.Token,
			Body: map[string]any{"email": olga.Email, "role": "network"}, Status: 409, Code: 1003})
	})
}

// Inviting an e-mail again replaces its pending invitation; a revoked one's
// link stops working; after 7 days a link has expired.
func TestTeamInvitationReplacedRevokedExpired(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Now())
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		f := newTeamFixture(t, a)
		email := "rita-" + a.Unique() + "@example.com"
		first := f.invite(email, map[string]any{"role": "store", "stores": []string{"loja-a"}})
		second := f.invite(email, map[string]any{"role": "franchisee", "stores": []string{"loja-a", "loja-b"}})
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/invite/" + first, Status: 404, Code: 1025})
		mustStatus(t, a.Do(t, "GET", "/api/invite/"+second, "", nil), 200)
		team := f.team(f.nina.Token)
		if len(team.Invitations) != 1 || team.Invitations[0].Role != "franchisee" {
			t.Fatalf("invitations %+v", team.Invitations)
		}

		mustStatus(t, a.Do(t, "DELETE", "/api/team/"+f.slug+"/invite/"+team.Invitations[0].ID, f.nina.Token, nil), 200)
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/invite/" + second, Status: 404, Code: 1025})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/invite/" + second + "/accept",
			Body: map[string]any{"name": "Rita", "auth": password}, Status: 404, Code: 1025})
		a.Expect(t, testutil.Scenario{Method: "DELETE", Path: "/api/team/" + f.slug + "/invite/" + team.Invitations[0].ID,
			Token: f.nina.Token, Status: 404, Code: 1025})

		third := f.invite(email, map[string]any{"role": "store", "stores": []string{"loja-b"}})
		clock.Advance(7*24*time.Hour - time.Minute)
		mustStatus(t, a.Do(t, "GET", "/api/invite/"+third, "", nil), 200)
		clock.Advance(2 * time.Minute)
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/invite/" + third, Status: 404, Code: 1025})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/invite/" + third + "/accept",
			Body: map[string]any{"name": "Rita", "auth": password}, Status: 404, Code: 1025})
		var n int
		if err := a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM users WHERE email = ?`, email).Scan(&n); err != nil || n != 0 {
			t.Fatalf("an expired invitation made an account (%d, %v)", n, err)
		}
	})
}

// A member narrowed or removed loses the access at once: their open event
// streams end, and their next call has the new scope or is refused.
func TestTeamChangeAndRemovalCutAccess(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newTeamFixture(t, a)
		path := "/api/team/" + f.slug + "/"

		r := a.Do(t, "POST", path+f.fabio.ID, f.nina.Token, map[string]any{"role": "franchisee", "stores": []string{"loja-b", "loja-a"}})
		mustStatus(t, r, 200)
		if got := storeSlugsOf(t, a, f.slug, f.fabio.Token); !slices.Equal(got, []string{"loja-a", "loja-b"}) {
			t.Fatalf("widened franchisee sees %v", got)
		}

		fabio := openEvents(t, a, f.slug, f.fabio.Token)
		mustStatus(t, a.Do(t, "POST", path+f.fabio.ID, f.nina.Token, map[string]any{"role": "store", "stores": []string{"loja-b"}}), 200)
		fabio.ends(t, 2*time.Second, func(sseEvent) bool { return false })
		if got := storeSlugsOf(t, a, f.slug, f.fabio.Token); !slices.Equal(got, []string{"loja-b"}) {
			t.Fatalf("narrowed member sees %v", got)
		}
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/display/" + f.slug + "/loja-a", Token: f.fabio.Token, Status: 404, Code: 1061})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/display/" + f.slug + "/loja-b/" + f.tvB, Token: f.fabio.Token,
			Body: map[string]any{"name": "Renomeada"}, Status: 403, Code: 1403})

		gabi := openEvents(t, a, f.slug, f.gabi.Token)
		mustStatus(t, a.Do(t, "DELETE", path+f.gabi.ID, f.nina.Token, nil), 200)
		gabi.ends(t, 2*time.Second, func(sseEvent) bool { return false })
		// Of no group any more, her session ended with the removal.
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/store/" + f.slug, Token: f.gabi.Token, Status: 401, Code: 1022})
		a.Expect(t, testutil.Scenario{Method: "DELETE", Path: path + f.gabi.ID, Token: f.nina.Token, Status: 404, Code: 1001})

		team := f.team(f.nina.Token)
		if len(team.Members) != 2 {
			t.Fatalf("members %+v", team.Members)
		}
	})
}

// Refusals leave everything as it was: the last member holding 'Gerenciar
// equipe' stays, a member does not raise themselves, a role gets the stores
// it needs, and only a manager manages.
func TestTeamRefusals(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		type call struct {
			name         string
			token        func(f *teamFixture) string
			method, path string
			body         map[string]any
			status, code int
		}
		nina := func(f *teamFixture) string { return f.nina.Token }
		fabio := func(f *teamFixture) string { return f.fabio.Token }
		gabi := func(f *teamFixture) string { return f.gabi.Token }
		ruis, others := map[*teamFixture]string{}, map[*teamFixture]string{}
		rui := func(f *teamFixture) string { return ruis[f] }
		other := func(f *teamFixture) string { return others[f] }
		calls := []call{
			{"last manager removes herself", nina, "DELETE", "/api/team/{f}/{nina}", nil, 409, 1003},
			{"last manager drops the permission", nina, "POST", "/api/team/{f}/{nina}", map[string]any{"role": "network"}, 409, 1003},
			{"last manager demotes herself", nina, "POST", "/api/team/{f}/{nina}", map[string]any{"role": "franchisee", "stores": []string{"loja-a"}}, 409, 1003},
			{"franchisee without stores", nina, "POST", "/api/team/{f}/{fabio}", map[string]any{"role": "franchisee", "stores": []string{}}, 400, 1003},
			{"store manager of two stores", nina, "POST", "/api/team/{f}/{gabi}", map[string]any{"role": "store", "stores": []string{"loja-a", "loja-b"}}, 400, 1003},
			{"network with stores", nina, "POST", "/api/team/{f}/{fabio}", map[string]any{"role": "network", "stores": []string{"loja-a"}}, 400, 1003},
			{"team permission for a franchisee", nina, "POST", "/api/team/{f}/{fabio}", map[string]any{"role": "franchisee", "stores": []string{"loja-a"}, "manageTeam": true}, 400, 1003},
			{"unknown role", nina, "POST", "/api/team/{f}/{fabio}", map[string]any{"role": "dono"}, 400, 1003},
			{"no role", nina, "POST", "/api/team/{f}/{fabio}", map[string]any{"stores": []string{"loja-a"}}, 400, 1003},
			{"another group's store", nina, "POST", "/api/team/{f}/{fabio}", map[string]any{"role": "franchisee", "stores": []string{"loja-z"}}, 404, 1061},
			{"unknown member", nina, "POST", "/api/team/{f}/nobody", map[string]any{"role": "network"}, 404, 1001},
			{"invite without e-mail", nina, "POST", "/api/team/{f}/invite", map[string]any{"role": "network"}, 400, 1003},
			{"invite a bad e-mail", nina, "POST", "/api/team/{f}/invite", map[string]any{"email": "não é e-mail", "role": "network"}, 400, 1003},
			{"invite a store manager of no store", nina, "POST", "/api/team/{f}/invite", map[string]any{"email": "x@example.com", "role": "store"}, 400, 1003},
			{"revoke an unknown invitation", nina, "DELETE", "/api/team/{f}/invite/nada", nil, 404, 1025},
		}
		for _, who := range []struct {
			name  string
			token func(f *teamFixture) string
		}{{"franchisee", fabio}, {"store manager", gabi}, {"network member without the permission", rui}, {"another group's manager", other}} {
			calls = append(calls,
				call{who.name + " lists the team", who.token, "GET", "/api/team/{f}", nil, 403, 1403},
				call{who.name + " invites", who.token, "POST", "/api/team/{f}/invite", map[string]any{"email": "y@example.com", "role": "network", "manageTeam": true}, 403, 1403},
				call{who.name + " raises themselves", who.token, "POST", "/api/team/{f}/{self}", map[string]any{"role": "network", "manageTeam": true}, 403, 1403},
				call{who.name + " removes the manager", who.token, "DELETE", "/api/team/{f}/{nina}", nil, 403, 1403},
			)
		}
		selfIDs := map[string]string{} // the user of each token calling
		var cases []testutil.Case[*teamFixture]
		for _, c := range calls {
			cases = append(cases, testutil.Case[*teamFixture]{Name: c.name, Scenario: func(f *teamFixture) testutil.Scenario {
				token := c.token(f)
				p := strings.NewReplacer("{f}", f.slug, "{nina}", f.nina.ID, "{fabio}", f.fabio.ID, "{gabi}", f.gabi.ID,
					"{self}", selfIDs[token]).Replace(c.path)
				before := teamState(f.t, f.a)
				return testutil.Scenario{Method: c.method, Path: p, Token: token, Body: c.body, Status: c.status, Code: c.code,
					Check: func(t *testing.T, _ *testutil.Response) {
						if after := teamState(t, f.a); after != before {
							t.Errorf("the refused call changed the database:\nbefore %s\nafter  %s", before, after)
						}
					}}
			}})
		}
		testutil.RunCases(t, a, func(t *testing.T) *teamFixture {
			f := newTeamFixture(t, a)
			r := a.SeedUser(t, "rui-"+a.Unique()+"@example.com", "")
			if _, err := a.DB.ExecContext(context.Background(),
				`INSERT INTO user_franchises (user_id, franchise_id, created_at) VALUES (?, ?, ?)`, r.ID, f.id, a.Now().UnixMilli()); err != nil {
				t.Fatal(err)
			}
			ruis[f] = r.Token
			o := a.SeedUser(t, "otto-"+a.Unique()+"@example.com", "")
			oid := a.SeedFranchise(t, "outra-"+a.Unique(), "Outra "+a.Unique(), o)
			if _, err := a.DB.ExecContext(context.Background(),
				`UPDATE user_franchises SET manage_team = 1 WHERE franchise_id = ?`, oid); err != nil {
				t.Fatal(err)
			}
			others[f] = o.Token
			selfIDs[f.fabio.Token], selfIDs[f.gabi.Token], selfIDs[r.Token], selfIDs[o.Token] = f.fabio.ID, f.gabi.ID, r.ID, o.ID
			return f
		}, cases)
	})
}

// A platform administrator (userA) manages any group's team without being
// a member of it.
func TestTeamPlatformAdministrator(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newTeamFixture(t, a)
		admin := a.SeedUser(t, "adm-"+a.Unique()+"@example.com", `{"userA":1}`)
		team := f.team(admin.Token)
		if len(team.Members) != 3 {
			t.Fatalf("members %+v", team.Members)
		}
		mustStatus(t, a.Do(t, "POST", "/api/team/"+f.slug+"/"+f.fabio.ID, admin.Token,
			map[string]any{"role": "network", "manageTeam": true}), 200)
		// With a second manager, nina may now leave the permission.
		mustStatus(t, a.Do(t, "POST", "/api/team/"+f.slug+"/"+f.nina.ID, f.nina.Token, map[string]any{"role": "network"}), 200)
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/team/" + f.slug, Token: f.nina.Token, Status: 403, Code: 1403})
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/team/nao-existe", Token: admin.Token, Status: 404, Code: 1041})
		r := a.Do(t, "GET", "/api/user/detail", f.fabio.Token, nil)
		mustStatus(t, r, 200)
		var detail struct {
			User struct {
				Roles map[string]struct {
					Role       string
					ManageTeam bool
				}
			}
		}
		r.Decode(t, &detail)
		if role := detail.User.Roles[f.slug]; role.Role != "network" || !role.ManageTeam {
			t.Fatalf("fabio's role %+v", role)
		}
	})
}

// Two acceptances of one link at once: one joins, the other is told the
// link no longer works, and one account exists.
func TestTeamInvitationAcceptedOnce(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newTeamFixture(t, a)
		email := "dupla-" + a.Unique() + "@example.com"
		code := f.invite(email, map[string]any{"role": "store", "stores": []string{"loja-a"}})
		statuses := make(chan int, 2)
		for range 2 {
			go func() {
				r, err := a.Send("POST", "/api/invite/"+code+"/accept", "", map[string]any{"name": "Dupla", "auth": password})
				if err != nil {
					statuses <- 0
					return
				}
				statuses <- r.Status
			}()
		}
		got := []int{<-statuses, <-statuses}
		slices.Sort(got)
		// The second finds the link spent (404), the account made (409), or,
		// reading between the two, an account to sign in with (401).
		if got[0] != 200 || (got[1] != 404 && got[1] != 409 && got[1] != 401) {
			t.Fatalf("the two acceptances answered %v, want one 200 and one refusal", got)
		}
		var n int
		if err := a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM users WHERE email = ?`, email).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d accounts (%v)", n, err)
		}
	})
}
