// Package screen is what a TV shows: the payload pushed to its player. It
// is the one place that composes it — the TV registered with the player's
// code (display), its franchise's slug (franchise), its store's time zone
// and opening hours (store), the schedule resolved with the library's media
// (schedule) and the advertisements booked on the TV (advertise) — and it
// keeps the encoded
// schedules, shared by every screen that shows them, until a change makes
// them stale (what a change touches is asked of internal/change).
package screen

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"vitrine/internal/advertise"
	"vitrine/internal/change"
	"vitrine/internal/display"
	"vitrine/internal/franchise"
	"vitrine/internal/hours"
	"vitrine/internal/localcontent"
	"vitrine/internal/override"
	"vitrine/internal/playback"
	"vitrine/internal/schedule"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

// TV is the TV a player is paired with, as its screen names it. Its ids
// come first, within 64 bytes: the hub compares them for each player a
// change may reach, and they then take one cache line.
type TV struct {
	DisplayID          string `json:"displayId"`
	FranchiseID        string `json:"-"`
	StoreID            string `json:"-"`
	ScheduleID         string `json:"-"` // "" when none
	Name               string `json:"name"`
	Device             string `json:"device"`
	Store              string `json:"store"` // store slug
	StoreName          string `json:"storeName"`
	ContentOrientation int    `json:"contentOrientation"`
}

func tvOf(p display.Paired) TV {
	return TV{DisplayID: p.DisplayID, Name: p.Name, Device: p.Device, FranchiseID: p.FranchiseID,
		StoreID: p.StoreID, Store: p.Store, StoreName: p.StoreName,
		ContentOrientation: p.ContentOrientation, ScheduleID: p.ScheduleID}
}

// Builder composes what paired players receive, for the hub: each TV's own
// part of its screen (small, per TV) and each schedule's part, encoded once
// and shared by every screen that shows it. Encoded schedules and franchise
// facts are cached until a change touches them (Forget).
type Builder struct {
	displays   *display.Service
	schedules  *schedule.Service
	franchises *franchise.Service
	zones      ZoneSource
	ads        AdSource
	hours      HoursSource
	overrides  OverrideSource
	local      LocalSource

	mu         sync.Mutex
	builds     int64
	forgets    int64 // Forget calls: facts read across one are not kept
	encoded    map[scheduleKey]*encodedSchedule
	franchiseC map[string]franchiseFacts
}

type scheduleKey struct{ franchiseID, scheduleID string }

type encodedSchedule struct {
	ready   chan struct{}
	data    []byte
	version string // the schedule's hash and the build's number: new bytes, new version
	err     error
}

type franchiseFacts struct {
	tenant   tenant.Tenant
	timeZone string // the zone of a store that has none on record
}

// ZoneSource tells the time zone of a franchise's stores, by store id
// (store.Service): every wall-clock rule of a TV runs in its store's zone.
type ZoneSource interface {
	TimeZones(ctx context.Context, t tenant.Tenant, storeIDs []string) (map[string]string, error)
}

// AdSource gives the advertisements booked on TVs for their players
// (advertise.Service): only TVs with bookings are in the answer.
type AdSource interface {
	ForPlayers(ctx context.Context, t tenant.Tenant, timeZone string, displayIDs []string) (map[string]advertise.PlayerAds, error)
}

// HoursSource gives stores' opening hours for their TVs' screens
// (store.Service): stores absent from the answer are open all day.
type HoursSource interface {
	HoursByID(ctx context.Context, franchiseID string, storeIDs []string) (map[string]store.OpeningHours, error)
}

// OverrideSource gives TVs their emergency overrides (override.Service),
// in the TVs' order: nil (or a shorter answer) for TVs without any.
type OverrideSource interface {
	ForScreens(ctx context.Context, franchiseID string, tvs []override.TV) ([][]override.Player, error)
}

// LocalSource gives TVs their stores' approved local content
// (localcontent.Service): TVs without any are absent from the answer.
type LocalSource interface {
	ForScreens(ctx context.Context, t tenant.Tenant, tvs []localcontent.TV) (map[string]*localcontent.Player, error)
}

// SetLocal plugs in the stores' local content (call it while wiring);
// without it no screen carries any.
func (p *Builder) SetLocal(l LocalSource) { p.local = l }

// SetOverrides plugs in the emergency overrides (call it while wiring);
// without it no screen carries one.
func (p *Builder) SetOverrides(o OverrideSource) { p.overrides = o }

// NewBuilder returns the builder over the domain services; ads may be nil
// (no advertisement is ever sent), and so may hours (every store open all
// day).
func NewBuilder(displays *display.Service, schedules *schedule.Service, franchises *franchise.Service, zones ZoneSource, ads AdSource, hours HoursSource) *Builder {
	return &Builder{displays: displays, schedules: schedules, franchises: franchises, zones: zones, ads: ads, hours: hours,
		encoded: map[scheduleKey]*encodedSchedule{}, franchiseC: map[string]franchiseFacts{}}
}

