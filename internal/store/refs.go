package store

import (
	"context"

	"vitrine/internal/db"
)

// Ref names a store by its id, slug and name: records that keep a store's
// id (the audit trail's) are shown with these.
type Ref struct {
	ID   string
	Slug string
	Name string
}

// Refs returns every store of the franchise franchiseID (the whole group:
// the caller narrows them to a member's scope).
func (s *Service) Refs(ctx context.Context, franchiseID string) ([]Ref, error) {
	return db.Collect(ctx, s.db, func(sc db.Scanner) (Ref, error) {
		var r Ref
		return r, sc.Scan(&r.ID, &r.Slug, &r.Name)
	}, `SELECT id, slug, name FROM stores WHERE franchise_id = ? ORDER BY slug`, franchiseID)
}
