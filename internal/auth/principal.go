package auth

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/ids"
	"vitrine/internal/tenant"
)

// Principal is the authenticated caller of a request.
type Principal struct {
	UserID      string
	Email       string
	Name        string
	Permissions map[string]int
	// AdsCenter is the ads-center permission (viewAdsCenter), the user's or
	// that of the administrator impersonating them.
	AdsCenter bool
	// Override is the emergency override permission (emergencyOverride).
	Override bool
	// Franchises the user belongs to, by slug, with the role and stores of
	// each membership.
	Franchises map[string]tenant.Membership
	// Set when the session was opened by an administrator impersonating the user.
	AdminUserID      string
	AdminEmail       string
	AdminPermissions map[string]int
	TokenHash        string
	// ParentTokenHash is the administrator's session an impersonation
	// session was opened from ("" otherwise).
	ParentTokenHash string
	// ExpiresAt is when the session expires.
	ExpiresAt time.Time
	// TokenID and TokenName are set when the caller is an API token
	// ('Integrações', internal/apitoken), not a person's session: UserID
	// is empty then, and the token's group is its only franchise.
	TokenID   string
	TokenName string
}

// IsAdmin is true for users with a non-empty permission map.
func (p *Principal) IsAdmin() bool { return len(p.Permissions) > 0 }

// MayOverride is true for those who may start and clear emergency
// overrides: administrators (they hold every permission), holders of the
// permission, and administrators impersonating someone.
func (p *Principal) MayOverride() bool {
	return p.IsAdmin() || p.Override || (p.AdminUserID != "" && len(p.AdminPermissions) > 0)
}

// ActsAsAdmin is true for administrators and for impersonation sessions
// (spec 2: the footer editor is for "isAdmin or impersonating").
func (p *Principal) ActsAsAdmin() bool { return p.IsAdmin() || p.AdminUserID != "" }

// Tenant returns the caller acting in their franchise with that slug, or
// 403/1403: a caller outside a franchise learns nothing about it, not even
// that it exists.
func (p *Principal) Tenant(slug string) (tenant.Tenant, error) {
	f, ok := p.Franchises[slug]
	if !ok {
		return tenant.Tenant{}, fault.ErrForbidden
	}
	return tenant.Tenant{
		Franchise: f.Franchise, Scope: tenant.Scope{Role: f.Role, Stores: f.Stores, StoreSlugs: f.StoreSlugs},
		UserID: p.UserID, AdminUserID: p.AdminUserID,
	}, nil
}

type principalKey struct{}

// WithPrincipal stores the caller in ctx.
func WithPrincipal(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// FromContext returns the caller stored by the HTTP layer, or nil.
func FromContext(ctx context.Context) *Principal {
	p, _ := ctx.Value(principalKey{}).(*Principal)
	return p
}

// Authenticate resolves a bearer token to its caller. Unknown, expired and
// revoked tokens all give fault.ErrUnauthorized (401/1022).
func (s *Service) Authenticate(ctx context.Context, token string) (*Principal, error) {
	return authenticate(ctx, s.db, token, s.now())
}

func authenticate(ctx context.Context, q db.Querier, token string, now time.Time) (*Principal, error) {
	if token == "" {
		return nil, fault.ErrUnauthorized
	}
	hash := ids.Hash(token)
	var (
		p         Principal
		perm      string
		adminID   sql.NullString
		adminMail sql.NullString
		adminPerm sql.NullString
		parent    sql.NullString
		ads       int
		override  int
		adminAds  sql.NullInt64
		expires   int64
	)
	err := q.QueryRowContext(ctx, `
		SELECT u.id, u.email, u.name, u.permission, u.view_ads_center, u.emergency_override, s.expires_at,
		       s.admin_user_id, a.email, a.permission, a.view_ads_center, s.parent_token_hash
		FROM sessions s
		JOIN users u ON u.id = s.user_id
		LEFT JOIN users a ON a.id = s.admin_user_id
		WHERE s.token_hash = ?`, hash).
		Scan(&p.UserID, &p.Email, &p.Name, &perm, &ads, &override, &expires, &adminID, &adminMail, &adminPerm, &adminAds, &parent)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fault.ErrUnauthorized
	}
	if err != nil {
		return nil, err
	}
	if expires <= now.UnixMilli() {
		return nil, fault.ErrUnauthorized
	}
	p.TokenHash = hash
	p.ExpiresAt = time.UnixMilli(expires)
	p.ParentTokenHash = parent.String
	p.AdsCenter = ads == 1 || adminAds.Int64 == 1
	p.Override = override == 1
	p.Permissions = ParsePermissions(perm)
	if adminID.Valid {
		p.AdminUserID = adminID.String
		p.AdminEmail = adminMail.String
		p.AdminPermissions = ParsePermissions(adminPerm.String)
	}
	p.Franchises, err = franchise.Memberships(ctx, q, p.UserID)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// ParsePermissions decodes the stored permission map; a malformed value
// grants nothing.
func ParsePermissions(s string) map[string]int {
	m := map[string]int{}
	if s == "" {
		return m
	}
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		return map[string]int{}
	}
	return m
}
