package testutil

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"testing"
)

// Two databases of NewDB are each a migrated copy of the template, apart from
// each other, and dropped when their test ends.
func TestPostgreSQLDatabasesAreMigratedCopies(t *testing.T) {
	base := testDatabaseURL(t)
	var names []string
	for _, store := range []string{"Loja Centro", "Loja Norte"} {
		t.Run(store, func(t *testing.T) {
			d := NewDB(t, "postgres")
			ctx := context.Background()
			var name string
			if err := d.SQL().QueryRowContext(ctx, `SELECT current_database()`).Scan(&name); err != nil {
				t.Fatal(err)
			}
			names = append(names, name)
			if _, err := d.SQL().ExecContext(ctx, `INSERT INTO franchises (id, name, slug, created_at, updated_at) VALUES ($1, $1, $1, 1, 1)`, store); err != nil {
				t.Fatalf("the copy has no franchises table to write to: %v", err)
			}
			var n int
			if err := d.SQL().QueryRowContext(ctx, `SELECT count(*) FROM franchises`).Scan(&n); err != nil || n != 1 {
				t.Fatalf("%d franchises, %v: want only this test's", n, err)
			}
		})
	}
	if len(names) != 2 || names[0] == names[1] {
		t.Fatalf("databases %v, want two of their own", names)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	var left int
	if err := admin.QueryRow(`SELECT count(*) FROM pg_database WHERE datname = ANY($1)`, names).Scan(&left); err != nil || left != 0 {
		t.Fatalf("%d of %v left after their tests, %v", left, names, err)
	}
}

// A user who may not create databases gets a schema of its own, migrated.
func TestPostgreSQLWithoutCreateDatabaseGivesASchema(t *testing.T) {
	base := testDatabaseURL(t)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() }) // after the role's cleanup
	var super bool
	if err := admin.QueryRow(`SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user`).Scan(&super); err != nil || !super {
		t.Skipf("TEST_DATABASE_URL's user may not create a role (%v)", err)
	}
	var n [4]byte
	_, _ = rand.Read(n[:])
	role := "vitrine_nocreatedb_" + hex.EncodeToString(n[:])
	var dbName string
	if err := admin.QueryRow(`SELECT current_database()`).Scan(&dbName); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE ROLE ` + role + ` LOGIN NOCREATEDB`,
		`GRANT CREATE ON DATABASE ` + quote(dbName) + ` TO ` + role,
	} {
		if _, err := admin.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		for _, q := range []string{`DROP OWNED BY ` + role + ` CASCADE`, `DROP ROLE ` + role} {
			if _, err := admin.Exec(q); err != nil {
				t.Logf("%s: %v", q, err)
			}
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.User(role)
	probe, err := sql.Open("pgx", u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer probe.Close()
	if err := probe.Ping(); err != nil {
		t.Skipf("the server does not let a role without a password in (%v)", err)
	}
	t.Setenv("TEST_DATABASE_URL", u.String())

	d := NewDB(t, "postgres")
	var schema, database string
	if err := d.SQL().QueryRow(`SELECT current_schema(), current_database()`).Scan(&schema, &database); err != nil {
		t.Fatal(err)
	}
	if database != dbName || schema == "public" {
		t.Fatalf("schema %q of database %q, want a schema of its own in %q", schema, database, dbName)
	}
	if _, err := d.SQL().Exec(`INSERT INTO franchises (id, name, slug, created_at, updated_at) VALUES ('f', 'Loja', 'loja', 1, 1)`); err != nil {
		t.Fatalf("the schema is not migrated: %v", err)
	}
}