// TVs returns the TVs registered with the device codes, keyed by code;
// codes without a TV (players waiting to be paired) are absent.
func (p *Builder) TVs(ctx context.Context, codes []string) (map[string]TV, error) {
	paired, err := p.displays.PairedByDevice(ctx, codes)
	if err != nil {
		return nil, err
	}
	out := make(map[string]TV, len(paired))
	for code, tv := range paired {
		out[code] = tvOf(tv)
	}
	return out, nil
}

// tvPart is a TV's own part of its screen.
type tvPart struct {
	TV
	Franchise string `json:"franchise"`
	TimeZone  string `json:"timeZone"`
	// DatesTimeZone is the franchise's zone, in which the console writes
	// the entries' dates: they name its calendar days, which the player
	// plays on the wall clock of TimeZone (playback.DatesOn).
	DatesTimeZone string `json:"datesTimeZone"`
	// Ads are the positions booked in the ad slots of the TV's schedule
	// from today for a week, when there are any.
	Ads *advertise.PlayerAds `json:"ads,omitempty"`
	// Local is the store's approved items in the local spaces of the TV's
	// schedule, when it has any.
	Local *localcontent.Player `json:"local,omitempty"`
	// Hours are the store's opening hours (nil: open all day), read on
	// the wall clock of TimeZone; WhenClosed is what the player does
	// outside them (store.KeepPlaying or store.Rest).
	Hours      *hours.Hours `json:"hours"`
	WhenClosed string       `json:"whenClosed"`
	// Overrides are the emergency overrides that reach the TV, in force or
	// scheduled, the newest start first: the player shows the newest in
	// force over schedule and footer, whatever the hours, on its own clock.
	// Absent from the parts of EncodeScreens, which encodes them apart.
	Overrides *[]override.Player `json:"overrides,omitempty"`
}

// EncodeTVs encodes each TV's own part of its screen: its store's time
// zone, the one its player reads every wall clock in, the advertisements
// booked on it from its store's today (read for all the TVs of a franchise
// in one zone at once: a replica's players reconnecting together cost a few
// queries) and the emergency overrides that reach it.
func (p *Builder) EncodeTVs(ctx context.Context, screens []TV) ([][]byte, error) {
	parts, _, err := p.encodeParts(ctx, screens, true)
	return parts, err
}

// EncodeScreens encodes what a playlist frame carries of each TV: its part
// as EncodeTVs does but without its overrides, and apart the value of the
// frame's "overrides" field (as EncodeOverrides does). A change of
// overrides alone leaves the parts as they were, so a player gets the new
// overrides beside the screen it has (docs/device-protocol.md).
func (p *Builder) EncodeScreens(ctx context.Context, screens []TV) (parts, overrides [][]byte, err error) {
	parts, reach, err := p.encodeParts(ctx, screens, false)
	if err != nil {
		return nil, nil, err
	}
	if overrides, err = encodeOverrides(screens, reach); err != nil {
		return nil, nil, err
	}
	return parts, overrides, nil
}

