package db

import (
	"context"
	"slices"
	"testing"
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
			p, d, exec := migratedTo(t, dialect, sqldb, overrideAckBatchesVersion-1)
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
