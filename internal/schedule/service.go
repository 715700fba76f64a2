// The schedule service and its edits: list, read, create, change, duplicate
// and delete schedules, each save checked, stored and announced in one
// transaction.

package schedule

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vitrine/internal/audit"
	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/media"
	"vitrine/internal/names"
	"vitrine/internal/tenant"
)

// Library is what schedules need of the media library: the franchise's
// media among some ids, with their addresses.
type Library interface {
	ByIDs(ctx context.Context, t tenant.Tenant, ids []string) (map[string]media.Media, error)
}

// Service holds the rules for schedules.
type Service struct {
	db      *db.DB
	now     func() time.Time
	changes *franchise.Changes
	library Library
	// Guards are asked before a save or a delete drops ad-slot positions
	// or shortens them (slotguard.go); set while wiring, before serving.
	Guards Guards
	// Spaces keeps what stores put in local spaces (spaces.go).
	Spaces Spaces

	keep chan kept // versions waiting to be kept (payloads.go)
}

// NewService returns the schedule service.
func NewService(d *db.DB, now func() time.Time, changes *franchise.Changes, library Library) *Service {
	return &Service{db: d, now: now, changes: changes, library: library, keep: make(chan kept, 64)}
}

// touch records and announces a change to schedule id.
func (s *Service) touch(ctx context.Context, q db.Querier, franchiseID, id string) error {
	return s.changes.Touch(ctx, q, change.Change{FranchiseID: franchiseID, Schedules: []string{id}})
}

