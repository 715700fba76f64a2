package outbox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"vitrine/internal/db"
	"vitrine/internal/ids"
)

// EnqueueFunc stores an outgoing message inside the caller's transaction:
// Enqueue, or a Worker's Enqueue. Domains that send messages take one.
type EnqueueFunc func(ctx context.Context, q db.Querier, m Message) error

// Enqueue stores m for delivery, due now. Pass the transaction of the change
// that causes the message, so both are committed or neither is. The message
// is stamped with m.CreatedAt when set, the current time otherwise.
func Enqueue(ctx context.Context, q db.Querier, m Message) error {
	if m.Channel == "" || m.Recipient == "" {
		return errors.New("outbox: a message needs a channel and a recipient")
	}
	if m.ID == "" {
		m.ID = ids.New()
	}
	if m.CreatedAt.IsZero() {
		m.CreatedAt = time.Now()
	}
	now := m.CreatedAt.UnixMilli()
	_, err := q.ExecContext(ctx, `
		INSERT INTO outbox (id, channel, recipient, subject, body, html, franchise_id,
		                    status, attempts, next_attempt_at, last_error, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, '', ?)`,
		m.ID, m.Channel, m.Recipient, m.Subject, m.Body, m.HTML, nullable(m.FranchiseID), now, now)
	if err != nil {
		return fmt.Errorf("outbox: enqueue: %w", err)
	}
	return nil
}

// Get returns one stored message with its delivery state.
func Get(ctx context.Context, q db.Querier, id string) (Message, error) {
	var (
		m         Message
		franchise sql.NullString
		sentAt    sql.NullInt64
		created   int64
	)
	err := q.QueryRowContext(ctx, `
		SELECT id, channel, recipient, subject, body, html, franchise_id, status, attempts,
		       last_error, created_at, sent_at
		FROM outbox WHERE id = ?`, id).
		Scan(&m.ID, &m.Channel, &m.Recipient, &m.Subject, &m.Body, &m.HTML, &franchise, &m.Status,
			&m.Attempts, &m.LastError, &created, &sentAt)
	if err != nil {
		return Message{}, err
	}
	m.FranchiseID = franchise.String
	m.CreatedAt = time.UnixMilli(created)
	if sentAt.Valid {
		m.SentAt = time.UnixMilli(sentAt.Int64)
	}
	return m, nil
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
