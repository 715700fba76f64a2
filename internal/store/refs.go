package store

import (
	"context"

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
	r, err := refOf(ctx, s.db, t.ID, slug)
	if err == nil && !t.Covers(r.ID) {
		return Ref{}, ErrNotFound
	}
	return r, err
}
