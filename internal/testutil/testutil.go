// Package testutil starts real Vitrine instances for tests — on SQLite
// always, and on PostgreSQL too when TEST_DATABASE_URL is set — and runs
// tables of API scenarios against them.
package testutil

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"vitrine/internal/app"
	"vitrine/internal/auth"
	"vitrine/internal/config"
	"vitrine/internal/footerdata"
	"vitrine/internal/ids"
)

// TestApp is a running instance with its HTTP server.
type TestApp struct {
	*app.App
	URL    string
	Engine string // "sqlite" or "postgres"

	unique atomic.Int64 // last number handed out by Unique
}

// Option adjusts the configuration or options of a test app.
type Option func(*config.Config, *app.Options)

// WithConfig changes the configuration before the app starts.
func WithConfig(f func(*config.Config)) Option {
	return func(c *config.Config, _ *app.Options) { f(c) }
}

// WithFooter replaces the providers of the players' footer data.
func WithFooter(weather footerdata.WeatherProvider, quotes footerdata.QuoteProvider) Option {
	return func(_ *config.Config, o *app.Options) { o.Weather, o.Quotes = weather, quotes }
}

// WithLog gives the app a logger of the test's (to read what it logs).
func WithLog(log *slog.Logger) Option {
	return func(_ *config.Config, o *app.Options) { o.Log, o.LogText = log, nil }
}

// WithTextLog gives the app the text log it writes in production (its
// access lines written directly), to w.
func WithTextLog(w io.Writer) Option {
	return func(_ *config.Config, o *app.Options) {
		o.Log, o.LogText = slog.New(slog.NewTextHandler(w, nil)), w
	}
}

// WithClock gives the app a controllable clock.
func WithClock(now func() time.Time) Option {
	return func(_ *config.Config, o *app.Options) { o.Now = now }
}

// Engines lists the databases the suites run on.
func Engines() []string {
	if os.Getenv("TEST_DATABASE_URL") != "" {
		return []string{"sqlite", "postgres"}
	}
	return []string{"sqlite"}
}

// ForEachEngine runs fn as a subtest per database engine, the engines side
// by side: each subtest has an app, a data folder and a database of its own,
// and a test spends much of its time waiting on its servers. The subtests
// start once the calling test's function has returned, which must therefore
// leave nothing after the call that they need, and fn must not write what
// the other engine's run reads.
func ForEachEngine(t *testing.T, fn func(t *testing.T, engine string)) {
	t.Helper()
	for _, e := range Engines() {
		t.Run(e, func(t *testing.T) {
			t.Parallel()
			fn(t, e)
		})
	}
}

// ForEachEngineInTurn is ForEachEngine one engine after the other, for a test
// that changes the process's state (its environment, with t.Setenv).
func ForEachEngineInTurn(t *testing.T, fn func(t *testing.T, engine string)) {
	t.Helper()
	for _, e := range Engines() {
		t.Run(e, func(t *testing.T) { fn(t, e) })
	}
}

// NewApp starts a fresh app on engine with an empty data folder (and, on
// PostgreSQL, a migrated database of its own that is dropped afterwards).
func NewApp(t testing.TB, engine string, opts ...Option) *TestApp {
	t.Helper()
	// The suites that start the app are about what it does with passwords, not
	// about the hash's cost (internal/auth's own tests keep the real one).
	auth.UseLeastHashCostInTests()
	cfg := config.Config{
		Addr:      "127.0.0.1:0",
		DataDir:   t.TempDir(),
		PublicURL: "http://vitrine.test",
		LogLevel:  "error",
	}
	if engine == "postgres" {
		cfg.DatabaseURL = pgDatabase(t)
	}
	o := app.Options{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), LogText: io.Discard}
	if testing.Verbose() {
		o.Log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		o.LogText = os.Stderr
	}
	for _, opt := range opts {
		opt(&cfg, &o)
	}
	a, err := app.New(context.Background(), cfg, o)
	if err != nil {
		t.Fatalf("start app on %s: %v", engine, err)
	}
	if err := a.Bootstrap(context.Background(), io.Discard); err != nil {
		t.Fatalf("bootstrap: %v", err)
	}
	a.Start()
	srv := httptest.NewServer(a.Server)
	t.Cleanup(func() {
		srv.Close()
		a.Close()
	})
	return &TestApp{App: a, URL: srv.URL, Engine: engine}
}

// NewReplica starts a second instance on the same database and data folder
// as a, as another replica behind a load balancer would be.
func NewReplica(t testing.TB, a *TestApp) *TestApp {
	t.Helper()
	o := app.Options{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), LogText: io.Discard, Now: a.Now}
	r, err := app.New(context.Background(), a.Config, o)
	if err != nil {
		t.Fatalf("start replica: %v", err)
	}
	r.Start()
	srv := httptest.NewServer(r.Server)
	t.Cleanup(func() {
		srv.Close()
		r.Close()
	})
	return &TestApp{App: r, URL: srv.URL, Engine: a.Engine}
}

// Response is an API answer read in full.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into a generic map.
func (r *Response) JSON(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("response is not a JSON object (%d): %s", r.Status, r.Body)
	}
	return m
}

