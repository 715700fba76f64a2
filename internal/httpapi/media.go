package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"

	"vitrine/internal/fault"
	"vitrine/internal/media"
	"vitrine/internal/tenant"
)

// GET /api/media/{franchise}[?only=folderMap]
//
// The list and the folder tree hold every file, so the answer carries each
// twice (5,000 files are some 5 MB of JSON); only=folderMap sends the tree
// alone, which has every file once: what the console asks for.
func (s *Server) listMedia(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	only := r.URL.Query().Get("only")
	if only != "" && only != "folderMap" {
		return fault.Invalidf("O parâmetro only aceita apenas folderMap.")
	}
	lib, err := s.Media.List(r.Context(), t)
	if err != nil {
		return err
	}
	var answer any = lib
	if only == "folderMap" {
		answer = struct {
			FolderMap *media.Folder `json:"folderMap"`
		}{lib.FolderMap}
	}
	body, err := json.Marshal(answer)
	if err != nil {
		return err
	}
	writeLargeJSON(w, r, append(body, '\n'))
	return nil
}

// GET /api/media/file/{franchise}?type=image|video&contentType=…
func (s *Server) mediaUploadPolicy(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	q := r.URL.Query()
	up, err := s.Media.UploadPolicy(r.Context(), t, q.Get("type"), q.Get("contentType"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": up})
	return nil
}

// POST /api/media/{franchise}
func (s *Server) registerMedia(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
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
func (s *Server) updateMedia(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
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
func (s *Server) deleteMedia(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	if err := s.Media.Delete(r.Context(), t, strings.Split(r.PathValue("id"), ",")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}
