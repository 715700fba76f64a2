package display

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/ids"
	"vitrine/internal/names"
	"vitrine/internal/tenant"
)

// Command statuses beyond queued: a job is sent to the player, then done or
// failed by its answer, or timed out when no answer came in time.
const (
	CommandSent    = "sent"
	CommandDone    = "done"
	CommandFailed  = "failed"
	CommandTimeout = "timeout"
)

// Errors of the player side.
var (
	ErrDeviceUnknown       = fault.New(fault.NotFound, 100123) // "Dispositivo não encontrado."
	ErrDeviceNotConnected  = fault.New(fault.Conflict, 100124) // "Dispositivo não conectado."
	ErrCommandNotFound     = fault.WithMsg(fault.NotFound, 1003, "Comando não encontrado.")
	ErrCommandAnswered     = fault.WithMsg(fault.Conflict, 1003, "Este comando já foi respondido.")
	ErrCommandResultFormat = fault.Invalidf("Resultado inválido para este comando.")
)

// Paired is what the player of a TV needs to know of it: the TV registered
// with the player's device code, its store and its schedule.
type Paired struct {
	DisplayID          string
	Name               string
	Device             string
	FranchiseID        string
	StoreID            string
	Store              string // store slug
	StoreName          string
	StoreCity          string
	StoreState         string
	ContentOrientation int
	ScheduleID         string // "" when none
}

// PairedByDevice returns the TVs registered with the codes, keyed by code;
// codes without a TV are absent.
func (s *Service) PairedByDevice(ctx context.Context, codes []string) (map[string]Paired, error) {
	out := make(map[string]Paired, len(codes))
	for _, chunk := range db.Chunks(codes) {
		rows, err := s.db.QueryContext(ctx, `
			SELECT d.id, d.name, d.device, d.franchise_id, d.store_id, st.slug, st.name, st.city, st.state,
			       d.content_orientation, COALESCE(d.schedule_id, '')
			FROM displays d JOIN stores st ON st.id = d.store_id
			WHERE d.device IN (`+db.Placeholders(len(chunk))+`)`, db.Args(chunk)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var p Paired
			if err := rows.Scan(&p.DisplayID, &p.Name, &p.Device, &p.FranchiseID, &p.StoreID,
				&p.Store, &p.StoreName, &p.StoreCity, &p.StoreState, &p.ContentOrientation, &p.ScheduleID); err != nil {
				rows.Close()
				return nil, err
			}
			out[p.Device] = p
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Status is a change of TV status a hub reports: a connection opened or
// closed, or acks received.
type Status struct {
	DisplayID    string
	FranchiseID  string
	ConnectionID string // the connection that reports
	Online       bool   // false: the connection closed
	Ack          int64  // epoch ms of the last ack (or of the connection)
}

// RecordStatus writes a batch of status changes, one transaction per
// franchise, and bumps each franchise's revision once so the lists follow.
// A closing connection clears the online flag only when it is still the
// TV's current connection: a player that reconnected elsewhere stays online.
func (s *Service) RecordStatus(ctx context.Context, batch []Status) error {
	byFranchise := map[string][]Status{}
	for _, st := range batch {
		byFranchise[st.FranchiseID] = append(byFranchise[st.FranchiseID], st)
	}
	var errs []error
	for franchiseID, list := range byFranchise {
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			var touched []string
			for _, st := range list {
				var res sql.Result
				var err error
				if st.Online {
					res, err = tx.ExecContext(ctx, `UPDATE displays SET connected = 1, connection_id = ?,
						last_connection_ack = ? WHERE id = ? AND franchise_id = ?`,
						st.ConnectionID, st.Ack, st.DisplayID, franchiseID)
				} else {
					res, err = tx.ExecContext(ctx, `UPDATE displays SET connected = 0, connection_id = '',
						last_connection_ack = ? WHERE id = ? AND franchise_id = ? AND connection_id = ?`,
						st.Ack, st.DisplayID, franchiseID, st.ConnectionID)
				}
				if err != nil {
					return err
				}
				if n, _ := res.RowsAffected(); n > 0 {
					touched = append(touched, st.DisplayID)
				}
			}
			if len(touched) == 0 {
				return nil
			}
			return s.changes.Touch(ctx, tx, change.Change{FranchiseID: franchiseID, Displays: touched, StatusOnly: true})
		})
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Command is a remote command job as the console shows it.
type Command struct {
	ID          string `json:"id"`
	Operation   string `json:"operation"`
	Status      string `json:"status"` // sent | done | failed | timeout
	Result      string `json:"result"` // text answer (identifyVersion)
	Error       string `json:"error"`
	HasFile     bool   `json:"hasFile"` // a screenshot or a video to fetch
	FileType    string `json:"fileType,omitempty"`
	CreatedAt   int64  `json:"createdAt"`
	CompletedAt int64  `json:"completedAt,omitempty"`
}

// AnswerWithin is how long a player has to answer operation.
func AnswerWithin(operation string) time.Duration {
	if operation == "recordVideo" {
		return 2 * time.Minute
	}
	return time.Minute
}

// SendCommand makes a remote command a job for the TV's player and
// announces it to the replica holding the player's connection. A TV whose
// player is not connected (or whose last ack is too old) refuses it with
// ErrDeviceNotConnected. The session's user, and the administrator behind
// an impersonation session, are recorded with the job.
func (s *Service) SendCommand(ctx context.Context, t tenant.Tenant, storeSlug, id, operation string) (string, error) {
	if !ValidOperation(operation) {
		return "", ErrOperation
	}
	var jobID string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := load(ctx, tx, t.ID, storeSlug, id); err != nil {
			return err
		}
		var connected int
		var ack int64
		if err := tx.QueryRowContext(ctx, `SELECT connected, last_connection_ack FROM displays WHERE id = ?`, id).
			Scan(&connected, &ack); err != nil {
			return err
		}
		now := s.now()
		if Offline(connected == 1, ack, now) {
			return ErrDeviceNotConnected
		}
		jobID = ids.New()
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO display_commands (id, display_id, franchise_id, operation, status,
			    requested_by, admin_user_id, created_at, updated_at, deadline_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			jobID, id, t.ID, operation, CommandSent, t.UserID, db.NullIfEmpty(t.AdminUserID),
			now.UnixMilli(), now.UnixMilli(), now.Add(AnswerWithin(operation)).UnixMilli()); err != nil {
			return err
		}
		return s.changes.Announce(ctx, tx, change.Change{FranchiseID: t.ID,
			Commands: []change.Command{{ID: jobID, DisplayID: id, Operation: operation}}})
	})
	return jobID, err
}

// Commands lists a TV's recent command jobs, newest first (at most 20).
func (s *Service) Commands(ctx context.Context, t tenant.Tenant, storeSlug, id string) ([]Command, error) {
	if _, err := load(ctx, s.db, t.ID, storeSlug, id); err != nil {
		return nil, err
	}
	out, err := db.Collect(ctx, s.db, func(sc db.Scanner) (Command, error) {
		var c Command
		var completed sql.NullInt64
		var deadline int64
		err := sc.Scan(&c.ID, &c.Operation, &c.Status, &c.Result, &c.Error, &c.FileType,
			&c.CreatedAt, &completed, &deadline)
		c.CompletedAt = completed.Int64
		c.HasFile = c.FileType != ""
		if c.Status == CommandSent && s.now().UnixMilli() > deadline {
			c.Status = CommandTimeout // not swept yet
		}
		return c, err
	}, `SELECT id, operation, status, result, error, result_type, created_at, completed_at, deadline_at
		FROM display_commands WHERE display_id = ? AND franchise_id = ?
		ORDER BY created_at DESC, id DESC LIMIT 20`, id, t.ID)
	if out == nil {
		out = []Command{}
	}
	return out, err
}

// CommandFile returns the storage key and type of a job's file (a
// screenshot or a video), for the console to fetch.
func (s *Service) CommandFile(ctx context.Context, t tenant.Tenant, storeSlug, id, jobID string) (key, contentType string, err error) {
	if _, err := load(ctx, s.db, t.ID, storeSlug, id); err != nil {
		return "", "", err
	}
	err = s.db.QueryRowContext(ctx, `SELECT result_key, result_type FROM display_commands
		WHERE id = ? AND display_id = ? AND franchise_id = ? AND result_key <> ''`, jobID, id, t.ID).
		Scan(&key, &contentType)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", ErrCommandNotFound
	}
	return key, contentType, err
}

