package httpapi_test

import (
	"context"
	"testing"

	"vitrine/internal/auth"
	"vitrine/internal/testutil"
)

// login signs in through the API and returns the token.
func login(t *testing.T, a *testutil.TestApp, email, password string) string {
	t.Helper()
	r := a.Do(t, "POST", "/api/user/auth", "", map[string]string{"email": email, "auth": password})
	mustStatus(t, r, 200)
	var b struct{ Token string }
	r.Decode(t, &b)
	return b.Token
}

// An impersonation session lives no longer than the administrator's session
// that opened it.
func TestImpersonationEndsWithTheAdministratorsSession(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ctx := context.Background()
		const password = "Admin#Senha1"

		// accounts makes an administrator and a user of the case's own, so
		// what one case does to its administrator's sessions and password
		// no other case sees.
		accounts := func(t *testing.T) (adminEmail, anaEmail string) {
			t.Helper()
			u := a.Unique()
			adminEmail, anaEmail = "admin-"+u+"@example.com", "ana-"+u+"@example.com"
			if _, err := a.Accounts.EnsureAdmin(ctx, adminEmail, password); err != nil {
				t.Fatal(err)
			}
			a.SeedUser(t, anaEmail, "")
			return adminEmail, anaEmail
		}
		impersonate := func(t *testing.T, adminToken, email string) string {
			t.Helper()
			r := a.Do(t, "POST", "/api/user/impersonate", adminToken, map[string]string{"email": email})
			mustStatus(t, r, 200)
			var b struct{ Token string }
			r.Decode(t, &b)
			mustStatus(t, a.Do(t, "GET", "/api/user/detail", b.Token, nil), 200)
			return b.Token
		}

		t.Run("the administrator logs out", func(t *testing.T) {
			adminEmail, anaEmail := accounts(t)
			admin := login(t, a, adminEmail, password)
			other := login(t, a, adminEmail, password)
			asAna := impersonate(t, admin, anaEmail)
			fromOther := impersonate(t, other, anaEmail)
			mustStatus(t, a.Do(t, "POST", "/api/user/logout", admin, nil), 200)
			r := a.Do(t, "GET", "/api/user/detail", asAna, nil)
			if r.Status != 401 || r.Code() != 1022 {
				t.Fatalf("impersonation after the admin's logout: %d %s", r.Status, r.Body)
			}
			mustStatus(t, a.Do(t, "GET", "/api/user/detail", fromOther, nil), 200)
		})

		t.Run("leaving the impersonation ends it and keeps the administrator signed in", func(t *testing.T) {
			adminEmail, anaEmail := accounts(t)
			admin := login(t, a, adminEmail, password)
			asAna := impersonate(t, admin, anaEmail)
			mustStatus(t, a.Do(t, "POST", "/api/user/logout", asAna, nil), 200)
			r := a.Do(t, "GET", "/api/user/detail", asAna, nil)
			if r.Status != 401 || r.Code() != 1022 {
				t.Fatalf("the impersonation after leaving it: %d %s", r.Status, r.Body)
			}
			r = a.Do(t, "GET", "/api/user/detail", admin, nil)
			mustStatus(t, r, 200)
			if body := r.JSON(t); body["user"].(map[string]any)["email"] != adminEmail {
				t.Fatalf("the administrator's session answers as %v", body["user"])
			}
			// The administrator may impersonate again at once.
			impersonate(t, admin, anaEmail)
		})

		t.Run("the administrator changes their password", func(t *testing.T) {
			adminEmail, anaEmail := accounts(t)
			admin := login(t, a, adminEmail, password)
			asAna := impersonate(t, admin, anaEmail)
			r := a.Do(t, "POST", "/api/user/pwd", admin, map[string]string{"currentAuth": password, "auth": "Nova#Senha22"})
			mustStatus(t, r, 200)
			r = a.Do(t, "GET", "/api/user/detail", asAna, nil)
			if r.Status != 401 || r.Code() != 1022 {
				t.Fatalf("impersonation after the admin's password change: %d %s", r.Status, r.Body)
			}
			login(t, a, adminEmail, "Nova#Senha22")
		})

		t.Run("the impersonated user's own password change keeps the impersonation bound to the admin", func(t *testing.T) {
			adminEmail, anaEmail := accounts(t)
			admin := login(t, a, adminEmail, password)
			asAna := impersonate(t, admin, anaEmail)
			if _, err := a.DB.ExecContext(ctx, `UPDATE users SET password_hash = ? WHERE email = ?`,
				mustHash(t, "Ana#Senha123"), anaEmail); err != nil {
				t.Fatal(err)
			}
			r := a.Do(t, "POST", "/api/user/pwd", asAna, map[string]string{"currentAuth": "Ana#Senha123", "auth": "Ana#Senha456"})
			mustStatus(t, r, 200)
			var b struct{ Token string }
			r.Decode(t, &b)
			mustStatus(t, a.Do(t, "GET", "/api/user/detail", b.Token, nil), 200)
			mustStatus(t, a.Do(t, "POST", "/api/user/logout", admin, nil), 200)
			r = a.Do(t, "GET", "/api/user/detail", b.Token, nil)
			if r.Status != 401 {
				t.Fatalf("the renewed impersonation outlived the admin's session: %d %s", r.Status, r.Body)
			}
		})
	})
}

func mustHash(t *testing.T, pw string) string {
	t.Helper()
	h, err := auth.HashPassword(pw)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// Forty wrong passwords for one account sent at once: the limit holds, so
// at most MaxLoginFailures of them are checked, and the account stays
// protected afterwards even against the right password.
func TestConcurrentWrongPasswordsRespectTheLimit(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		if _, err := a.Accounts.EnsureAdmin(context.Background(), "alvo@example.com", "Certa#Senha1"); err != nil {
			t.Fatal(err)
		}
		answers := concurrently(t, 40, func(i int) *testutil.Response {
			return doQuiet(a, "POST", "/api/user/auth", "", map[string]string{"email": "alvo@example.com", "auth": "Errada#1"})
		})
		checked := 0
		for i, r := range answers {
			switch {
			case r.Status == 401 && r.Code() == 1002:
				checked++
			case r.Status == 429:
				if r.Header.Get("Retry-After") == "" {
					t.Errorf("attempt %d: 429 without Retry-After", i)
				}
			default:
				t.Errorf("attempt %d: %d %s", i, r.Status, r.Body)
			}
		}
		if checked > auth.MaxLoginFailures {
			t.Fatalf("%d passwords checked, the limit is %d", checked, auth.MaxLoginFailures)
		}
		r := a.Do(t, "POST", "/api/user/auth", "", map[string]string{"email": "alvo@example.com", "auth": "Certa#Senha1"})
		if checked == auth.MaxLoginFailures && r.Status != 429 {
			t.Fatalf("the right password after the limit: %d %s", r.Status, r.Body)
		}
	})
}
