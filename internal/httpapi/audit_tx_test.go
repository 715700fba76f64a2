package httpapi_test

import (
	"context"
	"testing"

	"vitrine/internal/audit"
	"vitrine/internal/testutil"
)

// A change made through the API leaves its record, with who made it, from
// where and through which request; when the record cannot be written the
// change is rolled back with it.
func TestAChangeAndItsRecordCommitTogether(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		a := testutil.NewApp(t, engine)
		f := newStoreFixture(t, a)
		f.add(storeBody("Centro", contact("Rita", "(11) 98765-4321")))
		var group string
		if err := a.DB.QueryRowContext(ctx, `SELECT id FROM franchises WHERE slug = ?`, f.franchise).Scan(&group); err != nil {
			t.Fatal(err)
		}

		r := a.Do(t, "POST", f.path+"/centro", f.ana.Token, map[string]any{"phone": "1133334444"})
		mustStatus(t, r, 200)
		got, err := audit.List(ctx, a.DB, audit.Filter{Chain: group})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].Action != audit.ActionUpdate || got[1].Action != audit.ActionCreate {
			t.Fatalf("records %+v, want the creation and the change", got)
		}
		rec := got[0]
		if rec.Kind != audit.KindStore || rec.Name != "Centro" || rec.UserEmail != f.ana.Email ||
			rec.Address != "127.0.0.1" || rec.RequestID != r.Header.Get("X-Request-Id") || rec.StoreID == "" {
			t.Errorf("record %+v", rec)
		}
		if len(rec.Changes) != 1 || rec.Changes[0].Field != "phone" || string(rec.Changes[0].After) != `"1133334444"` {
			t.Errorf("changes %+v, want the phone", rec.Changes)
		}

		// The same change again changes nothing and records nothing.
		mustStatus(t, a.Do(t, "POST", f.path+"/centro", f.ana.Token, map[string]any{"phone": "1133334444"}), 200)
		// A refused change records nothing.
		mustStatus(t, a.Do(t, "POST", f.path+"/centro", f.ana.Token, map[string]any{"timeZone": "Marte/Olimpo"}), 400)
		if again, _ := audit.List(ctx, a.DB, audit.Filter{Chain: group}); len(again) != 2 {
			t.Errorf("%d records after a change to the same value and a refused one, want 2", len(again))
		}

		// No record, no change.
		if _, err := a.DB.ExecContext(ctx, `DROP TABLE audit_records`); err != nil {
			t.Fatal(err)
		}
		r = a.Do(t, "POST", f.path+"/centro", f.ana.Token, map[string]any{"phone": "1155556666"})
		if r.Status < 500 {
			t.Fatalf("a change whose record cannot be written answered %d", r.Status)
		}
		var phone string
		if err := a.DB.QueryRowContext(ctx, `SELECT phone FROM stores WHERE franchise_id = ? AND slug = 'centro'`, group).Scan(&phone); err != nil {
			t.Fatal(err)
		}
		if phone != "1133334444" {
			t.Errorf("the change stayed without its record: phone %s", phone)
		}
	})
}
