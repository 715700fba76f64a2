package audit_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/testutil"
)

type thing struct {
	Name     string   `json:"name"`
	Phone    string   `json:"phone"`
	Password string   `json:"password"`
	Tags     []string `json:"tags"`
	Updated  int64    `json:"updatedAt"`
}

func TestDiffNamesTheFieldsThatChanged(t *testing.T) {
	before := thing{Name: "Loja Centro", Phone: "1133334444", Password: "a", Updated: 1}
	after := thing{Name: "Loja Centro", Phone: "1133335555", Password: "b", Tags: []string{"sul"}, Updated: 2}
	got := audit.Diff(before, after)
	if len(got) != 3 {
		t.Fatalf("changes %+v, want password, phone and tags", got)
	}
	if got[0].Field != "password" || !got[0].Redacted || got[0].Before != nil || got[0].After != nil {
		t.Errorf("a password change keeps its values: %+v", got[0])
	}
	if got[1].Field != "phone" || string(got[1].Before) != `"1133334444"` || string(got[1].After) != `"1133335555"` {
		t.Errorf("phone change %+v", got[1])
	}
	if got[2].Field != "tags" || got[2].Before != nil || string(got[2].After) != `["sul"]` {
		t.Errorf("tags change %+v", got[2])
	}
	if created := audit.Diff(nil, after, "tags"); len(created) != 3 || created[2].Field != "phone" || created[2].Before != nil || !created[1].Redacted {
		t.Errorf("a creation lists the values after, but for the ignored: %+v", created)
	}
	if same := audit.Diff(before, before); len(same) != 0 {
		t.Errorf("no change, yet %+v", same)
	}
}

func TestDiffLooksInsideListsAndObjects(t *testing.T) {
	type entry struct {
		Media string `json:"media"`
		Secs  int    `json:"secs"`
	}
	type sched struct {
		Entries []entry           `json:"entries"`
		Footer  map[string]string `json:"footer"`
	}
	list := func(n int) []entry {
		out := make([]entry, n)
		for i := range out {
			out[i] = entry{Media: fmt.Sprintf("m%d", i), Secs: 10}
		}
		return out
	}
	before := sched{Entries: list(1000), Footer: map[string]string{"clock": "on", "weather": "off"}}
	changed := sched{Entries: list(1000), Footer: map[string]string{"clock": "on", "weather": "on"}}
	changed.Entries[17].Secs = 15
	got := audit.Diff(before, changed)
	if len(got) != 2 || got[0].Field != "entries[17].secs" || string(got[0].Before) != "10" || string(got[0].After) != "15" ||
		got[1].Field != "footer.weather" {
		t.Errorf("one entry and one footer item changed: %+v", got)
	}
	inserted := sched{Entries: slices.Insert(list(1000), 3, entry{Media: "novo", Secs: 5}), Footer: before.Footer}
	got = audit.Diff(before, inserted)
	if len(got) != 1 || got[0].Field != "entries[3:3]" || got[0].Before != nil || string(got[0].After) != `[{"media":"novo","secs":5}]` {
		t.Errorf("an entry inserted: %+v", got)
	}
	removed := sched{Entries: slices.Delete(list(1000), 998, 999), Footer: before.Footer}
	got = audit.Diff(before, removed)
	if len(got) != 1 || got[0].Field != "entries[998:999]" || string(got[0].Before) != `[{"media":"m998","secs":10}]` || got[0].After != nil {
		t.Errorf("an entry removed: %+v", got)
	}
}

