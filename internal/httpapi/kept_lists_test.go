package httpapi_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"vitrine/internal/testutil"
)

// Visão Geral's two big lists are kept in memory with their callers
// (snapshot.go, principals.go), served without asking the database. A kept
// answer never reaches another franchise's member, never outlives a change,
// and a kept caller never outlives its session or its membership.
func TestKeptListsFollowTenantsChangesAndSessions(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		admin := newAccount(t, a, "admin", "Admin", map[string]int{"userA": 1})
		anaU := a.SeedUser(t, "ana-"+a.Unique()+"@example.com", "")
		biaU := a.SeedUser(t, "bia-"+a.Unique()+"@example.com", "")
		ana := account{email: anaU.Email, token: anaU.Token, id: anaU.ID}
		bia := account{email: biaU.Email, token: biaU.Token, id: biaU.ID}
		// Lists over the size kept in memory (32 KB).
		seedFranchiseData(t, a, a.SeedFranchise(t, "rede", "Rede", anaU), 120, 2)
		seedFranchiseData(t, a, a.SeedFranchise(t, "outra", "Outra", biaU), 120, 2)

		get := func(path, token string) *testutil.Response {
			t.Helper()
			return a.Do(t, "GET", path, token, nil)
		}
		for _, list := range []string{"/api/store/", "/api/display/"} {
			first := get(list+"rede", ana.token)
			mustStatus(t, first, 200)
			if len(first.Body) < 32<<10 {
				t.Fatalf("%srede: %d bytes, under the size kept", list, len(first.Body))
			}
			again := get(list+"rede", ana.token)
			mustStatus(t, again, 200)
			if !bytes.Equal(first.Body, again.Body) || again.Header.Get("ETag") != first.Header.Get("ETag") {
				t.Fatalf("%srede answered twice differently with nothing changed", list)
			}
			// Another franchise's member: not this list, her own.
			mustStatus(t, get(list+"rede", bia.token), 403)
			hers := get(list+"outra", bia.token)
			mustStatus(t, hers, 200)
			if bytes.Equal(hers.Body, first.Body) || hers.Header.Get("ETag") == first.Header.Get("ETag") {
				t.Fatalf("%soutra answered with rede's list", list)
			}
			mustStatus(t, get(list+"outra", ana.token), 403)
		}

		// A change shows in the very next call.
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.token, storeBody("Loja Nova")), 201)
		if r := get("/api/store/rede", ana.token); !strings.Contains(string(r.Body), `"name":"Loja Nova"`) {
			t.Fatal("the store list after a new store does not list it")
		}
		a.ReserveDevices(t, "KEPT01")
		mustStatus(t, a.Do(t, "POST", "/api/display/rede/loja-nova", ana.token, map[string]any{"name": "TV Nova", "device": "KEPT01"}), 201)
		if r := get("/api/display/rede", ana.token); !strings.Contains(string(r.Body), `"name":"TV Nova"`) {
			t.Fatal("the TV list after a new TV does not list it")
		}

		// A member removed is refused at once, her kept session notwithstanding.
		mustStatus(t, get("/api/display/outra", bia.token), 200)
		mustStatus(t, a.Do(t, "POST", "/api/user/franchise", admin.token, map[string]string{"action": "DEL", "email": bia.email, "franchiseSlug": "outra"}), 200)
		mustStatus(t, get("/api/display/outra", bia.token), 403)
		mustStatus(t, get("/api/store/outra", bia.token), 403)
		// A member added is let in at once.
		mustStatus(t, a.Do(t, "POST", "/api/user/franchise", admin.token, map[string]string{"action": "ADD", "email": bia.email, "franchiseSlug": "rede"}), 200)
		mustStatus(t, get("/api/display/rede", bia.token), 200)

		// A session logged out is refused at once.
		mustStatus(t, get("/api/display/rede", ana.token), 200)
		mustStatus(t, a.Do(t, "POST", "/api/user/logout", ana.token, nil), 200)
		mustStatus(t, get("/api/display/rede", ana.token), 401)
		mustStatus(t, get("/api/store/rede", ana.token), 401)
	})
}

// On several replicas, a change made on one reaches the other's kept lists
// with the database's notification.
func TestKeptListsFollowAnotherReplicasChange(t *testing.T) {
	if len(testutil.Engines()) < 2 {
		t.Skip("TEST_DATABASE_URL is not set")
	}
	first := testutil.NewApp(t, "postgres")
	second := testutil.NewReplica(t, first)
	ana := first.SeedUser(t, "ana@example.com", "")
	rede := first.SeedFranchise(t, "rede", "Rede", ana)
	seedFranchiseData(t, first, rede, 120, 2)
	mustStatus(t, second.Do(t, "GET", "/api/store/rede", ana.Token, nil), 200)
	mustStatus(t, first.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Loja Nova")), 201)
	testutil.Eventually(t, 2*time.Second, func() bool {
		return strings.Contains(string(second.Do(t, "GET", "/api/store/rede", ana.Token, nil).Body), `"name":"Loja Nova"`)
	}, "the other replica to list the new store")
	mustStatus(t, first.Do(t, "POST", "/api/user/logout", ana.Token, nil), 200)
	testutil.Eventually(t, 2*time.Second, func() bool {
		return second.Do(t, "GET", "/api/store/rede", ana.Token, nil).Status == 401
	}, "the other replica to refuse the session logged out")
}

// A write that no signal announces (another process writing on the same
// SQLite file, a notification lost) reaches the kept lists within their
// trust of a second, while the consoles keep asking for them.
func TestKeptListsSeeAnUnannouncedWriteWithinTheirTrust(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		rede := a.SeedFranchise(t, "rede", "Rede", ana)
		seedFranchiseData(t, a, rede, 120, 2)
		mustStatus(t, a.Do(t, "GET", "/api/store/rede", ana.Token, nil), 200)

		ctx := context.Background()
		if _, err := a.DB.ExecContext(ctx, `UPDATE stores SET name = 'Loja Renomeada' WHERE franchise_id = ? AND slug = 'loja-1'`, rede); err != nil {
			t.Fatal(err)
		}
		if _, err := a.DB.ExecContext(ctx, `UPDATE franchises SET revision = revision + 1 WHERE id = ?`, rede); err != nil {
			t.Fatal(err)
		}
		written := time.Now()
		for {
			r := a.Do(t, "GET", "/api/store/rede", ana.Token, nil)
			mustStatus(t, r, 200)
			if strings.Contains(string(r.Body), `"name":"Loja Renomeada"`) {
				break
			}
			// A second of trust, and the call that reads the revision.
			if time.Since(written) > 3*time.Second {
				t.Fatal("the store list still shows the store's old name 3 s after the write")
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}
