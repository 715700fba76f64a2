package outbox

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// WhatsAppAPI is the base address of the WhatsApp Cloud API.
const WhatsAppAPI = "https://graph.facebook.com/v20.0"

// WhatsAppConfig is how store messages reach WhatsApp.
type WhatsAppConfig struct {
	Token   string // Cloud API access token
	PhoneID string // the sending business phone number's id
	BaseURL string // WhatsAppAPI unless a test points it elsewhere
	// Template and Language name the approved message template the
	// operator's text is sent in, as its one body parameter: the Cloud API
	// refuses free text to contacts who have not written to the business in
	// the last 24 hours (error 131047), which store contacts never have.
	Template string
	Language string // pt_BR unless set
	// FreeText sends plain text instead of a template; only for numbers
	// known to be inside the customer-service window.
	FreeText bool
}

// Validate tells what is missing from a configuration that enables the
// Cloud API.
func (c WhatsAppConfig) Validate() error {
	if c.Token == "" && c.PhoneID == "" {
		return nil
	}
	if c.Token == "" || c.PhoneID == "" {
		return errors.New("WHATSAPP_TOKEN and WHATSAPP_PHONE_ID go together")
	}
	if c.Template == "" && !c.FreeText {
		return errors.New("WHATSAPP_TEMPLATE is required: WhatsApp starts conversations only with an approved " +
			"template (set WHATSAPP_FREE_TEXT=1 to send plain text instead)")
	}
	return nil
}

// WhatsAppSender delivers messages through the WhatsApp Cloud API:
// POST {BaseURL}/{PhoneID}/messages with the access token as bearer.
type WhatsAppSender struct {
	WhatsAppConfig
	Client *http.Client
}

// NewWhatsAppSender returns a sender for the Cloud API with a bounded
// request time, so a stalled provider cannot hold the worker.
func NewWhatsAppSender(c WhatsAppConfig) *WhatsAppSender {
	if c.BaseURL == "" {
		c.BaseURL = WhatsAppAPI
	}
	if c.Language == "" {
		c.Language = "pt_BR"
	}
	return &WhatsAppSender{WhatsAppConfig: c, Client: &http.Client{Timeout: 20 * time.Second}}
}

// NewWhatsApp picks the WhatsApp channel's sender: the Cloud API when a
// token and a phone id are configured, otherwise one that writes each
// message to the log (and counts it as delivered).
func NewWhatsApp(c WhatsAppConfig, log *slog.Logger) Sender {
	if c.Token != "" && c.PhoneID != "" {
		return NewWhatsAppSender(c)
	}
	return LogSender("whatsapp", log)
}

// LogSender is the sender of a channel without a provider: it writes each
// message to the log and counts it as delivered.
func LogSender(channel string, log *slog.Logger) Sender {
	return SenderFunc(func(ctx context.Context, m Message) error {
		log.Info(channel+" message (no provider configured)", "id", m.ID, "to", m.Recipient, "body", m.Body)
		return nil
	})
}

type whatsAppText struct {
	PreviewURL bool   `json:"preview_url"`
	Body       string `json:"body"`
}

type whatsAppTemplate struct {
	Name     string `json:"name"`
	Language struct {
		Code string `json:"code"`
	} `json:"language"`
	Components []whatsAppComponent `json:"components"`
}

type whatsAppComponent struct {
	Type       string              `json:"type"`
	Parameters []whatsAppParameter `json:"parameters"`
}

type whatsAppParameter struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type whatsAppMessage struct {
	MessagingProduct string            `json:"messaging_product"`
	RecipientType    string            `json:"recipient_type"`
	To               string            `json:"to"`
	Type             string            `json:"type"`
	Text             *whatsAppText     `json:"text,omitempty"`
	Template         *whatsAppTemplate `json:"template,omitempty"`
}

// templateText fits the operator's text into a template parameter, which
// may hold no line breaks or tabs, nor more than four spaces in a row.
var lineBreaks = regexp.MustCompile(`\s*[\r\n]+\s*`)
var spaceRuns = regexp.MustCompile(`[\t ]+`)

func templateText(s string) string {
	s = lineBreaks.ReplaceAllString(strings.TrimSpace(s), " · ")
	return spaceRuns.ReplaceAllString(s, " ")
}

func (s *WhatsAppSender) payload(m Message) whatsAppMessage {
	msg := whatsAppMessage{MessagingProduct: "whatsapp", RecipientType: "individual", To: m.Recipient}
	if s.Template == "" {
		msg.Type = "text"
		msg.Text = &whatsAppText{Body: m.Body}
		return msg
	}
	t := &whatsAppTemplate{Name: s.Template}
	t.Language.Code = s.Language
	t.Components = []whatsAppComponent{{Type: "body", Parameters: []whatsAppParameter{{Type: "text", Text: templateText(m.Body)}}}}
	msg.Type = "template"
	msg.Template = t
	return msg
}

// permanentCodes are Cloud API errors that no retry can fix: outside the
// customer-service window (131047), an invalid or unreachable recipient,
// a template that does not exist or does not match, parameters refused.
var permanentCodes = map[int]bool{
	100: true, 131009: true, 131026: true, 131030: true, 131047: true, 131051: true,
	132000: true, 132001: true, 132005: true, 132007: true, 132012: true, 132015: true, 132016: true, 132018: true,
}

// Send posts one message.
func (s *WhatsAppSender) Send(ctx context.Context, m Message) error {
	_, err := s.SendReceipted(ctx, m)
	return err
}

