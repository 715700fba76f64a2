package override

import (
	"context"
	"encoding/json"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/ids"
	"vitrine/internal/media"
	"vitrine/internal/names"
	"vitrine/internal/tenant"
)

// Library finds the library's media (media.Service).
type Library interface {
	ByIDs(ctx context.Context, t tenant.Tenant, ids []string) (map[string]media.Media, error)
}

// Service starts, clears and lists overrides, gives each TV's screen its
// own, and records the players' acknowledgements.
type Service struct {
	db      *db.DB
	now     func() time.Time
	changes *franchise.Changes
	library Library
	log     *slog.Logger

	acks ackQueue
}

// ackQueue holds the acks not yet taken by Run. A push to 10,000 TVs
// brings 10,000 acks within a fraction of a second: queued one by one on a
// channel, each woke Run; the bell rings only when the queue stops being
// empty, and Run takes everything queued at once.
type ackQueue struct {
	mu   sync.Mutex
	list []Ack
	bell chan struct{} // room for one ring
}

// maxQueuedAcks bounds the acks waiting for Run; more are dropped (the
// players ack again).
const maxQueuedAcks = 65536

// take returns the queued acks appended to batch, and empties the queue.
func (q *ackQueue) take(batch []Ack) []Ack {
	q.mu.Lock()
	batch = append(batch, q.list...)
	if cap(q.list) > 4096 {
		q.list = nil // a burst's room is not kept
	} else {
		clear(q.list)
		q.list = q.list[:0]
	}
	q.mu.Unlock()
	return batch
}

// NewService returns the service; Run must run for acks to be recorded.
func NewService(d *db.DB, now func() time.Time, changes *franchise.Changes, library Library, log *slog.Logger) *Service {
	return &Service{db: d, now: now, changes: changes, library: library, log: log,
		acks: ackQueue{bell: make(chan struct{}, 1)}}
}

// target is a checked target: the ids stored, the TVs reached now and
// the chosen stores' or TVs' names, also by the store they are in (nil
// for every TV of the franchise).
type target struct {
	ids     []string
	reach   int
	names   []string
	byStore map[string][]string
}

// resolve checks in's target against the franchise and counts the TVs it
// reaches now. It reads only what the target names: a count for the whole
// franchise, the chosen stores' TVs counted, the chosen TVs (a start on
// every TV of a big franchise reads no TV).
func (s *Service) resolve(ctx context.Context, q db.Querier, t tenant.Tenant, in Input) (target, error) {
	out := target{byStore: map[string][]string{}}
	var err error
	in = within(t, in)
	switch in.Target {
	case All:
		out.byStore = nil
		out.reach, err = countReached(ctx, q, where{franchiseID: t.ID})
		return out, err
	case Stores:
		if len(in.Stores) == 0 {
			return out, ErrNoStores
		}
		if len(in.Stores) > MaxTargets {
			return out, ErrTooMany
		}
		stores, err := franchiseStores(ctx, q, t.ID)
		if err != nil {
			return out, err
		}
		bySlug := map[string]storeRef{}
		for _, st := range stores {
			bySlug[st.slug] = st
		}
		chosen := map[string]bool{}
		for _, slug := range in.Stores {
			st, ok := bySlug[slug]
			if !ok || !t.Covers(st.id) {
				return out, unknown(errUnknownStore, names.Clip(slug, 80))
			}
			if !chosen[st.id] {
				chosen[st.id] = true
				out.ids = append(out.ids, st.id)
				out.names = append(out.names, st.name)
				out.byStore[st.id] = []string{st.name}
			}
		}
		if out.reach, err = countReached(ctx, q, where{franchiseID: t.ID, column: "store_id", values: out.ids}); err != nil {
			return out, err
		}
	case Displays:
		if len(in.Displays) == 0 {
			return out, ErrNoDisplays
		}
		if len(in.Displays) > MaxTargets {
			return out, ErrTooMany
		}
		chosen := map[string]bool{}
		for _, id := range in.Displays {
			if !chosen[id] {
				chosen[id] = true
				out.ids = append(out.ids, id)
			}
		}
		tvs, err := tvsByID(ctx, q, t.ID, out.ids)
		if err != nil {
			return out, err
		}
		for _, id := range in.Displays { // the first unknown in the order given
			tv, ok := tvs[id]
			if !ok || !t.Covers(tv.storeID) {
				return out, unknown(errUnknownTV, names.Clip(id, 80))
			}
			if chosen[id] {
				delete(chosen, id)
				out.names = append(out.names, tv.name)
				out.byStore[tv.storeID] = append(out.byStore[tv.storeID], tv.name)
			}
		}
		out.reach = len(out.ids)
	default:
		return out, ErrTarget
	}
	slices.Sort(out.ids)
	slices.SortFunc(out.names, names.Compare)
	for _, list := range out.byStore {
		slices.SortFunc(list, names.Compare)
	}
	return out, nil
}

