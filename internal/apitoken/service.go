package apitoken

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"sort"
	"sync"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/ids"
	"vitrine/internal/names"
)

// Config is what the service needs.
type Config struct {
	DB  *db.DB
	Now func() time.Time
}

// Service creates, lists, revokes and checks API tokens.
type Service struct {
	db  *db.DB
	now func() time.Time

	mu sync.Mutex
	// written is when this replica last wrote each token's last use.
	written map[string]time.Time
}

// NewService returns the service.
func NewService(c Config) *Service {
	if c.Now == nil {
		c.Now = time.Now
	}
	return &Service{db: c.DB, now: c.Now, written: map[string]time.Time{}}
}

// List returns the group's tokens that are not revoked, newest first
// (expired ones too, until revoked).
func (s *Service) List(ctx context.Context, franchiseID string) ([]Token, error) {
	return list(ctx, s.db, franchiseID)
}

// Create makes a token of the group for creatorEmail (the team manager
// who asked) and returns it with its secret, which is not kept.
func (s *Service) Create(ctx context.Context, franchiseID, creatorID, creatorEmail string, in Input) (Created, error) {
	name, err := names.Clean(in.Name)
	if err != nil {
		return Created{}, err
	}
	if len(in.Scopes) == 0 {
		return Created{}, ErrNoScope
	}
	scopes := []Scope{}
	for _, sc := range Scopes { // in the page's order, once each
		if slices.Contains(in.Scopes, sc) {
			scopes = append(scopes, sc)
		}
	}
	for _, sc := range in.Scopes {
		if !sc.Valid() {
			return Created{}, ErrScope
		}
	}
	days := in.Days
	if days == 0 {
		days = DefaultDays
	}
	if days < 1 || days > MaxDays {
		return Created{}, ErrDays
	}
	limited := in.Stores != nil && len(in.Stores) > 0
	slugs := slices.Compact(slices.Sorted(slices.Values(in.Stores)))
	secret := Prefix + ids.Secret(secretBytes)
	now := s.now()
	t := Token{
		ID: ids.New(), Name: name, Prefix: secret[:len(Prefix)+4], Scopes: scopes, Stores: []StoreRef{},
		CreatedBy: creatorEmail, CreatedAt: now.UnixMilli(), ExpiresAt: now.AddDate(0, 0, days).UnixMilli(),
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		storeIDs, refs, err := storeRefs(ctx, tx, franchiseID, slugs)
		if err != nil {
			return err
		}
		if refs != nil {
			t.Stores = refs
		}
		lim := 0
		if limited {
			lim = 1
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO api_tokens (id, franchise_id, name, prefix, token_hash, scopes, limited,
				created_by, created_by_email, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			t.ID, franchiseID, t.Name, t.Prefix, ids.Hash(secret), joinScopes(t.Scopes), lim,
			creatorID, creatorEmail, t.CreatedAt, t.ExpiresAt); err != nil {
			return err
		}
		for _, id := range storeIDs {
			if _, err := tx.ExecContext(ctx, `INSERT INTO api_token_stores (token_id, store_id) VALUES (?, ?)`, t.ID, id); err != nil {
				return err
			}
		}
		storeNames := make([]string, len(t.Stores))
		for i, r := range t.Stores {
			storeNames[i] = r.Name
		}
		audit.Record(ctx, tx, audit.Entry{FranchiseID: franchiseID, Kind: audit.KindToken, ID: t.ID, Name: t.Name,
			Action: audit.ActionCreate, At: now, Changes: []audit.Change{
				audit.Set("scopes", nil, t.Scopes),
				audit.Set("stores", nil, storeNames),
				audit.Set("expiresAt", nil, time.UnixMilli(t.ExpiresAt).UTC()),
			}})
		return nil
	})
	if err != nil {
		return Created{}, err
	}
	return Created{Token: t, Secret: secret}, nil
}

// Revoke ends the group's token with id at once: its next call is refused.
func (s *Service) Revoke(ctx context.Context, franchiseID, id, byEmail string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var name string
		err := tx.QueryRowContext(ctx, `UPDATE api_tokens SET revoked_at = ?, revoked_by_email = ?
			WHERE id = ? AND franchise_id = ? AND revoked_at = 0 RETURNING name`,
			s.now().UnixMilli(), byEmail, id, franchiseID).Scan(&name)
		if err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNotFound
			}
			return err
		}
		audit.Record(ctx, tx, audit.Entry{FranchiseID: franchiseID, Kind: audit.KindToken, ID: id, Name: name,
			Action: audit.ActionRevoke})
		return nil
	})
}

// Authenticate returns the token whose secret is given, or
// fault.ErrUnauthorized when there is none, or it expired or was revoked.
func (s *Service) Authenticate(ctx context.Context, secret string) (*Caller, error) {
	if !IsToken(secret) {
		return nil, fault.ErrUnauthorized
	}
	c, revoked, err := byHash(ctx, s.db, ids.Hash(secret))
	if err != nil {
		return nil, err
	}
	if c == nil || revoked != 0 || !s.now().Before(c.ExpiresAt) {
		return nil, fault.ErrUnauthorized
	}
	return c, nil
}

// Used notes that c made a call now: its last use is written when the
// one stored is older than LastUseEvery and this replica has not written
// it within that time, so a busy token costs one write a minute.
func (s *Service) Used(ctx context.Context, c *Caller) error {
	now := s.now()
	if !c.LastUsedAt.IsZero() && now.Sub(c.LastUsedAt) < LastUseEvery {
		return nil
	}
	s.mu.Lock()
	if at, ok := s.written[c.ID]; ok && now.Sub(at) < LastUseEvery {
		s.mu.Unlock()
		return nil
	}
	if len(s.written) > 100_000 {
		clear(s.written)
	}
	s.written[c.ID] = now
	s.mu.Unlock()
	_, err := s.db.ExecContext(ctx, `UPDATE api_tokens SET last_used_at = ? WHERE id = ? AND last_used_at < ?`,
		now.UnixMilli(), c.ID, now.UnixMilli())
	return err
}

func sortStrings(s []string) { sort.Strings(s) }