// List returns the franchise's schedules, sorted by name, without their
// entries.
func (s *Service) List(ctx context.Context, t tenant.Tenant) ([]Summary, error) {
	out, err := listSummaries(ctx, s.db, t.ID)
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = []Summary{}
	}
	var linked map[string]int
	if !t.Whole() {
		if linked, err = linkedIn(ctx, s.db, t); err != nil {
			return nil, err
		}
	}
	for i := range out {
		out[i].Franchise = t.Slug
		if linked != nil {
			out[i].Displays = linked[out[i].ID]
		}
	}
	if err := s.fillSummaries(ctx, t.ID, out); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Summary) int {
		if c := names.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// Get returns one schedule; with fullMedia its media entries carry the
// library's addresses (file and thumbnail).
func (s *Service) Get(ctx context.Context, t tenant.Tenant, id string, fullMedia bool) (Schedule, error) {
	r, err := getRow(ctx, s.db, t.ID, id, false)
	if err != nil {
		return Schedule{}, err
	}
	if !t.Whole() {
		linked, err := linkedIn(ctx, s.db, t)
		if err != nil {
			return Schedule{}, err
		}
		r.Displays = linked[r.ID]
	}
	return s.present(ctx, t, r, fullMedia)
}

func (s *Service) present(ctx context.Context, t tenant.Tenant, r row, fullMedia bool) (Schedule, error) {
	sc := Schedule{
		ID: r.ID, Name: r.Name, Media: r.Entries, Duration: duration(r.Entries), Displays: r.Displays,
		Hash: r.Hash, Tags: r.Tags, BottomBar: r.BottomBar, ForFranchisees: r.ForFranchisees, Franchise: t.Slug,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}
	if err := s.fill(ctx, t.ID, &sc); err != nil {
		return Schedule{}, err
	}
	if !fullMedia {
		return sc, nil
	}
	lib, err := s.library.ByIDs(ctx, t, mediaIDs(r.Entries))
	if err != nil {
		return Schedule{}, err
	}
	for i := range sc.Media {
		e := &sc.Media[i]
		if m, ok := lib[e.ID]; ok && !e.IsAd && !e.IsLocal {
			e.Type, e.FilePath, e.URL, e.ThumbnailURL = m.Type, m.FilePath, m.URL, m.ThumbnailURL
		}
	}
	return sc, nil
}

// mediaIDs lists, once each, the library media entries name (fallbacks of
// ad slots included).
func mediaIDs(entries []Entry) []string {
	seen := map[string]bool{}
	var out []string
	add := func(id string) {
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	for _, e := range entries {
		switch {
		case e.IsAd:
			add(e.AdFallbackMediaID)
		case e.IsLocal:
			add(e.LocalFallbackMediaID)
		default:
			add(e.ID)
		}
	}
	return out
}

func cleanTags(tags []string) ([]string, error) {
	if len(tags) > MaxTags {
		return nil, fault.Invalidf("Uma programação pode ter no máximo %d tags.", MaxTags)
	}
	out := make([]string, 0, len(tags))
	for _, tag := range tags {
		tag = strings.TrimSpace(tag)
		if tag == "" {
			continue
		}
		if utf8.RuneCountInString(tag) > 60 {
			return nil, fault.Invalidf("Uma tag pode ter no máximo 60 caracteres.")
		}
		if !slices.Contains(out, tag) {
			out = append(out, tag)
		}
	}
	return out, nil
}

// Create adds an empty schedule.
func (s *Service) Create(ctx context.Context, t tenant.Tenant, in Input) (Schedule, error) {
	if in.Name == nil {
		return Schedule{}, ErrNameRequired
	}
	name, err := names.Clean(*in.Name)
	if err != nil {
		return Schedule{}, err
	}
	r := row{ID: newID(), Name: name, Entries: []Entry{}, Tags: []string{}}
	if in.ForFranchisees != nil {
		r.ForFranchisees = *in.ForFranchisees
	}
	if in.Tags != nil {
		if r.Tags, err = cleanTags(*in.Tags); err != nil {
			return Schedule{}, err
		}
	}
	if in.Media != nil {
		if r.Entries, err = s.build(ctx, t, *in.Media, nil); err != nil {
			return Schedule{}, err
		}
	}
	r.Hash = contentHash(r.Entries, r.BottomBar)
	r.CreatedAt = s.now().UnixMilli()
	r.UpdatedAt = r.CreatedAt
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := insertRow(ctx, tx, t.ID, r); err != nil {
			return err
		}
		s.record(ctx, tx, t.ID, r, audit.Entry{Kind: audit.KindSchedule, Action: audit.ActionCreate,
			Changes: audit.Diff(nil, auditOf(r))})
		return s.touch(ctx, tx, t.ID, r.ID)
	})
	if err != nil {
		return Schedule{}, err
	}
	return s.present(ctx, t, r, false)
}

// build validates entries against the franchise's library.
func (s *Service) build(ctx context.Context, t tenant.Tenant, in []EntryInput, stored []Entry) ([]Entry, error) {
	if len(in) > MaxEntries {
		return nil, ErrTooManyEntries // before asking the library about every id
	}
	lib, err := s.libraryOf(ctx, t, in)
	if err != nil {
		return nil, err
	}
	return build(in, lib, newID, stored)
}

// libraryOf is the franchise's media the entries name.
func (s *Service) libraryOf(ctx context.Context, t tenant.Tenant, in []EntryInput) (library, error) {
	var idList []string
	for _, e := range in {
		switch {
		case e.IsLocal:
			idList = append(idList, strings.TrimSpace(e.LocalFallbackMediaID))
		case e.IsSlot():
			idList = append(idList, strings.TrimSpace(e.AdFallbackMediaID))
		default:
			idList = append(idList, strings.TrimSpace(e.ID))
		}
	}
	found, err := s.library.ByIDs(ctx, t, slices.Compact(slices.Sorted(slices.Values(idList))))
	if err != nil {
		return nil, err
	}
	lib := make(library, len(found))
	for id, m := range found {
		lib[id] = libraryMedia{Name: m.Name, Type: m.Type, DisplayTime: m.DisplayTime}
	}
	return lib, nil
}

