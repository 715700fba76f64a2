package localcontent

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"vitrine/internal/db"
)

// row is an item as stored.
type row struct {
	ID, FranchiseID, StoreID, ScheduleID, SpaceID string
	Position                                      int
	State                                         string
	MediaID                                       string // "" until a first approval
	StartDate, EndDate                            int64
	DraftMediaID                                  string // "" without a draft
	DraftStartDate, DraftEndDate                  int64
	Reason                                        string
	SentBy                                        string
	SentAt                                        int64
	DecidedBy                                     string
	DecidedAt                                     int64
}

// live and draft are the row's two versions (nil when absent).
func (r row) live() *version {
	if r.MediaID == "" {
		return nil
	}
	return &version{r.MediaID, r.StartDate, r.EndDate}
}

func (r row) draft() *version {
	if r.DraftMediaID == "" {
		return nil
	}
	return &version{r.DraftMediaID, r.DraftStartDate, r.DraftEndDate}
}

// version is a version as stored.
type version struct {
	MediaID            string
	StartDate, EndDate int64
}

func (r *row) setLive(v *version) {
	if v == nil {
		r.MediaID, r.StartDate, r.EndDate = "", 0, 0
		return
	}
	r.MediaID, r.StartDate, r.EndDate = v.MediaID, v.StartDate, v.EndDate
}

func (r *row) setDraft(v *version) {
	if v == nil {
		r.DraftMediaID, r.DraftStartDate, r.DraftEndDate = "", 0, 0
		return
	}
	r.DraftMediaID, r.DraftStartDate, r.DraftEndDate = v.MediaID, v.StartDate, v.EndDate
}

const rowColumns = `id, franchise_id, store_id, schedule_id, space_id, position, state,
	COALESCE(media_id, ''), start_date, end_date, COALESCE(draft_media_id, ''), draft_start_date,
	draft_end_date, reason, sent_by, sent_at, decided_by, decided_at`

func scanRow(sc db.Scanner) (row, error) {
	var r row
	err := sc.Scan(&r.ID, &r.FranchiseID, &r.StoreID, &r.ScheduleID, &r.SpaceID, &r.Position, &r.State,
		&r.MediaID, &r.StartDate, &r.EndDate, &r.DraftMediaID, &r.DraftStartDate, &r.DraftEndDate,
		&r.Reason, &r.SentBy, &r.SentAt, &r.DecidedBy, &r.DecidedAt)
	return r, err
}

func insertRow(ctx context.Context, q db.Querier, r row) error {
	_, err := q.ExecContext(ctx, `INSERT INTO local_items (id, franchise_id, store_id, schedule_id, space_id,
		position, state, media_id, start_date, end_date, draft_media_id, draft_start_date, draft_end_date,
		reason, sent_by, sent_at, decided_by, decided_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.FranchiseID, r.StoreID, r.ScheduleID, r.SpaceID, r.Position, r.State,
		db.NullIfEmpty(r.MediaID), r.StartDate, r.EndDate, db.NullIfEmpty(r.DraftMediaID), r.DraftStartDate,
		r.DraftEndDate, r.Reason, r.SentBy, r.SentAt, r.DecidedBy, r.DecidedAt)
	return err
}

func updateRow(ctx context.Context, q db.Querier, r row) error {
	_, err := q.ExecContext(ctx, `UPDATE local_items SET position = ?, state = ?, media_id = ?, start_date = ?,
		end_date = ?, draft_media_id = ?, draft_start_date = ?, draft_end_date = ?, reason = ?, sent_by = ?,
		sent_at = ?, decided_by = ?, decided_at = ? WHERE id = ? AND franchise_id = ?`,
		r.Position, r.State, db.NullIfEmpty(r.MediaID), r.StartDate, r.EndDate, db.NullIfEmpty(r.DraftMediaID),
		r.DraftStartDate, r.DraftEndDate, r.Reason, r.SentBy, r.SentAt, r.DecidedBy, r.DecidedAt,
		r.ID, r.FranchiseID)
	return err
}

// storeRows lists a store's items, in play order per space.
func storeRows(ctx context.Context, q db.Querier, franchiseID, storeID string) ([]row, error) {
	return db.Collect(ctx, q, scanRow, `SELECT `+rowColumns+` FROM local_items
		WHERE franchise_id = ? AND store_id = ? ORDER BY schedule_id, space_id, position, id`, franchiseID, storeID)
}

// spaceRows lists a store's items of one space, in order, locked for a
// change of the list.
func spaceRows(ctx context.Context, tx *db.Tx, franchiseID, storeID, scheduleID, spaceID string) ([]row, error) {
	return db.Collect(ctx, tx, scanRow, `SELECT `+rowColumns+` FROM local_items
		WHERE franchise_id = ? AND store_id = ? AND schedule_id = ? AND space_id = ?
		ORDER BY position, id`+db.ForUpdate(tx), franchiseID, storeID, scheduleID, spaceID)
}

func getRow(ctx context.Context, tx *db.Tx, franchiseID, storeID, id string) (row, error) {
	r, err := scanRow(tx.QueryRowContext(ctx, `SELECT `+rowColumns+` FROM local_items
		WHERE franchise_id = ? AND store_id = ? AND id = ?`+db.ForUpdate(tx), franchiseID, storeID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return row{}, ErrItemNotFound
	}
	return r, err
}

func deleteRow(ctx context.Context, q db.Querier, franchiseID, id string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM local_items WHERE franchise_id = ? AND id = ?`, franchiseID, id)
	return err
}

