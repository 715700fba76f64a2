package command

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/display"
	"vitrine/internal/franchise"
	"vitrine/internal/ids"
	"vitrine/internal/names"
	"vitrine/internal/tenant"
)

// Service holds the rules for command jobs.
type Service struct {
	db      *db.DB
	now     func() time.Time
	changes *franchise.Changes
}

// NewService returns the command service; changes announces each job to
// the replica holding the player's connection.
func NewService(d *db.DB, now func() time.Time, changes *franchise.Changes) *Service {
	return &Service{db: d, now: now, changes: changes}
}

// Send makes a remote command a job for the TV's player and announces it
// to the replica holding the player's connection. A TV whose player is
// offline (display.Offline) refuses it with display.ErrDeviceNotConnected.
// The session's user, and the administrator behind an impersonation
// session, are recorded with the job, and the job in the audit trail (in
// the TV's store, under the TV's name).
func (s *Service) Send(ctx context.Context, t tenant.Tenant, storeSlug, displayID, operation string) (string, error) {
	if !ValidOperation(operation) {
		return "", ErrOperation
	}
	var jobID string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now()
		if err := display.CheckOnline(ctx, tx, t.ID, storeSlug, displayID, now); err != nil {
			return err
		}
		jobID = ids.New()
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO display_commands (id, display_id, franchise_id, operation, status,
			    requested_by, admin_user_id, created_at, updated_at, deadline_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			jobID, displayID, t.ID, operation, Sent, t.UserID, db.NullIfEmpty(t.AdminUserID),
			now.UnixMilli(), now.UnixMilli(), now.Add(AnswerWithin(operation)).UnixMilli()); err != nil {
			return err
		}
		tv, err := display.Placements(ctx, tx, t.ID, []string{displayID})
		if err != nil {
			return err
		}
		audit.Record(ctx, tx, audit.Entry{
			FranchiseID: t.ID, StoreID: tv[displayID].StoreID, Kind: audit.KindCommand, ID: jobID,
			Name: tv[displayID].Name, Action: audit.ActionSend, At: now,
			Changes: []audit.Change{audit.Set("operation", nil, operation)},
		})
		return s.changes.Announce(ctx, tx, change.Change{FranchiseID: t.ID,
			Commands: []change.Command{{ID: jobID, DisplayID: displayID, Operation: operation}}})
	})
	return jobID, err
}

// List returns a TV's recent command jobs, newest first (at most 20).
func (s *Service) List(ctx context.Context, t tenant.Tenant, storeSlug, displayID string) ([]Command, error) {
	if err := display.Check(ctx, s.db, t.ID, storeSlug, displayID); err != nil {
		return nil, err
	}
	now := s.now()
	out, err := db.Collect(ctx, s.db, func(sc db.Scanner) (Command, error) {
		var c Command
		var completed sql.NullInt64
		var deadline int64
		err := sc.Scan(&c.ID, &c.Operation, &c.Status, &c.Result, &c.Error, &c.FileType,
			&c.CreatedAt, &completed, &deadline)
		c.CompletedAt = completed.Int64
		c.HasFile = c.FileType != ""
		c.Status = Status(c.Status, deadline, now)
		return c, err
	}, `SELECT id, operation, status, result, error, result_type, created_at, completed_at, deadline_at
		FROM display_commands WHERE display_id = ? AND franchise_id = ?
		ORDER BY created_at DESC, id DESC LIMIT 20`, displayID, t.ID)
	if out == nil {
		out = []Command{}
	}
	return out, err
}

// File returns the storage key and type of a job's file (a screenshot or
// a video), for the console to fetch.
func (s *Service) File(ctx context.Context, t tenant.Tenant, storeSlug, displayID, jobID string) (key, contentType string, err error) {
	if err := display.Check(ctx, s.db, t.ID, storeSlug, displayID); err != nil {
		return "", "", err
	}
	err = s.db.QueryRowContext(ctx, `SELECT result_key, result_type FROM display_commands
		WHERE id = ? AND display_id = ? AND franchise_id = ? AND result_key <> ''`, jobID, displayID, t.ID).
		Scan(&key, &contentType)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", ErrNotFound
	}
	return key, contentType, err
}

// JobFor returns the open job jobID of the TV registered with device code:
// a player answers only its own TV's jobs, and only once.
func (s *Service) JobFor(ctx context.Context, code, jobID string) (Job, error) {
	var j Job
	var status string
	err := s.db.QueryRowContext(ctx, `
		SELECT c.id, c.operation, c.display_id, c.franchise_id, c.status
		FROM display_commands c JOIN displays d ON d.id = c.display_id
		WHERE c.id = ? AND d.device = ?`, jobID, code).Scan(&j.ID, &j.Operation, &j.DisplayID, &j.FranchiseID, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, ErrNotFound
	}
	if err != nil {
		return Job{}, err
	}
	if status != Sent && status != Queued {
		return Job{}, ErrAnswered
	}
	return j, nil
}

// Complete records the answer to a job still open (a late answer to a
// timed-out job is recorded too: the result is real).
func (s *Service) Complete(ctx context.Context, j Job, a Answer) error {
	status := Done
	if !a.OK {
		status = Failed
	}
	now := s.now().UnixMilli()
	res, err := s.db.ExecContext(ctx, `
			UPDATE display_commands SET status = ?, result = ?, error = ?, result_key = ?, result_type = ?,
			    completed_at = ?, updated_at = ?
			WHERE id = ? AND status IN (?, ?, ?)`,
		status, names.Clip(strings.TrimSpace(a.Text), 200), names.Clip(strings.TrimSpace(a.Error), 500), a.FileKey, a.FileType, now, now,
		j.ID, Queued, Sent, Timeout)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrAnswered
	}
	// The consoles following the franchise hear of the result at once.
	data, _ := json.Marshal(map[string]string{"id": j.ID, "displayId": j.DisplayID, "operation": j.Operation, "status": status})
	return s.changes.Announce(ctx, s.db, change.Change{FranchiseID: j.FranchiseID,
		Event: &change.Event{Type: "command", Data: data}})
}

// Expire marks as timed out the jobs whose players did not answer before
// their deadline.
func (s *Service) Expire(ctx context.Context) (int64, error) {
	now := s.now().UnixMilli()
	res, err := s.db.ExecContext(ctx, `UPDATE display_commands SET status = ?, updated_at = ?
		WHERE status = ? AND deadline_at > 0 AND deadline_at < ?`, Timeout, now, Sent, now)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Counts returns how many jobs of all franchises are in each status (sent,
// done, failed, timeout), for the metrics.
func (s *Service) Counts(ctx context.Context) (map[string]int, error) {
	return db.CountBy(ctx, s.db, []string{Sent, Done, Failed, Timeout},
		`SELECT status, COUNT(*) FROM display_commands GROUP BY status`)
}
