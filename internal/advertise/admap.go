package advertise

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"vitrine/internal/db"
	"vitrine/internal/display"
	"vitrine/internal/names"
	"vitrine/internal/schedule"
	"vitrine/internal/tenant"
)

// AdMap is the ads center's calendar: every TV whose schedule has an ad
// slot, with each slot's free and total positions on each of MapDays days
// from today. A day is each TV's local day (its store's zone): From is the
// earliest today among the screens, and on a screen whose today is later
// the days before it have no free position.
type AdMap struct {
	// TimeZone is the franchise's zone: the one a new advertisement's
	// startAt and endsAt instants are read in to name its days.
	TimeZone string
	From     Day // today, the earliest among the screens' zones
	Days     int
	Screens  []MapScreen
}

// MapScreen is one screen of the ad map.
type MapScreen struct {
	DisplayID  string
	Name       string
	ScheduleID string
	StoreID    string // the store's slug: a booking's storeSlug
	StoreName  string
	TimeZone   string // the store's zone, whose days the screen's are
	Slots      []MapSlot
	// DayMap is, per day, per slot key, "available.total".
	DayMap DayMap
}

// MapSlot is an ad slot a screen plays: what a booking names (slotId) and
// what the map keys it by.
type MapSlot struct {
	SlotID  string   `json:"slotId"`
	Keys    []string `json:"keys"`
	AdSlots int      `json:"adSlots"`
	AdTime  int      `json:"adTime"`
}

// DayMap holds a screen's free and total positions per slot key and day.
// Slots with the same key (two all-day slots of one schedule) add up.
type DayMap struct {
	days  []string  // "yyyyMMdd" of each day, shared by every screen
	keys  []string  // slot keys
	total []int     // positions per key and day
	free  [][]int32 // free[k][i]: free positions of keys[k] on days[i]
}

// Map builds the ad map of the franchise in three queries (the TVs with
// their stores, the schedules with ad slots, the advertisements' screens
// and periods over the range), whatever the number of screens and days.
func (s *Service) Map(ctx context.Context, t tenant.Tenant) (AdMap, error) {
	loc, err := s.zone(ctx, s.db, t.ID)
	if err != nil {
		return AdMap{}, err
	}
	now := s.now().UnixMilli()
	from := DayOf(now, loc)
	out := AdMap{TimeZone: loc.String(), From: from, Days: MapDays, Screens: []MapScreen{}}

	type screen struct {
		MapScreen
		sortKey string
		gone    int // days from From already over on the screen's clock
	}
	tvs, err := display.Linked(ctx, s.db, t.ID)
	if err != nil || len(tvs) == 0 {
		return out, err
	}
	slotsBySchedule, err := schedule.AdSlots(ctx, s.db, t.ID, nil, false)
	if err != nil {
		return AdMap{}, err
	}
	var storeIDs []string
	for _, tv := range tvs {
		if len(slotsBySchedule[tv.ScheduleID]) > 0 {
			storeIDs = append(storeIDs, tv.StoreID)
		}
	}
	z, err := s.storeZones(ctx, s.db, t.ID, storeIDs)
	if err != nil {
		return AdMap{}, err
	}
	for i, id := range storeIDs {
		if today := DayOf(now, z.of(id)); i == 0 || today < from {
			from = today
		}
	}
	out.From = from
	days := make([]string, MapDays)
	for i, d := 0, from; i < MapDays; i, d = i+1, d.Add(1) {
		days[i] = d.Key()
	}
	booked, err := bookedPerDay(ctx, s.db, t.ID, from)
	if err != nil {
		return AdMap{}, err
	}
	list := make([]screen, 0, len(tvs))
	for _, tv := range tvs {
		slots := slotsBySchedule[tv.ScheduleID]
		if len(slots) == 0 {
			continue
		}
		zone := z.of(tv.StoreID)
		x := screen{MapScreen: MapScreen{DisplayID: tv.ID, Name: tv.Name, ScheduleID: tv.ScheduleID,
			StoreID: tv.StoreSlug, StoreName: tv.StoreName, TimeZone: zone.String()},
			gone: from.Until(DayOf(now, zone))}
		x.Slots = make([]MapSlot, len(slots))
		m := DayMap{days: days}
		for i, sl := range slots {
			x.Slots[i] = MapSlot{SlotID: sl.ID, Keys: sl.Keys, AdSlots: sl.Positions, AdTime: sl.AdTime}
			counts := booked[x.DisplayID][sl.ID]
			for _, key := range sl.Keys {
				k := slices.Index(m.keys, key)
				if k < 0 {
					k = len(m.keys)
					m.keys = append(m.keys, key)
					m.total = append(m.total, 0)
					m.free = append(m.free, make([]int32, MapDays))
				}
				m.total[k] += sl.Positions
				free := m.free[k]
				for d := x.gone; d < len(free); d++ {
					n := int32(sl.Positions)
					if counts != nil {
						n -= counts[d]
					}
					free[d] += max(n, 0)
				}
			}
		}
		x.DayMap = m
		x.sortKey = names.SortKey(x.Name)
		list = append(list, x)
	}
	slices.SortFunc(list, func(a, b screen) int {
		if c := strings.Compare(a.sortKey, b.sortKey); c != 0 {
			return c
		}
		if c := strings.Compare(a.StoreID, b.StoreID); c != 0 {
			return c
		}
		return strings.Compare(a.DisplayID, b.DisplayID)
	})
	out.Screens = make([]MapScreen, len(list))
	for i, x := range list {
		out.Screens[i] = x.MapScreen
	}
	return out, nil
}

