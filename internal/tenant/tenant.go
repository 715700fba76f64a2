// Package tenant names the franchise a call acts in and who acts. The HTTP
// layer gets one from auth after checking the caller belongs to the franchise
// in the path, and hands it to the domains; a domain never sees a session,
// a token or a request, and scopes every query by Tenant.ID.
package tenant

// Franchise identifies one franchise (group).
type Franchise struct {
	ID   string
	Slug string
	Name string
}

// Tenant is the franchise a call acts in and the user acting.
type Tenant struct {
	Franchise
	// UserID is the session's user.
	UserID string
	// AdminUserID is the administrator behind an impersonation session, or "".
	AdminUserID string
}

// Impersonated tells whether an administrator acts through the user's session.
func (t Tenant) Impersonated() bool { return t.AdminUserID != "" }
