package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"
	"unicode/utf8"

	"vitrine/internal/db"
)

// Worker delivers due messages. Several replicas may run one each against
// the same database: a message is claimed with a conditional UPDATE on its
// row, so exactly one worker sends it, and the claim is a lease — a worker
// that dies mid-delivery leaves the message to be retried once it expires.
type Worker struct {
	db      *db.DB
	senders map[string]Sender
	now     func() time.Time
	log     *slog.Logger
	wake    chan struct{}

	// MaxAttempts is how many deliveries are tried before a message is failed.
	MaxAttempts int
	// Backoff is the wait after the n-th failed attempt (n from 1).
	Backoff func(n int) time.Duration
	// PollInterval bounds how long a due message waits when nobody wakes the worker.
	PollInterval time.Duration
	// Lease is how long a claimed message is left to its worker before
	// another may try it again.
	Lease time.Duration
	// SendTimeout bounds one delivery.
	SendTimeout time.Duration
	// Failed, when set, is told of every failed delivery attempt (metrics).
	Failed func(channel string)
}

// NewWorker returns a worker delivering through senders, keyed by channel
// (Email, WhatsApp). A message of a channel without a sender is retried and
// finally failed, never dropped silently.
func NewWorker(d *db.DB, senders map[string]Sender, now func() time.Time, log *slog.Logger) *Worker {
	if now == nil {
		now = time.Now
	}
	return &Worker{
		db:           d,
		senders:      senders,
		now:          now,
		log:          log,
		wake:         make(chan struct{}, 1),
		MaxAttempts:  8,
		Backoff:      ExponentialBackoff(30*time.Second, 6*time.Hour),
		PollInterval: 10 * time.Second,
		Lease:        2 * time.Minute,
		SendTimeout:  time.Minute,
	}
}

// ExponentialBackoff waits base after the first failure, doubling after each
// further one, never more than limit.
func ExponentialBackoff(base, limit time.Duration) func(n int) time.Duration {
	return func(n int) time.Duration {
		d := base
		for i := 1; i < n && d < limit; i++ {
			d *= 2
		}
		return min(d, limit)
	}
}

// Enqueue stores m in q like the package's Enqueue, stamped with the
// worker's clock, and wakes the worker once the caller's transaction commits
// so the message leaves promptly.
func (w *Worker) Enqueue(ctx context.Context, q db.Querier, m Message) error {
	if m.CreatedAt.IsZero() {
		m.CreatedAt = w.now()
	}
	if err := Enqueue(ctx, q, m); err != nil {
		return err
	}
	if tx, ok := q.(*db.Tx); ok {
		tx.AfterCommit(w.Wake)
		return nil
	}
	w.Wake()
	return nil
}

// RecordStatuses stores the delivery statuses a provider reported; reports
// about messages this system does not know are ignored.
func (w *Worker) RecordStatuses(ctx context.Context, reports []StatusReport) error {
	for _, r := range reports {
		if err := RecordDelivery(ctx, w.db, r.ProviderID, r.Status, r.Reason, r.At); err != nil {
			return err
		}
	}
	return nil
}

// Wake asks the worker to look for due messages now.
func (w *Worker) Wake() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Run delivers messages until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	// After a wake-up the enqueuing transaction may not have committed yet,
	// so the worker looks again briefly at a fast pace.
	const burst, burstPoll = 2 * time.Second, 100 * time.Millisecond
	var burstUntil time.Time
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
			burstUntil = time.Now().Add(burst)
		case <-timer.C:
		}
		wait := w.PollInterval
		if _, err := w.DeliverDue(ctx); err != nil {
			if ctx.Err() == nil {
				// The database is in trouble: back off for a whole interval.
				w.log.Error("outbox: delivery pass failed", "err", err)
			}
		} else {
			if next, ok, err := w.nextDue(ctx); err == nil && ok {
				wait = min(wait, max(next.Sub(w.now()), 0))
			}
			if time.Now().Before(burstUntil) {
				wait = min(wait, burstPoll)
			}
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(wait)
	}
}