func compactIDs(list []string) []string {
	seen := map[string]bool{}
	out := make([]string, 0, len(list))
	for _, id := range list {
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// fill counts, by space id, the stores with items in the schedule's spaces.
func fill(ctx context.Context, q db.Querier, franchiseID, scheduleID string) (map[string]int, error) {
	return counts(ctx, q, `SELECT space_id, COUNT(DISTINCT store_id) FROM local_items
		WHERE franchise_id = ? AND schedule_id = ? GROUP BY space_id`, franchiseID, scheduleID)
}

// storesFilling counts, by schedule, the stores with items in its spaces.
func storesFilling(ctx context.Context, q db.Querier, franchiseID string) (map[string]int, error) {
	return counts(ctx, q, `SELECT schedule_id, COUNT(DISTINCT store_id) FROM local_items
		WHERE franchise_id = ? GROUP BY schedule_id`, franchiseID)
}

// counts reads a query's rows of (key, count) into a map.
func counts(ctx context.Context, q db.Querier, query string, args ...any) (map[string]int, error) {
	type count struct {
		key string
		n   int
	}
	got, err := db.Collect(ctx, q, func(sc db.Scanner) (count, error) {
		var c count
		return c, sc.Scan(&c.key, &c.n)
	}, query, args...)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(got))
	for _, c := range got {
		out[c.key] = c.n
	}
	return out, nil
}

// waiting counts what waits in the franchise.
func waiting(ctx context.Context, q db.Querier, franchiseID string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM local_items WHERE franchise_id = ? AND state = 'pending'`,
		franchiseID).Scan(&n)
	return n, err
}

// waitingPage lists what waits, oldest sent first, after the cursor.
func waitingPage(ctx context.Context, q db.Querier, franchiseID string, after cursor, limit int) ([]row, error) {
	where, args := "", []any{franchiseID}
	if after.id != "" {
		where = ` AND (sent_at > ? OR (sent_at = ? AND id > ?))`
		args = append(args, after.at, after.at, after.id)
	}
	args = append(args, limit)
	return db.Collect(ctx, q, scanRow, `SELECT `+rowColumns+` FROM local_items
		WHERE franchise_id = ? AND state = 'pending'`+where+` ORDER BY sent_at, id LIMIT ?`, args...)
}

// waitingByIDs reads, locked, the items among ids that still wait.
func waitingByIDs(ctx context.Context, tx *db.Tx, franchiseID string, ids []string) ([]row, error) {
	var out []row
	for _, chunk := range db.Chunks(ids) {
		got, err := db.Collect(ctx, tx, scanRow, `SELECT `+rowColumns+` FROM local_items
			WHERE franchise_id = ? AND state = 'pending' AND id IN (`+db.Placeholders(len(chunk))+`)
			ORDER BY sent_at, id`+db.ForUpdate(tx), append([]any{franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
	}
	return out, nil
}

// liveRows lists the approved versions of the stores' items, in play order.
func liveRows(ctx context.Context, q db.Querier, franchiseID string, storeIDs []string) ([]row, error) {
	var out []row
	for _, chunk := range db.Chunks(storeIDs) {
		got, err := db.Collect(ctx, q, scanRow, `SELECT `+rowColumns+` FROM local_items
			WHERE franchise_id = ? AND media_id IS NOT NULL AND store_id IN (`+db.Placeholders(len(chunk))+`)
			ORDER BY store_id, schedule_id, space_id, position, id`, append([]any{franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
	}
	return out, nil
}

// cursor is a place in 'Aprovações': after the item sent at at with id.
type cursor struct {
	at int64
	id string
}

func (c cursor) String() string {
	if c.id == "" {
		return ""
	}
	return strings.Join([]string{itoa(c.at), c.id}, ".")
}
