package localcontent

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/display"
	"vitrine/internal/franchise"
	"vitrine/internal/ids"
	"vitrine/internal/media"
	"vitrine/internal/outbox"
	"vitrine/internal/schedule"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

// Stores finds a store within the caller's reach (store.Service).
type Stores interface {
	RefOf(ctx context.Context, t tenant.Tenant, slug string) (store.Ref, error)
	Refs(ctx context.Context, franchiseID string) ([]store.Ref, error)
}

// Displays lists a store's TVs (display.Service).
type Displays interface {
	ListStore(ctx context.Context, t tenant.Tenant, storeSlug string) ([]display.Display, error)
}

// Schedules reads a schedule (schedule.Service).
type Schedules interface {
	Get(ctx context.Context, t tenant.Tenant, id string, fullMedia bool) (schedule.Schedule, error)
}

// Library finds media: the network's and the stores' own folders
// (media.Service).
type Library interface {
	ByIDs(ctx context.Context, t tenant.Tenant, ids []string) (map[string]media.Media, error)
	StoreByIDs(ctx context.Context, t tenant.Tenant, storeID string, ids []string) (map[string]media.Media, error)
	LocalByIDs(ctx context.Context, t tenant.Tenant, ids []string) (map[string]media.Media, error)
	ListStore(ctx context.Context, t tenant.Tenant, storeID string) ([]media.Media, error)
}

// Service keeps the stores' local content.
type Service struct {
	db        *db.DB
	now       func() time.Time
	changes   *franchise.Changes
	stores    Stores
	displays  Displays
	schedules Schedules
	library   Library
	enqueue   outbox.EnqueueFunc
	people    PeopleFunc
	approvers ApproversFunc
	publicURL string
	log       *slog.Logger
}

// Person is a user as local content names them: who sent, who decided.
type Person struct{ Name, Email string }

// PeopleFunc returns users' names and e-mails by id (auth.Service.People);
// a user gone is absent.
type PeopleFunc func(ctx context.Context, q db.Querier, userIDs []string) (map[string]Person, error)

// ApproversFunc returns the verified accounts of a group's network members
// holding 'Aprovar conteúdo' (auth.Service.ContentApprovers).
type ApproversFunc func(ctx context.Context, q db.Querier, franchiseID string) ([]Person, error)

// Config wires the service.
type Config struct {
	DB        *db.DB
	Now       func() time.Time
	Changes   *franchise.Changes
	Stores    Stores
	Displays  Displays
	Schedules Schedules
	Library   Library
	Enqueue   outbox.EnqueueFunc
	People    PeopleFunc
	Approvers ApproversFunc
	PublicURL string // base of the links in e-mails
	Log       *slog.Logger
}

// NewService returns the service.
func NewService(c Config) *Service {
	if c.Enqueue == nil {
		c.Enqueue = outbox.Enqueue
	}
	return &Service{db: c.DB, now: c.Now, changes: c.Changes, stores: c.Stores, displays: c.Displays,
		schedules: c.Schedules, library: c.Library, enqueue: c.Enqueue, people: c.People, approvers: c.Approvers,
		publicURL: strings.TrimRight(c.PublicURL, "/"), log: c.Log}
}

// StoreLocal is a store's local content.
type StoreLocal struct {
	Approval bool          `json:"approval"`
	Spaces   []Space       `json:"spaces"`
	Media    []media.Media `json:"media"`
}

// played is what a store's TVs play: by schedule id, how many of its TVs.
func (s *Service) played(ctx context.Context, t tenant.Tenant, storeSlug string) (map[string]int, error) {
	tvs, err := s.displays.ListStore(ctx, t, storeSlug)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, tv := range tvs {
		if tv.Schedule != "" {
			out[tv.Schedule]++
		}
	}
	return out, nil
}

