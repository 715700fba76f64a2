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
	if !strings.Contains(html, m[0]) || !strings.HasPrefix(body, "Olá,") {
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
		admin := acctUser(t, a, "admin@example.com", "Admin", map[string]int{"userA": 1})
		boxes := acctUser(t, a, "caixas@example.com", "Caixas", map[string]int{"dispA": 1})
		body := func(email, pw, name string) map[string]string {
			return map[string]string{"email": email, "auth": pw, "name": name}
		}
		a.Run(t, []testutil.Scenario{
			{Name: "without a token sign-up is closed", Method: "POST", Path: "/api/user/register",
				Body: body("rita@example.com", password, "Rita"), Status: 403, Code: 1403},
			{Name: "a token without userA cannot register", Method: "POST", Path: "/api/user/register", Token: boxes,
				Body: body("rita@example.com", password, "Rita"), Status: 403, Code: 1403},
			{Name: "an expired or unknown token is 1022", Method: "POST", Path: "/api/user/register", Token: "nope",
				Body: body("rita@example.com", password, "Rita"), Status: 401, Code: 1022},
			{Name: "an administrator registers a verified user", Method: "POST", Path: "/api/user/register", Token: admin,
				Body: body(" Rita@Example.com ", password, "  Rita   Souza "), Status: 201,
				Contains: []string{`"email":"rita@example.com"`, `"name":"Rita Souza"`, `"verified":true`,
					`"franchise":{}`, `"permission":{}`, `"viewAdsCenter":0`},
				Absent: []string{"password", "hash"}},
			{Name: "the same e-mail again is 1023", Method: "POST", Path: "/api/user/register", Token: admin,
				Body: body("RITA@example.com", password, "Outra"), Status: 409, Code: 1023},
			{Name: "a weak password is refused with the rule", Method: "POST", Path: "/api/user/register", Token: admin,
				Body: body("joao@example.com", "senhafraca1!", "João"), Status: 400, Code: 1003, Contains: []string{weakRule}},
			{Name: "a password without a special character is refused", Method: "POST", Path: "/api/user/register", Token: admin,
				Body: body("joao@example.com", "SenhaForte1", "João"), Status: 400, Code: 1003, Contains: []string{weakRule}},
			{Name: "a short password is refused", Method: "POST", Path: "/api/user/register", Token: admin,
				Body: body("joao@example.com", "Se#1a", "João"), Status: 400, Code: 1003, Contains: []string{weakRule}},
			{Name: "the name is required", Method: "POST", Path: "/api/user/register", Token: admin,
				Body: body("joao@example.com", password, "  "), Status: 400, Code: 1141},
			{Name: "the e-mail must be valid", Method: "POST", Path: "/api/user/register", Token: admin,
				Body: body("joao@", password, "João"), Status: 400, Code: 1003, Contains: []string{"Digite um e-mail válido."}},
			{Name: "the e-mail is required", Method: "POST", Path: "/api/user/register", Token: admin,
				Body: map[string]string{"auth": password, "name": "João"}, Status: 400, Code: 1003},
			{Name: "malformed JSON is 1003", Method: "POST", Path: "/api/user/register", Token: admin,
				Body: `{"email":`, Status: 400, Code: 1003},
		})
		acctLogin(t, a, "rita@example.com", password)
		if n := mailCount(t, a, "rita@example.com"); n != 0 {
			t.Errorf("a user registered by an administrator gets no verification mail (%d)", n)
		}
	})
}

