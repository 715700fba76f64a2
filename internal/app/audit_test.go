package app_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"vitrine/internal/app"
	"vitrine/internal/audit"
	"vitrine/internal/config"
	"vitrine/internal/testutil"
)

// verify is `vitrine audit verify ARGS…` on a's database.
func verify(t *testing.T, a *testutil.TestApp, args ...string) (int, string, string) {
	t.Helper()
	t.Setenv("DATABASE_URL", a.Config.DatabaseURL)
	var out, errs strings.Builder
	code := app.Main(append([]string{"audit", "verify", "--data", a.Config.DataDir}, args...), &out, &errs)
	return code, out.String(), errs.String()
}

// The engines in turn: verify sets the process's DATABASE_URL.
func TestAuditVerifyNamesTheRecordChangedBehindTheAppsBack(t *testing.T) {
	testutil.ForEachEngineInTurn(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		a.SeedFranchise(t, "rede-sul", "Rede Sul", ana)
		a.SeedFranchise(t, "rede-norte", "Rede Norte", ana)
		for _, name := range []string{"Loja 1", "Loja 2", "Loja 3"} {
			r := a.Do(t, "POST", "/api/store/rede-sul", ana.Token, map[string]any{"name": name, "region": "Sul", "state": "RS", "city": "Porto Alegre", "contacts": []any{}})
			if r.Status != 201 {
				t.Fatalf("create %s: %d %s", name, r.Status, r.Body)
			}
		}
		r := a.Do(t, "POST", "/api/store/rede-norte", ana.Token, map[string]any{"name": "Loja N", "region": "Norte", "state": "AM", "city": "Manaus", "contacts": []any{}})
		if r.Status != 201 {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}

		code, out, errs := verify(t, a)
		if code != 0 || !strings.Contains(out, "rede-sul: 3 records, intact\n") || !strings.Contains(out, "rede-norte: 1 records, intact\n") {
			t.Fatalf("an intact trail: exit %d\n%s%s", code, out, errs)
		}

		// Someone with the database's password rewrites who made record 2.
		if _, err := a.DB.ExecContext(context.Background(), `UPDATE audit_records SET user_email = 'outra@example.com'
			WHERE seq = 2 AND chain = (SELECT id FROM franchises WHERE slug = 'rede-sul')`); err != nil {
			t.Fatal(err)
		}
		code, out, errs = verify(t, a)
		if code != 1 || !strings.Contains(out, "rede-sul: record 2 was changed\n") || !strings.Contains(out, "rede-norte: 1 records, intact\n") {
			t.Fatalf("a changed record: exit %d\n%s%s", code, out, errs)
		}
		code, out, _ = verify(t, a, "--group", "rede-norte")
		if code != 0 || out != "rede-norte: 1 records, intact\n" {
			t.Errorf("one group: exit %d %q", code, out)
		}
		code, out, _ = verify(t, a, "--group=rede-sul")
		if code != 1 || out != "rede-sul: record 2 was changed\n" {
			t.Errorf("the changed group: exit %d %q", code, out)
		}
		if code, _, errs := verify(t, a, "--group", "nada"); code != 1 || !strings.Contains(errs, `"nada"`) {
			t.Errorf("an unknown group: exit %d %s", code, errs)
		}
	})
}

func TestAuditCommandUsage(t *testing.T) {
	var out, errs strings.Builder
	if code := app.Main([]string{"audit", "check"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "verify") {
		t.Errorf("an unknown audit command: exit %d %s", code, errs.String())
	}
	errs.Reset()
	if code := app.Main([]string{"audit", "verify", "--data", t.TempDir()}, &out, &errs); code != 1 || !strings.Contains(errs.String(), "no database") {
		t.Errorf("no database: exit %d %s", code, errs.String())
	}
}

// The hourly purge keeps VITRINE_AUDIT_RETENTION's worth of records, and
// the chain still verifies after it.
func TestOldAuditRecordsArePurgedAfterTheRetention(t *testing.T) {
	clock := testutil.NewClock(time.Now())
	a := testutil.NewApp(t, "sqlite", testutil.WithClock(clock.Now), testutil.WithConfig(func(c *config.Config) {
		c.AuditRetention = time.Hour
	}))
	ana := a.SeedUser(t, "ana@example.com", "")
	a.SeedFranchise(t, "rede-sul", "Rede Sul", ana)
	r := a.Do(t, "POST", "/api/store/rede-sul", ana.Token, map[string]any{"name": "Loja 1", "region": "Sul", "state": "RS", "city": "Porto Alegre", "contacts": []any{}})
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	// The worker ran at the start, when the record was new; a restart an
	// hour and a half later (the worker's first round) purges it.
	clock.Advance(90 * time.Minute)
	b := testutil.NewReplica(t, a)
	testutil.Eventually(t, 10*time.Second, func() bool {
		items, err := audit.List(context.Background(), b.DB, audit.Filter{Chain: franchiseID(t, a, "rede-sul")})
		return err == nil && len(items) == 0
	}, "the record older than the retention is purged")
	if code, out, errs := verify(t, a); code != 0 || !strings.Contains(out, "rede-sul: 0 records, intact") {
		t.Errorf("after the purge: exit %d %s%s", code, out, errs)
	}
}

func franchiseID(t *testing.T, a *testutil.TestApp, slug string) string {
	t.Helper()
	var id string
	if err := a.DB.QueryRowContext(context.Background(), `SELECT id FROM franchises WHERE slug = ?`, slug).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}