// spaces lists the local spaces of the schedules a store's TVs play, in
// the schedules' name order and each schedule's entry order, without
// items.
func (s *Service) spaces(ctx context.Context, t tenant.Tenant, played map[string]int) ([]Space, error) {
	var out []Space
	var fallbacks []string
	for _, id := range slices.Sorted(func(yield func(string) bool) {
		for id := range played {
			if !yield(id) {
				return
			}
		}
	}) {
		sc, err := s.schedules.Get(ctx, t, id, false)
		if errors.Is(err, schedule.ErrNotFound) {
			continue // deleted meanwhile
		}
		if err != nil {
			return nil, err
		}
		for _, e := range sc.Media {
			if !e.IsLocal {
				continue
			}
			sp := Space{ScheduleID: sc.ID, ScheduleName: sc.Name, SpaceID: e.ID, Name: e.Name, LocalTime: e.LocalTime,
				Dok: e.Dok, TimeGap: e.TimeGap, Enabled: e.Enabled, StartDate: e.StartDate, EndDate: e.EndDate,
				Items: []Item{}, Displays: played[id]}
			if sp.TimeGap == nil {
				sp.TimeGap = []string{}
			}
			if e.LocalFallbackMediaID != "" {
				sp.Fallback = &Media{ID: e.LocalFallbackMediaID}
				fallbacks = append(fallbacks, e.LocalFallbackMediaID)
			}
			out = append(out, sp)
		}
	}
	slices.SortStableFunc(out, func(a, b Space) int {
		return strings.Compare(strings.ToLower(a.ScheduleName), strings.ToLower(b.ScheduleName))
	})
	if len(fallbacks) == 0 {
		return out, nil
	}
	lib, err := s.library.ByIDs(ctx, t, compactIDs(fallbacks))
	if err != nil {
		return nil, err
	}
	for i := range out {
		if fb := out[i].Fallback; fb != nil {
			m, ok := lib[fb.ID]
			if !ok {
				out[i].Fallback = nil
				continue
			}
			*fb = mediaOf(m)
		}
	}
	return out, nil
}

func mediaOf(m media.Media) Media {
	return Media{ID: m.ID, Name: m.Name, Type: m.Type, URL: m.URL, ThumbnailURL: m.ThumbnailURL, Duration: m.Duration}
}

// Store returns a store's local content: the spaces of the schedules its
// TVs play with its items, and its own media folder.
func (s *Service) Store(ctx context.Context, t tenant.Tenant, storeSlug string) (StoreLocal, error) {
	st, err := s.stores.RefOf(ctx, t, storeSlug)
	if err != nil {
		return StoreLocal{}, err
	}
	played, err := s.played(ctx, t, storeSlug)
	if err != nil {
		return StoreLocal{}, err
	}
	spaces, err := s.spaces(ctx, t, played)
	if err != nil {
		return StoreLocal{}, err
	}
	rows, err := storeRows(ctx, s.db, t.ID, st.ID)
	if err != nil {
		return StoreLocal{}, err
	}
	items, err := s.items(ctx, t, st.ID, rows)
	if err != nil {
		return StoreLocal{}, err
	}
	at := map[[2]string]int{}
	for i, sp := range spaces {
		at[[2]string{sp.ScheduleID, sp.SpaceID}] = i
	}
	for _, it := range items {
		if i, ok := at[[2]string{it.ScheduleID, it.SpaceID}]; ok {
			spaces[i].Items = append(spaces[i].Items, it)
		}
	}
	lib, err := s.library.ListStore(ctx, t, st.ID)
	if err != nil {
		return StoreLocal{}, err
	}
	off, err := franchise.LocalWithoutApproval(ctx, s.db, t.ID)
	if err != nil {
		return StoreLocal{}, err
	}
	if spaces == nil {
		spaces = []Space{}
	}
	return StoreLocal{Approval: !off, Spaces: spaces, Media: lib}, nil
}

// items presents a store's rows with their media and people.
func (s *Service) items(ctx context.Context, t tenant.Tenant, storeID string, rows []row) ([]Item, error) {
	var mediaIDs, userIDs []string
	for _, r := range rows {
		mediaIDs = append(mediaIDs, r.MediaID, r.DraftMediaID)
		userIDs = append(userIDs, r.SentBy, r.DecidedBy)
	}
	lib, err := s.library.StoreByIDs(ctx, t, storeID, compactIDs(mediaIDs))
	if err != nil {
		return nil, err
	}
	who, err := s.people(ctx, s.db, compactIDs(userIDs))
	if err != nil {
		return nil, err
	}
	out := make([]Item, len(rows))
	for i, r := range rows {
		out[i] = itemOf(r, lib, who)
	}
	return out, nil
}

