// The library service and its edits: list, rename, move, change and
// delete media, with the domains that use them (Usage) told in the same
// transaction.

package media

import (
	"cmp"
	"context"
	"log/slog"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/names"
	"vitrine/internal/objects"
	"vitrine/internal/tenant"
)

// Service holds the library's rules.
type Service struct {
	db     *db.DB
	store  objects.Store
	tools  Tools
	now    func() time.Time
	log    *slog.Logger
	usages []Usage
	decode chan struct{} // bounds concurrent image decodes (memory)
}

// NewService builds the library on a database and an object store. tools
// may be zero (no ffprobe/ffmpeg).
func NewService(d *db.DB, store objects.Store, tools Tools, now func() time.Time, log *slog.Logger) *Service {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &Service{db: d, store: store, tools: tools, now: now, log: log, decode: make(chan struct{}, 2)}
}

// AddUsage plugs in a domain that references media. Call it while wiring,
// before serving.
func (s *Service) AddUsage(u Usage) { s.usages = append(s.usages, u) }

// Store is the object store behind the library.
func (s *Service) Store() objects.Store { return s.store }

// List returns the franchise's library, sorted by name in natural order,
// and the same media arranged in the folder tree.
func (s *Service) List(ctx context.Context, t tenant.Tenant) (Library, error) {
	list, err := listMedia(ctx, s.db, t.ID, "")
	if err != nil {
		return Library{}, err
	}
	list = sortedByName(list)
	if err := s.attachSchedules(ctx, t, list); err != nil {
		return Library{}, err
	}
	for i := range list {
		s.present(&list[i], t)
	}
	return Library{MediaList: list, FolderMap: BuildTree(list)}, nil
}

// sortedByName returns the library in name order (names.Compare), then by
// creation. Each name's sort key is computed once, not twice per comparison:
// that took 9 ms of the call for a library of 5,000 files.
func sortedByName(list []Media) []Media {
	keys := make([]string, len(list))
	order := make([]int, len(list))
	for i := range list {
		keys[i] = names.SortKey(list[i].Name)
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		if c := strings.Compare(keys[i], keys[j]); c != 0 {
			return c
		}
		if c := strings.Compare(list[i].Name, list[j].Name); c != 0 {
			return c
		}
		return cmp.Compare(list[i].CreatedAt, list[j].CreatedAt)
	})
	sorted := make([]Media, len(list))
	for n, i := range order {
		sorted[n] = list[i]
	}
	return sorted
}