// within turns a scoped member's 'Todas as TVs' into all of theirs: the
// stores of their membership (docs/roles.md).
func within(t tenant.Tenant, in Input) Input {
	if in.Target == All && !t.Whole() {
		in.Target, in.Stores = Stores, slices.Clone(t.StoreSlugs)
		if len(in.Stores) == 0 {
			in.Target = Displays // no store: reaches no TV
		}
	}
	return in
}

// Reach tells how many TVs an override with in's target would reach now
// (the console asks before starting one, to confirm).
func (s *Service) Reach(ctx context.Context, t tenant.Tenant, in Input) (int, error) {
	switch in.Target {
	case All, Stores, Displays:
	default:
		return 0, ErrTarget
	}
	tg, err := s.resolve(ctx, s.db, t, in)
	return tg.reach, err
}

// Start records an override and pushes it to the TVs it reaches.
func (s *Service) Start(ctx context.Context, t tenant.Tenant, a Actor, in Input) (Override, error) {
	if err := normalize(&in); err != nil {
		return Override{}, err
	}
	in = within(t, in)
	now := s.now().UnixMilli()
	if in.StartsAt < now { // "now", or a start the form's clock put a moment ago
		in.StartsAt = now
	}
	if in.EndsAt != 0 {
		if in.EndsAt <= now {
			return Override{}, ErrEndPast
		}
		if in.EndsAt <= in.StartsAt {
			return Override{}, ErrEndBefore
		}
	}
	var m *Media
	var mediaName string
	if in.Media != "" {
		got, err := s.library.ByIDs(ctx, t, []string{in.Media})
		if err != nil {
			return Override{}, err
		}
		lib, ok := got[in.Media]
		if !ok {
			return Override{}, ErrMedia
		}
		if lib.Type != "image" && lib.Type != "video" {
			return Override{}, ErrMediaType
		}
		m = &Media{ID: lib.ID, Type: lib.Type, URL: lib.URL}
		mediaName = lib.Name
	}
	var out Override
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		tg, err := s.resolve(ctx, tx, t, in)
		if err != nil {
			return err
		}
		if tg.reach == 0 {
			return ErrNoTV
		}
		r := row{Override: Override{ID: ids.New(), Target: in.Target, Title: in.Title, Text: in.Text,
			Background: in.Background, Color: in.Color, Media: m, StartsAt: in.StartsAt, EndsAt: in.EndsAt,
			StartedBy: a.Name, CreatedAt: now, targetIDs: tg.ids}, franchiseID: t.ID, actor: a, reach: tg.reach}
		if err := insert(ctx, tx, r); err != nil {
			return err
		}
		s.recordStart(ctx, tx, t, r.Override, mediaName, tg.byStore)
		out = r.Override
		out.TargetNames, out.Reach = tg.names, tg.reach
		return s.announce(ctx, tx, t.ID, r.Override)
	})
	if err != nil {
		return Override{}, err
	}
	// Described from what the start read: no TV has acknowledged it yet
	// (its push begins at the commit), and reading every TV again here
	// would only wait behind that push.
	if out.TargetNames == nil {
		out.TargetNames = []string{}
	}
	out.State = out.state(s.now().UnixMilli())
	return out, nil
}

// announce tells the screens the override reaches that it changed.
func (s *Service) announce(ctx context.Context, q db.Querier, franchiseID string, o Override) error {
	c := change.Change{FranchiseID: franchiseID, Overrides: true}
	switch o.Target {
	case Stores:
		c.Stores = o.targetIDs
	case Displays:
		c.Displays = o.targetIDs
	}
	return s.changes.Touch(ctx, q, c)
}

