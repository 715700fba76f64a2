// What plays now: the item a screen linked to a schedule shows at a moment
// and the items after it, by the playback rules the player follows.

package schedule

import (
	"cmp"
	"context"
	"time"

	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/playback"
	"vitrine/internal/tenant"
)

// Playing is what a screen linked to a schedule shows at a moment, and what
// comes after, by the playback rules.
type Playing struct {
	TimeZone string        `json:"timeZone"`
	At       int64         `json:"at"`     // the moment asked about, epoch ms
	Anchor   int64         `json:"anchor"` // when the screen last started the schedule over
	Now      *PlayingItem  `json:"now"`    // nil before the anchor
	Next     []PlayingItem `json:"next"`
}

// PlayingItem is one item of a screen's sequence; an ad slot's positions
// are items of their own.
type PlayingItem struct {
	Kind         string `json:"kind"`       // media | slot | idle
	EntryIndex   int    `json:"entryIndex"` // -1 when idle
	EntryID      string `json:"entryId"`
	Name         string `json:"name"`
	Type         string `json:"type,omitempty"`
	URL          string `json:"url,omitempty"`
	ThumbnailURL string `json:"thumbnailUrl,omitempty"`
	Start        int64  `json:"start"`
	End          int64  `json:"end"`
	// Position is, for an ad slot with positions, the one played (1-based,
	// as bookings number them).
	Position int `json:"position,omitempty"`
	// AdvertisementID and AdvertisementName name the advertisement sold in
	// the position; Name, Type and URL are then its media on screen (none
	// when no media of it may play at the moment: the screen shows nothing).
	// A position without them plays the slot's fallback media.
	AdvertisementID   string `json:"advertisementId,omitempty"`
	AdvertisementName string `json:"advertisementName,omitempty"`
	// LocalItemID names, in a local space (kind local), the store's item
	// on screen; Name, Type and URL are then its media. A space's item
	// without it is the space's fallback media.
	LocalItemID string `json:"localItemId,omitempty"`
}

// StoreLocal is what a TV's store put in the local spaces of its schedule,
// approved: the items by space id in the store's order, their dates as
// written (calendar days in the franchise's zone), and their media by id
// (an item whose media is absent, or has no URL, has no file to show).
type StoreLocal struct {
	Items playback.Local
	Media map[string]LocalMedia
}

// LocalMedia is a store's media as a screen shows it.
type LocalMedia struct {
	Name, Type, URL, ThumbnailURL string
}

// MaxNext bounds how many upcoming items one call computes.
const MaxNext = 100

// Playing tells what a screen in zone plays at at, and the next items: the
// sequence restarts at the later of the start of the local day and the
// schedule's last change (playback.Anchor), as the player does. ads is
// what fills the ad slots on at's local day (advertise.PlayerAds.OnDay):
// sold positions play their advertisements, the others the slot's fallback
// or nothing (playback.PlanDay, as the player plans its day). Local spaces
// play their fallback, as for a store with nothing approved (PlayingLocal
// plays a store's items).
func (s *Service) Playing(ctx context.Context, t tenant.Tenant, id string, at time.Time, zone string, next int, ads playback.DayAds) (Playing, error) {
	return s.PlayingLocal(ctx, t, id, at, zone, next, ads, StoreLocal{})
}