func itemOf(r row, lib map[string]media.Media, who map[string]Person) Item {
	return Item{ID: r.ID, ScheduleID: r.ScheduleID, SpaceID: r.SpaceID, Position: r.Position, State: r.State,
		Reason: r.Reason, Live: present(r.live(), lib), Draft: present(r.draft(), lib),
		SentBy: who[r.SentBy].Name, SentAt: r.SentAt, DecidedBy: who[r.DecidedBy].Name, DecidedAt: r.DecidedAt}
}

func present(v *version, lib map[string]media.Media) *Version {
	if v == nil {
		return nil
	}
	out := &Version{MediaID: v.MediaID, StartDate: v.StartDate, EndDate: v.EndDate, Media: Media{ID: v.MediaID}}
	if m, ok := lib[v.MediaID]; ok {
		out.Media = mediaOf(m)
	}
	return out
}

// target is a store and one of its spaces, checked.
type target struct {
	store store.Ref
	space Space
}

// findSpace checks that the store's TVs play the schedule and that it
// holds the space.
func (s *Service) findSpace(ctx context.Context, t tenant.Tenant, storeSlug, scheduleID, spaceID string) (target, error) {
	st, err := s.stores.RefOf(ctx, t, storeSlug)
	if err != nil {
		return target{}, err
	}
	played, err := s.played(ctx, t, storeSlug)
	if err != nil {
		return target{}, err
	}
	if played[scheduleID] == 0 {
		return target{}, ErrSpaceNotFound
	}
	spaces, err := s.spaces(ctx, t, map[string]int{scheduleID: played[scheduleID]})
	if err != nil {
		return target{}, err
	}
	for _, sp := range spaces {
		if sp.SpaceID == spaceID {
			return target{store: st, space: sp}, nil
		}
	}
	return target{}, ErrSpaceNotFound
}

// checkVersion checks a version's media (of the store's own folder) and
// dates.
func (s *Service) checkVersion(ctx context.Context, t tenant.Tenant, storeID string, v version) (media.Media, error) {
	if v.StartDate < 0 || v.EndDate < 0 {
		return media.Media{}, ErrBadDate
	}
	if v.StartDate > 0 && v.EndDate > 0 && v.EndDate < v.StartDate {
		return media.Media{}, ErrDates
	}
	id := strings.TrimSpace(v.MediaID)
	if id == "" {
		return media.Media{}, ErrMediaNotFound
	}
	got, err := s.library.StoreByIDs(ctx, t, storeID, []string{id})
	if err != nil {
		return media.Media{}, err
	}
	m, ok := got[id]
	if !ok {
		return media.Media{}, ErrMediaNotFound
	}
	return m, nil
}

// Add puts a media of the store's folder in a space: it waits for
// approval, or plays at once when the group publishes without approval.
func (s *Service) Add(ctx context.Context, t tenant.Tenant, storeSlug string, in ItemInput) (Item, error) {
	tg, err := s.findSpace(ctx, t, storeSlug, strings.TrimSpace(in.ScheduleID), strings.TrimSpace(in.SpaceID))
	if err != nil {
		return Item{}, err
	}
	v := version{MediaID: strings.TrimSpace(in.MediaID)}
	if in.StartDate != nil {
		v.StartDate = *in.StartDate
	}
	if in.EndDate != nil {
		v.EndDate = *in.EndDate
	}
	m, err := s.checkVersion(ctx, t, tg.store.ID, v)
	if err != nil {
		return Item{}, err
	}
	var r row
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := store.Lock(ctx, tx, t.ID, tg.store.ID); err != nil {
			return err
		}
		list, err := spaceRows(ctx, tx, t.ID, tg.store.ID, tg.space.ScheduleID, tg.space.SpaceID)
		if err != nil {
			return err
		}
		if len(list) >= MaxItems {
			return ErrTooMany
		}
		off, err := franchise.LocalWithoutApproval(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		r = row{ID: ids.New(), FranchiseID: t.ID, StoreID: tg.store.ID, ScheduleID: tg.space.ScheduleID,
			SpaceID: tg.space.SpaceID, Position: len(list), State: Pending, SentBy: t.UserID, SentAt: now}
		if off {
			r.State = Approved
			r.setLive(&v)
		} else {
			r.setDraft(&v)
		}
		if err := insertRow(ctx, tx, r); err != nil {
			return err
		}
		s.recordItem(ctx, tx, t, tg, r, nil, m.Name)
		if err := s.tell(ctx, tx, t.ID, tg.store.ID); err != nil {
			return err
		}
		if off {
			return s.push(ctx, tx, t.ID, tg.store.ID)
		}
		return nil
	})
	if err != nil {
		return Item{}, err
	}
	return s.itemFor(ctx, t, tg.store.ID, r)
}