// Decode decodes the body into v.
func (r *Response) Decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode response (%d) %s: %v", r.Status, r.Body, err)
	}
}

// Code is the API error code of an error body, 0 otherwise.
func (r *Response) Code() int {
	var e struct {
		StatusCode int `json:"statusCode"`
	}
	_ = json.Unmarshal(r.Body, &e)
	return e.StatusCode
}

// Do sends one request. body may be nil, a string or []byte (sent as is) or
// any value (sent as JSON). It stops the test on a transport failure, so
// only the test's own goroutine may call it; other goroutines use Send.
func (a *TestApp) Do(t testing.TB, method, path, token string, body any) *Response {
	t.Helper()
	r, err := a.Send(method, path, token, body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return r
}

// Send is Do for goroutines other than the test's: it returns what went
// wrong instead of stopping the test, which only the test's goroutine may do.
func (a *TestApp) Send(method, path, token string, body any) (*Response, error) {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			return nil, fmt.Errorf("encode body: %w", err)
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, a.URL+path, rd)
	if err != nil {
		return nil, fmt.Errorf("request: %w", err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, fmt.Errorf("read body: %w", err)
	}
	return &Response{Status: res.StatusCode, Header: res.Header, Body: b}, nil
}

// Scenario is one API call and what must come back.
type Scenario struct {
	Name     string
	Method   string
	Path     string
	Token    string
	Body     any
	Status   int      // expected HTTP status
	Code     int      // expected API error code, when the call must fail
	Contains []string // substrings the body must hold
	// Absent lists substrings the body must not hold. An error body lacks
	// them too, so a scenario with Absent must also set Status and say what
	// the answer is (Code, Contains or Check), or it is refused.
	Absent []string
	Check  func(t *testing.T, r *Response)
}

// Run runs the scenarios as subtests against a, in order. They share
// whatever a holds: give a table to Run only when no scenario changes what
// another one checks; otherwise use RunCases.
func (a *TestApp) Run(t *testing.T, scenarios []Scenario) {
	t.Helper()
	for _, s := range scenarios {
		t.Run(s.Name, func(t *testing.T) { a.Expect(t, s) })
	}
}

// Case is a scenario that needs state of its own: Scenario builds the call
// from a fixture made for this case alone, and may add rows to it first.
// Anything it does that can fail must use the case's own test (keep it in
// the fixture), never the enclosing test's, which only its own goroutine may
// stop. The Scenario's Name is the Case's.
type Case[F any] struct {
	Name     string
	Scenario func(f F) Scenario
}

// RunCases runs each case as a subtest of t: setup builds a fresh fixture
// inside the subtest, then the case's scenario is made from it and checked.
// No case sees what another created, changed or failed to create, so one
// failure stays one failure.
func RunCases[F any](t *testing.T, a *TestApp, setup func(t *testing.T) F, cases []Case[F]) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			s := c.Scenario(setup(t))
			s.Name = c.Name
			a.Expect(t, s)
		})
	}
}

// Expect makes the scenario's call within the running test and checks the
// answer: status first, then API code, then what the body holds, then what
// it must not hold, then s.Check.
func (a *TestApp) Expect(t *testing.T, s Scenario) {
	t.Helper()
	if len(s.Absent) > 0 && (s.Status == 0 || s.Code == 0 && len(s.Contains) == 0 && s.Check == nil) {
		t.Fatalf("scenario %q checks that the body lacks %q without checking what the answer is: "+
			"set Status and one of Code, Contains or Check", s.Name, s.Absent)
	}
	r := a.Do(t, s.Method, s.Path, s.Token, s.Body)
	if s.Status != 0 && r.Status != s.Status {
		t.Fatalf("%s %s: status %d, want %d; body %s", s.Method, s.Path, r.Status, s.Status, r.Body)
	}
	if s.Code != 0 {
		if got := r.Code(); got != s.Code {
			t.Fatalf("%s %s: code %d, want %d; body %s", s.Method, s.Path, got, s.Code, r.Body)
		}
	}
	for _, c := range s.Contains {
		if !bytes.Contains(r.Body, []byte(c)) {
			t.Errorf("body lacks %q: %s", c, r.Body)
		}
	}
	for _, c := range s.Absent {
		if bytes.Contains(r.Body, []byte(c)) {
			t.Errorf("body holds %q: %s", c, r.Body)
		}
	}
	if s.Check != nil {
		s.Check(t, r)
	}
}

// SeededUser is a user written straight to the database with a live session.
type SeededUser struct {
	ID    string
	Email string
	Token string
}

