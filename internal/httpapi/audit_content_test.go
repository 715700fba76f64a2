package httpapi_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/testutil"
)

// records lists the group's records, newest first.
func records(t *testing.T, a *testutil.TestApp, franchiseID string) []audit.Item {
	t.Helper()
	list, err := audit.List(context.Background(), a.DB, audit.Filter{Chain: franchiseID, Limit: audit.MaxPage})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// allRecords counts the records of every chain.
func allRecords(t *testing.T, a *testutil.TestApp) int {
	t.Helper()
	var n int
	if err := a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_records`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// trail is what a test expects of a group's records: made by email, at the
// app's clock's time, without a store.
type trail struct {
	a     *testutil.TestApp
	group string
	email string
	at    time.Time
}

// latest is the newest record of the group, checked to be of kind, action
// and name, made by the trail's user at its time and without a store.
func (tr trail) latest(t *testing.T, kind, action, name string) audit.Item {
	t.Helper()
	list := records(t, tr.a, tr.group)
	email := tr.email
	if len(list) == 0 {
		t.Fatalf("no record; want %s %s", kind, action)
	}
	r := list[0]
	if r.Kind != kind || r.Action != action || r.Name != name || r.UserEmail != email || r.StoreID != "" {
		t.Fatalf("record %s %s %q by %s store %q, want %s %s %q by %s", r.Kind, r.Action, r.Name, r.UserEmail,
			r.StoreID, kind, action, name, email)
	}
	if !r.At.Equal(tr.at) {
		t.Errorf("record at %v, want the service's clock %v", r.At, tr.at)
	}
	return r
}

// changed returns the JSON values before and after of field in r ("" for
// none), failing when r does not name the field.
func changed(t *testing.T, r audit.Item, field string) (before, after string) {
	t.Helper()
	for _, c := range r.Changes {
		if c.Field == field {
			return string(c.Before), string(c.After)
		}
	}
	raw, _ := json.Marshal(r.Changes)
	t.Fatalf("%s %s: no change of %s in %s", r.Kind, r.Action, field, raw)
	return "", ""
}

// noRecord runs a refused call and checks that no chain got a record.
func noRecord(t *testing.T, a *testutil.TestApp, what string, r func() *testutil.Response, status int) {
	t.Helper()
	n := allRecords(t, a)
	if got := r(); got.Status != status {
		t.Fatalf("%s: %d %s, want %d", what, got.Status, got.Body, status)
	}
	if m := allRecords(t, a); m != n {
		t.Errorf("%s: refused, yet %d records written", what, m-n)
	}
}

// newContentApp is an app whose clock stands still a little before now
// (upload policies are checked against the real time).
func newContentApp(t *testing.T, engine string) (*testutil.TestApp, time.Time) {
	now := time.Now().UTC().Truncate(time.Second).Add(-time.Minute)
	return testutil.NewApp(t, engine, testutil.WithClock(testutil.NewClock(now).Now)), now
}

// Every change to a schedule — create, rename, entries, the
// 'Disponível para franqueados' switch, an entry removed, an ad slot added,
// the footer, a copy, a delete — writes its record; refused calls write
// none.
func TestScheduleChangesAreAudited(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, now := newContentApp(t, engine)
		f := newScheduleFixture(t, a)
		email := f.op.Email
		tr := trail{a: a, group: f.franchiseID, email: email, at: now}
		b := f.create(t, "Vitrine", map[string]any{"id": f.image, "displayTime": 12})
		id := b.Schedule.ID
		r := tr.latest(t, audit.KindSchedule, audit.ActionCreate, "Vitrine")
		if r.ID != id {
			t.Errorf("record of %s, want %s", r.ID, id)
		}
		if _, after := changed(t, r, "entries"); after != `[{"name":"Banner","duration":12}]` {
			t.Errorf("entries created: %s", after)
		}

		body := map[string]any{"name": "Vitrine Sul", "forFranchisees": true}
		mustStatus(t, a.Do(t, "POST", f.path(id), f.op.Token, body), 200)
		r = tr.latest(t, audit.KindSchedule, audit.ActionUpdate, "Vitrine Sul")
		if before, after := changed(t, r, "name"); before != `"Vitrine"` || after != `"Vitrine Sul"` {
			t.Errorf("name %s -> %s", before, after)
		}
		if before, after := changed(t, r, "forFranchisees"); before != "false" || after != "true" {
			t.Errorf("forFranchisees %s -> %s", before, after)
		}
		if len(r.Changes) != 2 {
			t.Errorf("changes %+v, want name and forFranchisees", r.Changes)
		}

		entries := []map[string]any{{"id": f.video}, {"id": f.image, "displayTime": 12, "dok": 62}}
		mustStatus(t, a.Do(t, "POST", f.path(id), f.op.Token, map[string]any{"media": entries}), 200)
		r = tr.latest(t, audit.KindSchedule, audit.ActionUpdate, "Vitrine Sul")
		// The stretch of the list that changed: here all of it.
		if before, after := changed(t, r, "entries[0:1]"); before != `[{"name":"Banner","duration":12}]` ||
			after != `[{"name":"Vídeo","duration":30},{"name":"Banner","duration":12,"dok":62}]` {
			t.Errorf("entries %s -> %s", before, after)
		}
		// The same save again changes nothing: no record.
		n := len(records(t, a, f.franchiseID))
		mustStatus(t, a.Do(t, "POST", f.path(id), f.op.Token, map[string]any{"media": entries}), 200)
		if m := len(records(t, a, f.franchiseID)); m != n {
			t.Errorf("a save that changed nothing wrote %d records", m-n)
		}

		noRecord(t, a, "an empty name", func() *testutil.Response {
			return a.Do(t, "POST", f.path(id), f.op.Token, map[string]any{"name": " "})
		}, 400)
		noRecord(t, a, "a stale hash", func() *testutil.Response {
			return a.Do(t, "POST", f.path(id), f.op.Token, map[string]any{"name": "X", "hash": "velho"})
		}, 409)
		noRecord(t, a, "another group's schedule", func() *testutil.Response {
			return a.Do(t, "POST", f.path(f.foreignSchedule), f.op.Token, map[string]any{"name": "Minha"})
		}, 404)
		noRecord(t, a, "another group's schedule deleted", func() *testutil.Response {
			return a.Do(t, "DELETE", f.path(f.foreignSchedule), f.op.Token, nil)
		}, 404)
		noRecord(t, a, "an entry out of range", func() *testutil.Response {
			return a.Do(t, "DELETE", f.path(id, "/9"), f.op.Token, nil)
		}, 404)

		mustStatus(t, a.Do(t, "DELETE", f.path(id, "/0"), f.op.Token, nil), 200)
		r = tr.latest(t, audit.KindEntry, audit.ActionDelete, "Vitrine Sul")
		if before, _ := changed(t, r, "name"); before != `"Vídeo"` {
			t.Errorf("entry removed: %s", before)
		}
		if before, _ := changed(t, r, "position"); before != "1" {
			t.Errorf("position removed: %s", before)
		}

		grantAdsCenter(t, a, f.op)
		renewSession(t, a, f.op)
		slot := map[string]any{"quantity": 3, "duration": 15, "adFallbackMediaId": f.image}
		mustStatus(t, a.Do(t, "POST", f.path(id, "/slot"), f.op.Token, slot), 200)
		r = tr.latest(t, audit.KindEntry, audit.ActionCreate, "Vitrine Sul")
		if _, after := changed(t, r, "adSlots"); after != "3" {
			t.Errorf("slot positions: %s", after)
		}
		if before, after := changed(t, r, "position"); before != "" || after != "1" {
			t.Errorf("slot position %s -> %s", before, after)
		}
		noRecord(t, a, "a slot without positions", func() *testutil.Response {
			return a.Do(t, "POST", f.path(id, "/slot"), f.op.Token, map[string]any{"duration": 15})
		}, 400)

		admin := a.SeedUser(t, "adm-"+a.Unique()+"@example.com", `{"dispA":1}`)
		asOp := impersonate(t, a, f.op.ID, admin.ID)
		noRecord(t, a, "a footer out of bounds", func() *testutil.Response {
			bar := defaultFooter()
			bar["height"] = 10
			return a.Do(t, "POST", f.path(id, "/config"), asOp, map[string]any{"bottomBar": bar})
		}, 400)
		mustStatus(t, a.Do(t, "POST", f.path(id, "/config"), asOp, map[string]any{"bottomBar": defaultFooter()}), 200)
		r = tr.latest(t, audit.KindFooter, audit.ActionCreate, "Vitrine Sul")
		if r.AdminEmail != admin.Email {
			t.Errorf("the administrator behind the session: %q", r.AdminEmail)
		}
		if _, after := changed(t, r, "height"); after != "64" {
			t.Errorf("footer height: %s", after)
		}
		bar := defaultFooter()
		bar["height"] = 80
		mustStatus(t, a.Do(t, "POST", f.path(id, "/config"), asOp, map[string]any{"bottomBar": bar}), 200)
		r = tr.latest(t, audit.KindFooter, audit.ActionUpdate, "Vitrine Sul")
		if before, after := changed(t, r, "height"); before != "64" || after != "80" || len(r.Changes) != 1 {
			t.Errorf("footer change %+v", r.Changes)
		}
		mustStatus(t, a.Do(t, "POST", f.path(id, "/config"), asOp, map[string]any{"bottomBar": nil}), 200)
		tr.latest(t, audit.KindFooter, audit.ActionDelete, "Vitrine Sul")

		dup := a.Do(t, "POST", f.path(id, "/dup"), f.op.Token, map[string]any{"name": "Cópia"})
		mustStatus(t, dup, 201)
		r = tr.latest(t, audit.KindSchedule, audit.ActionCreate, "Cópia")
		if _, after := changed(t, r, "duplicateOf"); after != `"Vitrine Sul"` {
			t.Errorf("copy of %s", after)
		}
		noRecord(t, a, "a copy without a name", func() *testutil.Response {
			return a.Do(t, "POST", f.path(id, "/dup"), f.op.Token, map[string]any{"name": ""})
		}, 400)

		mustStatus(t, a.Do(t, "DELETE", f.path(id), f.op.Token, nil), 200)
		r = tr.latest(t, audit.KindSchedule, audit.ActionDelete, "Vitrine Sul")
		if before, after := changed(t, r, "name"); before != `"Vitrine Sul"` || after != "" {
			t.Errorf("deleted name %s -> %s", before, after)
		}
		if rep, err := audit.Verify(context.Background(), a.DB, f.franchiseID); err != nil || rep.Problem != nil {
			t.Errorf("verify: %+v, %v", rep, err)
		}
	})
}

// franchiseIDOf is the id of the group with slug.
func franchiseIDOf(t *testing.T, a *testutil.TestApp, slug string) string {
	t.Helper()
	var id string
	if err := a.DB.QueryRowContext(context.Background(), `SELECT id FROM franchises WHERE slug = ?`, slug).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// Registering, renaming, moving to another folder and deleting media write
// their records; deleting a media a schedule plays records the schedule's
// change too. Refused calls write none.
func TestMediaChangesAreAudited(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, now := newContentApp(t, engine)
		f := newMediaFixture(t, a)
		group := franchiseIDOf(t, a, f.la)
		email := f.alice.Email
		tr := trail{a: a, group: group, email: email, at: now}
		m := f.banner()
		r := tr.latest(t, audit.KindMedia, audit.ActionCreate, "Banner 10")
		if r.ID != m.ID {
			t.Errorf("record of %s, want %s", r.ID, m.ID)
		}
		if _, after := changed(t, r, "folder"); after != `"Campanhas|Natal"` {
			t.Errorf("folder %s", after)
		}
		if _, after := changed(t, r, "width"); after != "640" {
			t.Errorf("width %s", after)
		}

		path := "/api/media/" + f.la + "/" + m.ID
		mustStatus(t, a.Do(t, "POST", path, f.alice.Token, map[string]any{"name": "Banner 11", "folder": "Arquivo"}), 200)
		r = tr.latest(t, audit.KindMedia, audit.ActionUpdate, "Banner 11")
		if before, after := changed(t, r, "name"); before != `"Banner 10"` || after != `"Banner 11"` {
			t.Errorf("name %s -> %s", before, after)
		}
		if before, after := changed(t, r, "folder"); before != `"Campanhas|Natal"` || after != `"Arquivo"` {
			t.Errorf("folder %s -> %s", before, after)
		}
		if len(r.Changes) != 2 {
			t.Errorf("changes %+v", r.Changes)
		}
		n := len(records(t, a, group))
		mustStatus(t, a.Do(t, "POST", path, f.alice.Token, map[string]any{"name": "Banner 11"}), 200)
		if got := len(records(t, a, group)); got != n {
			t.Errorf("a save that changed nothing wrote %d records", got-n)
		}

		noRecord(t, a, "an empty name", func() *testutil.Response {
			return a.Do(t, "POST", path, f.alice.Token, map[string]any{"name": ""})
		}, 400)
		noRecord(t, a, "a volume out of range", func() *testutil.Response {
			return a.Do(t, "POST", path, f.alice.Token, map[string]any{"volume": 2})
		}, 400)
		noRecord(t, a, "another group's media", func() *testutil.Response {
			return a.Do(t, "POST", "/api/media/"+f.lb+"/"+m.ID, f.bob.Token, map[string]any{"name": "Meu"})
		}, 404)
		noRecord(t, a, "another group's media deleted", func() *testutil.Response {
			return a.Do(t, "DELETE", "/api/media/"+f.lb+"/"+m.ID, f.bob.Token, nil)
		}, 404)
		noRecord(t, a, "a registration without a file", func() *testutil.Response {
			return a.Do(t, "POST", "/api/media/"+f.la, f.alice.Token, map[string]any{"name": "X", "type": "image", "filePath": "nada.png"})
		}, 404)

		sch := a.Do(t, "POST", "/api/schedule/"+f.la, f.alice.Token, map[string]any{"name": "Loja", "media": []any{map[string]any{"id": m.ID}}})
		mustStatus(t, sch, 201)
		mustStatus(t, a.Do(t, "DELETE", path, f.alice.Token, nil), 200)
		list := records(t, a, group)
		var deleted, detached bool
		for _, r := range list[:2] {
			switch {
			case r.Kind == audit.KindMedia && r.Action == audit.ActionDelete && r.Name == "Banner 11" && r.UserEmail == email:
				before, after := changed(t, r, "name")
				deleted = before == `"Banner 11"` && after == ""
			case r.Kind == audit.KindSchedule && r.Action == audit.ActionUpdate && r.Name == "Loja":
				before, after := changed(t, r, "entries")
				detached = strings.Contains(before, "Banner 11") && after == ""
			}
		}
		if !deleted || !detached {
			raw, _ := json.Marshal(list[:2])
			t.Errorf("the delete's records: %s", raw)
		}
	})
}

// Selling, changing and deleting an advertisement write its records; its
// bookings (screens and days) are fields of them.
func TestAdvertiseChangesAreAudited(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, _ := newAdApp(t, engine)
		f := newAdFixture(t, a, 2)
		email := f.op.Email
		at := func(r audit.Item) {
			t.Helper()
			if !r.At.Equal(adNow) {
				t.Errorf("record at %v, want %v", r.At, adNow)
			}
		}
		newest := func(kind, action, name string) audit.Item {
			t.Helper()
			list := records(t, a, f.franchiseID)
			r := list[0]
			if r.Kind != kind || r.Action != action || r.Name != name || r.UserEmail != email || r.StoreID != "" {
				t.Fatalf("record %s %s %q by %s store %q, want %s %s %q", r.Kind, r.Action, r.Name, r.UserEmail,
					r.StoreID, kind, action, name)
			}
			at(r)
			return r
		}
		id := f.createAd(t, "Promo", day(1), day(3), f.tv1)
		r := newest(audit.KindAd, audit.ActionCreate, "Promo")
		if r.ID != id {
			t.Errorf("record of %s, want %s", r.ID, id)
		}
		if _, after := changed(t, r, "screens"); after != `[{"displayId":"`+f.tv1+`","name":"TV Caixa"}]` {
			t.Errorf("screens booked: %s", after)
		}
		if _, after := changed(t, r, "endsAt"); after != jsonOf(day(3).End(saoPaulo)) {
			t.Errorf("last day booked: %s", after)
		}

		body := map[string]any{"advertiseId": id, "name": "Promo Verão", "endsAt": day(5).End(saoPaulo)}
		mustStatus(t, a.Do(t, "PUT", f.path(), f.op.Token, body), 200)
		r = newest(audit.KindAd, audit.ActionUpdate, "Promo Verão")
		if before, after := changed(t, r, "name"); before != `"Promo"` || after != `"Promo Verão"` {
			t.Errorf("name %s -> %s", before, after)
		}
		if before, after := changed(t, r, "endsAt"); before != jsonOf(day(3).End(saoPaulo)) || after != jsonOf(day(5).End(saoPaulo)) {
			t.Errorf("endsAt %s -> %s", before, after)
		}

		noRecord(t, a, "an ad without screens", func() *testutil.Response {
			return a.Do(t, "POST", f.path(), f.op.Token, adBody("Nada", 10, day(1), day(2), "slot-a"))
		}, 400)
		noRecord(t, a, "a display time too long for the slot", func() *testutil.Response {
			return a.Do(t, "PUT", f.path(), f.op.Token, map[string]any{"advertiseId": id, "displayTime": 60})
		}, 400)
		noRecord(t, a, "another group's ad", func() *testutil.Response {
			return a.Do(t, "PUT", f.path(), f.op.Token, map[string]any{"advertiseId": f.otherAd, "name": "Meu"})
		}, 404)
		noRecord(t, a, "another group's ad deleted", func() *testutil.Response {
			return a.Do(t, "DELETE", f.path("/", f.otherAd), f.op.Token, nil)
		}, 404)

		mustStatus(t, a.Do(t, "DELETE", f.path("/", id), f.op.Token, nil), 200)
		r = newest(audit.KindAd, audit.ActionDelete, "Promo Verão")
		if before, after := changed(t, r, "screens"); !strings.Contains(before, f.tv1) || after != "" {
			t.Errorf("screens freed %s -> %s", before, after)
		}
	})
}

func jsonOf(v any) string {
	raw, _ := json.Marshal(v)
	return string(raw)
}
