package advertise

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"

	"vitrine/internal/db"
	"vitrine/internal/ids"
)

// row is an advertisement as stored.
type row struct {
	ID, Name             string
	DisplayTime          int
	StartsAt, EndsAt     int64
	First, Last          Day
	Media                []MediaItem
	CreatedAt, UpdatedAt int64
}

func (r row) period() period { return period{r.First, r.Last} }

const rowColumns = `a.id, a.name, a.display_time, a.starts_at, a.ends_at, a.first_day, a.last_day, a.media,
	a.created_at, a.updated_at`

func scanRow(sc db.Scanner) (row, error) {
	var r row
	var media string
	err := sc.Scan(&r.ID, &r.Name, &r.DisplayTime, &r.StartsAt, &r.EndsAt, &r.First, &r.Last, &media,
		&r.CreatedAt, &r.UpdatedAt)
	if err != nil {
		return row{}, err
	}
	if err := json.Unmarshal([]byte(media), &r.Media); err != nil {
		return row{}, err
	}
	if r.Media == nil {
		r.Media = []MediaItem{}
	}
	return r, nil
}

func listRows(ctx context.Context, q db.Querier, franchiseID string) ([]row, error) {
	return db.Collect(ctx, q, scanRow, `SELECT `+rowColumns+` FROM advertisements a WHERE a.franchise_id = ?`, franchiseID)
}

// getRow reads one advertisement of the franchise; lock holds it until the
// transaction ends (a read-modify-write).
func getRow(ctx context.Context, q db.Querier, franchiseID, id string, lock bool) (row, error) {
	query := `SELECT ` + rowColumns + ` FROM advertisements a WHERE a.franchise_id = ? AND a.id = ?`
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
	media, err := json.Marshal(r.Media)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `
		INSERT INTO advertisements (id, franchise_id, name, display_time, starts_at, ends_at, first_day, last_day,
		    media, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, franchiseID, r.Name, r.DisplayTime, r.StartsAt, r.EndsAt, int(r.First), int(r.Last), string(media),
		r.CreatedAt, r.UpdatedAt)
	return err
}

func updateRow(ctx context.Context, q db.Querier, franchiseID string, r row) error {
	media, err := json.Marshal(r.Media)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `
		UPDATE advertisements SET name = ?, display_time = ?, starts_at = ?, ends_at = ?, first_day = ?, last_day = ?,
		    media = ?, updated_at = ?
		WHERE franchise_id = ? AND id = ?`,
		r.Name, r.DisplayTime, r.StartsAt, r.EndsAt, int(r.First), int(r.Last), string(media), r.UpdatedAt,
		franchiseID, r.ID)
	return err
}

// deleteRow removes an advertisement; its screens, positions and plays go
// with it (foreign keys).
func deleteRow(ctx context.Context, q db.Querier, franchiseID, id string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM advertisements WHERE franchise_id = ? AND id = ?`, franchiseID, id)
	return err
}

// screenCounts is the number of screens of each of the franchise's
// advertisements.
func screenCounts(ctx context.Context, q db.Querier, franchiseID string) (map[string]int, error) {
	rows, err := q.QueryContext(ctx, `
		SELECT ad.advertisement_id, COUNT(*) FROM ad_displays ad
		JOIN advertisements a ON a.id = ad.advertisement_id
		WHERE a.franchise_id = ? GROUP BY ad.advertisement_id`, franchiseID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}

// screensOf lists the screens an advertisement was sold on, with their
// names and stores (a TV removed since is gone from the list).
func screensOf(ctx context.Context, q db.Querier, adID string) ([]Screen, error) {
	return db.Collect(ctx, q, func(sc db.Scanner) (Screen, error) {
		var s Screen
		err := sc.Scan(&s.DisplayID, &s.Name, &s.StoreSlug, &s.StoreName, &s.ScheduleID, &s.SlotID)
		return s, err
	}, `SELECT ad.display_id, d.name, st.slug, st.name, ad.schedule_id, ad.slot_id
		FROM ad_displays ad
		JOIN displays d ON d.id = ad.display_id
		JOIN stores st ON st.id = d.store_id
		WHERE ad.advertisement_id = ?`, adID)
}

// insertScreens records the screens an advertisement was sold on.
func insertScreens(ctx context.Context, q db.Querier, franchiseID string, r row, targets []target) error {
	rows := make([][]any, len(targets))
	for i, t := range targets {
		rows[i] = []any{r.ID, t.DisplayID, t.ScheduleID, t.Slot.ID, franchiseID, int(r.First), int(r.Last)}
	}
	return insertMany(ctx, q, `INSERT INTO ad_displays (advertisement_id, display_id, schedule_id, slot_id,
		franchise_id, first_day, last_day) VALUES `, rows)
}

// setScreensPeriod keeps the advertisement's days on its screens' rows.
func setScreensPeriod(ctx context.Context, q db.Querier, r row) error {
	_, err := q.ExecContext(ctx, `UPDATE ad_displays SET first_day = ?, last_day = ? WHERE advertisement_id = ?`,
		int(r.First), int(r.Last), r.ID)
	return err
}

// insertMany runs prefix with rows as multi-row VALUES, in batches.
func insertMany(ctx context.Context, q db.Querier, prefix string, rows [][]any) error {
	return insertManySuffix(ctx, q, prefix, "", rows, nil)
}

// insertManySuffix is insertMany with a suffix after the VALUES (ON
// CONFLICT …); affected, when set, adds up the rows written.
func insertManySuffix(ctx context.Context, q db.Querier, prefix, suffix string, rows [][]any, affected *int64) error {
	const batch = 200
	for start := 0; start < len(rows); start += batch {
		end := min(start+batch, len(rows))
		var b strings.Builder
		b.WriteString(prefix)
		var args []any
		for i, r := range rows[start:end] {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(" + db.Placeholders(len(r)) + ")")
			args = append(args, r...)
		}
		b.WriteString(suffix)
		res, err := q.ExecContext(ctx, b.String(), args...)
		if err != nil {
			return err
		}
		if affected != nil {
			n, err := res.RowsAffected()
			if err != nil {
				return err
			}
			*affected += n
		}
	}
	return nil
}

var newID = ids.New
