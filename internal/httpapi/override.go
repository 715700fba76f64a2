package httpapi

import (
	"net/http"

	"vitrine/internal/auth"
	"vitrine/internal/fault"
	"vitrine/internal/override"
	"vitrine/internal/tenant"
)

// overrideHandlerFunc acts in a franchise as someone allowed to start and
// clear emergency overrides.
type overrideHandlerFunc func(w http.ResponseWriter, r *http.Request, t tenant.Tenant, a override.Actor) error

// overriding registers a route for the members of the path's {franchise}
// who may start and clear emergency overrides (403/1403 otherwise).
func (s *Server) overriding(pattern string, rc reach, h overrideHandlerFunc) {
	s.member(pattern, rc, func(w http.ResponseWriter, r *http.Request, p *auth.Principal, t tenant.Tenant) error {
		if !p.MayOverride() {
			return fault.ErrForbidden
		}
		name := p.Name
		if name == "" {
			name = p.Email
		}
		if p.AdminUserID != "" {
			name += " (por " + p.AdminEmail + ")"
		}
		return h(w, r, t, override.Actor{UserID: p.UserID, Name: name, AdminUserID: p.AdminUserID})
	})
}

type overridesResponse struct {
	Overrides []override.Override `json:"overrides"`
}

type overrideResponse struct {
	Override override.Override `json:"override"`
}

type reachResponse struct {
	Reach int `json:"reach"`
}

// GET /api/override/{franchise} — the active and scheduled overrides, then
// the recently ended ones.
func (s *Server) listOverrides(w http.ResponseWriter, r *http.Request, t tenant.Tenant, _ override.Actor) error {
	list, err := s.Overrides.List(r.Context(), t)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, overridesResponse{Overrides: list})
	return nil
}

// POST /api/override/{franchise}/reach — how many TVs a target reaches now.
func (s *Server) overrideReach(w http.ResponseWriter, r *http.Request, t tenant.Tenant, _ override.Actor) error {
	var in override.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	n, err := s.Overrides.Reach(r.Context(), t, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, reachResponse{Reach: n})
	return nil
}

// POST /api/override/{franchise} — start an override.
func (s *Server) startOverride(w http.ResponseWriter, r *http.Request, t tenant.Tenant, a override.Actor) error {
	var in override.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	o, err := s.Overrides.Start(r.Context(), t, a, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, overrideResponse{Override: o})
	return nil
}

// POST /api/override/{franchise}/{id}/clear — end an override now.
func (s *Server) clearOverride(w http.ResponseWriter, r *http.Request, t tenant.Tenant, a override.Actor) error {
	o, err := s.Overrides.Clear(r.Context(), t, a, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, overrideResponse{Override: o})
	return nil
}
