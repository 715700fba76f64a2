package httpapi

import (
	"errors"
	"io"
	"net/http"

	"vitrine/internal/fault"
	"vitrine/internal/outbox"
)

var (
	errWebhookOff       = fault.WithMsg(fault.NotFound, 1003, "Webhook do WhatsApp não configurado.")
	errWebhookSignature = fault.WithMsg(fault.Forbidden, 1403, "Assinatura do webhook inválida.")
)

// GET /api/whatsapp/webhook — Meta's subscription check: the challenge back
// when the verify token is ours.
func (s *Server) verifyWhatsAppWebhook(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	challenge, err := s.WhatsAppHook.Verify(q.Get("hub.mode"), q.Get("hub.verify_token"), q.Get("hub.challenge"))
	switch {
	case errors.Is(err, outbox.ErrWebhookOff):
		return errWebhookOff
	case err != nil:
		return fault.ErrForbidden
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = io.WriteString(w, challenge)
	return nil
}

// POST /api/whatsapp/webhook — status reports (sent, delivered, read,
// failed) for the messages the Cloud API accepted. Only bodies signed with
// the app secret (X-Hub-Signature-256) are read.
func (s *Server) receiveWhatsAppWebhook(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return err
	}
	reports, err := s.WhatsAppHook.Parse(body, r.Header.Get("X-Hub-Signature-256"))
	switch {
	case errors.Is(err, outbox.ErrWebhookOff):
		return errWebhookOff
	case errors.Is(err, outbox.ErrWebhookSignature):
		return errWebhookSignature
	case err != nil:
		return fault.ErrBadRequest
	}
	if err := s.Outbox.RecordStatuses(r.Context(), reports); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, okResponse{OK: true})
	return nil
}
