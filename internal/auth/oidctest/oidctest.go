// Package oidctest starts a real OpenID Provider for the single sign-on
// tests: the example OpenID Provider of github.com/zitadel/oidc, built by
// scripts/ensure-oidc-provider.sh. The binary is $OIDC_PROVIDER_BIN, else
// $VITRINE_TOOLS or ~/.cache/vitrine-tools/oidc-provider-<version>. Without
// it the test is skipped, except in CI (CI set) or under make test
// (VITRINE_REQUIRE_TOOLS set), where it fails.
package oidctest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrine/internal/freeport"
)

// Version is the provider's version scripts/ensure-oidc-provider.sh builds.
const Version = "v3.52.0"

// ClientID and ClientSecret are the confidential client the provider knows.
const (
	ClientID     = "web"
	ClientSecret = "secret"
)

// User is a person the provider signs in.
type User struct {
	ID            string
	Username      string
	Password      string
	FirstName     string
	LastName      string
	Email         string
	EmailVerified bool
}

// Provider is a running OpenID Provider.
type Provider struct {
	Issuer string // http://localhost:PORT/
	port   int
	users  string
	redir  []string
	t      testing.TB
	mu     sync.Mutex
	cmd    *exec.Cmd
	out    *strings.Builder
}

// Binary finds the provider program, or "".
func Binary() string {
	if b := os.Getenv("OIDC_PROVIDER_BIN"); b != "" {
		return b
	}
	name := "oidc-provider-" + Version
	home, _ := os.UserHomeDir()
	candidates := []string{filepath.Join(home, ".cache/vitrine-tools", name), filepath.Join("/root/.cache/vitrine-tools", name)}
	if d := os.Getenv("VITRINE_TOOLS"); d != "" {
		candidates = append([]string{filepath.Join(d, name)}, candidates...)
	}
	for _, p := range candidates {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	return ""
}

// Start runs the provider on a free loopback port with the users given,
// accepting redirectURIs, and stops it at the end of the test.
func Start(t testing.TB, users []User, redirectURIs ...string) *Provider {
	t.Helper()
	if Binary() == "" {
		msg := "no OpenID Provider binary: run scripts/ensure-oidc-provider.sh (or make test) to test single sign-on"
		if os.Getenv("CI") != "" || os.Getenv("VITRINE_REQUIRE_TOOLS") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	port, err := freeport.Loopback()
	if err != nil {
		t.Fatalf("no free port for the OpenID Provider: %v", err)
	}
	p := &Provider{Issuer: fmt.Sprintf("http://localhost:%d/", port), port: port,
		users: filepath.Join(t.TempDir(), "users.json"), redir: redirectURIs, t: t}
	p.SetUsers(users)
	p.start()
	t.Cleanup(p.Stop)
	return p
}

// start runs the program and waits until its discovery document answers.
func (p *Provider) start() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	cmd := exec.Command(Binary())
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", p.port), "USERS_FILE="+p.users,
		"REDIRECT_URI="+strings.Join(p.redir, ","))
	out := &strings.Builder{}
	cmd.Stdout, cmd.Stderr = &syncWriter{w: out}, &syncWriter{w: out}
	if err := cmd.Start(); err != nil {
		p.t.Fatalf("start the OpenID Provider: %v", err)
	}
	p.cmd, p.out = cmd, out
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := http.Get(p.Issuer + ".well-known/openid-configuration")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			p.t.Fatalf("the OpenID Provider did not answer: %v\n%s", err, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Stop ends the provider (it may be started again with Restart).
func (p *Provider) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd == nil {
		return
	}
	_ = p.cmd.Process.Kill()
	_ = p.cmd.Wait()
	p.cmd = nil
}

// Restart stops the provider and starts it again on the same address: it
// signs with a new key from then on (the keys are made at each start).
func (p *Provider) Restart() {
	p.t.Helper()
	p.Stop()
	p.start()
}

var formID = regexp.MustCompile(`name="id" value="([^"]+)"`)

// SignIn follows authURL as a browser would: the provider's login page,
// its form filled with username and password, and the redirects back until
// one leaves the provider. It returns that last URL (the relying party's
// callback with its query), without requesting it; nil when the provider
// refused the username and password (its login page again).
func (p *Provider) SignIn(t testing.TB, authURL, username, password string) *url.URL {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	var last *url.URL
	client := &http.Client{Jar: jar, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if !strings.HasPrefix(req.URL.String(), strings.TrimSuffix(p.Issuer, "/")) {
			last = req.URL
			return http.ErrUseLastResponse
		}
		return nil
	}}
	res, err := client.Get(authURL)
	if err != nil {
		t.Fatalf("open the provider's authorization: %v", err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if last != nil {
		return last
	}
	m := formID.FindSubmatch(body)
	if m == nil {
		t.Fatalf("no login form at the provider (%d): %s", res.StatusCode, body)
	}
	res, err = client.PostForm(p.Issuer+"login/username", url.Values{"id": {string(m[1])}, "username": {username}, "password": {password}})
	if err != nil {
		t.Fatalf("post the provider's login form: %v", err)
	}
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if last == nil && formID.Match(body) {
		return nil
	}
	if last == nil {
		t.Fatalf("the provider did not send the browser back (%d): %s", res.StatusCode, body)
	}
	return last
}

// SetUsers replaces the provider's users; they count from its next start.
func (p *Provider) SetUsers(users []User) {
	p.t.Helper()
	byID := map[string]User{}
	for _, u := range users {
		byID[u.ID] = u
	}
	data, err := json.Marshal(byID)
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(p.users, data, 0o600); err != nil {
		p.t.Fatal(err)
	}
}

type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b)
}
