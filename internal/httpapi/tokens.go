package httpapi

import (
	"net/http"
	"strconv"

	"vitrine/internal/apitoken"
	"vitrine/internal/auth"
	"vitrine/internal/fault"
	"vitrine/internal/ids"
	"vitrine/internal/tenant"
)

// API tokens ('Integrações', docs/integrations.md): a group's own systems
// call the API as the console does, with `Authorization: Bearer vit_…`.
// A token acts in its group only, as a 'Rede' member (or, limited to
// stores, as a franchisee of them), on the routes whose scope it holds
// (tokenScopes in routes.go); every other route refuses it.

// errTokenRate answers a token past its calls per minute (Deps.TokenRate).
func errTokenRate(wait int) error {
	unit := "segundos"
	if wait == 1 {
		unit = "segundo"
	}
	return fault.WithMsg(fault.TooMany, 1003,
		"Muitas chamadas com este token. Tente novamente em "+strconv.Itoa(wait)+" "+unit+".")
}

// authenticate is the caller of a signed-in route: a session, or an API
// token allowed on the route's pattern.
func (s *Server) authenticate(w http.ResponseWriter, r *http.Request, pattern string) (*auth.Principal, error) {
	token := bearer(r)
	if apitoken.IsToken(token) {
		return s.tokenPrincipal(w, r, pattern, token)
	}
	return s.Accounts.Authenticate(r.Context(), token)
}

// tokenPrincipal checks an API token calling pattern: unknown, expired or
// revoked is 401/1022; past its rate 429 (with Retry-After); a route it
// holds no scope for 403/1403. It returns the token as the caller: a
// member of its group alone, holding the ads center and the emergency
// message when it holds their scopes.
func (s *Server) tokenPrincipal(w http.ResponseWriter, r *http.Request, pattern, secret string) (*auth.Principal, error) {
	if s.Tokens == nil {
		return nil, fault.ErrUnauthorized
	}
	c, err := s.Tokens.Authenticate(r.Context(), secret)
	if err != nil {
		return nil, err
	}
	if s.tokenCalls != nil {
		if ok, wait := s.tokenCalls.allow(c.ID, s.Now()); !ok {
			secs := int((wait + 999_999_999) / 1_000_000_000)
			if secs < 1 {
				secs = 1
			}
			w.Header().Set("Retry-After", strconv.Itoa(secs))
			return nil, errTokenRate(secs)
		}
	}
	if err := s.Tokens.Used(r.Context(), c); err != nil {
		s.Log.Warn("api token: last use not written", "err", err, "token", c.ID, "request_id", requestID(r.Context()))
	}
	if scope := s.tokenScopes[pattern]; !c.Has(scope) {
		return nil, fault.ErrForbidden
	}
	return &auth.Principal{
		Name:        "Token: " + c.Name,
		Permissions: map[string]int{},
		AdsCenter:   c.Has(apitoken.Ads),
		Override:    c.Has(apitoken.Overrides),
		Franchises:  map[string]tenant.Membership{c.Franchise.Slug: c.Membership()},
		TokenHash:   ids.Hash(secret),
		ExpiresAt:   c.ExpiresAt,
		TokenID:     c.ID,
		TokenName:   c.Name,
	}, nil
}

type tokenListResponse struct {
	Tokens []apitoken.Token    `json:"tokens"`
	Stores []apitoken.StoreRef `json:"stores"` // the group's stores, to limit a token to
	Scopes []apitoken.Scope    `json:"scopes"`
	Limits tokenLimitsResponse `json:"limits"`
}

type tokenLimitsResponse struct {
	DefaultDays    int `json:"defaultDays"`
	MaxDays        int `json:"maxDays"`
	CallsPerMinute int `json:"callsPerMinute"` // 0: no limit
}

// GET /api/tokens/{franchise} — the group's tokens (not revoked) and its stores.
func (s *Server) listTokens(w http.ResponseWriter, r *http.Request, m auth.TeamManager) error {
	if s.Tokens == nil {
		return fault.ErrUnavailable
	}
	tokens, err := s.Tokens.List(r.Context(), m.Franchise.ID)
	if err != nil {
		return err
	}
	refs, err := s.Stores.Refs(r.Context(), m.Franchise.ID)
	if err != nil {
		return err
	}
	stores := make([]apitoken.StoreRef, len(refs))
	for i, x := range refs {
		stores[i] = apitoken.StoreRef{Slug: x.Slug, Name: x.Name}
	}
	writeJSON(w, http.StatusOK, tokenListResponse{Tokens: tokens, Stores: stores, Scopes: apitoken.Scopes,
		Limits: tokenLimitsResponse{DefaultDays: apitoken.DefaultDays, MaxDays: apitoken.MaxDays, CallsPerMinute: s.TokenRate}})
	return nil
}

// POST /api/tokens/{franchise} — a new token; its secret is in this answer only.
func (s *Server) createToken(w http.ResponseWriter, r *http.Request, m auth.TeamManager) error {
	if s.Tokens == nil {
		return fault.ErrUnavailable
	}
	var in apitoken.Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	email := ""
	if p := auth.FromContext(r.Context()); p != nil {
		email = p.Email
	}
	out, err := s.Tokens.Create(r.Context(), m.Franchise.ID, m.UserID, email, in)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusCreated, out)
	return nil
}

// DELETE /api/tokens/{franchise}/{id} — revokes a token at once.
func (s *Server) revokeToken(w http.ResponseWriter, r *http.Request, m auth.TeamManager) error {
	if s.Tokens == nil {
		return fault.ErrUnavailable
	}
	email := ""
	if p := auth.FromContext(r.Context()); p != nil {
		email = p.Email
	}
	if err := s.Tokens.Revoke(r.Context(), m.Franchise.ID, r.PathValue("id"), email); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}
