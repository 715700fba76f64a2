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
	// Token is the name of the API token this is, whose id is
	// TokenPerson's; its e-mail is empty.
	Token string `json:"token,omitempty"`
}

// TokenPerson is the person id that stands for an API token in People
// and in Filter.UserID.
func TokenPerson(tokenID string) string { return tokenPrefix + tokenID }

const tokenPrefix = "token:"

// label is how a person is sorted and shown.
func (p Person) label() string {
	if p.Token != "" {
		return "Token: " + p.Token
	}
	return p.Email
}

// People lists who appears in a chain's records (of the stores given, when
// stores is not nil: a scoped member's), by e-mail, and the API tokens that
// made changes, by name; a person whose e-mail (a token whose name) changed
// is named by the latest one.
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
		var token bool
		err := s.Scan(&token, &p.ID, &p.Email, &p.last)
		if token {
			p.ID, p.Token, p.Email = TokenPerson(p.ID), p.Email, ""
		}
		return p, err
	}
	// People by their user and by the administrator who acted as them; API
	// tokens by theirs (their records have no user).
	query := `SELECT 0, user_id, user_email, MAX(seq) FROM audit_records WHERE ` + where + ` AND user_id <> ''
		GROUP BY user_id, user_email
		UNION ALL
		SELECT 0, admin_id, admin_email, MAX(seq) FROM audit_records WHERE ` + where + ` AND admin_id <> ''
		GROUP BY admin_id, admin_email
		UNION ALL
		SELECT 1, token_id, token_name, MAX(seq) FROM audit_records WHERE ` + where + ` AND token_id <> ''
		GROUP BY token_id, token_name`
	rows, err := db.Collect(ctx, q, scan, query, slices.Concat(args, args, args)...)
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
		return cmp.Or(cmp.Compare(a.label(), b.label()), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}
