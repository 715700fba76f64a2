package httpapi_test

import (
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"vitrine/internal/auth"
	"vitrine/internal/config"
	"vitrine/internal/testutil"
)

const (
	password    = "Senha#Forte1"
	newPassword = "Nova#Senha22"
	weakRule    = "A senha deve conter pelo menos 8 caracteres"
)

// acctUser creates an account through the accounts service, as the API
// would, and returns its token after signing in.
func acctUser(t *testing.T, a *testutil.TestApp, email, name string, permission map[string]int) string {
	t.Helper()
	if _, err := a.Accounts.CreateUser(context.Background(), auth.NewUser{
		Email: email, Name: name, Password: password, Permission: permission, Verified: true,
	}); err != nil {
		t.Fatalf("create %s: %v", email, err)
	}
	return acctLogin(t, a, email, password)
}

func acctLogin(t *testing.T, a *testutil.TestApp, email, pw string) string {
	t.Helper()
	r := a.Do(t, "POST", "/api/user/auth", "", map[string]string{"email": email, "auth": pw})
	if r.Status != 200 {
		t.Fatalf("login %s: %d %s", email, r.Status, r.Body)
	}
	var body struct{ Token string }
	r.Decode(t, &body)
	if body.Token == "" {
		t.Fatal("login answered no token")
	}
	return body.Token
}

func tokenOf(t *testing.T, r *testutil.Response) string {
	t.Helper()
	var body struct{ Token string }
	r.Decode(t, &body)
	if body.Token == "" {
		t.Fatalf("no token in %s", r.Body)
	}
	return body.Token
}

var codeInLink = regexp.MustCompile(`(https?://[^\s]+)\?code=([A-Za-z0-9_-]+)`)

// mailedCode reads the newest account mail to email from the outbox and
// returns the link's address (before ?code=) and the code.
func mailedCode(t *testing.T, a *testutil.TestApp, email string) (link, code string) {
	t.Helper()
	var subject, body, html string
	err := a.DB.QueryRowContext(context.Background(), `
		SELECT subject, body, html FROM outbox WHERE channel = 'email' AND recipient = ?
		ORDER BY created_at DESC, id DESC LIMIT 1`, email).Scan(&subject, &body, &html)
	if err != nil {
		t.Fatalf("no mail to %s: %v", email, err)
	}
	m := codeInLink.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no link with a code in the mail %q: %s", subject, body)
	}
	if !strings.Contains(html, m[0]) || !strings.HasPrefix(body, "Olá") {
		t.Errorf("the HTML alternative must carry the same link; text %q", body)
	}
	return m[1], m[2]
}

func mailCount(t *testing.T, a *testutil.TestApp, email string) int {
	t.Helper()
	var n int
	if err := a.DB.QueryRowContext(context.Background(),
		`SELECT COUNT(*) FROM outbox WHERE recipient = ?`, email).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// account is a verified account made through the accounts service, signed
// in, with an e-mail no other account of the app has.
type account struct {
	id, email, token string
}

// newAccount creates an account named name whose e-mail starts with local.
func newAccount(t *testing.T, a *testutil.TestApp, local, name string, permission map[string]int) account {
	t.Helper()
	acc := account{email: local + "-" + a.Unique() + "@example.com"}
	acc.token = acctUser(t, a, acc.email, name, permission)
	if err := a.DB.QueryRowContext(context.Background(), `SELECT id FROM users WHERE email = ?`, acc.email).Scan(&acc.id); err != nil {
		t.Fatal(err)
	}
	return acc
}

func TestSignIn(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		acctUser(t, a, "Ana@Example.com", "Ana", nil)
		if _, err := a.Accounts.CreateUser(context.Background(), auth.NewUser{
			Email: "novo@example.com", Name: "Novo", Password: password,
		}); err != nil {
			t.Fatal(err)
		}
		a.Run(t, []testutil.Scenario{
			{Name: "right password gives a token", Method: "POST", Path: "/api/user/auth",
				Body: map[string]string{"email": "ana@example.com", "auth": password}, Status: 200,
				Contains: []string{`"token":"`}},
			{Name: "e-mail is matched without case or spaces", Method: "POST", Path: "/api/user/auth",
				Body: map[string]string{"email": "  ANA@example.COM ", "auth": password}, Status: 200},
			{Name: "wrong password is 1002", Method: "POST", Path: "/api/user/auth",
				Body: map[string]string{"email": "ana@example.com", "auth": "Senha#Errada1"}, Status: 401, Code: 1002,
				Contains: []string{"E-mail/senha inválidos."}},
			{Name: "unknown e-mail is the same 1002", Method: "POST", Path: "/api/user/auth",
				Body: map[string]string{"email": "ninguem@example.com", "auth": password}, Status: 401, Code: 1002,
				Contains: []string{"E-mail/senha inválidos."}},
			{Name: "unverified e-mail is 1021", Method: "POST", Path: "/api/user/auth",
				Body: map[string]string{"email": "novo@example.com", "auth": password}, Status: 403, Code: 1021},
			{Name: "unverified with a wrong password is still 1002", Method: "POST", Path: "/api/user/auth",
				Body: map[string]string{"email": "novo@example.com", "auth": "x"}, Status: 401, Code: 1002},
			{Name: "missing password is 1003", Method: "POST", Path: "/api/user/auth",
				Body: map[string]string{"email": "ana@example.com"}, Status: 400, Code: 1003},
			{Name: "missing e-mail is 1003", Method: "POST", Path: "/api/user/auth",
				Body: map[string]string{"auth": password}, Status: 400, Code: 1003},
			{Name: "malformed e-mail is 1003", Method: "POST", Path: "/api/user/auth",
				Body: map[string]string{"email": "não-é-email", "auth": password}, Status: 400, Code: 1003},
			{Name: "malformed JSON is 1003 without internals", Method: "POST", Path: "/api/user/auth",
				Body: `{"email": "ana@example.com", "auth": `, Status: 400, Code: 1003,
				Absent: []string{"unexpected", "json", "goroutine"}},
			{Name: "wrong types are 1003", Method: "POST", Path: "/api/user/auth",
				Body: `{"email": 42, "auth": ["x"]}`, Status: 400, Code: 1003},
			{Name: "an array instead of an object is 1003", Method: "POST", Path: "/api/user/auth",
				Body: `[]`, Status: 400, Code: 1003},
			{Name: "empty body is 1003", Method: "POST", Path: "/api/user/auth", Body: "", Status: 400, Code: 1003},
			{Name: "a body over 1 MiB is refused", Method: "POST", Path: "/api/user/auth",
				Body: `{"email": "` + strings.Repeat("a", 1<<20) + `@example.com", "auth": "x"}`, Status: 413},
		})
	})
}

