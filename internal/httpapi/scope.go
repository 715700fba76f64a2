package httpapi

import (
	"net/http"
	"slices"

	"vitrine/internal/fault"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

// reach is what a route of the route list declares about who may call it.
// Every route declares one (TestEveryRouteDeclaresItsReach): the routes
// outside a group name why (public, the caller's own account, a TV box,
// platform administration), and each route acting in the group of its path
// names the roles that may call it (docs/roles.md). Within those roles a
// franchisee or a store manager reaches only the stores on their
// membership: a {storeSlug} outside them answers 404 like a store that does
// not exist, before the role is checked; lists and the objects a handler
// reads by id are narrowed by tenant.Scope in the handler.
type reach struct {
	name  string
	roles []tenant.Role // nil: not a group route
}

var (
	reachPublic  = reach{name: "public"}
	reachAccount = reach{name: "account"}  // the caller's own account and groups
	reachDevice  = reach{name: "device"}   // a TV box with its device token
	reachAdmin   = reach{name: "platform"} // platform administrators (a permission)
	everyRole    = reach{name: "every role", roles: []tenant.Role{tenant.Network, tenant.Franchisee, tenant.StoreManager}}
	franchisees  = reach{name: "network and franchisees", roles: []tenant.Role{tenant.Network, tenant.Franchisee}}
	networkOnly  = reach{name: "network", roles: []tenant.Role{tenant.Network}}
)

// teamRoles are the roles a team route admits: the network, and of it only
// those holding 'Gerenciar equipe' (checked by Server.team).
var teamRoles = []tenant.Role{tenant.Network}

// declare records the reach of a route of the list.
func (s *Server) declare(pattern string, rc reach) {
	if _, dup := s.reaches[pattern]; dup {
		panic("httpapi: route declared twice: " + pattern)
	}
	s.reaches[pattern] = rc
}

// within checks that t may call a route of reach rc on the request's path:
// a store outside the scope is not found (404/1061), a role the route does
// not admit is refused (403/1403).
func within(r *http.Request, t *tenant.Tenant, rc reach) error {
	if slug := r.PathValue("storeSlug"); slug != "" && !t.CoversSlug(slug) {
		return store.ErrNotFound
	}
	role := t.Role
	if role == "" {
		role = tenant.Network
	}
	if !slices.Contains(rc.roles, role) {
		return fault.ErrForbidden
	}
	return nil
}