// SendReceipted posts one message and returns the provider's id for it. Any
// answer other than 2xx is an error carrying the provider's explanation;
// refusals that no retry can fix are *PermanentError.
func (s *WhatsAppSender) SendReceipted(ctx context.Context, m Message) (string, error) {
	body, err := json.Marshal(s.payload(m))
	if err != nil {
		return "", err
	}
	url := strings.TrimRight(s.BaseURL, "/") + "/" + s.PhoneID + "/messages"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+s.Token)
	req.Header.Set("Content-Type", "application/json")
	client := s.Client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("whatsapp: %w", err)
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(res.Body, 8<<10))
	if res.StatusCode/100 == 2 {
		var ok struct {
			Messages []struct {
				ID string `json:"id"`
			} `json:"messages"`
		}
		_ = json.Unmarshal(answer, &ok)
		if len(ok.Messages) > 0 {
			return ok.Messages[0].ID, nil
		}
		return "", nil
	}
	var apiErr struct {
		Error struct {
			Message   string `json:"message"`
			Code      int    `json:"code"`
			ErrorData struct {
				Details string `json:"details"`
			} `json:"error_data"`
		} `json:"error"`
	}
	if json.Unmarshal(answer, &apiErr) == nil && apiErr.Error.Message != "" {
		e := apiErr.Error
		reason := e.Message
		if e.ErrorData.Details != "" {
			reason += ": " + e.ErrorData.Details
		}
		err := fmt.Errorf("whatsapp: HTTP %d: %s (code %d)", res.StatusCode, reason, e.Code)
		if permanentCodes[e.Code] {
			return "", &PermanentError{Err: err}
		}
		return "", err
	}
	return "", fmt.Errorf("whatsapp: HTTP %d: %s", res.StatusCode, strings.TrimSpace(string(answer)))
}

// Webhook errors.
var (
	ErrWebhookOff       = errors.New("outbox: WhatsApp webhook not configured")
	ErrWebhookSignature = errors.New("outbox: WhatsApp webhook signature missing or wrong")
	ErrWebhookToken     = errors.New("outbox: WhatsApp webhook verify token wrong")
)

// WhatsAppWebhook checks and reads the Cloud API's status webhook.
type WhatsAppWebhook struct {
	VerifyToken string // answers Meta's subscription check
	AppSecret   string // signs every notification (X-Hub-Signature-256)
}

// Enabled tells whether the webhook is configured.
func (h WhatsAppWebhook) Enabled() bool { return h.VerifyToken != "" && h.AppSecret != "" }

// Verify answers the subscription check (GET with hub.mode, hub.verify_token
// and hub.challenge): the challenge when the token is ours.
func (h WhatsAppWebhook) Verify(mode, token, challenge string) (string, error) {
	if !h.Enabled() {
		return "", ErrWebhookOff
	}
	if mode != "subscribe" || !hmac.Equal([]byte(token), []byte(h.VerifyToken)) {
		return "", ErrWebhookToken
	}
	return challenge, nil
}

// StatusReport is one status the provider reports for a message.
type StatusReport struct {
	ProviderID string
	Status     string // sent | delivered | read | failed
	Reason     string
	At         time.Time
}

// Parse checks body against its signature header and returns the status
// reports it carries (other notifications, such as incoming messages, are
// ignored).
func (h WhatsAppWebhook) Parse(body []byte, signature string) ([]StatusReport, error) {
	if !h.Enabled() {
		return nil, ErrWebhookOff
	}
	sig, ok := strings.CutPrefix(signature, "sha256=")
	got, err := hex.DecodeString(sig)
	if !ok || err != nil {
		return nil, ErrWebhookSignature
	}
	mac := hmac.New(sha256.New, []byte(h.AppSecret))
	mac.Write(body)
	if !hmac.Equal(got, mac.Sum(nil)) {
		return nil, ErrWebhookSignature
	}
	var doc struct {
		Entry []struct {
			Changes []struct {
				Value struct {
					Statuses []struct {
						ID        string `json:"id"`
						Status    string `json:"status"`
						Timestamp string `json:"timestamp"`
						Errors    []struct {
							Code      int    `json:"code"`
							Title     string `json:"title"`
							Message   string `json:"message"`
							ErrorData struct {
								Details string `json:"details"`
							} `json:"error_data"`
						} `json:"errors"`
					} `json:"statuses"`
				} `json:"value"`
			} `json:"changes"`
		} `json:"entry"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, fmt.Errorf("outbox: webhook body: %w", err)
	}
	var out []StatusReport
	for _, e := range doc.Entry {
		for _, c := range e.Changes {
			for _, st := range c.Value.Statuses {
				r := StatusReport{ProviderID: st.ID, Status: st.Status, At: time.Now()}
				if sec, err := strconv.ParseInt(st.Timestamp, 10, 64); err == nil {
					r.At = time.Unix(sec, 0)
				}
				var reasons []string
				for _, e := range st.Errors {
					text := e.Title
					if e.Message != "" && e.Message != e.Title {
						text += ": " + e.Message
					}
					if e.ErrorData.Details != "" {
						text += " (" + e.ErrorData.Details + ")"
					}
					reasons = append(reasons, fmt.Sprintf("%s [%d]", text, e.Code))
				}
				r.Reason = strings.Join(reasons, "; ")
				out = append(out, r)
			}
		}
	}
	return out, nil
}