func TestSignInThrottling(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		acctUser(t, a, "ana@example.com", "Ana", nil)
		acctUser(t, a, "bia@example.com", "Bia", nil)
		wrong := map[string]string{"email": "ana@example.com", "auth": "Senha#Errada1"}
		right := map[string]string{"email": "ana@example.com", "auth": password}

		for i := range auth.MaxLoginFailures {
			if r := a.Do(t, "POST", "/api/user/auth", "", wrong); r.Status != 401 {
				t.Fatalf("failure %d: %d %s", i+1, r.Status, r.Body)
			}
			clock.Advance(time.Minute)
		}
		// 10 failures in the last 10 minutes: the e-mail is locked, even with the right password.
		r := a.Do(t, "POST", "/api/user/auth", "", right)
		if r.Status != 429 || !strings.Contains(string(r.Body), "Muitas tentativas") {
			t.Fatalf("after %d failures: %d %s", auth.MaxLoginFailures, r.Status, r.Body)
		}
		// The oldest failure leaves the 15-minute window 5 minutes from now.
		if got := r.Header.Get("Retry-After"); got != "300" {
			t.Errorf("Retry-After %q, want 300", got)
		}
		clock.Advance(4 * time.Minute)
		if r := a.Do(t, "POST", "/api/user/auth", "", right); r.Status != 429 {
			t.Fatalf("still inside the window: %d", r.Status)
		}
		clock.Advance(time.Minute)
		acctLogin(t, a, "ana@example.com", password)

		// A success clears the e-mail's failures, but this address has had
		// 10 failures too: spreading guesses over e-mails does not help.
		for i := range auth.MaxLoginFailures {
			body := map[string]string{"email": "alvo" + string(rune('a'+i)) + "@example.com", "auth": "x"}
			if r := a.Do(t, "POST", "/api/user/auth", "", body); r.Status != 401 {
				t.Fatalf("guess %d: %d %s", i, r.Status, r.Body)
			}
		}
		if r := a.Do(t, "POST", "/api/user/auth", "", map[string]string{"email": "bia@example.com", "auth": password}); r.Status != 429 {
			t.Fatalf("an address with %d failures must wait: %d %s", auth.MaxLoginFailures, r.Status, r.Body)
		}
		clock.Advance(auth.LoginWindow)
		acctLogin(t, a, "bia@example.com", password)
	})
}

func TestSignInThrottlingBehindAProxy(t *testing.T) {
	clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a := testutil.NewApp(t, "sqlite", testutil.WithClock(clock.Now), testutil.WithConfig(func(c *config.Config) {
		proxies, err := config.Parse([]string{}, func(k string) string {
			if k == "VITRINE_TRUSTED_PROXIES" {
				return "127.0.0.1, ::1"
			}
			return ""
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		c.TrustedProxies = proxies.TrustedProxies
	}))
	acctUser(t, a, "ana@example.com", "Ana", nil)
	post := func(client, email, pw string) int {
		req, _ := http.NewRequest("POST", a.URL+"/api/user/auth",
			strings.NewReader(`{"email":"`+email+`","auth":"`+pw+`"}`))
		// The client may claim anything on the left; the proxy appends the real address.
		req.Header.Set("X-Forwarded-For", "10.9.9.9, "+client)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for i := range auth.MaxLoginFailures {
		if s := post("203.0.113.7", "alvo"+string(rune('a'+i))+"@example.com", "x"); s != 401 {
			t.Fatalf("guess %d: %d", i, s)
		}
	}
	if s := post("203.0.113.7", "ana@example.com", password); s != 429 {
		t.Fatalf("the guessing address must wait: %d", s)
	}
	if s := post("198.51.100.20", "ana@example.com", password); s != 200 {
		t.Fatalf("another client behind the same proxy is not blocked: %d", s)
	}
}

func TestRegistration(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		// Registering changes neither administrator: every case uses them.
		admin := acctUser(t, a, "admin@example.com", "Admin", map[string]int{"userA": 1})
		boxes := acctUser(t, a, "caixas@example.com", "Caixas", map[string]int{"dispA": 1})
		body := func(email, pw, name string) map[string]string {
			return map[string]string{"email": email, "auth": pw, "name": name}
		}
		// Each case registers e-mails of its own, made from a unique word u.
		type fixture struct {
			t *testing.T
			u string
		}
		newFixture := func(t *testing.T) fixture { return fixture{t, a.Unique()} }
		testutil.RunCases(t, a, newFixture, []testutil.Case[fixture]{
			{Name: "without a token sign-up is closed", Scenario: func(f fixture) testutil.Scenario {
				u := f.u
				return testutil.Scenario{Method: "POST", Path: "/api/user/register",
					Body: body("rita-"+u+"@example.com", password, "Rita"), Status: 403, Code: 1403}
			}},
			{Name: "a token without userA cannot register", Scenario: func(f fixture) testutil.Scenario {
				u := f.u
				return testutil.Scenario{Method: "POST", Path: "/api/user/register", Token: boxes,
					Body: body("rita-"+u+"@example.com", password, "Rita"), Status: 403, Code: 1403}
			}},
			{Name: "an expired or unknown token is 1022", Scenario: func(f fixture) testutil.Scenario {
				u := f.u
				return testutil.Scenario{Method: "POST", Path: "/api/user/register", Token: "nope",
					Body: body("rita-"+u+"@example.com", password, "Rita"), Status: 401, Code: 1022}
			}},
			{Name: "an administrator registers a verified user, who gets no mail", Scenario: func(f fixture) testutil.Scenario {
				u := f.u
				email := "rita-" + u + "@example.com"
				return testutil.Scenario{Method: "POST", Path: "/api/user/register", Token: admin,
					Body: body(" Rita-"+u+"@Example.com ", password, "  Rita   Souza "), Status: 201,
					Contains: []string{`"email":"` + email + `"`, `"name":"Rita Souza"`, `"verified":true`,
						`"franchise":{}`, `"permission":{}`, `"viewAdsCenter":0`},
					Absent: []string{"password", "hash"},
					Check: func(t *testing.T, _ *testutil.Response) {
						acctLogin(t, a, email, password)
						if n := mailCount(t, a, email); n != 0 {
							t.Errorf("a user registered by an administrator gets no verification mail (%d)", n)
						}
					}}
			}},
			{Name: "the same e-mail again is 1023", Scenario: func(f fixture) testutil.Scenario {
				u := f.u
				mustStatus(f.t, a.Do(f.t, "POST", "/api/user/register", admin, body("rita-"+u+"@example.com", password, "Rita")), 201)
				return testutil.Scenario{Method: "POST", Path: "/api/user/register", Token: admin,
					Body: body("RITA-"+u+"@example.com", password, "Outra"), Status: 409, Code: 1023}
			}},
			{Name: "a weak password is refused with the rule", Scenario: func(f fixture) testutil.Scenario {
				u := f.u
				return testutil.Scenario{Method: "POST", Path: "/api/user/register", Token: admin,
					Body: body("joao-"+u+"@example.com", "senhafraca1!", "João"), Status: 400, Code: 1003, Contains: []string{weakRule}}
			}},
			{Name: "a password without a special character is refused", Scenario: func(f fixture) testutil.Scenario {
				u := f.u
				return testutil.Scenario{Method: "POST", Path: "/api/user/register", Token: admin,
					Body: body("joao-"+u+"@example.com", "SenhaForte1", "João"), Status: 400, Code: 1003, Contains: []string{weakRule}}
			}},
			{Name: "a short password is refused", Scenario: func(f fixture) testutil.Scenario {
				u := f.u
				return testutil.Scenario{Method: "POST", Path: "/api/user/register", Token: admin,
					Body: body("joao-"+u+"@example.com", "Se#1a", "João"), Status: 400, Code: 1003, Contains: []string{weakRule}}
			}},
			{Name: "the name is required", Scenario: func(f fixture) testutil.Scenario {
				u := f.u
				return testutil.Scenario{Method: "POST", Path: "/api/user/register", Token: admin,
					Body: body("joao-"+u+"@example.com", password, "  "), Status: 400, Code: 1141}
			}},
			{Name: "the e-mail must be valid", Scenario: func(f fixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/register", Token: admin,
					Body: body("joao@", password, "João"), Status: 400, Code: 1003, Contains: []string{"Digite um e-mail válido."}}
			}},
			{Name: "the e-mail is required", Scenario: func(f fixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/register", Token: admin,
					Body: map[string]string{"auth": password, "name": "João"}, Status: 400, Code: 1003}
			}},
			{Name: "malformed JSON is 1003", Scenario: func(f fixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/register", Token: admin,
					Body: `{"email":`, Status: 400, Code: 1003}
			}},
		})
	})
}