// modify runs change on the schedule's stored row under its lock, then
// stores it with a fresh hash, records it as describe tells (from the row
// before and after) and announces the change.
func (s *Service) modify(ctx context.Context, t tenant.Tenant, id string, change func(r *row) error,
	describe func(was, now row) audit.Entry) (Schedule, error) {
	var r row
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if r, err = getRow(ctx, tx, t.ID, id, true); err != nil {
			return err
		}
		had, hadTimes := adPositions(r.Entries), adTimes(r.Entries) // before change, which may reuse the slice
		was := r
		was.Entries, was.Tags = slices.Clone(r.Entries), slices.Clone(r.Tags)
		if err := change(&r); err != nil {
			return err
		}
		// Ad slots that lose positions or get shorter: the Guards (the ads
		// center) may refuse, with positions sold from today on.
		if err := s.checkSlots(ctx, tx, t.ID, id, had, r.Entries); err != nil {
			return err
		}
		if err := s.checkSlotTimes(ctx, tx, t.ID, id, hadTimes, r.Entries); err != nil {
			return err
		}
		if err := s.dropRemovedSpaces(ctx, tx, t.ID, id, was.Entries, r.Entries); err != nil {
			return err
		}
		r.Hash = contentHash(r.Entries, r.BottomBar)
		r.UpdatedAt = s.now().UnixMilli()
		if err := updateRow(ctx, tx, t.ID, r); err != nil {
			return err
		}
		s.record(ctx, tx, t.ID, r, describe(was, r))
		return s.touch(ctx, tx, t.ID, id)
	})
	if err != nil {
		return Schedule{}, err
	}
	return s.present(ctx, t, r, true)
}

// Update renames, retags or replaces the entries of a schedule (reorder,
// remove, add, ad slots included): only the fields sent change. When the
// client sends the hash it loaded, a schedule changed since is refused
// (ErrStale), so two editors never silently drop each other's entries.
func (s *Service) Update(ctx context.Context, t tenant.Tenant, id string, in Input) (Schedule, error) {
	var (
		name    string
		tags    []string
		entries []Entry
		err     error
	)
	if in.Name != nil {
		if name, err = names.Clean(*in.Name); err != nil {
			return Schedule{}, err
		}
	}
	if in.Tags != nil {
		if tags, err = cleanTags(*in.Tags); err != nil {
			return Schedule{}, err
		}
	}
	if in.Media != nil {
		// Rows saved before today's rules keep their days and windows
		// (CheckRulesKeeping); a client that sent the hash saw exactly these.
		cur, err := getRow(ctx, s.db, t.ID, id, false)
		if err != nil {
			return Schedule{}, err
		}
		if entries, err = s.build(ctx, t, *in.Media, cur.Entries); err != nil {
			return Schedule{}, err
		}
	}
	return s.modify(ctx, t, id, func(r *row) error {
		if in.Hash != nil && *in.Hash != r.Hash {
			return ErrStale
		}
		if in.Name != nil {
			r.Name = name
		}
		if in.Tags != nil {
			r.Tags = tags
		}
		if in.Media != nil {
			r.Entries = entries
		}
		if in.ForFranchisees != nil {
			r.ForFranchisees = *in.ForFranchisees
		}
		return nil
	}, scheduleChanged)
}

// RemoveEntry unlinks the entry at index (0 = first). When hash is not
// empty it must be the stored one.
func (s *Service) RemoveEntry(ctx context.Context, t tenant.Tenant, id string, index int, hash string) (Schedule, error) {
	return s.modify(ctx, t, id, func(r *row) error {
		if hash != "" && hash != r.Hash {
			return ErrStale
		}
		if index < 0 || index >= len(r.Entries) {
			return ErrIndex
		}
		r.Entries = slices.Delete(r.Entries, index, index+1)
		return nil
	}, func(was, _ row) audit.Entry {
		return audit.Entry{Kind: audit.KindEntry, Action: audit.ActionDelete, Changes: append(
			[]audit.Change{audit.Set("position", index+1, nil)}, audit.Diff(auditEntry(was.Entries[index]), nil)...)}
	})
}

