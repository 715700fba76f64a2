package testutil

import (
	"context"
	"testing"

	"vitrine/internal/db"
)

// NewDB opens a fresh, migrated database on engine with no app around it,
// for tests of a package's storage on its own.
func NewDB(t testing.TB, engine string) *db.DB {
	t.Helper()
	url := ""
	if engine == "postgres" {
		url = pgSchema(t)
	}
	d, err := db.Open(context.Background(), url, t.TempDir())
	if err != nil {
		t.Fatalf("open %s: %v", engine, err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}