// signupFixture is an app with open sign-up and a clock that stands still,
// and an e-mail of the case's own.
type signupFixture struct {
	t     *testing.T
	a     *testutil.TestApp
	email string
}

// signUp registers the fixture's e-mail through the open sign-up and
// returns the mailed link and code.
func (f *signupFixture) signUp() (link, code string) {
	f.t.Helper()
	r := f.a.Do(f.t, "POST", "/api/user/register", "", map[string]string{"email": f.email, "auth": password, "name": "Gil"})
	if r.Status != 201 || !strings.Contains(string(r.Body), `"verified":false`) {
		f.t.Fatalf("sign-up %s: %d %s", f.email, r.Status, r.Body)
	}
	return mailedCode(f.t, f.a, f.email)
}

func TestOpenSignUpAndEmailVerification(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now),
			testutil.WithConfig(func(c *config.Config) { c.OpenSignup = true }))
		newSignup := func(t *testing.T) *signupFixture {
			return &signupFixture{t: t, a: a, email: "gil-" + a.Unique() + "@example.com"}
		}

		t.Run("the verification mail links to the console's root on the public URL", func(t *testing.T) {
			if link, _ := newSignup(t).signUp(); link != "http://vitrine.test/" {
				t.Errorf("verification link %q", link)
			}
		})
		testutil.RunCases(t, a, newSignup, []testutil.Case[*signupFixture]{
			{Name: "before verifying, sign-in is 1021", Scenario: func(f *signupFixture) testutil.Scenario {
				f.signUp()
				return testutil.Scenario{Method: "POST", Path: "/api/user/auth",
					Body: map[string]string{"email": f.email, "auth": password}, Status: 403, Code: 1021,
					Contains: []string{"Email não verificado."}}
			}},
			{Name: "an unknown code is 1025", Scenario: func(f *signupFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/verify-link",
					Body: map[string]string{"code": "abc"}, Status: 400, Code: 1025}
			}},
			{Name: "a missing code is 1003", Scenario: func(f *signupFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/verify-link",
					Body: map[string]string{}, Status: 400, Code: 1003}
			}},
			{Name: "the mailed code verifies, and sign-in works", Scenario: func(f *signupFixture) testutil.Scenario {
				_, code := f.signUp()
				return testutil.Scenario{Method: "POST", Path: "/api/user/verify-link",
					Body: map[string]string{"code": code}, Status: 200, Contains: []string{`{"ok":true}`},
					Check: func(t *testing.T, _ *testutil.Response) { acctLogin(t, a, f.email, password) }}
			}},
			{Name: "a code works once", Scenario: func(f *signupFixture) testutil.Scenario {
				_, code := f.signUp()
				mustStatus(f.t, a.Do(f.t, "POST", "/api/user/verify-link", "", map[string]string{"code": code}), 200)
				return testutil.Scenario{Method: "POST", Path: "/api/user/verify-link",
					Body: map[string]string{"code": code}, Status: 400, Code: 1025}
			}},
			{Name: "a reset code does not verify", Scenario: func(f *signupFixture) testutil.Scenario {
				f.signUp()
				return testutil.Scenario{Method: "POST", Path: "/api/user/verify-link",
					Body: map[string]string{"code": resetCode(f.t, a, f.email)}, Status: 400, Code: 1025}
			}},
			{Name: "an expired code is 1025", Scenario: func(f *signupFixture) testutil.Scenario {
				_, code := f.signUp()
				clock.Advance(auth.VerifyCodeTTL + time.Minute)
				return testutil.Scenario{Method: "POST", Path: "/api/user/verify-link",
					Body: map[string]string{"code": code}, Status: 400, Code: 1025}
			}},
		})
	})
}

// resetCode requests a password reset for email and returns the mailed code.
func resetCode(t *testing.T, a *testutil.TestApp, email string) string {
	t.Helper()
	r := a.Do(t, "POST", "/api/user/request-reset-pwd", "", map[string]string{"email": email})
	if r.Status != 200 {
		t.Fatalf("request reset: %d %s", r.Status, r.Body)
	}
	_, code := mailedCode(t, a, email)
	return code
}

// resetFixture is an account of its own with two sessions, in an app whose
// clock stands still.
type resetFixture struct {
	t              *testing.T
	a              *testutil.TestApp
	email          string
	session, other string
}

func newResetFixture(t *testing.T, a *testutil.TestApp) *resetFixture {
	t.Helper()
	acc := newAccount(t, a, "ana", "Ana", nil)
	return &resetFixture{t: t, a: a, email: acc.email, session: acc.token, other: acctLogin(t, a, acc.email, password)}
}

