package store

import (
	"context"
	"database/sql"
	"errors"

	"vitrine/internal/tenant"
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
	return refs(ctx, s.db, franchiseID)
}

// RefOf returns the store with slug, within t's reach: a store of another
// group, or outside a scoped member's stores, is ErrNotFound.
func (s *Service) RefOf(ctx context.Context, t tenant.Tenant, slug string) (Ref, error) {
	var r Ref
	err := s.db.QueryRowContext(ctx, `SELECT id, slug, name FROM stores WHERE franchise_id = ? AND slug = ?`,
		t.ID, slug).Scan(&r.ID, &r.Slug, &r.Name)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !t.Covers(r.ID)) {
		return Ref{}, ErrNotFound
	}
	return r, err
}