// Clear ends an override now and takes it off the TVs it reaches.
func (s *Service) Clear(ctx context.Context, t tenant.Tenant, a Actor, id string) (Override, error) {
	var out Override
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		o, err := byID(ctx, tx, t.ID, id)
		if err != nil {
			return err
		}
		if !t.Whole() {
			mine, whole, err := s.coverage(ctx, tx, t, o)
			if err != nil {
				return err
			}
			if !mine {
				return ErrNotFound
			}
			if !whole {
				// It reaches other stores too: the network's to clear.
				return fault.ErrForbidden
			}
		}
		now := s.now().UnixMilli()
		st := o.state(now)
		if st == StateCleared || st == StateEnded {
			return ErrEnded
		}
		if err := markCleared(ctx, tx, t.ID, id, a, now); err != nil {
			return err
		}
		if err := s.recordClear(ctx, tx, t, o, st); err != nil {
			return err
		}
		o.ClearedAt, o.ClearedBy = now, a.Name
		// Described before the commit, as the start is: the clear changes
		// neither the TVs it reaches nor those that confirmed it, and the
		// count of a message to every TV (10,000 confirmations), made after
		// the commit, took the CPU of the push the commit starts.
		list, err := s.describe(ctx, tx, t, []Override{o}, now)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			// A member's override whose stores are all gone since: none of
			// it to describe, and still theirs to clear.
			o.State, o.TargetNames = o.state(now), []string{}
			list = []Override{o}
		}
		out = list[0]
		return s.announce(ctx, tx, t.ID, o)
	})
	if err != nil {
		return Override{}, err
	}
	return out, nil
}

// coverage tells whether an override reaches any of a scoped member's
// stores (mine) and whether it reaches only theirs (whole).
func (s *Service) coverage(ctx context.Context, q db.Querier, t tenant.Tenant, o Override) (mine, whole bool, err error) {
	switch o.Target {
	case All:
		return true, false, nil
	case Stores:
		whole = true
		for _, id := range o.targetIDs {
			if t.Covers(id) {
				mine = true
			} else {
				whole = false
			}
		}
		return mine, whole, nil
	default:
		tvs, err := tvsByID(ctx, q, t.ID, o.targetIDs)
		if err != nil {
			return false, false, err
		}
		whole = true
		for _, id := range o.targetIDs {
			if tv, ok := tvs[id]; ok && t.Covers(tv.storeID) {
				mine = true
			} else {
				whole = false
			}
		}
		return mine, whole, nil
	}
}

// List returns the franchise's active and scheduled overrides, then those
// that ended in the last RecentEnded, newest start first.
func (s *Service) List(ctx context.Context, t tenant.Tenant) ([]Override, error) {
	now := s.now()
	list, err := current(ctx, s.db, t.ID, now.Add(-RecentEnded).UnixMilli())
	if err != nil {
		return nil, err
	}
	return s.describe(ctx, s.db, t, list, now.UnixMilli())
}

