package httpapi_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/testutil"
)

// auditTrail is the audit records of a group, newest first.
func auditTrail(t *testing.T, a *testutil.TestApp, franchiseID string, f audit.Filter) []audit.Item {
	t.Helper()
	f.Chain = franchiseID
	list, err := audit.List(context.Background(), a.DB, f)
	if err != nil {
		t.Fatalf("audit records: %v", err)
	}
	return list
}

// storeIDOf returns the id of the group's store slug.
func storeIDOf(t *testing.T, a *testutil.TestApp, franchiseID, slug string) string {
	t.Helper()
	var id string
	if err := a.DB.QueryRowContext(context.Background(), `SELECT id FROM stores WHERE franchise_id = ? AND slug = ?`,
		franchiseID, slug).Scan(&id); err != nil {
		t.Fatalf("store %s: %v", slug, err)
	}
	return id
}

// want is what a test expects of one audit record; Changes holds each
// expected field's JSON values before and after ("" = none).
type want struct {
	Kind, Action, ID, Name, StoreID, UserID, AdminID string
	Changes                                          map[string][2]string
	// Only: the record has no other changes.
	Only bool
}

func checkRecord(t *testing.T, got audit.Item, w want) {
	t.Helper()
	if got.Kind != w.Kind || got.Action != w.Action || (w.ID != "" && got.ID != w.ID) || got.Name != w.Name ||
		got.StoreID != w.StoreID || got.UserID != w.UserID || got.AdminID != w.AdminID {
		t.Errorf("record %s %s %s %q in store %q by %q (admin %q), want %+v", got.Kind, got.Action, got.ID, got.Name,
			got.StoreID, got.UserID, got.AdminID, w)
		return
	}
	if w.Only && len(got.Changes) != len(w.Changes) {
		t.Errorf("%s %s: changes %s, want only %v", got.Kind, got.Action, changesText(got), w.Changes)
	}
	for field, values := range w.Changes {
		i := slices.IndexFunc(got.Changes, func(c audit.Change) bool { return c.Field == field })
		if i < 0 {
			t.Errorf("%s %s: no change of %s in %s", got.Kind, got.Action, field, changesText(got))
			continue
		}
		if c := got.Changes[i]; string(c.Before) != values[0] || string(c.After) != values[1] {
			t.Errorf("%s %s: %s went %s → %s, want %s → %s", got.Kind, got.Action, field, c.Before, c.After, values[0], values[1])
		}
	}
}

func changesText(it audit.Item) string {
	var s string
	for _, c := range it.Changes {
		s += c.Field + ":" + string(c.Before) + "→" + string(c.After) + " "
	}
	return s
}

// unchanged fails when calls made the group's trail grow.
func unchanged(t *testing.T, a *testutil.TestApp, franchiseID string, calls func()) {
	t.Helper()
	before := len(auditTrail(t, a, franchiseID, audit.Filter{}))
	calls()
	if after := auditTrail(t, a, franchiseID, audit.Filter{}); len(after) != before {
		t.Errorf("refused or empty calls wrote %d records: newest %+v", len(after)-before, after[0])
	}
}

