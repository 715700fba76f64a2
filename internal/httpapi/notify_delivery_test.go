package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrine/internal/config"
	"vitrine/internal/testutil"
)

// fakeWhatsApp is a WhatsApp Cloud API that fails the first failures calls
// with a 503, then accepts.
type fakeWhatsApp struct {
	mu       sync.Mutex
	failures int
	calls    []map[string]any
	auth     []string
	paths    []string
}

func (f *fakeWhatsApp) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(b, &body)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, body)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	f.paths = append(f.paths, r.URL.Path)
	if len(f.calls) <= f.failures {
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(`{"error":{"message":"Temporarily unavailable","code":2}}`))
		return
	}
	_, _ = w.Write([]byte(`{"messaging_product":"whatsapp","messages":[{"id":"wamid.x"}]}`))
}

func (f *fakeWhatsApp) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.calls)
}

// testClock stands still until moved.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestStoreMessagesAreDeliveredThroughWhatsAppWithRetries(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		fake := &fakeWhatsApp{failures: 1}
		srv := httptest.NewServer(fake)
		defer srv.Close()
		clock := &testClock{t: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.now), testutil.WithConfig(func(c *config.Config) {
			c.WhatsAppToken, c.WhatsAppPhoneID, c.WhatsAppAPIURL = "token-da-loja", "10987654321", srv.URL
		}))
		ana := a.SeedUser(t, "ana@example.com", "")
		a.SeedFranchise(t, "rede", "Rede", ana)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro", contact("Rita", "(11) 98765-4321"))), 201)

		r := a.Do(t, "POST", "/api/store/rede/notify", ana.Token,
			map[string]any{"message": "Troca de vitrine às 18h", "storeSlugList": []string{"centro"}})
		mustStatus(t, r, 202)
		if !strings.Contains(string(r.Body), `"queued":1`) {
			t.Fatalf("answer: %s", r.Body)
		}

		type state struct {
			status, lastError string
			attempts          int
			sent              bool
		}
		read := func() state {
			var s state
			var sentAt *int64
			err := a.DB.QueryRowContext(context.Background(), `
				SELECT status, attempts, last_error, sent_at FROM outbox WHERE channel = 'whatsapp'`).
				Scan(&s.status, &s.attempts, &s.lastError, &sentAt)
			if err != nil {
				t.Fatal(err)
			}
			s.sent = sentAt != nil
			return s
		}

		// The first attempt fails: the message stays pending with the reason.
		testutil.Eventually(t, 10*time.Second, func() bool {
			s := read()
			return s.attempts == 1 && s.lastError != ""
		}, "first delivery attempt")
		if s := read(); s.status != "pending" || !strings.Contains(s.lastError, "Temporarily unavailable") {
			t.Fatalf("after a failure: %+v", s)
		}
		if fake.count() != 1 {
			t.Fatalf("%d calls before the backoff ended", fake.count())
		}

		// After the backoff it is sent, and the final state is kept.
		clock.advance(31 * time.Second)
		a.Outbox.Wake()
		testutil.Eventually(t, 10*time.Second, func() bool { return read().status == "sent" }, "retried delivery")
		if s := read(); s.attempts != 2 || !s.sent || s.lastError != "" {
			t.Fatalf("after the retry: %+v", s)
		}
		fake.mu.Lock()
		defer fake.mu.Unlock()
		if len(fake.calls) != 2 {
			t.Fatalf("%d calls to the Cloud API, want 2", len(fake.calls))
		}
		body := fake.calls[1]
		text, _ := body["text"].(map[string]any)
		if fake.paths[1] != "/10987654321/messages" || fake.auth[1] != "Bearer token-da-loja" ||
			body["messaging_product"] != "whatsapp" || body["to"] != "5511987654321" || body["type"] != "text" ||
			text["body"] != "Troca de vitrine às 18h" {
			t.Errorf("request to the Cloud API: %s %s %v", fake.paths[1], fake.auth[1], body)
		}
	})
}