// Update renames, moves, or changes the volume and hourly limit of a media.
// Only the fields sent change; the row is locked from read to write, so two
// operators editing the same media at once both keep their edit.
func (s *Service) Update(ctx context.Context, t tenant.Tenant, id string, in UpdateInput) (Media, error) {
	if in.ID != "" && in.ID != id {
		return Media{}, fault.Invalidf("O id do corpo não corresponde ao da rota.")
	}
	var name, folder string
	if in.Name != nil {
		name = strings.TrimSpace(*in.Name)
		if name == "" {
			return Media{}, fault.ErrNameRequired
		}
		if utf8.RuneCountInString(name) > 200 {
			return Media{}, fault.Invalidf("O nome pode ter no máximo 200 caracteres.")
		}
	}
	if in.Folder != nil {
		var err error
		if folder, err = NormalizeFolder(*in.Folder); err != nil {
			return Media{}, err
		}
	}
	var m Media
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if m, err = lockMedia(ctx, tx, t.ID, id); err != nil {
			return err
		}
		was := m
		if in.Name != nil {
			m.Name = name
		}
		if in.Folder != nil {
			m.Folder = folder
		}
		if m.Volume, m.LimitByHour, err = checkExtras(m.Volume, m.LimitByHour, in.Volume, in.LimitByHour); err != nil {
			return err
		}
		if m.Type == Image {
			m.Volume = 0
		}
		m.UpdatedAt = s.now().UnixMilli()
		if err := updateMedia(ctx, tx, t.ID, m); err != nil {
			return err
		}
		// A folder is a media's folder field, not a thing of its own: a move
		// is recorded as the media's change.
		if changes := audit.Diff(audited(was), audited(m)); len(changes) > 0 {
			audit.Record(ctx, tx, audit.Entry{FranchiseID: t.ID, Kind: audit.KindMedia, ID: id, Name: m.Name,
				Action: audit.ActionUpdate, Changes: changes, At: s.now()})
		}
		for _, u := range s.usages {
			if err := u.MediaChanged(ctx, tx, t.ID, []string{id}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Media{}, err
	}
	one := []Media{m}
	if err := s.attachSchedules(ctx, t, one); err != nil {
		return Media{}, err
	}
	m = one[0]
	s.present(&m, t)
	return m, nil
}

// Delete removes media from every schedule and advertisement that uses
// them, then deletes their rows, files and thumbnails. Either every id is
// found and deleted, or nothing is.
func (s *Service) Delete(ctx context.Context, t tenant.Tenant, idList []string) error {
	return s.deleteIn(ctx, t, "", idList)
}

// DeleteStore deletes media of the store's own folder as Delete does the
// library's: the domains that show them (its local items) let go of them in
// the same transaction. A media of another store or of the network is
// ErrNotFound.
func (s *Service) DeleteStore(ctx context.Context, t tenant.Tenant, storeID string, idList []string) error {
	if storeID == "" || storeID == anyStore {
		return ErrNotFound
	}
	return s.deleteIn(ctx, t, storeID, idList)
}

func (s *Service) deleteIn(ctx context.Context, t tenant.Tenant, storeID string, idList []string) error {
	if len(idList) == 0 {
		return ErrMissingID
	}
	if len(idList) > MaxDeleteIDs {
		return ErrTooManyIDs
	}
	unique := make([]string, 0, len(idList))
	seen := make(map[string]bool, len(idList))
	for _, id := range idList {
		id = strings.TrimSpace(id)
		if id == "" {
			return ErrMissingID
		}
		if !seen[id] {
			seen[id] = true
			unique = append(unique, id)
		}
	}
	var gone []Media
	// A booking of an advertisement that shows these media may lock the
	// same rows in another order: PostgreSQL then aborts one of the two.
	err := s.db.InTxRetrying(ctx, func(tx *db.Tx) error {
		found, err := getMediaByIDs(ctx, tx, t.ID, storeID, unique)
		if err != nil {
			return err
		}
		if len(found) != len(unique) {
			return ErrNotFound
		}
		for _, m := range found {
			audit.Record(ctx, tx, audit.Entry{FranchiseID: t.ID, StoreID: storeID, Kind: audit.KindMedia, ID: m.ID, Name: m.Name,
				Action: audit.ActionDelete, Changes: audit.Diff(audited(m), nil), At: s.now()})
		}
		for _, u := range s.usages {
			if err := u.DetachMedia(ctx, tx, t.ID, unique); err != nil {
				return err
			}
		}
		if _, err := deleteMedia(ctx, tx, t.ID, unique); err != nil {
			return err
		}
		gone = found
		return nil
	})
	if err != nil {
		return err
	}
	// The rows are gone; a file that cannot be removed now is only wasted
	// space, so it is logged rather than failing the call.
	bg := context.WithoutCancel(ctx)
	for _, m := range gone {
		for _, key := range []string{m.FilePath, m.thumbnailPath} {
			if key == "" {
				continue
			}
			if err := s.store.Delete(bg, key); err != nil {
				s.log.Error("delete media object", "key", key, "err", err)
			}
		}
	}
	return nil
}

// ByIDs returns the franchise's media among ids, by id, with their
// addresses; ids that are not media of the franchise are simply absent.
func (s *Service) ByIDs(ctx context.Context, t tenant.Tenant, ids []string) (map[string]Media, error) {
	return s.byIDsIn(ctx, t, "", ids)
}

// StoreByIDs is ByIDs over the store's own folder.
func (s *Service) StoreByIDs(ctx context.Context, t tenant.Tenant, storeID string, ids []string) (map[string]Media, error) {
	if storeID == "" || storeID == anyStore {
		return map[string]Media{}, nil
	}
	return s.byIDsIn(ctx, t, storeID, ids)
}

// LocalByIDs is ByIDs over every store's own folder at once (what stores
// put on their TVs, read for many stores together).
func (s *Service) LocalByIDs(ctx context.Context, t tenant.Tenant, ids []string) (map[string]Media, error) {
	return s.byIDsIn(ctx, t, anyStore, ids)
}

// ListStore lists the store's own folder, newest first.
func (s *Service) ListStore(ctx context.Context, t tenant.Tenant, storeID string) ([]Media, error) {
	if storeID == "" || storeID == anyStore {
		return []Media{}, nil
	}
	list, err := listMedia(ctx, s.db, t.ID, storeID)
	if err != nil {
		return nil, err
	}
	for i := range list {
		s.present(&list[i], t)
	}
	return list, nil
}

func (s *Service) byIDsIn(ctx context.Context, t tenant.Tenant, storeID string, ids []string) (map[string]Media, error) {
	found, err := getMediaByIDs(ctx, s.db, t.ID, storeID, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Media, len(found))
	for _, m := range found {
		s.present(&m, t)
		out[m.ID] = m
	}
	return out, nil
}

func (s *Service) attachSchedules(ctx context.Context, t tenant.Tenant, list []Media) error {
	if len(s.usages) == 0 || len(list) == 0 {
		return nil
	}
	idList := make([]string, len(list))
	for i, m := range list {
		idList[i] = m.ID
	}
	for _, u := range s.usages {
		used, err := u.SchedulesUsing(ctx, s.db, t.ID, idList)
		if err != nil {
			return err
		}
		for i := range list {
			list[i].Schedules = append(list[i].Schedules, used[list[i].ID]...)
		}
	}
	return nil
}

func (s *Service) present(m *Media, t tenant.Tenant) {
	m.URL = s.store.URL(m.FilePath)
	if m.thumbnailPath != "" {
		m.ThumbnailURL = s.store.URL(m.thumbnailPath)
	}
	m.Franchise = t.Slug
	if m.Type == Image {
		m.DisplayTime = 0
	}
	if m.Schedules == nil {
		m.Schedules = []ScheduleRef{}
	}
}

// auditedMedia is a media as its records show it: what an operator sets
// and what the file is, without the addresses (derived from filePath).
type auditedMedia struct {
	Name        string  `json:"name"`
	Type        string  `json:"type"`
	FilePath    string  `json:"filePath"`
	Folder      string  `json:"folder"`
	DisplayTime int     `json:"displayTime"`
	Size        int64   `json:"size"`
	Width       int     `json:"width"`
	Height      int     `json:"height"`
	Duration    float64 `json:"duration"`
	Volume      float64 `json:"volume"`
	LimitByHour int     `json:"limitByHour"`
}

func audited(m Media) auditedMedia {
	return auditedMedia{Name: m.Name, Type: m.Type, FilePath: m.FilePath, Folder: m.Folder, DisplayTime: m.DisplayTime,
		Size: m.Size, Width: m.Width, Height: m.Height, Duration: m.Duration, Volume: m.Volume, LimitByHour: m.LimitByHour}
}

func checkExtras(volume float64, limitByHour int, v *float64, l *int) (float64, int, error) {
	if v != nil {
		if math.IsNaN(*v) || *v < 0 || *v > 1 {
			return 0, 0, ErrVolumeRange
		}
		volume = *v
	}
	if l != nil {
		if *l < 0 || *l > MaxLimitByHour {
			return 0, 0, ErrLimitByHour
		}
		limitByHour = *l
	}
	return volume, limitByHour, nil
}

// StoreRemoving lets a store's own folder go with the store, inside the
// transaction that deletes it (store.RemovalGuard; it never refuses): its
// rows are deleted there, and its files and thumbnails once the deletion
// has committed.
func (s *Service) StoreRemoving(ctx context.Context, q db.Querier, franchiseID, storeID string) error {
	list, err := listMedia(ctx, q, franchiseID, storeID)
	if err != nil || len(list) == 0 {
		return err
	}
	ids := make([]string, len(list))
	for i, m := range list {
		ids[i] = m.ID
	}
	for _, u := range s.usages {
		if err := u.DetachMedia(ctx, q, franchiseID, ids); err != nil {
			return err
		}
	}
	if _, err := deleteMedia(ctx, q, franchiseID, ids); err != nil {
		return err
	}
	remove := func() {
		bg := context.WithoutCancel(ctx)
		for _, m := range list {
			for _, key := range []string{m.FilePath, m.thumbnailPath} {
				if key == "" {
					continue
				}
				if err := s.store.Delete(bg, key); err != nil {
					s.log.Error("delete media object", "key", key, "err", err)
				}
			}
		}
	}
	if tx, ok := q.(*db.Tx); ok {
		tx.AfterCommit(func() { go remove() })
		return nil
	}
	remove()
	return nil
}
