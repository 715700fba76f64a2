package store

import "context"

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
