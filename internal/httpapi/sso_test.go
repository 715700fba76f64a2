package httpapi_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"

	"vitrine/internal/auth/oidctest"
	"vitrine/internal/config"
	"vitrine/internal/testutil"
)

const ssoRedirect = "http://vitrine.test/api/sso/callback"

var ssoUsers = []oidctest.User{
	{ID: "alice", Username: "alice@acme.test", Password: "Alice#2026", FirstName: "Alice", LastName: "Souza",
		Email: "alice@acme.test", EmailVerified: true},
	{ID: "bruno", Username: "bruno@acme.test", Password: "Bruno#2026", FirstName: "Bruno", LastName: "Lima",
		Email: "bruno@acme.test", EmailVerified: true},
	{ID: "uma", Username: "uma@acme.test", Password: "Uma#2026x", FirstName: "Uma", LastName: "Reis",
		Email: "uma@acme.test", EmailVerified: false},
	{ID: "otto", Username: "otto@acme.test", Password: "Otto#2026", FirstName: "Otto", LastName: "Alves",
		Email: "otto@outra.test", EmailVerified: true},
}

func withSecretKey(c *config.Config) { c.SecretKey = strings.Repeat("k", 32) }

// noRedirect is a client that stops at the first redirect.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	Timeout: 30 * time.Second}

// ssoFixture is a group whose 'Rede' member nina manages the team, with
// the real OpenID Provider started on loopback.
type ssoFixture struct {
	*teamFixture
	p *oidctest.Provider
}

func newSSOFixture(t *testing.T, a *testutil.TestApp) *ssoFixture {
	t.Helper()
	return &ssoFixture{teamFixture: newTeamFixture(t, a), p: oidctest.Start(t, ssoUsers, ssoRedirect)}
}

func (f *ssoFixture) settings(body map[string]any) *testutil.Response {
	f.t.Helper()
	base := map[string]any{"issuer": f.p.Issuer, "clientId": oidctest.ClientID, "clientSecret": oidctest.ClientSecret,
		"domains": []string{"acme.test"}, "role": "store", "stores": []string{}, "allowPassword": false}
	for k, v := range body {
		base[k] = v
	}
	return f.a.Do(f.t, "PUT", "/api/sso/settings/"+f.slug, f.nina.Token, base)
}

