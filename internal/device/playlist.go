package device

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"strconv"
	"sync"

	"vitrine/internal/advertise"
	"vitrine/internal/change"
	"vitrine/internal/display"
	"vitrine/internal/franchise"
	"vitrine/internal/schedule"
	"vitrine/internal/tenant"
)

// Playlists builds what paired players receive, for the hub: each screen's
// own part (small, per TV) and each schedule's part, encoded once and
// shared by every screen that shows it. Encoded schedules and franchise
// facts are cached until a change names them (Forget).
type Playlists struct {
	devices    *Service
	displays   *display.Service
	schedules  *schedule.Service
	franchises *franchise.Service
	ads        AdSource

	mu         sync.Mutex
	builds     int64
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
	timeZone string
}

// AdSource gives the advertisements booked on TVs for their players
// (advertise.Service): only TVs with bookings are in the answer.
type AdSource interface {
	ForPlayers(ctx context.Context, t tenant.Tenant, timeZone string, displayIDs []string) (map[string]advertise.PlayerAds, error)
}

// NewPlaylists returns the builder over the domain services; ads may be
// nil (no advertisement is ever sent).
func NewPlaylists(devices *Service, displays *display.Service, schedules *schedule.Service, franchises *franchise.Service, ads AdSource) *Playlists {
	return &Playlists{devices: devices, displays: displays, schedules: schedules, franchises: franchises, ads: ads,
		encoded: map[scheduleKey]*encodedSchedule{}, franchiseC: map[string]franchiseFacts{}}
}

// Authenticate returns the code of the device holding token.
func (p *Playlists) Authenticate(ctx context.Context, token string) (string, error) {
	return p.devices.Authenticate(ctx, token)
}

// Screens returns the TVs registered with the codes.
func (p *Playlists) Screens(ctx context.Context, codes []string) (map[string]display.Screen, error) {
	return p.displays.ScreensByDevice(ctx, codes)
}

// RecordStatus writes TV status changes.
func (p *Playlists) RecordStatus(ctx context.Context, batch []display.Status) error {
	return p.displays.RecordStatus(ctx, batch)
}

// screenPart is the per-TV part of a playlist frame.
type screenPart struct {
	display.Screen
	Franchise string `json:"franchise"`
	TimeZone  string `json:"timeZone"`
	// Ads are the positions booked in the ad slots of the TV's schedule
	// from today for a week, when there are any.
	Ads *advertise.PlayerAds `json:"ads,omitempty"`
}

// ScreenJSONs encodes each TV's own part of its playlist, with the
// advertisements booked on it (read for all the TVs of a franchise at
// once: a replica's players reconnecting together cost a few queries).
func (p *Playlists) ScreenJSONs(ctx context.Context, screens []display.Screen) ([][]byte, error) {
	byFranchise := map[string][]string{}
	for _, sc := range screens {
		if sc.ScheduleID != "" {
			byFranchise[sc.FranchiseID] = append(byFranchise[sc.FranchiseID], sc.DisplayID)
		}
	}
	ads := map[string]advertise.PlayerAds{}
	if p.ads != nil {
		for franchiseID, displays := range byFranchise {
			f, err := p.franchise(ctx, franchiseID)
			if err != nil {
				return nil, err
			}
			got, err := p.ads.ForPlayers(ctx, f.tenant, f.timeZone, displays)
			if err != nil {
				return nil, err
			}
			maps.Copy(ads, got)
		}
	}
	out := make([][]byte, len(screens))
	for i, sc := range screens {
		f, err := p.franchise(ctx, sc.FranchiseID)
		if err != nil {
			return nil, err
		}
		part := screenPart{Screen: sc, Franchise: f.tenant.Slug, TimeZone: f.timeZone}
		if feed, ok := ads[sc.DisplayID]; ok && sc.ScheduleID != "" {
			part.Ads = &feed
		}
		if out[i], err = json.Marshal(part); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ScheduleJSON encodes a schedule for players; concurrent callers share
// one build, and later callers the cached bytes. The version differs
// whenever the bytes may (a rename of a media changes them, not the hash).
func (p *Playlists) ScheduleJSON(ctx context.Context, franchiseID, scheduleID string) ([]byte, string, error) {
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

func (p *Playlists) buildSchedule(ctx context.Context, franchiseID, scheduleID string) ([]byte, string, error) {
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

func (p *Playlists) franchise(ctx context.Context, id string) (franchiseFacts, error) {
	p.mu.Lock()
	f, ok := p.franchiseC[id]
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
	p.franchiseC[id] = f
	p.mu.Unlock()
	return f, nil
}

// Forget drops what c may have made stale: the schedules it names, or
// everything of its franchise when it names nothing in particular (every
// franchise when it names none).
func (p *Playlists) Forget(c change.Change) {
	if !c.TouchesScreens() {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
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
