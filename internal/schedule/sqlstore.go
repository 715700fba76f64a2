package schedule

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"vitrine/internal/db"
	"vitrine/internal/ids"
	"vitrine/internal/tenant"
)

// row is a schedule as stored.
type row struct {
	ID, Name, Hash       string
	Entries              []Entry
	Tags                 []string
	BottomBar            *BottomBar
	Displays             int
	ForFranchisees       bool
	CreatedAt, UpdatedAt int64
}

const rowColumns = `s.id, s.name, s.hash, s.entries, s.tags, s.bottom_bar, s.created_at, s.updated_at,
	(SELECT COUNT(*) FROM displays d WHERE d.schedule_id = s.id), s.franchisee_available`

func scanRow(sc db.Scanner) (row, error) {
	var r row
	var entries, tags, bar string
	var available int
	if err := sc.Scan(&r.ID, &r.Name, &r.Hash, &entries, &tags, &bar, &r.CreatedAt, &r.UpdatedAt, &r.Displays, &available); err != nil {
		return row{}, err
	}
	r.ForFranchisees = available == 1
	if err := json.Unmarshal([]byte(entries), &r.Entries); err != nil {
		return row{}, err
	}
	if err := json.Unmarshal([]byte(tags), &r.Tags); err != nil {
		return row{}, err
	}
	if bar != "" {
		r.BottomBar = &BottomBar{}
		if err := json.Unmarshal([]byte(bar), r.BottomBar); err != nil {
			return row{}, err
		}
	}
	if r.Entries == nil {
		r.Entries = []Entry{}
	}
	if r.Tags == nil {
		r.Tags = []string{}
	}
	return r, nil
}

func listRows(ctx context.Context, q db.Querier, franchiseID string) ([]row, error) {
	return db.Collect(ctx, q, scanRow, `SELECT `+rowColumns+` FROM schedules s WHERE s.franchise_id = ?`, franchiseID)
}

// listSummaries reads the franchise's schedules without their entries.
func listSummaries(ctx context.Context, q db.Querier, franchiseID string) ([]Summary, error) {
	return db.Collect(ctx, q, func(sc db.Scanner) (Summary, error) {
		var s Summary
		var tags string
		var available int
		err := sc.Scan(&s.ID, &s.Name, &s.Hash, &tags, &s.Duration, &s.MediaCount, &s.CreatedAt, &s.UpdatedAt, &s.Displays, &available)
		if err != nil {
			return s, err
		}
		s.ForFranchisees = available == 1
		if err := json.Unmarshal([]byte(tags), &s.Tags); err != nil {
			return s, err
		}
		if s.Tags == nil {
			s.Tags = []string{}
		}
		return s, nil
	}, `SELECT s.id, s.name, s.hash, s.tags, s.duration, s.entry_count, s.created_at, s.updated_at,
		       COALESCE(d.n, 0), s.franchisee_available
		FROM schedules s
		LEFT JOIN (SELECT schedule_id, COUNT(*) AS n FROM displays
		           WHERE franchise_id = ? AND schedule_id IS NOT NULL GROUP BY schedule_id) d
		       ON d.schedule_id = s.id
		WHERE s.franchise_id = ?`, franchiseID, franchiseID)
}

// linkedIn counts, per schedule, the TVs of t's stores linked to it (a
// scoped member's counters count their own TVs only).
func linkedIn(ctx context.Context, q db.Querier, t tenant.Tenant) (map[string]int, error) {
	out := map[string]int{}
	if len(t.Stores) == 0 {
		return out, nil
	}
	type count struct {
		id string
		n  int
	}
	list, err := db.Collect(ctx, q, func(sc db.Scanner) (count, error) {
		var c count
		return c, sc.Scan(&c.id, &c.n)
	}, `SELECT schedule_id, COUNT(*) FROM displays
		WHERE franchise_id = ? AND schedule_id IS NOT NULL AND store_id IN (`+db.Placeholders(len(t.Stores))+`)
		GROUP BY schedule_id`, append([]any{t.ID}, db.Args(t.Stores)...)...)
	for _, c := range list {
		out[c.id] = c.n
	}
	return out, err
}

