package advertise

import (
	"context"
	"slices"

	"vitrine/internal/db"
	"vitrine/internal/tenant"
)

// PlayerDays is how many days of bookings a player receives, from today:
// a box that loses the network keeps filling its slots for a week.
const PlayerDays = 8

// PlayerAds is what the player of one TV needs to fill its ad slots: the
// positions booked on each day and the advertisements that hold them.
type PlayerAds struct {
	From string `json:"from"` // yyyyMMdd, today in the franchise's zone
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

// ForPlayer returns the bookings of the TV displayID from today for
// PlayerDays days, with their advertisements. The player hub can send it
// with the TV's playlist: every booking change names the TVs it reaches.
func (s *Service) ForPlayer(ctx context.Context, t tenant.Tenant, displayID string) (PlayerAds, error) {
	loc, err := s.zone(ctx, s.db, t.ID)
	if err != nil {
		return PlayerAds{}, err
	}
	from := DayOf(s.now().UnixMilli(), loc)
	to := from.Add(PlayerDays - 1)
	out := PlayerAds{From: from.Key(), To: to.Key(), Bookings: []PlayerBooking{}, Ads: map[string]PlayerAd{}}
	list, err := db.Collect(ctx, s.db, func(sc db.Scanner) (PlayerBooking, error) {
		var b PlayerBooking
		var day Day
		err := sc.Scan(&b.SlotID, &day, &b.Position, &b.AdvertisementID)
		b.Day = day.Key()
		return b, err
	}, `SELECT slot_id, day, position, advertisement_id FROM ad_bookings
		WHERE display_id = ? AND franchise_id = ? AND day >= ? AND day <= ?
		ORDER BY slot_id, day, position`, displayID, t.ID, int(from), int(to))
	if err != nil || len(list) == 0 {
		return out, err
	}
	out.Bookings = list
	var adIDs []string
	for _, b := range list {
		adIDs = append(adIDs, b.AdvertisementID)
	}
	slices.Sort(adIDs)
	adIDs = slices.Compact(adIDs)
	for _, chunk := range db.Chunks(adIDs) {
		rows, err := db.Collect(ctx, s.db, scanRow, `SELECT `+rowColumns+` FROM advertisements a
			WHERE a.franchise_id = ? AND a.id IN (`+db.Placeholders(len(chunk))+`)`,
			append([]any{t.ID}, db.Args(chunk)...)...)
		if err != nil {
			return PlayerAds{}, err
		}
		for _, r := range rows {
			if err := s.withLibrary(ctx, t, r.Media); err != nil {
				return PlayerAds{}, err
			}
			out.Ads[r.ID] = PlayerAd{ID: r.ID, Name: r.Name, DisplayTime: r.DisplayTime, StartAt: r.StartsAt,
				EndsAt: r.EndsAt, Media: r.Media}
		}
	}
	return out, nil
}
