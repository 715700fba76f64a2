package schedule

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/media"
	"vitrine/internal/names"
	"vitrine/internal/playback"
	"vitrine/internal/tenant"
)

// Library is what schedules need of the media library: the franchise's
// media among some ids, with their addresses.
type Library interface {
	ByIDs(ctx context.Context, t tenant.Tenant, ids []string) (map[string]media.Media, error)
}

// SlotGuard is asked, inside the transaction that saves or deletes a
// schedule, about a change that removes ad slots or gives them fewer
// positions: dropped maps each such slot's id to the positions it keeps (0
// when it goes). It refuses (a fault naming the advertisements) when
// bookings on the TVs playing the schedule hold positions the change drops.
// internal/advertise implements it.
type SlotGuard interface {
	SlotsChanging(ctx context.Context, q db.Querier, franchiseID, scheduleID string, dropped map[string]int) error
}

// SlotTimeGuard is a SlotGuard that is also asked about ad slots whose
// positions get shorter: shortened maps each such slot's id to its new
// length in seconds. It refuses (a fault naming the advertisements) when an
// advertisement booked there from today on plays longer than that.
type SlotTimeGuard interface {
	SlotsShortening(ctx context.Context, q db.Querier, franchiseID, scheduleID string, shortened map[string]int) error
}

// Service holds the rules for schedules.
type Service struct {
	db      *db.DB
	now     func() time.Time
	changes *franchise.Changes
	library Library
	guards  []SlotGuard
}

// NewService returns the schedule service.
func NewService(d *db.DB, now func() time.Time, changes *franchise.Changes, library Library) *Service {
	return &Service{db: d, now: now, changes: changes, library: library}
}

// AddSlotGuard plugs in a domain that books ad slots. Call it while wiring,
// before serving.
func (s *Service) AddSlotGuard(g SlotGuard) { s.guards = append(s.guards, g) }

// adPositions is each ad slot's positions, by the slot's id.
func adPositions(entries []Entry) map[string]int {
	out := map[string]int{}
	for _, e := range entries {
		if e.IsAd {
			out[e.ID] += e.AdSlots
		}
	}
	return out
}

// checkSlots asks the guards about a change from the slots had to the
// entries after (nil: the schedule goes) when it drops ad-slot positions.
func (s *Service) checkSlots(ctx context.Context, q db.Querier, franchiseID, id string, had map[string]int, after []Entry) error {
	kept := adPositions(after)
	dropped := map[string]int{}
	for slot, n := range had {
		if kept[slot] < n {
			dropped[slot] = kept[slot]
		}
	}
	if len(dropped) == 0 {
		return nil
	}
	for _, g := range s.guards {
		if err := g.SlotsChanging(ctx, q, franchiseID, id, dropped); err != nil {
			return err
		}
	}
	return nil
}

// adTimes is each ad slot's seconds per position, by the slot's id.
func adTimes(entries []Entry) map[string]int {
	out := map[string]int{}
	for _, e := range entries {
		if e.IsAd {
			out[e.ID] = e.AdTime
		}
	}
	return out
}

