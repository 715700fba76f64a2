package advertise

import (
	"context"
	"slices"

	"time"

	"vitrine/internal/db"
	"vitrine/internal/franchise"
	"vitrine/internal/playback"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

// PlayerDays is how many days of bookings a player receives, from today:
// a box that loses the network keeps filling its slots for a week.
const PlayerDays = 8

// PlayerAds is what the player of one TV needs to fill its ad slots: the
// positions booked on each day and the advertisements that hold them.
type PlayerAds struct {
	From string `json:"from"` // yyyyMMdd, today in the TV's store's zone
	To   string `json:"to"`   // yyyyMMdd, the last day listed
	// Bookings are in slot, day and position order.
	Bookings []PlayerBooking `json:"bookings"`
	// Ads are the advertisements booked, by id, with their media (kind and
	// address from the library; an item whose media is gone has no url and
	// is skipped).
	Ads map[string]PlayerAd `json:"ads"`
}

// PlayerBooking is one position of an ad slot on one day.
type PlayerBooking struct {
	SlotID          string `json:"slotId"`   // the ad-slot entry's id in the TV's schedule
	Day             string `json:"day"`      // yyyyMMdd
	Position        int    `json:"position"` // 1..adSlots
	AdvertisementID string `json:"advertisementId"`
}

// PlayerAd is an advertisement as a player plays it.
type PlayerAd struct {
	ID          string      `json:"id"`
	Name        string      `json:"name"`
	DisplayTime int         `json:"displayTime"` // seconds of each play
	StartAt     int64       `json:"startAt"`
	EndsAt      int64       `json:"endsAt"`
	Media       []MediaItem `json:"media"`
}

// ForPlayers returns, for those of the franchise's TVs displayIDs that
// have any, the bookings from today (in their stores' zone timeZone; empty
// reads the franchise's) for PlayerDays days, with their advertisements: what the
// players of those TVs fill their ad slots with. The player hub sends it
// with each TV's playlist; every booking change names the TVs it reaches,
// and DayTurned the ones whose week moves at midnight. A few queries serve
// hundreds of TVs (a replica's players reconnecting at once).
func (s *Service) ForPlayers(ctx context.Context, t tenant.Tenant, timeZone string, displayIDs []string) (map[string]PlayerAds, error) {
	from, to, err := s.playerWeek(ctx, t.ID, timeZone)
	if err != nil {
		return nil, err
	}
	return s.feeds(ctx, t, from, to, displayIDs)
}

// ForDisplayDay returns what the player of the franchise's TV displayID
// fills its ad slots with on day, past or future: the positions booked
// that day and their advertisements, as ForPlayers gives them (From and To
// are the day). The console's preview of a TV on a chosen day plays it.
func (s *Service) ForDisplayDay(ctx context.Context, t tenant.Tenant, displayID string, day Day) (PlayerAds, error) {
	feeds, err := s.feeds(ctx, t, day, day, []string{displayID})
	if err != nil {
		return PlayerAds{}, err
	}
	feed, ok := feeds[displayID]
	if !ok {
		feed = PlayerAds{From: day.Key(), To: day.Key(), Bookings: []PlayerBooking{}, Ads: map[string]PlayerAd{}}
	}
	return feed, nil
}

// ParseDay reads a day written "yyyyMMdd" (an ad map key), or reports
// false when the text is not a real day.
func ParseDay(key string) (Day, bool) {
	at, err := time.Parse("20060102", key)
	if err != nil || len(key) != 8 {
		return 0, false
	}
	return DayOf(at.UnixMilli(), time.UTC), true
}

// feeds reads the bookings of the TVs displayIDs from day from to day to,
// with their advertisements, by TV; TVs without any are left out.
func (s *Service) feeds(ctx context.Context, t tenant.Tenant, from, to Day, displayIDs []string) (map[string]PlayerAds, error) {
	list, err := bookingsOn(ctx, s.db, t.ID, from, to, displayIDs)
	if err != nil {
		return nil, err
	}
	out := map[string]PlayerAds{}
	if len(list) == 0 {
		return out, nil
	}
	var adIDs []string
	for _, r := range list {
		adIDs = append(adIDs, r.AdvertisementID)
	}
	slices.Sort(adIDs)
	adIDs = slices.Compact(adIDs)
	ads := make(map[string]PlayerAd, len(adIDs))
	for _, chunk := range db.Chunks(adIDs) {
		rows, err := rowsByID(ctx, s.db, t.ID, chunk)
		if err != nil {
			return nil, err
		}
		// Every media of the chunk's advertisements, asked of the library at once.
		var items []MediaItem
		for _, r := range rows {
			items = append(items, r.Media...)
		}
		if err := s.withLibrary(ctx, t, items); err != nil {
			return nil, err
		}
		for _, r := range rows {
			playable := make([]MediaItem, 0, len(r.Media))
			for _, m := range items[:len(r.Media)] {
				if m.URL != "" { // gone from the library since: nothing to show
					playable = append(playable, m)
				}
			}
			items = items[len(r.Media):]
			ads[r.ID] = PlayerAd{ID: r.ID, Name: r.Name, DisplayTime: r.DisplayTime, StartAt: r.StartsAt,
				EndsAt: r.EndsAt, Media: playable}
		}
	}
	for _, r := range list {
		feed, ok := out[r.display]
		if !ok {
			feed = PlayerAds{From: from.Key(), To: to.Key(), Ads: map[string]PlayerAd{}}
		}
		feed.Bookings = append(feed.Bookings, r.PlayerBooking)
		if ad, ok := ads[r.AdvertisementID]; ok {
			feed.Ads[r.AdvertisementID] = ad
		}
		out[r.display] = feed
	}
	return out, nil
}

// playerWeek is the first and last day players receive: today in the
// franchise's zone and PlayerDays−1 days after.
func (s *Service) playerWeek(ctx context.Context, franchiseID, timeZone string) (Day, Day, error) {
	loc, err := s.zoneNamed(ctx, franchiseID, timeZone)
	if err != nil {
		return 0, 0, err
	}
	from := DayOf(s.now().UnixMilli(), loc)
	return from, from.Add(PlayerDays - 1), nil
}

// zoneNamed is the location of the zone name, or the franchise's stored
// zone when name is empty.
func (s *Service) zoneNamed(ctx context.Context, franchiseID, name string) (*time.Location, error) {
	if name == "" {
		return s.zone(ctx, s.db, franchiseID)
	}
	return location(name), nil
}

// DayTurned announces, for every zone of a franchise's stores whose day
// turned since the last call, the TVs with a booking on the day that just
// entered their players' window (PlayerDays from that zone's today), so
// those players receive it (a TV of another zone told too gets nothing new).
// The first call only notes the time. Several replicas may
// each announce a turn: a player is sent a playlist only when it differs.
func (s *Service) DayTurned(ctx context.Context) (int, error) {
	now := s.now()
	// The earliest day any zone can be in, less a day: older advertisements
	// have nothing left to play.
	floor := DayOf(now.Add(-36*time.Hour).UnixMilli(), time.UTC)
	active, err := franchisesWithAds(ctx, s.db, floor)
	if err != nil {
		return 0, err
	}
	zones, err := franchise.TimeZones(ctx, s.db, active)
	if err != nil {
		return 0, err
	}
	type franchiseZone struct{ id, zone string }
	list := make([]franchiseZone, 0, len(zones))
	for _, id := range active {
		zone, ok := zones[id]
		if !ok {
			continue
		}
		own, err := store.Zones(ctx, s.db, id)
		if err != nil {
			return 0, err
		}
		for _, z := range slices.Compact(slices.Sorted(slices.Values(append(own, zone)))) {
			list = append(list, franchiseZone{id, z})
		}
	}
	s.daysMu.Lock()
	last := s.lastTurn
	s.lastTurn = now
	s.daysMu.Unlock()
	var turned []franchiseZone
	var entering []Day
	for _, f := range list {
		loc := location(f.zone)
		today := DayOf(now.UnixMilli(), loc)
		if !last.IsZero() && DayOf(last.UnixMilli(), loc) != today {
			turned = append(turned, f)
			entering = append(entering, today.Add(PlayerDays-1))
		}
	}
	announced := 0
	for i, f := range turned {
		displays, err := displaysBookedOn(ctx, s.db, f.id, entering[i])
		if err != nil {
			return announced, err
		}
		if len(displays) == 0 {
			continue
		}
		err = s.db.InTx(ctx, func(tx *db.Tx) error { return s.touch(ctx, tx, f.id, displays) })
		if err != nil {
			return announced, err
		}
		announced += len(displays)
	}
	return announced, nil
}

// OnDay is what fills the TV's ad slots on day (yyyyMMdd) for the playback
// rules: the advertisement sold in each position and the advertisements.
func (p PlayerAds) OnDay(day string) playback.DayAds {
	out := playback.DayAds{Sold: map[playback.SlotPosition]string{}, Ads: make(map[string]playback.Ad, len(p.Ads))}
	for _, b := range p.Bookings {
		if b.Day == day {
			out.Sold[playback.SlotPosition{SlotID: b.SlotID, Position: b.Position}] = b.AdvertisementID
		}
	}
	for id, a := range p.Ads {
		ad := playback.Ad{ID: a.ID, Name: a.Name, Media: make([]playback.AdMedia, 0, len(a.Media))}
		for _, m := range a.Media {
			dok, enabled := m.Dok, m.Enabled
			ad.Media = append(ad.Media, playback.AdMedia{
				Entry: playback.Entry{ID: m.ID, Name: m.Name, Type: m.Type, FilePath: m.FilePath,
					DisplayTime: float64(m.DisplayTime), Dok: &dok, Enabled: &enabled,
					StartDate: m.StartDate, EndDate: m.EndDate, TimeGap: m.TimeGap, Volume: m.Volume},
				URL: m.URL, ThumbnailURL: m.ThumbnailURL,
			})
		}
		out.Ads[id] = ad
	}
	return out
}
