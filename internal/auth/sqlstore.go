package auth

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"vitrine/internal/db"
	"vitrine/internal/franchise"
	"vitrine/internal/ids"
)

// userRow is a users row, password hash included.
type userRow struct {
	User
	PasswordHash string
}

const userColumns = `id, email, name, password_hash, cpf, mobile, permission, view_ads_center, emergency_override, verified, offline_alert_email, created_at, updated_at`

func scanUser(sc interface{ Scan(...any) error }) (userRow, error) {
	var (
		u        userRow
		perm     string
		verified int
		alerts   int
	)
	err := sc.Scan(&u.ID, &u.Email, &u.Name, &u.PasswordHash, &u.CPF, &u.Mobile, &perm,
		&u.ViewAdsCenter, &u.EmergencyOverride, &verified, &alerts, &u.CreatedAt, &u.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return userRow{}, ErrUserNotFound
	}
	if err != nil {
		return userRow{}, err
	}
	u.Permission = ParsePermissions(perm)
	u.Verified = verified == 1
	u.OfflineAlertEmail = alerts == 1
	return u, nil
}

func userByEmail(ctx context.Context, q db.Querier, email string) (userRow, error) {
	return scanUser(q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE email = ?`, email))
}

func userByID(ctx context.Context, q db.Querier, id string) (userRow, error) {
	return scanUser(q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
}

// withFranchises loads u's franchise map.
func withFranchises(ctx context.Context, q db.Querier, u userRow) (User, error) {
	refs, err := franchise.Memberships(ctx, q, u.ID)
	if err != nil {
		return User{}, err
	}
	out := u.User
	out.Franchise = make(map[string]string, len(refs))
	out.Roles = make(map[string]Role, len(refs))
	for slug, f := range refs {
		out.Franchise[slug] = f.Name
		stores := f.StoreSlugs
		if stores == nil {
			stores = []string{}
		}
		out.Roles[slug] = Role{Role: f.Role, Stores: stores, ManageTeam: f.ManageTeam, ApproveContent: f.ApproveContent}
	}
	return out, nil
}

func insertUser(ctx context.Context, q db.Querier, u NewUser, hash string, now int64) (string, error) {
	perm := u.Permission
	if perm == nil {
		perm = map[string]int{}
	}
	permJSON, err := json.Marshal(perm)
	if err != nil {
		return "", err
	}
	verified := 0
	if u.Verified {
		verified = 1
	}
	ads := 0
	if u.AdsCenter {
		ads = 1
	}
	id := ids.New()
	_, err = q.ExecContext(ctx, `
		INSERT INTO users (id, email, name, password_hash, permission, verified, view_ads_center, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, u.Email, u.Name, hash, string(permJSON), verified, ads, now, now)
	if db.IsUniqueViolation(err) {
		return "", ErrEmailTaken
	}
	return id, err
}

func updateDetails(ctx context.Context, q db.Querier, id, name, cpf, mobile string, alerts bool, now int64) error {
	flag := 0
	if alerts {
		flag = 1
	}
	_, err := q.ExecContext(ctx, `
		UPDATE users SET name = ?, cpf = ?, mobile = ?, offline_alert_email = ?, updated_at = ? WHERE id = ?`,
		name, cpf, mobile, flag, now, id)
	return err
}

// offlineAlertEmails returns the e-mails, among the accounts userIDs, of
// the verified ones that chose to receive offline alerts.
func offlineAlertEmails(ctx context.Context, q db.Querier, userIDs []string) ([]string, error) {
	var out []string
	for _, chunk := range db.Chunks(userIDs) {
		list, err := db.Collect(ctx, q, db.ScanString, `SELECT email FROM users
			WHERE offline_alert_email = 1 AND verified = 1 AND id IN (`+db.Placeholders(len(chunk))+`)
			ORDER BY email`, db.Args(chunk)...)
		if err != nil {
			return nil, err
		}
		out = append(out, list...)
	}
	return out, nil
}

// people reads the names and e-mails of users (a user gone is absent);
// verifiedOnly leaves out the unverified.
func people(ctx context.Context, q db.Querier, userIDs []string, verifiedOnly bool) (map[string]Person, error) {
	out := map[string]Person{}
	where := ""
	if verifiedOnly {
		where = " AND verified = 1"
	}
	for _, chunk := range db.Chunks(userIDs) {
		list, err := db.Collect(ctx, q, func(sc db.Scanner) (Person, error) {
			var p Person
			return p, sc.Scan(&p.ID, &p.Name, &p.Email)
		}, `SELECT id, name, email FROM users WHERE id IN (`+db.Placeholders(len(chunk))+`)`+where, db.Args(chunk)...)
		if err != nil {
			return nil, err
		}
		for _, p := range list {
			out[p.ID] = p
		}
	}
	return out, nil
}

func setAdsCenter(ctx context.Context, q db.Querier, id string, on int, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET view_ads_center = ?, updated_at = ? WHERE id = ?`, on, now, id)
	return err
}

func setEmergencyOverride(ctx context.Context, q db.Querier, id string, on int, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET emergency_override = ?, updated_at = ? WHERE id = ?`, on, now, id)
	return err
}

