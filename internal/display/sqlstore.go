package display

import (
	"context"
	"database/sql"
	"errors"

	"vitrine/internal/db"
	"vitrine/internal/ids"
	"vitrine/internal/names"
	"vitrine/internal/schedule"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

// row is a display's editable stored fields.
type row struct {
	Name, Device, Detail            string
	Orientation, ContentOrientation int
	ScheduleID                      string // "" = none
	StoreID                         string // set by load
}

// columns are read by list and get, joined with the store for its slug.
// The schedule's name comes from the schedule domain (withScheduleNames).
const columns = `d.id, d.name, d.device, st.slug, d.detail, d.orientation, d.content_orientation,
	COALESCE(d.schedule_id, ''), d.connected, d.last_connection_ack, d.acked_hash, d.acked_at, d.created_at, d.updated_at,
	COALESCE(h.problems, ''), COALESCE(h.errors_since, 0)
	FROM displays d
	JOIN stores st ON st.id = d.store_id
	LEFT JOIN display_health h ON h.display_id = d.id`

func scan(sc db.Scanner) (Display, error) {
	var d Display
	var connected int
	err := sc.Scan(&d.ID, &d.Name, &d.Device, &d.Store, &d.Detail, &d.Orientation,
		&d.ContentOrientation, &d.Schedule, &connected, &d.LastConnectionAck, &d.AckedHash, &d.AckedAt,
		&d.CreatedAt, &d.UpdatedAt, &d.problems, &d.errorsSince)
	d.Connected = connected == 1
	return d, err
}

// list reads the TVs of a franchise, or of one of its stores when storeID is
// not empty.
func list(ctx context.Context, q db.Querier, t tenant.Tenant, storeID string) ([]Display, error) {
	query := `SELECT ` + columns + ` WHERE d.franchise_id = ?`
	args := []any{t.ID}
	if storeID != "" {
		query += ` AND d.store_id = ?`
		args = append(args, storeID)
	} else if !t.Whole() { // a scoped member's stores only
		if len(t.Stores) == 0 {
			return []Display{}, nil
		}
		query += ` AND d.store_id IN (` + db.Placeholders(len(t.Stores)) + `)`
		args = append(args, db.Args(t.Stores)...)
	}
	out, err := db.Collect(ctx, q, scan, query, args...)
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = []Display{}
	}
	return out, withScheduleNames(ctx, q, t, out)
}

// get reads one TV of a store of the franchise.
func get(ctx context.Context, q db.Querier, t tenant.Tenant, storeSlug, id string) (Display, error) {
	d, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+`
		WHERE d.franchise_id = ? AND st.slug = ? AND d.id = ?`, t.ID, storeSlug, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Display{}, ErrNotFound
	}
	if err != nil {
		return Display{}, err
	}
	one := []Display{d}
	if err := withScheduleNames(ctx, q, t, one); err != nil {
		return Display{}, err
	}
	return one[0], nil
}

// withScheduleNames fills in the franchise slug and each linked schedule's
// name, with one lookup of the franchise's schedules when any is linked.
func withScheduleNames(ctx context.Context, q db.Querier, t tenant.Tenant, list []Display) error {
	linked := false
	for i := range list {
		list[i].Franchise = t.Slug
		linked = linked || list[i].Schedule != ""
	}
	if !linked {
		return nil
	}
	names, err := schedule.Names(ctx, q, t.ID)
	if err != nil {
		return err
	}
	for i := range list {
		list[i].ScheduleName = names[list[i].Schedule]
	}
	return nil
}

// Check tells whether the TV id is in the store storeSlug of the franchise:
// an unknown store is store.ErrNotFound (1061), an unknown TV ErrNotFound
// (100121).
func Check(ctx context.Context, q db.Querier, franchiseID, storeSlug, id string) error {
	_, err := load(ctx, q, franchiseID, storeSlug, id)
	return err
}

// load reads a TV's editable fields, locking the row until the
// transaction ends. An unknown store is ErrNotFound of the
// store domain (1061); an unknown TV in a known store, ErrNotFound (100121).
func load(ctx context.Context, q db.Querier, franchiseID, storeSlug, id string) (row, error) {
	storeID, err := store.ID(ctx, q, franchiseID, storeSlug)
	if err != nil {
		return row{}, err
	}
	r := row{StoreID: storeID}
	err = q.QueryRowContext(ctx, `
		SELECT name, device, detail, orientation, content_orientation, COALESCE(schedule_id, '')
		FROM displays WHERE franchise_id = ? AND store_id = ? AND id = ?`+db.ForUpdate(q), franchiseID, storeID, id).
		Scan(&r.Name, &r.Device, &r.Detail, &r.Orientation, &r.ContentOrientation, &r.ScheduleID)
	if errors.Is(err, sql.ErrNoRows) {
		return row{}, ErrNotFound
	}
	return r, err
}