// Registering, editing, linking and removing a TV are recorded in its
// store, with the values before and after and who did it; refusals are not.
func TestTVChangesAreAudited(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		f := newRoleFixture(t, a)
		storeA, storeB := storeIDOf(t, a, f.id, f.storeA), storeIDOf(t, a, f.id, f.storeB)
		latest := func() audit.Item { return auditTrail(t, a, f.id, audit.Filter{Kind: audit.KindDisplay, Limit: 1})[0] }

		// The fixture's registrations by the network, each in its store.
		created := auditTrail(t, a, f.id, audit.Filter{Kind: audit.KindDisplay})
		if len(created) != 2 {
			t.Fatalf("records of the registrations: %+v", created)
		}
		checkRecord(t, created[0], want{Kind: "display", Action: "create", ID: f.tvB, Name: "TV B", StoreID: storeB, UserID: f.nina.ID,
			Changes: map[string][2]string{"name": {"", `"TV B"`}, "device": {"", `"` + f.deviceB + `"`}}})
		if !created[1].At.Equal(clock.Now().Truncate(time.Millisecond)) {
			t.Errorf("recorded at %v, want the service's clock %v", created[1].At, clock.Now())
		}

		// The franchisee renames and turns their TV: one update in store A.
		tvA := f.path("/api/display/{f}/loja-a/{tvA}")
		mustStatus(t, a.Do(t, "POST", tvA, f.fabio.Token, map[string]any{"name": "TV A do Fabio", "contentOrientation": 2}), 200)
		checkRecord(t, latest(), want{Kind: "display", Action: "update", ID: f.tvA, Name: "TV A do Fabio", StoreID: storeA, UserID: f.fabio.ID,
			Only: true, Changes: map[string][2]string{"name": {`"TV A"`, `"TV A do Fabio"`}, "contentOrientation": {"0", "2"}}})

		// Linking, changing and unlinking the schedule are links naming the
		// schedules.
		mustStatus(t, a.Do(t, "POST", tvA, f.fabio.Token, map[string]any{"schedule": f.open}), 200)
		checkRecord(t, latest(), want{Kind: "display", Action: "link", ID: f.tvA, Name: "TV A do Fabio", StoreID: storeA, UserID: f.fabio.ID,
			Only: true, Changes: map[string][2]string{"schedule": {"", `"Liberada"`}}})
		n := len(auditTrail(t, a, f.id, audit.Filter{}))
		mustStatus(t, a.Do(t, "POST", tvA, f.nina.Token, map[string]any{"schedule": f.closed, "name": "TV A"}), 200)
		both := auditTrail(t, a, f.id, audit.Filter{Limit: 2})
		if len(auditTrail(t, a, f.id, audit.Filter{})) != n+2 {
			t.Fatalf("a rename with a new link wrote %d records, want 2", len(auditTrail(t, a, f.id, audit.Filter{}))-n)
		}
		checkRecord(t, both[0], want{Kind: "display", Action: "link", ID: f.tvA, Name: "TV A", StoreID: storeA, UserID: f.nina.ID,
			Only: true, Changes: map[string][2]string{"schedule": {`"Liberada"`, `"Rede só"`}}})
		checkRecord(t, both[1], want{Kind: "display", Action: "update", ID: f.tvA, Name: "TV A", StoreID: storeA, UserID: f.nina.ID,
			Only: true, Changes: map[string][2]string{"name": {`"TV A do Fabio"`, `"TV A"`}}})
		mustStatus(t, a.Do(t, "POST", tvA, f.nina.Token, map[string]any{"schedule": ""}), 200)
		checkRecord(t, latest(), want{Kind: "display", Action: "link", ID: f.tvA, Name: "TV A", StoreID: storeA, UserID: f.nina.ID,
			Only: true, Changes: map[string][2]string{"schedule": {`"Rede só"`, ""}}})

		// Refusals and saves that change nothing write nothing.
		a.ReserveDevices(t, "NEW"+f.deviceA)
		unchanged(t, a, f.id, func() {
			a.Expect(t, testutil.Scenario{Name: "another store's TV", Method: "POST", Path: f.path("/api/display/{f}/loja-b/{tvB}"),
				Token: f.fabio.Token, Body: map[string]any{"name": "Minha"}, Status: 404})
			a.Expect(t, testutil.Scenario{Name: "removing another store's TV", Method: "DELETE", Path: f.path("/api/display/{f}/loja-b/{tvB}"),
				Token: f.fabio.Token, Status: 404})
			a.Expect(t, testutil.Scenario{Name: "registering in another store", Method: "POST", Path: f.path("/api/display/{f}/loja-b"),
				Token: f.fabio.Token, Body: map[string]any{"name": "Nova", "device": "NEW" + f.deviceA}, Status: 404})
			a.Expect(t, testutil.Scenario{Name: "a bad orientation", Method: "POST", Path: tvA, Token: f.fabio.Token,
				Body: map[string]any{"contentOrientation": 7}, Status: 400})
			a.Expect(t, testutil.Scenario{Name: "an empty name", Method: "POST", Path: tvA, Token: f.fabio.Token,
				Body: map[string]any{"name": " "}, Status: 400})
			a.Expect(t, testutil.Scenario{Name: "a taken device code", Method: "POST", Path: f.path("/api/display/{f}/loja-a"), Token: f.fabio.Token,
				Body: map[string]any{"name": "Nova", "device": f.deviceB}, Status: 409})
			mustStatus(t, a.Do(t, "POST", tvA, f.fabio.Token, map[string]any{"name": "TV A", "device": f.deviceA}), 200)
		})

		// The franchisee pairs a TV in their store and removes it.
		r := a.Do(t, "POST", f.path("/api/display/{f}/loja-a"), f.fabio.Token,
			map[string]any{"name": "Balcão", "device": "NEW" + f.deviceA, "orientation": 1, "detail": "Perto do caixa"})
		mustStatus(t, r, 201)
		var tv struct {
			Display struct{ ID string } `json:"display"`
		}
		r.Decode(t, &tv)
		checkRecord(t, latest(), want{Kind: "display", Action: "create", ID: tv.Display.ID, Name: "Balcão", StoreID: storeA, UserID: f.fabio.ID,
			Only: true, Changes: map[string][2]string{"name": {"", `"Balcão"`}, "device": {"", `"NEW` + f.deviceA + `"`},
				"orientation": {"", "1"}, "contentOrientation": {"", "0"}, "detail": {"", `"Perto do caixa"`}}})
		mustStatus(t, a.Do(t, "DELETE", f.path("/api/display/{f}/loja-a/")+tv.Display.ID, f.fabio.Token, nil), 200)
		checkRecord(t, latest(), want{Kind: "display", Action: "delete", ID: tv.Display.ID, Name: "Balcão", StoreID: storeA, UserID: f.fabio.ID,
			Changes: map[string][2]string{"name": {`"Balcão"`, ""}, "device": {`"NEW` + f.deviceA + `"`, ""}}})

		// The franchisee's view of the trail holds store A's TVs only.
		for _, it := range auditTrail(t, a, f.id, audit.Filter{Stores: []string{storeA}, Kind: audit.KindDisplay}) {
			if it.Name == "TV B" {
				t.Errorf("store A's trail shows %+v", it)
			}
		}
	})
}

