package store

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vitrine/internal/audit"
	"vitrine/internal/br"
	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/ids"
	"vitrine/internal/names"
	"vitrine/internal/outbox"
	"vitrine/internal/tenant"
)

// Service holds the rules for stores.
type Service struct {
	db      *db.DB
	now     func() time.Time
	enqueue outbox.EnqueueFunc
	changes *franchise.Changes
	guards  []RemovalGuard
}

// NewService returns the store service; enqueue stores the messages to
// stores, changes announces every change.
func NewService(d *db.DB, now func() time.Time, enqueue outbox.EnqueueFunc, changes *franchise.Changes) *Service {
	return &Service{db: d, now: now, enqueue: enqueue, changes: changes}
}

// RemovalGuard is asked, inside the transaction that deletes a store,
// whether its TVs may go with it: it refuses (a fault naming the
// advertisements) when positions on them are sold from today on.
// internal/advertise implements it.
type RemovalGuard interface {
	StoreRemoving(ctx context.Context, q db.Querier, franchiseID, storeID string) error
}

// AddRemovalGuard plugs in a domain that sells positions on a store's TVs.
// Call it while wiring, before serving.
func (s *Service) AddRemovalGuard(g RemovalGuard) { s.guards = append(s.guards, g) }

// touch records and announces a change to the store storeID, which added
// (1) or kept (0) the franchise's stores.
func (s *Service) touch(ctx context.Context, tx *db.Tx, t tenant.Tenant, storeID string, added int) error {
	return s.changes.TouchCounting(ctx, tx, change.Change{FranchiseID: t.ID, Stores: []string{storeID}}, added, 0)
}

// List returns the franchise's stores sorted by name (pt-BR, numbers by value).
func (s *Service) List(ctx context.Context, t tenant.Tenant) ([]Store, error) {
	list, err := list(ctx, s.db, t)
	if err != nil {
		return nil, err
	}
	if !t.Whole() {
		list = slices.DeleteFunc(list, func(st Store) bool { return !t.CoversSlug(st.Slug) })
	}
	SortByName(list)
	return list, nil
}

// mayChange tells whether role may turn a store's fields from before into
// after (docs/roles.md): the network changes any, a franchisee the phone,
// the time zone and the contacts (and the hours, on their own route), a
// store manager the phone and the contacts. A field sent unchanged is no
// change, so a form that sends every field still saves.
func mayChange(role tenant.Role, before, after row) bool {
	switch role {
	case tenant.Franchisee:
		after.Phone, after.TimeZone = before.Phone, before.TimeZone
	case tenant.StoreManager:
		after.Phone = before.Phone
	default:
		return true
	}
	return after == before
}

// SortByName orders stores as a reader expects: case and accents ignored,
// "Loja 2" before "Loja 10".
func SortByName(list []Store) {
	keys := make(map[string]string, len(list))
	for _, st := range list {
		keys[st.Slug] = names.SortKey(st.Name)
	}
	slices.SortFunc(list, func(a, b Store) int {
		if c := strings.Compare(keys[a.Slug], keys[b.Slug]); c != 0 {
			return c
		}
		return strings.Compare(a.Slug, b.Slug)
	})
}

// TimeZones returns the time zone of each of the franchise's stores among
// storeIDs, by id: what every wall-clock rule of their TVs uses.
func (s *Service) TimeZones(ctx context.Context, t tenant.Tenant, storeIDs []string) (map[string]string, error) {
	return TimeZones(ctx, s.db, t.ID, storeIDs)
}

// Get returns one store of the franchise.
func (s *Service) Get(ctx context.Context, t tenant.Tenant, slug string) (Store, error) {
	return get(ctx, s.db, t, slug)
}