func setPassword(ctx context.Context, q db.Querier, id, hash string, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?`, hash, now, id)
	return err
}

func markVerified(ctx context.Context, q db.Querier, id string, now int64) error {
	_, err := q.ExecContext(ctx, `
		UPDATE users SET verified = 1, updated_at = ? WHERE id = ? AND verified = 0`, now, id)
	return err
}

// allUsers lists every account with its franchise map, by e-mail.
func allUsers(ctx context.Context, q db.Querier) ([]Summary, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+userColumns+` FROM users ORDER BY email`)
	if err != nil {
		return nil, err
	}
	var list []Summary
	index := map[string]int{}
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		index[u.ID] = len(list)
		list = append(list, Summary{
			ID: u.ID, Email: u.Email, Name: u.Name, Franchise: map[string]string{},
			Permission: u.Permission, ViewAdsCenter: u.ViewAdsCenter, EmergencyOverride: u.EmergencyOverride, Verified: u.Verified,
			CreatedAt: u.CreatedAt, UpdatedAt: u.UpdatedAt,
		})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	members, err := franchise.AllMemberships(ctx, q)
	if err != nil {
		return nil, err
	}
	for userID, franchises := range members {
		if i, ok := index[userID]; ok {
			list[i].Franchise = franchises
		}
	}
	return list, nil
}

// Sessions.

// newSession stores a session for userID (impersonated by adminID when not
// empty) and returns its bearer token; only the token's hash is kept.
func newSession(ctx context.Context, q db.Querier, userID string, now time.Time, ttl time.Duration) (string, error) {
	return insertSession(ctx, q, userID, "", "", now, ttl)
}

// newImpersonation stores a session of userID opened by the administrator
// adminID from their session parentHash; it ends when that session ends.
func newImpersonation(ctx context.Context, q db.Querier, userID, adminID, parentHash string, now time.Time, ttl time.Duration) (string, error) {
	return insertSession(ctx, q, userID, adminID, parentHash, now, ttl)
}

func insertSession(ctx context.Context, q db.Querier, userID, adminID, parentHash string, now time.Time, ttl time.Duration) (string, error) {
	token := ids.Secret(32)
	_, err := q.ExecContext(ctx, `
		INSERT INTO sessions (token_hash, user_id, admin_user_id, parent_token_hash, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)`,
		ids.Hash(token), userID, db.NullIfEmpty(adminID), db.NullIfEmpty(parentHash),
		now.UnixMilli(), now.Add(ttl).UnixMilli())
	if err != nil {
		return "", err
	}
	return token, nil
}

func deleteSession(ctx context.Context, q db.Querier, tokenHash string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash)
	return err
}

// deleteUserSessions revokes every session of the user, impersonations of
// them included.
func deleteUserSessions(ctx context.Context, q db.Querier, userID string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID)
	return err
}

// E-mailed codes.

func insertCode(ctx context.Context, q db.Querier, userID, purpose string, now time.Time, ttl time.Duration) (string, error) {
	code := ids.Secret(32)
	_, err := q.ExecContext(ctx, `
		INSERT INTO user_codes (code_hash, user_id, purpose, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?)`,
		ids.Hash(code), userID, purpose, now.UnixMilli(), now.Add(ttl).UnixMilli())
	if err != nil {
		return "", err
	}
	return code, nil
}

// liveCode returns the user a usable code of purpose belongs to, or
// ErrBadCode for an unknown, used or expired one.
func liveCode(ctx context.Context, q db.Querier, code, purpose string, now time.Time) (string, error) {
	var userID string
	err := q.QueryRowContext(ctx, `
		SELECT user_id FROM user_codes
		WHERE code_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`,
		ids.Hash(code), purpose, now.UnixMilli()).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrBadCode
	}
	return userID, err
}

// useCode marks a live code used; only one caller can win a race for it.
func useCode(ctx context.Context, q db.Querier, code, purpose string, now time.Time) (string, error) {
	userID, err := liveCode(ctx, q, code, purpose, now)
	if err != nil {
		return "", err
	}
	res, err := q.ExecContext(ctx, `
		UPDATE user_codes SET used_at = ?
		WHERE code_hash = ? AND used_at IS NULL AND expires_at > ?`,
		now.UnixMilli(), ids.Hash(code), now.UnixMilli())
	if err != nil {
		return "", err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return "", ErrBadCode
	}
	return userID, nil
}

func countRecentCodes(ctx context.Context, q db.Querier, userID, purpose string, since time.Time) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `
		SELECT COUNT(*) FROM user_codes WHERE user_id = ? AND purpose = ? AND created_at > ?`,
		userID, purpose, since.UnixMilli()).Scan(&n)
	return n, err
}

// Login failures.

// recentFailures returns the times of the latest failed logins (at most
// MaxLoginFailures+1, newest first) since since, for one e-mail or one address
// (column is "email" or "ip").
func recentFailures(ctx context.Context, q db.Querier, column, value string, since time.Time) ([]int64, error) {
	return db.Collect(ctx, q, func(sc db.Scanner) (int64, error) {
		var at int64
		err := sc.Scan(&at)
		return at, err
	}, `SELECT at FROM login_failures WHERE `+column+` = ? AND at > ? ORDER BY at DESC LIMIT ?`,
		value, since.UnixMilli(), MaxLoginFailures+1)
}

func insertFailure(ctx context.Context, q db.Querier, email, ip string, now time.Time) (string, error) {
	id := ids.New()
	_, err := q.ExecContext(ctx, `
		INSERT INTO login_failures (id, email, ip, at) VALUES (?, ?, ?, ?)`,
		id, email, ip, now.UnixMilli())
	return id, err
}

func deleteFailure(ctx context.Context, q db.Querier, id string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM login_failures WHERE id = ?`, id)
	return err
}