// resetTo sets a new password through the mailed reset code.
func (f *resetFixture) resetTo(pw string) {
	f.t.Helper()
	r := f.a.Do(f.t, "POST", "/api/user/reset-pwd-link", "", map[string]string{"code": resetCode(f.t, f.a, f.email), "auth": pw})
	mustStatus(f.t, r, 200)
}

func TestPasswordReset(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		testutil.RunCases(t, a, func(t *testing.T) *resetFixture { return newResetFixture(t, a) }, []testutil.Case[*resetFixture]{
			{Name: "an unknown e-mail answers ok too, and nothing is mailed", Scenario: func(f *resetFixture) testutil.Scenario {
				nobody := "ninguem-" + a.Unique() + "@example.com"
				return testutil.Scenario{Method: "POST", Path: "/api/user/request-reset-pwd",
					Body: map[string]string{"email": nobody}, Status: 200, Contains: []string{`{"ok":true}`},
					Check: func(t *testing.T, _ *testutil.Response) {
						if n := mailCount(t, a, nobody); n != 0 {
							t.Errorf("%d mails queued for an unknown e-mail", n)
						}
					}}
			}},
			{Name: "a malformed e-mail is 1003", Scenario: func(f *resetFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/request-reset-pwd",
					Body: map[string]string{"email": "ninguem"}, Status: 400, Code: 1003}
			}},
			{Name: "a known e-mail answers ok and gets the reset link", Scenario: func(f *resetFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/request-reset-pwd",
					Body: map[string]string{"email": strings.ToUpper(f.email[:3]) + f.email[3:]}, Status: 200, Contains: []string{`{"ok":true}`},
					Check: func(t *testing.T, _ *testutil.Response) {
						if link, _ := mailedCode(t, a, f.email); link != "http://vitrine.test/reset/password/new" {
							t.Errorf("reset link %q", link)
						}
					}}
			}},
			{Name: "a weak new password is refused and the code kept", Scenario: func(f *resetFixture) testutil.Scenario {
				code := resetCode(f.t, a, f.email)
				return testutil.Scenario{Method: "POST", Path: "/api/user/reset-pwd-link",
					Body: map[string]string{"code": code, "auth": "fraca"}, Status: 400, Code: 1003, Contains: []string{weakRule},
					Check: func(t *testing.T, _ *testutil.Response) {
						r := a.Do(t, "POST", "/api/user/reset-pwd-link", "", map[string]string{"code": code, "auth": newPassword})
						if r.Status != 200 {
							t.Errorf("the code after a refused password: %d %s", r.Status, r.Body)
						}
					}}
			}},
			{Name: "an unknown code is 1025", Scenario: func(f *resetFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/reset-pwd-link",
					Body: map[string]string{"code": "nao-existe", "auth": newPassword}, Status: 400, Code: 1025}
			}},
			{Name: "the mailed code sets the password", Scenario: func(f *resetFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/reset-pwd-link",
					Body: map[string]string{"code": resetCode(f.t, a, f.email), "auth": newPassword}, Status: 200, Contains: []string{`{"ok":true}`},
					Check: func(t *testing.T, _ *testutil.Response) { acctLogin(t, a, f.email, newPassword) }}
			}},
			{Name: "the code works once", Scenario: func(f *resetFixture) testutil.Scenario {
				code := resetCode(f.t, a, f.email)
				mustStatus(f.t, a.Do(f.t, "POST", "/api/user/reset-pwd-link", "", map[string]string{"code": code, "auth": newPassword}), 200)
				return testutil.Scenario{Method: "POST", Path: "/api/user/reset-pwd-link",
					Body: map[string]string{"code": code, "auth": "Outra#Senha3"}, Status: 400, Code: 1025}
			}},
			{Name: "every session ended", Scenario: func(f *resetFixture) testutil.Scenario {
				f.resetTo(newPassword)
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: f.session, Status: 401, Code: 1022}
			}},
			{Name: "every session ended, not only one", Scenario: func(f *resetFixture) testutil.Scenario {
				f.resetTo(newPassword)
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: f.other, Status: 401, Code: 1022}
			}},
			{Name: "the old password no longer works", Scenario: func(f *resetFixture) testutil.Scenario {
				f.resetTo(newPassword)
				return testutil.Scenario{Method: "POST", Path: "/api/user/auth",
					Body: map[string]string{"email": f.email, "auth": password}, Status: 401, Code: 1002}
			}},
			{Name: "a code older than an hour is 1025", Scenario: func(f *resetFixture) testutil.Scenario {
				late := resetCode(f.t, a, f.email)
				clock.Advance(auth.ResetCodeTTL + time.Second)
				return testutil.Scenario{Method: "POST", Path: "/api/user/reset-pwd-link",
					Body: map[string]string{"code": late, "auth": "Outra#Senha3"}, Status: 400, Code: 1025}
			}},
		})

		t.Run("someone hammering the form does not flood the inbox", func(t *testing.T) {
			f := newResetFixture(t, a)
			for range 8 {
				mustStatus(t, a.Do(t, "POST", "/api/user/request-reset-pwd", "", map[string]string{"email": f.email}), 200)
			}
			if got := mailCount(t, a, f.email); got != 5 {
				t.Errorf("%d reset mails within an hour, want 5", got)
			}
		})
	})
}

func TestPasswordResetOverSMTP(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		smtp := testutil.NewSMTPServer(t)
		a := testutil.NewApp(t, engine, testutil.WithConfig(func(c *config.Config) {
			c.SMTPURL = smtp.URL()
			c.MailFrom = "Vitrine <nao-responda@vitrine.test>"
		}))
		acctUser(t, a, "ana@example.com", "Ana Lima", nil)

		r := a.Do(t, "POST", "/api/user/request-reset-pwd", "", map[string]string{"email": "ana@example.com"})
		if r.Status != 200 {
			t.Fatalf("request reset: %d %s", r.Status, r.Body)
		}
		testutil.Eventually(t, 10*time.Second, func() bool { return len(smtp.Mails()) == 1 }, "the reset mail")
		mail := smtp.Mails()[0]
		if mail.From != "nao-responda@vitrine.test" || len(mail.To) != 1 || mail.To[0] != "ana@example.com" {
			t.Fatalf("envelope %s -> %v", mail.From, mail.To)
		}
		c := mail.Decode(t)
		if c.Subject != "Recuperação de senha do Vitrine" || !strings.HasPrefix(c.Text, "Olá, Ana Lima!") {
			t.Errorf("mail %q: %s", c.Subject, c.Text)
		}
		m := regexp.MustCompile(`http://vitrine\.test/reset/password/new\?code=([A-Za-z0-9_-]+)`).FindStringSubmatch(c.Text)
		if m == nil {
			t.Fatalf("no reset link in the mail: %s", c.Text)
		}
		if !strings.Contains(c.HTML, m[0]) {
			t.Errorf("the HTML part lacks the link: %s", c.HTML)
		}

		a.Run(t, []testutil.Scenario{
			{Name: "the code from the mail resets the password", Method: "POST", Path: "/api/user/reset-pwd-link",
				Body: map[string]string{"code": m[1], "auth": newPassword}, Status: 200},
		})
		acctLogin(t, a, "ana@example.com", newPassword)

		var status string
		testutil.Eventually(t, 5*time.Second, func() bool {
			err := a.DB.QueryRowContext(context.Background(),
				`SELECT status FROM outbox WHERE recipient = 'ana@example.com'`).Scan(&status)
			return err == nil && status == "sent"
		}, "the outbox row marked sent (status %q)", status)
	})
}

