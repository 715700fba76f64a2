package store

import (
	"context"
	"sync"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/hours"
	"vitrine/internal/tenant"
)

// What a store's TVs do while the store is closed.
const (
	KeepPlaying = "play" // 'Continuar exibindo': the schedule plays on
	Rest        = "rest" // 'Descansar': a black screen, nothing plays, media stay cached
)

// OpeningHours is a store's opening hours, what its TVs do while it is
// closed, and the zone whose wall clock reads them.
type OpeningHours struct {
	Hours      *hours.Hours `json:"hours"`      // nil: open all day
	WhenClosed string       `json:"whenClosed"` // KeepPlaying or Rest
	TimeZone   string       `json:"timeZone"`   // IANA name
}

// HoursInput is the body of a change of opening hours: hours replace the
// old ones (null: open all day); whenClosed, when present, changes.
type HoursInput struct {
	Hours      *hours.Hours `json:"hours"`
	WhenClosed *string      `json:"whenClosed"`
}

// ErrWhenClosedInvalid is a closed behaviour other than play or rest.
var ErrWhenClosedInvalid = fault.Invalidf("Com a loja fechada as TVs podem continuar exibindo (play) ou descansar (rest).")

// locations keeps the zones loaded: the alerts ask for a store's open time
// on every pass, and loading a zone reads the tz database.
var locations sync.Map // name -> *time.Location

// Location is the zone of o, São Paulo's when the name is unknown.
func (o OpeningHours) Location() *time.Location {
	for _, name := range []string{o.TimeZone, "America/Sao_Paulo"} {
		if loc, ok := locations.Load(name); ok {
			return loc.(*time.Location)
		}
		if loc, err := time.LoadLocation(name); err == nil && name != "" {
			locations.Store(name, loc)
			return loc
		}
	}
	return time.UTC
}

// OpenAt tells whether the store is open at t.
func (o OpeningHours) OpenAt(t time.Time) bool { return hours.OpenAt(o.Hours, o.Location(), t) }

// OpenDuration is how long the store was open in [from, to): what an
// offline alert's delay counts.
func (o OpeningHours) OpenDuration(from, to time.Time) time.Duration {
	return hours.OpenDuration(o.Hours, o.Location(), from, to)
}

// Hours returns the opening hours of the store slug.
func (s *Service) Hours(ctx context.Context, t tenant.Tenant, slug string) (OpeningHours, error) {
	id, _, err := load(ctx, s.db, t.ID, slug)
	if err != nil {
		return OpeningHours{}, err
	}
	got, err := s.HoursByID(ctx, t.ID, []string{id})
	return got[id], err
}

// SetHours replaces the opening hours of the store slug and pushes them to
// its TVs.
func (s *Service) SetHours(ctx context.Context, t tenant.Tenant, slug string, in HoursInput) (OpeningHours, error) {
	var clean *hours.Hours
	if in.Hours != nil {
		h, err := hours.Validate(*in.Hours)
		if err != nil {
			return OpeningHours{}, err
		}
		clean = &h
	}
	if in.WhenClosed != nil && *in.WhenClosed != KeepPlaying && *in.WhenClosed != Rest {
		return OpeningHours{}, ErrWhenClosedInvalid
	}
	var id string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		var r row
		if id, r, err = load(ctx, tx, t.ID, slug); err != nil {
			return err
		}
		old, err := readHours(ctx, tx, t.ID, []string{id})
		if err != nil {
			return err
		}
		when := KeepPlaying
		if o, ok := old[id]; ok {
			when = o.WhenClosed
		}
		if in.WhenClosed != nil {
			when = *in.WhenClosed
		}
		if err := writeHours(ctx, tx, t.ID, id, clean, when, s.now().UnixMilli()); err != nil {
			return err
		}
		now, err := readHours(ctx, tx, t.ID, []string{id})
		if err != nil {
			return err
		}
		if changes := audit.Diff(old[id], now[id], "timeZone"); len(changes) > 0 {
			audit.Record(ctx, tx, audit.Entry{
				FranchiseID: t.ID, StoreID: id, Kind: audit.KindHours, ID: id, Name: r.Name,
				Action: audit.ActionUpdate, Changes: changes,
			})
		}
		return s.touch(ctx, tx, t, id, 0)
	})
	if err != nil {
		return OpeningHours{}, err
	}
	got, err := s.HoursByID(ctx, t.ID, []string{id})
	return got[id], err
}

// HoursByID returns the opening hours of the franchise's stores storeIDs,
// by id, each with the zone it is read in: what a screen payload carries
// and what the offline alerts count. Ids of other franchises are absent.
func (s *Service) HoursByID(ctx context.Context, franchiseID string, storeIDs []string) (map[string]OpeningHours, error) {
	zones, err := TimeZones(ctx, s.db, franchiseID, storeIDs)
	if err != nil {
		return nil, err
	}
	set, err := readHours(ctx, s.db, franchiseID, storeIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[string]OpeningHours, len(zones))
	for id, zone := range zones {
		o, ok := set[id]
		if !ok {
			o = OpeningHours{WhenClosed: KeepPlaying}
		}
		o.TimeZone = zone
		out[id] = o
	}
	return out, nil
}