// describe fills states, target names, reach and acks. It reads only what
// the overrides name (their stores' and TVs' names), and the database
// counts the TVs each reaches and those of them that acknowledged it: an
// answer about an override of every TV reads no TV into Go.
func (s *Service) describe(ctx context.Context, q db.Querier, t tenant.Tenant, list []Override, now int64) ([]Override, error) {
	if len(list) == 0 {
		return []Override{}, nil
	}
	var chosenStores, chosenTVs []string
	for _, o := range list {
		switch o.Target {
		case Stores:
			chosenStores = append(chosenStores, o.targetIDs...)
		case Displays:
			chosenTVs = append(chosenTVs, o.targetIDs...)
		}
	}
	slices.Sort(chosenStores)
	slices.Sort(chosenTVs)
	storeNames, err := storesByID(ctx, q, t.ID, slices.Compact(chosenStores))
	if err != nil {
		return nil, err
	}
	named, err := tvsByID(ctx, q, t.ID, slices.Compact(chosenTVs))
	if err != nil {
		return nil, err
	}
	active := []Override{}
	var rest []Override
	reaches := map[string]where{}
	for _, o := range list {
		o.State = o.state(now)
		o.TargetNames = []string{}
		// The TVs it reaches that the caller sees: a scoped member counts
		// and names only their stores' TVs.
		w := where{franchiseID: t.ID}
		switch o.Target {
		case All:
			if !t.Whole() {
				w.column, w.values = "store_id", t.Stores
			}
		case Stores:
			w.column, w.values = "store_id", []string{}
			for _, id := range o.targetIDs {
				if n, ok := storeNames[id]; ok && t.Covers(id) {
					o.TargetNames = append(o.TargetNames, n)
					w.values = append(w.values, id)
				}
			}
		case Displays:
			w.column, w.values = "id", []string{}
			for _, id := range o.targetIDs {
				if tv, ok := named[id]; ok && t.Covers(tv.storeID) {
					o.TargetNames = append(o.TargetNames, tv.name)
					w.values = append(w.values, id)
				}
			}
		}
		if !t.Whole() && o.Target != All && len(o.TargetNames) == 0 {
			continue // none of the member's stores or TVs
		}
		slices.SortFunc(o.TargetNames, names.Compare)
		reaches[o.ID] = w
		if o.State == StateActive || o.State == StateScheduled {
			active = append(active, o)
		} else {
			rest = append(rest, o)
		}
	}
	slices.SortStableFunc(rest, func(a, b Override) int { return int(max(b.ClearedAt, b.EndsAt) - max(a.ClearedAt, a.EndsAt)) })
	if len(rest) > 20 {
		rest = rest[:20]
	}
	out := append(active, rest...)
	if err := count(ctx, q, out, reaches); err != nil {
		return nil, err
	}
	return out, nil
}

