package alerts

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/br"
	"vitrine/internal/db"
	"vitrine/internal/display"
	"vitrine/internal/ids"
	"vitrine/internal/outbox"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

// OpenClock answers the store questions the delay and the texts need.
type OpenClock interface {
	// OpenDuration is how long the store was open between from and to.
	OpenDuration(ctx context.Context, franchiseID, storeID string, from, to time.Time) (time.Duration, error)
	// Location is the store's time zone.
	Location(ctx context.Context, franchiseID, storeID string) (*time.Location, error)
}

// AlwaysOpen is an OpenClock for stores without opening hours: open all
// the time, in the zone Zone gives (São Paulo when Zone is nil).
type AlwaysOpen struct {
	Zone func(ctx context.Context, franchiseID, storeID string) (*time.Location, error)
}

func (AlwaysOpen) OpenDuration(_ context.Context, _, _ string, from, to time.Time) (time.Duration, error) {
	return max(to.Sub(from), 0), nil
}

func (a AlwaysOpen) Location(ctx context.Context, franchiseID, storeID string) (*time.Location, error) {
	if a.Zone == nil {
		return time.LoadLocation("America/Sao_Paulo")
	}
	return a.Zone(ctx, franchiseID, storeID)
}

// EmailsFunc returns, in q's transaction, the e-mails of the franchise's
// members who opted in to the alert e-mails and reach the store: its
// network, and the franchisees and store managers of that store.
type EmailsFunc func(ctx context.Context, q db.Querier, franchiseID, storeID string) ([]string, error)

// Service keeps the franchises' alert settings and advances the TVs' state
// machines.
type Service struct {
	db      *db.DB
	now     func() time.Time
	enqueue outbox.EnqueueFunc
	emails  EmailsFunc
	log     *slog.Logger

	mu    sync.Mutex
	clock OpenClock // how long a store was open, and its zone
}

// SetClock replaces the OpenClock (opening hours wired later, or a test's).
func (s *Service) SetClock(c OpenClock) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clock = c
}

func (s *Service) openClock() OpenClock {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clock
}

// NewService returns the alerts service; clock may be nil (always open, in
// São Paulo's zone).
func NewService(d *db.DB, now func() time.Time, enqueue outbox.EnqueueFunc, emails EmailsFunc,
	clock OpenClock, log *slog.Logger) *Service {
	if clock == nil {
		clock = AlwaysOpen{}
	}
	return &Service{db: d, now: now, enqueue: enqueue, emails: emails, clock: clock, log: log}
}

// Settings returns the franchise's alert settings (Defaults when none
// were saved).
func (s *Service) Settings(ctx context.Context, t tenant.Tenant) (Settings, error) {
	return loadSettings(ctx, s.db, t.ID)
}

// SaveSettings validates in and stores it over the franchise's settings;
// on a refusal nothing changes.
func (s *Service) SaveSettings(ctx context.Context, t tenant.Tenant, in Input) (Settings, error) {
	var out Settings
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := loadSettings(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		was := cur
		was.Channels = slices.Clone(cur.Channels)
		if in.Enabled != nil {
			cur.Enabled = *in.Enabled
		}
		if in.DelayMinutes != nil {
			d := time.Duration(*in.DelayMinutes) * time.Minute
			if *in.DelayMinutes < 0 || d < MinDelay || d > MaxDelay {
				return ErrDelay
			}
			cur.DelayMinutes = *in.DelayMinutes
		}
		if in.Channels != nil {
			chosen := map[string]bool{}
			for _, c := range *in.Channels {
				c = strings.ToLower(strings.TrimSpace(c))
				if !slices.Contains(Channels, c) {
					return ErrChannel(c)
				}
				chosen[c] = true
			}
			cur.Channels = cur.Channels[:0:0]
			for _, c := range Channels {
				if chosen[c] {
					cur.Channels = append(cur.Channels, c)
				}
			}
		}
		if cur.Enabled && len(cur.Channels) == 0 {
			return ErrNoChannel
		}
		cur.UpdatedAt = s.now().UnixMilli()
		if err := saveSettings(ctx, tx, t.ID, cur); err != nil {
			return err
		}
		if changes := audit.Diff(was, cur); len(changes) > 0 {
			audit.Record(ctx, tx, audit.Entry{FranchiseID: t.ID, Kind: audit.KindAlerts, ID: t.ID, Name: t.Name,
				Action: audit.ActionUpdate, Changes: changes, At: s.now()})
		}
		out = cur
		return nil
	})
	return out, err
}

