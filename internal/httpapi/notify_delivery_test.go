package httpapi_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrine/internal/app"
	"vitrine/internal/config"
	"vitrine/internal/testutil"
)

// fakeWhatsApp is a WhatsApp Cloud API that fails the first failures calls
// with a 503, then accepts.
type fakeWhatsApp struct {
	mu       sync.Mutex
	failures int
	refuse   string // when set, every call is answered with this 400 error body
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
	if f.refuse != "" {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(f.refuse))
		return
	}
	if len(f.calls) <= f.failures {
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(`{"error":{"message":"Temporarily unavailable","code":2}}`))
		return
	}
	_, _ = w.Write([]byte(`{"messaging_product":"whatsapp","contacts":[{"input":"5511987654321","wa_id":"5511987654321"}],"messages":[{"id":"wamid.x"}]}`))
}

func (f *fakeWhatsApp) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.calls)
}

func TestStoreMessagesAreDeliveredThroughWhatsAppWithRetries(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		fake := &fakeWhatsApp{failures: 1}
		srv := httptest.NewServer(fake)
		defer srv.Close()
		clock := testutil.NewClock(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now), testutil.WithConfig(func(c *config.Config) {
			c.WhatsAppToken, c.WhatsAppPhoneID, c.WhatsAppAPIURL = "token-da-loja", "10987654321", srv.URL
			c.WhatsAppTemplate, c.WhatsAppLanguage = "aviso_loja", "pt_BR"
		}))
		ana := a.SeedUser(t, "ana@example.com", "")
		a.SeedFranchise(t, "rede", "Rede", ana)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro", contact("Rita", "(11) 98765-4321"))), 201)

		r := a.Do(t, "POST", "/api/store/rede/notify", ana.Token,
			map[string]any{"message": "Troca de vitrine às 18h.\nTragam os cartazes.", "storeSlugList": []string{"centro"}})
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
		clock.Advance(31 * time.Second)
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
		template, _ := body["template"].(map[string]any)
		language, _ := template["language"].(map[string]any)
		components, _ := template["components"].([]any)
		if fake.paths[1] != "/10987654321/messages" || fake.auth[1] != "Bearer token-da-loja" ||
			body["messaging_product"] != "whatsapp" || body["to"] != "5511987654321" || body["type"] != "template" ||
			template["name"] != "aviso_loja" || language["code"] != "pt_BR" || len(components) != 1 {
			t.Fatalf("request to the Cloud API: %s %s %v", fake.paths[1], fake.auth[1], body)
		}
		comp, _ := components[0].(map[string]any)
		params, _ := comp["parameters"].([]any)
		param, _ := params[0].(map[string]any)
		if comp["type"] != "body" || param["type"] != "text" || param["text"] != "Troca de vitrine às 18h. · Tragam os cartazes." {
			t.Errorf("template body parameter: %v", comp)
		}
	})
}

// messages reads the message dialog's list.
func messages(t *testing.T, a *testutil.TestApp, token, slug string) []map[string]any {
	t.Helper()
	r := a.Do(t, "GET", "/api/store/"+slug+"/notify", token, nil)
	mustStatus(t, r, 200)
	var body struct {
		Messages []map[string]any `json:"messages"`
	}
	r.Decode(t, &body)
	return body.Messages
}

