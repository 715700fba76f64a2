package httpapi

import (
	"context"
	"net/http"

	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

type storeListResponse struct {
	StoreList []store.Store `json:"storeList"`
}

type storeResponse struct {
	Store store.Store `json:"store"`
}

type notifyResponse struct {
	Queued int `json:"queued"`
}

// GET /api/store/{franchise}: a kept list (keptList).
func (s *Server) storeList(ctx context.Context, t tenant.Tenant) (any, error) {
	list, err := s.Stores.List(ctx, t)
	return storeListResponse{StoreList: list}, err
}

// POST /api/store/{franchise}
func (s *Server) createStore(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in store.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	st, err := s.Stores.Create(r.Context(), t, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, storeResponse{Store: st})
	return nil
}

// POST /api/store/{franchise}/{storeSlug}
func (s *Server) updateStore(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in store.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	st, err := s.Stores.Update(r.Context(), t, r.PathValue("storeSlug"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, storeResponse{Store: st})
	return nil
}

// DELETE /api/store/{franchise}/{storeSlug} — body {name} optional.
func (s *Server) deleteStore(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var body struct {
		Name string `json:"name"`
	}
	if err := decodeOptional(w, r, &body); err != nil {
		return err
	}
	if err := s.Stores.Delete(r.Context(), t, r.PathValue("storeSlug"), body.Name); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// POST /api/store/{franchise}/notify — WhatsApp message to the chosen stores.
func (s *Server) notifyStores(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in store.NotifyInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	n, err := s.Stores.Notify(r.Context(), t, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, notifyResponse{Queued: n})
	return nil
}

type storeMessagesResponse struct {
	Messages []store.SentMessage `json:"messages"`
}

// GET /api/store/{franchise}/notify — the latest messages with their status.
func (s *Server) listStoreMessages(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	list, err := s.Stores.Messages(r.Context(), t)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, storeMessagesResponse{Messages: list})
	return nil
}

// GET /api/store/{franchise}/{storeSlug}/hours
func (s *Server) storeHours(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	o, err := s.Stores.Hours(r.Context(), t, r.PathValue("storeSlug"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, o)
	return nil
}

// PUT /api/store/{franchise}/{storeSlug}/hours
func (s *Server) setStoreHours(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in store.HoursInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	o, err := s.Stores.SetHours(r.Context(), t, r.PathValue("storeSlug"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, o)
	return nil
}