// AddSlot puts an ad slot of quantity positions of duration seconds
// (DefaultDuration when absent) at the start of the schedule (new entries go
// first, spec 2 §4).
func (s *Service) AddSlot(ctx context.Context, t tenant.Tenant, id string, in SlotInput) (Schedule, error) {
	if in.Quantity == nil {
		return Schedule{}, ErrSlotCount
	}
	duration := float64(DefaultDuration)
	if in.Duration != nil {
		duration = *in.Duration
	}
	slot := EntryInput{IsAd: true, AdSlots: in.Quantity, AdTime: &duration, AdFallbackMediaID: in.AdFallbackMediaID}
	lib, err := s.libraryOf(ctx, t, []EntryInput{slot})
	if err != nil {
		return Schedule{}, err
	}
	// One slot, the modal's: its message needs no position.
	built, err := buildEntry(slot, lib, newID, nil)
	if err != nil {
		return Schedule{}, err
	}
	return s.modify(ctx, t, id, func(r *row) error {
		if len(r.Entries) >= MaxEntries {
			return ErrTooManyEntries
		}
		r.Entries = append([]Entry{built}, r.Entries...)
		return nil
	}, func(row, row) audit.Entry {
		return audit.Entry{Kind: audit.KindEntry, Action: audit.ActionCreate, Changes: append(
			[]audit.Change{audit.Set("position", nil, 1)}, audit.Diff(nil, auditEntry(built))...)}
	})
}

// SetFooter saves the schedule's footer; nil removes it.
func (s *Service) SetFooter(ctx context.Context, t tenant.Tenant, id string, bar *BottomBar) (Schedule, error) {
	if err := bar.check(); err != nil {
		return Schedule{}, err
	}
	return s.modify(ctx, t, id, func(r *row) error {
		r.BottomBar = bar
		return nil
	}, func(was, now row) audit.Entry { return footerChanged(was.BottomBar, now.BottomBar) })
}

// Duplicate copies a schedule, entries and footer included, under name.
func (s *Service) Duplicate(ctx context.Context, t tenant.Tenant, id, name string) (Schedule, error) {
	name, err := names.Clean(name)
	if err != nil {
		return Schedule{}, err
	}
	var r row
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		src, err := getRow(ctx, tx, t.ID, id, false)
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		r = row{ID: newID(), Name: name, Entries: src.Entries, Tags: src.Tags, BottomBar: src.BottomBar,
			Hash: src.Hash, CreatedAt: now, UpdatedAt: now}
		if err := insertRow(ctx, tx, t.ID, r); err != nil {
			return err
		}
		changes := append(audit.Diff(nil, auditOf(r)), audit.Set("duplicateOf", nil, src.Name))
		if r.BottomBar != nil {
			changes = append(changes, audit.Set("bottomBar", nil, r.BottomBar))
		}
		s.record(ctx, tx, t.ID, r, audit.Entry{Kind: audit.KindSchedule, Action: audit.ActionCreate, Changes: changes})
		return s.touch(ctx, tx, t.ID, r.ID)
	})
	if err != nil {
		return Schedule{}, err
	}
	return s.present(ctx, t, r, false)
}

// Delete removes a schedule; the TVs that played it are left without one,
// in the same transaction.
func (s *Service) Delete(ctx context.Context, t tenant.Tenant, id string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := getRow(ctx, tx, t.ID, id, true)
		if err != nil {
			return err
		}
		if err := s.checkSlots(ctx, tx, t.ID, id, adPositions(r.Entries), nil); err != nil {
			return err
		}
		if err := deleteRow(ctx, tx, t.ID, id); err != nil {
			return err
		}
		s.record(ctx, tx, t.ID, r, audit.Entry{Kind: audit.KindSchedule, Action: audit.ActionDelete,
			Changes: audit.Diff(auditOf(r), nil)})
		return s.touch(ctx, tx, t.ID, id)
	})
}