// sessionFixture is an account of its own with two sessions: token and
// elsewhere.
type sessionFixture struct {
	t                *testing.T
	a                *testutil.TestApp
	email            string
	token, elsewhere string
}

func newSessionFixture(t *testing.T, a *testutil.TestApp) *sessionFixture {
	t.Helper()
	acc := newAccount(t, a, "ana", "Ana", nil)
	return &sessionFixture{t: t, a: a, email: acc.email, token: acc.token, elsewhere: acctLogin(t, a, acc.email, password)}
}

// changePassword changes the password to newPassword through token.
func (f *sessionFixture) changePassword() {
	f.t.Helper()
	mustStatus(f.t, f.a.Do(f.t, "POST", "/api/user/pwd", f.token, map[string]string{"currentAuth": password, "auth": newPassword}), 200)
}

func TestChangePassword(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		testutil.RunCases(t, a, func(t *testing.T) *sessionFixture { return newSessionFixture(t, a) }, []testutil.Case[*sessionFixture]{
			{Name: "needs a session", Scenario: func(f *sessionFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/pwd",
					Body: map[string]string{"currentAuth": password, "auth": newPassword}, Status: 401, Code: 1022}
			}},
			{Name: "a wrong current password is 1026", Scenario: func(f *sessionFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/pwd", Token: f.token,
					Body: map[string]string{"currentAuth": "Errada#123", "auth": newPassword}, Status: 400, Code: 1026,
					Contains: []string{"Senha atual incorreta."}}
			}},
			{Name: "the current password is required", Scenario: func(f *sessionFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/pwd", Token: f.token,
					Body: map[string]string{"auth": newPassword}, Status: 400, Code: 1003}
			}},
			{Name: "a weak new password is refused", Scenario: func(f *sessionFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/pwd", Token: f.token,
					Body: map[string]string{"currentAuth": password, "auth": "curta"}, Status: 400, Code: 1003,
					Contains: []string{weakRule}}
			}},
			{Name: "wrong types are 1003", Scenario: func(f *sessionFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/pwd", Token: f.token,
					Body: `{"currentAuth": 1, "auth": true}`, Status: 400, Code: 1003}
			}},
			{Name: "the change answers a fresh token, and the new password signs in", Scenario: func(f *sessionFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/pwd", Token: f.token,
					Body: map[string]string{"currentAuth": password, "auth": newPassword}, Status: 200,
					Check: func(t *testing.T, r *testutil.Response) {
						if r := a.Do(t, "GET", "/api/user/detail", tokenOf(t, r), nil); r.Status != 200 {
							t.Fatalf("the fresh token: %d %s", r.Status, r.Body)
						}
						acctLogin(t, a, f.email, newPassword)
					}}
			}},
			{Name: "the token used for the change is revoked", Scenario: func(f *sessionFixture) testutil.Scenario {
				f.changePassword()
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: f.token, Status: 401, Code: 1022}
			}},
			{Name: "other sessions are revoked", Scenario: func(f *sessionFixture) testutil.Scenario {
				f.changePassword()
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: f.elsewhere, Status: 401, Code: 1022}
			}},
		})
	})
}

func TestLogoutAndTokens(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		logout := func(f *sessionFixture) {
			f.t.Helper()
			mustStatus(f.t, a.Do(f.t, "POST", "/api/user/logout", f.token, nil), 200)
		}
		testutil.RunCases(t, a, func(t *testing.T) *sessionFixture { return newSessionFixture(t, a) }, []testutil.Case[*sessionFixture]{
			{Name: "no token is 1022", Scenario: func(f *sessionFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Status: 401, Code: 1022,
					Contains: []string{"Sessão expirada, faça login novamente."}}
			}},
			{Name: "an unknown token is 1022", Scenario: func(f *sessionFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: "abc", Status: 401, Code: 1022}
			}},
			{Name: "logout answers ok", Scenario: func(f *sessionFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/logout", Token: f.token, Status: 200,
					Contains: []string{`{"ok":true}`}}
			}},
			{Name: "the token no longer works", Scenario: func(f *sessionFixture) testutil.Scenario {
				logout(f)
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: f.token, Status: 401, Code: 1022}
			}},
			{Name: "logging out twice is 1022", Scenario: func(f *sessionFixture) testutil.Scenario {
				logout(f)
				return testutil.Scenario{Method: "POST", Path: "/api/user/logout", Token: f.token, Status: 401, Code: 1022}
			}},
			{Name: "other sessions stay", Scenario: func(f *sessionFixture) testutil.Scenario {
				logout(f)
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: f.elsewhere, Status: 200}
			}},
			{Name: "a session lasts 30 days", Scenario: func(f *sessionFixture) testutil.Scenario {
				clock.Advance(auth.SessionTTL - time.Minute)
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: f.token, Status: 200}
			}},
			{Name: "an expired token is 1022", Scenario: func(f *sessionFixture) testutil.Scenario {
				clock.Advance(auth.SessionTTL)
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: f.token, Status: 401, Code: 1022}
			}},
		})
	})
}

