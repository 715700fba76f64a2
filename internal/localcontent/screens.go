package localcontent

import (
	"context"

	"vitrine/internal/tenant"
)

// PlayerItem is an approved item as a TV's player receives it.
type PlayerItem struct {
	ID        string `json:"id"`
	MediaID   string `json:"mediaId"`
	StartDate int64  `json:"startDate,omitempty"`
	EndDate   int64  `json:"endDate,omitempty"`
}

// PlayerMedia is a store's media as a player needs it.
type PlayerMedia struct {
	Name         string  `json:"name"`
	Type         string  `json:"type"`
	URL          string  `json:"url"`
	ThumbnailURL string  `json:"thumbnailUrl,omitempty"`
	Duration     float64 `json:"duration,omitempty"`
}

// Player is what a TV's screen carries of its store's local content: the
// approved items in the local spaces of the TV's schedule, by space id, in
// play order, and their media.
type Player struct {
	Spaces map[string][]PlayerItem `json:"spaces"`
	Media  map[string]PlayerMedia  `json:"media"`
}

// TV names a TV as its screen is composed: its store and its schedule.
type TV struct {
	DisplayID, StoreID, ScheduleID string
}

// ForScreens returns, by TV id, the approved items of the TV's store in
// the local spaces of its schedule; TVs whose store has none there are
// absent. One read for all the TVs: a replica's players reconnecting
// together cost one query per group.
func (s *Service) ForScreens(ctx context.Context, t tenant.Tenant, tvs []TV) (map[string]*Player, error) {
	var stores []string
	for _, tv := range tvs {
		if tv.ScheduleID != "" {
			stores = append(stores, tv.StoreID)
		}
	}
	stores = compactIDs(stores)
	if len(stores) == 0 {
		return nil, nil
	}
	rows, err := liveRows(ctx, s.db, t.ID, stores)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	type key struct{ store, schedule string }
	by := map[key][]row{}
	var mediaIDs []string
	for _, r := range rows {
		k := key{r.StoreID, r.ScheduleID}
		by[k] = append(by[k], r)
		mediaIDs = append(mediaIDs, r.MediaID)
	}
	lib, err := s.library.LocalByIDs(ctx, t, compactIDs(mediaIDs))
	if err != nil {
		return nil, err
	}
	shared := map[key]*Player{} // the TVs of one store on one schedule share theirs
	out := map[string]*Player{}
	for _, tv := range tvs {
		k := key{tv.StoreID, tv.ScheduleID}
		list, ok := by[k]
		if !ok || tv.ScheduleID == "" {
			continue
		}
		p, ok := shared[k]
		if !ok {
			p = &Player{Spaces: map[string][]PlayerItem{}, Media: map[string]PlayerMedia{}}
			for _, r := range list {
				m, ok := lib[r.MediaID]
				if !ok {
					continue
				}
				p.Spaces[r.SpaceID] = append(p.Spaces[r.SpaceID], PlayerItem{ID: r.ID, MediaID: r.MediaID,
					StartDate: r.StartDate, EndDate: r.EndDate})
				p.Media[r.MediaID] = PlayerMedia{Name: m.Name, Type: m.Type, URL: m.URL, ThumbnailURL: m.ThumbnailURL,
					Duration: m.Duration}
			}
			if len(p.Spaces) == 0 {
				p = nil
			}
			shared[k] = p
		}
		if p != nil {
			out[tv.DisplayID] = p
		}
	}
	return out, nil
}
