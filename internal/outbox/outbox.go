// Package outbox delivers messages (e-mail, WhatsApp) reliably: a request
// stores the message in the outbox table — in its own transaction, so a
// message exists exactly when the change that caused it does — and a worker
// delivers due messages through the channel's Sender, retrying failures with
// backoff and keeping the final state of each message.
package outbox

import (
	"context"
	"time"
)

// Channels.
const (
	Email    = "email"
	WhatsApp = "whatsapp"
)

// Message statuses.
const (
	Pending = "pending"
	Sent    = "sent"
	Failed  = "failed" // gave up after MaxAttempts
)

// Message is one delivery.
type Message struct {
	ID          string
	Channel     string
	Recipient   string // e-mail address or phone number (digits, with country code)
	Subject     string
	Body        string // plain text
	HTML        string // optional HTML alternative of Body (e-mail only)
	FranchiseID string // empty for account mails
	Status      string
	Attempts    int
	LastError   string
	CreatedAt   time.Time
	SentAt      time.Time
}

// Sender delivers messages of one channel. An error means "try again later".
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// SenderFunc adapts a function to Sender.
type SenderFunc func(ctx context.Context, m Message) error

func (f SenderFunc) Send(ctx context.Context, m Message) error { return f(ctx, m) }
