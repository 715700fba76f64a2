package httpapi_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/config"
	"vitrine/internal/httpapi"
	"vitrine/internal/testutil"
)

// scrape serves a's metrics on a listener of their own and returns a
// function reading them.
func scrape(t *testing.T, a *testutil.TestApp) func() string {
	t.Helper()
	addr, stop, err := a.ServeMetrics("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return func() string {
		t.Helper()
		res, err := http.Get("http://" + addr.String() + "/metrics")
		if err != nil {
			t.Fatalf("scrape: %v", err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("scrape: %d %s", res.StatusCode, b)
		}
		return string(b)
	}
}

// sample is the value of one series ("name" or `name{label="v",…}`, labels
// in the exposition's alphabetical order) in a scrape, and whether it is there.
func sample(body, series string) (float64, bool) {
	sc := bufio.NewScanner(strings.NewReader(body))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, series+" "); ok {
			v, err := strconv.ParseFloat(strings.Fields(rest)[0], 64)
			return v, err == nil
		}
	}
	return 0, false
}

func TestMetricsCountRequestsByRoutePattern(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		metrics := scrape(t, a)
		op := a.SeedUser(t, "op@example.com", "")
		a.SeedFranchise(t, "rede-sul", "Rede Sul", op)
		for range 2 {
			mustStatus(t, a.Do(t, "GET", "/api/store/rede-sul", op.Token, nil), 200)
		}
		mustStatus(t, a.Do(t, "GET", "/api/store/rede-norte", op.Token, nil), 403)
		mustStatus(t, a.Do(t, "GET", "/api/no-such-route/123", "", nil), 404)

		body := metrics()
		for series, want := range map[string]float64{
			`vitrine_http_request_duration_seconds_count{code="200",route="GET /api/store/{franchise}"}`: 2,
			`vitrine_http_request_duration_seconds_count{code="403",route="GET /api/store/{franchise}"}`: 1,
			`vitrine_http_request_duration_seconds_count{code="404",route="unmatched"}`:                  1,
			`vitrine_players_connected`:                             0,
			`vitrine_outbox_messages{status="pending"}`:             0,
			`vitrine_command_jobs{status="sent"}`:                   0,
			`go_sql_max_open_connections{db_name="` + engine + `"}`: map[string]float64{"sqlite": 8, "postgres": 40}[engine],
		} {
			if got, ok := sample(body, series); !ok || got != want {
				t.Errorf("%s = %v (present: %v), want %v", series, got, ok, want)
			}
		}
		// Raw paths never become label values: the series stay few.
		if strings.Contains(body, "rede-sul") || strings.Contains(body, "no-such-route") {
			t.Error("a raw path is a label value")
		}
		for _, name := range []string{"go_memstats_stack_inuse_bytes", "go_memstats_heap_inuse_bytes",
			"go_goroutines", "process_resident_memory_bytes", "go_sql_in_use_connections",
			"go_sql_wait_count_total", "go_sql_wait_duration_seconds_total", "vitrine_push_ack_seconds_count"} {
			if !strings.Contains(body, "\n"+name) {
				t.Errorf("the scrape lacks %s", name)
			}
		}
	})
}

func TestMetricsAreNotServedOnThePublicPort(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	for _, path := range []string{"/metrics", "/api/metrics"} {
		r := a.Do(t, "GET", path, "", nil)
		if bytes.Contains(r.Body, []byte("vitrine_http_request_duration_seconds")) || bytes.Contains(r.Body, []byte("# TYPE")) {
			t.Errorf("GET %s on the public port answered metrics: %d", path, r.Status)
		}
	}
}