// A remote command is recorded as sent, in its TV's store, with the
// operation, the member and the administrator acting for them.
func TestRemoteCommandsAreAudited(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newRoleFixture(t, a)
		boxAdmin := a.SeedUser(t, "caixa-"+a.Unique()+"@example.com", `{"dispA":1}`)
		asFabio := impersonate(t, a, f.fabio.ID, boxAdmin.ID)
		markOnline(t, a, f.tvA)
		markOnline(t, a, f.tvB)

		r := a.Do(t, "POST", f.path("/api/display/{f}/loja-a/{tvA}/admin-command"), asFabio, map[string]any{"operation": "screenshot"})
		mustStatus(t, r, 202)
		var sent struct {
			CommandID string `json:"commandId"`
		}
		r.Decode(t, &sent)
		got := auditTrail(t, a, f.id, audit.Filter{Kind: audit.KindCommand})
		if len(got) != 1 {
			t.Fatalf("command records %+v", got)
		}
		checkRecord(t, got[0], want{Kind: "command", Action: "send", ID: sent.CommandID, Name: "TV A", StoreID: storeIDOf(t, a, f.id, f.storeA),
			UserID: f.fabio.ID, AdminID: boxAdmin.ID, Only: true, Changes: map[string][2]string{"operation": {"", `"screenshot"`}}})

		unchanged(t, a, f.id, func() {
			a.Expect(t, testutil.Scenario{Name: "another store's TV", Method: "POST", Path: f.path("/api/display/{f}/loja-b/{tvB}/admin-command"),
				Token: asFabio, Body: map[string]any{"operation": "screenshot"}, Status: 404})
			a.Expect(t, testutil.Scenario{Name: "an unknown operation", Method: "POST", Path: f.path("/api/display/{f}/loja-a/{tvA}/admin-command"),
				Token: asFabio, Body: map[string]any{"operation": "explodir"}, Status: 400})
			if _, err := a.DB.ExecContext(context.Background(), `UPDATE displays SET connected = 0 WHERE id = ?`, f.tvA); err != nil {
				t.Fatal(err)
			}
			a.Expect(t, testutil.Scenario{Name: "an offline TV", Method: "POST", Path: f.path("/api/display/{f}/loja-a/{tvA}/admin-command"),
				Token: asFabio, Body: map[string]any{"operation": "screenshot"}, Status: 409, Code: 100124})
		})
	})
}