func TestOpenSignUpAndEmailVerification(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now),
			testutil.WithConfig(func(c *config.Config) { c.OpenSignup = true }))
		signup := func(email string) {
			r := a.Do(t, "POST", "/api/user/register", "", map[string]string{"email": email, "auth": password, "name": "Gil"})
			if r.Status != 201 || !strings.Contains(string(r.Body), `"verified":false`) {
				t.Fatalf("sign-up %s: %d %s", email, r.Status, r.Body)
			}
		}
		signup("gil@example.com")
		link, code := mailedCode(t, a, "gil@example.com")
		if link != "http://vitrine.test/" {
			t.Errorf("verification link %q, want the console's root on the public URL", link)
		}
		signup("tom@example.com")
		_, expiring := mailedCode(t, a, "tom@example.com")

		a.Run(t, []testutil.Scenario{
			{Name: "before verifying, sign-in is 1021", Method: "POST", Path: "/api/user/auth",
				Body: map[string]string{"email": "gil@example.com", "auth": password}, Status: 403, Code: 1021,
				Contains: []string{"Email não verificado."}},
			{Name: "an unknown code is 1025", Method: "POST", Path: "/api/user/verify-link",
				Body: map[string]string{"code": "abc"}, Status: 400, Code: 1025},
			{Name: "a missing code is 1003", Method: "POST", Path: "/api/user/verify-link",
				Body: map[string]string{}, Status: 400, Code: 1003},
			{Name: "the mailed code verifies", Method: "POST", Path: "/api/user/verify-link",
				Body: map[string]string{"code": code}, Status: 200, Contains: []string{`{"ok":true}`}},
			{Name: "a code works once", Method: "POST", Path: "/api/user/verify-link",
				Body: map[string]string{"code": code}, Status: 400, Code: 1025},
			{Name: "a reset code does not verify", Method: "POST", Path: "/api/user/verify-link",
				Body: map[string]string{"code": resetCode(t, a, "tom@example.com")}, Status: 400, Code: 1025},
		})
		acctLogin(t, a, "gil@example.com", password)

		clock.Advance(auth.VerifyCodeTTL + time.Minute)
		a.Run(t, []testutil.Scenario{
			{Name: "an expired code is 1025", Method: "POST", Path: "/api/user/verify-link",
				Body: map[string]string{"code": expiring}, Status: 400, Code: 1025},
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

func TestPasswordReset(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		session := acctUser(t, a, "ana@example.com", "Ana", nil)
		other := acctLogin(t, a, "ana@example.com", password)

		a.Run(t, []testutil.Scenario{
			{Name: "an unknown e-mail answers ok too", Method: "POST", Path: "/api/user/request-reset-pwd",
				Body: map[string]string{"email": "ninguem@example.com"}, Status: 200, Contains: []string{`{"ok":true}`}},
			{Name: "a malformed e-mail is 1003", Method: "POST", Path: "/api/user/request-reset-pwd",
				Body: map[string]string{"email": "ninguem"}, Status: 400, Code: 1003},
			{Name: "a known e-mail answers ok", Method: "POST", Path: "/api/user/request-reset-pwd",
				Body: map[string]string{"email": "ANA@example.com"}, Status: 200, Contains: []string{`{"ok":true}`}},
		})
		if n := mailCount(t, a, "ninguem@example.com"); n != 0 {
			t.Fatalf("a mail was queued for an unknown e-mail")
		}
		link, code := mailedCode(t, a, "ana@example.com")
		if link != "http://vitrine.test/reset/password/new" {
			t.Errorf("reset link %q", link)
		}

		a.Run(t, []testutil.Scenario{
			{Name: "a weak new password is refused and the code kept", Method: "POST", Path: "/api/user/reset-pwd-link",
				Body: map[string]string{"code": code, "auth": "fraca"}, Status: 400, Code: 1003, Contains: []string{weakRule}},
			{Name: "an unknown code is 1025", Method: "POST", Path: "/api/user/reset-pwd-link",
				Body: map[string]string{"code": "nao-existe", "auth": newPassword}, Status: 400, Code: 1025},
			{Name: "the mailed code sets the password", Method: "POST", Path: "/api/user/reset-pwd-link",
				Body: map[string]string{"code": code, "auth": newPassword}, Status: 200, Contains: []string{`{"ok":true}`}},
			{Name: "the code works once", Method: "POST", Path: "/api/user/reset-pwd-link",
				Body: map[string]string{"code": code, "auth": "Outra#Senha3"}, Status: 400, Code: 1025},
			{Name: "every session ended", Method: "GET", Path: "/api/user/detail", Token: session, Status: 401, Code: 1022},
			{Name: "every session ended, not only one", Method: "GET", Path: "/api/user/detail", Token: other, Status: 401, Code: 1022},
			{Name: "the old password no longer works", Method: "POST", Path: "/api/user/auth",
				Body: map[string]string{"email": "ana@example.com", "auth": password}, Status: 401, Code: 1002},
		})
		acctLogin(t, a, "ana@example.com", newPassword)

		late := resetCode(t, a, "ana@example.com")
		clock.Advance(auth.ResetCodeTTL + time.Second)
		a.Run(t, []testutil.Scenario{
			{Name: "a code older than an hour is 1025", Method: "POST", Path: "/api/user/reset-pwd-link",
				Body: map[string]string{"code": late, "auth": "Outra#Senha3"}, Status: 400, Code: 1025},
		})

		// Someone hammering the form does not flood the inbox.
		before := mailCount(t, a, "ana@example.com")
		for range 8 {
			a.Do(t, "POST", "/api/user/request-reset-pwd", "", map[string]string{"email": "ana@example.com"})
		}
		if got := mailCount(t, a, "ana@example.com") - before; got != 5 {
			t.Errorf("%d reset mails within an hour, want 5", got)
		}
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

func TestChangePassword(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		token := acctUser(t, a, "ana@example.com", "Ana", nil)
		elsewhere := acctLogin(t, a, "ana@example.com", password)
		var fresh string
		a.Run(t, []testutil.Scenario{
			{Name: "needs a session", Method: "POST", Path: "/api/user/pwd",
				Body: map[string]string{"currentAuth": password, "auth": newPassword}, Status: 401, Code: 1022},
			{Name: "a wrong current password is 1026", Method: "POST", Path: "/api/user/pwd", Token: token,
				Body: map[string]string{"currentAuth": "Errada#123", "auth": newPassword}, Status: 400, Code: 1026,
				Contains: []string{"Senha atual incorreta."}},
			{Name: "the current password is required", Method: "POST", Path: "/api/user/pwd", Token: token,
				Body: map[string]string{"auth": newPassword}, Status: 400, Code: 1003},
			{Name: "a weak new password is refused", Method: "POST", Path: "/api/user/pwd", Token: token,
				Body: map[string]string{"currentAuth": password, "auth": "curta"}, Status: 400, Code: 1003,
				Contains: []string{weakRule}},
			{Name: "wrong types are 1003", Method: "POST", Path: "/api/user/pwd", Token: token,
				Body: `{"currentAuth": 1, "auth": true}`, Status: 400, Code: 1003},
			{Name: "the change answers a fresh token", Method: "POST", Path: "/api/user/pwd", Token: token,
				Body: map[string]string{"currentAuth": password, "auth": newPassword}, Status: 200,
				Check: func(t *testing.T, r *testutil.Response) { fresh = tokenOf(t, r) }},
			{Name: "the token used for the change is revoked", Method: "GET", Path: "/api/user/detail", Token: token,
				Status: 401, Code: 1022},
			{Name: "other sessions are revoked", Method: "GET", Path: "/api/user/detail", Token: elsewhere,
				Status: 401, Code: 1022},
		})
		if r := a.Do(t, "GET", "/api/user/detail", fresh, nil); r.Status != 200 {
			t.Fatalf("the fresh token: %d %s", r.Status, r.Body)
		}
		acctLogin(t, a, "ana@example.com", newPassword)
	})
}

func TestLogoutAndTokens(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		token := acctUser(t, a, "ana@example.com", "Ana", nil)
		other := acctLogin(t, a, "ana@example.com", password)
		a.Run(t, []testutil.Scenario{
			{Name: "no token is 1022", Method: "GET", Path: "/api/user/detail", Status: 401, Code: 1022,
				Contains: []string{"Sessão expirada, faça login novamente."}},
			{Name: "an unknown token is 1022", Method: "GET", Path: "/api/user/detail", Token: "abc", Status: 401, Code: 1022},
			{Name: "logout answers ok", Method: "POST", Path: "/api/user/logout", Token: token, Status: 200,
				Contains: []string{`{"ok":true}`}},
			{Name: "the token no longer works", Method: "GET", Path: "/api/user/detail", Token: token, Status: 401, Code: 1022},
			{Name: "logging out twice is 1022", Method: "POST", Path: "/api/user/logout", Token: token, Status: 401, Code: 1022},
			{Name: "other sessions stay", Method: "GET", Path: "/api/user/detail", Token: other, Status: 200},
		})
		clock.Advance(auth.SessionTTL - time.Minute)
		a.Run(t, []testutil.Scenario{
			{Name: "a session lasts 30 days", Method: "GET", Path: "/api/user/detail", Token: other, Status: 200},
		})
		clock.Advance(time.Minute)
		a.Run(t, []testutil.Scenario{
			{Name: "an expired token is 1022", Method: "GET", Path: "/api/user/detail", Token: other, Status: 401, Code: 1022},
		})
	})
}