func TestMetricsFollowPlayersAndTheirAcks(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	metrics := scrape(t, a)
	f := newPlayerFixture(t, a)
	value := func(series string) float64 {
		v, _ := sample(metrics(), series)
		return v
	}
	code, token := a.AnnounceDevice(t)
	p := connect(t, a, code, token)
	if fr := p.next(); fr.Type != "unpaired" {
		t.Fatalf("first frame %+v, want unpaired", fr)
	}
	if v := value("vitrine_players_connected"); v != 1 {
		t.Fatalf("players connected %v with one player, want 1", v)
	}
	p.send(map[string]any{"type": "ack", "hash": ""}) // nothing pushed yet: nothing to time

	// Registering the TV pushes its playlist; the player's ack ends the push.
	f.addTV(t, "Caixa 1", code)
	got := p.until("a playlist", func(fr frame) bool { return fr.Type == "playlist" })
	p.send(map[string]any{"type": "ack", "hash": got.Schedule.Hash})
	testutil.Eventually(t, 5*time.Second, func() bool { return value("vitrine_push_ack_seconds_count") == 1 },
		"the ack of the pushed playlist timed")

	// A keep-alive ack times nothing; the next save's push is timed once.
	p.send(map[string]any{"type": "ack", "hash": got.Schedule.Hash})
	f.setEntries(t, map[string]any{"id": f.other, "displayTime": 7})
	got = p.until("with the saved entries", func(fr frame) bool {
		return fr.Type == "playlist" && fr.Schedule != nil && len(fr.Schedule.Entries) == 1 && fr.Schedule.Entries[0].DisplayTime == 7
	})
	p.send(map[string]any{"type": "ack", "hash": got.Schedule.Hash})
	testutil.Eventually(t, 5*time.Second, func() bool { return value("vitrine_push_ack_seconds_count") >= 2 },
		"the ack of the saved playlist timed")
	if n := value("vitrine_push_ack_seconds_count"); n != 2 {
		t.Errorf("%v pushes timed after two pushes and three acks, want 2", n)
	}

	p.ws.Close(websocket.StatusNormalClosure, "")
	testutil.Eventually(t, 5*time.Second, func() bool { return value("vitrine_players_connected") == 0 },
		"players connected back to 0")
}

func TestMetricsCountCommandJobsAndUploadBytes(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		metrics := scrape(t, a)
		value := func(series string) float64 {
			v, _ := sample(metrics(), series)
			return v
		}
		f := newPlayerFixture(t, a)
		p, tv, _ := f.pairedPlayer(t, "Caixa 1")
		base := "/api/display/" + f.slug + "/centro/" + tv
		testutil.Eventually(t, 5*time.Second, func() bool {
			return strings.Contains(string(a.Do(t, "GET", base+"/now", f.op.Token, nil).Body), `"connected":true`)
		}, "online")

		r := a.Do(t, "POST", base+"/admin-command", f.asBoxAdmin, map[string]any{"operation": "screenshot"})
		mustStatus(t, r, 202)
		var job struct {
			CommandID string `json:"commandId"`
		}
		r.Decode(t, &job)
		p.until("with the command", func(fr frame) bool { return fr.Type == "command" })
		if v := value(`vitrine_command_jobs{status="sent"}`); v != 1 {
			t.Fatalf("command jobs sent %v, want 1", v)
		}

		png := []byte("\x89PNG\r\n\x1a\nimagem")
		req, _ := http.NewRequest("POST", a.URL+"/api/device/command/"+job.CommandID, bytes.NewReader(png))
		req.Header.Set("Authorization", "Bearer "+p.token)
		req.Header.Set("Content-Type", "image/png")
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("screenshot upload: %v %v", res, err)
		}
		res.Body.Close()
		body := metrics()
		for series, want := range map[string]float64{
			`vitrine_command_jobs{status="sent"}`:               0,
			`vitrine_command_jobs{status="done"}`:               1,
			`vitrine_upload_bytes_total{kind="command_result"}`: float64(len(png)),
		} {
			if got, ok := sample(body, series); !ok || got != want {
				t.Errorf("%s = %v (present: %v), want %v", series, got, ok, want)
			}
		}

		image := bytes.Repeat([]byte{0x89}, 3000)
		upload(t, a, f.op.Token, f.slug, "image", "image/png", image)
		if v := value(`vitrine_upload_bytes_total{kind="media"}`); v != float64(len(image)) {
			t.Errorf("media upload bytes %v, want %d", v, len(image))
		}
	})
}

