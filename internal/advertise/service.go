package advertise

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/names"
	"vitrine/internal/playback"
	"vitrine/internal/schedule"
	"vitrine/internal/tenant"
)

// Library is what advertisements need of the media library: what schedules
// need of it.
type Library = schedule.Library

// Service holds the rules of the ads center.
type Service struct {
	db      *db.DB
	now     func() time.Time
	changes *franchise.Changes
	library Library

	daysMu   sync.Mutex
	lastTurn time.Time // the last DayTurned
}

// NewService returns the ads center.
func NewService(d *db.DB, now func() time.Time, changes *franchise.Changes, library Library) *Service {
	return &Service{db: d, now: now, changes: changes, library: library}
}

// zone is the franchise's time zone, whose days advertisements are sold
// by. It is read through q, so a schedule save asking the guard reads it in
// its own transaction.
func (s *Service) zone(ctx context.Context, q db.Querier, franchiseID string) (*time.Location, error) {
	name, err := franchise.TimeZone(ctx, q, franchiseID)
	if err != nil {
		return nil, err // franchise.ErrNotFound is fault.ErrFranchise
	}
	return location(name), nil
}

// location is the zone name, or the default zone when the name is not one
// (the franchise service checks zones on save; an old row may hold another).
func location(name string) *time.Location {
	if loc, err := playback.LoadZone(name); err == nil {
		return loc
	}
	loc, _ := playback.LoadZone("")
	return loc
}

// touch records and announces a change to what the TVs show. With no TV
// there is nothing to announce: advertisements show in no list but their
// own.
func (s *Service) touch(ctx context.Context, q db.Querier, franchiseID string, displays []string) error {
	if len(displays) == 0 {
		return nil
	}
	displays = slices.Compact(slices.Sorted(slices.Values(displays)))
	return s.changes.Touch(ctx, q, change.Change{FranchiseID: franchiseID, Displays: displays})
}

// inTx runs fn in a transaction, once more when it lost a race for a
// position (a unique violation): the second run sees the winner's rows and
// takes another free position, or says there is none. A transaction
// PostgreSQL aborted to break a deadlock (a media delete detaching several
// advertisements meanwhile) runs again too.
func (s *Service) inTx(ctx context.Context, fn func(tx *db.Tx) error) error {
	err := s.db.InTxRetrying(ctx, fn)
	if err != nil && db.IsUniqueViolation(err) {
		err = s.db.InTxRetrying(ctx, fn)
		if err != nil && db.IsUniqueViolation(err) {
			return ErrRace
		}
	}
	return err
}

func cleanName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", ErrNameRequired
	}
	if names.TooLong(name) {
		return "", ErrNameTooLong
	}
	return name, nil
}

func cleanDisplayTime(v *float64) (int, error) {
	if v == nil || math.IsNaN(*v) || *v <= 0 {
		return 0, ErrDuration
	}
	if *v > MaxDisplayTime {
		return 0, ErrDurationTooBig
	}
	if *v != math.Trunc(*v) {
		return 0, ErrDurationWhole
	}
	return int(*v), nil
}