// An override is recorded in each store it is aimed at (the whole group's
// when it reaches every TV), with its targets there, message, media and
// end; clearing it likewise; refusals and reach questions are not.
func TestOverridesAreAuditedPerStore(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newRoleFixture(t, a)
		for _, u := range []string{f.nina.ID, f.fabio.ID} {
			if _, err := a.DB.ExecContext(context.Background(), `UPDATE users SET emergency_override = 1 WHERE id = ?`, u); err != nil {
				t.Fatal(err)
			}
		}
		storeA, storeB := storeIDOf(t, a, f.id, f.storeA), storeIDOf(t, a, f.id, f.storeB)
		banner := seedMedia(t, a, f.id, "Banner")
		path := f.path("/api/override/{f}")
		overrides := func(n int) []audit.Item {
			t.Helper()
			got := auditTrail(t, a, f.id, audit.Filter{Kind: audit.KindOverride, Limit: n})
			if len(got) != n {
				t.Fatalf("override records %+v, want %d", got, n)
			}
			return got
		}

		// The franchisee's 'Todas as TVs' is their store's.
		mine := startOverride(t, a, f.slug, f.fabio.Token, map[string]any{"target": "all", "title": "Loja A fechada"})
		checkRecord(t, overrides(1)[0], want{Kind: "override", Action: "start", ID: mine, Name: "Loja A fechada", StoreID: storeA, UserID: f.fabio.ID,
			Changes: map[string][2]string{"target": {"", `"stores"`}, "targets": {"", `["Loja A"]`}, "title": {"", `"Loja A fechada"`}}})

		// The network's for every TV: one record for the whole group.
		all := startOverride(t, a, f.slug, f.nina.Token, map[string]any{"target": "all", "title": "Rede toda"})
		checkRecord(t, overrides(2)[0], want{Kind: "override", Action: "start", ID: all, Name: "Rede toda", UserID: f.nina.ID,
			Changes: map[string][2]string{"target": {"", `"all"`}}})

		// Chosen TVs of two stores: one record in each, naming its TV.
		end := time.Now().Add(time.Hour).UnixMilli()
		two := startOverride(t, a, f.slug, f.nina.Token, map[string]any{"target": "displays", "displays": []string{f.tvB, f.tvA},
			"title": "Evacuação", "text": "Saia pela lateral.", "media": banner, "endsAt": end})
		got := overrides(2)
		slices.SortFunc(got, func(x, y audit.Item) int { return map[bool]int{true: -1, false: 1}[x.StoreID == storeA] })
		for i, c := range []struct{ store, tv string }{{storeA, "TV A"}, {storeB, "TV B"}} {
			checkRecord(t, got[i], want{Kind: "override", Action: "start", ID: two, Name: "Evacuação", StoreID: c.store, UserID: f.nina.ID,
				Changes: map[string][2]string{"target": {"", `"displays"`}, "targets": {"", `["` + c.tv + `"]`},
					"text": {"", `"Saia pela lateral."`}, "media": {"", `"Banner"`}, "endsAt": {"", testutil.Sprint("%d", end)},
					"background": {"", `"#B91C1C"`}, "color": {"", `"#FFFFFF"`}}})
		}

		// Refusals and reach questions write nothing.
		unchanged(t, a, f.id, func() {
			a.Expect(t, testutil.Scenario{Name: "another store", Method: "POST", Path: path, Token: f.fabio.Token,
				Body: map[string]any{"target": "stores", "stores": []string{"loja-b"}, "title": "Intrusa"}, Status: 400})
			a.Expect(t, testutil.Scenario{Name: "no title", Method: "POST", Path: path, Token: f.nina.Token,
				Body: map[string]any{"target": "all", "title": " "}, Status: 400})
			a.Expect(t, testutil.Scenario{Name: "the reach", Method: "POST", Path: path + "/reach", Token: f.nina.Token,
				Body: map[string]any{"target": "all"}, Status: 200})
			a.Expect(t, testutil.Scenario{Name: "clearing the network's", Method: "POST", Path: path + "/" + all + "/clear",
				Token: f.fabio.Token, Status: 403})
		})

		// Clearing is recorded where the start was.
		mustStatus(t, a.Do(t, "POST", path+"/"+two+"/clear", f.nina.Token, nil), 200)
		got = overrides(2)
		stores := []string{got[0].StoreID, got[1].StoreID}
		slices.Sort(stores)
		if want := []string{storeA, storeB}; !slices.Equal(stores, want) {
			t.Errorf("clear recorded in %v, want %v", stores, want)
		}
		for _, it := range got {
			checkRecord(t, it, want{Kind: "override", Action: "clear", ID: two, Name: "Evacuação", StoreID: it.StoreID, UserID: f.nina.ID,
				Only: true, Changes: map[string][2]string{"state": {`"active"`, `"cleared"`}}})
		}
		mustStatus(t, a.Do(t, "POST", path+"/"+all+"/clear", f.nina.Token, nil), 200)
		checkRecord(t, overrides(1)[0], want{Kind: "override", Action: "clear", ID: all, Name: "Rede toda", UserID: f.nina.ID,
			Only: true, Changes: map[string][2]string{"state": {`"active"`, `"cleared"`}}})

		// Store B's franchisee would not see store A's part.
		for _, it := range auditTrail(t, a, f.id, audit.Filter{Stores: []string{storeB}, Kind: audit.KindOverride}) {
			if it.ID == mine || slices.ContainsFunc(it.Changes, func(c audit.Change) bool { return string(c.After) == `["TV A"]` }) {
				t.Errorf("store B's trail shows %+v", it)
			}
		}
	})
}

