package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"vitrine/internal/advertise"
	"vitrine/internal/command"
	"vitrine/internal/display"
	"vitrine/internal/fault"
	"vitrine/internal/playback"
	"vitrine/internal/schedule"
	"vitrine/internal/store"
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

// GET /api/display/{franchise} — every TV of the franchise (the overview):
// a kept list (keptList).
func (s *Server) franchiseDisplayList(ctx context.Context, t tenant.Tenant) (any, error) {
	list, err := s.Displays.ListFranchise(ctx, t)
	return displayListResponse{DisplayList: list}, err
}

// GET /api/display/{franchise}/{storeSlug}
func (s *Server) listStoreDisplays(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	list, err := s.Displays.ListStore(r.Context(), t, r.PathValue("storeSlug"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, displayListResponse{DisplayList: list})
	return nil
}

// POST /api/display/{franchise}/{storeSlug}
func (s *Server) createDisplay(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in display.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	d, err := s.Displays.Create(r.Context(), t, r.PathValue("storeSlug"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, displayResponse{Display: d})
	return nil
}

// POST /api/display/{franchise}/{storeSlug}/{displayId}
func (s *Server) updateDisplay(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in display.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	d, err := s.Displays.Update(r.Context(), t, r.PathValue("storeSlug"), r.PathValue("displayId"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, displayResponse{Display: d})
	return nil
}

// DELETE /api/display/{franchise}/{storeSlug}/{displayId}
func (s *Server) deleteDisplay(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	if err := s.Displays.Delete(r.Context(), t, r.PathValue("storeSlug"), r.PathValue("displayId")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// POST /api/display/{franchise}/{storeSlug}/{displayId}/admin-command —
// queue a remote command (dispA, checked by the route).
func (s *Server) queueDisplayCommand(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in command.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	id, err := s.Commands.Send(r.Context(), t, r.PathValue("storeSlug"), r.PathValue("displayId"), in.Operation)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, commandResponse{CommandID: id})
	return nil
}

type displayNowResponse struct {
	Display display.Display  `json:"display"`
	Playing schedule.Playing `json:"playing"`
	// Resting: the TV's store is closed at the moment and its TVs rest
	// (store.Rest): its player shows a black screen, nothing plays.
	Resting bool `json:"resting"`
}

// GET /api/display/{franchise}/{storeSlug}/{displayId}/now?at=&next= — what
// the TV shows at a moment (now by default) and what comes next, by the
// playback rules in its store's time zone, with the advertisements sold
// in its ad slots that day as its player plays them.
func (s *Server) displayNow(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	d, err := s.Displays.Get(r.Context(), t, r.PathValue("storeSlug"), r.PathValue("displayId"))
	if err != nil {
		return err
	}
	q := r.URL.Query()
	at := s.Now()
	if v := q.Get("at"); v != "" {
		ms, err := strconv.ParseInt(v, 10, 64)
		if err != nil || ms < 0 || ms > 1e14 {
			return fault.Invalidf("O momento (at) deve ser um instante em milissegundos.")
		}
		at = time.UnixMilli(ms)
	}
	next := 5
	if v := q.Get("next"); v != "" {
		if next, err = strconv.Atoi(v); err != nil || next < 0 || next > schedule.MaxNext {
			return fault.Invalidf("O número de próximos itens (next) deve ser de 0 a %d.", schedule.MaxNext)
		}
	}
	opening, err := s.Stores.Hours(r.Context(), t, d.Store)
	if err != nil {
		return err
	}
	zone := opening.TimeZone
	answer := displayNowResponse{Display: d, Playing: schedule.Playing{TimeZone: zone, At: at.UnixMilli(), Next: []schedule.PlayingItem{}}}
	answer.Resting = opening.WhenClosed == store.Rest && !opening.OpenAt(at)
	if d.Schedule != "" && !answer.Resting {
		// The positions sold in the TV's ad slots on the moment's local day,
		// as its player receives them.
		loc, err := playback.LoadZone(zone)
		if err != nil {
			return err
		}
		day := advertise.DayOf(at.UnixMilli(), loc)
		var ads playback.DayAds
		if s.Ads != nil {
			feed, err := s.Ads.ForDisplayDay(r.Context(), t, d.ID, day)
			if err != nil {
				return err
			}
			ads = feed.OnDay(day.Key())
		}
		// The store's approved items in the schedule's local spaces, as its
		// player receives them.
		player, err := s.localOf(r.Context(), t, d)
		if err != nil {
			return err
		}
		if answer.Playing, err = s.Schedules.PlayingLocal(r.Context(), t, d.Schedule, at, zone, next, ads, storeLocal(player)); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, answer)
	return nil
}

type displayHealthResponse struct {
	Health display.Health `json:"health"`
}

// GET /api/display/{franchise}/{storeSlug}/{displayId}/health — the latest
// report of the TV's player, its last playback errors and its problems.
func (s *Server) displayHealth(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	h, err := s.Displays.Health(r.Context(), t, r.PathValue("storeSlug"), r.PathValue("displayId"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, displayHealthResponse{Health: h})
	return nil
}

// tvZone is the time zone of the TV's store: every wall-clock rule of the
// TV runs in it.
func (s *Server) tvZone(ctx context.Context, t tenant.Tenant, d display.Display) (string, error) {
	st, err := s.Stores.Get(ctx, t, d.Store)
	if err != nil {
		return "", err
	}
	return st.TimeZone, nil
}
