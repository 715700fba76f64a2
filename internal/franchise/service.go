package franchise

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vitrine/internal/audit"
	"vitrine/internal/br"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/names"
	"vitrine/internal/tenant"

	_ "time/tzdata" // time zones validate the same on every host
)

// Service holds the rules for franchises.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// NewService returns the franchise service.
func NewService(d *db.DB, now func() time.Time) *Service {
	return &Service{db: d, now: now}
}

// Revision returns the franchise's current revision: every change to what
// its lists show bumps it (Changes.Touch), so an answer cached at an older
// revision is stale.
func (s *Service) Revision(ctx context.Context, franchiseID string) (int64, error) {
	return revision(ctx, s.db, franchiseID)
}

// TimeZone is the IANA zone of the franchise's screens.
func (s *Service) TimeZone(ctx context.Context, franchiseID string) (string, error) {
	f, err := get(ctx, s.db, franchiseID)
	return f.TimeZone, err
}

// BySlug returns the franchise named slug, or ErrNotFound.
func (s *Service) BySlug(ctx context.Context, slug string) (tenant.Franchise, error) {
	return BySlug(ctx, s.db, slug)
}

// ListForUser returns the user's franchises, oldest first.
func (s *Service) ListForUser(ctx context.Context, userID string) ([]Franchise, error) {
	return list(ctx, s.db, userID)
}

// ListAll returns every franchise, oldest first (administrators).
func (s *Service) ListAll(ctx context.Context) ([]Franchise, error) {
	return list(ctx, s.db, "")
}

// Create registers a franchise and makes its creator a member.
func (s *Service) Create(ctx context.Context, creatorID string, in Input) (Franchise, error) {
	var r row
	if in.Name == nil {
		return Franchise{}, ErrNameRequired
	}
	r.TimeZone = "America/Sao_Paulo"
	if err := in.applyTo(&r); err != nil {
		return Franchise{}, err
	}
	base := names.Slug(r.Name)
	if base == "" {
		base = "grupo"
	}
	now := s.now().UnixMilli()
	var id string
	// A lost race for a slug or a document surfaces as a unique violation; on
	// PostgreSQL that aborts the transaction, so each attempt is a new one.
	for attempt := 0; ; attempt++ {
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			if err := db.LockKey(ctx, tx, "franchise-slug:"+base); err != nil {
				return err
			}
			if err := checkNameFree(ctx, tx, r.Name, ""); err != nil {
				return err
			}
			if err := checkDocumentFree(ctx, tx, r.Document, ""); err != nil {
				return err
			}
			slug, err := freeSlug(ctx, tx, base)
			if err != nil {
				return err
			}
			id, err = insert(ctx, tx, slug, r, now)
			if err != nil {
				return err
			}
			if err := AddMember(ctx, tx, creatorID, id, now); err != nil {
				return err
			}
			// The group's creator runs its team and approves its content.
			if err := GrantTeam(ctx, tx, creatorID, id); err != nil {
				return err
			}
			return s.recordCreated(ctx, tx, id, creatorID)
		})
		if err == nil {
			break
		}
		if db.IsUniqueViolationOf(err, "franchises", "name_key") {
			return Franchise{}, ErrNameTaken
		}
		if !db.IsUniqueViolation(err) {
			return Franchise{}, err
		}
		if attempt == 4 {
			return Franchise{}, fault.ErrBusy
		}
	}
	return get(ctx, s.db, id)
}

// Update changes the fields present in in. The slug stays: it names the
// franchise in URLs and in the browsers that selected it.
func (s *Service) Update(ctx context.Context, id string, in Input) (Franchise, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := load(ctx, tx, id)
		if err != nil {
			return err
		}
		was, err := get(ctx, tx, id)
		if err != nil {
			return err
		}
		name := r.Name
		if err := in.applyTo(&r); err != nil {
			return err
		}
		// A franchise keeps its key while its name stays the same name, so a
		// repeated name that older data kept without a key can still be edited.
		if names.Key(r.Name) != names.Key(name) {
			if err := checkNameFree(ctx, tx, r.Name, id); err != nil {
				return err
			}
			if err := db.SetNameKey(ctx, tx, "franchises", id, r.Name); err != nil {
				return err
			}
		}
		if err := checkDocumentFree(ctx, tx, r.Document, id); err != nil {
			return err
		}
		if err := update(ctx, tx, id, r, s.now().UnixMilli()); err != nil {
			return err
		}
		now, err := get(ctx, tx, id)
		if err != nil {
			return err
		}
		if changes := audit.Diff(was, now, counters...); len(changes) > 0 {
			audit.Record(ctx, tx, audit.Entry{FranchiseID: id, Kind: audit.KindGroup, ID: id, Name: r.Name,
				Action: audit.ActionUpdate, Changes: changes, At: s.now()})
		}
		return nil
	})
	if db.IsUniqueViolationOf(err, "franchises", "name_key") {
		return Franchise{}, ErrNameTaken
	}
	if db.IsUniqueViolation(err) {
		return Franchise{}, ErrDocumentTaken
	}
	if err != nil {
		return Franchise{}, err
	}
	return get(ctx, s.db, id)
}

