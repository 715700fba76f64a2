package apitoken

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vitrine/internal/db"
	"vitrine/internal/store"
)

const tokenColumns = `t.id, t.name, t.prefix, t.scopes, t.limited, t.created_by_email, t.created_at, t.expires_at, t.last_used_at`

func scanToken(sc db.Scanner) (Token, bool, error) {
	var (
		t       Token
		scopes  string
		limited int
	)
	err := sc.Scan(&t.ID, &t.Name, &t.Prefix, &scopes, &limited, &t.CreatedBy, &t.CreatedAt, &t.ExpiresAt, &t.LastUsedAt)
	t.Scopes = splitScopes(scopes)
	t.Stores = []StoreRef{}
	return t, limited == 1, err
}

// list returns the group's tokens not revoked, newest first, with their stores.
func list(ctx context.Context, q db.Querier, franchiseID string) ([]Token, error) {
	tokens, err := db.Collect(ctx, q, func(sc db.Scanner) (Token, error) {
		t, _, err := scanToken(sc)
		return t, err
	}, `SELECT `+tokenColumns+` FROM api_tokens t WHERE t.franchise_id = ? AND t.revoked_at = 0
		ORDER BY t.created_at DESC, t.id DESC`, franchiseID)
	if err != nil {
		return nil, err
	}
	type link struct {
		token string
		ref   StoreRef
	}
	links, err := db.Collect(ctx, q, func(sc db.Scanner) (link, error) {
		var l link
		return l, sc.Scan(&l.token, &l.ref.Slug, &l.ref.Name)
	}, `SELECT ts.token_id, s.slug, s.name FROM api_token_stores ts
		JOIN api_tokens t ON t.id = ts.token_id
		JOIN stores s ON s.id = ts.store_id
		WHERE t.franchise_id = ? AND t.revoked_at = 0 ORDER BY s.slug`, franchiseID)
	if err != nil {
		return nil, err
	}
	at := map[string]int{}
	for i, t := range tokens {
		at[t.ID] = i
	}
	for _, l := range links {
		if i, ok := at[l.token]; ok {
			tokens[i].Stores = append(tokens[i].Stores, l.ref)
		}
	}
	if tokens == nil {
		tokens = []Token{}
	}
	return tokens, nil
}

// storeRefs resolves slugs to the group's stores, sorted by slug;
// a slug the group does not have is store.ErrNotFound.
func storeRefs(ctx context.Context, q db.Querier, franchiseID string, slugs []string) ([]string, []StoreRef, error) {
	if len(slugs) == 0 {
		return nil, nil, nil
	}
	args := []any{franchiseID}
	for _, s := range slugs {
		args = append(args, s)
	}
	type row struct {
		id  string
		ref StoreRef
	}
	rows, err := db.Collect(ctx, q, func(sc db.Scanner) (row, error) {
		var r row
		return r, sc.Scan(&r.id, &r.ref.Slug, &r.ref.Name)
	}, `SELECT id, slug, name FROM stores WHERE franchise_id = ? AND slug IN (`+db.Placeholders(len(slugs))+`) ORDER BY slug`, args...)
	if err != nil {
		return nil, nil, err
	}
	if len(rows) != len(slugs) {
		return nil, nil, store.ErrNotFound
	}
	ids := make([]string, len(rows))
	refs := make([]StoreRef, len(rows))
	for i, r := range rows {
		ids[i], refs[i] = r.id, r.ref
	}
	return ids, refs, nil
}

// byHash reads the token whose secret hashes to hash, whatever its state.
func byHash(ctx context.Context, q db.Querier, hash string) (*Caller, int64, error) {
	var (
		c                          Caller
		scopes                     string
		limited                    int
		expires, lastUsed, revoked int64
	)
	err := q.QueryRowContext(ctx, `SELECT t.id, t.name, t.scopes, t.limited, t.expires_at, t.last_used_at, t.revoked_at,
			f.id, f.slug, f.name
		FROM api_tokens t JOIN franchises f ON f.id = t.franchise_id
		WHERE t.token_hash = ?`, hash).
		Scan(&c.ID, &c.Name, &scopes, &limited, &expires, &lastUsed, &revoked, &c.Franchise.ID, &c.Franchise.Slug, &c.Franchise.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	c.Scopes = splitScopes(scopes)
	c.Limited = limited == 1
	c.ExpiresAt = time.UnixMilli(expires)
	if lastUsed > 0 {
		c.LastUsedAt = time.UnixMilli(lastUsed)
	}
	if c.Limited {
		type ref struct{ id, slug string }
		refs, err := db.Collect(ctx, q, func(sc db.Scanner) (ref, error) {
			var r ref
			return r, sc.Scan(&r.id, &r.slug)
		}, `SELECT s.id, s.slug FROM api_token_stores ts JOIN stores s ON s.id = ts.store_id
			WHERE ts.token_id = ? ORDER BY s.id`, c.ID)
		if err != nil {
			return nil, 0, err
		}
		c.Stores, c.StoreSlugs = []string{}, []string{}
		for _, r := range refs {
			c.Stores = append(c.Stores, r.id)
			c.StoreSlugs = append(c.StoreSlugs, r.slug)
		}
		sortStrings(c.StoreSlugs)
	}
	return &c, revoked, nil
}
