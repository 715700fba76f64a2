package testutil

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"vitrine/internal/db"
	"vitrine/internal/db/dbtest"
)

// pgDatabase gives t a PostgreSQL database of its own on TEST_DATABASE_URL's
// server, already migrated, dropped when t ends. It is a copy of a template
// database migrated once per migration set (CREATE DATABASE … TEMPLATE copies
// its files): migrating an empty schema took about 0.4 s of PostgreSQL's work
// for each of the suites' hundreds of apps, the copy about 0.1 s. Where the
// server's user may not create databases, the test gets a schema of its own
// in TEST_DATABASE_URL's database, migrated by db.Open.
func pgDatabase(t testing.TB) string {
	t.Helper()
	base := testDatabaseURL(t)
	tmpl, err := pgTemplate(base)
	if errors.Is(err, errCannotCreateDatabases) {
		return dbtest.Schema(t)
	}
	if err != nil {
		t.Fatalf("postgres: the migrated template: %v", err)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() }) // after the drop below
	var n [6]byte
	_, _ = rand.Read(n[:])
	name := databaseName(base) + "_t_" + hex.EncodeToString(n[:])
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+quote(name)+` TEMPLATE `+quote(tmpl)); err != nil {
		if mayNotCreate(err) { // another user made the template
			return dbtest.Schema(t)
		}
		t.Fatalf("postgres: create database %s from %s: %v", name, tmpl, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if _, err := admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+quote(name)+` WITH (FORCE)`); err != nil {
			t.Logf("postgres: drop database %s: %v", name, err)
		}
	})
	return withDatabase(base, name)
}

// testDatabaseURL is TEST_DATABASE_URL; the test is skipped without it.
func testDatabaseURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL is not set")
	}
	return base
}

var errCannotCreateDatabases = errors.New("the user may not create databases")

// mayNotCreate tells whether err is PostgreSQL refusing the user a database.
func mayNotCreate(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "42501" // insufficient_privilege
}

// templates holds, per TEST_DATABASE_URL, the name of its migrated template.
var templates sync.Map // string -> func() (string, error)

// pgTemplate returns the name of the migrated template database for base's
// server, making it once per migration set: <base's database>_tmpl_<digest>,
// shared by the test processes of a run and kept for the next runs on that
// database (.ci/run drops its database's with it). The test processes that
// start together take turns on an advisory lock; the template is migrated
// under another name and renamed when whole, so one left half made by a
// killed process is never copied.
func pgTemplate(base string) (string, error) {
	once, _ := templates.LoadOrStore(base, sync.OnceValues(func() (string, error) {
		return makeTemplate(base)
	}))
	return once.(func() (string, error))()
}

func makeTemplate(base string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	name := databaseName(base) + "_tmpl_" + db.MigrationsDigest()[:12]
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(hashtext('vitrine test template'))`); err != nil {
		return "", err
	}
	defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(hashtext('vitrine test template'))`)
	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	building := name + "_new"
	if _, err := conn.ExecContext(ctx, `DROP DATABASE IF EXISTS `+quote(building)+` WITH (FORCE)`); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, `CREATE DATABASE `+quote(building)); err != nil {
		if mayNotCreate(err) {
			return "", errCannotCreateDatabases
		}
		return "", err
	}
	d, err := db.Open(ctx, withDatabase(base, building), os.TempDir())
	if err != nil {
		return "", fmt.Errorf("migrate %s: %w", building, err)
	}
	d.Close()
	if _, err := conn.ExecContext(ctx, `ALTER DATABASE `+quote(building)+` RENAME TO `+quote(name)); err != nil {
		return "", err
	}
	return name, nil
}

// databaseName is the database base names, cut to 40 bytes so that the names
// made from it stay within PostgreSQL's 63.
func databaseName(base string) string {
	name := "postgres"
	if u, err := url.Parse(base); err == nil && strings.TrimPrefix(u.Path, "/") != "" {
		name = strings.TrimPrefix(u.Path, "/")
	}
	if len(name) > 40 {
		name = name[:40]
	}
	return name
}

// withDatabase is base naming the database name instead.
func withDatabase(base, name string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	u.Path = "/" + name
	return u.String()
}

func quote(ident string) string { return `"` + strings.ReplaceAll(ident, `"`, `""`) + `"` }
