package override

import (
	"context"
	"database/sql"
	"slices"
	"strings"

	"vitrine/internal/db"
)

const columns = `id, target, target_ids, title, body, background, color, media_id, media_type, media_url,
	starts_at, ends_at, started_by_name, cleared_at, cleared_by_name, created_at`

func scan(sc db.Scanner) (Override, error) {
	var (
		o                    Override
		ids                  string
		mediaID, mType, mURL string
		endsAt, clearedAt    sql.NullInt64
	)
	err := sc.Scan(&o.ID, &o.Target, &ids, &o.Title, &o.Text, &o.Background, &o.Color, &mediaID, &mType, &mURL,
		&o.StartsAt, &endsAt, &o.StartedBy, &clearedAt, &o.ClearedBy, &o.CreatedAt)
	if err != nil {
		return o, err
	}
	if ids != "" {
		o.targetIDs = strings.Split(ids, ",")
	}
	if mediaID != "" {
		o.Media = &Media{ID: mediaID, Type: mType, URL: mURL}
	}
	o.EndsAt, o.ClearedAt = endsAt.Int64, clearedAt.Int64
	return o, nil
}

// current lists the franchise's overrides not cleared that have not ended
// at since (epoch ms), and those cleared after since: with since = now, the
// active and scheduled ones.
func current(ctx context.Context, q db.Querier, franchiseID string, since int64) ([]Override, error) {
	return db.Collect(ctx, q, scan, `SELECT `+columns+` FROM overrides
		WHERE franchise_id = ?
		  AND ((cleared_at IS NULL AND (ends_at IS NULL OR ends_at > ?)) OR cleared_at > ?)
		ORDER BY starts_at DESC, id`, franchiseID, since, since)
}

func byID(ctx context.Context, q db.Querier, franchiseID, id string) (Override, error) {
	o, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+` FROM overrides WHERE franchise_id = ? AND id = ?`+db.ForUpdate(q), franchiseID, id))
	if err == sql.ErrNoRows {
		return o, ErrNotFound
	}
	return o, err
}

type row struct {
	Override
	franchiseID string
	actor       Actor
	reach       int
}

func insert(ctx context.Context, q db.Querier, r row) error {
	var mediaID, mType, mURL string
	if r.Media != nil {
		mediaID, mType, mURL = r.Media.ID, r.Media.Type, r.Media.URL
	}
	var ends any
	if r.EndsAt != 0 {
		ends = r.EndsAt
	}
	_, err := q.ExecContext(ctx, `INSERT INTO overrides (id, franchise_id, target, target_ids, title, body, background, color,
		media_id, media_type, media_url, starts_at, ends_at, reach, started_by, started_by_name, started_admin, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.franchiseID, r.Target, strings.Join(r.targetIDs, ","), r.Title, r.Text, r.Background, r.Color,
		mediaID, mType, mURL, r.StartsAt, ends, r.reach, r.actor.UserID, r.actor.Name, r.actor.AdminUserID, r.CreatedAt)
	return err
}

func markCleared(ctx context.Context, q db.Querier, franchiseID, id string, a Actor, at int64) error {
	_, err := q.ExecContext(ctx, `UPDATE overrides SET cleared_at = ?, cleared_by = ?, cleared_by_name = ?
		WHERE franchise_id = ? AND id = ? AND cleared_at IS NULL`, at, a.UserID, a.Name, franchiseID, id)
	return err
}

// where names the TVs of a franchise an override reaches: every TV (no
// column), or those whose column ("store_id" or "id") is among values.
type where struct {
	franchiseID string
	column      string
	values      []string
}

// chunks runs fn once per part of w's values that one statement can name,
// with the condition and its arguments (once with no condition for every
// TV, never for an empty list). The parts name disjoint sets of TVs: counts
// over them add up.
func (w where) chunks(fn func(cond string, args []any) error) error {
	if w.column == "" {
		return fn("", nil)
	}
	for _, chunk := range db.Chunks(w.values) {
		if err := fn(" AND d."+w.column+" IN ("+db.Placeholders(len(chunk))+")", db.Args(chunk)); err != nil {
			return err
		}
	}
	return nil
}

// countReached counts the TVs w names.
func countReached(ctx context.Context, q db.Querier, w where) (int, error) {
	total := 0
	err := w.chunks(func(cond string, args []any) error {
		var n int
		err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM displays d WHERE d.franchise_id = ?`+cond,
			append([]any{w.franchiseID}, args...)...).Scan(&n)
		total += n
		return err
	})
	return total, err
}

