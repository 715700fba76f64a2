package db

import (
	"context"
	"slices"
	"testing"

	"github.com/pressly/goose/v3"
)

// overrideAckBatchesVersion is the migration that lists the TVs that
// acknowledged an override in batches.
const overrideAckBatchesVersion = 20261126150000

// Acknowledgements recorded one row per TV move over as batches of one TV:
// the count the console shows stays.
func TestOverrideAcksMoveToBatches(t *testing.T) {
	ctx := context.Background()
	for dialect, sqldb := range rawDatabases(t) {
		t.Run(dialect.String(), func(t *testing.T) {
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
			if _, err := p.UpTo(ctx, overrideAckBatchesVersion-1); err != nil {
				t.Fatalf("migrate to the version before: %v", err)
			}
			d := &DB{sql: sqldb, dialect: dialect}
			exec := func(q string, args ...any) {
				t.Helper()
				if _, err := d.ExecContext(ctx, q, args...); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			exec(`INSERT INTO franchises (id, slug, name, time_zone, created_at, updated_at) VALUES ('f1', 'f1', 'Grupo', 'America/Sao_Paulo', 1, 1)`)
			exec(`INSERT INTO overrides (id, franchise_id, target, title, background, color, starts_at, started_by, started_by_name, created_at)
				VALUES ('o1', 'f1', 'all', 'Aviso', '#000000', '#FFFFFF', 1, 'u1', 'Ana', 1)`)
			exec(`INSERT INTO override_acks (override_id, display_id, acked_at) VALUES ('o1', 'tv1', 10), ('o1', 'tv2', 11)`)
			if _, err := p.UpTo(ctx, overrideAckBatchesVersion); err != nil {
				t.Fatalf("migrate older data: %v", err)
			}
			rows, err := d.QueryContext(ctx, `SELECT displays FROM override_ack_batches WHERE override_id = 'o1' ORDER BY acked_at`)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for rows.Next() {
				var s string
				if err := rows.Scan(&s); err != nil {
					t.Fatal(err)
				}
				got = append(got, s)
			}
			rows.Close()
			if !slices.Equal(got, []string{"tv1", "tv2"}) {
				t.Fatalf("batches %v, want one per acknowledgement", got)
			}
			if _, err := p.DownTo(ctx, overrideAckBatchesVersion-1); err != nil {
				t.Errorf("migrate down: %v", err)
			}
		})
	}
}
