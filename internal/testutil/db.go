package testutil

import (
	"context"
	"sync"
	"testing"

	"vitrine/internal/db"
)

// NewDB opens a fresh, migrated database on engine with no app around it,
// for tests of a package's storage on its own.
func NewDB(t testing.TB, engine string) *db.DB {
	t.Helper()
	url := ""
	if engine == "postgres" {
		url = pgDatabase(t)
	}
	d, err := db.Open(context.Background(), url, t.TempDir())
	if err != nil {
		t.Fatalf("open %s: %v", engine, err)
	}
	t.Cleanup(func() { d.Close() })
	urls.Store(d, url)
	return d
}

var urls sync.Map // *db.DB -> the address it was opened with

// DatabaseURL is the address a database of NewDB was opened with.
func DatabaseURL(t testing.TB, d *db.DB) string {
	t.Helper()
	u, ok := urls.Load(d)
	if !ok {
		t.Fatal("not a database of NewDB")
	}
	return u.(string)
}
