// Package tenant names the franchise a call acts in, who acts, and what part
// of the franchise they reach. The HTTP layer gets one from auth after
// checking the caller belongs to the franchise in the path, and hands it to
// the domains; a domain never sees a session, a token or a request, scopes
// every query by Tenant.ID, and a scoped member's reads and writes by
// Tenant.Stores.
package tenant

import "slices"

// Franchise identifies one franchise (group).
type Franchise struct {
	ID   string
	Slug string
	Name string
}

// Role is what a member does in a group (docs/roles.md).
type Role string

// The roles of a membership.
const (
	// Network ('Rede') covers the whole group: the franchisor's team.
	Network Role = "network"
	// Franchisee ('Franqueado') covers the stores named on the membership.
	Franchisee Role = "franchisee"
	// StoreManager ('Gerente de loja') covers one store and changes only its
	// contacts and hours.
	StoreManager Role = "store"
)

// Valid tells whether r is one of the roles.
func (r Role) Valid() bool { return r == Network || r == Franchisee || r == StoreManager }

// Label is the role's name on the console.
func (r Role) Label() string {
	switch r {
	case Franchisee:
		return "Franqueado"
	case StoreManager:
		return "Gerente de loja"
	default:
		return "Rede"
	}
}

// Membership is a user's place in one franchise.
type Membership struct {
	Franchise
	Role Role
	// Stores are the ids of the stores a franchisee or a store manager
	// covers, sorted; empty for the network.
	Stores []string
	// StoreSlugs are the same stores' slugs, sorted.
	StoreSlugs []string
	// ManageTeam is the 'Gerenciar equipe' permission (network members).
	ManageTeam bool
	// ApproveContent is the 'Aprovar conteúdo' permission (network members).
	ApproveContent bool
}

// Scope is the part of a franchise a call reaches.
type Scope struct {
	Role Role
	// Stores the call reaches when Role is not Network (sorted ids), and
	// their slugs (sorted).
	Stores     []string
	StoreSlugs []string
}

// Whole tells whether the scope is the whole franchise.
func (s Scope) Whole() bool { return s.Role == Network || s.Role == "" }

// Covers tells whether the scope reaches the store with id.
func (s Scope) Covers(storeID string) bool {
	if s.Whole() {
		return true
	}
	_, ok := slices.BinarySearch(s.Stores, storeID)
	return ok
}

// CoversSlug tells whether the scope reaches the store with slug.
func (s Scope) CoversSlug(slug string) bool {
	if s.Whole() {
		return true
	}
	_, ok := slices.BinarySearch(s.StoreSlugs, slug)
	return ok
}

// Tenant is the franchise a call acts in, the user acting, and what of the
// franchise they reach.
type Tenant struct {
	Franchise
	Scope
	// UserID is the session's user.
	UserID string
	// AdminUserID is the administrator behind an impersonation session, or "".
	AdminUserID string
}

// Impersonated tells whether an administrator acts through the user's session.
func (t Tenant) Impersonated() bool { return t.AdminUserID != "" }
