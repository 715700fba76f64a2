package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"vitrine/internal/advertise"
	"vitrine/internal/display"
	"vitrine/internal/fault"
	"vitrine/internal/footerdata"
	"vitrine/internal/localcontent"
	"vitrine/internal/playback"
	"vitrine/internal/schedule"
	"vitrine/internal/tenant"
)

// displayScreenResponse is what the console's preview of a TV plays: the
// TV's schedule and the advertisements booked on it that day, as its
// player receives them.
type displayScreenResponse struct {
	Display  display.Display          `json:"display"`
	TimeZone string                   `json:"timeZone"`
	Day      string                   `json:"day"`
	Schedule *schedule.PlayerSchedule `json:"schedule"`
	Ads      advertise.PlayerAds      `json:"ads"`
	// Local is the store's approved items in the schedule's local spaces.
	Local *localcontent.Player `json:"local,omitempty"`
}

// localOf is what the TV d's store put in the local spaces of its
// schedule, approved, as its player receives it (nil: nothing).
func (s *Server) localOf(ctx context.Context, t tenant.Tenant, d display.Display) (*localcontent.Player, error) {
	if s.Local == nil || d.Schedule == "" {
		return nil, nil
	}
	st, err := s.Stores.RefOf(ctx, t, d.Store)
	if err != nil {
		return nil, err
	}
	got, err := s.Local.ForScreens(ctx, t, []localcontent.TV{{DisplayID: d.ID, StoreID: st.ID, ScheduleID: d.Schedule}})
	if err != nil {
		return nil, err
	}
	return got[d.ID], nil
}

// storeLocal is a TV's local content as the schedule's "what plays now"
// takes it.
func storeLocal(p *localcontent.Player) schedule.StoreLocal {
	if p == nil {
		return schedule.StoreLocal{}
	}
	out := schedule.StoreLocal{Items: playback.Local{}, Media: make(map[string]schedule.LocalMedia, len(p.Media))}
	for id, items := range p.Spaces {
		for _, it := range items {
			out.Items[id] = append(out.Items[id], playback.LocalItem{ID: it.ID, MediaID: it.MediaID, StartDate: it.StartDate, EndDate: it.EndDate})
		}
	}
	for id, m := range p.Media {
		out.Media[id] = schedule.LocalMedia{Name: m.Name, Type: m.Type, URL: m.URL, ThumbnailURL: m.ThumbnailURL}
	}
	return out
}

// GET /api/display/{franchise}/{storeSlug}/{displayId}/screen?day=yyyyMMdd
// — the TV's screen on a day (today in its store's zone by default):
// its schedule resolved for players and the positions sold in its ad slots
// that day, for the preview "as this TV".
func (s *Server) displayScreen(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	ctx := r.Context()
	d, err := s.Displays.Get(ctx, t, r.PathValue("storeSlug"), r.PathValue("displayId"))
	if err != nil {
		return err
	}
	zone, err := s.tvZone(ctx, t, d)
	if err != nil {
		return err
	}
	loc, err := playback.LoadZone(zone)
	if err != nil {
		return err
	}
	day := advertise.DayOf(s.Now().UnixMilli(), loc)
	if v := r.URL.Query().Get("day"); v != "" {
		var ok bool
		if day, ok = advertise.ParseDay(v); !ok {
			return fault.Invalidf("O dia (day) deve ser uma data no formato aaaammdd.")
		}
	}
	answer := displayScreenResponse{Display: d, TimeZone: zone, Day: day.Key(),
		Ads: advertise.PlayerAds{From: day.Key(), To: day.Key(), Bookings: []advertise.PlayerBooking{}, Ads: map[string]advertise.PlayerAd{}}}
	if d.Schedule != "" {
		sc, err := s.Schedules.ForPlayer(ctx, t, d.Schedule)
		switch {
		case errors.Is(err, schedule.ErrNotFound): // deleted meanwhile: nothing to play
		case err != nil:
			return err
		default:
			answer.Schedule = &sc
			if answer.Local, err = s.localOf(ctx, t, d); err != nil {
				return err
			}
			if s.Ads != nil {
				if answer.Ads, err = s.Ads.ForDisplayDay(ctx, t, d.ID, day); err != nil {
					return err
				}
			}
		}
	}
	writeJSON(w, http.StatusOK, answer)
	return nil
}

// GET /api/footer/{franchise}?coins=USD,EUR&weather=1&store= — the weather
// in the franchise's city (or the store's, as its TVs show it) and the
// quotes of the coins, as the TVs' footers show them (from the same cache),
// for the console's footer previews. A part
// whose provider failed, or that was not asked for, is absent: the console
// then draws an example, marked as such.
func (s *Server) footerValues(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	q := r.URL.Query()
	var coins []string
	if v := strings.TrimSpace(q.Get("coins")); v != "" {
		for _, c := range strings.Split(v, ",") {
			c = strings.ToUpper(strings.TrimSpace(c))
			if _, ok := schedule.Currencies[c]; !ok {
				return fault.Invalidf("Moeda inválida: %q. Use USD, EUR, GBP, JPY, CHF, CAD, AUD, DKK, NOK ou SEK.", c)
			}
			coins = append(coins, c)
		}
	}
	weather := true
	switch q.Get("weather") {
	case "", "1", "true":
	case "0", "false":
		weather = false
	default:
		return fault.Invalidf("O clima (weather) deve ser 1 ou 0.")
	}
	if s.Footer == nil || (len(coins) == 0 && !weather) {
		writeJSON(w, http.StatusOK, footerdata.Data{})
		return nil
	}
	// A TV's footer shows its store's city: the preview as that TV asks with the store.
	var city, state string
	if slug := q.Get("store"); slug != "" {
		st, err := s.Stores.Get(r.Context(), t, slug)
		if err != nil {
			return err
		}
		city, state = st.City, st.State
	} else {
		fr, err := s.Franchises.Get(r.Context(), t.ID)
		if err != nil {
			return err
		}
		city, state = fr.City, fr.State
	}
	writeJSON(w, http.StatusOK, s.Footer.Footer(r.Context(), city, state, coins, weather))
	return nil
}