// get requests path on the app without following redirects and returns
// the Location it answers.
func ssoGet(t *testing.T, a *testutil.TestApp, path string) *url.URL {
	t.Helper()
	res, err := noRedirect.Get(a.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusFound {
		t.Fatalf("GET %s: status %d, want 302", path, res.StatusCode)
	}
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// start begins a sign-in for email and returns the provider's address.
func (f *ssoFixture) start(email string) *url.URL {
	f.t.Helper()
	return ssoGet(f.t, f.a, "/api/sso/start?"+url.Values{"email": {email}}.Encode())
}

// callback sends the provider's answer to the app and returns where the
// browser lands: the sign-in page with sso (a code) or ssoError.
func (f *ssoFixture) callback(back *url.URL) url.Values {
	f.t.Helper()
	if back.String() == "" || !strings.HasPrefix(back.String(), ssoRedirect) {
		f.t.Fatalf("the provider sent the browser to %s", back)
	}
	land := ssoGet(f.t, f.a, back.Path+"?"+back.RawQuery)
	if land.Scheme+"://"+land.Host+land.Path != "http://vitrine.test/" {
		f.t.Fatalf("the callback lands on %s", land)
	}
	return land.Query()
}

// signIn signs in through the real provider and returns the landing's query.
func (f *ssoFixture) signIn(username, password string) url.Values {
	f.t.Helper()
	back := f.p.SignIn(f.t, f.start(username).String(), username, password)
	if back == nil {
		f.t.Fatalf("the provider refused %s", username)
	}
	return f.callback(back)
}

// session exchanges a landing's one-time code for a session token.
func (f *ssoFixture) session(land url.Values) string {
	f.t.Helper()
	if land.Get("sso") == "" {
		f.t.Fatalf("no one-time code: landed with %v", land)
	}
	r := f.a.Do(f.t, "POST", "/api/sso/exchange", "", map[string]any{"code": land.Get("sso")})
	mustStatus(f.t, r, 200)
	return tokenOf(f.t, r)
}

func wantSSOError(t *testing.T, land url.Values, code int) {
	t.Helper()
	if land.Get("ssoError") != strconv.Itoa(code) || land.Get("sso") != "" {
		t.Fatalf("landed with %v, want ssoError=%d", land, code)
	}
}

func wantSSOCode(t *testing.T, r *testutil.Response, status, code int) {
	t.Helper()
	var body struct {
		StatusCode int    `json:"statusCode"`
		Msg        string `json:"msg"`
	}
	r.Decode(t, &body)
	if r.Status != status || body.StatusCode != code {
		t.Fatalf("answer %d/%d %q, want %d/%d", r.Status, body.StatusCode, body.Msg, status, code)
	}
}

type ssoDetail struct {
	User struct {
		Email    string
		Name     string
		Verified bool
		Roles    map[string]struct {
			Role   string
			Stores []string
		}
	}
}

func TestSSOSettings(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		t.Run("without a secret key the secret is refused", func(t *testing.T) {
			a := testutil.NewApp(t, engine)
			f := newSSOFixture(t, a)
			wantSSOCode(t, f.settings(nil), 409, 1033)
		})
		a := testutil.NewApp(t, engine, testutil.WithConfig(withSecretKey))
		f := newSSOFixture(t, a)

		r := f.a.Do(t, "GET", "/api/sso/settings/"+f.slug, f.nina.Token, nil)
		mustStatus(t, r, 200)
		if m := r.JSON(t); m["configured"] != false || m["redirectUri"] != ssoRedirect || m["role"] != "store" || m["secretKey"] != true {
			t.Fatalf("before any: %s", r.Body)
		}
		// Only the team's managers.
		mustStatus(t, a.Do(t, "GET", "/api/sso/settings/"+f.slug, f.fabio.Token, nil), 403)
		mustStatus(t, a.Do(t, "PUT", "/api/sso/settings/"+f.slug, f.gabi.Token, map[string]any{}), 403)

		wantSSOCode(t, f.settings(map[string]any{"issuer": "ftp://x"}), 400, 1003)
		wantSSOCode(t, f.settings(map[string]any{"issuer": "http://idp.example.com"}), 400, 1003)
		wantSSOCode(t, f.settings(map[string]any{"clientId": " "}), 400, 1003)
		wantSSOCode(t, f.settings(map[string]any{"domains": []string{}}), 400, 1003)
		wantSSOCode(t, f.settings(map[string]any{"domains": []string{"not a domain"}}), 400, 1003)
		wantSSOCode(t, f.settings(map[string]any{"role": "store", "stores": []string{"loja-a", "loja-b"}}), 400, 1003)
		// An issuer that does not answer its discovery document.
		wantSSOCode(t, f.settings(map[string]any{"issuer": "http://127.0.0.1:1/"}), 400, 1032)

		r = f.settings(map[string]any{"domains": []string{"@ACME.test", "acme.test"}})
		mustStatus(t, r, 200)
		if strings.Contains(string(r.Body), oidctest.ClientSecret+`"`) || strings.Contains(string(r.Body), "v1:") {
			t.Fatalf("the answer shows the secret: %s", r.Body)
		}
		var got struct {
			Configured, SecretSet, AllowPassword bool
			Domains, Stores                      []string
			Role                                 string
		}
		r.Decode(t, &got)
		if !got.Configured || !got.SecretSet || got.AllowPassword || strings.Join(got.Domains, ",") != "acme.test" ||
			got.Role != "store" || len(got.Stores) != 0 {
			t.Fatalf("saved: %s", r.Body)
		}
		// Stored sealed.
		var sealed string
		if err := a.DB.QueryRowContext(context.Background(), `SELECT client_secret FROM sso_providers`).Scan(&sealed); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(sealed, "v1:") || strings.Contains(sealed, oidctest.ClientSecret) {
			t.Fatalf("the secret is kept as %q", sealed)
		}
		// An empty secret keeps the one set.
		mustStatus(t, f.settings(map[string]any{"clientSecret": "", "stores": []string{"loja-a"}}), 200)

		// A domain belongs to one group.
		other := newTeamFixture(t, a)
		r = a.Do(t, "PUT", "/api/sso/settings/"+other.slug, other.nina.Token, map[string]any{"issuer": f.p.Issuer,
			"clientId": "web", "clientSecret": "secret", "domains": []string{"acme.test"}, "role": "store", "allowPassword": true})
		wantSSOCode(t, r, 409, 1034)

		// The audit trail has the changes, the secret redacted.
		r = a.Do(t, "GET", "/api/audit/"+f.slug+"?kind=sso", f.nina.Token, nil)
		mustStatus(t, r, 200)
		if !strings.Contains(string(r.Body), `"clientSecret"`) || strings.Contains(string(r.Body), "v1:") ||
			strings.Contains(string(r.Body), `"secret"`) {
			t.Fatalf("audit of the settings: %s", r.Body)
		}

		// The public check tells only the way to sign in.
		r = a.Do(t, "POST", "/api/sso/check", "", map[string]any{"email": "Someone@ACME.test"})
		mustStatus(t, r, 200)
		if string(r.Body) != `{"sso":true,"password":false}`+"\n" && string(r.Body) != `{"sso":true,"password":false}` {
			t.Fatalf("check: %s", r.Body)
		}
		r = a.Do(t, "POST", "/api/sso/check", "", map[string]any{"email": "someone@elsewhere.test"})
		if m := r.JSON(t); m["sso"] != false || m["password"] != true || len(m) != 2 {
			t.Fatalf("check of another domain: %s", r.Body)
		}

		mustStatus(t, a.Do(t, "DELETE", "/api/sso/settings/"+f.slug, f.nina.Token, nil), 200)
		r = a.Do(t, "POST", "/api/sso/check", "", map[string]any{"email": "someone@acme.test"})
		if m := r.JSON(t); m["sso"] != false {
			t.Fatalf("check after the removal: %s", r.Body)
		}
	})
}

