package advertise

import (
	"context"
	"math"
	"slices"
	"strings"
	"time"

	"vitrine/internal/display"
	"vitrine/internal/names"
	"vitrine/internal/tenant"
)

// PlayInput is one play of an advertisement a player reports.
type PlayInput struct {
	ID              string  `json:"id"` // the player's own id for the play: a play sent twice counts once
	AdvertisementID string  `json:"advertisementId"`
	MediaID         string  `json:"mediaId"`
	StartedAt       int64   `json:"startedAt"` // epoch ms
	Duration        float64 `json:"duration"`  // ms
}

// PlaysResult tells a player what became of a batch: every play it sent
// is accounted for, so it may forget the whole batch.
type PlaysResult struct {
	Stored     int `json:"stored"`     // new plays
	Duplicates int `json:"duplicates"` // plays already stored (a batch sent again)
	Ignored    int `json:"ignored"`    // malformed, or of an advertisement not sold on this TV
}

// maxPlayAhead is how far ahead of the server's clock a play may claim to
// have started (a box's clock a little fast); beyond it the play is ignored.
const maxPlayAhead = 24 * time.Hour

// RecordPlays stores the plays the player of a TV reports, each once:
// plays of advertisements not sold on this TV, and malformed ones, are
// ignored.
func (s *Service) RecordPlays(ctx context.Context, franchiseID, displayID string, plays []PlayInput) (PlaysResult, error) {
	var res PlaysResult
	now := s.now()
	seen := map[string]bool{}
	var valid []PlayInput
	var adIDs []string
	for _, p := range plays {
		p.ID, p.AdvertisementID, p.MediaID = strings.TrimSpace(p.ID), strings.TrimSpace(p.AdvertisementID), strings.TrimSpace(p.MediaID)
		ok := p.ID != "" && len(p.ID) <= 64 && p.AdvertisementID != "" && len(p.AdvertisementID) <= 64 &&
			len(p.MediaID) <= 64 && p.StartedAt > 0 && p.StartedAt <= now.Add(maxPlayAhead).UnixMilli() &&
			!math.IsNaN(p.Duration) && p.Duration >= 0 && p.Duration <= float64(24*time.Hour/time.Millisecond)
		if !ok {
			res.Ignored++
			continue
		}
		if seen[p.ID] {
			res.Duplicates++
			continue
		}
		seen[p.ID] = true
		valid = append(valid, p)
		adIDs = append(adIDs, p.AdvertisementID)
	}
	if len(valid) == 0 {
		return res, nil
	}
	slices.Sort(adIDs)
	adIDs = slices.Compact(adIDs)
	sold, err := soldOnDisplay(ctx, s.db, franchiseID, displayID, adIDs)
	if err != nil {
		return res, err
	}
	// A play's day is the TV's local day: its store's zone.
	tv, err := display.Placements(ctx, s.db, franchiseID, []string{displayID})
	if err != nil {
		return res, err
	}
	z, err := s.storeZones(ctx, s.db, franchiseID, []string{tv[displayID].StoreID})
	if err != nil {
		return res, err
	}
	loc := z.of(tv[displayID].StoreID)
	var rows [][]any
	for _, p := range valid {
		if !sold[p.AdvertisementID] {
			res.Ignored++
			continue
		}
		rows = append(rows, []any{displayID, p.ID, p.AdvertisementID, franchiseID, p.MediaID, p.StartedAt,
			int64(p.Duration), int(DayOf(p.StartedAt, loc)), now.UnixMilli()})
	}
	stored, err := insertPlays(ctx, s.db, rows)
	if err != nil {
		return res, err
	}
	res.Stored = int(stored)
	res.Duplicates += len(rows) - int(stored)
	return res, nil
}

// PlayCount is how many times an advertisement played on one screen on
// one day (the TV's local day, in its store's zone), and for how long in all.
type PlayCount struct {
	Day         string `json:"day"` // yyyyMMdd
	DisplayID   string `json:"displayId"`
	DisplayName string `json:"displayName"`
	// TimeZone is the zone of the TV's store, whose days these are ("" for
	// a TV removed since).
	TimeZone string `json:"timeZone"`
	Count    int    `json:"count"`
	Seconds  int64  `json:"seconds"`
}

// RemovedTV names the screen of plays whose TV was removed since.
const RemovedTV = "TV removida"

// Plays returns the plays of an advertisement per day and screen, by day
// then screen name, and the advertisement they are of.
func (s *Service) Plays(ctx context.Context, t tenant.Tenant, id string) (Advertisement, []PlayCount, error) {
	r, err := getRow(ctx, s.db, t.ID, id, false)
	if err != nil {
		return Advertisement{}, nil, err
	}
	counts, err := playCounts(ctx, s.db, r.ID)
	if err != nil {
		return Advertisement{}, nil, err
	}
	displayIDs := make([]string, len(counts))
	for i, c := range counts {
		displayIDs[i] = c.display
	}
	tvs, err := display.Placements(ctx, s.db, t.ID, slices.Compact(slices.Sorted(slices.Values(displayIDs))))
	if err != nil {
		return Advertisement{}, nil, err
	}
	var stores []string
	for _, tv := range tvs {
		stores = append(stores, tv.StoreID)
	}
	z, err := s.storeZones(ctx, s.db, t.ID, stores)
	if err != nil {
		return Advertisement{}, nil, err
	}
	list := make([]PlayCount, len(counts))
	for i, c := range counts {
		tv, ok := tvs[c.display]
		name, zone := tv.Name, ""
		if !ok {
			name = RemovedTV
		} else {
			zone = z.of(tv.StoreID).String()
		}
		list[i] = PlayCount{Day: c.day.Key(), DisplayID: c.display, DisplayName: name, TimeZone: zone, Count: c.count, Seconds: c.ms / 1000}
	}
	if list == nil {
		list = []PlayCount{}
	}
	slices.SortFunc(list, func(a, b PlayCount) int {
		if c := strings.Compare(a.Day, b.Day); c != 0 {
			return c
		}
		if c := names.Compare(a.DisplayName, b.DisplayName); c != 0 {
			return c
		}
		return strings.Compare(a.DisplayID, b.DisplayID)
	})
	return present(t, r, 0), list, nil
}