// Offline returns the franchise's TVs offline now, longest first.
func (s *Service) Offline(ctx context.Context, t tenant.Tenant) ([]OfflineTV, error) {
	tvs, err := display.Fleet(ctx, s.db, t.ID, s.now())
	if err != nil {
		return nil, err
	}
	tvs = slices.DeleteFunc(tvs, func(tv display.Watched) bool { return !t.Covers(tv.StoreID) })
	states, err := loadStates(ctx, s.db, t.ID)
	if err != nil {
		return nil, err
	}
	out := []OfflineTV{}
	now := s.now()
	for _, tv := range tvs {
		if !tv.Offline {
			continue
		}
		o := OfflineTV{Display: tv.ID, Name: tv.Name, Store: tv.StoreSlug, StoreName: tv.StoreName,
			Since: tv.LastAck, OutageSince: tv.LastAck}
		if st, ok := states[tv.ID]; ok {
			st = st.dark(time.UnixMilli(tv.LastAck), now)
			o.Since, o.OutageSince, o.EarlierOfflineMs = st.DropAt.UnixMilli(), st.Since.UnixMilli(), st.Earlier.Milliseconds()
			if !st.AlertedAt.IsZero() {
				o.AlertedAt = st.AlertedAt.UnixMilli()
			}
		}
		out = append(out, o)
	}
	// Longest real offline time first; TVs whose player never connected
	// last.
	order := func(o OfflineTV) int64 {
		if o.Since == 0 {
			return math.MaxInt64
		}
		return o.Since - o.EarlierOfflineMs
	}
	slices.SortStableFunc(out, func(a, b OfflineTV) int {
		if order(a) != order(b) {
			if order(a) < order(b) {
				return -1
			}
			return 1
		}
		return strings.Compare(a.StoreName+"\x00"+a.Name, b.StoreName+"\x00"+b.Name)
	})
	return out, nil
}

// Sent returns the franchise's latest alert messages, newest first, with
// their delivery state.
func (s *Service) Sent(ctx context.Context, t tenant.Tenant) ([]Sent, error) {
	list, err := recentMessages(ctx, s.db, t, SentShown)
	if err != nil {
		return nil, err
	}
	idList := make([]string, len(list))
	for i, m := range list {
		idList[i] = m.ID
	}
	msgs, err := outbox.ByIDs(ctx, s.db, idList)
	if err != nil {
		return nil, err
	}
	for i := range list {
		if m, ok := msgs[list[i].ID]; ok {
			list[i].Body, list[i].Status, list[i].Error = m.Body, m.State(), m.Reason()
		}
	}
	return list, nil
}

// Run advances the state machines every interval until ctx ends.
func (s *Service) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if _, err := s.Tick(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn("offline alerts: pass failed", "err", err)
		}
	}
}

// Tick looks at every TV once and takes the steps due now; it returns how
// many messages it queued. Replicas may tick at the same time: each step is
// taken by the one that holds the TV's row.
func (s *Service) Tick(ctx context.Context) (int, error) {
	now := s.now()
	states, err := loadStates(ctx, s.db, "")
	if err != nil {
		return 0, err
	}
	// The TVs offline and those already followed: a TV online without a
	// state has no step to take.
	tvs, err := display.Attention(ctx, s.db, slices.Collect(maps.Keys(states)), now)
	if err != nil {
		return 0, err
	}
	settings, err := allSettings(ctx, s.db)
	if err != nil {
		return 0, err
	}
	queued := 0
	var errs []error
	for _, tv := range tvs {
		var st *state
		if v, ok := states[tv.ID]; ok {
			st = &v
		}
		if st == nil && !tv.Offline {
			continue
		}
		set, ok := settings[tv.FranchiseID]
		if !ok {
			set = Defaults()
		}
		next, err := decide(s.look(ctx, tv, st, set, now))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if next.none() {
			continue
		}
		n, err := s.advance(ctx, tv, st != nil, now)
		if err != nil {
			errs = append(errs, err)
		}
		queued += n
	}
	return queued, errors.Join(errs...)
}

func (s *Service) look(ctx context.Context, tv display.Watched, st *state, set Settings, now time.Time) look {
	var ack time.Time
	if tv.LastAck > 0 {
		ack = time.UnixMilli(tv.LastAck)
	}
	clock := s.openClock()
	return look{
		Offline: tv.Offline, LastAck: ack, State: st, Now: now,
		Sending: set.Enabled && len(set.Channels) > 0,
		Delay:   time.Duration(set.DelayMinutes) * time.Minute,
		Open: func(from, to time.Time) (time.Duration, error) {
			return clock.OpenDuration(ctx, tv.FranchiseID, tv.StoreID, from, to)
		},
	}
}