// counters are the fields of a group kept by its stores and TVs, not by
// a change of the group itself.
var counters = []string{"stores", "displays"}

// recordCreated records, in the group's chain, the group created and its
// creator's membership ('Rede' with 'Gerenciar equipe' and 'Aprovar
// conteúdo').
func (s *Service) recordCreated(ctx context.Context, tx *db.Tx, id, creatorID string) error {
	created, err := get(ctx, tx, id)
	if err != nil {
		return err
	}
	at := s.now()
	audit.Record(ctx, tx, audit.Entry{FranchiseID: id, Kind: audit.KindGroup, ID: id, Name: created.Name,
		Action: audit.ActionCreate, Changes: audit.Diff(nil, created, counters...), At: at})
	name := "" // the creator is the caller: their e-mail names the member
	if a := audit.ActorFrom(ctx); a.UserID == creatorID {
		name = a.Email
	}
	audit.Record(ctx, tx, audit.Entry{FranchiseID: id, Kind: audit.KindMember, ID: creatorID, Name: name,
		Action: audit.ActionCreate, At: at,
		Changes: audit.Diff(nil, map[string]any{"email": name, "role": tenant.Network, "manageTeam": true,
			"approveContent": true})})
	return nil
}

// applyTo validates the fields present in in and writes them into r.
func (in Input) applyTo(r *row) error {
	if in.Name != nil {
		r.Name = strings.TrimSpace(*in.Name)
		if r.Name == "" {
			return ErrNameRequired
		}
	}
	if in.Document != nil {
		d := strings.TrimSpace(*in.Document)
		if d == "" {
			r.Document = ""
		} else {
			cnpj, ok := br.CNPJ(d)
			if !ok {
				return ErrDocumentInvalid
			}
			r.Document = cnpj
		}
	}
	if in.Phone != nil {
		p := strings.TrimSpace(*in.Phone)
		if p != "" {
			var ok bool
			if p, ok = br.Phone(p); !ok {
				return ErrPhoneInvalid
			}
		}
		r.Phone = p
	}
	if in.LocalWithoutApproval != nil {
		r.LocalWithoutApproval = *in.LocalWithoutApproval
	}
	if in.TimeZone != nil {
		tz := strings.TrimSpace(*in.TimeZone)
		if tz == "" {
			tz = "America/Sao_Paulo"
		}
		if _, err := time.LoadLocation(tz); err != nil || tz == "Local" {
			return ErrTimeZone
		}
		r.TimeZone = tz
	}
	texts := []struct {
		dst   *string
		src   *string
		label string
		max   int
	}{
		{&r.Social, in.Social, "Nome Social", 200},
		{&r.State, in.State, "Estado", 100},
		{&r.City, in.City, "Cidade", 100},
		{&r.Address, in.Address, "Endereço", 200},
		{&r.Number, in.Number, "Número", 20},
		{&r.Complement, in.Complement, "Complemento", 100},
		{&r.AdditionalInformation, in.AdditionalInformation, "Informações adicionais", 1000},
		{&r.TagStore, in.TagStore, "tagStore", 100},
		{&r.TagDisplay, in.TagDisplay, "tagDisplay", 100},
		{&r.TagSchedule, in.TagSchedule, "tagSchedule", 100},
	}
	for _, t := range texts {
		if t.src != nil {
			*t.dst = strings.TrimSpace(*t.src)
		}
		if utf8.RuneCountInString(*t.dst) > t.max {
			return fault.Invalidf("O campo %s pode ter no máximo %d caracteres.", t.label, t.max)
		}
	}
	if names.TooLong(r.Name) {
		return names.ErrTooLong
	}
	return nil
}

// Get returns the franchise id.
func (s *Service) Get(ctx context.Context, id string) (Franchise, error) {
	return get(ctx, s.db, id)
}
