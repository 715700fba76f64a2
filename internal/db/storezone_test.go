package db

import (
	"context"
	"testing"
)

// storeZoneVersion is the migration that gives stores their time zone.
const storeZoneVersion = 20261126093000

// Stores that exist before stores had a zone take their franchise's: what
// their TVs play does not change on the upgrade.
func TestExistingStoresTakeTheirFranchisesTimeZone(t *testing.T) {
	ctx := context.Background()
	for dialect, sqldb := range rawDatabases(t) {
		t.Run(dialect.String(), func(t *testing.T) {
			p, d, exec := migratedTo(t, dialect, sqldb, storeZoneVersion-1)
			exec(`INSERT INTO franchises (id, slug, name, time_zone, created_at, updated_at) VALUES
				('f1', 'f1', 'Grupo Acre', 'America/Rio_Branco', 1, 1), ('f2', 'f2', 'Grupo Sul', 'America/Sao_Paulo', 2, 2)`)
			for _, s := range [][2]string{{"s1", "f1"}, {"s2", "f1"}, {"s3", "f2"}} {
				exec(`INSERT INTO stores (id, franchise_id, slug, name, region, state, city, created_at, updated_at)
					VALUES (?, ?, ?, ?, 'Norte', 'AC', 'Rio Branco', 1, 1)`, s[0], s[1], s[0], "Loja "+s[0])
			}
			if _, err := p.UpTo(ctx, storeZoneVersion); err != nil {
				t.Fatalf("migrate older data: %v", err)
			}
			for id, want := range map[string]string{"s1": "America/Rio_Branco", "s2": "America/Rio_Branco", "s3": "America/Sao_Paulo"} {
				var got string
				if err := d.QueryRowContext(ctx, `SELECT time_zone FROM stores WHERE id = ?`, id).Scan(&got); err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("store %s: zone %q, want its franchise's %q", id, got, want)
				}
			}
			if _, err := p.DownTo(ctx, storeZoneVersion-1); err != nil {
				t.Errorf("migrate down: %v", err)
			}
		})
	}
}
