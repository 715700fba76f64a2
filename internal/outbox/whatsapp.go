package outbox

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// WhatsAppAPI is the base address of the WhatsApp Cloud API.
const WhatsAppAPI = "https://graph.facebook.com/v20.0"

// WhatsAppSender delivers text messages through the WhatsApp Cloud API:
// POST {BaseURL}/{PhoneID}/messages with the access token as bearer.
type WhatsAppSender struct {
	BaseURL string // WhatsAppAPI unless a test points it elsewhere
	PhoneID string // the sending business phone number's id
	Token   string
	Client  *http.Client
}

// NewWhatsAppSender returns a sender for the Cloud API with a bounded
// request time, so a stalled provider cannot hold the worker.
func NewWhatsAppSender(token, phoneID string) *WhatsAppSender {
	return &WhatsAppSender{
		BaseURL: WhatsAppAPI,
		PhoneID: phoneID,
		Token:   token,
		Client:  &http.Client{Timeout: 20 * time.Second},
	}
}

// NewWhatsApp picks the WhatsApp channel's sender: the Cloud API (at
// baseURL, WhatsAppAPI when empty) when both a token and a phone id are
// configured, otherwise one that writes each message to the log (and counts
// it as delivered).
func NewWhatsApp(token, phoneID, baseURL string, log *slog.Logger) Sender {
	if token != "" && phoneID != "" {
		s := NewWhatsAppSender(token, phoneID)
		if baseURL != "" {
			s.BaseURL = baseURL
		}
		return s
	}
	return SenderFunc(func(ctx context.Context, m Message) error {
		log.Info("whatsapp message (no provider configured)", "id", m.ID, "to", m.Recipient, "body", m.Body)
		return nil
	})
}

type whatsAppText struct {
	MessagingProduct string `json:"messaging_product"`
	RecipientType    string `json:"recipient_type"`
	To               string `json:"to"`
	Type             string `json:"type"`
	Text             struct {
		PreviewURL bool   `json:"preview_url"`
		Body       string `json:"body"`
	} `json:"text"`
}

// Send posts one text message. Any answer other than 2xx is an error, so the
// worker tries again later; the error carries the provider's explanation.
func (s *WhatsAppSender) Send(ctx context.Context, m Message) error {
	msg := whatsAppText{MessagingProduct: "whatsapp", RecipientType: "individual", To: m.Recipient, Type: "text"}
	msg.Text.Body = m.Body
	body, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	url := strings.TrimRight(s.BaseURL, "/") + "/" + s.PhoneID + "/messages"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+s.Token)
	req.Header.Set("Content-Type", "application/json")
	client := s.Client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("whatsapp: %w", err)
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(res.Body, 8<<10))
	if res.StatusCode/100 == 2 {
		return nil
	}
	var apiErr struct {
		Error struct {
			Message string `json:"message"`
			Code    int    `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(answer, &apiErr) == nil && apiErr.Error.Message != "" {
		return fmt.Errorf("whatsapp: HTTP %d: %s (code %d)", res.StatusCode, apiErr.Error.Message, apiErr.Error.Code)
	}
	return fmt.Errorf("whatsapp: HTTP %d: %s", res.StatusCode, strings.TrimSpace(string(answer)))
}
