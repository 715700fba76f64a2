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
		m.ID, m.Channel, m.Recipient, m.Subject, m.Body, m.HTML, db.NullIfEmpty(m.FranchiseID), now, now)
	if err != nil {
		return fmt.Errorf("outbox: enqueue: %w", err)
	}
	return nil
}

const messageColumns = `id, channel, recipient, subject, body, html, franchise_id, status, attempts,
	last_error, created_at, sent_at, provider_id, delivery_status, delivery_error, status_at`

func scanMessage(sc db.Scanner) (Message, error) {
	var (
		m         Message
		franchise sql.NullString
		sentAt    sql.NullInt64
		statusAt  sql.NullInt64
		created   int64
	)
	err := sc.Scan(&m.ID, &m.Channel, &m.Recipient, &m.Subject, &m.Body, &m.HTML, &franchise, &m.Status,
		&m.Attempts, &m.LastError, &created, &sentAt, &m.ProviderID, &m.Delivery, &m.DeliveryError, &statusAt)
	if err != nil {
		return Message{}, err
	}
	m.FranchiseID = franchise.String
	m.CreatedAt = time.UnixMilli(created)
	if sentAt.Valid {
		m.SentAt = time.UnixMilli(sentAt.Int64)
	}
	if statusAt.Valid {
		m.StatusAt = time.UnixMilli(statusAt.Int64)
	}
	return m, nil
}

// Get returns one stored message with its delivery state.
func Get(ctx context.Context, q db.Querier, id string) (Message, error) {
	return scanMessage(q.QueryRowContext(ctx, `SELECT `+messageColumns+` FROM outbox WHERE id = ?`, id))
}

// ByIDs returns the stored messages among ids, by id.
func ByIDs(ctx context.Context, q db.Querier, ids []string) (map[string]Message, error) {
	out := make(map[string]Message, len(ids))
	for _, chunk := range db.Chunks(ids) {
		list, err := db.Collect(ctx, q, scanMessage, `SELECT `+messageColumns+` FROM outbox
			WHERE id IN (`+db.Placeholders(len(chunk))+`)`, db.Args(chunk)...)
		if err != nil {
			return nil, err
		}
		for _, m := range list {
			out[m.ID] = m
		}
	}
	return out, nil
}

// Recent returns the franchise's latest messages of channel, newest first.
func Recent(ctx context.Context, q db.Querier, franchiseID, channel string, limit int) ([]Message, error) {
	return db.Collect(ctx, q, scanMessage, `SELECT `+messageColumns+` FROM outbox
		WHERE franchise_id = ? AND channel = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
		franchiseID, channel, limit)
}

// RecentAmong is Recent for the messages whose ids the query ids (with its
// args) selects.
func RecentAmong(ctx context.Context, q db.Querier, franchiseID, channel string, limit int, ids string, args []any) ([]Message, error) {
	return db.Collect(ctx, q, scanMessage, `SELECT `+messageColumns+` FROM outbox
		WHERE franchise_id = ? AND channel = ? AND id IN (`+ids+`) ORDER BY created_at DESC, id DESC LIMIT ?`,
		append(append([]any{franchiseID, channel}, args...), limit)...)
}

// deliveryRank orders the statuses a provider reports, so a late report of
// an earlier status (webhooks arrive in any order) never undoes a later one.
const deliveryRank = `CASE delivery_status WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 WHEN 'failed' THEN 4 ELSE 0 END`

var reportRank = map[string]int{Delivered: 2, Read: 3, Failed: 4}

// RecordDelivery stores a status the provider reported for the message it
// knows as providerID: delivered, read or failed (with reason), in one
// statement that only moves a message forward. Sent is what the worker
// recorded when the provider accepted the message; other statuses and
// unknown ids change nothing.
func RecordDelivery(ctx context.Context, q db.Querier, providerID, status, reason string, at time.Time) error {
	rank, ok := reportRank[status]
	if !ok || providerID == "" {
		return nil
	}
	_, err := q.ExecContext(ctx, `
		UPDATE outbox SET delivery_status = ?, delivery_error = ?, status_at = ?
		WHERE provider_id = ? AND `+deliveryRank+` < ?`,
		status, truncate(reason, 1000), at.UnixMilli(), providerID, rank)
	return err
}

// Counts returns how many stored messages are in each status (pending,
// sent, failed), for the metrics.
func Counts(ctx context.Context, q db.Querier) (map[string]int, error) {
	return db.CountBy(ctx, q, []string{Pending, Sent, Failed}, `SELECT status, COUNT(*) FROM outbox GROUP BY status`)
}