func TestProfile(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		type fixture struct {
			t *testing.T
			account
		}
		newFixture := func(t *testing.T) fixture {
			return fixture{t, newAccount(t, a, "ana", "Ana", map[string]int{"dispA": 1})}
		}
		// save sets the profile's fields through the API.
		save := func(f fixture, fields map[string]string) {
			f.t.Helper()
			mustStatus(f.t, a.Do(f.t, "POST", "/api/user/detail", f.token, fields), 200)
		}

		t.Run("the detail shows the account, its franchises and permissions", func(t *testing.T) {
			f := newFixture(t)
			sul := "rede-sul-" + a.Unique()
			a.SeedFranchise(t, sul, "Rede Sul", testutil.SeededUser{ID: f.id})
			r := a.Do(t, "GET", "/api/user/detail", f.token, nil)
			if r.Status != 200 {
				t.Fatalf("detail: %d %s", r.Status, r.Body)
			}
			var detail struct {
				User       map[string]any `json:"user"`
				ServerTime int64          `json:"serverTime"`
			}
			r.Decode(t, &detail)
			if detail.ServerTime != clock.Now().UnixMilli() {
				t.Errorf("serverTime %d, want %d", detail.ServerTime, clock.Now().UnixMilli())
			}
			for _, key := range []string{"id", "email", "name", "cpf", "mobile", "franchise", "permission",
				"viewAdsCenter", "verified", "createdAt", "updatedAt"} {
				if _, ok := detail.User[key]; !ok {
					t.Errorf("user lacks %s: %s", key, r.Body)
				}
			}
			if _, ok := detail.User["impersonator"]; ok {
				t.Error("a normal session shows no impersonator")
			}
			for _, want := range []string{`"franchise":{"` + sul + `":"Rede Sul"}`, `"permission":{"dispA":1}`, `"verified":true`, `"email":"` + f.email + `"`} {
				if !strings.Contains(string(r.Body), want) {
					t.Errorf("detail lacks %s: %s", want, r.Body)
				}
			}
		})
		testutil.RunCases(t, a, newFixture, []testutil.Case[fixture]{
			{Name: "the name is required", Scenario: func(f fixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail", Token: f.token,
					Body: map[string]string{"cpf": "", "mobile": ""}, Status: 400, Code: 1141,
					Contains: []string{"O campo nome é obrigatório."}}
			}},
			{Name: "a blank name is refused", Scenario: func(f fixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail", Token: f.token,
					Body: map[string]string{"name": "   "}, Status: 400, Code: 1141}
			}},
			{Name: "a CPF with wrong check digits is refused", Scenario: func(f fixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail", Token: f.token,
					Body: map[string]string{"name": "Ana", "cpf": "529.982.247-24"}, Status: 400, Code: 1003,
					Contains: []string{"CPF inválido."}}
			}},
			{Name: "a mobile without its area code is refused", Scenario: func(f fixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail", Token: f.token,
					Body: map[string]string{"name": "Ana", "mobile": "98765-4321"}, Status: 400, Code: 1003,
					Contains: []string{"Telefone inválido"}}
			}},
			{Name: "name, CPF and mobile are saved bare", Scenario: func(f fixture) testutil.Scenario {
				clock.Advance(time.Minute)
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail", Token: f.token,
					Body: map[string]string{"name": " Ana Lima ", "cpf": "529.982.247-25", "mobile": "(11) 98765-4321"}, Status: 200,
					Contains: []string{`"name":"Ana Lima"`, `"cpf":"52998224725"`, `"mobile":"11987654321"`,
						`"updatedAt":` + strconv.FormatInt(clock.Now().UnixMilli(), 10)}}
			}},
			{Name: "absent CPF and mobile keep their value", Scenario: func(f fixture) testutil.Scenario {
				save(f, map[string]string{"name": "Ana Lima", "cpf": "52998224725", "mobile": "11987654321"})
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail", Token: f.token,
					Body: map[string]string{"name": "Ana L."}, Status: 200,
					Contains: []string{`"name":"Ana L."`, `"cpf":"52998224725"`, `"mobile":"11987654321"`}}
			}},
			{Name: "empty CPF clears it", Scenario: func(f fixture) testutil.Scenario {
				save(f, map[string]string{"name": "Ana L.", "cpf": "52998224725"})
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail", Token: f.token,
					Body: map[string]string{"name": "Ana L.", "cpf": ""}, Status: 200, Contains: []string{`"cpf":""`}}
			}},
			{Name: "the change shows in the detail", Scenario: func(f fixture) testutil.Scenario {
				save(f, map[string]string{"name": "Ana L."})
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: f.token, Status: 200,
					Contains: []string{`"name":"Ana L."`}}
			}},
		})
	})
}

// adminFixture is an account of its own, "Ana", and two franchises she is
// not in, Rede Sul and Rede Norte, for the administrators to work on.
type adminFixture struct {
	t          *testing.T
	a          *testutil.TestApp
	ana        account
	sul, norte string // franchise slugs
}

func newAdminFixture(t *testing.T, a *testutil.TestApp) *adminFixture {
	t.Helper()
	f := &adminFixture{t: t, a: a, ana: newAccount(t, a, "ana", "Ana", nil)}
	u := a.Unique()
	f.sul, f.norte = "rede-sul-"+u, "rede-norte-"+u
	a.SeedFranchise(t, f.sul, "Rede Sul")
	a.SeedFranchise(t, f.norte, "Rede Norte")
	return f
}

