package app

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/apiclient"
	"vitrine/internal/config"
)

const (
	testAdmin    = "admin@vitrine.test"
	testPassword = "Admin#Vitrine1"
)

// served is a Serve running in the test, as `vitrine serve` runs it.
type served struct {
	url  string
	cfg  config.Config
	stop context.CancelFunc // what SIGTERM does
	done chan error         // Serve's result
}

// startServe runs Serve on a free loopback port with an empty (or the
// given) data folder and waits until it listens.
func startServe(t *testing.T, dataDir string, env map[string]string) *served {
	t.Helper()
	if dataDir == "" {
		dataDir = t.TempDir()
	}
	vars := map[string]string{
		"VITRINE_ADMIN_EMAIL": testAdmin, "VITRINE_ADMIN_PASSWORD": testPassword,
		"VITRINE_NEW_DEVICES_PER_ADDRESS": "0",
	}
	for k, v := range env {
		vars[k] = v
	}
	cfg, err := config.Parse([]string{"--addr", "127.0.0.1:0", "--data", dataDir, "--log-level", "error"},
		func(k string) string { return vars[k] }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	out := &lineWaiter{prefix: "Vitrine is running on ", found: make(chan string, 1)}
	s := &served{cfg: cfg, stop: cancel, done: make(chan error, 1)}
	go func() { s.done <- Serve(ctx, cfg, out) }()
	select {
	case s.url = <-out.found:
	case err := <-s.done:
		t.Fatalf("Serve ended at start: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("Serve did not listen within 30 s")
	}
	t.Cleanup(func() {
		cancel()
		select {
		case <-s.done:
		case <-time.After(60 * time.Second):
		}
	})
	return s
}

// wait returns Serve's result once it ends.
func (s *served) wait(t *testing.T) error {
	t.Helper()
	select {
	case err := <-s.done:
		s.done <- err
		return err
	case <-time.After(60 * time.Second):
		t.Fatal("Serve did not return within 60 s of its stop")
		return nil
	}
}

// lineWaiter hands over the rest of the first line written that starts
// with prefix.
type lineWaiter struct {
	prefix string
	found  chan string
	mu     sync.Mutex
	buf    bytes.Buffer
	sent   bool
}

func (w *lineWaiter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for _, line := range strings.Split(w.buf.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, w.prefix); ok && !w.sent {
			w.found <- strings.TrimSpace(rest)
			w.sent = true
		}
	}
	return len(p), nil
}

// call sends a JSON request to the address u; any status but want fails
// the test.
func call(t *testing.T, method, u, token string, body, out any, want int) {
	t.Helper()
	c := &apiclient.Client{Token: token}
	if err := c.Do(context.Background(), method, u, body, out, want); err != nil {
		t.Fatal(err)
	}
}

// signIn logs the administrator in and makes a franchise; it returns a
// client with the session and the franchise's slug.
func signIn(t *testing.T, base string) (c *apiclient.Client, franchise string) {
	t.Helper()
	c = &apiclient.Client{Base: base}
	if err := c.Login(context.Background(), testAdmin, testPassword); err != nil {
		t.Fatal(err)
	}
	var fr struct {
		Franchise struct {
			Slug string `json:"slug"`
		} `json:"franchise"`
	}
	call(t, "POST", base+"/api/franchise", c.Token, map[string]any{"name": "Rede Teste"}, &fr, 201)
	return c, fr.Franchise.Slug
}

// connectPlayer announces a player and opens its socket; it returns once
// the server answered the auth frame.
func connectPlayer(t *testing.T, base string) *websocket.Conn {
	t.Helper()
	var hello struct {
		Token string `json:"token"`
	}
	call(t, "POST", base+"/api/device/hello", "", map[string]string{"version": "test"}, &hello, 200)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := apiclient.ConnectPlayer(ctx, base, hello.Token, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	_, frame, err := ws.Read(ctx)
	if err == nil && strings.HasPrefix(string(frame), `{"type":"build","player":"/assets/player-`) {
		_, frame, err = ws.Read(ctx) // the player page's build (when the page is built) comes first
	}
	if err != nil || !strings.Contains(string(frame), `"unpaired"`) {
		t.Fatalf("first frame %s, %v; want unpaired", frame, err)
	}
	return ws
}

// slowUpload starts an upload to /files/upload whose file arrives in two
// halves: the first now, the second when the returned function is called.
// It waits until the server is storing the file.
func slowUpload(t *testing.T, s *served, c *apiclient.Client, franchise string) (finish func(), result chan *http.Response) {
	t.Helper()
	pol, err := c.Policy(context.Background(), franchise, "image", "image/png")
	if err != nil {
		t.Fatal(err)
	}

	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	req, _ := http.NewRequest("POST", pol.URL, pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	result = make(chan *http.Response, 1)
	go func() {
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			res = nil // the connection was closed
		}
		result <- res
	}()
	t.Cleanup(func() { pr.CloseWithError(io.ErrClosedPipe) })
	for k, v := range pol.Fields {
		mw.WriteField(k, v)
	}
	fw, _ := mw.CreateFormFile("file", "cartaz.png")
	fw.Write(bytes.Repeat([]byte{0x89}, 300<<10)) // beyond the server's 256 KB buffer

	staged := filepath.Join(s.cfg.DataDir, "objects", ".tmp")
	deadline := time.Now().Add(10 * time.Second)
	for {
		if files, _ := os.ReadDir(staged); len(files) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the server did not start storing the upload within 10 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	return func() {
		fw.Write(bytes.Repeat([]byte{0x89}, 100<<10))
		mw.Close()
		pw.Close()
	}, result
}

// refused tells whether new connections to base are refused.
func refused(base string) bool {
	c, err := net.DialTimeout("tcp", strings.TrimPrefix(base, "http://"), time.Second)
	if err != nil {
		return true
	}
	c.Close()
	return false
}

func TestSIGTERMLetsAnUploadInFlightFinishAndSendsPlayersAway(t *testing.T) {
	s := startServe(t, "", nil)
	c, franchise := signIn(t, s.url)
	ws := connectPlayer(t, s.url)
	finish, result := slowUpload(t, s, c, franchise)

	s.stop() // what SIGTERM does
	closed := make(chan websocket.StatusCode, 1)
	go func() {
		_, _, err := ws.Read(context.Background())
		closed <- websocket.CloseStatus(err)
	}()
	select {
	case code := <-closed:
		if code != websocket.StatusServiceRestart {
			t.Errorf("the player's socket closed with %d, want 1012 (reconnect at once)", code)
		}
	case <-time.After(10 * time.Second):
		t.Error("the player's socket was not closed within 10 s of the stop")
	}
	deadline := time.Now().Add(10 * time.Second)
	for !refused(s.url) {
		if time.Now().After(deadline) {
			t.Fatal("still accepting connections 10 s after the stop")
		}
		time.Sleep(10 * time.Millisecond)
	}
	select {
	case err := <-s.done:
		t.Fatalf("Serve returned (%v) with an upload in flight", err)
	default:
	}

	finish()
	res := <-result
	if res == nil {
		t.Fatal("the upload in flight lost its connection")
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNoContent {
		t.Errorf("the upload in flight got %d, want 204", res.StatusCode)
	}
	if err := s.wait(t); err != nil {
		t.Errorf("Serve returned %v, want nil (exit 0)", err)
	}
}

func TestAnUploadLongerThanTheShutdownTimeoutIsCut(t *testing.T) {
	s := startServe(t, "", map[string]string{"VITRINE_SHUTDOWN_TIMEOUT": "300ms"})
	c, franchise := signIn(t, s.url)
	slowUpload(t, s, c, franchise) // never finished

	start := time.Now()
	s.stop()
	if err := s.wait(t); err != nil {
		t.Errorf("Serve returned %v, want nil (exit 0)", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("stopping took %v with a 300 ms limit", took)
	}
}
