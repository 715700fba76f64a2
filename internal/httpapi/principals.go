package httpapi

import (
	"context"
	"errors"
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
// kept caller lacks sends the call to the database). While a caller keeps
// calling, it is read again before its trust runs out: the first call past
// half of principalTrust has it read in the background, once, and is served
// meanwhile, so that a console's calls do not all stop every few seconds
// to read their caller from the database.
const (
	principalTrust      = 5 * time.Second
	principalMaxEntries = 10_000
	principalRenewTime  = 2 * time.Second // a background read's bound
)

type keptPrincipal struct {
	p  *auth.Principal
	at time.Time
	// renewing is set while the caller is read again in the background.
	renewing bool
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
// also returns the count of ended sessions to hand put, and renew: the
// caller is past half of principalTrust and no other call was asked to
// read it again (renew, then renewed).
func (c *principalCache) get(hash []byte, now, clock time.Time) (p *auth.Principal, ended uint64, renew bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k, ok := c.entries[string(hash)]
	if !ok {
		return nil, c.ended, false
	}
	age := now.Sub(k.at)
	if age >= principalTrust || !clock.Before(k.p.ExpiresAt) {
		delete(c.entries, string(hash))
		return nil, c.ended, false
	}
	if age >= principalTrust/2 && !k.renewing {
		k.renewing = true
		c.entries[string(hash)] = k
		renew = true
	}
	return k.p, c.ended, renew
}

// renewed records the caller of the kept token hash read again from the
// database at at: p, or the error that read gave. A session no longer
// valid is dropped; a read that failed otherwise leaves the kept caller to
// its trust's end; a session ended meanwhile (ended moved on) is not kept
// again.
func (c *principalCache) renewed(hash string, p *auth.Principal, at time.Time, ended uint64, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if k, ok := c.entries[hash]; ok {
		k.renewing = false
		c.entries[hash] = k
	}
	switch {
	case errors.Is(err, fault.ErrUnauthorized):
		delete(c.entries, hash)
	case err == nil && p.TokenHash == hash:
		c.keep(p, at, ended)
	}
}

// put keeps p, read from the database at at, unless a session ended since
// get returned ended.
func (c *principalCache) put(p *auth.Principal, at time.Time, ended uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.keep(p, at, ended)
}

// keep is put with c.mu held.
func (c *principalCache) keep(p *auth.Principal, at time.Time, ended uint64) {
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

// keptList registers one of the franchise-wide lists kept in memory
// (snapshot.go) under kind, read by list: a read-only route like scoped,
// whose callers are kept in the principal cache.
//
// The kept answer's body is written by the route's own function, once the
// calls that chose it have returned: these answers go out at thousands a
// second, and the write goes deep into net/http (its header writer alone
// takes 2.8 KB of stack). Written from further down, it made the
// connection's goroutine grow its stack again at its first call after each
// garbage collection, which shrinks an idle goroutine's stack.
func (s *Server) keptList(pattern string, rc reach, kind string, list listFunc) {
	s.declare(pattern, rc)
	s.register(pattern, func(w http.ResponseWriter, r *http.Request) {
		body, err := s.keptAnswer(w, r, pattern, rc, kind, list)
		if err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		if body != nil {
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write(body)
		}
	})
}

// keptAnswer checks a call for a kept list and readies its answer
// (snapshotAnswer).
func (s *Server) keptAnswer(w http.ResponseWriter, r *http.Request, pattern string, rc reach, kind string, list listFunc) ([]byte, error) {
	slug := r.PathValue("franchise")
	var (
		p   *auth.Principal
		err error
	)
	if token := bearer(r); apitoken.IsToken(token) {
		p, err = s.tokenPrincipal(w, r, pattern, token) // never kept: a revocation counts at once
	} else {
		p, err = s.keptPrincipal(r.Context(), token, slug)
	}
	if err != nil {
		return nil, err
	}
	// The caller is not put in the request's context (a copy of the
	// request each call): the lists get the tenant, and nothing they call
	// asks who the caller is.
	t, err := p.Tenant(slug)
	if err != nil {
		return nil, err
	}
	if err := within(r, &t, rc); err != nil {
		return nil, err
	}
	return s.snapshotAnswer(w, r, &t, kind, list)
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
	p, ended, renew := s.principals.get(hash[:], now, s.Now())
	if renew {
		go s.renewPrincipal(ctx, token, string(hash[:]), ended)
	}
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

// renewPrincipal reads the kept caller of token again, beside the call that
// asked (ctx's values, not its end).
func (s *Server) renewPrincipal(ctx context.Context, token, hash string, ended uint64) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), principalRenewTime)
	defer cancel()
	at := time.Now()
	p, err := s.Accounts.Authenticate(ctx, token)
	s.principals.renewed(hash, p, at, ended, err)
}