func TestUserAdministration(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		// No case changes the administrators: they are the same for all.
		admin := newAccount(t, a, "admin", "Zeca Admin", map[string]int{"userA": 1, "dispA": 1})
		boxes := newAccount(t, a, "caixas", "Caixas", map[string]int{"dispA": 1})
		change := func(action, email, slug string) map[string]string {
			return map[string]string{"action": action, "email": email, "franchiseSlug": slug}
		}
		// apply makes a franchise change as the administrator.
		apply := func(f *adminFixture, action, slug string) {
			f.t.Helper()
			mustStatus(f.t, a.Do(f.t, "POST", "/api/user/franchise", admin.token, change(action, f.ana.email, slug)), 200)
		}
		testutil.RunCases(t, a, func(t *testing.T) *adminFixture { return newAdminFixture(t, a) }, []testutil.Case[*adminFixture]{
			{Name: "the user list needs userA", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/user/all", Token: boxes.token, Status: 403, Code: 1403}
			}},
			{Name: "the user list needs a session", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/user/all", Status: 401, Code: 1022}
			}},
			{Name: "adding a franchise needs userA", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/franchise", Token: boxes.token,
					Body: change("ADD", f.ana.email, f.sul), Status: 403, Code: 1403}
			}},
			{Name: "a franchise is added", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/franchise", Token: admin.token,
					Body: change("ADD", f.ana.email, f.sul), Status: 200,
					Contains: []string{`"email":"` + f.ana.email + `"`, `"franchise":{"` + f.sul + `":"Rede Sul"}`}}
			}},
			{Name: "adding it again changes nothing", Scenario: func(f *adminFixture) testutil.Scenario {
				apply(f, "ADD", f.sul)
				return testutil.Scenario{Method: "POST", Path: "/api/user/franchise", Token: admin.token,
					Body: change("ADD", f.ana.email, f.sul), Status: 200,
					Contains: []string{`"franchise":{"` + f.sul + `":"Rede Sul"}`}}
			}},
			{Name: "a second franchise is added", Scenario: func(f *adminFixture) testutil.Scenario {
				apply(f, "ADD", f.sul)
				return testutil.Scenario{Method: "POST", Path: "/api/user/franchise", Token: admin.token,
					Body: change("ADD", f.ana.email, f.norte), Status: 200,
					Contains: []string{`"` + f.norte + `":"Rede Norte"`, `"` + f.sul + `":"Rede Sul"`}}
			}},
			{Name: "a franchise is removed", Scenario: func(f *adminFixture) testutil.Scenario {
				apply(f, "ADD", f.sul)
				apply(f, "ADD", f.norte)
				return testutil.Scenario{Method: "POST", Path: "/api/user/franchise", Token: admin.token,
					Body: change("DEL", f.ana.email, f.sul), Status: 200,
					Contains: []string{`"franchise":{"` + f.norte + `":"Rede Norte"}`}}
			}},
			{Name: "another action is refused", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/franchise", Token: admin.token,
					Body: change("MOVE", f.ana.email, f.sul), Status: 400, Code: 1003,
					Contains: []string{`"msg":"Ação inválida"`}}
			}},
			{Name: "an unknown franchise is 1041", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/franchise", Token: admin.token,
					Body: change("ADD", f.ana.email, "rede-leste"), Status: 404, Code: 1041}
			}},
			{Name: "an unknown user is 1001", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/franchise", Token: admin.token,
					Body: change("ADD", "ninguem@example.com", f.sul), Status: 404, Code: 1001}
			}},
			{Name: "the franchise slug is required", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/franchise", Token: admin.token,
					Body: change("ADD", f.ana.email, ""), Status: 400, Code: 1003}
			}},
			{Name: "an administrator renames a user", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail/adm", Token: admin.token,
					Body: map[string]string{"email": f.ana.email, "name": "Ana Paula"}, Status: 200,
					Contains: []string{`"name":"Ana Paula"`, `"email":"` + f.ana.email + `"`}}
			}},
			{Name: "an administrator sets CPF and mobile", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail/adm", Token: admin.token,
					Body:   map[string]string{"email": f.ana.email, "name": "Ana Paula", "cpf": "11144477735", "mobile": "1132654870"},
					Status: 200, Contains: []string{`"cpf":"11144477735"`, `"mobile":"1132654870"`}}
			}},
			{Name: "renaming needs a name", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail/adm", Token: admin.token,
					Body: map[string]string{"email": f.ana.email, "name": ""}, Status: 400, Code: 1141}
			}},
			{Name: "renaming an unknown user is 1001", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail/adm", Token: admin.token,
					Body: map[string]string{"email": "ninguem@example.com", "name": "X"}, Status: 404, Code: 1001}
			}},
			{Name: "renaming needs userA", Scenario: func(f *adminFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail/adm", Token: boxes.token,
					Body: map[string]string{"email": f.ana.email, "name": "X"}, Status: 403, Code: 1403}
			}},
			{Name: "the list shows every user by name with franchises", Scenario: func(f *adminFixture) testutil.Scenario {
				mustStatus(f.t, a.Do(f.t, "POST", "/api/user/detail/adm", admin.token,
					map[string]string{"email": f.ana.email, "name": "Ana Paula", "cpf": "11144477735", "mobile": "1132654870"}), 200)
				apply(f, "ADD", f.norte)
				return testutil.Scenario{Method: "GET", Path: "/api/user/all", Token: admin.token,
					Status: 200, Absent: []string{"password", "cpf"},
					Check: func(t *testing.T, r *testutil.Response) {
						var body struct {
							Users []auth.Summary `json:"users"`
						}
						r.Decode(t, &body)
						// Other cases add users to this app; these three must
						// come in this order.
						var mine []auth.Summary
						for _, u := range body.Users {
							if u.Email == f.ana.email || u.Email == boxes.email || u.Email == admin.email {
								mine = append(mine, u)
							}
						}
						var order []string
						for _, u := range mine {
							order = append(order, u.Name)
						}
						if strings.Join(order, ",") != "Ana Paula,Caixas,Zeca Admin" {
							t.Fatalf("order %v", order)
						}
						if ana := mine[0]; ana.Franchise[f.norte] != "Rede Norte" || len(ana.Franchise) != 1 ||
							!ana.Verified || ana.CreatedAt == 0 || ana.ID == "" {
							t.Errorf("ana %+v", ana)
						}
						if z := mine[2]; z.Permission["userA"] != 1 || z.Permission["dispA"] != 1 {
							t.Errorf("admin permissions %+v", z.Permission)
						}
					}}
			}},
		})
	})
}

// impersonationFixture is an account of its own, "Ana", and a session on
// her behalf opened by the administrator (as).
type impersonationFixture struct {
	t   *testing.T
	a   *testutil.TestApp
	ana account
	as  string
}

// audit returns the writes recorded for the fixture's account as
// "user admin method path status".
func (f *impersonationFixture) audit(t *testing.T) []string {
	t.Helper()
	rows, err := f.a.DB.QueryContext(context.Background(), `
		SELECT u.email, ad.email, l.method, l.path, l.status
		FROM audit_log l JOIN users u ON u.id = l.user_id JOIN users ad ON ad.id = l.admin_user_id
		WHERE l.user_id = ? ORDER BY l.at, l.id`, f.ana.id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var user, adm, method, path string
		var status int
		if err := rows.Scan(&user, &adm, &method, &path, &status); err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Join([]string{user, adm, method, path, http.StatusText(status)}, " "))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return got
}

