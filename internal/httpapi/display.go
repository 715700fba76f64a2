package httpapi

import (
	"context"
	"net/http"

	"vitrine/internal/display"
	"vitrine/internal/tenant"
)

type displayListResponse struct {
	DisplayList []display.Display `json:"displayList"`
}

type displayResponse struct {
	Display display.Display `json:"display"`
}

type commandResponse struct {
	CommandID string `json:"commandId"`
}

// GET /api/display/{franchise} — every TV of the franchise (the overview).
func (s *Server) listFranchiseDisplays(w http.ResponseWriter, r *http.Request, f tenant.Tenant) error {
	return s.writeSnapshot(w, r, f, "displays", func(ctx context.Context) (any, error) {
		list, err := s.Displays.ListFranchise(ctx, f)
		return displayListResponse{DisplayList: list}, err
	})
}

// GET /api/display/{franchise}/{storeSlug}
func (s *Server) listStoreDisplays(w http.ResponseWriter, r *http.Request, f tenant.Tenant) error {
	list, err := s.Displays.ListStore(r.Context(), f, r.PathValue("storeSlug"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, displayListResponse{DisplayList: list})
	return nil
}

// POST /api/display/{franchise}/{storeSlug}
func (s *Server) createDisplay(w http.ResponseWriter, r *http.Request, f tenant.Tenant) error {
	var in display.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	d, err := s.Displays.Create(r.Context(), f, r.PathValue("storeSlug"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, displayResponse{Display: d})
	return nil
}

// POST /api/display/{franchise}/{storeSlug}/{displayId}
func (s *Server) updateDisplay(w http.ResponseWriter, r *http.Request, f tenant.Tenant) error {
	var in display.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	d, err := s.Displays.Update(r.Context(), f, r.PathValue("storeSlug"), r.PathValue("displayId"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, displayResponse{Display: d})
	return nil
}

// DELETE /api/display/{franchise}/{storeSlug}/{displayId}
func (s *Server) deleteDisplay(w http.ResponseWriter, r *http.Request, f tenant.Tenant) error {
	if err := s.Displays.Delete(r.Context(), f, r.PathValue("storeSlug"), r.PathValue("displayId")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// POST /api/display/{franchise}/{storeSlug}/{displayId}/admin-command —
// queue a remote command (dispA, checked by the route).
func (s *Server) queueDisplayCommand(w http.ResponseWriter, r *http.Request, f tenant.Tenant) error {
	var in display.CommandInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	id, err := s.Displays.QueueCommand(r.Context(), f, r.PathValue("storeSlug"), r.PathValue("displayId"), in.Operation)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, commandResponse{CommandID: id})
	return nil
}
