package display

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/db"
)

// OfflineAfter is how old a TV's last ack may be before the TV counts as
// offline although its connection flag is still set (the replica that held
// it stopped without saying so).
const OfflineAfter = 6 * time.Minute

// Offline is the TV status rule (DESIGN.md, TV status): a TV is offline when
// its player is not connected, never acknowledged (lastAck 0, epoch ms), or
// acknowledged more than OfflineAfter before now; exactly OfflineAfter is
// still online. The console applies the same rule on the server's clock;
// both run api/offline-cases.json.
func Offline(connected bool, lastAck int64, now time.Time) bool {
	return !connected || lastAck == 0 || now.Sub(time.UnixMilli(lastAck)) > OfflineAfter
}

// CheckOnline tells, in q's transaction, whether the TV id of a store of
// the franchise may be sent a remote command at now: an unknown store or
// TV is not found, an Offline one is ErrDeviceNotConnected. The TV's row
// stays locked until the transaction ends.
func CheckOnline(ctx context.Context, q db.Querier, franchiseID, storeSlug, id string, now time.Time) error {
	if _, err := load(ctx, q, franchiseID, storeSlug, id); err != nil {
		return err
	}
	var connected int
	var ack int64
	err := q.QueryRowContext(ctx, `SELECT connected, last_connection_ack FROM displays WHERE id = ?`, id).
		Scan(&connected, &ack)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if Offline(connected == 1, ack, now) {
		return ErrDeviceNotConnected
	}
	return nil
}

// Status is a change of TV status a hub reports: a connection opened or
// closed, or acks received.
type Status struct {
	DisplayID    string
	FranchiseID  string
	ConnectionID string // the connection that reports
	Online       bool   // false: the connection closed
	Ack          int64  // epoch ms of the last ack (or of the connection)
	// Hash is the content hash of the schedule the player acknowledged,
	// recorded with AckedAt (epoch ms; 0 = Ack) as its time when
	// HashAcked; other changes keep the stored one. A close may carry the
	// connection's last hash not yet recorded.
	Hash      string
	HashAcked bool
	AckedAt   int64
}

// ackedAt is when st's hash was acknowledged.
func (st Status) ackedAt() int64 {
	if st.AckedAt != 0 {
		return st.AckedAt
	}
	return st.Ack
}

