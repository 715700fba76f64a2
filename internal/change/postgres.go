package change

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"vitrine/internal/db"
)

// maxPayload keeps a NOTIFY under PostgreSQL's 8,000-byte limit; a change
// naming too many TVs or schedules is sent as "anything in the franchise".
const maxPayload = 7000

// PGNotify carries changes between the replicas that share one PostgreSQL
// database with LISTEN/NOTIFY: Publish sends NOTIFY inside the writer's
// transaction (PostgreSQL delivers it only on commit), and Listen hands
// every notification — this replica's own included — to a Bus. No other
// broker is needed.
type PGNotify struct {
	channel   string
	ready     chan struct{}
	readyOnce sync.Once
}

// NewPGNotify returns the transport for the database d connects to. The
// channel is named after the schema, so deployments (and test runs) that
// share a database in different schemas do not hear each other.
func NewPGNotify(ctx context.Context, d *db.DB) (*PGNotify, error) {
	var schema string
	if err := d.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return nil, err
	}
	var b strings.Builder
	for _, r := range strings.ToLower(schema) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '_' {
			b.WriteRune(r)
		}
	}
	return &PGNotify{channel: "vitrine_changes_" + b.String(), ready: make(chan struct{})}, nil
}

// Ready is closed once Listen has first subscribed: from then on no change
// committed by any replica is missed.
func (p *PGNotify) Ready() <-chan struct{} { return p.ready }

// Publish sends c with the transaction q belongs to.
func (p *PGNotify) Publish(ctx context.Context, q db.Querier, c Change) error {
	payload, err := json.Marshal(c)
	if err != nil {
		return err
	}
	if len(payload) > maxPayload {
		// Too long to name: every TV of the franchise (an override change
		// stays one, the schedules' cache is still right).
		payload, _ = json.Marshal(Change{FranchiseID: c.FranchiseID, Revision: c.Revision, Overrides: c.Overrides})
	}
	_, err = q.ExecContext(ctx, `SELECT pg_notify(?, ?)`, p.channel, string(payload))
	return err
}

// Listen delivers the notifications of every replica to bus until ctx ends,
// reconnecting with backoff. After a reconnection, when notifications may
// have been missed, it delivers a change naming no franchise: subscribers
// treat it as "anything may have changed".
func (p *PGNotify) Listen(ctx context.Context, databaseURL string, bus *Bus, log *slog.Logger) {
	wait := 100 * time.Millisecond
	connected := false
	for ctx.Err() == nil {
		err := p.listenOnce(ctx, databaseURL, bus, func() {
			if connected {
				bus.Deliver(Change{})
			}
			connected = true
			wait = 100 * time.Millisecond
			p.readyOnce.Do(func() { close(p.ready) })
		})
		if ctx.Err() != nil {
			return
		}
		log.Warn("change notifications interrupted; reconnecting", "err", err, "in", wait)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait + time.Duration(rand.Int64N(int64(wait)))):
		}
		wait = min(wait*2, 10*time.Second)
	}
}

func (p *PGNotify) listenOnce(ctx context.Context, databaseURL string, bus *Bus, ready func()) error {
	conn, err := pgx.Connect(ctx, databaseURL)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, `LISTEN `+pgx.Identifier{p.channel}.Sanitize()); err != nil {
		return err
	}
	ready()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		var c Change
		if err := json.Unmarshal([]byte(n.Payload), &c); err != nil {
			continue // not ours
		}
		bus.Deliver(c)
	}
}