// SeedUser inserts a verified user with the given permission map (JSON, "" =
// none) and a session token, without going through the accounts API.
func (a *TestApp) SeedUser(t testing.TB, email, permission string) SeededUser {
	t.Helper()
	if permission == "" {
		permission = "{}"
	}
	ctx := context.Background()
	now := a.Now().UnixMilli()
	u := SeededUser{ID: ids.New(), Email: strings.ToLower(email), Token: ids.Secret(32)}
	_, err := a.DB.ExecContext(ctx, `
		INSERT INTO users (id, email, name, password_hash, permission, verified, created_at, updated_at)
		VALUES (?, ?, ?, '!', ?, 1, ?, ?)`, u.ID, u.Email, strings.Split(email, "@")[0], permission, now, now)
	if err != nil {
		t.Fatalf("seed user: %v", err)
	}
	_, err = a.DB.ExecContext(ctx, `
		INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		ids.Hash(u.Token), u.ID, now, now+int64(24*time.Hour/time.Millisecond))
	if err != nil {
		t.Fatalf("seed session: %v", err)
	}
	return u
}

// SeedFranchise inserts a franchise with slug and gives it to the users.
func (a *TestApp) SeedFranchise(t testing.TB, slug, name string, members ...SeededUser) string {
	t.Helper()
	ctx := context.Background()
	now := a.Now().UnixMilli()
	id := ids.New()
	if _, err := a.DB.ExecContext(ctx, `
		INSERT INTO franchises (id, slug, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
		id, slug, name, now, now); err != nil {
		t.Fatalf("seed franchise: %v", err)
	}
	for _, m := range members {
		if _, err := a.DB.ExecContext(ctx, `
			INSERT INTO user_franchises (user_id, franchise_id, created_at) VALUES (?, ?, ?)`,
			m.ID, id, now); err != nil {
			t.Fatalf("seed membership: %v", err)
		}
	}
	return id
}

// SetMembership gives user's membership of the franchise a role and, for a
// franchisee or a store manager, the stores it covers (by slug), as the team
// page will.
func (a *TestApp) SetMembership(t testing.TB, userID, franchiseID, role string, storeSlugs ...string) {
	t.Helper()
	ctx := context.Background()
	if _, err := a.DB.ExecContext(ctx, `UPDATE user_franchises SET role = ? WHERE user_id = ? AND franchise_id = ?`,
		role, userID, franchiseID); err != nil {
		t.Fatalf("set role: %v", err)
	}
	if _, err := a.DB.ExecContext(ctx, `DELETE FROM membership_stores WHERE user_id = ? AND franchise_id = ?`,
		userID, franchiseID); err != nil {
		t.Fatalf("clear stores: %v", err)
	}
	for _, slug := range storeSlugs {
		if _, err := a.DB.ExecContext(ctx, `
			INSERT INTO membership_stores (user_id, franchise_id, store_id)
			SELECT ?, ?, id FROM stores WHERE franchise_id = ? AND slug = ?`,
			userID, franchiseID, franchiseID, slug); err != nil {
			t.Fatalf("add store %s: %v", slug, err)
		}
	}
}

// Eventually polls cond until it holds or the deadline passes.
func Eventually(t testing.TB, within time.Duration, cond func() bool, what string, args ...any) {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("timed out waiting: "+what, args...)
}

// Unique returns a word of lower-case letters ("aa", "ab", …) that no other
// call on this app returns, for the names, e-mails, slugs and device codes
// of cases that share an app and must not collide. Letters only, so a name
// made with it never looks like a numbered slug ("loja-2").
func (a *TestApp) Unique() string {
	n := a.unique.Add(1) + 26 // two letters at least
	var b []byte
	for ; n > 0; n = (n - 1) / 26 {
		b = append(b, byte('a'+(n-1)%26))
	}
	slices.Reverse(b)
	return string(b)
}

// UniqueCNPJ returns a valid company number (14 bare digits) that no other
// call on this app returns.
func (a *TestApp) UniqueCNPJ() string {
	return CNPJ(fmt.Sprintf("9%07d0001", a.unique.Add(1)))
}

// CNPJ completes base, the first 12 digits of a company number, with its two
// check digits.
func CNPJ(base string) string {
	digit := func(s string) byte {
		sum, w := 0, 2
		for i := len(s) - 1; i >= 0; i-- {
			sum += int(s[i]-'0') * w
			if w++; w > 9 {
				w = 2
			}
		}
		if r := sum % 11; r >= 2 {
			return byte('0' + 11 - r)
		}
		return '0'
	}
	base += string(digit(base))
	return base + string(digit(base))
}

// Sprint formats a path with arguments, for scenario tables.
func Sprint(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// AnnounceDevice says hello as a new player and returns its device code
// and token: a TV may then be registered with the code.
func (a *TestApp) AnnounceDevice(t testing.TB) (code, token string) {
	t.Helper()
	r := a.Do(t, "POST", "/api/device/hello", "", map[string]any{"version": "test"})
	if r.Status != 200 {
		t.Fatalf("hello: %d %s", r.Status, r.Body)
	}
	var h struct{ Device, Token string }
	r.Decode(t, &h)
	return h.Device, h.Token
}

// ReserveDevices records codes as announced by players, for tests that
// register TVs with codes of their own.
func (a *TestApp) ReserveDevices(t testing.TB, codes ...string) {
	t.Helper()
	if err := a.Devices.Reserve(context.Background(), codes...); err != nil {
		t.Fatalf("reserve device codes: %v", err)
	}
}
