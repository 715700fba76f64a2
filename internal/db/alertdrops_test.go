package db

import (
	"context"
	"testing"
)

// alertDropsVersion is the migration that keeps an offline alert outage's
// drops.
const alertDropsVersion = 20261203090000

// An outage stored before the drops were kept is one drop from its
// since-time, back or not: its offline time reads as it did.
func TestStoredOutagesBecomeOneDrop(t *testing.T) {
	ctx := context.Background()
	for dialect, sqldb := range rawDatabases(t) {
		t.Run(dialect.String(), func(t *testing.T) {
			p, d, exec := migratedTo(t, dialect, sqldb, alertDropsVersion-1)
			exec(`INSERT INTO franchises (id, slug, name, time_zone, created_at, updated_at) VALUES ('f1', 'f1', 'Grupo', 'America/Sao_Paulo', 1, 1)`)
			exec(`INSERT INTO stores (id, franchise_id, slug, name, region, state, city, created_at, updated_at)
				VALUES ('s1', 'f1', 's1', 'Centro', 'Sudeste', 'SP', 'São Paulo', 1, 1)`)
			exec(`INSERT INTO displays (id, franchise_id, store_id, name, device, created_at, updated_at)
				VALUES ('tv1', 'f1', 's1', 'Caixa 1', 'AAAAAA', 1, 1), ('tv2', 'f1', 's1', 'Caixa 2', 'BBBBBB', 1, 1)`)
			exec(`INSERT INTO display_alerts (display_id, franchise_id, since_at, alerted_at, back_at, updated_at)
				VALUES ('tv1', 'f1', 1000, 5000, NULL, 5000), ('tv2', 'f1', 2000, NULL, 9000, 9000)`)
			if _, err := p.UpTo(ctx, alertDropsVersion); err != nil {
				t.Fatalf("migrate older data: %v", err)
			}
			for id, want := range map[string][4]int64{"tv1": {1000, 1000, 0, 0}, "tv2": {2000, 2000, 0, 0}} {
				var got [4]int64
				err := d.QueryRowContext(ctx, `SELECT since_at, drop_at, earlier_ms, earlier_open_ms FROM display_alerts WHERE display_id = ?`, id).
					Scan(&got[0], &got[1], &got[2], &got[3])
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("%s: since, drop, earlier, earlier open %v, want %v", id, got, want)
				}
			}
			if _, err := p.DownTo(ctx, alertDropsVersion-1); err != nil {
				t.Errorf("migrate down: %v", err)
			}
		})
	}
}