func clearFailures(ctx context.Context, q db.Querier, email string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM login_failures WHERE email = ?`, email)
	return err
}

// logImpersonated records a write made through an impersonation session.
func logImpersonated(ctx context.Context, q db.Querier, e AuditEntry) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO audit_log (id, at, user_id, admin_user_id, method, path, status)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		ids.New(), e.At.UnixMilli(), e.UserID, e.AdminUserID, e.Method, e.Path, e.Status)
	return err
}

// prune deletes what can no longer be used: expired sessions and codes,
// and login failures outside the throttling window.
func prune(ctx context.Context, q db.Querier, now time.Time) error {
	ms := now.UnixMilli()
	if _, err := q.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, ms); err != nil {
		return err
	}
	// Used and expired codes are kept a day for support questions.
	if _, err := q.ExecContext(ctx, `DELETE FROM user_codes WHERE expires_at <= ?`,
		now.Add(-24*time.Hour).UnixMilli()); err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, `DELETE FROM invitations WHERE expires_at <= ?`, ms); err != nil {
		return err
	}
	// Single sign-ins left at the provider, and codes never exchanged.
	for _, table := range []string{"sso_logins", "sso_codes"} {
		if _, err := q.ExecContext(ctx, `DELETE FROM `+table+` WHERE expires_at <= ?`, ms); err != nil {
			return err
		}
	}
	_, err := q.ExecContext(ctx, `DELETE FROM login_failures WHERE at <= ?`, now.Add(-LoginWindow).UnixMilli())
	return err
}