// List returns the franchise's advertisements by name, each with its count
// of booked screens and its media (without the library's addresses).
func (s *Service) List(ctx context.Context, t tenant.Tenant) ([]Advertisement, error) {
	rows, err := listRows(ctx, s.db, t.ID)
	if err != nil {
		return nil, err
	}
	counts, err := screenCounts(ctx, s.db, t.ID)
	if err != nil {
		return nil, err
	}
	out := make([]Advertisement, len(rows))
	for i, r := range rows {
		out[i] = present(t, r, counts[r.ID])
	}
	slices.SortFunc(out, func(a, b Advertisement) int {
		if c := names.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

func present(t tenant.Tenant, r row, screens int) Advertisement {
	return Advertisement{ID: r.ID, Name: r.Name, DisplayTime: r.DisplayTime, StartAt: r.StartsAt, EndsAt: r.EndsAt,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt, Franchise: t.Slug, Media: r.Media, Displays: screens}
}

// Get returns one advertisement with its screens and its media with the
// library's kind and addresses.
func (s *Service) Get(ctx context.Context, t tenant.Tenant, id string) (Advertisement, error) {
	r, err := getRow(ctx, s.db, t.ID, id, false)
	if err != nil {
		return Advertisement{}, err
	}
	return s.full(ctx, t, r)
}

func (s *Service) full(ctx context.Context, t tenant.Tenant, r row) (Advertisement, error) {
	screens, err := screensOf(ctx, s.db, t.ID, r.ID)
	if err != nil {
		return Advertisement{}, err
	}
	slices.SortFunc(screens, func(a, b Screen) int {
		if c := names.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.DisplayID, b.DisplayID)
	})
	ad := present(t, r, len(screens))
	ad.Screens = screens
	if ad.Screens == nil {
		ad.Screens = []Screen{}
	}
	if err := s.withLibrary(ctx, t, ad.Media); err != nil {
		return Advertisement{}, err
	}
	return ad, nil
}

// Create sells an advertisement: one position of an ad slot on each of its
// screens on each day of its period, all taken in one transaction or none.
func (s *Service) Create(ctx context.Context, t tenant.Tenant, in CreateInput) (Advertisement, error) {
	name, err := cleanName(in.Name)
	if err != nil {
		return Advertisement{}, err
	}
	displayTime, err := cleanDisplayTime(in.DisplayTime)
	if err != nil {
		return Advertisement{}, err
	}
	loc, err := s.zone(ctx, s.db, t.ID)
	if err != nil {
		return Advertisement{}, err
	}
	p, err := periodOf(in.StartAt, in.EndsAt, loc)
	if err != nil {
		return Advertisement{}, err
	}
	now := s.now()
	if p.first < DayOf(now.Add(-26*time.Hour).UnixMilli(), time.UTC) {
		return Advertisement{}, ErrPast // gone in every zone; each screen's today is checked below
	}
	bookings, err := cleanBookings(in.Displays)
	if err != nil {
		return Advertisement{}, err
	}
	items := []MediaItem{}
	if in.Media != nil {
		if items, err = s.buildMedia(ctx, t, *in.Media, displayTime, nil); err != nil {
			return Advertisement{}, err
		}
	}
	r := row{ID: newID(), Name: name, DisplayTime: displayTime, First: p.first, Last: p.last,
		StartsAt: p.first.Start(loc).UnixMilli(), EndsAt: p.last.End(loc), Media: items,
		CreatedAt: now.UnixMilli(), UpdatedAt: now.UnixMilli()}
	if err := checkPeriod(r.Media, r.StartsAt, r.EndsAt, loc); err != nil {
		return Advertisement{}, err
	}
	days := p.list()
	err = s.inTx(ctx, func(tx *db.Tx) error {
		targets, err := resolve(ctx, tx, t.ID, bookings, displayTime)
		if err != nil {
			return err
		}
		// A booked day is each TV's local day: the first may not be over
		// on any of them.
		today, err := s.latestToday(ctx, tx, t.ID, storeIDs(targets))
		if err != nil {
			return err
		}
		if p.first < today {
			return ErrPast
		}
		if err := insertRow(ctx, tx, t.ID, r); err != nil {
			return err
		}
		if targets, err = book(ctx, tx, t.ID, r.ID, targets, days); err != nil {
			return err
		}
		if err := insertScreens(ctx, tx, t.ID, r, targets); err != nil {
			return err
		}
		s.record(ctx, tx, t.ID, r, audit.ActionCreate, audit.Diff(nil, auditOf(r, targetScreens(targets))))
		return s.touch(ctx, tx, t.ID, displayIDs(targets))
	})
	if err != nil {
		return Advertisement{}, err
	}
	return s.full(ctx, t, r)
}

// cleanBookings checks the screens of a new advertisement: at least one,
// at most MaxScreens, each TV once.
func cleanBookings(in []BookingInput) ([]BookingInput, error) {
	if len(in) == 0 {
		return nil, ErrNoScreens
	}
	if len(in) > MaxScreens {
		return nil, ErrTooManyScreens
	}
	seen := map[string]bool{}
	out := make([]BookingInput, 0, len(in))
	for _, b := range in {
		b = BookingInput{DisplayID: strings.TrimSpace(b.DisplayID), SlotID: strings.TrimSpace(b.SlotID),
			ScheduleID: strings.TrimSpace(b.ScheduleID), StoreSlug: strings.TrimSpace(b.StoreSlug)}
		if b.DisplayID == "" {
			return nil, ErrNoScreens
		}
		if seen[b.DisplayID] {
			continue // the same screen twice is one screen
		}
		seen[b.DisplayID] = true
		out = append(out, b)
	}
	return out, nil
}

func storeIDs(targets []target) []string {
	out := make([]string, len(targets))
	for i, t := range targets {
		out[i] = t.StoreID
	}
	return out
}

func displayIDs(targets []target) []string {
	out := make([]string, len(targets))
	for i, t := range targets {
		out[i] = t.DisplayID
	}
	return out
}

// Update renames the advertisement, changes its display time, its dates or
// its media; only the fields sent change. New days take a position on every
// screen or the save fails; days left out give theirs back. A longer
// display time must still fit every slot it holds.
func (s *Service) Update(ctx context.Context, t tenant.Tenant, in UpdateInput) (Advertisement, error) {
	id := strings.TrimSpace(in.AdvertiseID)
	if id == "" {
		return Advertisement{}, ErrIDRequired
	}
	if in.Name == nil && in.DisplayTime == nil && in.StartAt == nil && in.EndsAt == nil && in.Media == nil {
		return Advertisement{}, ErrNothingToSave
	}
	var (
		name        string
		displayTime int
		err         error
	)
	if in.Name != nil {
		if name, err = cleanName(*in.Name); err != nil {
			return Advertisement{}, err
		}
	}
	if in.DisplayTime != nil {
		if displayTime, err = cleanDisplayTime(in.DisplayTime); err != nil {
			return Advertisement{}, err
		}
	}
	loc, err := s.zone(ctx, s.db, t.ID)
	if err != nil {
		return Advertisement{}, err
	}
	var items []MediaItem
	if in.Media != nil {
		// Items without a display time play the advertisement's; items
		// saved before today's rules keep their days and windows.
		cur, err := getRow(ctx, s.db, t.ID, id, false)
		if err != nil {
			return Advertisement{}, err
		}
		fallback := displayTime
		if fallback == 0 {
			fallback = cur.DisplayTime
		}
		if items, err = s.buildMedia(ctx, t, *in.Media, fallback, cur.Media); err != nil {
			return Advertisement{}, err
		}
	}
	now := s.now()
	var r row
	err = s.inTx(ctx, func(tx *db.Tx) error {
		var err error
		if r, err = getRow(ctx, tx, t.ID, id, true); err != nil {
			return err
		}
		was := r
		old := r.period()
		next := old
		if in.StartAt != nil || in.EndsAt != nil {
			start, end := r.StartsAt, r.EndsAt
			if in.StartAt != nil {
				start = *in.StartAt
			}
			if in.EndsAt != nil {
				end = *in.EndsAt
			}
			if next, err = periodOf(&start, &end, loc); err != nil {
				return err
			}
		}
		if in.Name != nil {
			r.Name = name
		}
		timeChanged := in.DisplayTime != nil && displayTime != r.DisplayTime
		if in.DisplayTime != nil {
			r.DisplayTime = displayTime
		}
		if in.Media != nil {
			r.Media = items
		}
		var added []Day
		for _, d := range next.list() {
			if !old.contains(d) {
				added = append(added, d)
			}
		}
		targets, lost, err := bookedScreens(ctx, tx, t.ID, r.ID, len(added) > 0 || timeChanged)
		if err != nil {
			return err
		}
		if next.first < old.first {
			// Days already gone on one of its TVs (each its store's today) cannot be sold.
			today, err := s.latestToday(ctx, tx, t.ID, storeIDs(targets))
			if err != nil {
				return err
			}
			if next.first < today {
				return ErrPast
			}
		}
		if timeChanged || len(added) > 0 {
			for i, tg := range targets {
				if lost[i] {
					if len(added) > 0 {
						return fault.WithMsg(fault.Conflict, 100142, fmt.Sprintf(
							"O televisor “%s” não exibe mais a vaga deste anúncio: não é possível acrescentar dias.", tg.DisplayName))
					}
					continue
				}
				if tg.Slot.AdTime < r.DisplayTime {
					return tooShort(r.DisplayTime, tg.DisplayName, tg.Slot.AdTime)
				}
			}
		}
		if next != old {
			if err := release(ctx, tx, r.ID, next); err != nil {
				return err
			}
			if _, err := book(ctx, tx, t.ID, r.ID, targets, added); err != nil {
				return err
			}
			r.First, r.Last = next.first, next.last
			r.StartsAt, r.EndsAt = next.first.Start(loc).UnixMilli(), next.last.End(loc)
			if err := setScreensPeriod(ctx, tx, r); err != nil {
				return err
			}
		}
		// New media, or new dates that leave some media out, are checked
		// against the period the advertisement ends up with.
		if in.Media != nil || next != old {
			if err := checkPeriod(r.Media, r.StartsAt, r.EndsAt, loc); err != nil {
				return err
			}
		}
		r.UpdatedAt = now.UnixMilli()
		if err := updateRow(ctx, tx, t.ID, r); err != nil {
			return err
		}
		s.record(ctx, tx, t.ID, r, audit.ActionUpdate, audit.Diff(auditOf(was, nil), auditOf(r, nil)))
		return s.touch(ctx, tx, t.ID, displayIDs(targets))
	})
	if err != nil {
		return Advertisement{}, err
	}
	return s.full(ctx, t, r)
}

// Delete removes an advertisement and frees its positions.
func (s *Service) Delete(ctx context.Context, t tenant.Tenant, id string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := getRow(ctx, tx, t.ID, id, true)
		if err != nil {
			return err
		}
		displays, err := displaysOf(ctx, tx, id)
		if err != nil {
			return err
		}
		screens, err := screensOf(ctx, tx, t.ID, id)
		if err != nil {
			return err
		}
		booked := make([]auditedScreen, len(screens))
		for i, sc := range screens {
			booked[i] = auditedScreen{DisplayID: sc.DisplayID, Name: sc.Name}
		}
		s.record(ctx, tx, t.ID, r, audit.ActionDelete, audit.Diff(auditOf(r, booked), nil))
		if err := deleteRow(ctx, tx, t.ID, id); err != nil {
			return err
		}
		return s.touch(ctx, tx, t.ID, displays)
	})
}