// PlayingLocal is Playing on a TV whose store has put local, approved, in
// the schedule's local spaces: on at's local day those whose dates
// include it play in each space, localTime each, else the space's fallback,
// else the space is skipped (playback.PlanDayLocal).
func (s *Service) PlayingLocal(ctx context.Context, t tenant.Tenant, id string, at time.Time, zone string, next int, ads playback.DayAds, local StoreLocal) (Playing, error) {
	loc, err := playback.LoadZone(zone)
	if err != nil {
		return Playing{}, fault.Invalidf("Fuso horário inválido: %q.", zone)
	}
	next = min(max(next, 0), MaxNext)
	sc, err := s.Get(ctx, t, id, true)
	if err != nil {
		return Playing{}, err
	}
	// What a player can show, as the player decides (web/src/player): media
	// entries whose file is in the library, and ad slots cut to their sold
	// positions and, with a fallback media, the others; the rest is skipped.
	shown, err := s.library.ByIDs(ctx, t, mediaIDs(sc.Media))
	if err != nil {
		return Playing{}, err
	}
	// The entries' dates, and those of the advertisements' media, are
	// calendar days named in the franchise's zone: moved onto the screen's
	// clock, "from 03/03" starts at 00:00 on 03/03 there (playback.DatesOn).
	datesZone, err := franchise.TimeZone(ctx, s.db, t.ID)
	if err != nil {
		return Playing{}, err
	}
	datesLoc, err := playback.LoadZone(datesZone)
	if err != nil {
		datesLoc = loc
	}
	entries := make([]playback.Entry, len(sc.Media))
	for i, e := range sc.Media {
		entries[i] = e.Playback()
	}
	entries = playback.DatesOn(entries, datesLoc, loc)
	ads = ads.DatesOn(datesLoc, loc)
	items := local.Items.DatesOn(datesLoc, loc).OnDay(at, loc, func(id string) bool { return local.Media[id].URL != "" })
	plan := playback.PlanDayLocal(entries, func(id string) bool { _, ok := shown[id]; return ok }, ads, items)
	anchor := playback.Anchor(at, loc, time.UnixMilli(sc.UpdatedAt))
	out := Playing{TimeZone: loc.String(), At: at.UnixMilli(), Anchor: anchor.UnixMilli(), Next: []PlayingItem{}}
	describe := func(it playback.Shown) PlayingItem {
		p := PlayingItem{Kind: string(it.Kind), EntryIndex: it.ScheduleIndex, EntryID: it.EntryID,
			Start: it.Start.UnixMilli(), End: it.End().UnixMilli()}
		if p.EntryIndex >= 0 && p.EntryIndex < len(sc.Media) {
			e := sc.Media[p.EntryIndex]
			p.Name, p.Type, p.URL, p.ThumbnailURL = e.Name, e.Type, e.URL, e.ThumbnailURL
			if m, ok := shown[e.AdFallbackMediaID]; ok && it.Kind == playback.Slot {
				// A position nobody bought shows the slot's fallback media.
				p.Name, p.Type, p.URL, p.ThumbnailURL = m.Name, m.Type, m.URL, m.ThumbnailURL
			}
			if it.Kind == playback.LocalSpace {
				// A local space shows the store's item, or its fallback media.
				p.Type, p.URL, p.ThumbnailURL = "", "", ""
				if m, ok := shown[e.LocalFallbackMediaID]; ok && it.Local == nil {
					p.Name, p.Type, p.URL, p.ThumbnailURL = m.Name, m.Type, m.URL, m.ThumbnailURL
				}
				if it.Local != nil {
					m := local.Media[it.Local.MediaID]
					p.LocalItemID = it.Local.ID
					p.Name, p.Type, p.URL, p.ThumbnailURL = cmp.Or(m.Name, e.Name), m.Type, m.URL, m.ThumbnailURL
				}
			}
		} else {
			p.EntryIndex = -1
		}
		if it.Position >= 0 {
			p.Position = it.Position + 1
		}
		if it.Ad != nil {
			p.AdvertisementID, p.AdvertisementName = it.Ad.ID, it.Ad.Name
			p.Name, p.Type, p.URL, p.ThumbnailURL = it.Ad.Name, "", "", ""
			if m := it.AdMedia; m != nil {
				if m.Name != "" {
					p.Name = m.Name
				}
				p.Type, p.URL, p.ThumbnailURL = m.Type, m.URL, m.ThumbnailURL
			}
		}
		return p
	}
	// The items after the one on screen continue its sequence, so the
	// plays since the anchor count toward each entry's limitByHour (and an
	// advertisement's media take turns since the anchor).
	screen := playback.ScreenFrom(plan, ads, at, loc, anchor, 1+next)
	if len(screen) == 0 {
		return out, nil
	}
	cur := describe(screen[0])
	out.Now = &cur
	if len(plan.Entries) > 0 {
		for _, it := range screen[1:] {
			out.Next = append(out.Next, describe(it))
		}
	}
	return out, nil
}