func insert(ctx context.Context, q db.Querier, franchiseID, storeID string, r row, now int64) (string, error) {
	id := ids.New()
	_, err := q.ExecContext(ctx, `
		INSERT INTO displays (id, franchise_id, store_id, name, name_key, device, detail, orientation,
		    content_orientation, schedule_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, franchiseID, storeID, r.Name, names.Key(r.Name), r.Device, r.Detail, r.Orientation, r.ContentOrientation,
		db.NullIfEmpty(r.ScheduleID), now, now)
	return id, err
}

func update(ctx context.Context, q db.Querier, id string, r row, now int64) error {
	_, err := q.ExecContext(ctx, `
		UPDATE displays SET name = ?, detail = ?, orientation = ?, content_orientation = ?,
		    schedule_id = ?, updated_at = ?
		WHERE id = ?`,
		r.Name, r.Detail, r.Orientation, r.ContentOrientation, db.NullIfEmpty(r.ScheduleID), now, id)
	return err
}

// remove deletes a TV; its command jobs go with it (ON DELETE CASCADE).
func remove(ctx context.Context, q db.Querier, id string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM displays WHERE id = ?`, id)
	return err
}

func deviceTaken(ctx context.Context, q db.Querier, device string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM displays WHERE device = ?`, device).Scan(&n)
	return n > 0, err
}

// deviceAnnounced tells whether a player announced code (or it was reserved).
func deviceAnnounced(ctx context.Context, q db.Querier, code string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM devices WHERE code = ?`, code).Scan(&n)
	return n > 0, err
}

// Placement is where a TV is and what it plays, as the ads center sells
// positions on it.
type Placement struct {
	ID, Name   string
	ScheduleID string // "" = none
	StoreID    string // whose time zone the TV's days follow (store.TimeZones)
	StoreSlug  string
	StoreName  string
}

const placementColumns = `d.id, d.name, COALESCE(d.schedule_id, ''), d.store_id, st.slug, st.name
	FROM displays d JOIN stores st ON st.id = d.store_id`

func scanPlacement(sc db.Scanner) (Placement, error) {
	var p Placement
	err := sc.Scan(&p.ID, &p.Name, &p.ScheduleID, &p.StoreID, &p.StoreSlug, &p.StoreName)
	return p, err
}

// Placements returns the franchise's TVs among ids, by id. It reads
// through q, so a caller reads them in its own transaction.
func Placements(ctx context.Context, q db.Querier, franchiseID string, ids []string) (map[string]Placement, error) {
	out := make(map[string]Placement, len(ids))
	for _, chunk := range db.Chunks(ids) {
		list, err := db.Collect(ctx, q, scanPlacement, `SELECT `+placementColumns+`
			WHERE d.franchise_id = ? AND d.id IN (`+db.Placeholders(len(chunk))+`)`,
			append([]any{franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		for _, p := range list {
			out[p.ID] = p
		}
	}
	return out, nil
}

// Linked returns every TV of the franchise that is linked to a schedule.
func Linked(ctx context.Context, q db.Querier, franchiseID string) ([]Placement, error) {
	return db.Collect(ctx, q, scanPlacement, `SELECT `+placementColumns+`
		WHERE d.franchise_id = ? AND d.schedule_id IS NOT NULL`, franchiseID)
}

// Playing returns the ids of the franchise's TVs linked to the schedule.
func Playing(ctx context.Context, q db.Querier, franchiseID, scheduleID string) ([]string, error) {
	return db.Collect(ctx, q, db.ScanString,
		`SELECT id FROM displays WHERE franchise_id = ? AND schedule_id = ?`, franchiseID, scheduleID)
}

// Orientations returns, by store id and schedule id, the content
// orientation of the oldest TV of each of the stores playing the schedule.
func Orientations(ctx context.Context, q db.Querier, franchiseID string, storeIDs []string) (map[[2]string]int, error) {
	out := map[[2]string]int{}
	for _, chunk := range db.Chunks(storeIDs) {
		type o struct {
			store, schedule string
			orientation     int
		}
		got, err := db.Collect(ctx, q, func(sc db.Scanner) (o, error) {
			var x o
			return x, sc.Scan(&x.store, &x.schedule, &x.orientation)
		}, `SELECT store_id, schedule_id, content_orientation FROM displays
			WHERE franchise_id = ? AND schedule_id IS NOT NULL AND store_id IN (`+db.Placeholders(len(chunk))+`)
			ORDER BY created_at DESC, id DESC`, append([]any{franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		for _, x := range got {
			out[[2]string{x.store, x.schedule}] = x.orientation // the oldest last: it stays
		}
	}
	return out, nil
}

// InStore returns the ids of the franchise's TVs in the store storeID.
func InStore(ctx context.Context, q db.Querier, franchiseID, storeID string) ([]string, error) {
	return db.Collect(ctx, q, db.ScanString,
		`SELECT id FROM displays WHERE franchise_id = ? AND store_id = ?`, franchiseID, storeID)
}

// count counts the TVs of t's stores.
func count(ctx context.Context, q db.Querier, t tenant.Tenant) (int, error) {
	query, args := `SELECT COUNT(*) FROM displays WHERE franchise_id = ?`, []any{t.ID}
	if !t.Whole() {
		if len(t.Stores) == 0 {
			return 0, nil
		}
		query += ` AND store_id IN (` + db.Placeholders(len(t.Stores)) + `)`
		args = append(args, db.Args(t.Stores)...)
	}
	var n int
	err := q.QueryRowContext(ctx, query, args...).Scan(&n)
	return n, err
}
