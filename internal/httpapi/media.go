package httpapi

import (
	"net/http"
	"strings"

	"vitrine/internal/auth"
	"vitrine/internal/media"
)

func (s *Server) tenant(p *auth.Principal, slug string) (media.Tenant, error) {
	f, err := p.Franchise(slug)
	if err != nil {
		return media.Tenant{}, err
	}
	return media.Tenant{ID: f.ID, Slug: f.Slug}, nil
}

// GET /api/media/{franchise}
func (s *Server) listMedia(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	t, err := s.tenant(p, r.PathValue("franchise"))
	if err != nil {
		return err
	}
	lib, err := s.Media.List(r.Context(), t)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, lib)
	return nil
}

// GET /api/media/file/{franchise}?type=image|video&contentType=…
func (s *Server) mediaUploadPolicy(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	t, err := s.tenant(p, r.PathValue("franchise"))
	if err != nil {
		return err
	}
	q := r.URL.Query()
	up, err := s.Media.UploadPolicy(r.Context(), t, q.Get("type"), q.Get("contentType"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": up})
	return nil
}

// POST /api/media/{franchise}
func (s *Server) registerMedia(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	t, err := s.tenant(p, r.PathValue("franchise"))
	if err != nil {
		return err
	}
	var in media.RegisterInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	m, err := s.Media.Register(r.Context(), t, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"media": m})
	return nil
}

// POST /api/media/{franchise}/{id}
func (s *Server) updateMedia(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	t, err := s.tenant(p, r.PathValue("franchise"))
	if err != nil {
		return err
	}
	var in media.UpdateInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	m, err := s.Media.Update(r.Context(), t, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"media": m})
	return nil
}

// DELETE /api/media/{franchise}/{id} — one id or several joined by commas.
func (s *Server) deleteMedia(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	t, err := s.tenant(p, r.PathValue("franchise"))
	if err != nil {
		return err
	}
	if err := s.Media.Delete(r.Context(), t, strings.Split(r.PathValue("id"), ",")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}
