package alerts

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"vitrine/internal/db"
	"vitrine/internal/display"
	"vitrine/internal/tenant"
)

// Tables: alert_settings, display_alerts, alert_messages.

func scanSettings(sc db.Scanner) (string, Settings, error) {
	var (
		franchise string
		s         Settings
		enabled   int
		channels  string
	)
	err := sc.Scan(&franchise, &enabled, &s.DelayMinutes, &channels, &s.UpdatedAt)
	s.Enabled = enabled == 1
	s.Channels = []string{}
	for _, c := range strings.Split(channels, ",") {
		if c != "" {
			s.Channels = append(s.Channels, c)
		}
	}
	return franchise, s, err
}

const settingsColumns = `franchise_id, enabled, delay_minutes, channels, updated_at FROM alert_settings`

func loadSettings(ctx context.Context, q db.Querier, franchiseID string) (Settings, error) {
	_, s, err := scanSettings(q.QueryRowContext(ctx, `SELECT `+settingsColumns+` WHERE franchise_id = ?`, franchiseID))
	if errors.Is(err, sql.ErrNoRows) {
		return Defaults(), nil
	}
	return s, err
}

func allSettings(ctx context.Context, q db.Querier) (map[string]Settings, error) {
	type pair struct {
		id string
		s  Settings
	}
	list, err := db.Collect(ctx, q, func(sc db.Scanner) (pair, error) {
		id, s, err := scanSettings(sc)
		return pair{id, s}, err
	}, `SELECT `+settingsColumns)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Settings, len(list))
	for _, p := range list {
		out[p.id] = p.s
	}
	return out, nil
}

func saveSettings(ctx context.Context, q db.Querier, franchiseID string, s Settings) error {
	enabled := 0
	if s.Enabled {
		enabled = 1
	}
	_, err := q.ExecContext(ctx, `
		INSERT INTO alert_settings (franchise_id, enabled, delay_minutes, channels, updated_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (franchise_id) DO UPDATE SET enabled = excluded.enabled,
			delay_minutes = excluded.delay_minutes, channels = excluded.channels, updated_at = excluded.updated_at`,
		franchiseID, enabled, s.DelayMinutes, strings.Join(s.Channels, ","), s.UpdatedAt)
	return err
}

func millis(v sql.NullInt64) time.Time {
	if !v.Valid || v.Int64 == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64)
}

// row is a state as display_alerts stores it: epoch ms, 0 or NULL for
// none.
type row struct {
	since, drop, back, alerted sql.NullInt64
	earlier, earlierOpen       int64
}

const stateColumns = `display_id, since_at, drop_at, back_at, earlier_ms, earlier_open_ms, alerted_at FROM display_alerts`

func (r row) state() state {
	st := state{
		Since: millis(r.since), DropAt: millis(r.drop), BackAt: millis(r.back), AlertedAt: millis(r.alerted),
		Earlier: time.Duration(r.earlier) * time.Millisecond, EarlierOpen: time.Duration(r.earlierOpen) * time.Millisecond,
	}
	if st.DropAt.IsZero() { // written by a server that knew only since_at: one drop
		st.DropAt = st.Since
	}
	return st
}

func rowOf(st state) row {
	ms := func(t time.Time) sql.NullInt64 {
		if t.IsZero() {
			return sql.NullInt64{}
		}
		return sql.NullInt64{Int64: t.UnixMilli(), Valid: true}
	}
	return row{since: ms(st.Since), drop: ms(st.DropAt), back: ms(st.BackAt), alerted: ms(st.AlertedAt),
		earlier: st.Earlier.Milliseconds(), earlierOpen: st.EarlierOpen.Milliseconds()}
}

func scanState(sc db.Scanner) (string, state, error) {
	var (
		id string
		r  row
	)
	err := sc.Scan(&id, &r.since, &r.drop, &r.back, &r.earlier, &r.earlierOpen, &r.alerted)
	return id, r.state(), err
}