func TestProfile(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		token := acctUser(t, a, "ana@example.com", "Ana", map[string]int{"dispA": 1})
		var ana testutil.SeededUser
		if err := a.DB.QueryRowContext(context.Background(), `SELECT id FROM users WHERE email = 'ana@example.com'`).Scan(&ana.ID); err != nil {
			t.Fatal(err)
		}
		a.SeedFranchise(t, "rede-sul", "Rede Sul", ana)

		r := a.Do(t, "GET", "/api/user/detail", token, nil)
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
		for _, want := range []string{`"franchise":{"rede-sul":"Rede Sul"}`, `"permission":{"dispA":1}`, `"verified":true`, `"email":"ana@example.com"`} {
			if !strings.Contains(string(r.Body), want) {
				t.Errorf("detail lacks %s: %s", want, r.Body)
			}
		}

		clock.Advance(time.Minute)
		a.Run(t, []testutil.Scenario{
			{Name: "the name is required", Method: "POST", Path: "/api/user/detail", Token: token,
				Body: map[string]string{"cpf": "", "mobile": ""}, Status: 400, Code: 1141,
				Contains: []string{"O campo nome é obrigatório."}},
			{Name: "a blank name is refused", Method: "POST", Path: "/api/user/detail", Token: token,
				Body: map[string]string{"name": "   "}, Status: 400, Code: 1141},
			{Name: "a CPF with wrong check digits is refused", Method: "POST", Path: "/api/user/detail", Token: token,
				Body: map[string]string{"name": "Ana", "cpf": "529.982.247-24"}, Status: 400, Code: 1003,
				Contains: []string{"CPF inválido."}},
			{Name: "a mobile without its area code is refused", Method: "POST", Path: "/api/user/detail", Token: token,
				Body: map[string]string{"name": "Ana", "mobile": "98765-4321"}, Status: 400, Code: 1003,
				Contains: []string{"Telefone inválido"}},
			{Name: "name, CPF and mobile are saved bare", Method: "POST", Path: "/api/user/detail", Token: token,
				Body: map[string]string{"name": " Ana Lima ", "cpf": "529.982.247-25", "mobile": "(11) 98765-4321"}, Status: 200,
				Contains: []string{`"name":"Ana Lima"`, `"cpf":"52998224725"`, `"mobile":"11987654321"`,
					`"updatedAt":` + strconv.FormatInt(clock.Now().UnixMilli(), 10)}},
			{Name: "absent CPF and mobile keep their value", Method: "POST", Path: "/api/user/detail", Token: token,
				Body: map[string]string{"name": "Ana L."}, Status: 200,
				Contains: []string{`"name":"Ana L."`, `"cpf":"52998224725"`, `"mobile":"11987654321"`}},
			{Name: "empty CPF clears it", Method: "POST", Path: "/api/user/detail", Token: token,
				Body: map[string]string{"name": "Ana L.", "cpf": ""}, Status: 200, Contains: []string{`"cpf":""`}},
			{Name: "the change shows in the detail", Method: "GET", Path: "/api/user/detail", Token: token, Status: 200,
				Contains: []string{`"name":"Ana L."`}},
		})
	})
}