// DeliverDue sends every message due now and reports how many were sent.
func (w *Worker) DeliverDue(ctx context.Context) (int, error) {
	sent := 0
	for {
		due, err := w.dueIDs(ctx, 50)
		if err != nil {
			return sent, err
		}
		claimed := 0
		for _, id := range due {
			if ctx.Err() != nil {
				// Stopping: the message being delivered was finished; the
				// rest wait for the next run (of this or another replica).
				return sent, ctx.Err()
			}
			ok, err := w.claim(ctx, id)
			if err != nil {
				return sent, err
			}
			if !ok {
				continue // another worker has it
			}
			claimed++
			delivered, err := w.deliver(ctx, id)
			if err != nil {
				return sent, err
			}
			if delivered {
				sent++
			}
		}
		if claimed == 0 || len(due) < 50 {
			return sent, nil
		}
	}
}

func (w *Worker) dueIDs(ctx context.Context, limit int) ([]string, error) {
	return db.Collect(ctx, w.db, db.ScanString, `
		SELECT id FROM outbox
		WHERE status = 'pending' AND next_attempt_at <= ?
		ORDER BY next_attempt_at, id
		LIMIT ?`, w.now().UnixMilli(), limit)
}

// claim takes message id for this worker by pushing its next attempt past
// the lease and counting the attempt; it fails when another worker won.
func (w *Worker) claim(ctx context.Context, id string) (bool, error) {
	now := w.now()
	res, err := w.db.ExecContext(ctx, `
		UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?
		WHERE id = ? AND status = 'pending' AND next_attempt_at <= ?`,
		now.Add(w.Lease).UnixMilli(), id, now.UnixMilli())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// deliver sends a claimed message and records the outcome. Once claimed, a
// message is delivered to the end even when ctx ends meanwhile (a server
// stopping finishes the message it has begun, within SendTimeout), so a
// restart neither cuts a mail in half nor sends it twice after the lease.
func (w *Worker) deliver(ctx context.Context, id string) (bool, error) {
	ctx = context.WithoutCancel(ctx)
	m, err := Get(ctx, w.db, id)
	if err != nil {
		return false, err
	}
	providerID, sendErr := w.send(ctx, m)
	now := w.now()
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if sendErr == nil {
		_, err := w.db.ExecContext(wctx, `
			UPDATE outbox SET status = 'sent', sent_at = ?, last_error = '', provider_id = ? WHERE id = ?`,
			now.UnixMilli(), providerID, id)
		return err == nil, err
	}
	if w.Failed != nil {
		w.Failed(m.Channel)
	}
	msg := truncate(sendErr.Error(), 1000)
	var permanent *PermanentError
	if errors.As(sendErr, &permanent) {
		w.log.Error("outbox: message refused for good", "id", id, "channel", m.Channel, "err", msg)
		_, err := w.db.ExecContext(wctx, `
			UPDATE outbox SET status = 'failed', last_error = ? WHERE id = ?`, msg, id)
		return false, err
	}
	if m.Attempts >= w.MaxAttempts {
		w.log.Error("outbox: message failed for good", "id", id, "channel", m.Channel,
			"attempts", m.Attempts, "err", msg)
		_, err := w.db.ExecContext(wctx, `
			UPDATE outbox SET status = 'failed', last_error = ? WHERE id = ?`, msg, id)
		return false, err
	}
	next := now.Add(w.Backoff(m.Attempts))
	w.log.Warn("outbox: delivery failed, will retry", "id", id, "channel", m.Channel,
		"attempts", m.Attempts, "retry_at", next, "err", msg)
	_, err = w.db.ExecContext(wctx, `
		UPDATE outbox SET next_attempt_at = ?, last_error = ? WHERE id = ?`, next.UnixMilli(), msg, id)
	return false, err
}

func (w *Worker) send(ctx context.Context, m Message) (providerID string, err error) {
	s, ok := w.senders[m.Channel]
	if !ok || s == nil {
		return "", fmt.Errorf("no sender for channel %q", m.Channel)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("sender panicked: %v", r)
		}
	}()
	sctx, cancel := context.WithTimeout(ctx, w.SendTimeout)
	defer cancel()
	if r, ok := s.(Receipted); ok {
		return r.SendReceipted(sctx, m)
	}
	return "", s.Send(sctx, m)
}

// nextDue is when the earliest pending message becomes due.
func (w *Worker) nextDue(ctx context.Context) (time.Time, bool, error) {
	var next *int64
	err := w.db.QueryRowContext(ctx, `
		SELECT MIN(next_attempt_at) FROM outbox WHERE status = 'pending'`).Scan(&next)
	if err != nil || next == nil {
		return time.Time{}, false, err
	}
	return time.UnixMilli(*next), true, nil
}

// truncate cuts s to at most n bytes without splitting a character
// (PostgreSQL refuses invalid UTF-8).
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