// checkSlotTimes asks the guards that care about a change that gives kept
// ad slots shorter positions than they had.
func (s *Service) checkSlotTimes(ctx context.Context, q db.Querier, franchiseID, id string, had map[string]int, after []Entry) error {
	shortened := map[string]int{}
	for slot, seconds := range adTimes(after) {
		if was, ok := had[slot]; ok && seconds < was {
			shortened[slot] = seconds
		}
	}
	if len(shortened) == 0 {
		return nil
	}
	for _, g := range s.guards {
		if tg, ok := g.(SlotTimeGuard); ok {
			if err := tg.SlotsShortening(ctx, q, franchiseID, id, shortened); err != nil {
				return err
			}
		}
	}
	return nil
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
	for i := range out {
		out[i].Franchise = t.Slug
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
	return s.present(ctx, t, r, fullMedia)
}

func (s *Service) present(ctx context.Context, t tenant.Tenant, r row, fullMedia bool) (Schedule, error) {
	sc := Schedule{
		ID: r.ID, Name: r.Name, Media: r.Entries, Duration: duration(r.Entries), Displays: r.Displays,
		Hash: r.Hash, Tags: r.Tags, BottomBar: r.BottomBar, Franchise: t.Slug,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
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
		if m, ok := lib[e.ID]; ok && !e.IsAd {
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
		if e.IsAd {
			add(e.AdFallbackMediaID)
		} else {
			add(e.ID)
		}
	}
	return out
}

func cleanName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", ErrNameRequired
	}
	if utf8.RuneCountInString(name) > 120 {
		return "", fault.Invalidf("O nome pode ter no máximo 120 caracteres.")
	}
	return name, nil
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
	name, err := cleanName(*in.Name)
	if err != nil {
		return Schedule{}, err
	}
	r := row{ID: newID(), Name: name, Entries: []Entry{}, Tags: []string{}}
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
		if e.IsSlot() {
			idList = append(idList, strings.TrimSpace(e.AdFallbackMediaID))
		} else {
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
// stores it with a fresh hash and announces the change.
func (s *Service) modify(ctx context.Context, t tenant.Tenant, id string, change func(r *row) error) (Schedule, error) {
	var r row
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if r, err = getRow(ctx, tx, t.ID, id, true); err != nil {
			return err
		}
		had, hadTimes := adPositions(r.Entries), adTimes(r.Entries) // before change, which may reuse the slice
		if err := change(&r); err != nil {
			return err
		}
		if err := s.checkSlots(ctx, tx, t.ID, id, had, r.Entries); err != nil {
			return err
		}
		if err := s.checkSlotTimes(ctx, tx, t.ID, id, hadTimes, r.Entries); err != nil {
			return err
		}
		r.Hash = contentHash(r.Entries, r.BottomBar)
		r.UpdatedAt = s.now().UnixMilli()
		if err := updateRow(ctx, tx, t.ID, r); err != nil {
			return err
		}
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
		if name, err = cleanName(*in.Name); err != nil {
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
		return nil
	})
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
	})
}

// Duplicate copies a schedule, entries and footer included, under name.
func (s *Service) Duplicate(ctx context.Context, t tenant.Tenant, id, name string) (Schedule, error) {
	name, err := cleanName(name)
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
		return s.touch(ctx, tx, t.ID, id)
	})
}

// SchedulesUsing names, for each of mediaIDs that is used, the schedules
// that play it (media.Usage).
func (s *Service) SchedulesUsing(ctx context.Context, q db.Querier, franchiseID string, ids []string) (map[string][]media.ScheduleRef, error) {
	rows, err := listRows(ctx, q, franchiseID)
	if err != nil {
		return nil, err
	}
	wanted := make(map[string]bool, len(ids))
	for _, id := range ids {
		wanted[id] = true
	}
	out := map[string][]media.ScheduleRef{}
	for _, r := range rows {
		for _, id := range mediaIDs(r.Entries) {
			if wanted[id] {
				out[id] = append(out[id], media.ScheduleRef{ID: r.ID, Name: r.Name})
			}
		}
	}
	for id := range out {
		slices.SortFunc(out[id], func(a, b media.ScheduleRef) int { return names.Compare(a.Name, b.Name) })
	}
	return out, nil
}

// DetachMedia removes deleted media from every schedule of the franchise:
// their entries go, and ad slots that fell back on them fall back on nothing
// (media.Usage). It runs in the media delete's transaction.
func (s *Service) DetachMedia(ctx context.Context, q db.Querier, franchiseID string, ids []string) error {
	gone := make(map[string]bool, len(ids))
	for _, id := range ids {
		gone[id] = true
	}
	rows, err := listRows(ctx, q, franchiseID)
	if err != nil {
		return err
	}
	for _, r := range rows {
		changed := false
		kept := r.Entries[:0:0]
		for _, e := range r.Entries {
			switch {
			case !e.IsAd && gone[e.ID]:
				changed = true
				continue
			case e.IsAd && gone[e.AdFallbackMediaID]:
				e.AdFallbackMediaID = ""
				changed = true
			}
			kept = append(kept, e)
		}
		if !changed {
			continue
		}
		r.Entries = kept
		r.Hash = contentHash(r.Entries, r.BottomBar)
		r.UpdatedAt = s.now().UnixMilli()
		if err := updateRow(ctx, q, franchiseID, r); err != nil {
			return err
		}
		if err := s.touch(ctx, q, franchiseID, r.ID); err != nil {
			return err
		}
	}
	return nil
}