// Create adds a store; its slug comes from its name.
func (s *Service) Create(ctx context.Context, t tenant.Tenant, in Input) (Store, error) {
	var r row
	if in.Name == nil {
		return Store{}, ErrNameRequired
	}
	if in.Contacts == nil {
		in.Contacts = &[]ContactInput{}
	}
	contacts, err := in.applyTo(&r)
	if err != nil {
		return Store{}, err
	}
	if err := r.requireAddress(); err != nil {
		return Store{}, err
	}
	if r.TimeZone == "" { // the franchise's zone, the one its stores had before
		if r.TimeZone, err = franchise.TimeZone(ctx, s.db, t.ID); err != nil {
			return Store{}, err
		}
	}
	base := names.Slug(r.Name)
	if base == "" {
		base = "loja"
	}
	now := s.now().UnixMilli()
	var slug string
	for attempt := 0; ; attempt++ {
		err = s.db.InTx(ctx, func(tx *db.Tx) error {
			if err := db.LockKey(ctx, tx, "store-slug:"+t.ID+":"+base); err != nil {
				return err
			}
			if taken, err := db.NameTaken(ctx, tx, "stores", "franchise_id", t.ID, r.Name, ""); err != nil {
				return err
			} else if taken {
				return ErrNameTaken
			}
			slug, err = freeSlug(ctx, tx, t.ID, base)
			if err != nil {
				return err
			}
			id, err := insert(ctx, tx, t.ID, slug, r, now)
			if err != nil {
				return err
			}
			if err := replaceContacts(ctx, tx, id, contacts); err != nil {
				return err
			}
			created, err := get(ctx, tx, t, slug)
			if err != nil {
				return err
			}
			audit.Record(ctx, tx, audit.Entry{
				FranchiseID: t.ID, StoreID: id, Kind: audit.KindStore, ID: id, Name: r.Name,
				Action: audit.ActionCreate, Changes: audit.Diff(nil, created, "displays", "slug", "franchise"),
			})
			return s.touch(ctx, tx, t, id, 1)
		})
		if err == nil {
			break
		}
		if db.IsUniqueViolationOf(err, "stores", "name_key") {
			return Store{}, ErrNameTaken
		}
		if !db.IsUniqueViolation(err) {
			return Store{}, err
		}
		if attempt == 4 {
			return Store{}, ErrBusy
		}
	}
	return get(ctx, s.db, t, slug)
}

// Update changes the fields present in in; the slug stays.
func (s *Service) Update(ctx context.Context, t tenant.Tenant, slug string, in Input) (Store, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		id, r, err := load(ctx, tx, t.ID, slug)
		if err != nil {
			return err
		}
		was, err := get(ctx, tx, t, slug)
		if err != nil {
			return err
		}
		before, stored := r.Name, r
		contacts, err := in.applyTo(&r)
		if err != nil {
			return err
		}
		if !mayChange(t.Role, stored, r) {
			return fault.ErrForbidden
		}
		if err := r.requireAddress(); err != nil {
			return err
		}
		if r.TimeZone == "" {
			if r.TimeZone, err = franchise.TimeZone(ctx, tx, t.ID); err != nil {
				return err
			}
		}
		// A store keeps its key while its name stays the same name, so a
		// repeated name that older data kept without a key can still be edited.
		if renamed := names.Key(r.Name) != names.Key(before); renamed {
			if taken, err := db.NameTaken(ctx, tx, "stores", "franchise_id", t.ID, r.Name, id); err != nil {
				return err
			} else if taken {
				return ErrNameTaken
			}
			if err := db.SetNameKey(ctx, tx, "stores", id, r.Name); err != nil {
				return err
			}
		}
		if err := update(ctx, tx, id, r, s.now().UnixMilli()); err != nil {
			return err
		}
		if in.Contacts != nil {
			if err := replaceContacts(ctx, tx, id, contacts); err != nil {
				return err
			}
		}
		now, err := get(ctx, tx, t, slug)
		if err != nil {
			return err
		}
		if changes := audit.Diff(was, now, "displays"); len(changes) > 0 {
			audit.Record(ctx, tx, audit.Entry{
				FranchiseID: t.ID, StoreID: id, Kind: audit.KindStore, ID: id, Name: r.Name,
				Action: audit.ActionUpdate, Changes: changes,
			})
		}
		return s.touch(ctx, tx, t, id, 0)
	})
	if db.IsUniqueViolationOf(err, "stores", "name_key") {
		return Store{}, ErrNameTaken
	}
	if err != nil {
		return Store{}, err
	}
	return get(ctx, s.db, t, slug)
}