// bookedPerDay counts the positions held per TV, slot and day over the
// MapDays days from from: booked[display][slot][i] on day from+i.
//
// A booking holds a position on every day of its advertisement's period,
// on each screen it was sold on (Create and Update take and free them
// together, in one transaction), so the count of a slot on a day is the
// number of the slot's advertisements whose period holds the day. Counting
// from those (advertisement, screen) pairs — a few thousand rows for a
// large franchise, one scan of the ad_displays_map index — instead of the
// positions themselves (200 screens × 183 days × the positions held: some
// 100,000 rows to group, 75 ms and more on either database) keeps the map
// within its time; the positions' primary key stays what prevents
// overbooking. The tests check the two agree (mapMatchesPositions).
func bookedPerDay(ctx context.Context, q db.Querier, franchiseID string, from Day) (map[string]map[string][]int32, error) {
	to := from.Add(MapDays - 1)
	periods, err := bookedPeriods(ctx, q, franchiseID, from, to)
	if err != nil {
		return nil, err
	}
	// Per TV and slot, +1 where a period starts and −1 after it ends.
	booked := map[string]map[string][]int32{}
	for _, p := range periods {
		first, last, list := p.first, p.last, p.screens
		start, end := 0, MapDays-1
		if first > from {
			start = from.Until(first)
		}
		if last < to {
			end = from.Until(last)
		}
		for len(list) > 0 {
			pair, rest, _ := strings.Cut(list, "\x1e")
			list = rest
			display, slotID, _ := strings.Cut(pair, "\x1f")
			bySlot := booked[display]
			if bySlot == nil {
				bySlot = map[string][]int32{}
				booked[display] = bySlot
			}
			diff := bySlot[slotID]
			if diff == nil {
				diff = make([]int32, MapDays+1)
				bySlot[slotID] = diff
			}
			diff[start]++
			diff[end+1]--
		}
	}
	for _, bySlot := range booked {
		for slotID, diff := range bySlot {
			for i := 1; i < MapDays; i++ {
				diff[i] += diff[i-1]
			}
			bySlot[slotID] = diff[:MapDays]
		}
	}
	return booked, nil
}

// AppendJSON writes the map as the API answers it:
// {"timeZone", "from": "yyyyMMdd", "days", "data": [{"displayId", "name",
// "scheduleId", "storeId", "storeName", "timeZone", "slots": [...], "dayMap": {"yyyyMMdd":
// {"HH:MM@HH:MM": "available.total"}}}]}. Written by hand: 200 screens ×
// 183 days is 36,600 day objects, which encoding/json would walk through
// reflection and sorted map keys.
func (m AdMap) AppendJSON(b []byte) []byte {
	if need := len(m.Screens) * m.Days * 40; cap(b)-len(b) < need {
		b = append(make([]byte, 0, len(b)+need+1024), b...)
	}
	b = append(b, `{"timeZone":`...)
	b = appendString(b, m.TimeZone)
	b = append(b, `,"from":"`...)
	b = strconv.AppendInt(b, int64(m.From), 10)
	b = append(b, `","days":`...)
	b = strconv.AppendInt(b, int64(m.Days), 10)
	b = append(b, `,"data":[`...)
	var days [][]byte // `"yyyyMMdd":{`, shared by every screen
	for i, sc := range m.Screens {
		if i == 0 {
			days = dayPrefixes(sc.DayMap.days)
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = sc.appendJSON(b, days)
	}
	return append(b, "]}"...)
}

// MarshalJSON is AppendJSON for encoding/json.
func (m AdMap) MarshalJSON() ([]byte, error) { return m.AppendJSON(nil), nil }

func (sc MapScreen) appendJSON(b []byte, days [][]byte) []byte {
	b = append(b, `{"displayId":`...)
	b = appendString(b, sc.DisplayID)
	b = append(b, `,"name":`...)
	b = appendString(b, sc.Name)
	b = append(b, `,"scheduleId":`...)
	b = appendString(b, sc.ScheduleID)
	b = append(b, `,"storeId":`...)
	b = appendString(b, sc.StoreID)
	b = append(b, `,"storeName":`...)
	b = appendString(b, sc.StoreName)
	b = append(b, `,"timeZone":`...)
	b = appendString(b, sc.TimeZone)
	slots, _ := json.Marshal(sc.Slots)
	b = append(b, `,"slots":`...)
	b = append(b, slots...)
	b = append(b, `,"dayMap":`...)
	b = sc.DayMap.appendJSON(b, days)
	return append(b, '}')
}

func dayPrefixes(days []string) [][]byte {
	out := make([][]byte, len(days))
	for i, d := range days {
		out[i] = []byte(`"` + d + `":{`)
	}
	return out
}

// MarshalJSON writes the day map as {"yyyyMMdd": {"key": "free.total"}}.
func (m DayMap) MarshalJSON() ([]byte, error) { return m.appendJSON(nil, dayPrefixes(m.days)), nil }

func (m DayMap) appendJSON(b []byte, days [][]byte) []byte {
	// Every `"key":"free.total"` a day can hold, written once.
	cells := make([][][]byte, len(m.keys))
	for k, key := range m.keys {
		cells[k] = make([][]byte, m.total[k]+1)
		for n := range cells[k] {
			c := appendString(nil, key)
			c = append(c, `:"`...)
			c = strconv.AppendInt(c, int64(n), 10)
			c = append(c, '.')
			c = strconv.AppendInt(c, int64(m.total[k]), 10)
			cells[k][n] = append(c, '"')
		}
	}
	b = append(b, '{')
	for i := range m.days {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, days[i]...)
		for k := range m.keys {
			if k > 0 {
				b = append(b, ',')
			}
			b = append(b, cells[k][min(max(m.free[k][i], 0), int32(m.total[k]))]...)
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

// appendString writes s as a JSON string.
func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s)
	return append(b, q...)
}