// count fills the reach and acks of the overrides, each reaching the TVs
// reaches names: the TVs reached are counted once for the overrides that
// reach the same ones (those of every TV), the confirmations per override.
func count(ctx context.Context, q db.Querier, list []Override, reaches map[string]where) error {
	type group struct {
		w   where
		ids []string
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, o := range list {
		w := reaches[o.ID]
		key := w.column + ":" + strings.Join(w.values, ",")
		if o.Target != All {
			key = o.ID // a target of its own
		}
		g := byKey[key]
		if g == nil {
			g = &group{w: w}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.ids = append(g.ids, o.ID)
	}
	reach, acked := map[string]int{}, map[string]int{}
	for _, g := range groups {
		n, err := countReached(ctx, q, g.w)
		if err != nil {
			return err
		}
		counts, err := countAcked(ctx, q, g.w, g.ids)
		if err != nil {
			return err
		}
		for _, id := range g.ids {
			reach[id], acked[id] = n, counts[id]
		}
	}
	for i := range list {
		list[i].Reach, list[i].Acked = reach[list[i].ID], acked[list[i].ID]
	}
	return nil
}

// ForScreens gives the TVs of a franchise their overrides, in the TVs'
// order: those not cleared that have not ended, active or scheduled, the
// newest start first (the player shows the newest of those in force); nil
// for a TV without any. The lists are shared between TVs: read them, do
// not change them.
func (s *Service) ForScreens(ctx context.Context, franchiseID string, tvs []TV) ([][]Player, error) {
	list, err := current(ctx, s.db, franchiseID, s.now().UnixMilli())
	if err != nil || len(list) == 0 {
		return nil, err
	}
	out := make([][]Player, len(tvs))
	for _, o := range list {
		if o.ClearedAt != 0 {
			continue
		}
		p := Player{ID: o.ID, Title: o.Title, Text: o.Text, Background: o.Background, Color: o.Color,
			Media: o.Media, Start: o.StartsAt, End: o.EndsAt}
		// The TVs this override is the first to reach share one list (a
		// message to a whole franchise is one list, not one per TV); its
		// capacity of one makes a second override's append copy it.
		alone := []Player{p}
		for i, tv := range tvs {
			if o.Target == All || (o.Target == Stores && slices.Contains(o.targetIDs, tv.StoreID)) ||
				(o.Target == Displays && slices.Contains(o.targetIDs, tv.DisplayID)) {
				if out[i] != nil {
					out[i] = append(out[i], p)
				} else {
					out[i] = alone
				}
			}
		}
	}
	return out, nil
}

// Acked queues the acknowledgement, by the player of a TV, of the
// overrides its screen carried; it never blocks (when the queue is full
// the ack is dropped: the player acks again).
func (s *Service) Acked(displayID string, overrideIDs []string) {
	at := s.now().UnixMilli()
	q := &s.acks
	q.mu.Lock()
	if len(q.list)+len(overrideIDs) > maxQueuedAcks {
		q.mu.Unlock()
		return
	}
	ring := len(q.list) == 0
	for _, id := range overrideIDs {
		q.list = append(q.list, Ack{Override: id, Display: displayID, At: at})
	}
	q.mu.Unlock()
	if ring {
		select {
		case q.bell <- struct{}{}:
		default: // rung already, not yet heard
		}
	}
}

// AckNewsEvery bounds how often the consoles following a franchise hear
// that its overrides were confirmed by more TVs: each hearing has every
// open console read the list again, and a start reaching 10,000 TVs is
// confirmed in batches over a second or two.
const AckNewsEvery = time.Second

// maxNewsIDs bounds the override ids one piece of news names (it rides in
// a PostgreSQL notification across replicas); past it the news names none.
const maxNewsIDs = 20

// ackNews holds the confirmations recorded and not yet told, by franchise,
// and when each franchise was last told.
type ackNews struct {
	pending map[string]map[string]bool
	told    map[string]time.Time
}

func newAckNews() *ackNews {
	return &ackNews{pending: map[string]map[string]bool{}, told: map[string]time.Time{}}
}

func (n *ackNews) add(written map[string][]string) {
	for franchiseID, ids := range written {
		set := n.pending[franchiseID]
		if set == nil {
			set = map[string]bool{}
			n.pending[franchiseID] = set
		}
		for _, id := range ids {
			set[id] = true
		}
	}
}

// tell announces the pending news of each franchise not told within
// AckNewsEvery (every pending one when all is set).
func (s *Service) tell(ctx context.Context, n *ackNews, now time.Time, all bool) {
	for franchiseID, set := range n.pending {
		if !all && now.Sub(n.told[franchiseID]) < AckNewsEvery {
			continue
		}
		ids := slices.Sorted(maps.Keys(set))
		if len(ids) > maxNewsIDs {
			ids = []string{}
		}
		data, _ := json.Marshal(map[string][]string{"overrides": ids})
		err := s.changes.Announce(ctx, s.db, change.Change{FranchiseID: franchiseID, Event: &change.Event{Type: "override", Data: data}})
		if err != nil && s.log != nil {
			s.log.Warn("override confirmations not announced", "err", err, "franchise", franchiseID)
		}
		delete(n.pending, franchiseID)
		n.told[franchiseID] = now
	}
	for franchiseID, at := range n.told {
		if now.Sub(at) >= AckNewsEvery && n.pending[franchiseID] == nil {
			delete(n.told, franchiseID)
		}
	}
}

// Run writes the queued acks in batches until ctx ends, and tells the
// consoles following each franchise, at most once per AckNewsEvery, that
// its overrides were confirmed.
func (s *Service) Run(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	var batch []Ack
	news := newAckNews()
	flush := func(all bool) {
		if len(batch) == 0 && len(news.pending) == 0 {
			return
		}
		wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if len(batch) > 0 {
			written, err := insertAcks(wctx, s.db, batch)
			if err != nil && s.log != nil {
				s.log.Warn("override acks not recorded", "err", err, "acks", len(batch))
			}
			news.add(written)
			batch = batch[:0]
		}
		s.tell(wctx, news, time.Now(), all)
	}
	for {
		select {
		case <-ctx.Done():
			batch = s.acks.take(batch)
			flush(true)
			return
		case <-s.acks.bell:
			batch = s.acks.take(batch)
			if len(batch) >= 1000 {
				flush(false)
			}
		case <-tick.C:
			batch = s.acks.take(batch)
			flush(false)
		}
	}
}

// Flush writes the queued acks now and announces them (tests).
func (s *Service) Flush(ctx context.Context) error {
	batch := s.acks.take(nil)
	written, err := insertAcks(ctx, s.db, batch)
	news := newAckNews()
	news.add(written)
	s.tell(ctx, news, time.Now(), true)
	return err
}