// Delete removes a store with its contacts and TVs, in one transaction.
// When confirmName is not empty it must be the store's name, so a stale
// screen cannot delete a store other than the one its user saw.
func (s *Service) Delete(ctx context.Context, t tenant.Tenant, slug, confirmName string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		id, r, err := load(ctx, tx, t.ID, slug)
		if err != nil {
			return err
		}
		if c := strings.TrimSpace(confirmName); c != "" && names.Fold(c) != names.Fold(r.Name) {
			return ErrNameMismatch
		}
		for _, g := range s.guards {
			if err := g.StoreRemoving(ctx, tx, t.ID, id); err != nil {
				return err
			}
		}
		was, err := get(ctx, tx, t, slug)
		if err != nil {
			return err
		}
		audit.Record(ctx, tx, audit.Entry{
			FranchiseID: t.ID, StoreID: id, Kind: audit.KindStore, ID: id, Name: r.Name,
			Action: audit.ActionDelete, Changes: audit.Diff(was, nil, "slug", "franchise"),
		})
		if err := remove(ctx, tx, id); err != nil {
			return err
		}
		// Its TVs went with it: the counts are read again.
		return s.changes.TouchCounted(ctx, tx, change.Change{FranchiseID: t.ID, Stores: []string{id}})
	})
}

// Notify queues one WhatsApp message for each contact of the chosen stores
// that receives notifications (a phone listed in several stores gets it
// once). The messages are stored in the outbox in one transaction; a worker
// delivers them. It returns how many were queued.
func (s *Service) Notify(ctx context.Context, t tenant.Tenant, in NotifyInput) (int, error) {
	msg := strings.TrimSpace(in.Message)
	if msg == "" {
		return 0, ErrMessageRequired
	}
	if utf8.RuneCountInString(msg) > MaxMessageLength {
		return 0, ErrMessageTooLong
	}
	if len(in.StoreSlugList) > MaxNotifyStores {
		return 0, ErrTooManyStores
	}
	slugs := make([]string, 0, len(in.StoreSlugList))
	seen := make(map[string]bool, len(in.StoreSlugList))
	for _, sl := range in.StoreSlugList {
		if sl = strings.TrimSpace(sl); sl != "" && !seen[sl] {
			seen[sl] = true
			slugs = append(slugs, sl)
		}
	}
	if len(slugs) == 0 {
		return 0, ErrNoStoreChosen
	}
	for _, sl := range slugs {
		if !t.CoversSlug(sl) {
			return 0, ErrNotFound
		}
	}
	if s.enqueue == nil {
		return 0, errors.New("store: no outbox to queue messages in")
	}
	queued := 0
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		found, err := countStores(ctx, tx, t.ID, slugs)
		if err != nil {
			return err
		}
		if found != len(slugs) {
			return ErrNotFound
		}
		phones, err := notifiedPhones(ctx, tx, t.ID, slugs)
		if err != nil {
			return err
		}
		for _, phone := range slices.Sorted(maps.Keys(phones)) {
			m := outbox.Message{
				ID:          ids.New(),
				Channel:     outbox.WhatsApp,
				Recipient:   br.WhatsAppNumber(phone),
				Body:        msg,
				FranchiseID: t.ID,
			}
			if err := s.enqueue(ctx, tx, m); err != nil {
				return err
			}
			if err := recordMessageStores(ctx, tx, m.ID, phones[phone]); err != nil {
				return err
			}
			for _, storeID := range phones[phone] {
				audit.Record(ctx, tx, audit.Entry{
					FranchiseID: t.ID, StoreID: storeID, Kind: audit.KindMessage, ID: m.ID,
					Action: audit.ActionSend, Changes: []audit.Change{
						audit.Set("recipient", nil, m.Recipient), audit.Set("message", nil, msg),
					},
				})
			}
		}
		queued = len(phones)
		return nil
	})
	return queued, err
}

// Messages returns the franchise's latest WhatsApp messages to store
// contacts, newest first, each with the contacts who have its phone.
func (s *Service) Messages(ctx context.Context, t tenant.Tenant) ([]SentMessage, error) {
	var sent []outbox.Message
	var err error
	if t.Whole() {
		sent, err = outbox.Recent(ctx, s.db, t.ID, outbox.WhatsApp, MessagesShown)
	} else if len(t.Stores) > 0 {
		// A scoped member lists the messages sent for their stores.
		sent, err = recentMessagesOf(ctx, s.db, t, MessagesShown)
	}
	if err != nil {
		return nil, err
	}
	out := make([]SentMessage, 0, len(sent))
	phones := make([]string, 0, len(sent))
	for _, m := range sent {
		phone := br.LocalPhone(m.Recipient)
		phones = append(phones, phone)
		updated := m.CreatedAt
		for _, at := range []time.Time{m.SentAt, m.StatusAt} {
			if at.After(updated) {
				updated = at
			}
		}
		out = append(out, SentMessage{
			ID: m.ID, Phone: phone, Contacts: []string{}, Body: m.Body, Status: m.State(), Error: m.Reason(),
			CreatedAt: m.CreatedAt.UnixMilli(), UpdatedAt: updated.UnixMilli(),
		})
	}
	names, err := contactsByPhone(ctx, s.db, t, phones)
	if err != nil {
		return nil, err
	}
	for i := range out {
		if n := names[out[i].Phone]; n != nil {
			out[i].Contacts = n
		}
	}
	return out, nil
}

