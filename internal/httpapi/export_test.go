package httpapi

import "vitrine/internal/tenant"

// The caps on the consoles' event streams, for the tests that cross them.
const (
	StreamsPerSession = streamsPerSession
	StreamsPerUser    = streamsPerUser
)

// ReachOf returns the reach a route of the list declared: its name and the
// roles it admits (nil outside a group).
func (s *Server) ReachOf(pattern string) (name string, roles []tenant.Role, ok bool) {
	rc, ok := s.reaches[pattern]
	return rc.name, rc.roles, ok
}

// Streams tells whether a route of the list holds its connection open (the
// consoles' event streams, the players' sockets).
func (s *Server) Streams(pattern string) bool { return s.streams[pattern] }

// TokenScopeOf returns the scope an API token needs on a route, and whether
// the route list decides on tokens at all.
func (s *Server) TokenScopeOf(pattern string) (scope string, declared bool) {
	sc, ok := s.tokenScopes[pattern]
	return string(sc), ok
}
