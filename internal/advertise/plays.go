package advertise

import (
	"context"
	"math"
	"slices"
	"strings"
	"time"

	"vitrine/internal/db"
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
	sold := map[string]bool{}
	for _, chunk := range db.Chunks(adIDs) {
		list, err := db.Collect(ctx, s.db, db.ScanString, `
			SELECT ad.advertisement_id FROM ad_displays ad
			JOIN advertisements a ON a.id = ad.advertisement_id
			WHERE ad.display_id = ? AND a.franchise_id = ? AND ad.advertisement_id IN (`+db.Placeholders(len(chunk))+`)`,
			append([]any{displayID, franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return res, err
		}
		for _, id := range list {
			sold[id] = true
		}
	}
	loc, err := s.zone(ctx, s.db, franchiseID)
	if err != nil {
		return res, err
	}
	var rows [][]any
	for _, p := range valid {
		if !sold[p.AdvertisementID] {
			res.Ignored++
			continue
		}
		rows = append(rows, []any{displayID, p.ID, p.AdvertisementID, franchiseID, p.MediaID, p.StartedAt,
			int64(p.Duration), int(DayOf(p.StartedAt, loc)), now.UnixMilli()})
	}
	var stored int64
	err = insertManySuffix(ctx, s.db, `INSERT INTO ad_plays (display_id, id, advertisement_id, franchise_id, media_id,
		started_at, duration_ms, day, received_at) VALUES `, ` ON CONFLICT (display_id, id) DO NOTHING`, rows, &stored)
	if err != nil {
		return res, err
	}
	res.Stored = int(stored)
	res.Duplicates += len(rows) - int(stored)
	return res, nil
}

// PlayCount is how many times an advertisement played on one screen on
// one day (the franchise's days), and for how long in all.
type PlayCount struct {
	Day         string `json:"day"` // yyyyMMdd
	DisplayID   string `json:"displayId"`
	DisplayName string `json:"displayName"`
	Count       int    `json:"count"`
	Seconds     int64  `json:"seconds"`
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
	list, err := db.Collect(ctx, s.db, func(sc db.Scanner) (PlayCount, error) {
		var p PlayCount
		var day Day
		var ms int64
		err := sc.Scan(&day, &p.DisplayID, &p.DisplayName, &p.Count, &ms)
		p.Day, p.Seconds = day.Key(), ms/1000
		if p.DisplayName == "" {
			p.DisplayName = RemovedTV
		}
		return p, err
	}, `SELECT p.day, p.display_id, COALESCE(d.name, ''), COUNT(*), COALESCE(SUM(p.duration_ms), 0)
		FROM ad_plays p LEFT JOIN displays d ON d.id = p.display_id
		WHERE p.advertisement_id = ?
		GROUP BY p.day, p.display_id, d.name`, r.ID)
	if err != nil {
		return Advertisement{}, nil, err
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