// encodeParts encodes the TVs' parts, with their overrides when whole, and
// returns the overrides that reach each TV, in order.
func (p *Builder) encodeParts(ctx context.Context, screens []TV, whole bool) ([][]byte, [][]override.Player, error) {
	storesBy := map[string][]string{}
	for _, sc := range screens {
		storesBy[sc.FranchiseID] = append(storesBy[sc.FranchiseID], sc.StoreID)
	}
	zones := map[string]string{}               // by store id
	opening := map[string]store.OpeningHours{} // by store id
	for franchiseID, stores := range storesBy {
		f, err := p.franchise(ctx, franchiseID)
		if err != nil {
			return nil, nil, err
		}
		stores = slices.Compact(slices.Sorted(slices.Values(stores)))
		got, err := p.zones.TimeZones(ctx, f.tenant, stores)
		if err != nil {
			return nil, nil, err
		}
		maps.Copy(zones, got)
		if p.hours != nil {
			o, err := p.hours.HoursByID(ctx, franchiseID, stores)
			if err != nil {
				return nil, nil, err
			}
			maps.Copy(opening, o)
		}
	}
	zoneOf := func(sc TV, f franchiseFacts) string {
		if z, ok := zones[sc.StoreID]; ok && z != "" {
			return z
		}
		return f.timeZone
	}
	type franchiseZone struct{ franchiseID, zone string }
	byZone := map[franchiseZone][]string{}
	out := make([][]byte, len(screens))
	parts := make([]tvPart, len(screens))
	for i, sc := range screens {
		f, err := p.franchise(ctx, sc.FranchiseID)
		if err != nil {
			return nil, nil, err
		}
		dates := f.timeZone
		if dates == "" {
			dates = playback.DefaultZone
		}
		parts[i] = tvPart{TV: sc, Franchise: f.tenant.Slug, TimeZone: zoneOf(sc, f), DatesTimeZone: dates, WhenClosed: store.KeepPlaying}
		if o, ok := opening[sc.StoreID]; ok {
			parts[i].Hours, parts[i].WhenClosed = o.Hours, o.WhenClosed
		}
		if sc.ScheduleID != "" {
			k := franchiseZone{sc.FranchiseID, parts[i].TimeZone}
			byZone[k] = append(byZone[k], sc.DisplayID)
		}
	}
	overrides, err := p.overridesOf(ctx, screens)
	if err != nil {
		return nil, nil, err
	}
	ads := map[string]advertise.PlayerAds{}
	if p.ads != nil {
		for k, displays := range byZone {
			f, err := p.franchise(ctx, k.franchiseID)
			if err != nil {
				return nil, nil, err
			}
			got, err := p.ads.ForPlayers(ctx, f.tenant, k.zone, displays)
			if err != nil {
				return nil, nil, err
			}
			maps.Copy(ads, got)
		}
	}
	local, err := p.localOf(ctx, screens)
	if err != nil {
		return nil, nil, err
	}
	for i, part := range parts {
		if feed, ok := ads[part.DisplayID]; ok && part.ScheduleID != "" {
			part.Ads = &feed
		}
		part.Local = local[part.DisplayID]
		if whole {
			list := overrides[i]
			if list == nil {
				list = []override.Player{}
			}
			part.Overrides = &list
		}
		if out[i], err = json.Marshal(part); err != nil {
			return nil, nil, err
		}
	}
	return out, overrides, nil
}

// localOf reads the stores' approved local content of each TV, by TV id,
// in one ask per franchise.
func (p *Builder) localOf(ctx context.Context, screens []TV) (map[string]*localcontent.Player, error) {
	out := map[string]*localcontent.Player{}
	if p.local == nil {
		return out, nil
	}
	tvsBy := map[string][]localcontent.TV{}
	for _, sc := range screens {
		if sc.ScheduleID != "" {
			tvsBy[sc.FranchiseID] = append(tvsBy[sc.FranchiseID], localcontent.TV{DisplayID: sc.DisplayID, StoreID: sc.StoreID, ScheduleID: sc.ScheduleID})
		}
	}
	for franchiseID, tvs := range tvsBy {
		f, err := p.franchise(ctx, franchiseID)
		if err != nil {
			return nil, err
		}
		got, err := p.local.ForScreens(ctx, f.tenant, tvs)
		if err != nil {
			return nil, err
		}
		maps.Copy(out, got)
	}
	return out, nil
}

// overridesOf reads the emergency overrides that reach each TV, in order
// (nil for a TV without any), in one ask per franchise.
func (p *Builder) overridesOf(ctx context.Context, screens []TV) ([][]override.Player, error) {
	overrides := make([][]override.Player, len(screens))
	if p.overrides == nil || len(screens) == 0 {
		return overrides, nil
	}
	ask := func(franchiseID string, places []int) error {
		tvs := make([]override.TV, len(places))
		for j, k := range places {
			tvs[j] = override.TV{DisplayID: screens[k].DisplayID, StoreID: screens[k].StoreID}
		}
		got, err := p.overrides.ForScreens(ctx, franchiseID, tvs)
		if err != nil {
			return err
		}
		for j, list := range got[:min(len(got), len(places))] {
			overrides[places[j]] = list
		}
		return nil
	}
	// The screens' places by franchise; one franchise (a push's usual
	// case) without a map.
	one := true
	for _, sc := range screens {
		one = one && sc.FranchiseID == screens[0].FranchiseID
	}
	if one {
		places := make([]int, len(screens))
		for i := range places {
			places[i] = i
		}
		return overrides, ask(screens[0].FranchiseID, places)
	}
	by := map[string][]int{}
	for i, sc := range screens {
		by[sc.FranchiseID] = append(by[sc.FranchiseID], i)
	}
	for franchiseID, places := range by {
		if err := ask(franchiseID, places); err != nil {
			return nil, err
		}
	}
	return overrides, nil
}

// EncodeOverrides encodes, for each TV in order, the value of the
// "overrides" field of its playlist frame: what a change of emergency
// overrides alone changes in a screen (change.Change.OverridesOnly).
func (p *Builder) EncodeOverrides(ctx context.Context, screens []TV) ([][]byte, error) {
	overrides, err := p.overridesOf(ctx, screens)
	if err != nil {
		return nil, err
	}
	return encodeOverrides(screens, overrides)
}

