package httpapi

import (
	"net/http"

	"vitrine/internal/auth"
	"vitrine/internal/franchise"
	"vitrine/internal/tenant"
)

type franchiseListResponse struct {
	FranchiseList []franchise.Franchise `json:"franchiseList"`
}

type franchiseResponse struct {
	Franchise franchise.Franchise `json:"franchise"`
}

// GET /api/franchise — the caller's franchises, oldest first.
func (s *Server) listFranchises(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	list, err := s.Franchises.ListForUser(r.Context(), p.UserID)
	if err != nil {
		return err
	}
	// The counters kept on a group are the whole group's: a franchisee or
	// a store manager counts their own stores and TVs.
	for i, f := range list {
		t, err := p.Tenant(f.Slug)
		if err != nil || t.Whole() {
			continue
		}
		list[i].Stores = len(t.Stores)
		if list[i].Displays, err = s.Displays.Count(r.Context(), t); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, franchiseListResponse{FranchiseList: list})
	return nil
}

// GET /api/franchise/all — every franchise (administrators, checked by the route).
func (s *Server) listAllFranchises(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	list, err := s.Franchises.ListAll(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, franchiseListResponse{FranchiseList: list})
	return nil
}

// POST /api/franchise — create; the caller becomes a member.
func (s *Server) createFranchise(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	var in franchise.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	f, err := s.Franchises.Create(r.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, franchiseResponse{Franchise: f})
	return nil
}

// POST /api/franchise/{slug} — update one of the caller's franchises.
func (s *Server) updateFranchise(w http.ResponseWriter, r *http.Request, _ *auth.Principal, ref tenant.Tenant) error {
	var in franchise.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	f, err := s.Franchises.Update(r.Context(), ref.ID, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, franchiseResponse{Franchise: f})
	return nil
}
