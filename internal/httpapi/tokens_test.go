package httpapi_test

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrine/internal/apitoken"
	"vitrine/internal/audit"
	"vitrine/internal/config"
	"vitrine/internal/testutil"
)

type createdToken struct {
	Token struct {
		ID         string
		Name       string
		Prefix     string
		Scopes     []string
		Stores     []struct{ Slug, Name string }
		CreatedBy  string
		CreatedAt  int64
		ExpiresAt  int64
		LastUsedAt int64
	} `json:"token"`
	Secret string `json:"secret"`
}

// tokenFixture is the role fixture with nina managing the team.
func tokenFixture(t *testing.T, a *testutil.TestApp) *roleFixture {
	t.Helper()
	f := newRoleFixture(t, a)
	if _, err := a.DB.ExecContext(context.Background(), `UPDATE user_franchises SET manage_team = 1 WHERE user_id = ?`, f.nina.ID); err != nil {
		t.Fatal(err)
	}
	return f
}

func newToken(t *testing.T, a *testutil.TestApp, slug, managerToken string, body map[string]any) createdToken {
	t.Helper()
	r := a.Do(t, "POST", "/api/tokens/"+slug, managerToken, body)
	mustStatus(t, r, 201)
	var out createdToken
	r.Decode(t, &out)
	if !strings.HasPrefix(out.Secret, "vit_") || len(out.Secret) < 40 {
		t.Fatalf("secret %q: not a vit_ token of 256 bits", out.Secret)
	}
	return out
}

type tokenList struct {
	Tokens []struct {
		ID         string
		Name       string
		Scopes     []string
		Stores     []struct{ Slug, Name string }
		CreatedBy  string
		LastUsedAt int64
		ExpiresAt  int64
	}
	Stores []struct{ Slug, Name string }
}

func listTokens(t *testing.T, a *testutil.TestApp, slug, token string) tokenList {
	t.Helper()
	r := a.Do(t, "GET", "/api/tokens/"+slug, token, nil)
	mustStatus(t, r, 200)
	var out tokenList
	r.Decode(t, &out)
	return out
}

