package display

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/names"
	"vitrine/internal/schedule"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

// BookingGuard is asked, inside the transaction that deletes TVs or
// moves them to another schedule (or none), whether they may leave what
// they play: it refuses (a fault naming the advertisements) when positions
// of their ad slots are sold from today on. internal/advertise implements
// it.
type BookingGuard interface {
	DisplaysLeaving(ctx context.Context, q db.Querier, franchiseID string, displayIDs []string) error
}

// Service holds the rules for displays.
type Service struct {
	db      *db.DB
	now     func() time.Time
	changes *franchise.Changes
	guards  []BookingGuard

	// watched holds when this replica last announced a live view's watch
	// of each TV (Watch).
	watchMu sync.Mutex
	watched map[string]time.Time
}

// AddBookingGuard plugs in a domain that sells positions on TVs. Call it
// while wiring, before serving.
func (s *Service) AddBookingGuard(g BookingGuard) { s.guards = append(s.guards, g) }

// leaving asks the guards whether the TVs may leave their schedule.
func (s *Service) leaving(ctx context.Context, tx *db.Tx, t tenant.Tenant, ids ...string) error {
	for _, g := range s.guards {
		if err := g.DisplaysLeaving(ctx, tx, t.ID, ids); err != nil {
			return err
		}
	}
	return nil
}

// NewService returns the display service; changes announces every change.
func NewService(d *db.DB, now func() time.Time, changes *franchise.Changes) *Service {
	return &Service{db: d, now: now, changes: changes}
}

// touch records and announces a change to the TV id, which added (1),
// removed (-1) or kept (0) the franchise's TVs.
func (s *Service) touch(ctx context.Context, tx *db.Tx, t tenant.Tenant, id string, added int) error {
	return s.changes.TouchCounting(ctx, tx, change.Change{FranchiseID: t.ID, Displays: []string{id}}, 0, added)
}

// ListStore returns the TVs of one store, sorted by name.
func (s *Service) ListStore(ctx context.Context, t tenant.Tenant, storeSlug string) ([]Display, error) {
	storeID, err := store.ID(ctx, s.db, t.ID, storeSlug)
	if err != nil {
		return nil, err
	}
	list, err := list(ctx, s.db, t, storeID)
	if err != nil {
		return nil, err
	}
	s.withProblems(list)
	SortByName(list)
	return list, nil
}

// ListFranchise returns every TV of the franchise in one query, sorted by name.
func (s *Service) ListFranchise(ctx context.Context, t tenant.Tenant) ([]Display, error) {
	list, err := list(ctx, s.db, t, "")
	if err != nil {
		return nil, err
	}
	if !t.Whole() {
		list = slices.DeleteFunc(list, func(d Display) bool { return !t.CoversSlug(d.Store) })
	}
	s.withProblems(list)
	SortByName(list)
	return list, nil
}

// Count returns how many TVs t's stores hold (every TV of the franchise
// for the network).
func (s *Service) Count(ctx context.Context, t tenant.Tenant) (int, error) {
	return count(ctx, s.db, t)
}

// Get returns one TV of a store of the franchise.
func (s *Service) Get(ctx context.Context, t tenant.Tenant, storeSlug, id string) (Display, error) {
	if _, err := store.ID(ctx, s.db, t.ID, storeSlug); err != nil {
		return Display{}, err
	}
	d, err := get(ctx, s.db, t, storeSlug, id)
	one := []Display{d}
	s.withProblems(one)
	return one[0], err
}

// withProblems fills in each TV's problems at the service's now.
func (s *Service) withProblems(list []Display) {
	now := s.now()
	for i := range list {
		list[i].Problems = problemsAt(list[i].problems, list[i].errorsSince, now)
	}
}

// SortByName orders TVs by name in pt-BR reading order: case and accents
// ignored, numbers by value; ties by store, then registration.
func SortByName(list []Display) {
	type keyed struct {
		key string
		d   Display
	}
	k := make([]keyed, len(list))
	for i, d := range list {
		k[i] = keyed{names.SortKey(d.Name), d}
	}
	slices.SortFunc(k, func(a, b keyed) int {
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		if c := strings.Compare(a.d.Store, b.d.Store); c != 0 {
			return c
		}
		return strings.Compare(a.d.ID, b.d.ID)
	})
	for i := range k {
		list[i] = k[i].d
	}
}

// Create registers a TV in a store. The device code must not be in use
// anywhere in the system; two registrations racing for one code end with
// exactly one TV, the other gets ErrDeviceTaken.
func (s *Service) Create(ctx context.Context, t tenant.Tenant, storeSlug string, in Input) (Display, error) {
	var r row
	if in.Name == nil {
		return Display{}, ErrNameRequired
	}
	if in.Device == nil || strings.TrimSpace(*in.Device) == "" {
		return Display{}, ErrDeviceMissing
	}
	device, err := NormalizeDevice(*in.Device)
	if err != nil {
		return Display{}, err
	}
	r.Device = device
	if err := in.applyTo(&r); err != nil {
		return Display{}, err
	}
	var id string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		storeID, err := store.ID(ctx, tx, t.ID, storeSlug)
		if err != nil {
			return err
		}
		if r.ScheduleID != "" {
			if err := schedule.Check(ctx, tx, t, r.ScheduleID); err != nil {
				return err
			}
		}
		if taken, err := db.NameTaken(ctx, tx, "displays", "store_id", storeID, r.Name, ""); err != nil {
			return err
		} else if taken {
			return ErrNameTaken
		}
		if taken, err := deviceTaken(ctx, tx, device); err != nil {
			return err
		} else if taken {
			return ErrDeviceTaken
		}
		if announced, err := deviceAnnounced(ctx, tx, device); err != nil {
			return err
		} else if !announced {
			return ErrDeviceUnknown
		}
		if id, err = insert(ctx, tx, t.ID, storeID, r, s.now().UnixMilli()); err != nil {
			return err
		}
		created, err := get(ctx, tx, t, storeSlug, id)
		if err != nil {
			return err
		}
		s.recordChange(ctx, tx, t, storeID, nil, &created)
		return s.touch(ctx, tx, t, id, 1)
	})
	if db.IsUniqueViolationOf(err, "displays", "name_key") {
		return Display{}, ErrNameTaken
	}
	if db.IsUniqueViolation(err) {
		return Display{}, ErrDeviceTaken
	}
	if err != nil {
		return Display{}, err
	}
	return get(ctx, s.db, t, storeSlug, id)
}

