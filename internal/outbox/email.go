package outbox

import (
	"context"
	"fmt"
	"log/slog"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// EmailSender delivers e-mails over SMTP.
type EmailSender struct {
	opts []gomail.Option
	host string
	from *mail.Address
}

// NewEmail picks the e-mail channel's sender: SMTP when smtpURL is set,
// otherwise one that writes each mail to the log (the mail stays in the
// outbox, marked sent). Mails come from fromAddr ("Vitrine <nao-responda@…>").
//
// smtpURL is smtp://[user:pass@]host[:port] (STARTTLS when the server offers
// it, port 587 by default) or smtps://… (TLS from the first byte, port 465).
func NewEmail(smtpURL, fromAddr string, log *slog.Logger) (Sender, error) {
	if smtpURL == "" {
		return logSender(log), nil
	}
	return NewEmailSender(smtpURL, fromAddr)
}

// NewEmailSender parses smtpURL (see NewEmail) into an SMTP sender.
func NewEmailSender(smtpURL, fromAddr string) (*EmailSender, error) {
	u, err := url.Parse(smtpURL)
	if err != nil {
		// url's error repeats the address, password included.
		return nil, fmt.Errorf("SMTP_URL is not a valid smtp:// or smtps:// address")
	}
	host := u.Hostname()
	if host == "" {
		return nil, fmt.Errorf("SMTP_URL: no host in %q", redact(u))
	}
	opts := []gomail.Option{gomail.WithTimeout(30 * time.Second)}
	port := 0
	if p := u.Port(); p != "" {
		port, err = strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("SMTP_URL: bad port %q", p)
		}
	}
	switch u.Scheme {
	case "smtp":
		if port == 0 {
			port = 587
		}
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	case "smtps":
		if port == 0 {
			port = 465
		}
		opts = append(opts, gomail.WithSSL())
	default:
		return nil, fmt.Errorf("SMTP_URL must start with smtp:// or smtps://, not %q", u.Scheme+"://")
	}
	opts = append(opts, gomail.WithPort(port))
	if u.User != nil && u.User.Username() != "" {
		pass, _ := u.User.Password()
		opts = append(opts,
			gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()),
			gomail.WithPassword(pass))
	}
	from, err := mail.ParseAddress(fromAddr)
	if err != nil {
		return nil, fmt.Errorf("sender address %q: %w", fromAddr, err)
	}
	return &EmailSender{opts: opts, host: host, from: from}, nil
}

// Send delivers one mail; its plain text with the HTML as an alternative.
func (s *EmailSender) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	msg.FromMailAddress(s.from)
	if err := msg.To(m.Recipient); err != nil {
		return fmt.Errorf("recipient %q: %w", m.Recipient, err)
	}
	msg.Subject(m.Subject)
	msg.SetMessageID()
	msg.SetDate()
	msg.SetBodyString(gomail.TypeTextPlain, m.Body)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}

// logSender stands in for a provider: the message counts as sent and is
// logged. Its body carries verification codes and password reset links, so
// it is logged at Debug only (VITRINE_LOG_LEVEL=debug, for a developer to
// follow the links); the default level shows who it went to and why.
func logSender(log *slog.Logger) Sender {
	return SenderFunc(func(ctx context.Context, m Message) error {
		log.Info("e-mail (no SMTP_URL configured; kept in the outbox)", "id", m.ID, "to", m.Recipient,
			"subject", m.Subject)
		log.Debug("e-mail body", "id", m.ID, "body", m.Body)
		return nil
	})
}

func redact(u *url.URL) string {
	c := *u
	c.User = nil
	return strings.TrimPrefix(c.String(), "//")
}