// Only the group's team managers (and userA) make, list and revoke its
// tokens; the secret is answered once and only its hash is stored.
func TestTokensAreManagedByTheTeamManagers(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newMatrixFixture(t, a)
		admin := a.SeedUser(t, "adm-"+a.Unique()+"@example.com", `{"userA":1}`)

		tok := newToken(t, a, f.slug, f.nina.Token, map[string]any{"name": " Preços ", "scopes": []string{"schedules", "read", "media"}})
		if tok.Token.Name != "Preços" || !slices.Equal(tok.Token.Scopes, []string{"read", "media", "schedules"}) ||
			tok.Token.CreatedBy != f.nina.Email || tok.Token.LastUsedAt != 0 || !strings.HasPrefix(tok.Secret, tok.Token.Prefix) {
			t.Errorf("created %+v", tok.Token)
		}
		if d := time.UnixMilli(tok.Token.ExpiresAt).Sub(time.UnixMilli(tok.Token.CreatedAt)); d != 90*24*time.Hour {
			t.Errorf("default lifetime %v, want 90 days", d)
		}
		var stored int
		if err := a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM api_tokens WHERE token_hash = ? OR token_hash = ?`,
			tok.Secret, tok.Secret[4:]).Scan(&stored); err != nil || stored != 0 {
			t.Errorf("the secret itself is stored (%d, %v)", stored, err)
		}
		lim := newToken(t, a, f.slug, admin.Token, map[string]any{"name": "Caixa da B", "scopes": []string{"read"}, "stores": []string{"loja-b"}, "days": 365})
		if len(lim.Token.Stores) != 1 || lim.Token.Stores[0].Name != "Loja B" || lim.Token.CreatedBy != admin.Email {
			t.Errorf("limited token %+v", lim.Token)
		}

		list := listTokens(t, a, f.slug, f.nina.Token)
		// (the fixture's own token, "Sistema da rede", is the oldest)
		if len(list.Tokens) != 3 || list.Tokens[0].Name != "Caixa da B" || list.Tokens[1].Name != "Preços" || len(list.Stores) != 2 {
			t.Fatalf("list %+v", list)
		}
		if r := a.Do(t, "GET", "/api/tokens/"+f.slug, f.nina.Token, nil); strings.Contains(string(r.Body), tok.Secret) {
			t.Errorf("the list shows a secret")
		}

		body := map[string]any{"name": "X", "scopes": []string{"read"}}
		for _, who := range []struct {
			name, token, slug string
		}{{"franchisee", f.fabio.Token, f.slug}, {"store manager", f.gabi.Token, f.slug}, {"other group's manager", f.olga.Token, f.slug}} {
			for _, c := range []struct{ method, path string }{
				{"GET", "/api/tokens/" + who.slug}, {"POST", "/api/tokens/" + who.slug}, {"DELETE", "/api/tokens/" + who.slug + "/" + tok.Token.ID},
			} {
				if r := a.Do(t, c.method, c.path, who.token, body); r.Status != 403 || r.Code() != 1403 {
					t.Errorf("%s %s as %s: %d %s", c.method, c.path, who.name, r.Status, r.Body)
				}
			}
		}
		// a network member without 'Gerenciar equipe'
		plain := a.SeedUser(t, "rede-"+a.Unique()+"@example.com", "")
		a.SetMembership(t, plain.ID, f.id, "network")
		if r := a.Do(t, "GET", "/api/tokens/"+f.slug, plain.Token, nil); r.Status != 403 {
			t.Errorf("network member without the team permission: %d", r.Status)
		}
		// another group's manager cannot revoke this group's token under their own group
		if r := a.Do(t, "DELETE", "/api/tokens/"+f.olgaSlug+"/"+tok.Token.ID, f.olga.Token, nil); r.Status != 404 {
			t.Errorf("revoking another group's token: %d %s", r.Status, r.Body)
		}

		for _, c := range []struct {
			body       map[string]any
			status, cd int
			msg        string
		}{
			{map[string]any{"name": "", "scopes": []string{"read"}}, 400, 1141, ""},
			{map[string]any{"name": "A", "scopes": []string{}}, 400, 1003, "Escolha ao menos uma permissão."},
			{map[string]any{"name": "A", "scopes": []string{"admin"}}, 400, 1003, "Permissão desconhecida."},
			{map[string]any{"name": "A", "scopes": []string{"read"}, "days": 366}, 400, 1003, "A validade deve ser de 1 a 365 dias."},
			{map[string]any{"name": "A", "scopes": []string{"read"}, "days": -1}, 400, 1003, ""},
			{map[string]any{"name": "A", "scopes": []string{"read"}, "stores": []string{"loja-z"}}, 404, 1061, ""},
			{map[string]any{"name": "A"}, 400, 0, ""},
		} {
			r := a.Do(t, "POST", "/api/tokens/"+f.slug, f.nina.Token, c.body)
			if r.Status != c.status || (c.cd != 0 && r.Code() != c.cd) || (c.msg != "" && !strings.Contains(string(r.Body), c.msg)) {
				t.Errorf("create %v: %d %s", c.body, r.Status, r.Body)
			}
		}
		if n := len(listTokens(t, a, f.slug, f.nina.Token).Tokens); n != 3 {
			t.Errorf("refused creations left %d tokens", n)
		}

		mustStatus(t, a.Do(t, "DELETE", "/api/tokens/"+f.slug+"/"+tok.Token.ID, f.nina.Token, nil), 200)
		if r := a.Do(t, "DELETE", "/api/tokens/"+f.slug+"/"+tok.Token.ID, f.nina.Token, nil); r.Status != 404 {
			t.Errorf("revoked twice: %d", r.Status)
		}
		if list := listTokens(t, a, f.slug, admin.Token); len(list.Tokens) != 2 || list.Tokens[0].ID != lim.Token.ID {
			t.Errorf("after revoking: %+v", list.Tokens)
		}

		// Both are in the group's audit trail, with who did them.
		r := a.Do(t, "GET", "/api/audit/"+f.slug+"?kind=token", f.nina.Token, nil)
		mustStatus(t, r, 200)
		var trail struct {
			Records []struct{ Action, Name, UserEmail string }
		}
		r.Decode(t, &trail)
		var got []string
		for _, rec := range trail.Records {
			got = append(got, rec.Action+" "+rec.Name+" "+rec.UserEmail)
		}
		want := []string{"revoke Preços " + f.nina.Email, "create Caixa da B " + admin.Email, "create Preços " + f.nina.Email,
			"create Sistema da rede " + f.nina.Email}
		if !slices.Equal(got, want) {
			t.Errorf("audit records %q, want %q", got, want)
		}
	})
}

// A token holding every scope but the one a route needs is refused there
// (403/1403) and changes nothing, on every route of the list; a route that
// takes no token refuses one holding them all; another group's token is
// refused every route of this group.
func TestATokenWithoutTheScopeIsRefusedEverywhere(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newMatrixFixture(t, a)
		without := map[apitoken.Scope]string{}
		for _, sc := range apitoken.Scopes {
			var others []string
			for _, o := range apitoken.Scopes {
				if o != sc {
					others = append(others, string(o))
				}
			}
			without[sc] = newToken(t, a, f.slug, f.nina.Token, map[string]any{"name": "Sem " + string(sc), "scopes": others}).Secret
		}
		all := []string{}
		for _, sc := range apitoken.Scopes {
			all = append(all, string(sc))
		}
		every := newToken(t, a, f.slug, f.nina.Token, map[string]any{"name": "Tudo", "scopes": all}).Secret
		foreign := newToken(t, a, f.olgaSlug, f.olga.Token, map[string]any{"name": "Outra", "scopes": all}).Secret

		routes := a.Server.Routes()
		if len(routes) < 60 {
			t.Fatalf("only %d routes listed", len(routes))
		}
		checked := 0
		for _, pattern := range routes {
			reach, roles, _ := a.Server.ReachOf(pattern)
			if reach == "public" {
				continue // takes no token
			}
			method, _, _ := strings.Cut(pattern, " ")
			path, ok := f.fill(t, pattern, matrixCall{who: franchisee})
			if !ok {
				continue
			}
			scope, _ := a.Server.TokenScopeOf(pattern)
			type call struct {
				who, token string
				want       answer
			}
			var calls []call
			switch {
			case reach == "device":
				calls = append(calls, call{"a token holding every scope", every, answer{401, 1022}})
			case scope == "":
				calls = append(calls, call{"a token holding every scope", every, forbidden})
			default:
				calls = append(calls, call{"a token without " + scope, without[apitoken.Scope(scope)], forbidden})
			}
			if roles != nil {
				calls = append(calls, call{"another group's token", foreign, forbidden})
			}
			for _, c := range calls {
				before := fingerprint(t, a)
				r := a.Do(t, method, path, c.token, f.body(pattern))
				if r.Status != c.want.status || r.Code() != c.want.code {
					t.Errorf("%s %s with %s: %d %s, want %d/%d", method, path, c.who, r.Status, r.Body, c.want.status, c.want.code)
				}
				if after := fingerprint(t, a); after != before {
					t.Fatalf("%s %s with %s changed the database:\nbefore %s\nafter  %s", method, path, c.who, before, after)
				}
				checked++
			}
		}
		if checked < 100 {
			t.Errorf("only %d calls checked", checked)
		}
	})
}

// Every route of a group says what a token needs there (or that it takes
// none); the routes outside a group take none. Reads need read, or the
// scope of the permission they belong to.
func TestEveryGroupRouteDecidesOnTokens(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	for _, pattern := range a.Server.Routes() {
		_, roles, _ := a.Server.ReachOf(pattern)
		scope, declared := a.Server.TokenScopeOf(pattern)
		switch {
		case roles != nil && !declared:
			t.Errorf("%s: a route of a group with no decision on API tokens; name its scope (or apitoken.NoToken) in tokenScopes", pattern)
		case roles == nil && scope != "":
			t.Errorf("%s: a route outside a group opens to API tokens (%s)", pattern, scope)
		case strings.HasPrefix(pattern, "GET ") && scope != "" && !slices.Contains([]string{"read", "ads", "overrides", "media"}, scope):
			t.Errorf("%s: a read needing %s", pattern, scope)
		case !strings.HasPrefix(pattern, "GET ") && scope == "read":
			t.Errorf("%s: a change allowed to read", pattern)
		}
		if strings.HasPrefix(pattern, "GET /api/media/file/") && scope != "media" {
			t.Errorf("%s: the upload policy needs media, not %q", pattern, scope)
		}
	}
}

// A token acts as a 'Rede' member of its group with its scopes: its
// changes are audit records naming it, in the page and in the CSV.
func TestATokensChangesAreRecordedUnderItsName(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := tokenFixture(t, a)
		tok := newToken(t, a, f.slug, f.nina.Token, map[string]any{"name": "Sistema de preços", "scopes": []string{"read", "schedules"}})
		r := a.Do(t, "POST", "/api/schedule/"+f.slug, tok.Secret, map[string]any{"name": "Ofertas da semana"})
		mustStatus(t, r, 201)
		mustStatus(t, a.Do(t, "GET", "/api/schedule/"+f.slug, tok.Secret, nil), 200)
		// Holding schedules is not holding media, nor the account's routes.
		for _, c := range []struct{ method, path string }{
			{"GET", "/api/media/file/" + f.slug + "?type=image&contentType=image/png"},
			{"GET", "/api/user/detail"}, {"GET", "/api/franchise"}, {"GET", "/api/team/" + f.slug}, {"GET", "/api/tokens/" + f.slug},
		} {
			if r := a.Do(t, c.method, c.path, tok.Secret, nil); r.Status != 403 || r.Code() != 1403 {
				t.Errorf("%s %s: %d %s", c.method, c.path, r.Status, r.Body)
			}
		}

		r = a.Do(t, "GET", "/api/audit/"+f.slug+"?kind=schedule", f.nina.Token, nil)
		mustStatus(t, r, 200)
		var trail struct {
			Records []struct {
				Action, Name, UserID, UserEmail, TokenID, TokenName string
			}
		}
		r.Decode(t, &trail)
		if len(trail.Records) == 0 {
			t.Fatal("no record of the schedule created")
		}
		rec := trail.Records[0]
		if rec.Action != "create" || rec.Name != "Ofertas da semana" || rec.TokenID != tok.Token.ID ||
			rec.TokenName != "Sistema de preços" || rec.UserID != "" || rec.UserEmail != "" {
			t.Errorf("record %+v", rec)
		}
		// The person filter offers the token by its name, and keeps its records alone.
		r = a.Do(t, "GET", "/api/audit/"+f.slug, f.nina.Token, nil)
		mustStatus(t, r, 200)
		var page struct {
			People []struct{ ID, Email, Token string }
		}
		r.Decode(t, &page)
		person := ""
		for _, p := range page.People {
			if p.Token == "Sistema de preços" {
				person = p.ID
			}
		}
		if person == "" || person == tok.Token.ID {
			t.Fatalf("people %+v: no token among them, or named by the token's bare id", page.People)
		}
		r = a.Do(t, "GET", "/api/audit/"+f.slug+"?person="+url.QueryEscape(person), f.nina.Token, nil)
		mustStatus(t, r, 200)
		var mine struct {
			Records []struct{ Kind, Action, TokenID string }
		}
		r.Decode(t, &mine)
		if len(mine.Records) != 1 || mine.Records[0].TokenID != tok.Token.ID || mine.Records[0].Kind != "schedule" {
			t.Errorf("the token's records %+v, want its one schedule created", mine.Records)
		}
		r = a.Do(t, "GET", "/api/audit/"+f.slug+"?person="+f.nina.ID, f.nina.Token, nil)
		mustStatus(t, r, 200)
		var hers struct{ Records []struct{ TokenID string } }
		r.Decode(t, &hers)
		for _, rec := range hers.Records {
			if rec.TokenID != "" {
				t.Errorf("nina's records hold the token's: %+v", hers.Records)
			}
		}
		r = a.Do(t, "GET", "/api/audit/"+f.slug+"/csv", f.nina.Token, nil)
		mustStatus(t, r, 200)
		if !strings.Contains(string(r.Body), "Token: Sistema de preços") {
			t.Errorf("the CSV does not name the token: %s", r.Body)
		}
		// the chain still verifies with the token's fields in it
		if rep, err := audit.Verify(context.Background(), a.DB, f.id); err != nil || rep.Problem != nil {
			t.Errorf("audit chain: %v %v", rep.Problem, err)
		}
	})
}

// A token limited to stores acts as their franchisee: another store is not
// found, the network's routes refuse it.
func TestATokenLimitedToStoresReachesThemAlone(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := tokenFixture(t, a)
		tok := newToken(t, a, f.slug, f.nina.Token, map[string]any{"name": "Caixa A", "scopes": []string{"read", "displays", "schedules"}, "stores": []string{"loja-a"}})
		mustStatus(t, a.Do(t, "POST", f.path("/api/display/{f}/loja-a/{tvA}"), tok.Secret, map[string]any{"name": "TV A renomeada"}), 200)
		if r := a.Do(t, "POST", f.path("/api/display/{f}/loja-b/{tvB}"), tok.Secret, map[string]any{"name": "Tomada"}); r.Status != 404 || r.Code() != 1061 {
			t.Errorf("TV of store B: %d %s", r.Status, r.Body)
		}
		if r := a.Do(t, "POST", "/api/schedule/"+f.slug, tok.Secret, map[string]any{"name": "Da loja"}); r.Status != 403 || r.Code() != 1403 {
			t.Errorf("a network route: %d %s", r.Status, r.Body)
		}
		r := a.Do(t, "GET", "/api/display/"+f.slug, tok.Secret, nil)
		mustStatus(t, r, 200)
		if s := string(r.Body); !strings.Contains(s, "TV A renomeada") || strings.Contains(s, "TV B") {
			t.Errorf("displays of a token of store A: %s", s)
		}
		// Its store removed, it reaches nothing rather than the whole group.
		mustStatus(t, a.Do(t, "DELETE", "/api/store/"+f.slug+"/loja-a", f.nina.Token, map[string]any{"name": "Loja A"}), 200)
		r = a.Do(t, "GET", "/api/display/"+f.slug, tok.Secret, nil)
		mustStatus(t, r, 200)
		if strings.Contains(string(r.Body), "TV B") {
			t.Errorf("a token whose store was removed sees store B: %s", r.Body)
		}
	})
}

// Expired and revoked tokens are refused like an ended session, at the
// next call; the last use is written at most once a minute.
func TestTokensExpireAreRevokedAtOnceAndNoteTheirLastUse(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		f := tokenFixture(t, a)
		short := newToken(t, a, f.slug, f.nina.Token, map[string]any{"name": "Curto", "scopes": []string{"read"}, "days": 1})
		long := newToken(t, a, f.slug, f.nina.Token, map[string]any{"name": "Longo", "scopes": []string{"read"}})
		lastUse := func(name string) int64 {
			for _, x := range listTokens(t, a, f.slug, f.nina.Token).Tokens {
				if x.Name == name {
					return x.LastUsedAt
				}
			}
			t.Fatalf("no token %s", name)
			return 0
		}
		if lastUse("Longo") != 0 {
			t.Fatal("used before any call")
		}
		// the kept overview route and an ordinary one
		for _, p := range []string{"/api/store/" + f.slug, "/api/schedule/" + f.slug} {
			mustStatus(t, a.Do(t, "GET", p, long.Secret, nil), 200)
		}
		first := lastUse("Longo")
		if first != clock.Now().UnixMilli() {
			t.Errorf("last use %d, want %d", first, clock.Now().UnixMilli())
		}
		clock.Advance(30 * time.Second)
		mustStatus(t, a.Do(t, "GET", "/api/schedule/"+f.slug, long.Secret, nil), 200)
		if got := lastUse("Longo"); got != first {
			t.Errorf("last use written again within a minute: %d", got)
		}
		clock.Advance(31 * time.Second)
		mustStatus(t, a.Do(t, "GET", "/api/schedule/"+f.slug, long.Secret, nil), 200)
		if got := lastUse("Longo"); got != clock.Now().UnixMilli() {
			t.Errorf("last use after a minute %d, want %d", got, clock.Now().UnixMilli())
		}

		mustStatus(t, a.Do(t, "GET", "/api/store/"+f.slug, long.Secret, nil), 200)
		mustStatus(t, a.Do(t, "DELETE", "/api/tokens/"+f.slug+"/"+long.Token.ID, f.nina.Token, nil), 200)
		for _, p := range []string{"/api/store/" + f.slug, "/api/schedule/" + f.slug} {
			if r := a.Do(t, "GET", p, long.Secret, nil); r.Status != 401 || r.Code() != 1022 {
				t.Errorf("revoked token on %s: %d %s", p, r.Status, r.Body)
			}
		}
		mustStatus(t, a.Do(t, "GET", "/api/schedule/"+f.slug, short.Secret, nil), 200)
		clock.Advance(24 * time.Hour)
		for _, p := range []string{"/api/store/" + f.slug, "/api/schedule/" + f.slug} {
			if r := a.Do(t, "GET", p, short.Secret, nil); r.Status != 401 || r.Code() != 1022 {
				t.Errorf("expired token on %s: %d %s", p, r.Status, r.Body)
			}
		}
		if r := a.Do(t, "GET", "/api/store/"+f.slug, "vit_nada", nil); r.Status != 401 || r.Code() != 1022 {
			t.Errorf("unknown token: %d %s", r.Status, r.Body)
		}
	})
}

// Past its calls per minute a token gets 429 with Retry-After; other
// tokens, and the next minute, are not limited.
func TestTokensAreRateLimited(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now), testutil.WithConfig(func(c *config.Config) { c.TokenRate = 3 }))
		f := tokenFixture(t, a)
		one := newToken(t, a, f.slug, f.nina.Token, map[string]any{"name": "Um", "scopes": []string{"read", "schedules"}})
		two := newToken(t, a, f.slug, f.nina.Token, map[string]any{"name": "Dois", "scopes": []string{"read"}})
		for range 3 {
			mustStatus(t, a.Do(t, "GET", "/api/schedule/"+f.slug, one.Secret, nil), 200)
		}
		clock.Advance(20 * time.Second)
		before := fingerprint(t, a)
		r := a.Do(t, "POST", "/api/schedule/"+f.slug, one.Secret, map[string]any{"name": "Demais"})
		if r.Status != 429 || r.Code() != 1003 || r.Header.Get("Retry-After") != "40" ||
			!strings.Contains(string(r.Body), "Muitas chamadas com este token. Tente novamente em 40 segundos.") {
			t.Errorf("past the rate: %d %q %s", r.Status, r.Header.Get("Retry-After"), r.Body)
		}
		if fingerprint(t, a) != before {
			t.Error("a call past the rate changed something")
		}
		mustStatus(t, a.Do(t, "GET", "/api/schedule/"+f.slug, two.Secret, nil), 200)
		mustStatus(t, a.Do(t, "GET", "/api/schedule/"+f.slug, f.nina.Token, nil), 200)
		clock.Advance(41 * time.Second)
		mustStatus(t, a.Do(t, "GET", "/api/schedule/"+f.slug, one.Secret, nil), 200)
	})
}