// advance takes the TV's step in one transaction holding its row: the
// state is read again under the lock, so a replica that took the step first
// leaves nothing to do, and a row another replica holds is skipped (it is
// taking the step).
func (s *Service) advance(ctx context.Context, tv display.Watched, had bool, now time.Time) (int, error) {
	queued := 0
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		queued = 0
		st, held, err := lockState(ctx, tx, tv.ID)
		if err != nil || !held && had {
			return err // gone, or another replica holds it
		}
		set, err := loadSettings(ctx, tx, tv.FranchiseID)
		if err != nil {
			return err
		}
		next, err := decide(s.look(ctx, tv, st, set, now))
		if err != nil || next.none() {
			return err
		}
		after := next.apply(st, now)
		if next.Start {
			created, err := insertState(ctx, tx, tv, *after, now)
			if err != nil || !created {
				return err // another replica began it
			}
		}
		if next.End {
			if next.Notice {
				n, err := s.send(ctx, tx, tv, set, KindBack, *st, now)
				if err != nil {
					return err
				}
				queued = n
			}
			return deleteState(ctx, tx, tv.ID)
		}
		if next.Alert {
			n, err := s.send(ctx, tx, tv, set, KindOffline, *after, now)
			if err != nil {
				return err
			}
			queued = n
		}
		return saveState(ctx, tx, tv.ID, *after, now)
	})
	return queued, err
}

// send queues the message of kind about the outage st at now to every
// recipient of the franchise's channels: the store's contacts who receive
// notifications (SMS, WhatsApp) and the operators who opted in (e-mail).
func (s *Service) send(ctx context.Context, tx *db.Tx, tv display.Watched, set Settings, kind string,
	st state, now time.Time) (int, error) {
	loc, err := s.openClock().Location(ctx, tv.FranchiseID, tv.StoreID)
	if err != nil || loc == nil {
		loc = time.UTC
		s.log.Warn("offline alerts: store zone unknown, writing UTC", "store", tv.StoreID, "err", err)
	}
	body, subject := offlineText(tv.Name, tv.StoreName, st, now, loc), offlineSubject(tv.Name, tv.StoreName)
	if kind == KindBack {
		body, subject = backText(tv.Name, tv.StoreName, st.offline(now)), backSubject(tv.Name, tv.StoreName)
	}
	type target struct{ channel, recipient string }
	var targets []target
	if slices.Contains(set.Channels, SMS) || slices.Contains(set.Channels, WhatsApp) {
		phones, err := store.NotifiedPhones(ctx, tx, tv.FranchiseID, tv.StoreSlug)
		if err != nil {
			return 0, err
		}
		for _, ch := range []string{SMS, WhatsApp} {
			if slices.Contains(set.Channels, ch) {
				for _, p := range phones {
					targets = append(targets, target{ch, br.WhatsAppNumber(p)})
				}
			}
		}
	}
	if slices.Contains(set.Channels, Email) && s.emails != nil {
		emails, err := s.emails(ctx, tx, tv.FranchiseID, tv.StoreID)
		if err != nil {
			return 0, err
		}
		for _, e := range emails {
			targets = append(targets, target{Email, e})
		}
	}
	for _, tg := range targets {
		m := outbox.Message{
			ID: ids.New(), Channel: outboxChannel(tg.channel), Recipient: tg.recipient,
			Body: body, FranchiseID: tv.FranchiseID, CreatedAt: now,
		}
		if tg.channel == Email {
			m.Subject = subject
		}
		if err := s.enqueue(ctx, tx, m); err != nil {
			return 0, err
		}
		err := insertMessage(ctx, tx, Sent{
			ID: m.ID, Kind: kind, Channel: tg.channel, Recipient: tg.recipient, Display: tv.ID,
			DisplayName: tv.Name, StoreName: tv.StoreName, CreatedAt: now.UnixMilli(),
		}, tv.FranchiseID)
		if err != nil {
			return 0, err
		}
	}
	return len(targets), nil
}

func outboxChannel(c string) string {
	switch c {
	case SMS:
		return outbox.SMS
	case WhatsApp:
		return outbox.WhatsApp
	}
	return outbox.Email
}