func TestSSOSignIn(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine, testutil.WithConfig(withSecretKey))
		f := newSSOFixture(t, a)
		mustStatus(t, f.settings(nil), 200)

		// A password sign-in of the domain is refused: the company's login only.
		wantSSOCode(t, a.Do(t, "POST", "/api/user/auth", "", map[string]any{"email": "alice@acme.test", "auth": "Whatever#1"}), 403, 1027)

		// The authorization request carries state, nonce and PKCE S256.
		auth := f.start("alice@acme.test")
		q := auth.Query()
		if q.Get("state") == "" || q.Get("nonce") == "" || q.Get("code_challenge") == "" || q.Get("code_challenge_method") != "S256" ||
			q.Get("client_id") != "web" || q.Get("redirect_uri") != ssoRedirect {
			t.Fatalf("authorization request: %s", auth)
		}

		t.Run("first sign-in makes a member of no store", func(t *testing.T) {
			land := f.signIn("alice@acme.test", "Alice#2026")
			token := f.session(land)
			r := a.Do(t, "GET", "/api/user/detail", token, nil)
			mustStatus(t, r, 200)
			var d ssoDetail
			r.Decode(t, &d)
			role := d.User.Roles[f.slug]
			if d.User.Email != "alice@acme.test" || d.User.Name != "Alice Souza" || !d.User.Verified || role.Role != "store" || len(role.Stores) != 0 {
				t.Fatalf("the new member: %s", r.Body)
			}
			// They see no store yet.
			r = a.Do(t, "GET", "/api/store/"+f.slug, token, nil)
			mustStatus(t, r, 200)
			if strings.Contains(string(r.Body), "loja-a") {
				t.Fatalf("a member of no store sees: %s", r.Body)
			}
			// The code works once.
			wantSSOCode(t, a.Do(t, "POST", "/api/sso/exchange", "", map[string]any{"code": land.Get("sso")}), 400, 1029)
			// The team lists them; the trail has the sign-in.
			if team := f.team(f.nina.Token); !strings.Contains(func() string { b, _ := json.Marshal(team); return string(b) }(), "alice@acme.test") {
				t.Fatalf("the team: %+v", team)
			}
			r = a.Do(t, "GET", "/api/admin/audit?kind=session", adminToken(t, a), nil)
			if !strings.Contains(string(r.Body), `"sso"`) {
				t.Fatalf("no sign-in recorded: %s", r.Body)
			}
		})

		t.Run("a state works once", func(t *testing.T) {
			auth := f.start("alice@acme.test")
			back := f.p.SignIn(t, auth.String(), "alice@acme.test", "Alice#2026")
			f.session(f.callback(back))
			wantSSOError(t, f.callback(back), 1029)
		})

		t.Run("unverified e-mail", func(t *testing.T) {
			wantSSOError(t, f.signIn("uma@acme.test", "Uma#2026x"), 1039)
		})

		t.Run("e-mail of another domain", func(t *testing.T) {
			wantSSOError(t, f.signIn("otto@acme.test", "Otto#2026"), 1038)
		})

		t.Run("refused consent", func(t *testing.T) {
			state := f.start("alice@acme.test").Query().Get("state")
			land := f.callback(&url.URL{Scheme: "http", Host: "vitrine.test", Path: "/api/sso/callback",
				RawQuery: url.Values{"state": {state}, "error": {"access_denied"}}.Encode()})
			wantSSOError(t, land, 1037)
		})

		var brunoToken string
		t.Run("key rotation", func(t *testing.T) {
			f.p.Restart() // a new signing key
			brunoToken = f.session(f.signIn("bruno@acme.test", "Bruno#2026"))
		})

		t.Run("removed member cannot come back", func(t *testing.T) {
			u, err := a.Accounts.UserByEmail(context.Background(), "bruno@acme.test")
			if err != nil {
				t.Fatal(err)
			}
			mustStatus(t, a.Do(t, "DELETE", "/api/team/"+f.slug+"/"+u.ID, f.nina.Token, nil), 200)
			// Of no group any more: their open session ended.
			mustStatus(t, a.Do(t, "GET", "/api/user/detail", brunoToken, nil), 401)
			wantSSOError(t, f.signIn("bruno@acme.test", "Bruno#2026"), 1028)
			// The refusals are in the platform's trail, with the reason.
			r := a.Do(t, "GET", "/api/admin/audit?kind=session", adminToken(t, a), nil)
			for _, reason := range []string{"ssoRemoved", "ssoDomain", "ssoUnverified"} {
				if !strings.Contains(string(r.Body), reason) {
					t.Errorf("no refused sign-in %s recorded: %s", reason, r.Body)
				}
			}
		})

		t.Run("removed at the provider cannot sign in", func(t *testing.T) {
			f.p.SetUsers(ssoUsers[1:])
			f.p.Restart()
			if back := f.p.SignIn(t, f.start("alice@acme.test").String(), "alice@acme.test", "Alice#2026"); back != nil {
				t.Fatalf("the provider let a removed person in: %s", back)
			}
			f.p.SetUsers(ssoUsers)
			f.p.Restart()
		})

		t.Run("wrong client secret", func(t *testing.T) {
			mustStatus(t, f.settings(map[string]any{"clientSecret": "not-the-secret"}), 200)
			wantSSOError(t, f.signIn("alice@acme.test", "Alice#2026"), 1036)
			mustStatus(t, f.settings(nil), 200)
		})

		t.Run("provider down", func(t *testing.T) {
			auth := f.start("alice@acme.test")
			back := f.p.SignIn(t, auth.String(), "alice@acme.test", "Alice#2026")
			f.p.Stop()
			wantSSOError(t, f.callback(back), 1035)
			f.p.Restart()
		})

		t.Run("password sign-in when allowed", func(t *testing.T) {
			mustStatus(t, f.settings(map[string]any{"allowPassword": true}), 200)
			wantSSOCode(t, a.Do(t, "POST", "/api/user/auth", "", map[string]any{"email": "alice@acme.test", "auth": "Whatever#1"}), 401, 1002)
		})

		t.Run("no provider for the domain", func(t *testing.T) {
			wantSSOError(t, ssoGet(t, a, "/api/sso/start?email=x@elsewhere.test").Query(), 1031)
		})
	})
}

