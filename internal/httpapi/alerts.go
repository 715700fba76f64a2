package httpapi

import (
	"net/http"

	"vitrine/internal/alerts"
	"vitrine/internal/tenant"
)

type alertsResponse struct {
	Settings alerts.Settings    `json:"settings"`
	Offline  []alerts.OfflineTV `json:"offline"`
	Sent     []alerts.Sent      `json:"sent"`
}

// GET /api/alerts/{franchise} — the franchise's alert settings, its TVs
// offline now and the alert messages sent.
func (s *Server) alertsOverview(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	set, err := s.Alerts.Settings(r.Context(), t)
	if err != nil {
		return err
	}
	offline, err := s.Alerts.Offline(r.Context(), t)
	if err != nil {
		return err
	}
	sent, err := s.Alerts.Sent(r.Context(), t)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, alertsResponse{Settings: set, Offline: offline, Sent: sent})
	return nil
}

type alertSettingsResponse struct {
	Settings alerts.Settings `json:"settings"`
}

// POST /api/alerts/{franchise} — an administrator saves the settings.
func (s *Server) saveAlertSettings(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in alerts.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	set, err := s.Alerts.SaveSettings(r.Context(), t, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, alertSettingsResponse{Settings: set})
	return nil
}
