// Package schedule is a franchise's schedules (programações): what each TV
// linked to one plays, and when. It owns the schedules table; other domains
// reach schedules only through it. For now it answers the lookups TVs need
// (does this schedule exist in the franchise, what is it called); the
// schedule editor builds on it.
package schedule

import (
	"context"
	"database/sql"
	"errors"

	"vitrine/internal/db"
	"vitrine/internal/fault"
)

// ErrNotFound is a schedule that does not exist in the franchise; another
// franchise's schedule looks exactly like a missing one.
var ErrNotFound = fault.New(fault.NotFound, 1081) // "Agenda não encontrada."

// Check tells whether scheduleID is one of the franchise's schedules.
func Check(ctx context.Context, q db.Querier, franchiseID, scheduleID string) error {
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM schedules WHERE id = ? AND franchise_id = ?`,
		scheduleID, franchiseID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
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