func adminToken(t *testing.T, a *testutil.TestApp) string {
	t.Helper()
	return a.SeedUser(t, "adm-"+a.Unique()+"@example.com", `{"userA":1,"dispA":1}`).Token
}

// fakeIdP is an OpenID Provider the test controls, to send ID tokens the
// real one never would: expired, tampered, for another audience.
type fakeIdP struct {
	srv   *httptest.Server
	key   *rsa.PrivateKey
	mu    sync.Mutex
	nonce string
	mode  string
}

func newFakeIdP(t *testing.T) *fakeIdP {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeIdP{key: key}
	mux := http.NewServeMux()
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	iss := f.srv.URL
	mux.HandleFunc("GET /.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(map[string]any{"issuer": iss, "authorization_endpoint": iss + "/authorize",
			"token_endpoint": iss + "/token", "jwks_uri": iss + "/keys", "id_token_signing_alg_values_supported": []string{"RS256"}})
	})
	mux.HandleFunc("GET /keys", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &f.key.PublicKey, KeyID: "k1", Algorithm: "RS256", Use: "sig"}}})
	})
	mux.HandleFunc("GET /authorize", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.nonce = r.URL.Query().Get("nonce")
		f.mu.Unlock()
		http.Redirect(w, r, r.URL.Query().Get("redirect_uri")+"?"+url.Values{"code": {"c1"}, "state": {r.URL.Query().Get("state")}}.Encode(), http.StatusFound)
	})
	mux.HandleFunc("POST /token", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		now := time.Now()
		claims := map[string]any{"iss": iss, "sub": "s1", "aud": "web", "exp": now.Add(time.Hour).Unix(), "iat": now.Unix(),
			"nonce": f.nonce, "email": "carla@acme.test", "email_verified": true, "name": "Carla"}
		signWith := f.key
		switch f.mode {
		case "expired":
			claims["exp"], claims["iat"] = now.Add(-time.Hour).Unix(), now.Add(-2*time.Hour).Unix()
		case "audience":
			claims["aud"] = "another-client"
		case "nonce":
			claims["nonce"] = "not-the-nonce"
		case "foreign key":
			signWith, _ = rsa.GenerateKey(rand.Reader, 2048)
		case "unverified":
			claims["email_verified"] = "false"
		case "entra": // Microsoft Entra ID vouches for the domain instead
			delete(claims, "email_verified")
			claims["xms_edov"] = true
		}
		signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: signWith},
			(&jose.SignerOptions{}).WithType("JWT").WithHeader("kid", "k1"))
		if err != nil {
			panic(err)
		}
		payload, _ := json.Marshal(claims)
		obj, err := signer.Sign(payload)
		if err != nil {
			panic(err)
		}
		raw, _ := obj.CompactSerialize()
		if f.mode == "tampered" {
			parts := strings.Split(raw, ".")
			claims["email"] = "chefe@acme.test"
			changed, _ := json.Marshal(claims)
			parts[1] = base64.RawURLEncoding.EncodeToString(changed)
			raw = strings.Join(parts, ".")
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"access_token": "at", "token_type": "Bearer", "expires_in": 3600, "id_token": raw})
	})
	return f
}

