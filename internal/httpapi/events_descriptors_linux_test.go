package httpapi_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"vitrine/internal/auth"
	"vitrine/internal/httpapi"
	"vitrine/internal/testutil"
)

// streamServerEnv makes this test binary the server of the descriptor test
// (its value names the database engine).
const streamServerEnv = "VITRINE_TEST_STREAM_SERVER"

// streamServerFiles is the server's open-files limit in that test: the
// streams reach its reserve long before the caps would stop them.
const streamServerFiles = 256

// streamServer is what the child server tells the test.
type streamServer struct {
	URL      string   `json:"url"`
	Slug     string   `json:"slug"`
	Tokens   []string `json:"tokens"` // one session per member
	Email    string   `json:"email"`  // an account that signs in with password
	Password string   `json:"password"`
}

// With the server's open-files limit low, one account opening streams past
// the caps, and many opening streams until the descriptors run short, still
// leave sign-in, the health check and a player's hello their descriptors:
// new streams are refused (503, Retry-After) while fewer than the reserve
// remain, and let in again once streams close. The server runs in a child
// process (this test binary again, its RLIMIT_NOFILE lowered), so the
// streams' client side does not count against its limit.
func TestSignInHealthAndPlayersAnswerWhileStreamsTakeTheDescriptors(t *testing.T) {
	if engine := os.Getenv(streamServerEnv); engine != "" {
		serveWithFewDescriptors(t, engine)
		return
	}
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		srv := startStreamServer(t, engine)
		client := &http.Client{Timeout: 10 * time.Second}

		// Past the session's cap the oldest tabs close; the new ones open.
		first := srv.Tokens[0]
		var mine []*eventStream
		for range httpapi.StreamsPerSession + 2 {
			s, refused := tryEvents(t, srv.URL, srv.Slug, first)
			if refused != nil {
				t.Fatalf("a stream within the reserve answered %d %s", refused.Status, refused.Body)
			}
			mine = append(mine, s)
		}
		for _, s := range mine[:2] {
			got := s.ends(t, 5*time.Second, func(sseEvent) bool { return false })
			if len(got) == 0 || got[len(got)-1].Type != "closed" {
				t.Fatalf("a stream past the cap ended with %+v, want a closed event", got)
			}
		}

		// Other members open streams until the server keeps its last
		// descriptors.
		var open []*eventStream
		var refused *testutil.Response
	fill:
		for _, token := range srv.Tokens[1:] {
			for range httpapi.StreamsPerSession {
				s, r := tryEvents(t, srv.URL, srv.Slug, token)
				if r != nil {
					refused = r
					break fill
				}
				open = append(open, s)
			}
		}
		if refused == nil {
			t.Fatalf("%d streams opened under a limit of %d open files, none refused", len(open)+httpapi.StreamsPerSession, streamServerFiles)
		}
		t.Logf("%d streams open when the server refused one", len(open)+httpapi.StreamsPerSession)
		if refused.Status != 503 || refused.Code() != 1500 || refused.Header.Get("Retry-After") == "" ||
			!strings.Contains(string(refused.Body), "muitas conexões abertas") {
			t.Fatalf("refused stream: %d %v %s", refused.Status, refused.Header, refused.Body)
		}

		// Sign-in, health and a player's hello still answer.
		for _, c := range []struct {
			name, method, path string
			body               any
		}{
			{"sign-in", "POST", "/api/user/auth", map[string]string{"email": srv.Email, "auth": srv.Password}},
			{"health", "GET", "/api/health", nil},
			{"player hello", "POST", "/api/device/hello", map[string]any{"version": "1.0.0"}},
		} {
			start := time.Now()
			status, body := call(t, client, c.method, srv.URL+c.path, c.body)
			if status != 200 {
				t.Fatalf("%s answered %d %s", c.name, status, body)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("%s took %v", c.name, d)
			}
		}

		// Streams closing give room to new ones.
		for _, s := range open[:16] {
			s.cancel()
			<-s.closed
		}
		var again *eventStream
		testutil.Eventually(t, 10*time.Second, func() bool {
			again, _ = tryEvents(t, srv.URL, srv.Slug, srv.Tokens[len(srv.Tokens)-1])
			return again != nil
		}, "a stream let in once others closed")
	})
}

// call sends one request with client and returns the status and body.
func call(t *testing.T, client *http.Client, method, url string, body any) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// startStreamServer runs this test binary as the server on engine, with a
// low open-files limit, until the test ends.
func startStreamServer(t *testing.T, engine string) streamServer {
	t.Helper()
	name, _, _ := strings.Cut(t.Name(), "/")
	cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.v", "-test.timeout=5m")
	cmd.Env = append(os.Environ(), streamServerEnv+"="+engine)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var output bytes.Buffer
	cmd.Stderr = &lockedWriter{mu: &mu, w: &output}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	found := make(chan streamServer, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			line := sc.Text()
			if rest, ok := strings.CutPrefix(line, "STREAM-SERVER "); ok {
				var s streamServer
				if json.Unmarshal([]byte(rest), &s) == nil {
					found <- s
				}
				continue
			}
			mu.Lock()
			output.WriteString(line + "\n")
			mu.Unlock()
		}
		done <- cmd.Wait()
	}()
	t.Cleanup(func() {
		stdin.Close()
		select {
		case err := <-done:
			if err != nil {
				mu.Lock()
				defer mu.Unlock()
				t.Errorf("the server process failed: %v\n%s", err, output.String())
			}
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			t.Errorf("the server process did not stop")
		}
	})
	select {
	case s := <-found:
		return s
	case err := <-done:
		mu.Lock()
		defer mu.Unlock()
		t.Fatalf("the server process ended before serving: %v\n%s", err, output.String())
	case <-time.After(60 * time.Second):
		t.Fatal("the server process did not start within 60 s")
	}
	return streamServer{}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// serveWithFewDescriptors is the child: it lowers its open-files limit,
// serves a franchise with many members, tells the test where and with which
// sessions, and serves until the test closes its stdin.
func serveWithFewDescriptors(t *testing.T, engine string) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		t.Fatal(err)
	}
	rl.Cur = streamServerFiles
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		t.Fatal(err)
	}
	a := testutil.NewApp(t, engine)
	var members []testutil.SeededUser
	for i := range streamServerFiles / httpapi.StreamsPerSession {
		members = append(members, a.SeedUser(t, fmt.Sprintf("membro%d@example.com", i), ""))
	}
	a.SeedFranchise(t, "rede", "Rede", members...)
	srv := streamServer{URL: a.URL, Slug: "rede", Email: "ana@example.com", Password: password}
	if _, err := a.Accounts.CreateUser(context.Background(), auth.NewUser{
		Email: srv.Email, Name: "Ana", Password: srv.Password, Verified: true,
	}); err != nil {
		t.Fatal(err)
	}
	for _, m := range members {
		srv.Tokens = append(srv.Tokens, m.Token)
	}
	line, _ := json.Marshal(srv)
	fmt.Printf("STREAM-SERVER %s\n", line)
	_, _ = io.Copy(io.Discard, os.Stdin)
}