func TestRequestIDs(t *testing.T) {
	direct := testutil.NewApp(t, "sqlite")
	behindProxy := testutil.NewApp(t, "sqlite", testutil.WithConfig(func(c *config.Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	}))
	get := func(t *testing.T, a *testutil.TestApp, path, id string) string {
		t.Helper()
		req, _ := http.NewRequest("GET", a.URL+path, nil)
		if id != "" {
			req.Header.Set(httpapi.RequestIDHeader, id)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.Header.Get(httpapi.RequestIDHeader)
	}
	made := func(t *testing.T, got, sent string) {
		t.Helper()
		if got == "" || got == sent || len(got) > 64 || strings.Trim(got, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != "" {
			t.Errorf("request id %q, want one made here (sent %q)", got, sent)
		}
	}
	proxyID := "9f2c1e7a-5b7d-4e2b-9a8f-0c1d2e3f4a5b"
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"an answer without an id sent carries one", func(t *testing.T) {
			made(t, get(t, direct, "/api/health", ""), "")
		}},
		{"every request gets an id of its own", func(t *testing.T) {
			if a, b := get(t, direct, "/api/health", ""), get(t, direct, "/api/health", ""); a == b {
				t.Errorf("two requests share the id %q", a)
			}
		}},
		{"errors, unknown routes and the console carry one too", func(t *testing.T) {
			for _, path := range []string{"/api/user/detail", "/api/nope", "/", "/files/x/media/none.png"} {
				made(t, get(t, direct, path, ""), "")
			}
		}},
		{"a caller reaching the server directly cannot choose its id", func(t *testing.T) {
			made(t, get(t, direct, "/api/health", proxyID), proxyID)
		}},
		{"a trusted proxy's id is kept", func(t *testing.T) {
			if got := get(t, behindProxy, "/api/health", proxyID); got != proxyID {
				t.Errorf("request id %q, want the proxy's %q", got, proxyID)
			}
		}},
		{"a trusted proxy's id over 64 characters is replaced", func(t *testing.T) {
			long := strings.Repeat("a", 65)
			made(t, get(t, behindProxy, "/api/health", long), long)
		}},
		{"a trusted proxy's id with unsafe characters is replaced", func(t *testing.T) {
			for _, bad := range []string{"abc def", `abc"def`, "abc\tdef", "abc=def", "ação"} {
				made(t, get(t, behindProxy, "/api/health", bad), bad)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, tc.run)
	}
}

// logBuffer collects a logger's JSON lines; the server writes from many
// goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// requests returns the access log's lines, decoded.
func (b *logBuffer) requests(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line is not JSON: %s", line)
		}
		if m["msg"] == "request" {
			out = append(out, m)
		}
	}
	return out
}

