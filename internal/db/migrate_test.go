package db

import (
	"context"
	"database/sql"
	"os"
	"sync"
	"testing"
	"time"
)

// Replicas starting together on one schema migrate it once, one after the
// other; the lock is the schema's, so another schema of the same database
// migrates while it is held.
func TestMigrationsTakeTheirSchemasLock(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	shared, schema := pgSchema(t)
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := Open(ctx, shared, t.TempDir())
			if err == nil {
				d.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("replica %d: %v", i, err)
		}
	}
	admin, err := sql.Open("pgx", os.Getenv("TEST_DATABASE_URL"))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	var applied, distinct int
	if err := admin.QueryRowContext(ctx, `SELECT count(*), count(DISTINCT version_id) FROM `+schema+`.goose_db_version WHERE version_id > 0`).Scan(&applied, &distinct); err != nil {
		t.Fatal(err)
	}
	if applied == 0 || applied != distinct {
		t.Fatalf("%d migrations recorded for %d versions", applied, distinct)
	}

	// The first schema's lock held: another schema migrates meanwhile.
	conn, err := admin.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, migrationLock(schema)); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, migrationLock(schema))
	other, _ := pgSchema(t)
	quick, cancelQuick := context.WithTimeout(ctx, 60*time.Second)
	defer cancelQuick()
	d, err := Open(quick, other, t.TempDir())
	if err != nil {
		t.Fatalf("another schema waited for the first one's lock: %v", err)
	}
	d.Close()
}