// RecordStatus writes a batch of status changes, one transaction per
// franchise, and bumps each franchise's revision once so the lists follow.
// A closing connection clears the online flag only when it is still the
// TV's current connection: a player that reconnected elsewhere stays online.
//
// A TV's opened connections and acks come down to its latest (with the
// latest schedule hash acknowledged), written for many TVs per statement:
// after a push every player acks a new hash, and a row update each cost
// more than the push itself. Closes follow, as many TVs per statement (the
// players of a replica that stops close together), so a connection that
// opened and closed within the batch ends closed. On PostgreSQL the
// batch's rows are first locked in the order of their TV ids: replicas
// writing the batches of a reconnect storm — one closing the sockets a
// player left, the other opening the new ones — then lock the same rows in
// the same order and never deadlock. A transaction the database aborts
// anyway (a deadlock with another writer) is run again.
func (s *Service) RecordStatus(ctx context.Context, batch []Status) error {
	byFranchise := map[string][]Status{}
	for _, st := range batch {
		byFranchise[st.FranchiseID] = append(byFranchise[st.FranchiseID], st)
	}
	var errs []error
	for franchiseID, list := range byFranchise {
		slices.SortStableFunc(list, func(a, b Status) int { return strings.Compare(a.DisplayID, b.DisplayID) })
		online, closes := splitStatus(list)
		err := s.db.InTxRetrying(ctx, func(tx *db.Tx) error {
			if err := lockInOrder(ctx, tx, franchiseID, list); err != nil {
				return err
			}
			touched, err := recordOnline(ctx, tx, franchiseID, online)
			if err != nil {
				return err
			}
			closed, err := recordCloses(ctx, tx, franchiseID, closes)
			if err != nil {
				return err
			}
			touched = append(touched, closed...)
			if len(touched) == 0 {
				return nil
			}
			slices.Sort(touched)
			touched = slices.Compact(touched)
			return s.changes.Touch(ctx, tx, change.Change{FranchiseID: franchiseID, Displays: touched, StatusOnly: true})
		})
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// statusChunk is how many TVs one statement of RecordStatus names (six
// parameters each, well under both databases' limits).
const statusChunk = 500

// splitStatus splits a franchise's batch, sorted by TV id, into each TV's
// latest online status (carrying the latest hash acknowledged in the batch)
// and the closes, both in TV id order.
func splitStatus(list []Status) (online, closes []Status) {
	for _, st := range list {
		if !st.Online {
			closes = append(closes, st)
			continue
		}
		if n := len(online); n > 0 && online[n-1].DisplayID == st.DisplayID {
			last := online[n-1]
			if !st.HashAcked && last.HashAcked {
				st.Hash, st.HashAcked, st.AckedAt = last.Hash, true, last.ackedAt()
			}
			online[n-1] = st
			continue
		}
		online = append(online, st)
	}
	return online, closes
}

// lockInOrder locks, on PostgreSQL, the rows of the batch's TVs in the
// order of their ids (list is sorted). The ids are joined as a list of
// values, as the writes name them: in an IN list, the plan PostgreSQL
// keeps for a statement run often walked every TV of the franchise and
// compared each with the whole list (a third of a second a statement for
// 10,000 TVs).
func lockInOrder(ctx context.Context, tx *db.Tx, franchiseID string, list []Status) error {
	if tx.Dialect() != db.Postgres {
		return nil // SQLite has one writer at a time
	}
	ids := make([]any, 0, len(list))
	for i, st := range list {
		if i == 0 || list[i-1].DisplayID != st.DisplayID {
			ids = append(ids, st.DisplayID)
		}
	}
	for chunk := range slices.Chunk(ids, statusChunk) {
		values := "(CAST(? AS TEXT))" + strings.Repeat(", (?)", len(chunk)-1)
		rows, err := tx.QueryContext(ctx, `SELECT d.id FROM displays d JOIN (VALUES `+values+`) AS v(id) ON d.id = v.id
			WHERE d.franchise_id = ? ORDER BY d.id FOR UPDATE OF d`, append(chunk, franchiseID)...)
		if err != nil {
			return err
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

// recordOnline writes the online statuses, statusChunk TVs a statement,
// and returns the ids of the TVs found.
func recordOnline(ctx context.Context, tx *db.Tx, franchiseID string, online []Status) ([]string, error) {
	return updateStatuses(ctx, tx, franchiseID, online, `connected = 1, connection_id = v.column2`, ``)
}

// recordCloses writes the closes, statusChunk TVs a statement, and returns
// the ids of the TVs whose online flag they cleared: a close clears it only
// while its connection is still the TV's current one (a player that
// reconnected stays online). A TV's first close of a connection is the one
// written, as when each ran on its own: it leaves the TV with no
// connection, which a later close of the same one no longer matches.
func recordCloses(ctx context.Context, tx *db.Tx, franchiseID string, closes []Status) ([]string, error) {
	type socket struct{ display, connection string }
	seen := make(map[socket]bool, len(closes))
	var first []Status
	for _, st := range closes {
		k := socket{st.DisplayID, st.ConnectionID}
		if !seen[k] {
			seen[k] = true
			first = append(first, st)
		}
	}
	return updateStatuses(ctx, tx, franchiseID, first, `connected = 0, connection_id = ''`,
		` AND displays.connection_id = v.column2`)
}

// updateStatuses writes list, statusChunk TVs a statement: set, then each
// TV's last ack and, when acknowledged, its schedule hash, on the rows of
// the franchise's TVs that also meet cond (over the statement's values v:
// column1 the TV, column2 the connection). It returns the ids of the rows
// written. A TV is named once per statement (list has one status per TV and
// connection, and a TV's row meets cond for at most one of its
// connections).
func updateStatuses(ctx context.Context, tx *db.Tx, franchiseID string, list []Status, set, cond string) ([]string, error) {
	// SQLite would otherwise walk every TV of the franchise (its index)
	// for each statement and look each up among the values; the unary +
	// keeps that index out, so it looks the values' TVs up by id.
	franchise := "+displays.franchise_id"
	if tx.Dialect() == db.Postgres {
		franchise = "displays.franchise_id"
	}
	var touched []string
	for chunk := range slices.Chunk(list, statusChunk) {
		var values strings.Builder
		args := make([]any, 0, 6*len(chunk)+1)
		for i, st := range chunk {
			if i == 0 {
				values.WriteString("(CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS BIGINT))")
			} else {
				values.WriteString(", (?, ?, ?, ?, ?, ?)")
			}
			args = append(args, st.DisplayID, st.ConnectionID, st.Ack, st.Hash, boolInt(st.HashAcked), st.ackedAt())
		}
		args = append(args, franchiseID)
		rows, err := tx.QueryContext(ctx, `UPDATE displays SET `+set+`,
			last_connection_ack = v.column3,
			acked_hash = CASE WHEN v.column5 = 1 THEN v.column4 ELSE displays.acked_hash END,
			acked_at = CASE WHEN v.column5 = 1 THEN v.column6 ELSE displays.acked_at END
			FROM (VALUES `+values.String()+`) AS v
			WHERE displays.id = v.column1 AND `+franchise+` = ?`+cond+` RETURNING displays.id`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			touched = append(touched, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return touched, nil
}

// Watched is a TV as the offline alerts watch it: where it is and its
// status at a moment.
type Watched struct {
	ID, Name    string
	FranchiseID string
	StoreID     string
	StoreSlug   string
	StoreName   string
	Offline     bool  // the Offline rule at the moment asked
	LastAck     int64 // epoch ms, 0 = never connected
}

const watchedColumns = `d.id, d.name, d.franchise_id, st.id, st.slug, st.name, d.connected, d.last_connection_ack
	FROM displays d JOIN stores st ON st.id = d.store_id`

// Fleet returns the TVs (of every franchise when franchiseID is "") with
// their status at now, by the Offline rule.
func Fleet(ctx context.Context, q db.Querier, franchiseID string, now time.Time) ([]Watched, error) {
	query, args := `SELECT `+watchedColumns, []any{}
	if franchiseID != "" {
		query += ` WHERE d.franchise_id = ?`
		args = append(args, franchiseID)
	}
	return db.Collect(ctx, q, func(sc db.Scanner) (Watched, error) {
		var w Watched
		var connected int
		err := sc.Scan(&w.ID, &w.Name, &w.FranchiseID, &w.StoreID, &w.StoreSlug, &w.StoreName, &connected, &w.LastAck)
		w.Offline = Offline(connected == 1, w.LastAck, now)
		return w, err
	}, query, args...)
}

// Attention returns, of every franchise, the TVs Offline at now and the
// TVs ids (those the offline alerts already follow), each once, with their
// status at now: a pass of the alerts over a fleet that is online reads
// only the TVs it follows, not every TV.
func Attention(ctx context.Context, q db.Querier, ids []string, now time.Time) ([]Watched, error) {
	scan := func(sc db.Scanner) (Watched, error) {
		var w Watched
		var connected int
		err := sc.Scan(&w.ID, &w.Name, &w.FranchiseID, &w.StoreID, &w.StoreSlug, &w.StoreName, &connected, &w.LastAck)
		w.Offline = Offline(connected == 1, w.LastAck, now)
		return w, err
	}
	// Offline means acked before the cutoff; a row acked in the cutoff's
	// millisecond is read too, and the Offline rule, applied to each row,
	// decides.
	cutoff := now.Add(-OfflineAfter).UnixMilli()
	all, err := db.Collect(ctx, q, scan, `SELECT `+watchedColumns+`
		WHERE d.connected <> 1 OR d.last_connection_ack = 0 OR d.last_connection_ack <= ?`, cutoff)
	if err != nil {
		return nil, err
	}
	out := make([]Watched, 0, len(all)+len(ids))
	seen := make(map[string]bool, len(all)+len(ids))
	for _, w := range all {
		if w.Offline {
			out = append(out, w)
			seen[w.ID] = true
		}
	}
	for _, chunk := range db.Chunks(ids) {
		list, err := db.Collect(ctx, q, scan, `SELECT `+watchedColumns+` WHERE d.id IN (`+db.Placeholders(len(chunk))+`)`, db.Args(chunk)...)
		if err != nil {
			return nil, err
		}
		for _, w := range list {
			if !seen[w.ID] {
				seen[w.ID] = true
				out = append(out, w)
			}
		}
	}
	return out, nil
}

// Online and offline are the statuses StatusCounts counts.
const (
	StatusOnline  = "online"
	StatusOffline = "offline"
)

// StatusCounts counts the TVs of every franchise online and offline at now,
// by the Offline rule, for the metrics.
func StatusCounts(ctx context.Context, q db.Querier, now time.Time) (map[string]int, error) {
	cutoff := now.Add(-OfflineAfter).UnixMilli()
	return db.CountBy(ctx, q, []string{StatusOnline, StatusOffline},
		`SELECT CASE WHEN connected = 1 AND last_connection_ack <> 0 AND last_connection_ack >= ?
			THEN 'online' ELSE 'offline' END, COUNT(*) FROM displays GROUP BY 1`, cutoff)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