// countAcked counts, for each of the overrides ids, the distinct TVs among
// those w names that acknowledged it: the database splits the override's
// batches into a set of TVs and counts w's TVs in it, the caller reads a
// number per override.
func countAcked(ctx context.Context, q db.Querier, w where, ids []string) (map[string]int, error) {
	// The TVs are read in their order and each is looked for in the set:
	// looked up one by one from the lists instead, a franchise's TVs
	// (wider rows than the page cache holds) cost SQLite twice the CPU.
	// SQLite reads each list as a JSON array (TV ids are UUIDs: nothing
	// in them to escape); the unary + keeps it from turning the set into
	// lookups by id. PostgreSQL's string_to_table (PostgreSQL 14) tells
	// the planner a list holds many TVs, so that it hashes them.
	split, tv := `json_each('["' || replace(a.displays, ',', '","') || '"]') AS t`, `+d.id`
	if q.Dialect() == db.Postgres {
		split, tv = `LATERAL string_to_table(a.displays, ',') AS t(value)`, `d.id`
	}
	out := make(map[string]int, len(ids))
	for _, id := range ids {
		err := w.chunks(func(cond string, args []any) error {
			var n int
			err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM displays d WHERE d.franchise_id = ?`+cond+`
				AND `+tv+` IN (SELECT t.value FROM override_ack_batches a CROSS JOIN `+split+` WHERE a.override_id = ?)`,
				append(append([]any{w.franchiseID}, args...), id)...).Scan(&n)
			out[id] += n
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// namedTV is a TV with its name.
type namedTV struct{ id, name, storeID string }

// tvsByID reads the franchise's TVs among ids (others are absent).
func tvsByID(ctx context.Context, q db.Querier, franchiseID string, ids []string) (map[string]namedTV, error) {
	out := make(map[string]namedTV, len(ids))
	for _, chunk := range db.Chunks(ids) {
		list, err := db.Collect(ctx, q, func(sc db.Scanner) (namedTV, error) {
			var t namedTV
			return t, sc.Scan(&t.id, &t.name, &t.storeID)
		}, `SELECT id, name, store_id FROM displays WHERE franchise_id = ? AND id IN (`+db.Placeholders(len(chunk))+`)`,
			append([]any{franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		for _, tv := range list {
			out[tv.id] = tv
		}
	}
	return out, nil
}

// storeRef is a store of the franchise.
type storeRef struct{ id, slug, name string }

func franchiseStores(ctx context.Context, q db.Querier, franchiseID string) ([]storeRef, error) {
	return db.Collect(ctx, q, func(sc db.Scanner) (storeRef, error) {
		var s storeRef
		return s, sc.Scan(&s.id, &s.slug, &s.name)
	}, `SELECT id, slug, name FROM stores WHERE franchise_id = ?`, franchiseID)
}

// storesByID reads the names of the franchise's stores among ids (others
// are absent).
func storesByID(ctx context.Context, q db.Querier, franchiseID string, ids []string) (map[string]string, error) {
	out := make(map[string]string, len(ids))
	for _, chunk := range db.Chunks(ids) {
		list, err := db.Collect(ctx, q, func(sc db.Scanner) (storeRef, error) {
			var s storeRef
			return s, sc.Scan(&s.id, &s.name)
		}, `SELECT id, name FROM stores WHERE franchise_id = ? AND id IN (`+db.Placeholders(len(chunk))+`)`,
			append([]any{franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		for _, st := range list {
			out[st.id] = st.name
		}
	}
	return out, nil
}

// Ack is one TV's acknowledgement of one override.
type Ack struct {
	Override string
	Display  string
	At       int64
}

// ackBatchTVs bounds the TVs one row of override_ack_batches lists.
const ackBatchTVs = 1000

// insertAcks records acks: for each override, rows listing its TVs (a TV
// twice in the lists counts once); acks of overrides that no longer exist
// are dropped. It returns the overrides recorded, by franchise.
func insertAcks(ctx context.Context, q db.Querier, acks []Ack) (map[string][]string, error) {
	written := map[string][]string{}
	var order []string
	byOverride := map[string][]Ack{}
	for _, a := range acks {
		if _, ok := byOverride[a.Override]; !ok {
			order = append(order, a.Override)
		}
		byOverride[a.Override] = append(byOverride[a.Override], a)
	}
	type known struct{ id, franchiseID string }
	for _, chunk := range db.Chunks(order) {
		list, err := db.Collect(ctx, q, func(sc db.Scanner) (known, error) {
			var k known
			return k, sc.Scan(&k.id, &k.franchiseID)
		}, `SELECT id, franchise_id FROM overrides WHERE id IN (`+db.Placeholders(len(chunk))+`)`, db.Args(chunk)...)
		if err != nil {
			return written, err
		}
		franchiseOf := make(map[string]string, len(list))
		for _, k := range list {
			franchiseOf[k.id] = k.franchiseID
		}
		for _, id := range chunk {
			franchiseID, ok := franchiseOf[id]
			if !ok {
				continue
			}
			for part := range slices.Chunk(byOverride[id], ackBatchTVs) {
				first := part[0].At
				tvs := make([]string, len(part))
				for i, a := range part {
					tvs[i] = a.Display
					first = min(first, a.At)
				}
				if _, err := q.ExecContext(ctx, `INSERT INTO override_ack_batches (override_id, acked_at, displays) VALUES (?, ?, ?)`,
					id, first, strings.Join(tvs, ",")); err != nil {
					return written, err
				}
			}
			written[franchiseID] = append(written[franchiseID], id)
		}
	}
	return written, nil
}
