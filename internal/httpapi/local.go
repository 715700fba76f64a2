package httpapi

import (
	"net/http"
	"strconv"

	"vitrine/internal/auth"
	"vitrine/internal/fault"
	"vitrine/internal/localcontent"
	"vitrine/internal/media"
	"vitrine/internal/tenant"
)

// Local content: what a store puts in the local spaces of the schedules
// its TVs play, its own media folder, and the network's approvals.

// storeID resolves the store of the path within the caller's reach.
func (s *Server) storeID(r *http.Request, t tenant.Tenant) (string, error) {
	ref, err := s.Stores.RefOf(r.Context(), t, r.PathValue("storeSlug"))
	return ref.ID, err
}

// GET /api/local/{franchise}/{storeSlug}
func (s *Server) storeLocal(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	out, err := s.Local.Store(r.Context(), t, r.PathValue("storeSlug"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// GET /api/local/{franchise}/{storeSlug}/file
func (s *Server) localUploadPolicy(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	if _, err := s.storeID(r, t); err != nil {
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

// POST /api/local/{franchise}/{storeSlug}/media
func (s *Server) registerLocalMedia(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	id, err := s.storeID(r, t)
	if err != nil {
		return err
	}
	var in media.RegisterInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	in.Folder, in.StoreID = "", id
	m, err := s.Media.Register(r.Context(), t, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"media": m})
	return nil
}

// DELETE /api/local/{franchise}/{storeSlug}/media/{id}
func (s *Server) deleteLocalMedia(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	id, err := s.storeID(r, t)
	if err != nil {
		return err
	}
	if err := s.Media.DeleteStore(r.Context(), t, id, []string{r.PathValue("id")}); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// POST /api/local/{franchise}/{storeSlug}/items
func (s *Server) addLocalItem(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in localcontent.ItemInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	it, err := s.Local.Add(r.Context(), t, r.PathValue("storeSlug"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, it)
	return nil
}

// POST /api/local/{franchise}/{storeSlug}/items/{id}
func (s *Server) updateLocalItem(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in localcontent.ItemUpdate
	if err := decode(w, r, &in); err != nil {
		return err
	}
	it, err := s.Local.Update(r.Context(), t, r.PathValue("storeSlug"), r.PathValue("id"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, it)
	return nil
}

// DELETE /api/local/{franchise}/{storeSlug}/items/{id}
func (s *Server) deleteLocalItem(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	if err := s.Local.Remove(r.Context(), t, r.PathValue("storeSlug"), r.PathValue("id")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// approving registers a route of 'Aprovações': network members of the
// group of the path holding 'Aprovar conteúdo' (an administrator
// impersonating acts with the person's permission).
func (s *Server) approving(pattern string, h tenantHandlerFunc) {
	s.member(pattern, networkOnly, func(w http.ResponseWriter, r *http.Request, p *auth.Principal, t tenant.Tenant) error {
		if !p.Franchises[t.Slug].ApproveContent {
			return fault.ErrForbidden
		}
		return h(w, r, t)
	})
}

// GET /api/approvals/{franchise}?after=&limit=
func (s *Server) listApprovals(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	q := r.URL.Query()
	limit := 0
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return localcontent.ErrLimit
		}
		limit = n
	}
	out, err := s.Local.Approvals(r.Context(), t, q.Get("after"), limit)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// POST /api/approvals/{franchise}
func (s *Server) decideApprovals(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in localcontent.Decision
	if err := decode(w, r, &in); err != nil {
		return err
	}
	n, err := s.Local.Decide(r.Context(), t, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]int{"decided": n})
	return nil
}