// loadStates reads the stored outages (of one franchise, or all when
// franchiseID is ""), by TV id.
func loadStates(ctx context.Context, q db.Querier, franchiseID string) (map[string]state, error) {
	query, args := `SELECT `+stateColumns, []any{}
	if franchiseID != "" {
		query += ` WHERE franchise_id = ?`
		args = append(args, franchiseID)
	}
	type pair struct {
		id string
		s  state
	}
	list, err := db.Collect(ctx, q, func(sc db.Scanner) (pair, error) {
		id, s, err := scanState(sc)
		return pair{id, s}, err
	}, query, args...)
	if err != nil {
		return nil, err
	}
	out := make(map[string]state, len(list))
	for _, p := range list {
		out[p.id] = p.s
	}
	return out, nil
}

// lockState reads the TV's outage and holds its row until the transaction
// ends. On PostgreSQL a row another transaction holds is skipped (held is
// false, as when there is no row); SQLite runs one writer at a time.
func lockState(ctx context.Context, tx *db.Tx, displayID string) (st *state, held bool, err error) {
	query := `SELECT ` + stateColumns + ` WHERE display_id = ?`
	if tx.Dialect() == db.Postgres {
		query += ` FOR UPDATE SKIP LOCKED`
	}
	_, s, err := scanState(tx.QueryRowContext(ctx, query, displayID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return &s, true, nil
}

// insertState begins an outage; false when one exists already.
func insertState(ctx context.Context, tx *db.Tx, tv display.Watched, st state, now time.Time) (bool, error) {
	r := rowOf(st)
	res, err := tx.ExecContext(ctx, `
		INSERT INTO display_alerts (display_id, franchise_id, since_at, drop_at, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (display_id) DO NOTHING`, tv.ID, tv.FranchiseID, r.since, r.drop, now.UnixMilli())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// saveState writes the outage's state after a step.
func saveState(ctx context.Context, tx *db.Tx, displayID string, st state, now time.Time) error {
	r := rowOf(st)
	_, err := tx.ExecContext(ctx, `UPDATE display_alerts SET drop_at = ?, back_at = ?, earlier_ms = ?,
		earlier_open_ms = ?, alerted_at = ?, updated_at = ? WHERE display_id = ?`,
		r.drop, r.back, r.earlier, r.earlierOpen, r.alerted, now.UnixMilli(), displayID)
	return err
}

func deleteState(ctx context.Context, tx *db.Tx, displayID string) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM display_alerts WHERE display_id = ?`, displayID)
	return err
}

func insertMessage(ctx context.Context, tx *db.Tx, m Sent, franchiseID string) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO alert_messages (outbox_id, franchise_id, display_id, display_name, store_name, kind,
		                            channel, recipient, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		m.ID, franchiseID, m.Display, m.DisplayName, m.StoreName, m.Kind, m.Channel, m.Recipient, m.CreatedAt)
	return err
}

func recentMessages(ctx context.Context, q db.Querier, t tenant.Tenant, limit int) ([]Sent, error) {
	where, args := `franchise_id = ?`, []any{t.ID}
	if !t.Whole() {
		if len(t.Stores) == 0 {
			return []Sent{}, nil
		}
		// A scoped member sees the messages about the TVs of their stores.
		where += ` AND display_id IN (SELECT id FROM displays WHERE franchise_id = ? AND store_id IN (` +
			db.Placeholders(len(t.Stores)) + `))`
		args = append(append(args, t.ID), db.Args(t.Stores)...)
	}
	list, err := db.Collect(ctx, q, func(sc db.Scanner) (Sent, error) {
		var m Sent
		err := sc.Scan(&m.ID, &m.Display, &m.DisplayName, &m.StoreName, &m.Kind, &m.Channel, &m.Recipient, &m.CreatedAt)
		return m, err
	}, `SELECT outbox_id, display_id, display_name, store_name, kind, channel, recipient, created_at
		FROM alert_messages WHERE `+where+` ORDER BY created_at DESC, outbox_id DESC LIMIT ?`,
		append(args, limit)...)
	if list == nil {
		list = []Sent{}
	}
	return list, err
}