// getRow reads one schedule of the franchise; lock holds its row until the
// transaction ends (for a read-modify-write).
func getRow(ctx context.Context, q db.Querier, franchiseID, id string, lock bool) (row, error) {
	query := `SELECT ` + rowColumns + ` FROM schedules s WHERE s.franchise_id = ? AND s.id = ?`
	if lock {
		query += db.ForUpdate(q)
	}
	r, err := scanRow(q.QueryRowContext(ctx, query, franchiseID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return row{}, ErrNotFound
	}
	return r, err
}

func insertRow(ctx context.Context, q db.Querier, franchiseID string, r row) error {
	entries, tags, bar, err := encode(r)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `
		INSERT INTO schedules (id, franchise_id, name, entries, tags, bottom_bar, hash, duration, entry_count,
		    franchisee_available, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, franchiseID, r.Name, entries, tags, bar, r.Hash, duration(r.Entries), len(r.Entries),
		flag(r.ForFranchisees), r.CreatedAt, r.UpdatedAt)
	return err
}

func updateRow(ctx context.Context, q db.Querier, franchiseID string, r row) error {
	entries, tags, bar, err := encode(r)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `
		UPDATE schedules SET name = ?, entries = ?, tags = ?, bottom_bar = ?, hash = ?, duration = ?,
		    entry_count = ?, franchisee_available = ?, updated_at = ?
		WHERE franchise_id = ? AND id = ?`,
		r.Name, entries, tags, bar, r.Hash, duration(r.Entries), len(r.Entries), flag(r.ForFranchisees),
		r.UpdatedAt, franchiseID, r.ID)
	return err
}

func deleteRow(ctx context.Context, q db.Querier, franchiseID, id string) error {
	// The TVs linked to it are unlinked by the foreign key (ON DELETE SET NULL).
	_, err := q.ExecContext(ctx, `DELETE FROM schedules WHERE franchise_id = ? AND id = ?`, franchiseID, id)
	return err
}

func encode(r row) (entries, tags, bar string, err error) {
	e, err := json.Marshal(r.Entries)
	if err != nil {
		return "", "", "", err
	}
	t, err := json.Marshal(r.Tags)
	if err != nil {
		return "", "", "", err
	}
	if r.BottomBar != nil {
		b, err := json.Marshal(r.BottomBar)
		if err != nil {
			return "", "", "", err
		}
		bar = string(b)
	}
	return string(e), string(t), bar, nil
}

// Check tells whether scheduleID is one of the franchise's schedules that
// t may link a TV to: any for the network, those made available to
// franchisees for a scoped member (ErrNotAvailable otherwise).
func Check(ctx context.Context, q db.Querier, t tenant.Tenant, scheduleID string) error {
	var available int
	err := q.QueryRowContext(ctx, `SELECT franchisee_available FROM schedules WHERE id = ? AND franchise_id = ?`,
		scheduleID, t.ID).Scan(&available)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if !t.Whole() && available != 1 {
		return ErrNotAvailable
	}
	return nil
}

// Names returns the names of the franchise's schedules by id.
func Names(ctx context.Context, q db.Querier, franchiseID string) (map[string]string, error) {
	type named struct{ id, name string }
	list, err := db.Collect(ctx, q, func(sc db.Scanner) (named, error) {
		var n named
		err := sc.Scan(&n.id, &n.name)
		return n, err
	}, `SELECT id, name FROM schedules WHERE franchise_id = ?`, franchiseID)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(list))
	for _, n := range list {
		out[n.id] = n.name
	}
	return out, nil
}

var newID = ids.New

// entryDocs reads the stored entries (JSON) of the franchise's schedules
// named by ids, or of those with an ad slot when ids is nil; with share
// (PostgreSQL) the rows are held FOR SHARE.
func entryDocs(ctx context.Context, q db.Querier, franchiseID string, ids []string, share bool) (map[string]string, error) {
	out := map[string]string{}
	read := func(query string, args ...any) error {
		if share && q.Dialect() == db.Postgres {
			query += " FOR SHARE"
		}
		rows, err := q.QueryContext(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, doc string
			if err := rows.Scan(&id, &doc); err != nil {
				return err
			}
			out[id] = doc
		}
		return rows.Err()
	}
	if ids == nil {
		return out, read(`SELECT id, entries FROM schedules WHERE franchise_id = ? AND entries LIKE ?`,
			franchiseID, "%"+adMarker+"%")
	}
	for _, chunk := range db.Chunks(ids) {
		err := read(`SELECT id, entries FROM schedules WHERE franchise_id = ? AND id IN (`+db.Placeholders(len(chunk))+`)`,
			append([]any{franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// keepPayload stores a schedule version as players received it, by hash
// (payloads.go), or refreshes it when kept already.
func keepPayload(ctx context.Context, q db.Querier, franchiseID, scheduleID, hash string, data []byte, at int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO schedule_payloads (franchise_id, schedule_id, hash, payload, kept_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (franchise_id, schedule_id, hash) DO UPDATE SET payload = excluded.payload, kept_at = excluded.kept_at`,
		franchiseID, scheduleID, hash, string(data), at)
	return err
}

// countPayloads counts the kept versions of a schedule.
func countPayloads(ctx context.Context, q db.Querier, franchiseID, scheduleID string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM schedule_payloads WHERE franchise_id = ? AND schedule_id = ?`,
		franchiseID, scheduleID).Scan(&n)
	return n, err
}

// prunePayloads keeps the latest versions of a schedule, and any a TV of
// the franchise last acknowledged.
func prunePayloads(ctx context.Context, q db.Querier, franchiseID, scheduleID string, latest int) error {
	_, err := q.ExecContext(ctx, `DELETE FROM schedule_payloads WHERE franchise_id = ? AND schedule_id = ?
		AND hash NOT IN (SELECT p.hash FROM schedule_payloads p WHERE p.franchise_id = ? AND p.schedule_id = ?
			ORDER BY p.kept_at DESC LIMIT ?)
		AND hash NOT IN (SELECT d.acked_hash FROM displays d WHERE d.franchise_id = ?)`,
		franchiseID, scheduleID, franchiseID, scheduleID, latest, franchiseID)
	return err
}

// pruneDeletedPayloads drops the versions of the franchise's deleted
// schedules that no TV last acknowledged.
func pruneDeletedPayloads(ctx context.Context, q db.Querier, franchiseID string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM schedule_payloads WHERE franchise_id = ?
		AND schedule_id NOT IN (SELECT sc.id FROM schedules sc WHERE sc.franchise_id = ?)
		AND hash NOT IN (SELECT d.acked_hash FROM displays d WHERE d.franchise_id = ?)`,
		franchiseID, franchiseID, franchiseID)
	return err
}

// payloadByHash reads the kept version with the hash, of the schedule id
// first, else the latest kept of any schedule of the franchise.
func payloadByHash(ctx context.Context, q db.Querier, franchiseID, scheduleID, hash string) (string, error) {
	var payload string
	err := q.QueryRowContext(ctx, `SELECT payload FROM schedule_payloads WHERE franchise_id = ? AND hash = ?
		ORDER BY CASE WHEN schedule_id = ? THEN 0 ELSE 1 END, kept_at DESC LIMIT 1`,
		franchiseID, hash, scheduleID).Scan(&payload)
	return payload, err
}

// flag stores a boolean as the integer 0 or 1 both databases keep.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
