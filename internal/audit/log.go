package audit

import (
	"cmp"
	"context"
	"slices"

	"vitrine/internal/db"
)

// Log reads the records back, for the 'Atividade' page and its CSV: the
// API's handle on the trail (it never sees the database itself).
type Log struct{ db *db.DB }

// NewLog returns the trail's reader.
func NewLog(d *db.DB) *Log { return &Log{db: d} }

// List returns the records f selects, newest first (see List).
func (l *Log) List(ctx context.Context, f Filter) ([]Item, error) {
	return List(ctx, l.db, f)
}

// Person is someone who appears in a chain's records: who acted, or the
// administrator behind an impersonation.
type Person struct {
	ID    string `json:"id"`
	Email string `json:"email"`
}

// People lists who appears in a chain's records (of the stores given, when
// stores is not nil: a scoped member's), by e-mail; a person whose e-mail
// changed is named by the latest one.
func (l *Log) People(ctx context.Context, chain string, stores []string) ([]Person, error) {
	return People(ctx, l.db, chain, stores)
}

// People is Log.People on any querier.
func People(ctx context.Context, q db.Querier, chain string, stores []string) ([]Person, error) {
	if stores != nil && len(stores) == 0 {
		return []Person{}, nil
	}
	where, args := "chain = ?", []any{chain}
	if stores != nil {
		where += " AND store_id IN (" + db.Placeholders(len(stores)) + ")"
		args = append(args, db.Args(stores)...)
	}
	type seen struct {
		Person
		last int64
	}
	scan := func(s db.Scanner) (seen, error) {
		var p seen
		return p, s.Scan(&p.ID, &p.Email, &p.last)
	}
	query := `SELECT user_id, user_email, MAX(seq) FROM audit_records WHERE ` + where + ` AND user_id <> ''
		GROUP BY user_id, user_email
		UNION ALL
		SELECT admin_id, admin_email, MAX(seq) FROM audit_records WHERE ` + where + ` AND admin_id <> ''
		GROUP BY admin_id, admin_email`
	rows, err := db.Collect(ctx, q, scan, query, append(slices.Clone(args), args...)...)
	if err != nil {
		return nil, err
	}
	latest := map[string]seen{}
	for _, p := range rows {
		if old, ok := latest[p.ID]; !ok || p.last > old.last {
			latest[p.ID] = p
		}
	}
	out := make([]Person, 0, len(latest))
	for _, p := range latest {
		out = append(out, p.Person)
	}
	slices.SortFunc(out, func(a, b Person) int {
		return cmp.Or(cmp.Compare(a.Email, b.Email), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}