// applyTo validates the fields present in in, writes them into r, and
// returns the cleaned contact list (nil when in has none).
func (in Input) applyTo(r *row) ([]Contact, error) {
	if in.Name != nil {
		r.Name = strings.TrimSpace(*in.Name)
		if r.Name == "" {
			return nil, ErrNameRequired
		}
		if names.TooLong(r.Name) {
			return nil, names.ErrTooLong
		}
	}
	if in.Document != nil {
		d := strings.TrimSpace(*in.Document)
		if d != "" {
			cnpj, ok := br.CNPJ(d)
			if !ok {
				return nil, ErrDocumentInvalid
			}
			d = cnpj
		}
		r.Document = d
	}
	if in.Phone != nil {
		p := strings.TrimSpace(*in.Phone)
		if p != "" {
			var ok bool
			if p, ok = br.Phone(p); !ok {
				return nil, ErrPhoneInvalid
			}
		}
		r.Phone = p
	}
	if in.TimeZone != nil {
		zone, err := CheckTimeZone(*in.TimeZone)
		if err != nil {
			return nil, err
		}
		r.TimeZone = zone
	}
	texts := []struct {
		dst   *string
		src   *string
		label string
	}{
		{&r.Region, in.Region, "região"},
		{&r.State, in.State, "estado"},
		{&r.City, in.City, "cidade"},
		{&r.Social, in.Social, "nome social"},
		{&r.Tag, in.Tag, "tag"},
	}
	for _, t := range texts {
		if t.src == nil {
			continue
		}
		*t.dst = strings.TrimSpace(*t.src)
		if utf8.RuneCountInString(*t.dst) > 200 {
			return nil, fault.Invalidf("O campo %s pode ter no máximo 200 caracteres.", t.label)
		}
	}
	if in.Contacts == nil {
		return nil, nil
	}
	return cleanContacts(*in.Contacts)
}

// CheckTimeZone trims an IANA zone name and checks time.LoadLocation knows
// it; "" stays "" (the franchise's zone), "Local" (this server's clock) and
// unknown names are ErrTimeZone.
func CheckTimeZone(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", nil
	}
	if _, err := time.LoadLocation(name); err != nil || name == "Local" || len(name) > 64 {
		return "", ErrTimeZone
	}
	return name, nil
}

// requireAddress checks the fields every store must have besides its name.
func (r *row) requireAddress() error {
	for _, f := range []struct{ value, label string }{
		{r.Region, "região"}, {r.State, "estado"}, {r.City, "cidade"},
	} {
		if f.value == "" {
			return fault.Invalidf("O campo %s é obrigatório.", f.label)
		}
	}
	return nil
}

// cleanContacts trims and checks each contact. Two contacts with one phone
// are refused, naming the phone: dropping one would lose a contact the
// operator typed without telling them.
func cleanContacts(in []ContactInput) ([]Contact, error) {
	out := make([]Contact, 0, len(in))
	seen := map[string]bool{}
	for _, c := range in {
		name, role := strings.TrimSpace(c.Name), strings.TrimSpace(c.Role)
		if name == "" || role == "" {
			return nil, ErrContactIncomplete
		}
		if names.TooLong(name) || names.TooLong(role) {
			return nil, fault.Invalidf("Nome e cargo do contato podem ter no máximo %d caracteres.", names.MaxLen)
		}
		phone, ok := br.Phone(c.Phone)
		if !ok {
			return nil, ErrPhoneInvalid
		}
		if seen[phone] {
			return nil, ErrContactPhoneRepeated(phone)
		}
		seen[phone] = true
		notify := true
		if c.ReceiveNotify != nil {
			notify = *c.ReceiveNotify
		}
		out = append(out, Contact{Name: name, Role: role, Phone: phone, ReceiveNotify: notify})
	}
	if len(out) > MaxContacts {
		return nil, ErrTooManyContacts
	}
	return out, nil
}