// Job is a command job as its player sees it when answering.
type Job struct {
	ID            string
	Operation     string
	DisplayID     string
	FranchiseID   string
	FranchiseSlug string // filled by the caller for storage keys
}

// JobFor returns the open job id of the TV registered with device code: a
// player answers only its own TV's jobs, and only once.
func (s *Service) JobFor(ctx context.Context, code, jobID string) (Job, error) {
	var j Job
	var status string
	err := s.db.QueryRowContext(ctx, `
		SELECT c.id, c.operation, c.display_id, c.franchise_id, c.status
		FROM display_commands c JOIN displays d ON d.id = c.display_id
		WHERE c.id = ? AND d.device = ?`, jobID, code).Scan(&j.ID, &j.Operation, &j.DisplayID, &j.FranchiseID, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, ErrCommandNotFound
	}
	if err != nil {
		return Job{}, err
	}
	if status != CommandSent && status != CommandQueued {
		return Job{}, ErrCommandAnswered
	}
	return j, nil
}

// Answer is a player's answer to a job.
type Answer struct {
	OK       bool   `json:"ok"`
	Text     string `json:"text"`
	Error    string `json:"error"`
	FileKey  string `json:"-"` // storage key of the uploaded file
	FileType string `json:"-"`
}

// CompleteCommand records the answer to a job still open (a late answer to a
// timed-out job is recorded too: the result is real).
func (s *Service) CompleteCommand(ctx context.Context, j Job, a Answer) error {
	status := CommandDone
	if !a.OK {
		status = CommandFailed
	}
	now := s.now().UnixMilli()
	res, err := s.db.ExecContext(ctx, `
			UPDATE display_commands SET status = ?, result = ?, error = ?, result_key = ?, result_type = ?,
			    completed_at = ?, updated_at = ?
			WHERE id = ? AND status IN (?, ?, ?)`,
		status, names.Clip(strings.TrimSpace(a.Text), 200), names.Clip(strings.TrimSpace(a.Error), 500), a.FileKey, a.FileType, now, now,
		j.ID, CommandQueued, CommandSent, CommandTimeout)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrCommandAnswered
	}
	return nil
}

// ExpireCommands marks as timed out the jobs whose players did not answer
// before their deadline.
func (s *Service) ExpireCommands(ctx context.Context) (int64, error) {
	now := s.now().UnixMilli()
	res, err := s.db.ExecContext(ctx, `UPDATE display_commands SET status = ?, updated_at = ?
		WHERE status = ? AND deadline_at > 0 AND deadline_at < ?`, CommandTimeout, now, CommandSent, now)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// CommandCounts returns how many command jobs of all franchises are in
// each status (sent, done, failed, timeout), for the metrics.
func (s *Service) CommandCounts(ctx context.Context) (map[string]int, error) {
	return db.CountBy(ctx, s.db, []string{CommandSent, CommandDone, CommandFailed, CommandTimeout},
		`SELECT status, COUNT(*) FROM display_commands GROUP BY status`)
}
