package httpapi

import (
	"context"
	"net/http"
	"slices"
	"sync"
	"time"

	"vitrine/internal/apitoken"
	"vitrine/internal/auth"
	"vitrine/internal/change"
	"vitrine/internal/fault"
	"vitrine/internal/ids"
)

// Visão Geral's two big lists are asked for by every open console, each
// answer kept ready in memory (snapshot.go); checking the caller's session
// and membership in the database (two queries) would then cost more than
// sending the answer. principalCache keeps the callers of those two routes
// for principalTrust. A session that ends (a logout, a new password, a
// member removed from the franchise) is announced on the change signal,
// which drops it from here at once: on this replica at the commit, on the
// others with the database's notification. A session's expiry is checked on
// every call. Only these read-only routes use it: the caller's name,
// permissions and other groups, which they do not read, may be up to
// principalTrust old; a membership added is seen at once (a franchise the
// kept caller lacks sends the call to the database).
const (
	principalTrust      = 5 * time.Second
	principalMaxEntries = 10_000
)

type keptPrincipal struct {
	p  *auth.Principal
	at time.Time
}

type principalCache struct {
	mu      sync.Mutex
	entries map[string]keptPrincipal // by token hash
	// ended counts the changes that ended sessions: a caller read from the
	// database before one of them is not kept.
	ended uint64
}

// get returns the kept caller of the token whose hash is hash, if still
// trusted at now (the wall clock) and its session not expired at clock
// (the server's clock, which the sessions' expiry is read against). It
// also returns the count of ended sessions to hand put.
func (c *principalCache) get(hash []byte, now, clock time.Time) (*auth.Principal, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k, ok := c.entries[string(hash)]
	if !ok {
		return nil, c.ended
	}
	if now.Sub(k.at) >= principalTrust || !clock.Before(k.p.ExpiresAt) {
		delete(c.entries, string(hash))
		return nil, c.ended
	}
	return k.p, c.ended
}

// put keeps p, read from the database at at, unless a session ended since
// get returned ended.
func (c *principalCache) put(p *auth.Principal, at time.Time, ended uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ended != ended {
		return
	}
	if c.entries == nil {
		c.entries = map[string]keptPrincipal{}
	}
	if len(c.entries) >= principalMaxEntries {
		for h, k := range c.entries {
			if at.Sub(k.at) >= principalTrust {
				delete(c.entries, h)
			}
		}
		if len(c.entries) >= principalMaxEntries {
			clear(c.entries)
		}
	}
	c.entries[p.TokenHash] = keptPrincipal{p: p, at: at}
}

// forget drops the sessions a change ended; after notifications may have
// been missed (a change naming nothing), every one.
func (c *principalCache) forget(ch change.Change) {
	if ch.Ended == nil && !(ch.FranchiseID == "" && ch.Everywhere()) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ended++
	if ch.Ended == nil {
		clear(c.entries)
		return
	}
	for h, k := range c.entries {
		if slices.Contains(ch.Ended.Sessions, h) || slices.Contains(ch.Ended.Sessions, k.p.ParentTokenHash) ||
			slices.Contains(ch.Ended.Users, k.p.UserID) || (k.p.AdminUserID != "" && slices.Contains(ch.Ended.Users, k.p.AdminUserID)) {
			delete(c.entries, h)
		}
	}
}

// keptScoped registers a read-only route like scoped, whose callers are
// kept in the principal cache.
func (s *Server) keptScoped(pattern string, rc reach, h tenantHandlerFunc) {
	s.declare(pattern, rc)
	s.register(pattern, func(w http.ResponseWriter, r *http.Request) {
		var (
			p   *auth.Principal
			err error
		)
		if token := bearer(r); apitoken.IsToken(token) {
			p, err = s.tokenPrincipal(w, r, pattern, token) // never kept: a revocation counts at once
		} else {
			p, err = s.keptPrincipal(r.Context(), token, r.PathValue("franchise"))
		}
		if err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		// The caller is not put in the request's context (a copy of the
		// request each call): these lists' handlers get the tenant, and
		// nothing they call asks who the caller is.
		t, err := p.Tenant(r.PathValue("franchise"))
		if err == nil {
			err = within(r, t, rc)
		}
		if err == nil {
			err = h(w, r, t)
		}
		if err != nil {
			writeError(w, r, s.Log, err)
		}
	})
}

// keptPrincipal is the caller of token, from the cache when it holds one
// that belongs to the franchise slug, else from the database (and kept).
func (s *Server) keptPrincipal(ctx context.Context, token, slug string) (*auth.Principal, error) {
	if token == "" {
		return nil, fault.ErrUnauthorized
	}
	if s.Changes == nil {
		// No change signal: nothing would tell the cache a session ended.
		return s.Accounts.Authenticate(ctx, token)
	}
	var hash ids.HashText
	ids.HashInto(&hash, token)
	now := startedAt(ctx)
	p, ended := s.principals.get(hash[:], now, s.Now())
	if p != nil {
		if _, ok := p.Franchises[slug]; ok {
			return p, nil
		}
	}
	p, err := s.Accounts.Authenticate(ctx, token)
	if err != nil {
		return nil, err
	}
	s.principals.put(p, now, ended)
	return p, nil
}