func (s *Service) itemFor(ctx context.Context, t tenant.Tenant, storeID string, r row) (Item, error) {
	items, err := s.items(ctx, t, storeID, []row{r})
	if err != nil {
		return Item{}, err
	}
	return items[0], nil
}

// push announces that what the store's TVs play in their local spaces
// changed: their screens are sent again.
func (s *Service) push(ctx context.Context, q db.Querier, franchiseID string, storeIDs ...string) error {
	return s.changes.Touch(ctx, q, change.Change{FranchiseID: franchiseID, Stores: compactIDs(storeIDs)})
}

// maxNewsStores bounds the stores one piece of news names (it rides in a
// PostgreSQL notification across replicas); past it the news names none,
// which the consoles read as "any store".
const maxNewsStores = 20

// NewsType is the consoles' news of local content: an item sent, changed,
// removed or decided in the stores its data names ({"stores": [ids]}, none
// meaning any). 'Conteúdo local' and 'Aprovações' read their lists again;
// no screen changes.
const NewsType = "local"

// tell announces the news of the stores' items when tx commits.
func (s *Service) tell(ctx context.Context, tx *db.Tx, franchiseID string, storeIDs ...string) error {
	stores := compactIDs(storeIDs)
	if len(stores) > maxNewsStores {
		stores = []string{}
	}
	data, err := json.Marshal(map[string][]string{"stores": stores})
	if err != nil {
		return err
	}
	return s.changes.Announce(ctx, tx, change.Change{FranchiseID: franchiseID, Event: &change.Event{Type: NewsType, Data: data}})
}

// Update changes an item — sent again for approval while its approved
// version keeps playing — or moves it in the store's list (at once).
func (s *Service) Update(ctx context.Context, t tenant.Tenant, storeSlug, id string, in ItemUpdate) (Item, error) {
	content := in.MediaID != nil || in.StartDate != nil || in.EndDate != nil
	if !content && in.Position == nil {
		return Item{}, ErrNothing
	}
	st, err := s.stores.RefOf(ctx, t, storeSlug)
	if err != nil {
		return Item{}, err
	}
	var r row
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := store.Lock(ctx, tx, t.ID, st.ID); err != nil {
			return err
		}
		was, err := getRow(ctx, tx, t.ID, st.ID, id)
		if err != nil {
			return err
		}
		r = was
		tg, err := s.findSpace(ctx, t, storeSlug, r.ScheduleID, r.SpaceID)
		if err != nil {
			return err
		}
		var mediaName string
		pushNow := false
		if content {
			base := r.draft()
			if base == nil {
				base = r.live()
			}
			v := *base
			if in.MediaID != nil {
				v.MediaID = strings.TrimSpace(*in.MediaID)
			}
			if in.StartDate != nil {
				v.StartDate = *in.StartDate
			}
			if in.EndDate != nil {
				v.EndDate = *in.EndDate
			}
			m, err := s.checkVersion(ctx, t, st.ID, v)
			if err != nil {
				return err
			}
			mediaName = m.Name
			off, err := franchise.LocalWithoutApproval(ctx, tx, t.ID)
			if err != nil {
				return err
			}
			r.SentBy, r.SentAt, r.Reason = t.UserID, s.now().UnixMilli(), ""
			switch live := r.live(); {
			case off:
				pushNow = live == nil || *live != v
				r.State = Approved
				r.setLive(&v)
				r.setDraft(nil)
			case live != nil && *live == v:
				// Back to what is approved: nothing waits.
				r.State = Approved
				r.setDraft(nil)
			default:
				r.State = Pending
				r.setDraft(&v)
			}
		}
		if in.Position != nil {
			moved, err := s.move(ctx, tx, t.ID, st.ID, &r, *in.Position)
			if err != nil {
				return err
			}
			pushNow = pushNow || (moved && r.MediaID != "")
		}
		if err := updateRow(ctx, tx, r); err != nil {
			return err
		}
		if mediaName == "" {
			mediaName = s.nameOf(ctx, t, st.ID, r)
		}
		s.recordItem(ctx, tx, t, tg, r, &was, mediaName)
		if err := s.tell(ctx, tx, t.ID, st.ID); err != nil {
			return err
		}
		if pushNow {
			return s.push(ctx, tx, t.ID, st.ID)
		}
		return nil
	})
	if err != nil {
		return Item{}, err
	}
	return s.itemFor(ctx, t, st.ID, r)
}

