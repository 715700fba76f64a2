// Package apitoken keeps the API tokens a group hands its own systems (a
// point of sale, an ERP, a price spreadsheet) on the 'Integrações' page:
// each names what it may do (its scopes), optionally the stores it is
// limited to, and when it expires. The secret is shown once; only its
// SHA-256 is stored. docs/integrations.md tells how they are used.
package apitoken

import (
	"slices"
	"strings"
	"time"

	"vitrine/internal/fault"
	"vitrine/internal/tenant"
)

// Prefix starts every token's secret: it tells a token from a session's
// token (which never starts with it) and lets secret scanners spot one.
const Prefix = "vit_"

// secretBytes is the entropy of a secret (256 bits).
const secretBytes = 32

// IsToken tells whether a bearer credential is an API token.
func IsToken(bearer string) bool { return strings.HasPrefix(bearer, Prefix) }

// Scope is one thing a token may do.
type Scope string

// The scopes. NoToken is not one: it marks a route that tokens never call.
const (
	Read      Scope = "read"      // 'Leitura': the group's lists and details
	Media     Scope = "media"     // 'Envio de mídias': upload, rename, delete media
	Schedules Scope = "schedules" // 'Programações': schedules and their entries
	Displays  Scope = "displays"  // 'TVs e vínculos': TVs and their schedules
	Overrides Scope = "overrides" // 'Mensagens de emergência'
	Ads       Scope = "ads"       // 'Central de Anúncios'
	NoToken   Scope = ""
)

// Scopes lists every scope, in the page's order.
var Scopes = []Scope{Read, Media, Schedules, Displays, Overrides, Ads}

// Valid tells whether s is a scope.
func (s Scope) Valid() bool { return slices.Contains(Scopes, s) }

// Lifetimes of a token: the page's default, and the most allowed.
const (
	DefaultDays = 90
	MaxDays     = 365
)

// LastUseEvery is how often a token's last use is written at most.
const LastUseEvery = time.Minute

// Errors with their codes and pt-BR messages.
var (
	ErrNoScope  = fault.WithMsg(fault.Invalid, 1003, "Escolha ao menos uma permissão.")
	ErrScope    = fault.WithMsg(fault.Invalid, 1003, "Permissão desconhecida.")
	ErrDays     = fault.WithMsg(fault.Invalid, 1003, "A validade deve ser de 1 a 365 dias.")
	ErrNotFound = fault.WithMsg(fault.NotFound, 1003, "Token não encontrado.")
	ErrNoStores = fault.WithMsg(fault.Invalid, 1003, "Escolha ao menos uma loja, ou nenhuma para o grupo todo.")
)

// StoreRef is a store a token is limited to.
type StoreRef struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// Token is a token as the page lists it (never its secret).
type Token struct {
	ID     string  `json:"id"`
	Name   string  `json:"name"`
	Prefix string  `json:"prefix"`
	Scopes []Scope `json:"scopes"`
	// Stores are the stores it is limited to; empty: the whole group.
	Stores    []StoreRef `json:"stores"`
	CreatedBy string     `json:"createdBy"` // the creator's e-mail
	CreatedAt int64      `json:"createdAt"` // epoch milliseconds
	ExpiresAt int64      `json:"expiresAt"`
	// LastUsedAt is 0 until the token is first used.
	LastUsedAt int64 `json:"lastUsedAt"`
}

// Input is what the page sends to create a token.
type Input struct {
	Name   string   `json:"name"`
	Scopes []Scope  `json:"scopes"`
	Stores []string `json:"stores"` // slugs; none: the whole group
	Days   int      `json:"days"`   // 0: DefaultDays
}

// Created is a new token with its secret, shown this once.
type Created struct {
	Token  Token  `json:"token"`
	Secret string `json:"secret"`
}

// Caller is a token calling the API: what it acts as.
type Caller struct {
	ID        string
	Name      string
	Scopes    []Scope
	Franchise tenant.Franchise
	// Limited tokens act as a franchisee of Stores (ids) and StoreSlugs;
	// the others as a network member.
	Limited    bool
	Stores     []string
	StoreSlugs []string
	ExpiresAt  time.Time
	LastUsedAt time.Time
}

// Has tells whether the token holds scope s.
func (c *Caller) Has(s Scope) bool { return s != NoToken && slices.Contains(c.Scopes, s) }

// Membership is the membership the token acts with in its group.
func (c *Caller) Membership() tenant.Membership {
	m := tenant.Membership{Franchise: c.Franchise, Role: tenant.Network}
	if c.Limited {
		m.Role = tenant.Franchisee
		m.Stores = append([]string{}, c.Stores...)
		m.StoreSlugs = append([]string{}, c.StoreSlugs...)
	}
	return m
}

func joinScopes(list []Scope) string {
	s := make([]string, len(list))
	for i, x := range list {
		s[i] = string(x)
	}
	return strings.Join(s, ",")
}

func splitScopes(s string) []Scope {
	out := []Scope{}
	for _, x := range strings.Split(s, ",") {
		if x != "" {
			out = append(out, Scope(x))
		}
	}
	return out
}
