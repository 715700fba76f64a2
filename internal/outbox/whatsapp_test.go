package outbox

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
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

	s := NewWhatsAppSender("segredo", "12345")
	s.BaseURL = srv.URL
	m := Message{ID: "m1", Channel: WhatsApp, Recipient: "5511987654321", Body: "Promoção hoje!"}

	err := s.Send(context.Background(), m)
	if err == nil || !strings.Contains(err.Error(), "500") || !strings.Contains(err.Error(), "Service temporarily unavailable") {
		t.Fatalf("a 500 must be an error naming the provider's reason, got %v", err)
	}
	if strings.Contains(err.Error(), "segredo") {
		t.Fatal("the error must not carry the token")
	}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatalf("second attempt: %v", err)
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
		s := NewWhatsAppSender("t", "p")
		s.BaseURL = srv.URL
		if err := s.Send(context.Background(), Message{Recipient: "5511987654321", Body: "x"}); err == nil {
			t.Errorf("HTTP %d must be an error", status)
		}
		srv.Close()
	}
}

func TestWhatsAppIsLoggedWithoutAProvider(t *testing.T) {
	var log strings.Builder
	s := NewWhatsApp("", "", "", slog.New(slog.NewTextHandler(&log, nil)))
	if _, ok := s.(*WhatsAppSender); ok {
		t.Fatal("without a token the Cloud API must not be used")
	}
	if err := s.Send(context.Background(), Message{ID: "m1", Recipient: "5511987654321", Body: "Olá"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "5511987654321") || !strings.Contains(log.String(), "Olá") {
		t.Errorf("log: %s", log.String())
	}
	if _, ok := NewWhatsApp("tok", "123", "", slog.Default()).(*WhatsAppSender); !ok {
		t.Error("with a token and a phone id the Cloud API is used")
	}
}
