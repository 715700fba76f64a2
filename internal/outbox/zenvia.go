package outbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// ZenviaAPI is the base address of Zenvia's API, the SMS provider.
const ZenviaAPI = "https://api.zenvia.com"

// ZenviaConfig is how SMS reach Zenvia's SMS channel.
type ZenviaConfig struct {
	Token   string // the API token, sent as X-API-TOKEN
	From    string // the sender id of the account's SMS channel
	BaseURL string // ZenviaAPI unless a test points it elsewhere
}

// Validate tells what is missing from a configuration that enables Zenvia.
func (c ZenviaConfig) Validate() error {
	if (c.Token == "") != (c.From == "") {
		return errors.New("ZENVIA_TOKEN and ZENVIA_FROM go together")
	}
	return nil
}

// ZenviaSender delivers SMS through Zenvia:
// POST {BaseURL}/v2/channels/sms/messages with the token in X-API-TOKEN and
// {"from", "to", "contents": [{"type": "text", "text"}]}; Zenvia answers 200
// with the message's id.
type ZenviaSender struct {
	ZenviaConfig
	Client *http.Client
}

// NewZenviaSender returns a sender for Zenvia with a bounded request time.
func NewZenviaSender(c ZenviaConfig) *ZenviaSender {
	if c.BaseURL == "" {
		c.BaseURL = ZenviaAPI
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	return &ZenviaSender{ZenviaConfig: c, Client: &http.Client{Timeout: 20 * time.Second}}
}

// NewSMS picks the SMS channel's sender: Zenvia when a token and a sender
// id are configured, otherwise one that writes each message to the log.
func NewSMS(c ZenviaConfig, log *slog.Logger) Sender {
	if c.Token != "" && c.From != "" {
		return NewZenviaSender(c)
	}
	return LogSender("sms", log)
}

type zenviaContent struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type zenviaMessage struct {
	From     string          `json:"from"`
	To       string          `json:"to"`
	Contents []zenviaContent `json:"contents"`
}

// Send delivers m; see SendReceipted.
func (z *ZenviaSender) Send(ctx context.Context, m Message) error {
	_, err := z.SendReceipted(ctx, m)
	return err
}

// SendReceipted posts m to Zenvia and returns the id it gives the message.
// A number that is not digits with the country code, and a 4xx answer
// other than 408 and 429, are refused for good; 5xx, 408, 429 and network
// failures are tried again by the worker.
func (z *ZenviaSender) SendReceipted(ctx context.Context, m Message) (string, error) {
	if !smsNumber(m.Recipient) {
		return "", &PermanentError{Err: fmt.Errorf("zenvia: %q is not a phone number with country and area codes", m.Recipient)}
	}
	body, err := json.Marshal(zenviaMessage{
		From: z.From, To: m.Recipient, Contents: []zenviaContent{{Type: "text", Text: m.Body}},
	})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, z.BaseURL+"/v2/channels/sms/messages", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("X-API-TOKEN", z.Token)
	resp, err := z.Client.Do(req)
	if err != nil {
		return "", fmt.Errorf("zenvia: %w", err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		err := fmt.Errorf("zenvia: %s: %s", resp.Status, zenviaReason(data))
		if resp.StatusCode/100 == 4 && resp.StatusCode != http.StatusRequestTimeout && resp.StatusCode != http.StatusTooManyRequests {
			return "", &PermanentError{Err: err}
		}
		return "", err
	}
	var ok struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(data, &ok); err != nil || ok.ID == "" {
		// Accepted (2xx) without an id we can read: sent, not retried,
		// since trying again would send a second SMS.
		return "", nil
	}
	return ok.ID, nil
}

// zenviaReason is the message of Zenvia's error body ({"code", "message",
// "details"}), or the body itself.
func zenviaReason(data []byte) string {
	var e struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	if json.Unmarshal(data, &e) == nil && e.Message != "" {
		if e.Code != "" {
			return e.Code + ": " + e.Message
		}
		return e.Message
	}
	return truncate(strings.TrimSpace(string(data)), 300)
}

// smsNumber tells whether s is a Brazilian phone with country and area
// codes, digits only: 55, two area digits, eight or nine digits.
func smsNumber(s string) bool {
	if len(s) != 12 && len(s) != 13 || !strings.HasPrefix(s, "55") {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