func TestSSORefusesBadTokens(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine, testutil.WithConfig(withSecretKey))
		team := newTeamFixture(t, a)
		idp := newFakeIdP(t)
		mustStatus(t, a.Do(t, "PUT", "/api/sso/settings/"+team.slug, team.nina.Token, map[string]any{"issuer": idp.srv.URL,
			"clientId": "web", "clientSecret": "s", "domains": []string{"acme.test"}, "role": "store", "allowPassword": true}), 200)
		f := &ssoFixture{teamFixture: team}
		signIn := func(mode string) url.Values {
			idp.mu.Lock()
			idp.mode = mode
			idp.mu.Unlock()
			res, err := noRedirect.Get(f.start("carla@acme.test").String())
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			back, _ := url.Parse(res.Header.Get("Location"))
			return f.callback(back)
		}
		for _, mode := range []string{"expired", "tampered", "audience", "nonce", "foreign key"} {
			t.Run(mode, func(t *testing.T) { wantSSOError(t, signIn(mode), 1040) })
		}
		if _, err := a.Accounts.UserByEmail(context.Background(), "chefe@acme.test"); err == nil {
			t.Fatal("a tampered token made an account")
		}
		if _, err := a.Accounts.UserByEmail(context.Background(), "carla@acme.test"); err == nil {
			t.Fatal("a refused token made an account")
		}
		t.Run("unverified", func(t *testing.T) { wantSSOError(t, signIn("unverified"), 1039) })
		t.Run("a good one passes", func(t *testing.T) { f.session(signIn("")) })
		t.Run("a domain verified by Entra ID passes", func(t *testing.T) { f.session(signIn("entra")) })
	})
}
