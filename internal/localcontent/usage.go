package localcontent

import (
	"context"

	"vitrine/internal/db"
	"vitrine/internal/media"
	"vitrine/internal/tenant"
)

// SpaceFill counts, by space id, the stores with items in the schedule's
// local spaces, and the stores with items in any of them
// (schedule.Spaces).
func (s *Service) SpaceFill(ctx context.Context, q db.Querier, franchiseID, scheduleID string) (map[string]int, int, error) {
	bySpace, err := fill(ctx, q, franchiseID, scheduleID)
	if err != nil || len(bySpace) == 0 {
		return bySpace, 0, err
	}
	stores, err := counts(ctx, q, `SELECT schedule_id, COUNT(DISTINCT store_id) FROM local_items
		WHERE franchise_id = ? AND schedule_id = ? GROUP BY schedule_id`, franchiseID, scheduleID)
	return bySpace, stores[scheduleID], err
}

// StoresFilling counts, by schedule id, the stores with items in any of
// its local spaces (schedule.Spaces).
func (s *Service) StoresFilling(ctx context.Context, q db.Querier, franchiseID string) (map[string]int, error) {
	return storesFilling(ctx, q, franchiseID)
}

// DropSpaces deletes what stores put in spaces a schedule's save removed,
// in the save's transaction (schedule.Spaces). The schedule's own record
// names the spaces removed; the stores' TVs get their screens again.
func (s *Service) DropSpaces(ctx context.Context, tx *db.Tx, franchiseID, scheduleID string, spaceIDs []string) error {
	var stores []string
	for _, chunk := range db.Chunks(spaceIDs) {
		args := append([]any{franchiseID, scheduleID}, db.Args(chunk)...)
		got, err := db.Collect(ctx, tx, db.ScanString, `SELECT DISTINCT store_id FROM local_items
			WHERE franchise_id = ? AND schedule_id = ? AND media_id IS NOT NULL
			AND space_id IN (`+db.Placeholders(len(chunk))+`)`, args...)
		if err != nil {
			return err
		}
		stores = append(stores, got...)
		if _, err := tx.ExecContext(ctx, `DELETE FROM local_items WHERE franchise_id = ? AND schedule_id = ?
			AND space_id IN (`+db.Placeholders(len(chunk))+`)`, args...); err != nil {
			return err
		}
	}
	if len(stores) == 0 {
		return nil
	}
	return s.push(ctx, tx, franchiseID, stores...)
}

// SchedulesUsing names no schedule: a store's media play in local spaces,
// not as a schedule's entries (media.Usage).
func (s *Service) SchedulesUsing(context.Context, db.Querier, string, []string) (map[string][]media.ScheduleRef, error) {
	return nil, nil
}

// DetachMedia removes, at once, the items that show deleted media (in
// either version), in the deletion's transaction (media.Usage).
func (s *Service) DetachMedia(ctx context.Context, q db.Querier, franchiseID string, ids []string) error {
	tx, ok := q.(*db.Tx)
	if !ok {
		return nil
	}
	var rows []row
	for _, chunk := range db.Chunks(ids) {
		in := db.Placeholders(len(chunk))
		args := append(append([]any{franchiseID}, db.Args(chunk)...), db.Args(chunk)...)
		got, err := db.Collect(ctx, tx, scanRow, `SELECT `+rowColumns+` FROM local_items
			WHERE franchise_id = ? AND (media_id IN (`+in+`) OR draft_media_id IN (`+in+`))`, args...)
		if err != nil {
			return err
		}
		rows = append(rows, got...)
	}
	if len(rows) == 0 {
		return nil
	}
	t := tenant.Tenant{Franchise: tenant.Franchise{ID: franchiseID}}
	if err := s.removeRows(ctx, tx, t, rows); err != nil {
		return err
	}
	var stores []string
	for _, r := range rows {
		if r.MediaID != "" {
			stores = append(stores, r.StoreID)
		}
	}
	if len(stores) == 0 {
		return nil
	}
	return s.push(ctx, tx, franchiseID, stores...)
}

// MediaChanged has nothing to announce: a store's media are not edited
// after their upload (media.Usage).
func (s *Service) MediaChanged(context.Context, db.Querier, string, []string) error { return nil }