// signed posts a webhook notification signed with secret.
func signed(t *testing.T, a *testutil.TestApp, secret, body string) *testutil.Response {
	t.Helper()
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(body))
	req, _ := http.NewRequest("POST", a.URL+"/api/whatsapp/webhook", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Hub-Signature-256", "sha256="+hex.EncodeToString(mac.Sum(nil)))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return &testutil.Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

func statusBody(id, status, errors string) string {
	return `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{` +
		`"messaging_product":"whatsapp","statuses":[{"id":"` + id + `","status":"` + status +
		`","timestamp":"1795400000","recipient_id":"5511987654321"` + errors + `}]}}]}]}`
}

// Operators see each contact's message move from pending to sent, then to
// delivered and read as the Cloud API's webhook reports; unsigned or
// mis-signed reports are refused and change nothing.
func TestStoreMessagesShowTheirDeliveryStatus(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		fake := &fakeWhatsApp{}
		srv := httptest.NewServer(fake)
		defer srv.Close()
		a := testutil.NewApp(t, engine, testutil.WithConfig(func(c *config.Config) {
			c.WhatsAppToken, c.WhatsAppPhoneID, c.WhatsAppAPIURL = "tok", "10987654321", srv.URL
			c.WhatsAppTemplate = "aviso_loja"
			c.WhatsAppVerifyToken, c.WhatsAppAppSecret = "verifica-123", "segredo-do-app"
		}))
		ana := a.SeedUser(t, "ana@example.com", "")
		a.SeedFranchise(t, "rede", "Rede", ana)
		bia := a.SeedUser(t, "bia@example.com", "")
		a.SeedFranchise(t, "outra", "Outra", bia)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro", contact("Rita", "11987654321"))), 201)

		if got := messages(t, a, ana.Token, "rede"); len(got) != 0 {
			t.Fatalf("messages before any: %v", got)
		}
		mustStatus(t, a.Do(t, "POST", "/api/store/rede/notify", ana.Token,
			map[string]any{"message": "Olá, Centro", "storeSlugList": []string{"centro"}}), 202)
		a.Outbox.Wake()
		testutil.Eventually(t, 10*time.Second, func() bool {
			got := messages(t, a, ana.Token, "rede")
			return len(got) == 1 && got[0]["status"] == "sent"
		}, "the message to be sent")
		m := messages(t, a, ana.Token, "rede")[0]
		if m["phone"] != "11987654321" || m["body"] != "Olá, Centro" || m["error"] != "" {
			t.Fatalf("listed %v", m)
		}
		if contacts, _ := m["contacts"].([]any); len(contacts) != 1 || contacts[0] != "Rita (Centro)" {
			t.Fatalf("contacts %v", m["contacts"])
		}
		if got := messages(t, a, bia.Token, "outra"); len(got) != 0 {
			t.Fatalf("another franchise sees %v", got)
		}
		mustStatus(t, a.Do(t, "GET", "/api/store/rede/notify", bia.Token, nil), 403)

		t.Run("the subscription check answers the challenge only with the verify token", func(t *testing.T) {
			r := a.Do(t, "GET", "/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verifica-123&hub.challenge=4242", "", nil)
			if r.Status != 200 || string(r.Body) != "4242" {
				t.Fatalf("%d %q", r.Status, r.Body)
			}
			r = a.Do(t, "GET", "/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=4242", "", nil)
			if r.Status != 403 || strings.Contains(string(r.Body), "4242") {
				t.Fatalf("wrong token: %d %q", r.Status, r.Body)
			}
		})
		t.Run("forged reports are refused and change nothing", func(t *testing.T) {
			forged := statusBody("wamid.x", "read", "")
			if r := signed(t, a, "outro-segredo", forged); r.Status != 403 {
				t.Fatalf("mis-signed: %d %s", r.Status, r.Body)
			}
			r := a.Do(t, "POST", "/api/whatsapp/webhook", "", forged)
			if r.Status != 403 {
				t.Fatalf("unsigned: %d %s", r.Status, r.Body)
			}
			if got := messages(t, a, ana.Token, "rede")[0]["status"]; got != "sent" {
				t.Fatalf("status after forged reports: %v", got)
			}
		})
		t.Run("delivered, then read; a late delivered does not undo read", func(t *testing.T) {
			for _, status := range []string{"delivered", "read", "delivered"} {
				if r := signed(t, a, "segredo-do-app", statusBody("wamid.x", status, "")); r.Status != 200 {
					t.Fatalf("%s report: %d %s", status, r.Status, r.Body)
				}
			}
			if got := messages(t, a, ana.Token, "rede")[0]["status"]; got != "read" {
				t.Fatalf("status %v, want read", got)
			}
			if r := signed(t, a, "segredo-do-app", statusBody("wamid.desconhecido", "read", "")); r.Status != 200 {
				t.Fatalf("a report about an unknown message: %d", r.Status)
			}
		})
	})
}

// A contact outside WhatsApp's 24-hour window cannot get free text (error
// 131047): the message fails at once, with the provider's reason, instead
// of being retried for days.
func TestAMessageTheCloudAPIRefusesForGoodFailsAtOnceWithItsReason(t *testing.T) {
	fake := &fakeWhatsApp{refuse: `{"error":{"message":"Re-engagement message","type":"OAuthException","code":131047,` +
		`"error_data":{"messaging_product":"whatsapp","details":"Message failed to send because more than 24 hours have passed since the customer last replied to this number."}}}`}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	a := testutil.NewApp(t, "sqlite", testutil.WithConfig(func(c *config.Config) {
		c.WhatsAppToken, c.WhatsAppPhoneID, c.WhatsAppAPIURL = "tok", "10987654321", srv.URL
		c.WhatsAppFreeText = true
	}))
	ana := a.SeedUser(t, "ana@example.com", "")
	a.SeedFranchise(t, "rede", "Rede", ana)
	mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro", contact("Rita", "11987654321"))), 201)
	mustStatus(t, a.Do(t, "POST", "/api/store/rede/notify", ana.Token,
		map[string]any{"message": "Oi", "storeSlugList": []string{"centro"}}), 202)
	a.Outbox.Wake()
	testutil.Eventually(t, 10*time.Second, func() bool {
		got := messages(t, a, ana.Token, "rede")
		return len(got) == 1 && got[0]["status"] == "failed"
	}, "the refused message to fail")
	m := messages(t, a, ana.Token, "rede")[0]
	if reason, _ := m["error"].(string); !strings.Contains(reason, "131047") || !strings.Contains(reason, "24 hours") {
		t.Fatalf("reason %q", reason)
	}
	if fake.count() != 1 {
		t.Fatalf("%d calls: a permanent refusal must not be retried", fake.count())
	}
	fake.mu.Lock()
	defer fake.mu.Unlock()
	if fake.calls[0]["type"] != "text" {
		t.Fatalf("free text was configured: %v", fake.calls[0])
	}
}

func TestTheCloudAPINeedsATemplateOrAnExplicitFreeText(t *testing.T) {
	_, err := app.New(context.Background(), config.Config{
		DataDir: t.TempDir(), Addr: "127.0.0.1:0", PublicURL: "http://x", LogLevel: "error",
		WhatsAppToken: "tok", WhatsAppPhoneID: "123",
	}, app.Options{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err == nil || !strings.Contains(err.Error(), "WHATSAPP_TEMPLATE") {
		t.Fatalf("err = %v", err)
	}
}
