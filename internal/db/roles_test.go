package db

import (
	"context"
	"testing"
)

// rolesVersion is the migration that gives memberships a role.
const rolesVersion = 20261204090000

// Every membership from before the roles is 'network', and the first member
// of each group (its creator) manages its team; nobody else does.
func TestStoredMembershipsBecomeNetwork(t *testing.T) {
	ctx := context.Background()
	for dialect, sqldb := range rawDatabases(t) {
		t.Run(dialect.String(), func(t *testing.T) {
			p, d, exec := migratedTo(t, dialect, sqldb, rolesVersion-1)
			exec(`INSERT INTO users (id, email, name, password_hash, created_at, updated_at)
				VALUES ('u1', 'a@x.com', 'A', '!', 1, 1), ('u2', 'b@x.com', 'B', '!', 1, 1), ('u3', 'c@x.com', 'C', '!', 1, 1)`)
			exec(`INSERT INTO franchises (id, slug, name, created_at, updated_at) VALUES ('f1', 'f1', 'Um', 1, 1), ('f2', 'f2', 'Dois', 1, 1)`)
			exec(`INSERT INTO user_franchises (user_id, franchise_id, created_at)
				VALUES ('u2', 'f1', 100), ('u1', 'f1', 200), ('u3', 'f2', 50), ('u1', 'f2', 50)`)
			if _, err := p.UpTo(ctx, rolesVersion); err != nil {
				t.Fatalf("migrate older data: %v", err)
			}
			want := map[string]int{"u2 f1": 1, "u1 f1": 0, "u1 f2": 1, "u3 f2": 0}
			rows, err := d.QueryContext(ctx, `SELECT user_id, franchise_id, role, manage_team FROM user_franchises`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			n := 0
			for rows.Next() {
				var user, group, role string
				var team int
				if err := rows.Scan(&user, &group, &role, &team); err != nil {
					t.Fatal(err)
				}
				n++
				if role != "network" || team != want[user+" "+group] {
					t.Errorf("%s in %s: role %q, manages the team %d; want network, %d", user, group, role, team, want[user+" "+group])
				}
			}
			if n != len(want) {
				t.Errorf("%d memberships after the migration, want %d", n, len(want))
			}
			rows.Close()
			if _, err := p.DownTo(ctx, rolesVersion-1); err != nil {
				t.Errorf("migrate down: %v", err)
			}
		})
	}
}