func record(t *testing.T, d *db.DB, ctx context.Context, e audit.Entry) {
	t.Helper()
	if err := d.InTx(ctx, func(tx *db.Tx) error {
		audit.Record(ctx, tx, e)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

func TestRecordsJoinTheirGroupsChainInTheirTransaction(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		d := testutil.NewDB(t, engine)
		ctx := audit.WithActor(context.Background(), audit.Actor{
			UserID: "u1", Email: "ana@x.com", AdminID: "adm", AdminEmail: "root@x.com",
			Address: "203.0.113.9", RequestID: "req-1",
		})
		for i := range 3 {
			record(t, d, ctx, audit.Entry{FranchiseID: "g1", StoreID: "s1", Kind: audit.KindStore, ID: "s1",
				Name: "Loja", Action: audit.ActionUpdate, Changes: []audit.Change{audit.Set("phone", i, i+1)}})
		}
		record(t, d, ctx, audit.Entry{FranchiseID: "g2", Kind: audit.KindSchedule, ID: "p1", Action: audit.ActionCreate})

		// A transaction that fails takes its record with it.
		boom := errors.New("boom")
		err := d.InTx(ctx, func(tx *db.Tx) error {
			audit.Record(ctx, tx, audit.Entry{FranchiseID: "g1", Kind: audit.KindStore, Action: audit.ActionDelete})
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("err %v", err)
		}
		got, err := audit.List(ctx, d, audit.Filter{Chain: "g1"})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 || got[0].Seq != 3 || got[2].Seq != 1 {
			t.Fatalf("group 1 has %+v, want records 3, 2, 1", got)
		}
		r := got[0]
		if r.UserEmail != "ana@x.com" || r.AdminEmail != "root@x.com" || r.Address != "203.0.113.9" ||
			r.RequestID != "req-1" || r.Action != audit.ActionUpdate || len(r.Changes) != 1 ||
			string(r.Changes[0].Before) != "2" || string(r.Changes[0].After) != "3" {
			t.Errorf("record %+v", r)
		}
		for _, chain := range []string{"g1", "g2"} {
			rep, err := audit.Verify(ctx, d, chain)
			if err != nil || rep.Problem != nil {
				t.Errorf("verify %s: %+v, %v", chain, rep, err)
			}
		}
		if scoped, _ := audit.List(ctx, d, audit.Filter{Chain: "g1", Stores: []string{"s2"}}); len(scoped) != 0 {
			t.Errorf("another store's member sees %+v", scoped)
		}
		if page, _ := audit.List(ctx, d, audit.Filter{Chain: "g1", Before: 3, Limit: 1}); len(page) != 1 || page[0].Seq != 2 {
			t.Errorf("the page after record 3: %+v", page)
		}
	})
}

func TestVerifyNamesTheFirstRecordChangedOrMissing(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		fresh := func(t *testing.T) *db.DB {
			d := testutil.NewDB(t, engine)
			for i := range 5 {
				record(t, d, ctx, audit.Entry{FranchiseID: "g1", Kind: audit.KindStore, ID: "s1",
					Action: audit.ActionUpdate, Changes: []audit.Change{audit.Set("name", i, i+1)}})
			}
			return d
		}
		exec := func(t *testing.T, d *db.DB, q string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		problem := func(t *testing.T, d *db.DB) *audit.Problem {
			t.Helper()
			rep, err := audit.Verify(ctx, d, "g1")
			if err != nil {
				t.Fatal(err)
			}
			return rep.Problem
		}
		cases := []struct {
			name   string
			tamper func(t *testing.T, d *db.DB)
			want   audit.Problem
		}{
			{"a value edited", func(t *testing.T, d *db.DB) {
				exec(t, d, `UPDATE audit_records SET changes = ? WHERE chain = 'g1' AND seq = 3`, `[{"field":"name","before":0,"after":9}]`)
			}, audit.Problem{Seq: 3, Reason: "changed"}},
			{"the author edited", func(t *testing.T, d *db.DB) {
				exec(t, d, `UPDATE audit_records SET user_email = 'other@x.com' WHERE chain = 'g1' AND seq = 2`)
			}, audit.Problem{Seq: 2, Reason: "changed"}},
			{"a record deleted", func(t *testing.T, d *db.DB) {
				exec(t, d, `DELETE FROM audit_records WHERE chain = 'g1' AND seq = 4`)
			}, audit.Problem{Seq: 4, Reason: "missing"}},
			{"the newest deleted", func(t *testing.T, d *db.DB) {
				exec(t, d, `DELETE FROM audit_records WHERE chain = 'g1' AND seq = 5`)
			}, audit.Problem{Seq: 5, Reason: "missing"}},
			{"the oldest deleted", func(t *testing.T, d *db.DB) {
				exec(t, d, `DELETE FROM audit_records WHERE chain = 'g1' AND seq = 1`)
			}, audit.Problem{Seq: 1, Reason: "missing"}},
			{"a record rewritten with a new hash", func(t *testing.T, d *db.DB) {
				// Whoever rewrites a record and its hash breaks the next
				// record's link to it.
				exec(t, d, `UPDATE audit_records SET hash = 'f00d' WHERE chain = 'g1' AND seq = 2`)
			}, audit.Problem{Seq: 2, Reason: "changed"}},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				d := fresh(t)
				if p := problem(t, d); p != nil {
					t.Fatalf("intact chain: %v", p)
				}
				c.tamper(t, d)
				if p := problem(t, d); p == nil || *p != c.want {
					t.Errorf("verify says %v, want %v", p, c.want)
				}
			})
		}
	})
}

