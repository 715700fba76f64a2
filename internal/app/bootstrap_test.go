package app_test

import (
	"context"
	"strings"
	"testing"

	"vitrine/internal/app"
	"vitrine/internal/config"
	"vitrine/internal/testutil"
)

func TestTheConfiguredAdministratorIsCreatedOnce(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine, testutil.WithConfig(func(c *config.Config) {
			c.AdminEmail, c.AdminPassword = "Admin@Vitrine.test", "Vitrine#Admin2026"
		}))
		r := a.Do(t, "POST", "/api/user/auth", "", map[string]string{"email": "admin@vitrine.test", "auth": "Vitrine#Admin2026"})
		if r.Status != 200 {
			t.Fatalf("the administrator signs in: %d %s", r.Status, r.Body)
		}
		var login struct{ Token string }
		r.Decode(t, &login)
		r = a.Do(t, "GET", "/api/user/detail", login.Token, nil)
		if !strings.Contains(string(r.Body), `"permission":{"dispA":1,"userA":1}`) || !strings.Contains(string(r.Body), `"verified":true`) ||
			!strings.Contains(string(r.Body), `"viewAdsCenter":1`) {
			t.Errorf("administrator: %s", r.Body)
		}

		// A restart with another password does not touch the existing account.
		a.Config.AdminPassword = "Outra#Senha2026"
		if err := a.Bootstrap(context.Background(), &strings.Builder{}); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM users`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d users after a second start (%v)", n, err)
		}
		if r := a.Do(t, "POST", "/api/user/auth", "", map[string]string{"email": "admin@vitrine.test", "auth": "Vitrine#Admin2026"}); r.Status != 200 {
			t.Errorf("the first password still works: %d", r.Status)
		}
	})
}

func TestAWeakAdministratorPasswordStopsTheStart(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	a.Config.AdminEmail, a.Config.AdminPassword = "admin@vitrine.test", "admin"
	err := a.Bootstrap(context.Background(), &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "password") {
		t.Fatalf("a weak administrator password: %v", err)
	}
}

func TestDemoSeedsAUserWithAFranchiseAndPrintsTheLogin(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine, testutil.WithConfig(func(c *config.Config) { c.Demo = true }))
		var out strings.Builder
		if err := a.Bootstrap(context.Background(), &out); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), app.DemoEmail) || !strings.Contains(out.String(), app.DemoPassword) {
			t.Errorf("the demo login is not printed: %q", out.String())
		}
		r := a.Do(t, "POST", "/api/user/auth", "", map[string]string{"email": app.DemoEmail, "auth": app.DemoPassword})
		if r.Status != 200 {
			t.Fatalf("demo login: %d %s", r.Status, r.Body)
		}
		var login struct{ Token string }
		r.Decode(t, &login)
		r = a.Do(t, "GET", "/api/user/detail", login.Token, nil)
		var detail struct {
			User struct {
				Franchise map[string]string `json:"franchise"`
			} `json:"user"`
		}
		r.Decode(t, &detail)
		if len(detail.User.Franchise) != 1 {
			t.Fatalf("the demo user has franchises %v (Bootstrap ran twice)", detail.User.Franchise)
		}
		for slug := range detail.User.Franchise {
			r := a.Do(t, "GET", "/api/store/"+slug, login.Token, nil)
			if r.Status != 200 || !strings.Contains(string(r.Body), "Loja Centro") {
				t.Errorf("demo stores: %d %s", r.Status, r.Body)
			}
		}
	})
}

// The demo also prints a franchisee's login, who sees the two stores of
// their membership and not the third, and seeding again keeps it as it is.
func TestDemoPrintsAFranchiseeLoginOfTwoStores(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine, testutil.WithConfig(func(c *config.Config) { c.Demo = true }))
		var out strings.Builder
		if err := a.Bootstrap(context.Background(), &out); err != nil {
			t.Fatal(err)
		}
		want := "Franchisee login: " + app.DemoFranchiseeEmail + " / " + app.DemoFranchiseePassword +
			" ('Franqueado' of Loja Centro and Loja Shopping Norte)"
		if !strings.Contains(out.String(), want) {
			t.Errorf("printed %q, want a line %q", out.String(), want)
		}
		r := a.Do(t, "POST", "/api/user/auth", "", map[string]string{"email": app.DemoFranchiseeEmail, "auth": app.DemoFranchiseePassword})
		if r.Status != 200 {
			t.Fatalf("franchisee login: %d %s", r.Status, r.Body)
		}
		var login struct{ Token string }
		r.Decode(t, &login)
		var detail struct {
			User struct {
				Roles map[string]struct {
					Role   string   `json:"role"`
					Stores []string `json:"stores"`
				} `json:"roles"`
			} `json:"user"`
		}
		a.Do(t, "GET", "/api/user/detail", login.Token, nil).Decode(t, &detail)
		if len(detail.User.Roles) != 1 {
			t.Fatalf("the franchisee's groups: %+v", detail.User.Roles)
		}
		for slug, role := range detail.User.Roles {
			if role.Role != "franchisee" || len(role.Stores) != 2 {
				t.Errorf("the franchisee's role: %+v", role)
			}
			r := a.Do(t, "GET", "/api/store/"+slug, login.Token, nil)
			body := string(r.Body)
			if r.Status != 200 || !strings.Contains(body, "Loja Centro") || !strings.Contains(body, "Loja Shopping Norte") || strings.Contains(body, "Boa Viagem") {
				t.Errorf("the franchisee's stores: %d %s", r.Status, body)
			}
			// The demo schedule is theirs to link TVs to.
			if r := a.Do(t, "GET", "/api/schedule/"+slug, login.Token, nil); r.Status != 200 || !strings.Contains(string(r.Body), `"forFranchisees":true`) {
				t.Errorf("the demo schedule for the franchisee: %d %s", r.Status, r.Body)
			}
		}
		var again strings.Builder
		if err := a.Bootstrap(context.Background(), &again); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(again.String(), want) {
			t.Errorf("seeding again printed %q", again.String())
		}
	})
}