// audited returns a check that the audit log holds exactly want for the
// fixture's account; in want, {ana} and {admin} stand for the e-mails.
func (f *impersonationFixture) audited(adminEmail string, want ...string) func(t *testing.T, _ *testutil.Response) {
	return func(t *testing.T, _ *testutil.Response) {
		t.Helper()
		names := strings.NewReplacer("{ana}", f.ana.email, "{admin}", adminEmail)
		exp := make([]string, len(want))
		for i, w := range want {
			exp[i] = names.Replace(w)
		}
		if got := f.audit(t); strings.Join(got, "\n") != strings.Join(exp, "\n") {
			t.Errorf("audit log:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(exp, "\n"))
		}
	}
}

func TestImpersonation(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		// No case changes the administrators or ends their sessions.
		admin := newAccount(t, a, "admin", "Zeca Admin", map[string]int{"userA": 1, "dispA": 1})
		boxes := newAccount(t, a, "caixas", "Caixas", map[string]int{"dispA": 1})
		newAna := func(t *testing.T) account { return newAccount(t, a, "ana", "Ana", nil) }

		testutil.RunCases(t, a, newAna, []testutil.Case[account]{
			{Name: "impersonation needs userA", Scenario: func(ana account) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/impersonate", Token: boxes.token,
					Body: map[string]string{"email": ana.email}, Status: 403, Code: 1403}
			}},
			{Name: "an unknown user is 1001", Scenario: func(ana account) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/impersonate", Token: admin.token,
					Body: map[string]string{"email": "ninguem@example.com"}, Status: 404, Code: 1001}
			}},
			{Name: "the e-mail is required", Scenario: func(ana account) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/impersonate", Token: admin.token,
					Body: map[string]string{}, Status: 400, Code: 1003}
			}},
			{Name: "an administrator gets a token of the user", Scenario: func(ana account) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/impersonate", Token: admin.token,
					Body: map[string]string{"email": strings.ToUpper(ana.email[:3]) + ana.email[3:]}, Status: 200,
					Check: func(t *testing.T, r *testutil.Response) {
						if r := a.Do(t, "GET", "/api/user/detail", tokenOf(t, r), nil); r.Status != 200 || !strings.Contains(string(r.Body), `"email":"`+ana.email+`"`) {
							t.Errorf("the token: %d %s", r.Status, r.Body)
						}
					}}
			}},
		})

		// Cases through a session opened on ana's behalf.
		newImpersonation := func(t *testing.T) *impersonationFixture {
			f := &impersonationFixture{t: t, a: a, ana: newAna(t)}
			r := a.Do(t, "POST", "/api/user/impersonate", admin.token, map[string]string{"email": f.ana.email})
			mustStatus(t, r, 200)
			f.as = tokenOf(t, r)
			return f
		}
		testutil.RunCases(t, a, newImpersonation, []testutil.Case[*impersonationFixture]{
			{Name: "the session is the user's and names the administrator; reads are not recorded", Scenario: func(f *impersonationFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: f.as,
					Status: 200, Contains: []string{`"email":"` + f.ana.email + `"`,
						`"impersonator":{"email":"` + admin.email + `","name":"Zeca Admin"}`},
					Check: f.audited(admin.email)}
			}},
			{Name: "a write through it is made as the user and recorded", Scenario: func(f *impersonationFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail", Token: f.as,
					Body: map[string]string{"name": "Ana Souza"}, Status: 200, Contains: []string{`"name":"Ana Souza"`},
					Check: f.audited(admin.email, "{ana} {admin} POST /api/user/detail OK")}
			}},
			{Name: "a refused write is recorded too", Scenario: func(f *impersonationFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/detail", Token: f.as,
					Body: map[string]string{"name": ""}, Status: 400,
					Check: f.audited(admin.email, "{ana} {admin} POST /api/user/detail Bad Request")}
			}},
			{Name: "no impersonation from an impersonation", Scenario: func(f *impersonationFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/user/impersonate", Token: f.as,
					Body: map[string]string{"email": boxes.email}, Status: 403, Code: 1403,
					Check: f.audited(admin.email, "{ana} {admin} POST /api/user/impersonate Forbidden")}
			}},
			{Name: "the administrator's own session is untouched", Scenario: func(f *impersonationFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: admin.token,
					Status: 200, Contains: []string{`"email":"` + admin.email + `"`}, Absent: []string{"impersonator"}}
			}},
			{Name: "an impersonation ends after 8 hours", Scenario: func(f *impersonationFixture) testutil.Scenario {
				clock.Advance(auth.ImpersonationTTL)
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: f.as,
					Status: 401, Code: 1022}
			}},
			{Name: "while the administrator's session goes on", Scenario: func(f *impersonationFixture) testutil.Scenario {
				clock.Advance(auth.ImpersonationTTL)
				return testutil.Scenario{Method: "GET", Path: "/api/user/detail", Token: admin.token,
					Status: 200}
			}},
		})
	})
}

// Administrators grant and revoke the ads-center permission; the session of
// the user follows at once, without a new login.
func TestAdministratorsGrantTheAdsCenter(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		admin := a.SeedUser(t, "gestor@example.com", `{"userA":1}`)
		ana := a.SeedUser(t, "ana@example.com", "")
		franchiseID := a.SeedFranchise(t, "rede", "Rede", ana)
		schedule := seedSchedule(t, a, franchiseID, "Com vaga")
		slot := map[string]any{"quantity": 2, "duration": 15}
		slotPath := "/api/schedule/rede/" + schedule + "/slot"

		if r := a.Do(t, "POST", slotPath, ana.Token, slot); r.Status != 403 {
			t.Fatalf("before the grant: %d", r.Status)
		}
		if r := a.Do(t, "POST", "/api/user/detail/adm", ana.Token, map[string]any{"email": "ana@example.com", "viewAdsCenter": 1}); r.Status != 403 {
			t.Fatalf("a user granted themselves the ads center: %d", r.Status)
		}
		if r := a.Do(t, "POST", "/api/user/detail/adm", admin.Token, map[string]any{"email": "ana@example.com", "viewAdsCenter": 2}); r.Status != 400 {
			t.Fatalf("viewAdsCenter 2: %d %s", r.Status, r.Body)
		}
		r := a.Do(t, "POST", "/api/user/detail/adm", admin.Token, map[string]any{"email": "ana@example.com", "viewAdsCenter": 1})
		mustStatus(t, r, 200)
		if !strings.Contains(string(r.Body), `"viewAdsCenter":1`) {
			t.Fatalf("answer %s", r.Body)
		}
		mustStatus(t, a.Do(t, "POST", slotPath, ana.Token, slot), 200)
		// The administrators' list shows the grant, for the 'Editar' dialog.
		if list := a.Do(t, "GET", "/api/user/all", admin.Token, nil); !strings.Contains(string(list.Body), `"permission":{},"viewAdsCenter":1`) {
			t.Fatalf("user list %s", list.Body)
		}
		detail := a.Do(t, "GET", "/api/user/detail", ana.Token, nil)
		mustStatus(t, detail, 200)
		if !strings.Contains(string(detail.Body), `"viewAdsCenter":1`) {
			t.Fatalf("detail %s", detail.Body)
		}
		mustStatus(t, a.Do(t, "POST", "/api/user/detail/adm", admin.Token, map[string]any{"email": "ana@example.com", "name": "Ana Paula", "viewAdsCenter": 0}), 200)
		if r := a.Do(t, "POST", slotPath, ana.Token, slot); r.Status != 403 {
			t.Fatalf("after the revoke: %d", r.Status)
		}
	})
}