func TestPurgeKeepsTheChainVerifiable(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		d := testutil.NewDB(t, engine)
		old := time.Now().Add(-400 * 24 * time.Hour)
		for i := range 4 {
			e := audit.Entry{FranchiseID: "g1", Kind: audit.KindStore, Action: audit.ActionUpdate,
				Changes: []audit.Change{audit.Set("name", i, i+1)}}
			if i < 3 {
				e.At = old.Add(time.Duration(i) * time.Minute)
			}
			record(t, d, ctx, e)
		}
		n, err := audit.Purge(ctx, d, time.Now().Add(-365*24*time.Hour))
		if err != nil || n != 3 {
			t.Fatalf("purged %d, %v; want 3", n, err)
		}
		rep, err := audit.Verify(ctx, d, "g1")
		if err != nil || rep.Problem != nil || rep.Records != 1 || rep.First != 4 {
			t.Fatalf("after the purge: %+v, %v", rep, err)
		}
		record(t, d, ctx, audit.Entry{FranchiseID: "g1", Kind: audit.KindStore, Action: audit.ActionDelete})
		if rep, err := audit.Verify(ctx, d, "g1"); err != nil || rep.Problem != nil || rep.Last != 5 {
			t.Fatalf("a record after the purge: %+v, %v", rep, err)
		}
		if _, err := d.ExecContext(ctx, `DELETE FROM audit_records WHERE chain = 'g1' AND seq = 4`); err != nil {
			t.Fatal(err)
		}
		if rep, _ := audit.Verify(ctx, d, "g1"); rep.Problem == nil || *rep.Problem != (audit.Problem{Seq: 4, Reason: "missing"}) {
			t.Errorf("a record deleted after a purge: %+v", rep.Problem)
		}
	})
}

// Transactions of one group recording at once take turns at the chain's
// head: no sequence number is taken twice and the chain stays whole.
func TestConcurrentRecordsKeepTheChainWhole(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		d := testutil.NewDB(t, engine)
		var wg sync.WaitGroup
		errs := make(chan error, 80)
		for w := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 10 {
					errs <- d.InTxRetrying(ctx, func(tx *db.Tx) error {
						audit.Record(ctx, tx, audit.Entry{FranchiseID: "g1", Kind: audit.KindStore, Action: audit.ActionUpdate,
							Changes: []audit.Change{audit.Set("n", w, i)}})
						return nil
					})
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		rep, err := audit.Verify(ctx, d, "g1")
		if err != nil || rep.Problem != nil || rep.Records != 80 || rep.Last != 80 {
			t.Errorf("after 80 records at once: %+v, %v", rep, err)
		}
	})
}

func TestShortListsOfWordsAreRecordedWhole(t *testing.T) {
	type alerts struct {
		Channels []string `json:"channels"`
	}
	got := audit.Diff(alerts{[]string{"email", "whatsapp"}}, alerts{[]string{"email"}})
	if len(got) != 1 || got[0].Field != "channels" || string(got[0].Before) != `["email","whatsapp"]` || string(got[0].After) != `["email"]` {
		t.Errorf("channels changed: %+v", got)
	}
}

// An override aimed at a thousand stores records one record per store in
// one transaction: written in batches, the chain stays whole.
func TestManyRecordsInOneTransaction(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		d := testutil.NewDB(t, engine)
		record(t, d, ctx, audit.Entry{FranchiseID: "g1", Kind: audit.KindGroup, Action: audit.ActionCreate})
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			for i := range 1100 {
				audit.Record(ctx, tx, audit.Entry{FranchiseID: "g1", StoreID: fmt.Sprintf("s%d", i),
					Kind: audit.KindOverride, Action: audit.ActionStart})
			}
			audit.Record(ctx, tx, audit.Entry{FranchiseID: "", Kind: audit.KindSession, Action: audit.ActionSignIn})
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		for chain, want := range map[string]int{"g1": 1101, "": 1} {
			rep, err := audit.Verify(ctx, d, chain)
			if err != nil || rep.Problem != nil || rep.Records != want || rep.Last != int64(want) {
				t.Errorf("chain %q: %+v, %v; want %d records", chain, rep, err, want)
			}
		}
	})
}
