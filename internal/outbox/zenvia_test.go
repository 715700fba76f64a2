package outbox_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"vitrine/internal/outbox"
	"vitrine/internal/outbox/zenviatest"
)

func TestZenviaSenderPostsTheDocumentedRequest(t *testing.T) {
	fake := zenviatest.New(t, "tok-123", "vitrine")
	s := outbox.NewZenviaSender(outbox.ZenviaConfig{Token: "tok-123", From: "vitrine", BaseURL: fake.URL()})
	m := outbox.Message{ID: "m1", Channel: outbox.SMS, Recipient: "5581987654321",
		Body: `Vitrine: a TV "Caixa 1" da loja Centro está offline desde 25/11 14:32.`}
	id, err := s.SendReceipted(context.Background(), m)
	if err != nil || id != "zv-1" {
		t.Fatalf("id %q, err %v; refusals %q", id, err, fake.Refusals())
	}
	got := fake.Accepted()
	if len(got) != 1 || got[0].To != "5581987654321" || got[0].From != "vitrine" || got[0].Text != m.Body {
		t.Fatalf("accepted %+v", got)
	}
}

func TestZenviaRefusalsAndFailures(t *testing.T) {
	fake := zenviatest.New(t, "tok-123", "vitrine")
	m := outbox.Message{Channel: outbox.SMS, Recipient: "5581987654321", Body: "x"}
	send := func(token string, msg outbox.Message) error {
		s := outbox.NewZenviaSender(outbox.ZenviaConfig{Token: token, From: "vitrine", BaseURL: fake.URL()})
		_, err := s.SendReceipted(context.Background(), msg)
		return err
	}
	permanent := func(err error) bool {
		var p *outbox.PermanentError
		return errors.As(err, &p)
	}
	// A wrong token is a 401: refused for good, with Zenvia's reason, and
	// the token never in the error.
	if err := send("errado", m); err == nil || !permanent(err) || !strings.Contains(err.Error(), "X-API-TOKEN") ||
		strings.Contains(err.Error(), "errado") {
		t.Fatalf("401: %v", err)
	}
	// A number without the country code never leaves.
	if err := send("tok-123", outbox.Message{Recipient: "81987654321", Body: "x"}); err == nil || !permanent(err) {
		t.Fatalf("bad number: %v", err)
	}
	for _, status := range []int{http.StatusInternalServerError, http.StatusBadGateway, http.StatusTooManyRequests} {
		fake.FailNext(status)
		if err := send("tok-123", m); err == nil || permanent(err) || !strings.Contains(err.Error(), http.StatusText(status)) {
			t.Fatalf("%d must be tried again: %v", status, err)
		}
	}
	fake.FailNext(http.StatusBadRequest)
	if err := send("tok-123", m); err == nil || !permanent(err) {
		t.Fatalf("400 must fail for good: %v", err)
	}
	if len(fake.Accepted()) != 0 {
		t.Fatalf("accepted %+v", fake.Accepted())
	}
	if err := (outbox.ZenviaConfig{Token: "t"}).Validate(); err == nil {
		t.Fatal("a token without a sender id must be refused")
	}
}
