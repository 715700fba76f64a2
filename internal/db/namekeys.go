package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/pressly/goose/v3"

	"vitrine/internal/names"
)

// nameKeysVersion is the migration that fills name_key (added by
// migrations/20261125190000_name_keys.sql) and makes it unique in its scope.
const nameKeysVersion = 20261125190100

// nameScope is a table whose names must not repeat within scope (a column,
// or "" for the whole table).
type nameScope struct {
	table, scope string
}

var nameScopes = []nameScope{
	{"franchises", ""},
	{"stores", "franchise_id"},
	{"displays", "store_id"},
}

// nameKeysMigration fills the name keys of the rows written before names had
// to be unique, then adds the unique indexes.
//
// Older data may already hold two stores called "Loja Centro" in one group.
// Renaming them behind the operator's back is not acceptable, and refusing
// to start is worse, so the oldest row of each such name keeps the key and
// the later ones keep their name with no key (NULL, which a unique index
// does not compare): they are listed in the log, the services still refuse
// new rows with that name, and the first rename of a later row gives it a
// key of its own.
func nameKeysMigration(d Dialect) *goose.Migration {
	up := func(ctx context.Context, tx *sql.Tx) error {
		for _, s := range nameScopes {
			if err := fillNameKeys(ctx, tx, d, s); err != nil {
				return err
			}
			cols := "name_key"
			if s.scope != "" {
				cols = s.scope + ", name_key"
			}
			q := fmt.Sprintf(`CREATE UNIQUE INDEX %s_name_key ON %s (%s)`, s.table, s.table, cols)
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return fmt.Errorf("name keys of %s: %w", s.table, err)
			}
		}
		return nil
	}
	down := func(ctx context.Context, tx *sql.Tx) error {
		for _, s := range nameScopes {
			if _, err := tx.ExecContext(ctx, `DROP INDEX `+s.table+`_name_key`); err != nil {
				return err
			}
		}
		return nil
	}
	return goose.NewGoMigration(nameKeysVersion, &goose.GoFunc{RunTx: up}, &goose.GoFunc{RunTx: down})
}

func fillNameKeys(ctx context.Context, tx *sql.Tx, d Dialect, s nameScope) error {
	scope := "''"
	if s.scope != "" {
		scope = s.scope
	}
	rows, err := tx.QueryContext(ctx, fmt.Sprintf(
		`SELECT id, %s, name FROM %s ORDER BY created_at, id`, scope, s.table))
	if err != nil {
		return fmt.Errorf("name keys of %s: %w", s.table, err)
	}
	type keyed struct{ id, key string }
	var fill []keyed
	holder := map[string]string{} // scope + key -> name of the row holding it
	for rows.Next() {
		var id, sc, name string
		if err := rows.Scan(&id, &sc, &name); err != nil {
			rows.Close()
			return err
		}
		key := names.Key(name)
		if first, taken := holder[sc+"\x00"+key]; taken {
			attrs := []any{"table", s.table, "id", id, "name", name, "same_as", first}
			if s.scope != "" {
				attrs = append(attrs, s.scope, sc)
			}
			slog.Warn("migration: name repeated in its scope kept as it is; rename it to make it unique", attrs...)
			continue
		}
		holder[sc+"\x00"+key] = name
		fill = append(fill, keyed{id, key})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	update := Rebind(d, `UPDATE `+s.table+` SET name_key = ? WHERE id = ?`)
	for _, k := range fill {
		if _, err := tx.ExecContext(ctx, update, k.key, k.id); err != nil {
			return fmt.Errorf("name keys of %s: %w", s.table, err)
		}
	}
	return nil
}

// IsUniqueViolationOf tells whether err is a unique-constraint failure on
// table's column (an index named <table>_<column> on PostgreSQL), so a
// domain can tell a repeated name from another conflict in the same write.
func IsUniqueViolationOf(err error, table, column string) bool {
	if !IsUniqueViolation(err) {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.ConstraintName == table+"_"+column
	}
	return strings.Contains(err.Error(), table+"."+column)
}

// NameTaken tells whether a row of table other than exceptID has name,
// ignoring case, accents and spaces: one holding its key, or one of the
// repeated names older data kept without a key. scopeColumn ("" for the whole
// table) and scopeID narrow it to the rows of one parent. The owning package
// names its own table; the unique index on name_key settles races.
func NameTaken(ctx context.Context, q Querier, table, scopeColumn, scopeID, name, exceptID string) (bool, error) {
	where, args := "id <> ?", []any{exceptID}
	if scopeColumn != "" {
		where, args = scopeColumn+" = ? AND "+where, append([]any{scopeID}, args...)
	}
	key := names.Key(name)
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table+` WHERE `+where+` AND name_key = ?`,
		append(args, key)...).Scan(&n)
	if err != nil || n > 0 {
		return n > 0, err
	}
	unkeyed, err := Collect(ctx, q, ScanString, `SELECT name FROM `+table+` WHERE `+where+` AND name_key IS NULL`, args...)
	if err != nil {
		return false, err
	}
	for _, other := range unkeyed {
		if names.Key(other) == key {
			return true, nil
		}
	}
	return false, nil
}

// SetNameKey gives a renamed row of table the key of its new name.
func SetNameKey(ctx context.Context, q Querier, table, id, name string) error {
	_, err := q.ExecContext(ctx, `UPDATE `+table+` SET name_key = ? WHERE id = ?`, names.Key(name), id)
	return err
}