// encodeOverrides encodes the overrides that reach each TV, in order. TVs
// reached by the same overrides share one encoding (the same bytes), so a
// message to a whole franchise is encoded once.
func encodeOverrides(screens []TV, overrides [][]override.Player) ([][]byte, error) {
	none := []byte("[]")
	shared := map[string][]byte{} // by the overrides' ids
	out := make([][]byte, len(screens))
	var last []override.Player // the list encoded last, and its encoding
	var lastEnc []byte
	for i := range screens {
		list := overrides[i]
		if len(list) == 0 {
			out[i] = none
			continue
		}
		if len(list) == len(last) && &list[0] == &last[0] {
			out[i] = lastEnc // the same list, shared by the TVs it reaches
			continue
		}
		key := list[0].ID // one override (the usual case): its id, no string built
		if len(list) > 1 {
			var b strings.Builder
			for _, o := range list {
				b.WriteString(o.ID)
				b.WriteByte(',')
			}
			key = b.String()
		}
		enc, ok := shared[key]
		if !ok {
			var err error
			if enc, err = json.Marshal(list); err != nil {
				return nil, err
			}
			shared[key] = enc
		}
		out[i], last, lastEnc = enc, list, enc
	}
	return out, nil
}

// EncodeSchedule encodes a schedule for players ("null" when it is gone);
// concurrent callers share one build, and later callers the cached bytes.
// The version differs whenever the bytes may (a rename of a media changes
// them, not the hash).
func (p *Builder) EncodeSchedule(ctx context.Context, franchiseID, scheduleID string) ([]byte, string, error) {
	key := scheduleKey{franchiseID, scheduleID}
	p.mu.Lock()
	e, ok := p.encoded[key]
	if !ok {
		e = &encodedSchedule{ready: make(chan struct{})}
		p.encoded[key] = e
	}
	p.mu.Unlock()
	if ok {
		select {
		case <-e.ready:
			return e.data, e.version, e.err
		case <-ctx.Done():
			return nil, "", ctx.Err()
		}
	}
	var hash string
	e.data, hash, e.err = p.buildSchedule(context.WithoutCancel(ctx), franchiseID, scheduleID)
	if e.err == nil {
		// Kept by its hash, off this path, for the live view of a TV that
		// has not yet confirmed a later version.
		p.schedules.Keep(franchiseID, scheduleID, hash, e.data)
	}
	p.mu.Lock()
	p.builds++
	e.version = hash + "#" + strconv.FormatInt(p.builds, 10)
	p.mu.Unlock()
	close(e.ready)
	if e.err != nil {
		p.mu.Lock()
		if p.encoded[key] == e {
			delete(p.encoded, key) // the next caller tries again
		}
		p.mu.Unlock()
	}
	return e.data, e.version, e.err
}

func (p *Builder) buildSchedule(ctx context.Context, franchiseID, scheduleID string) ([]byte, string, error) {
	f, err := p.franchise(ctx, franchiseID)
	if err != nil {
		return nil, "", err
	}
	sc, err := p.schedules.ForPlayer(ctx, f.tenant, scheduleID)
	if errors.Is(err, schedule.ErrNotFound) {
		return []byte("null"), "", nil // deleted since the TV was read: nothing to play
	}
	if err != nil {
		return nil, "", err
	}
	data, err := json.Marshal(sc)
	return data, sc.Hash, err
}

func (p *Builder) franchise(ctx context.Context, id string) (franchiseFacts, error) {
	p.mu.Lock()
	f, ok := p.franchiseC[id]
	forgets := p.forgets
	p.mu.Unlock()
	if ok {
		return f, nil
	}
	got, err := p.franchises.Get(ctx, id)
	if err != nil {
		return franchiseFacts{}, err
	}
	f = franchiseFacts{tenant: tenant.Tenant{Franchise: tenant.Franchise{ID: id, Slug: got.Slug, Name: got.Name}}, timeZone: got.TimeZone}
	p.mu.Lock()
	if p.forgets == forgets { // else a change came meanwhile: what was read may be older
		p.franchiseC[id] = f
	}
	p.mu.Unlock()
	return f, nil
}

// Forget drops the encodings and franchise facts c may have made stale.
func (p *Builder) Forget(c change.Change) {
	if !c.TouchesScreens() {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.forgets++
	for id := range p.franchiseC {
		if c.Franchise(id) {
			delete(p.franchiseC, id)
		}
	}
	for k := range p.encoded {
		if c.Schedule(k.franchiseID, k.scheduleID) {
			delete(p.encoded, k)
		}
	}
}
