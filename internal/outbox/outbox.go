// Package outbox delivers messages (e-mail, WhatsApp, SMS) reliably: a request
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
	SMS      = "sms"
)

// Message statuses.
const (
	Pending = "pending"
	Sent    = "sent"   // the provider accepted it
	Failed  = "failed" // refused for good, or gave up after MaxAttempts
)

// Delivery statuses a provider reports after accepting a message.
const (
	Delivered = "delivered"
	Read      = "read"
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
	// ProviderID is the provider's id for the accepted message.
	ProviderID string
	// Delivery is the latest status the provider reported after accepting
	// it ("", Delivered, Read or Failed), with its reason and time.
	Delivery      string
	DeliveryError string
	StatusAt      time.Time
}

// State is what a person would call the message's state: pending until the
// provider accepts it, then sent, delivered or read, or failed.
func (m Message) State() string {
	if m.Status != Sent || m.Delivery == "" {
		return m.Status
	}
	return m.Delivery
}

// Reason is why the message failed, "" when it did not.
func (m Message) Reason() string {
	switch {
	case m.Status == Failed:
		return m.LastError
	case m.Delivery == Failed:
		return m.DeliveryError
	}
	return ""
}

// Sender delivers messages of one channel. An error means "try again later".
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Receipted is a Sender whose provider names each message it accepts, so
// that later status reports (a webhook) can be matched to it.
type Receipted interface {
	SendReceipted(ctx context.Context, m Message) (providerID string, err error)
}

// PermanentError is a refusal that trying again cannot change (an invalid
// number, a message the provider will never accept): the message fails at
// once with this reason instead of being retried.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// SenderFunc adapts a function to Sender.
type SenderFunc func(ctx context.Context, m Message) error

func (f SenderFunc) Send(ctx context.Context, m Message) error { return f(ctx, m) }