func TestUserAdministration(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		admin := acctUser(t, a, "admin@example.com", "Zeca Admin", map[string]int{"userA": 1, "dispA": 1})
		boxes := acctUser(t, a, "caixas@example.com", "Caixas", map[string]int{"dispA": 1})
		acctUser(t, a, "ana@example.com", "Ana", nil)
		a.SeedFranchise(t, "rede-sul", "Rede Sul")
		a.SeedFranchise(t, "rede-norte", "Rede Norte")
		change := func(action, email, slug string) map[string]string {
			return map[string]string{"action": action, "email": email, "franchiseSlug": slug}
		}
		a.Run(t, []testutil.Scenario{
			{Name: "the user list needs userA", Method: "GET", Path: "/api/user/all", Token: boxes, Status: 403, Code: 1403},
			{Name: "the user list needs a session", Method: "GET", Path: "/api/user/all", Status: 401, Code: 1022},
			{Name: "adding a franchise needs userA", Method: "POST", Path: "/api/user/franchise", Token: boxes,
				Body: change("ADD", "ana@example.com", "rede-sul"), Status: 403, Code: 1403},
			{Name: "a franchise is added", Method: "POST", Path: "/api/user/franchise", Token: admin,
				Body: change("ADD", "ana@example.com", "rede-sul"), Status: 200,
				Contains: []string{`"email":"ana@example.com"`, `"franchise":{"rede-sul":"Rede Sul"}`}},
			{Name: "adding it again changes nothing", Method: "POST", Path: "/api/user/franchise", Token: admin,
				Body: change("ADD", "ana@example.com", "rede-sul"), Status: 200,
				Contains: []string{`"franchise":{"rede-sul":"Rede Sul"}`}},
			{Name: "a second franchise is added", Method: "POST", Path: "/api/user/franchise", Token: admin,
				Body: change("ADD", "ana@example.com", "rede-norte"), Status: 200,
				Contains: []string{`"rede-norte":"Rede Norte"`, `"rede-sul":"Rede Sul"`}},
			{Name: "a franchise is removed", Method: "POST", Path: "/api/user/franchise", Token: admin,
				Body: change("DEL", "ana@example.com", "rede-sul"), Status: 200,
				Contains: []string{`"franchise":{"rede-norte":"Rede Norte"}`}},
			{Name: "another action is refused", Method: "POST", Path: "/api/user/franchise", Token: admin,
				Body: change("MOVE", "ana@example.com", "rede-sul"), Status: 400, Code: 1003,
				Contains: []string{`"msg":"Ação inválida"`}},
			{Name: "an unknown franchise is 1041", Method: "POST", Path: "/api/user/franchise", Token: admin,
				Body: change("ADD", "ana@example.com", "rede-leste"), Status: 404, Code: 1041},
			{Name: "an unknown user is 1001", Method: "POST", Path: "/api/user/franchise", Token: admin,
				Body: change("ADD", "ninguem@example.com", "rede-sul"), Status: 404, Code: 1001},
			{Name: "the franchise slug is required", Method: "POST", Path: "/api/user/franchise", Token: admin,
				Body: change("ADD", "ana@example.com", ""), Status: 400, Code: 1003},
			{Name: "an administrator renames a user", Method: "POST", Path: "/api/user/detail/adm", Token: admin,
				Body: map[string]string{"email": "ana@example.com", "name": "Ana Paula"}, Status: 200,
				Contains: []string{`"name":"Ana Paula"`, `"email":"ana@example.com"`}},
			{Name: "and sets CPF and mobile", Method: "POST", Path: "/api/user/detail/adm", Token: admin,
				Body:   map[string]string{"email": "ana@example.com", "name": "Ana Paula", "cpf": "11144477735", "mobile": "1132654870"},
				Status: 200, Contains: []string{`"cpf":"11144477735"`, `"mobile":"1132654870"`}},
			{Name: "renaming needs a name", Method: "POST", Path: "/api/user/detail/adm", Token: admin,
				Body: map[string]string{"email": "ana@example.com", "name": ""}, Status: 400, Code: 1141},
			{Name: "renaming an unknown user is 1001", Method: "POST", Path: "/api/user/detail/adm", Token: admin,
				Body: map[string]string{"email": "ninguem@example.com", "name": "X"}, Status: 404, Code: 1001},
			{Name: "renaming needs userA", Method: "POST", Path: "/api/user/detail/adm", Token: boxes,
				Body: map[string]string{"email": "ana@example.com", "name": "X"}, Status: 403, Code: 1403},
			{Name: "the list shows every user by name with franchises", Method: "GET", Path: "/api/user/all", Token: admin,
				Status: 200, Absent: []string{"password", "cpf"},
				Check: func(t *testing.T, r *testutil.Response) {
					var body struct {
						Users []auth.Summary `json:"users"`
					}
					r.Decode(t, &body)
					var order []string
					for _, u := range body.Users {
						order = append(order, u.Name)
					}
					if strings.Join(order, ",") != "Ana Paula,Caixas,Zeca Admin" {
						t.Errorf("order %v", order)
					}
					if ana := body.Users[0]; ana.Franchise["rede-norte"] != "Rede Norte" || len(ana.Franchise) != 1 ||
						!ana.Verified || ana.CreatedAt == 0 || ana.ID == "" {
						t.Errorf("ana %+v", ana)
					}
					if z := body.Users[2]; z.Permission["userA"] != 1 || z.Permission["dispA"] != 1 {
						t.Errorf("admin permissions %+v", z.Permission)
					}
				}},
		})
	})
}

