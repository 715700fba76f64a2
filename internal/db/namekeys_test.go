package db

import (
	"context"
	"database/sql"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pressly/goose/v3"

	"vitrine/internal/ids"
)

// rawDatabases opens an empty SQLite file, and an empty PostgreSQL schema
// when TEST_DATABASE_URL is set, without migrating them.
func rawDatabases(t *testing.T) map[Dialect]*sql.DB {
	t.Helper()
	out := map[Dialect]*sql.DB{}
	lite, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "v.db")+"?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	lite.SetMaxOpenConns(1)
	t.Cleanup(func() { lite.Close() })
	out[SQLite] = lite
	if os.Getenv("TEST_DATABASE_URL") == "" {
		return out
	}
	address, _ := pgSchema(t)
	pg, err := sql.Open("pgx", address)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.Close() })
	out[Postgres] = pg
	return out
}

// pgSchema creates an empty schema in TEST_DATABASE_URL's database, dropped
// when the test ends, and returns an address whose search_path is it.
func pgSchema(t *testing.T) (address, schema string) {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL is not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	schema = "t_" + strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(ids.Secret(9)))
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`) })
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), schema
}

// migratedTo brings the raw database sqldb of dialect to the migration
// version and returns the migrations (to go on), the database, and an exec
// that fails the test on an error.
func migratedTo(t *testing.T, dialect Dialect, sqldb *sql.DB, version int64) (*goose.Provider, *DB, func(q string, args ...any)) {
	t.Helper()
	ctx := context.Background()
	sub, err := fsSub()
	if err != nil {
		t.Fatal(err)
	}
	gd := goose.DialectSQLite3
	if dialect == Postgres {
		gd = goose.DialectPostgres
	}
	p, err := goose.NewProvider(gd, sqldb, sub, goose.WithGoMigrations(nameKeysMigration(dialect)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, version); err != nil {
		t.Fatalf("migrate to the version before: %v", err)
	}
	d := &DB{sql: sqldb, dialect: dialect}
	return p, d, func(q string, args ...any) {
		t.Helper()
		if _, err := d.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

func TestNameKeysMigrationKeepsOlderRepeatedNames(t *testing.T) {
	ctx := context.Background()
	for dialect, sqldb := range rawDatabases(t) {
		t.Run(dialect.String(), func(t *testing.T) {
			p, d, exec := migratedTo(t, dialect, sqldb, nameKeysVersion-100)
			// Older data: repeated names in every scope, written oldest first.
			for i, f := range [][2]string{{"f1", "Grupo Sul"}, {"f2", "grupo  SUL"}, {"f3", "Grupo Norte"}} {
				exec(`INSERT INTO franchises (id, slug, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
					f[0], f[0], f[1], i, i)
			}
			for i, s := range [][3]string{{"s1", "f1", "Loja Centro"}, {"s2", "f1", "loja centro"}, {"s3", "f3", "Loja Centro"}} {
				exec(`INSERT INTO stores (id, franchise_id, slug, name, region, state, city, created_at, updated_at)
					VALUES (?, ?, ?, ?, 'Sul', 'RS', 'Pelotas', ?, ?)`, s[0], s[1], s[0], s[2], i, i)
			}
			for i, tv := range [][2]string{{"d1", "Balcão"}, {"d2", "BALCAO"}, {"d3", "Vitrine"}} {
				exec(`INSERT INTO displays (id, franchise_id, store_id, name, device, created_at, updated_at)
					VALUES (?, 'f1', 's1', ?, ?, ?, ?)`, tv[0], tv[1], "DEV"+tv[0], i, i)
			}

			if _, err := p.Up(ctx); err != nil {
				t.Fatalf("migrate older data: %v", err)
			}

			want := map[string]struct{ name, key string }{
				"franchises/f1": {"Grupo Sul", "grupo sul"}, "franchises/f2": {"grupo  SUL", ""}, "franchises/f3": {"Grupo Norte", "grupo norte"},
				"stores/s1": {"Loja Centro", "loja centro"}, "stores/s2": {"loja centro", ""}, "stores/s3": {"Loja Centro", "loja centro"},
				"displays/d1": {"Balcão", "balcao"}, "displays/d2": {"BALCAO", ""}, "displays/d3": {"Vitrine", "vitrine"},
			}
			for path, w := range want {
				table, id, _ := strings.Cut(path, "/")
				var name string
				var key sql.NullString
				if err := d.QueryRowContext(ctx, `SELECT name, name_key FROM `+table+` WHERE id = ?`, id).Scan(&name, &key); err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				if name != w.name || key.String != w.key || key.Valid != (w.key != "") {
					t.Errorf("%s: name %q key %v, want name %q key %q", path, name, key, w.name, w.key)
				}
			}

			// The database itself refuses a name already held in its scope.
			_, err := d.ExecContext(ctx, `INSERT INTO stores (id, franchise_id, slug, name, name_key, region, state, city, created_at, updated_at)
				VALUES ('s4', 'f1', 's4', 'LOJA CENTRO', 'loja centro', 'Sul', 'RS', 'Pelotas', 9, 9)`)
			if !IsUniqueViolationOf(err, "stores", "name_key") {
				t.Errorf("a repeated store name in one group: %v, want a unique violation on stores.name_key", err)
			}
			_, err = d.ExecContext(ctx, `INSERT INTO displays (id, franchise_id, store_id, name, name_key, device, created_at, updated_at)
				VALUES ('d4', 'f1', 's1', 'balcão', 'balcao', 'DEVd4', 9, 9)`)
			if !IsUniqueViolationOf(err, "displays", "name_key") {
				t.Errorf("a repeated TV name in one store: %v, want a unique violation on displays.name_key", err)
			}
			_, err = d.ExecContext(ctx, `INSERT INTO franchises (id, slug, name, name_key, created_at, updated_at)
				VALUES ('f4', 'f4', 'Grupo Norte', 'grupo norte', 9, 9)`)
			if !IsUniqueViolationOf(err, "franchises", "name_key") {
				t.Errorf("a repeated group name: %v, want a unique violation on franchises.name_key", err)
			}
			if IsUniqueViolationOf(err, "stores", "name_key") {
				t.Errorf("a franchise conflict read as a store's")
			}
			if _, err := p.DownTo(ctx, nameKeysVersion-100); err != nil {
				t.Errorf("migrate down: %v", err)
			}
		})
	}
}