func TestAccessLog(t *testing.T) {
	logs := &logBuffer{}
	a := testutil.NewApp(t, "sqlite", testutil.WithLog(slog.New(slog.NewJSONHandler(logs, nil))))
	f := newPlayerFixture(t, a)

	// Secrets sent every way a client can: a password in a body, a token in
	// the Authorization header and in a query string, and a reset link
	// mailed (to the log: no SMTP_URL here).
	const password, queryToken = "Senha-Que-Nao-Pode-Vazar-9", "token-na-query-7d1c"
	mustStatus(t, a.Do(t, "POST", "/api/user/auth", "", map[string]any{"email": f.op.Email, "auth": password}), 401)
	mustStatus(t, a.Do(t, "POST", "/api/user/request-reset-pwd", "", map[string]any{"email": f.op.Email}), 200)
	res := storeListWithQueryToken(t, a, f.slug, f.op.Token, queryToken)
	mustStatus(t, a.Do(t, "GET", "/api/health", "", nil), 200)

	// A player's socket: one line when it connects, none per frame.
	code, token := a.AnnounceDevice(t)
	p := connect(t, a, code, token)
	if fr := p.next(); fr.Type != "unpaired" {
		t.Fatalf("first frame %+v, want unpaired", fr)
	}
	for range 3 {
		p.send(map[string]any{"type": "ack", "hash": ""})
	}
	testutil.Eventually(t, 10*time.Second, func() bool {
		return strings.Contains(logs.String(), "kept in the outbox")
	}, "the reset mail delivered to the log")

	var store, sockets []map[string]any
	for _, line := range logs.requests(t) {
		switch line["route"] {
		case "GET /api/store/{franchise}":
			store = append(store, line)
		case "GET /api/device/ws":
			sockets = append(sockets, line)
		case "GET /api/health":
			t.Errorf("health checks are logged at Info: %v", line)
		}
	}
	if len(store) != 1 {
		t.Fatalf("%d log lines for the store list, want 1", len(store))
	}
	line := store[0]
	if line["request_id"] != res.Header.Get(httpapi.RequestIDHeader) || line["request_id"] == "" {
		t.Errorf("logged request id %v, answered %q", line["request_id"], res.Header.Get(httpapi.RequestIDHeader))
	}
	if line["method"] != "GET" || line["status"] != float64(200) || line["franchise"] != f.slug || line["level"] != "INFO" {
		t.Errorf("store list logged as %v", line)
	}
	if d, ok := line["duration"].(float64); !ok || d <= 0 {
		t.Errorf("duration %v", line["duration"])
	}
	if n, ok := line["bytes"].(float64); !ok || n <= 0 {
		t.Errorf("bytes %v", line["bytes"])
	}
	if len(sockets) != 1 || sockets[0]["status"] != float64(http.StatusSwitchingProtocols) {
		t.Errorf("the player's socket logged as %v, want one line with status 101", sockets)
	}

	all := logs.String()
	for _, secret := range []string{password, queryToken, f.op.Token, token, "/reset/password/new", "code="} {
		if strings.Contains(all, secret) {
			t.Errorf("the log holds %q:\n%s", secret, all)
		}
	}

	// The socket still works through the access log's writer.
	f.addTV(t, "Caixa 1", code)
	if fr := p.until("a playlist", func(fr frame) bool { return fr.Type == "playlist" }); fr.Screen == nil || fr.Screen.Device != code {
		t.Errorf("playlist after pairing %+v", fr)
	}
}

// storeListWithQueryToken asks for slug's store list with token, and a
// secret in the query string the log must not hold; the body is read.
func storeListWithQueryToken(t *testing.T, a *testutil.TestApp, slug, token, queryToken string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", a.URL+"/api/store/"+slug+"?token="+queryToken, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

// The text log production writes: the access line, written without slog's
// record, reads as slog's text handler writes it, with neither the query
// string nor the token.
func TestTheTextLogsAccessLine(t *testing.T) {
	logs := &logBuffer{}
	a := testutil.NewApp(t, "sqlite", testutil.WithTextLog(logs))
	user := a.SeedUser(t, "texto@example.com", "")
	a.SeedFranchise(t, "rede-texto", "Rede Texto", user)
	const queryToken = "token-na-query-5b2e"
	res := storeListWithQueryToken(t, a, "rede-texto", user.Token, queryToken)
	mustStatus(t, a.Do(t, "GET", "/api/health", "", nil), 200)

	var lines []string
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, " msg=request ") {
			lines = append(lines, line)
		}
	}
	if len(lines) != 1 {
		t.Fatalf("%d access lines, want the store list's alone (the health check is at Debug):\n%s", len(lines), logs.String())
	}
	line := lines[0]
	want := regexp.MustCompile(`^time=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(Z|[+-]\d\d:\d\d) level=INFO msg=request ` +
		`request_id=` + regexp.QuoteMeta(res.Header.Get(httpapi.RequestIDHeader)) + ` method=GET ` +
		`route="GET /api/store/\{franchise\}" status=200 duration=[0-9.]+(ns|µs|ms|s) bytes=[1-9][0-9]* ` +
		`client=127\.0\.0\.1 franchise=rede-texto$`)
	if !want.MatchString(line) {
		t.Errorf("access line\n %s\ndoes not read as %s", line, want)
	}
	if all := logs.String(); strings.Contains(all, queryToken) || strings.Contains(all, user.Token) {
		t.Errorf("the log holds a secret:\n%s", all)
	}
}