func TestImpersonation(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		admin := acctUser(t, a, "admin@example.com", "Zeca Admin", map[string]int{"userA": 1, "dispA": 1})
		boxes := acctUser(t, a, "caixas@example.com", "Caixas", map[string]int{"dispA": 1})
		acctUser(t, a, "ana@example.com", "Ana", nil)
		var as string
		a.Run(t, []testutil.Scenario{
			{Name: "impersonation needs userA", Method: "POST", Path: "/api/user/impersonate", Token: boxes,
				Body: map[string]string{"email": "ana@example.com"}, Status: 403, Code: 1403},
			{Name: "an unknown user is 1001", Method: "POST", Path: "/api/user/impersonate", Token: admin,
				Body: map[string]string{"email": "ninguem@example.com"}, Status: 404, Code: 1001},
			{Name: "the e-mail is required", Method: "POST", Path: "/api/user/impersonate", Token: admin,
				Body: map[string]string{}, Status: 400, Code: 1003},
			{Name: "an administrator gets a token of the user", Method: "POST", Path: "/api/user/impersonate", Token: admin,
				Body: map[string]string{"email": "ANA@example.com"}, Status: 200,
				Check: func(t *testing.T, r *testutil.Response) { as = tokenOf(t, r) }},
		})
		a.Run(t, []testutil.Scenario{
			{Name: "the session is the user's and names the administrator", Method: "GET", Path: "/api/user/detail", Token: as,
				Status: 200, Contains: []string{`"email":"ana@example.com"`,
					`"impersonator":{"email":"admin@example.com","name":"Zeca Admin"}`}},
			{Name: "a write through it is made as the user", Method: "POST", Path: "/api/user/detail", Token: as,
				Body: map[string]string{"name": "Ana Souza"}, Status: 200, Contains: []string{`"name":"Ana Souza"`}},
			{Name: "a refused write is recorded too", Method: "POST", Path: "/api/user/detail", Token: as,
				Body: map[string]string{"name": ""}, Status: 400},
			{Name: "no impersonation from an impersonation", Method: "POST", Path: "/api/user/impersonate", Token: as,
				Body: map[string]string{"email": "caixas@example.com"}, Status: 403, Code: 1403},
			{Name: "the administrator's own session is untouched", Method: "GET", Path: "/api/user/detail", Token: admin,
				Status: 200, Contains: []string{`"email":"admin@example.com"`}, Absent: []string{"impersonator"}},
		})

		rows, err := a.DB.QueryContext(context.Background(), `
			SELECT u.email, ad.email, l.method, l.path, l.status
			FROM audit_log l JOIN users u ON u.id = l.user_id JOIN users ad ON ad.id = l.admin_user_id
			ORDER BY l.at, l.id`)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for rows.Next() {
			var user, adm, method, path string
			var status int
			if err := rows.Scan(&user, &adm, &method, &path, &status); err != nil {
				t.Fatal(err)
			}
			got = append(got, strings.Join([]string{user, adm, method, path, http.StatusText(status)}, " "))
		}
		rows.Close()
		want := []string{
			"ana@example.com admin@example.com POST /api/user/detail OK",
			"ana@example.com admin@example.com POST /api/user/detail Bad Request",
			"ana@example.com admin@example.com POST /api/user/impersonate Forbidden",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("audit log (reads are not recorded):\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}

		clock.Advance(auth.ImpersonationTTL)
		a.Run(t, []testutil.Scenario{
			{Name: "an impersonation ends after 8 hours", Method: "GET", Path: "/api/user/detail", Token: as,
				Status: 401, Code: 1022},
			{Name: "while the administrator's session goes on", Method: "GET", Path: "/api/user/detail", Token: admin,
				Status: 200},
		})
	})
}
