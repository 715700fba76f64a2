package display

import (
	"context"
	"database/sql"
	"errors"

	"vitrine/internal/auth"
	"vitrine/internal/db"
	"vitrine/internal/ids"
	"vitrine/internal/store"
)

// row is a display's editable stored fields.
type row struct {
	Name, Device, Detail            string
	Orientation, ContentOrientation int
	ScheduleID                      string // "" = none
}

// columns are read by list and get, joined with the store (for its slug)
// and the schedule (for its name).
const columns = `d.id, d.name, d.device, st.slug, d.detail, d.orientation, d.content_orientation,
	COALESCE(d.schedule_id, ''), COALESCE(sc.name, ''), d.connected, d.last_connection_ack,
	d.created_at, d.updated_at
	FROM displays d
	JOIN stores st ON st.id = d.store_id
	LEFT JOIN schedules sc ON sc.id = d.schedule_id`

func scan(sc interface{ Scan(...any) error }, f auth.FranchiseRef) (Display, error) {
	var d Display
	var connected int
	err := sc.Scan(&d.ID, &d.Name, &d.Device, &d.Store, &d.Detail, &d.Orientation,
		&d.ContentOrientation, &d.Schedule, &d.ScheduleName, &connected, &d.LastConnectionAck,
		&d.CreatedAt, &d.UpdatedAt)
	d.Franchise = f.Slug
	d.Connected = connected == 1
	return d, err
}

// list reads the TVs of a franchise, or of one of its stores when storeID is
// not empty, in one query.
func list(ctx context.Context, q db.Querier, f auth.FranchiseRef, storeID string) ([]Display, error) {
	query := `SELECT ` + columns + ` WHERE d.franchise_id = ?`
	args := []any{f.ID}
	if storeID != "" {
		query += ` AND d.store_id = ?`
		args = append(args, storeID)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Display{}
	for rows.Next() {
		d, err := scan(rows, f)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// get reads one TV of a store of the franchise.
func get(ctx context.Context, q db.Querier, f auth.FranchiseRef, storeSlug, id string) (Display, error) {
	d, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+`
		WHERE d.franchise_id = ? AND st.slug = ? AND d.id = ?`, f.ID, storeSlug, id), f)
	if errors.Is(err, sql.ErrNoRows) {
		return Display{}, ErrNotFound
	}
	return d, err
}

// load reads a TV's editable fields. An unknown store is ErrNotFound of the
// store domain (1061); an unknown TV in a known store, ErrNotFound (100121).
func load(ctx context.Context, q db.Querier, franchiseID, storeSlug, id string) (row, error) {
	storeID, err := store.ID(ctx, q, franchiseID, storeSlug)
	if err != nil {
		return row{}, err
	}
	var r row
	err = q.QueryRowContext(ctx, `
		SELECT name, device, detail, orientation, content_orientation, COALESCE(schedule_id, '')
		FROM displays WHERE franchise_id = ? AND store_id = ? AND id = ?`, franchiseID, storeID, id).
		Scan(&r.Name, &r.Device, &r.Detail, &r.Orientation, &r.ContentOrientation, &r.ScheduleID)
	if errors.Is(err, sql.ErrNoRows) {
		return row{}, ErrNotFound
	}
	return r, err
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func insert(ctx context.Context, q db.Querier, franchiseID, storeID string, r row, now int64) (string, error) {
	id := ids.New()
	_, err := q.ExecContext(ctx, `
		INSERT INTO displays (id, franchise_id, store_id, name, device, detail, orientation,
		    content_orientation, schedule_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, franchiseID, storeID, r.Name, r.Device, r.Detail, r.Orientation, r.ContentOrientation,
		nullable(r.ScheduleID), now, now)
	return id, err
}

func update(ctx context.Context, q db.Querier, id string, r row, now int64) error {
	_, err := q.ExecContext(ctx, `
		UPDATE displays SET name = ?, detail = ?, orientation = ?, content_orientation = ?,
		    schedule_id = ?, updated_at = ?
		WHERE id = ?`,
		r.Name, r.Detail, r.Orientation, r.ContentOrientation, nullable(r.ScheduleID), now, id)
	return err
}

func remove(ctx context.Context, q db.Querier, id string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM display_commands WHERE display_id = ?`, id); err != nil {
		return err
	}
	_, err := q.ExecContext(ctx, `DELETE FROM displays WHERE id = ?`, id)
	return err
}

func deviceTaken(ctx context.Context, q db.Querier, device string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM displays WHERE device = ?`, device).Scan(&n)
	return n > 0, err
}

// checkSchedule refuses a schedule id that is not one of the franchise's
// schedules; another franchise's schedule looks exactly like a missing one.
func checkSchedule(ctx context.Context, q db.Querier, franchiseID, scheduleID string) error {
	if scheduleID == "" {
		return nil
	}
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM schedules WHERE id = ? AND franchise_id = ?`,
		scheduleID, franchiseID).Scan(&n)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrScheduleNotFound
	}
	return nil
}

func insertCommand(ctx context.Context, q db.Querier, franchiseID, displayID, operation, requestedBy, adminUserID string, now int64) (string, error) {
	id := ids.New()
	_, err := q.ExecContext(ctx, `
		INSERT INTO display_commands (id, display_id, franchise_id, operation, status,
		    requested_by, admin_user_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, displayID, franchiseID, operation, CommandQueued, requestedBy, nullable(adminUserID), now, now)
	return id, err
}
