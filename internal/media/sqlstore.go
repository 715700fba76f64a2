package media

import (
	"context"
	"database/sql"
	"errors"

	"vitrine/internal/db"
)

// Every query names the franchise: a media of another tenant is simply not
// found.

const mediaColumns = `id, name, type, folder, file_path, thumbnail_path, content_type, size,
	width, height, duration_ms, fps, display_time, volume, limit_by_hour, created_at, updated_at`

func scanMedia(s db.Scanner) (Media, error) {
	var (
		m          Media
		durationMs int64
	)
	err := s.Scan(&m.ID, &m.Name, &m.Type, &m.Folder, &m.FilePath, &m.thumbnailPath, &m.ContentType, &m.Size,
		&m.Width, &m.Height, &durationMs, &m.FPS, &m.DisplayTime, &m.Volume, &m.LimitByHour, &m.CreatedAt, &m.UpdatedAt)
	m.Duration = float64(durationMs) / 1000
	return m, err
}

// anyStore names every store's own folder at once.
const anyStore = "*"

// inLibrary narrows a query to the library of storeID: the network's
// ("", store_id NULL) or a store's own folder. A media of one never answers
// for the other.
func inLibrary(storeID string) (string, []any) {
	switch storeID {
	case "":
		return ` AND store_id IS NULL`, nil
	case anyStore:
		return ` AND store_id IS NOT NULL`, nil
	}
	return ` AND store_id = ?`, []any{storeID}
}

func listMedia(ctx context.Context, q db.Querier, franchiseID, storeID string) ([]Media, error) {
	where, args := inLibrary(storeID)
	if storeID != "" {
		where += ` ORDER BY created_at DESC, id` // a store's folder: newest first
	}
	out, err := db.Collect(ctx, q, scanMedia, `SELECT `+mediaColumns+` FROM media WHERE franchise_id = ?`+where,
		append([]any{franchiseID}, args...)...)
	if out == nil && err == nil {
		out = []Media{}
	}
	return out, err
}

func getMedia(ctx context.Context, q db.Querier, franchiseID, id string) (Media, error) {
	return scanOne(q.QueryRowContext(ctx,
		`SELECT `+mediaColumns+` FROM media WHERE franchise_id = ? AND id = ? AND store_id IS NULL`, franchiseID, id))
}

// lockMedia reads a media inside a transaction that will write it back,
// holding the row until the commit.
func lockMedia(ctx context.Context, tx *db.Tx, franchiseID, id string) (Media, error) {
	return scanOne(tx.QueryRowContext(ctx,
		`SELECT `+mediaColumns+` FROM media WHERE franchise_id = ? AND id = ? AND store_id IS NULL`+db.ForUpdate(tx), franchiseID, id))
}

func scanOne(row *sql.Row) (Media, error) {
	m, err := scanMedia(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Media{}, ErrNotFound
	}
	return m, err
}

func getMediaByIDs(ctx context.Context, q db.Querier, franchiseID, storeID string, ids []string) ([]Media, error) {
	var out []Media
	where, lib := inLibrary(storeID)
	for _, chunk := range db.Chunks(ids) {
		args := append(append([]any{franchiseID}, lib...), db.Args(chunk)...)
		found, err := db.Collect(ctx, q, scanMedia, `SELECT `+mediaColumns+` FROM media
			WHERE franchise_id = ?`+where+` AND id IN (`+db.Placeholders(len(chunk))+`)`, args...)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	return out, nil
}

func filePathTaken(ctx context.Context, q db.Querier, filePath string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM media WHERE file_path = ?`, filePath).Scan(&n)
	return n > 0, err
}

func insertMedia(ctx context.Context, q db.Querier, franchiseID string, m Media) error {
	var store any // NULL: the network's library
	if m.storeID != "" {
		store = m.storeID
	}
	_, err := q.ExecContext(ctx, `INSERT INTO media (id, franchise_id, name, type, folder, file_path,
		thumbnail_path, content_type, size, width, height, duration_ms, fps, display_time, volume,
		limit_by_hour, created_at, updated_at, store_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		m.ID, franchiseID, m.Name, m.Type, m.Folder, m.FilePath, m.thumbnailPath, m.ContentType, m.Size,
		m.Width, m.Height, int64(m.Duration*1000), m.FPS, m.DisplayTime, m.Volume, m.LimitByHour,
		m.CreatedAt, m.UpdatedAt, store)
	return err
}

func updateMedia(ctx context.Context, q db.Querier, franchiseID string, m Media) error {
	res, err := q.ExecContext(ctx, `UPDATE media SET name = ?, folder = ?, volume = ?, limit_by_hour = ?,
		updated_at = ? WHERE franchise_id = ? AND id = ? AND store_id IS NULL`,
		m.Name, m.Folder, m.Volume, m.LimitByHour, m.UpdatedAt, franchiseID, m.ID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

func deleteMedia(ctx context.Context, q db.Querier, franchiseID string, ids []string) (int64, error) {
	var deleted int64
	for _, chunk := range db.Chunks(ids) {
		args := append([]any{franchiseID}, db.Args(chunk)...)
		res, err := q.ExecContext(ctx, `DELETE FROM media WHERE franchise_id = ? AND id IN (`+
			db.Placeholders(len(chunk))+`)`, args...)
		if err != nil {
			return 0, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return 0, err
		}
		deleted += n
	}
	return deleted, nil
}