// Saving the alert settings is recorded with the settings before and
// after; a refused save or one that changes nothing is not.
func TestAlertSettingsAreAudited(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		u := a.Unique()
		admin := a.SeedUser(t, "adm-"+u+"@example.com", `{"userA":1}`)
		group := a.SeedFranchise(t, "rede-"+u, "Rede "+u, admin)
		path := "/api/alerts/rede-" + u
		save := map[string]any{"enabled": true, "delayMinutes": 30, "channels": []string{"email", "sms"}}

		unchanged(t, a, group, func() {
			a.Expect(t, testutil.Scenario{Name: "a bad delay", Method: "POST", Path: path, Token: admin.Token,
				Body: map[string]any{"delayMinutes": 4}, Status: 400})
			a.Expect(t, testutil.Scenario{Name: "an unknown channel", Method: "POST", Path: path, Token: admin.Token,
				Body: map[string]any{"channels": []string{"telegram"}}, Status: 400})
		})
		mustStatus(t, a.Do(t, "POST", path, admin.Token, save), 200)
		got := auditTrail(t, a, group, audit.Filter{Kind: audit.KindAlerts})
		if len(got) != 1 {
			t.Fatalf("alert records %+v", got)
		}
		checkRecord(t, got[0], want{Kind: "alerts", Action: "update", ID: group, Name: "Rede " + u, UserID: admin.ID, Only: true,
			Changes: map[string][2]string{"enabled": {"false", "true"}, "delayMinutes": {"2880", "30"},
				"channels": {`["sms","whatsapp","email"]`, `["sms","email"]`}}})
		unchanged(t, a, group, func() { mustStatus(t, a.Do(t, "POST", path, admin.Token, save), 200) })
	})
}