// MediaChanged announces that library media changed (renamed, new volume)
// to the schedules that play them, so their players receive them again
// (media.Usage). It runs in the media update's transaction.
func (s *Service) MediaChanged(ctx context.Context, q db.Querier, franchiseID string, ids []string) error {
	using, err := s.SchedulesUsing(ctx, q, franchiseID, ids)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	var schedules []string
	for _, refs := range using {
		for _, ref := range refs {
			if !seen[ref.ID] {
				seen[ref.ID] = true
				schedules = append(schedules, ref.ID)
			}
		}
	}
	if len(schedules) == 0 {
		return nil
	}
	return s.changes.Touch(ctx, q, change.Change{FranchiseID: franchiseID, Schedules: schedules})
}

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
}

// MaxNext bounds how many upcoming items one call computes.
const MaxNext = 100

// Playing tells what a screen in zone plays at at, and the next items: the
// sequence restarts at the later of the start of the local day and the
// schedule's last change (playback.Anchor), as the player does. ads is
// what fills the ad slots on at's local day (advertise.PlayerAds.OnDay):
// sold positions play their advertisements, the others the slot's fallback
// or nothing (playback.PlanDay, as the player plans its day).
func (s *Service) Playing(ctx context.Context, t tenant.Tenant, id string, at time.Time, zone string, next int, ads playback.DayAds) (Playing, error) {
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
	entries := make([]playback.Entry, len(sc.Media))
	for i, e := range sc.Media {
		entries[i] = e.Playback()
	}
	plan := playback.PlanDay(entries, func(id string) bool { _, ok := shown[id]; return ok }, ads)
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
	items := playback.ScreenFrom(plan, ads, at, loc, anchor, 1+next)
	if len(items) == 0 {
		return out, nil
	}
	cur := describe(items[0])
	out.Now = &cur
	if len(plan.Entries) > 0 {
		for _, it := range items[1:] {
			out.Next = append(out.Next, describe(it))
		}
	}
	return out, nil
}

// PlayerSchedule is a schedule as a player receives it: the entries as
// stored and every library media they name (ad-slot fallbacks included),
// keyed by id. A media deleted since the save is absent, and the player
// skips its entry.
type PlayerSchedule struct {
	ID        string                 `json:"id"`
	Name      string                 `json:"name"`
	Hash      string                 `json:"hash"`
	Entries   []Entry                `json:"entries"`
	Media     map[string]PlayerMedia `json:"media"`
	BottomBar *BottomBar             `json:"bottomBar"`
	// UpdatedAt is when the entries last changed: a schedule's loop counts
	// from it, on the screens and in "what plays now" alike.
	UpdatedAt int64 `json:"updatedAt"`
}

// PlayerMedia is a library media as a player needs it.
type PlayerMedia struct {
	Name         string  `json:"name"`
	Type         string  `json:"type"`
	URL          string  `json:"url"`
	ThumbnailURL string  `json:"thumbnailUrl,omitempty"`
	Duration     float64 `json:"duration,omitempty"`
}

// ForPlayer returns the schedule id of the franchise for its players.
func (s *Service) ForPlayer(ctx context.Context, t tenant.Tenant, id string) (PlayerSchedule, error) {
	r, err := getRow(ctx, s.db, t.ID, id, false)
	if err != nil {
		return PlayerSchedule{}, err
	}
	lib, err := s.library.ByIDs(ctx, t, mediaIDs(r.Entries))
	if err != nil {
		return PlayerSchedule{}, err
	}
	out := PlayerSchedule{ID: r.ID, Name: r.Name, Hash: r.Hash, Entries: r.Entries,
		Media: make(map[string]PlayerMedia, len(lib)), BottomBar: r.BottomBar, UpdatedAt: r.UpdatedAt}
	if out.Entries == nil {
		out.Entries = []Entry{}
	}
	for id, m := range lib {
		out.Media[id] = PlayerMedia{Name: m.Name, Type: m.Type, URL: m.URL, ThumbnailURL: m.ThumbnailURL, Duration: m.Duration}
	}
	return out, nil
}