// move puts r at position in its space's list, shifting the others; it
// tells whether anything moved.
func (s *Service) move(ctx context.Context, tx *db.Tx, franchiseID, storeID string, r *row, position int) (bool, error) {
	list, err := spaceRows(ctx, tx, franchiseID, storeID, r.ScheduleID, r.SpaceID)
	if err != nil {
		return false, err
	}
	if position < 0 || position >= len(list) {
		return false, ErrPosition
	}
	from := slices.IndexFunc(list, func(x row) bool { return x.ID == r.ID })
	if from < 0 || from == position {
		return false, nil
	}
	item := list[from]
	list = slices.Delete(list, from, from+1)
	list = slices.Insert(list, position, item)
	for i := range list {
		if list[i].ID == r.ID {
			r.Position = i
			continue
		}
		if list[i].Position != i {
			list[i].Position = i
			if _, err := tx.ExecContext(ctx, `UPDATE local_items SET position = ? WHERE id = ?`, i, list[i].ID); err != nil {
				return false, err
			}
		}
	}
	return true, nil
}

// nameOf is the name of the media an item shows (its draft's, else its
// approved one's), for its record.
func (s *Service) nameOf(ctx context.Context, t tenant.Tenant, storeID string, r row) string {
	v := r.draft()
	if v == nil {
		v = r.live()
	}
	if v == nil {
		return ""
	}
	got, err := s.library.StoreByIDs(ctx, t, storeID, []string{v.MediaID})
	if err != nil {
		return ""
	}
	return got[v.MediaID].Name
}

// Remove takes an item off its space at once.
func (s *Service) Remove(ctx context.Context, t tenant.Tenant, storeSlug, id string) error {
	st, err := s.stores.RefOf(ctx, t, storeSlug)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := store.Lock(ctx, tx, t.ID, st.ID); err != nil {
			return err
		}
		r, err := getRow(ctx, tx, t.ID, st.ID, id)
		if err != nil {
			return err
		}
		if err := s.removeRows(ctx, tx, t, []row{r}); err != nil {
			return err
		}
		if err := s.tell(ctx, tx, t.ID, st.ID); err != nil {
			return err
		}
		if r.MediaID != "" {
			return s.push(ctx, tx, t.ID, st.ID)
		}
		return nil
	})
}

// removeRows deletes items, closes the gaps they leave in their lists and
// records each.
func (s *Service) removeRows(ctx context.Context, tx *db.Tx, t tenant.Tenant, rows []row) error {
	type list struct{ store, schedule, space string }
	touched := map[list]bool{}
	for _, r := range rows {
		if err := deleteRow(ctx, tx, t.ID, r.ID); err != nil {
			return err
		}
		touched[list{r.StoreID, r.ScheduleID, r.SpaceID}] = true
		s.recordRemoval(ctx, tx, t, r)
	}
	for l := range touched {
		rest, err := spaceRows(ctx, tx, t.ID, l.store, l.schedule, l.space)
		if err != nil {
			return err
		}
		for i, r := range rest {
			if r.Position != i {
				if _, err := tx.ExecContext(ctx, `UPDATE local_items SET position = ? WHERE id = ?`, i, r.ID); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