// Update renames, turns, or links / changes / unlinks the schedule of a TV.
// Its device code cannot change.
func (s *Service) Update(ctx context.Context, t tenant.Tenant, storeSlug, id string, in Input) (Display, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := load(ctx, tx, t.ID, storeSlug, id)
		if err != nil {
			return err
		}
		was, err := get(ctx, tx, t, storeSlug, id)
		if err != nil {
			return err
		}
		if in.Device != nil && strings.TrimSpace(*in.Device) != "" {
			device, err := NormalizeDevice(*in.Device)
			if err != nil || device != r.Device {
				return ErrDeviceImmutable
			}
		}
		before, name := r.ScheduleID, r.Name
		if err := in.applyTo(&r); err != nil {
			return err
		}
		// A TV keeps its key while its name stays the same name, so a
		// repeated name that older data kept without a key can still be edited.
		if names.Key(r.Name) != names.Key(name) {
			if taken, err := db.NameTaken(ctx, tx, "displays", "store_id", r.StoreID, r.Name, id); err != nil {
				return err
			} else if taken {
				return ErrNameTaken
			}
			if err := db.SetNameKey(ctx, tx, "displays", id, r.Name); err != nil {
				return err
			}
		}
		if r.ScheduleID != before && r.ScheduleID != "" {
			if err := schedule.Check(ctx, tx, t, r.ScheduleID); err != nil {
				return err
			}
		}
		if r.ScheduleID != before && before != "" {
			if err := s.leaving(ctx, tx, t, id); err != nil {
				return err
			}
		}
		if err := update(ctx, tx, id, r, s.now().UnixMilli()); err != nil {
			return err
		}
		now, err := get(ctx, tx, t, storeSlug, id)
		if err != nil {
			return err
		}
		s.recordChange(ctx, tx, t, r.StoreID, &was, &now)
		return s.touch(ctx, tx, t, id, 0)
	})
	if db.IsUniqueViolationOf(err, "displays", "name_key") {
		return Display{}, ErrNameTaken
	}
	if err != nil {
		return Display{}, err
	}
	return get(ctx, s.db, t, storeSlug, id)
}

// Delete removes a TV (and, with it, its command jobs).
func (s *Service) Delete(ctx context.Context, t tenant.Tenant, storeSlug, id string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := load(ctx, tx, t.ID, storeSlug, id)
		if err != nil {
			return err
		}
		was, err := get(ctx, tx, t, storeSlug, id)
		if err != nil {
			return err
		}
		if err := s.leaving(ctx, tx, t, id); err != nil {
			return err
		}
		if err := remove(ctx, tx, id); err != nil {
			return err
		}
		s.recordChange(ctx, tx, t, r.StoreID, &was, nil)
		return s.touch(ctx, tx, t, id, -1)
	})
}

// NormalizeDevice returns a device code the way it is stored: upper-case,
// without the spaces or hyphens an operator may type between its characters.
func NormalizeDevice(code string) (string, error) {
	var b strings.Builder
	for _, r := range strings.ToUpper(strings.TrimSpace(code)) {
		switch {
		case r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ', r == '-':
		default:
			return "", ErrDeviceInvalid
		}
	}
	if b.Len() == 0 || b.Len() > 32 {
		return "", ErrDeviceInvalid
	}
	return b.String(), nil
}

// applyTo validates the fields of in other than the device and writes them into r.
func (in Input) applyTo(r *row) error {
	if in.Name != nil {
		r.Name = strings.TrimSpace(*in.Name)
		if r.Name == "" {
			return ErrNameRequired
		}
		if names.TooLong(r.Name) {
			return names.ErrTooLong
		}
	}
	if in.Detail != nil {
		r.Detail = strings.TrimSpace(*in.Detail)
		if utf8.RuneCountInString(r.Detail) > 500 {
			return fault.Invalidf("O detalhe pode ter no máximo 500 caracteres.")
		}
	}
	for _, o := range []struct {
		dst *int
		src *int
	}{{&r.Orientation, in.Orientation}, {&r.ContentOrientation, in.ContentOrientation}} {
		if o.src == nil {
			continue
		}
		if *o.src < 0 || *o.src > 3 {
			return ErrOrientation
		}
		*o.dst = *o.src
	}
	schedule := in.Schedule
	if in.ScheduleID != nil {
		schedule = in.ScheduleID
	}
	if schedule != nil {
		r.ScheduleID = strings.TrimSpace(*schedule)
	}
	return nil
}
