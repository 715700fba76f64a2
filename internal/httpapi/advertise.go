package httpapi

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strconv"

	"vitrine/internal/advertise"
	"vitrine/internal/auth"
	"vitrine/internal/fault"
	"vitrine/internal/names"
	"vitrine/internal/tenant"
)

// adsCenter lets through the users who may use the ads center
// (viewAdsCenter): every /advertise route, and adding an ad slot to a
// schedule.
func adsCenter(p *auth.Principal) bool { return p.AdsCenter }

type adListResponse struct {
	Advertises []advertise.Advertisement `json:"advertises"`
}

type adResponse struct {
	Advertise advertise.Advertisement `json:"advertise"`
}

type adPlaysResponse struct {
	Plays []advertise.PlayCount `json:"plays"`
}

// GET /api/advertise/{franchise} — the advertisements, each with its count
// of booked screens.
func (s *Server) listAds(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	list, err := s.Ads.List(r.Context(), t)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, adListResponse{Advertises: list})
	return nil
}

// GET /api/advertise/{franchise}/map — every screen with an ad slot and its
// free positions per day for six months: each screen is some 6 KB of JSON
// (183 days), 200 screens over a megabyte, which compresses some 30 times.
func (s *Server) adMap(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	m, err := s.Ads.Map(r.Context(), t)
	if err != nil {
		return err
	}
	writeLargeJSON(w, r, append(m.AppendJSON(nil), '\n'))
	return nil
}

// POST /api/advertise/{franchise} — sell an advertisement on screens for a
// period: every position taken, or none.
func (s *Server) createAd(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in advertise.CreateInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	ad, err := s.Ads.Create(r.Context(), t, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, adResponse{Advertise: ad})
	return nil
}

// GET /api/advertise/{franchise}/{id}
func (s *Server) getAd(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	ad, err := s.Ads.Get(r.Context(), t, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, adResponse{Advertise: ad})
	return nil
}

// PUT /api/advertise/{franchise} — rename, display time, dates, media.
func (s *Server) updateAd(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	var in advertise.UpdateInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	ad, err := s.Ads.Update(r.Context(), t, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, adResponse{Advertise: ad})
	return nil
}

// DELETE /api/advertise/{franchise}/{id} — the advertisement goes and its
// positions are free again.
func (s *Server) deleteAd(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	if err := s.Ads.Delete(r.Context(), t, r.PathValue("id")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, okResponse{OK: true})
	return nil
}

// GET /api/advertise/{franchise}/{id}/plays[?format=csv] — proof of play:
// the plays per day and screen, as JSON or as a spreadsheet.
func (s *Server) adPlays(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	format := r.URL.Query().Get("format")
	if format != "" && format != "json" && format != "csv" {
		return fault.Invalidf("Formato inválido: use json ou csv.")
	}
	ad, plays, err := s.Ads.Plays(r.Context(), t, r.PathValue("id"))
	if err != nil {
		return err
	}
	if format != "csv" {
		writeJSON(w, http.StatusOK, adPlaysResponse{Plays: plays})
		return nil
	}
	var buf bytes.Buffer
	buf.WriteString("\ufeff") // so spreadsheets read the accents as UTF-8
	c := csv.NewWriter(&buf)
	c.Comma = ';' // the list separator of spreadsheets in pt-BR
	// Each day is the TV's local day; the zone column says which clock.
	_ = c.Write([]string{"Dia", "Televisor", "Fuso horário", "Exibições", "Tempo total (segundos)"})
	for _, p := range plays {
		day := p.Day[6:8] + "/" + p.Day[4:6] + "/" + p.Day[0:4]
		_ = c.Write([]string{day, p.DisplayName, p.TimeZone, strconv.Itoa(p.Count), strconv.FormatInt(p.Seconds, 10)})
	}
	c.Flush()
	name := names.Slug(ad.Name)
	if name == "" {
		name = "anuncio"
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="exibicoes-`+name+`.csv"`)
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
	return nil
}

type devicePlaysInput struct {
	Plays []advertise.PlayInput `json:"plays"`
}

// POST /api/device/plays — a player reports the advertisements it played
// (kept while offline, sent in batches). A batch sent twice counts once;
// plays of advertisements not sold on the player's TV are ignored.
func (s *Server) devicePlays(w http.ResponseWriter, r *http.Request, code string) error {
	var in devicePlaysInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	if len(in.Plays) > advertise.MaxPlaysPerBatch {
		return fault.Invalidf("Envie no máximo %d exibições por vez.", advertise.MaxPlaysPerBatch)
	}
	screens, err := s.Displays.PairedByDevice(r.Context(), []string{code})
	if err != nil {
		return err
	}
	sc, paired := screens[code]
	if !paired {
		// A TV removed since: nothing of it to keep; the player may forget them.
		writeJSON(w, http.StatusOK, advertise.PlaysResult{Ignored: len(in.Plays)})
		return nil
	}
	res, err := s.Ads.RecordPlays(r.Context(), sc.FranchiseID, sc.DisplayID, in.Plays)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}
