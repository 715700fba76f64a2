package outbox

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

func TestWhatsAppSenderPostsACloudAPITextMessage(t *testing.T) {
	type seen struct {
		path, auth, contentType string
		body                    map[string]any
	}
	var got []seen
	fail := true
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &body)
		got = append(got, seen{r.URL.Path, r.Header.Get("Authorization"), r.Header.Get("Content-Type"), body})
		if fail {
			fail = false
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write([]byte(`{"error":{"message":"Service temporarily unavailable","code":2}}`))
			return
		}
		_, _ = w.Write([]byte(`{"messaging_product":"whatsapp","messages":[{"id":"wamid.1"}]}`))
	}))
	defer srv.Close()

	s := NewWhatsAppSender(WhatsAppConfig{Token: "segredo", PhoneID: "12345", BaseURL: srv.URL, FreeText: true})
	m := Message{ID: "m1", Channel: WhatsApp, Recipient: "5511987654321", Body: "Promoção hoje!"}

	err := s.Send(context.Background(), m)
	if err == nil || !strings.Contains(err.Error(), "500") || !strings.Contains(err.Error(), "Service temporarily unavailable") {
		t.Fatalf("a 500 must be an error naming the provider's reason, got %v", err)
	}
	if strings.Contains(err.Error(), "segredo") {
		t.Fatal("the error must not carry the token")
	}
	id, err := s.SendReceipted(context.Background(), m)
	if err != nil {
		t.Fatalf("second attempt: %v", err)
	}
	if id != "wamid.1" {
		t.Errorf("provider id %q, want wamid.1", id)
	}
	if len(got) != 2 {
		t.Fatalf("%d requests", len(got))
	}
	r := got[1]
	if r.path != "/12345/messages" || r.auth != "Bearer segredo" || r.contentType != "application/json" {
		t.Errorf("request: %+v", r)
	}
	if r.body["messaging_product"] != "whatsapp" || r.body["to"] != "5511987654321" || r.body["type"] != "text" {
		t.Errorf("body: %v", r.body)
	}
	if text, _ := r.body["text"].(map[string]any); text["body"] != "Promoção hoje!" {
		t.Errorf("text: %v", r.body["text"])
	}
}

func TestWhatsAppSenderFailsOnAnyNon2xx(t *testing.T) {
	for _, status := range []int{http.StatusBadRequest, http.StatusUnauthorized, http.StatusTooManyRequests, http.StatusBadGateway} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(status)
			_, _ = w.Write([]byte("nope"))
		}))
		s := NewWhatsAppSender(WhatsAppConfig{Token: "t", PhoneID: "p", BaseURL: srv.URL, Template: "aviso"})
		if err := s.Send(context.Background(), Message{Recipient: "5511987654321", Body: "x"}); err == nil {
			t.Errorf("HTTP %d must be an error", status)
		}
		srv.Close()
	}
}

func TestWhatsAppIsLoggedWithoutAProvider(t *testing.T) {
	var log strings.Builder
	s := NewWhatsApp(WhatsAppConfig{}, slog.New(slog.NewTextHandler(&log, nil)))
	if _, ok := s.(*WhatsAppSender); ok {
		t.Fatal("without a token the Cloud API must not be used")
	}
	if err := s.Send(context.Background(), Message{ID: "m1", Recipient: "5511987654321", Body: "Olá"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "5511987654321") || !strings.Contains(log.String(), "Olá") {
		t.Errorf("log: %s", log.String())
	}
	if _, ok := NewWhatsApp(WhatsAppConfig{Token: "tok", PhoneID: "123", Template: "aviso"}, slog.Default()).(*WhatsAppSender); !ok {
		t.Error("with a token and a phone id the Cloud API is used")
	}
}

func TestTemplateParametersHoldNoLineBreaksNorLongSpaces(t *testing.T) {
	for in, want := range map[string]string{
		"Troca de vitrine às 18h.\nTragam os cartazes.": "Troca de vitrine às 18h. · Tragam os cartazes.",
		"  linha 1\r\n\r\n   linha 2  ":                 "linha 1 · linha 2",
		"tab\taqui     e espaços":                       "tab aqui e espaços",
	} {
		if got := templateText(in); got != want {
			t.Errorf("templateText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRefusalsNoRetryCanFixArePermanent(t *testing.T) {
	for code, permanent := range map[int]bool{131047: true, 131026: true, 132001: true, 2: false, 130429: false, 131000: false} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"error":{"message":"x","code":` + strconv.Itoa(code) + `}}`))
		}))
		s := NewWhatsAppSender(WhatsAppConfig{Token: "t", PhoneID: "p", BaseURL: srv.URL, Template: "aviso"})
		_, err := s.SendReceipted(context.Background(), Message{Recipient: "5511987654321", Body: "x"})
		var p *PermanentError
		if errors.As(err, &p) != permanent {
			t.Errorf("code %d: permanent = %v, want %v (%v)", code, !permanent, permanent, err)
		}
		srv.Close()
	}
}

func TestWebhookBodiesMustCarryTheAppSecretsSignature(t *testing.T) {
	h := WhatsAppWebhook{VerifyToken: "v", AppSecret: "s"}
	body := []byte(`{"entry":[{"changes":[{"value":{"statuses":[{"id":"wamid.1","status":"failed","timestamp":"1795400000",` +
		`"errors":[{"code":131047,"title":"Re-engagement message","error_data":{"details":"24 hours"}}]}]}}]}]}`)
	mac := hmac.New(sha256.New, []byte("s"))
	mac.Write(body)
	good := "sha256=" + hex.EncodeToString(mac.Sum(nil))
	reports, err := h.Parse(body, good)
	if err != nil || len(reports) != 1 {
		t.Fatalf("Parse = %v, %v", reports, err)
	}
	r := reports[0]
	if r.ProviderID != "wamid.1" || r.Status != "failed" || !strings.Contains(r.Reason, "131047") || r.At.Unix() != 1795400000 {
		t.Errorf("report %+v", r)
	}
	for _, sig := range []string{"", "sha256=", "sha256=zz", good[:len(good)-2] + "00", "sha1=" + good[7:]} {
		if _, err := h.Parse(body, sig); !errors.Is(err, ErrWebhookSignature) {
			t.Errorf("signature %q: %v", sig, err)
		}
	}
	if _, err := h.Parse(append(body, ' '), good); !errors.Is(err, ErrWebhookSignature) {
		t.Error("a changed body passed with the old signature")
	}
	if _, err := (WhatsAppWebhook{}).Parse(body, good); !errors.Is(err, ErrWebhookOff) {
		t.Error("an unconfigured webhook read a body")
	}
}
