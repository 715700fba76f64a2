package httpapi

import (
	"net/http"
	"strconv"

	"vitrine/internal/auth"
	"vitrine/internal/schedule"
	"vitrine/internal/tenant"
)

type scheduleListResponse struct {
	ScheduleList []schedule.Summary `json:"scheduleList"`
}

type scheduleResponse struct {
	Schedule schedule.Schedule `json:"schedule"`
}

// scheduleDetailResponse is the spec's answer of GET /schedule/{f}/{id}:
// the schedule and its entries (merged with the library when fullMedia).
type scheduleDetailResponse struct {
	Schedule schedule.Schedule `json:"schedule"`
	Media    []schedule.Entry  `json:"media"`
}

func actsAsAdmin(p *auth.Principal) bool { return p.ActsAsAdmin() }

// GET /api/schedule/{franchise}
func (s *Server) listSchedules(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	list, err := s.Schedules.List(r.Context(), t)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, scheduleListResponse{ScheduleList: list})
	return nil
}

// GET /api/schedule/{franchise}/{id}?fullMedia=true
func (s *Server) getSchedule(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	full, _ := strconv.ParseBool(r.URL.Query().Get("fullMedia"))
	sc, err := s.Schedules.Get(r.Context(), t, r.PathValue("id"), full)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, scheduleDetailResponse{Schedule: sc, Media: sc.Media})
	return nil
}

// POST /api/schedule/{franchise}
func (s *Server) createSchedule(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in schedule.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	sc, err := s.Schedules.Create(r.Context(), t, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, scheduleResponse{Schedule: sc})
	return nil
}

// POST /api/schedule/{franchise}/{id}
func (s *Server) updateSchedule(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in schedule.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	sc, err := s.Schedules.Update(r.Context(), t, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, scheduleResponse{Schedule: sc})
	return nil
}

// DELETE /api/schedule/{franchise}/{id}
func (s *Server) deleteSchedule(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	if err := s.Schedules.Delete(r.Context(), t, r.PathValue("id")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, okResponse{OK: true})
	return nil
}

// DELETE /api/schedule/{franchise}/{id}/{index}?hash=…
func (s *Server) removeScheduleEntry(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	index, err := strconv.Atoi(r.PathValue("index"))
	if err != nil {
		return schedule.ErrIndex
	}
	sc, err := s.Schedules.RemoveEntry(r.Context(), t, r.PathValue("id"), index, r.URL.Query().Get("hash"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, scheduleResponse{Schedule: sc})
	return nil
}

// POST /api/schedule/{franchise}/{id}/dup
func (s *Server) duplicateSchedule(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in struct {
		Name string `json:"name"`
	}
	if err := decode(w, r, &in); err != nil {
		return err
	}
	sc, err := s.Schedules.Duplicate(r.Context(), t, r.PathValue("id"), in.Name)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, scheduleResponse{Schedule: sc})
	return nil
}

// POST /api/schedule/{franchise}/{id}/config — the footer (administrators).
func (s *Server) saveScheduleFooter(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in struct {
		BottomBar *schedule.BottomBar `json:"bottomBar"`
	}
	if err := decode(w, r, &in); err != nil {
		return err
	}
	sc, err := s.Schedules.SetFooter(r.Context(), t, r.PathValue("id"), in.BottomBar)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, scheduleResponse{Schedule: sc})
	return nil
}

// POST /api/schedule/{franchise}/{id}/slot — an ad slot (ads center).
func (s *Server) addScheduleSlot(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in schedule.SlotInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	sc, err := s.Schedules.AddSlot(r.Context(), t, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, scheduleResponse{Schedule: sc})
	return nil
}
