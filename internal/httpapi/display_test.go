package httpapi_test

import (
	"context"
	"sync"
	"testing"

	"vitrine/internal/ids"
	"vitrine/internal/testutil"
)

// seedSchedule inserts a schedule straight into the database.
func seedSchedule(t *testing.T, a *testutil.TestApp, franchiseID, name string) string {
	t.Helper()
	id := ids.New()
	now := a.Now().UnixMilli()
	if _, err := a.DB.ExecContext(context.Background(), `
		INSERT INTO schedules (id, franchise_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
		id, franchiseID, name, now, now); err != nil {
		t.Fatalf("seed schedule: %v", err)
	}
	return id
}

func TestDisplays(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		bia := a.SeedUser(t, "bia@example.com", "")
		rede := a.SeedFranchise(t, "rede", "Rede", ana)
		outra := a.SeedFranchise(t, "outra", "Outra", bia)
		promo := seedSchedule(t, a, rede, "Promoções")
		natal := seedSchedule(t, a, rede, "Natal")
		alheia := seedSchedule(t, a, outra, "Alheia")
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro")), 201)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Norte")), 201)
		mustStatus(t, a.Do(t, "POST", "/api/store/outra", bia.Token, storeBody("Sul")), 201)

		var created struct {
			Display struct {
				ID string `json:"id"`
			} `json:"display"`
		}
		a.Run(t, []testutil.Scenario{
			{Name: "a store without TVs lists none", Method: "GET", Path: "/api/display/rede/centro", Token: ana.Token,
				Status: 200, Contains: []string{`{"displayList":[]}`}},
			{Name: "listing TVs of an unknown store is 1061", Method: "GET", Path: "/api/display/rede/nao-existe", Token: ana.Token,
				Status: 404, Code: 1061},
			{Name: "name is required", Method: "POST", Path: "/api/display/rede/centro", Token: ana.Token,
				Body: map[string]any{"device": "ABC123"}, Status: 400, Code: 1141},
			{Name: "device is required", Method: "POST", Path: "/api/display/rede/centro", Token: ana.Token,
				Body: map[string]any{"name": "TV 1", "device": " "}, Status: 400, Code: 100125},
			{Name: "a device code with symbols is refused", Method: "POST", Path: "/api/display/rede/centro", Token: ana.Token,
				Body: map[string]any{"name": "TV 1", "device": "AB/12"}, Status: 400, Code: 1003},
			{Name: "content orientation must be 0 to 3", Method: "POST", Path: "/api/display/rede/centro", Token: ana.Token,
				Body: map[string]any{"name": "TV 1", "device": "ABC123", "contentOrientation": 4}, Status: 400, Code: 1003},
			{Name: "a TV in an unknown store is 1061", Method: "POST", Path: "/api/display/rede/nao-existe", Token: ana.Token,
				Body: map[string]any{"name": "TV 1", "device": "ABC123"}, Status: 404, Code: 1061},
			{Name: "another franchise's schedule is refused on creation", Method: "POST", Path: "/api/display/rede/centro", Token: ana.Token,
				Body: map[string]any{"name": "TV 1", "device": "ABC123", "schedule": alheia}, Status: 404, Code: 1081,
				Absent: []string{"Alheia"}},
			{Name: "create a TV: code normalized, not yet connected", Method: "POST", Path: "/api/display/rede/centro", Token: ana.Token,
				Body:   map[string]any{"name": "TV 10", "device": " abc-123 ", "detail": "", "orientation": 0, "contentOrientation": 1, "schedule": promo},
				Status: 201,
				Contains: []string{`"name":"TV 10"`, `"device":"ABC123"`, `"store":"centro"`, `"franchise":"rede"`,
					`"contentOrientation":1`, `"schedule":"` + promo + `"`, `"scheduleName":"Promoções"`,
					`"connected":false`, `"lastConnectionAck":0`},
				Check: func(t *testing.T, r *testutil.Response) { r.Decode(t, &created) }},
			{Name: "the same device code again is 100122", Method: "POST", Path: "/api/display/rede/norte", Token: ana.Token,
				Body: map[string]any{"name": "Outra TV", "device": "ABC123"}, Status: 409, Code: 100122},
			{Name: "the same code in another franchise is 100122 too", Method: "POST", Path: "/api/display/outra/sul", Token: bia.Token,
				Body: map[string]any{"name": "TV", "device": "abc123"}, Status: 409, Code: 100122},
			{Name: "more TVs", Method: "POST", Path: "/api/display/rede/centro", Token: ana.Token,
				Body: map[string]any{"name": "tv 9", "device": "ABC124"}, Status: 201, Contains: []string{`"schedule":""`, `"scheduleName":""`}},
			{Name: "and one with an accent", Method: "POST", Path: "/api/display/rede/centro", Token: ana.Token,
				Body: map[string]any{"name": "Área Externa", "device": "ABC125", "scheduleId": natal}, Status: 201,
				Contains: []string{`"scheduleName":"Natal"`}},
			{Name: "one in the other store", Method: "POST", Path: "/api/display/rede/norte", Token: ana.Token,
				Body: map[string]any{"name": "Balcão", "device": "ABC126"}, Status: 201},
			{Name: "TVs of a store are sorted by name, case and accents ignored", Method: "GET", Path: "/api/display/rede/centro", Token: ana.Token,
				Status: 200, Check: func(t *testing.T, r *testutil.Response) {
					wantNames(t, r, "Área Externa", "tv 9", "TV 10")
				}},
			{Name: "every TV of the franchise in one call", Method: "GET", Path: "/api/display/rede", Token: ana.Token,
				Status: 200, Check: func(t *testing.T, r *testutil.Response) {
					wantNames(t, r, "Área Externa", "Balcão", "tv 9", "TV 10")
				}},
			{Name: "the store counts its TVs", Method: "GET", Path: "/api/store/rede", Token: ana.Token,
				Status: 200, Contains: []string{`"slug":"centro"`, `"displays":3`, `"displays":1`}},
		})
		tv := "/api/display/rede/centro/" + created.Display.ID
		a.Run(t, []testutil.Scenario{
			{Name: "the device code cannot change", Method: "POST", Path: tv, Token: ana.Token,
				Body: map[string]any{"name": "TV 10", "device": "XYZ999"}, Status: 409, Code: 100128},
			{Name: "rename and turn, repeating the same code", Method: "POST", Path: tv, Token: ana.Token,
				Body: map[string]any{"name": "TV Dez", "device": "abc123", "contentOrientation": 3}, Status: 200,
				Contains: []string{`"name":"TV Dez"`, `"contentOrientation":3`, `"scheduleName":"Promoções"`}},
			{Name: "change the schedule", Method: "POST", Path: tv, Token: ana.Token,
				Body: map[string]any{"schedule": natal}, Status: 200, Contains: []string{`"scheduleName":"Natal"`, `"name":"TV Dez"`}},
			{Name: "another franchise's schedule is refused on update", Method: "POST", Path: tv, Token: ana.Token,
				Body: map[string]any{"schedule": alheia}, Status: 404, Code: 1081},
			{Name: "an unknown schedule is refused", Method: "POST", Path: tv, Token: ana.Token,
				Body: map[string]any{"schedule": "nope"}, Status: 404, Code: 1081},
			{Name: "unlink the schedule with an empty id", Method: "POST", Path: tv, Token: ana.Token,
				Body: map[string]any{"schedule": ""}, Status: 200, Contains: []string{`"schedule":""`, `"scheduleName":""`}},
			{Name: "a blank name is refused on update", Method: "POST", Path: tv, Token: ana.Token,
				Body: map[string]any{"name": ""}, Status: 400, Code: 1141},
			{Name: "a TV addressed through the wrong store is 100121", Method: "POST", Path: "/api/display/rede/norte/" + created.Display.ID, Token: ana.Token,
				Body: map[string]any{"name": "X"}, Status: 404, Code: 100121},
			{Name: "an unknown TV is 100121", Method: "DELETE", Path: "/api/display/rede/centro/nope", Token: ana.Token,
				Status: 404, Code: 100121},
			{Name: "delete a TV", Method: "DELETE", Path: tv, Token: ana.Token, Status: 200, Contains: []string{`"ok":true`}},
			{Name: "a deleted TV is gone", Method: "GET", Path: "/api/display/rede/centro", Token: ana.Token,
				Status: 200, Absent: []string{"TV Dez"}},
			{Name: "and its code is free again", Method: "POST", Path: "/api/display/rede/norte", Token: ana.Token,
				Body: map[string]any{"name": "Nova", "device": "ABC123"}, Status: 201},
		})
	})
}

func wantNames(t *testing.T, r *testutil.Response, want ...string) {
	t.Helper()
	var body struct {
		DisplayList []struct {
			Name string `json:"name"`
		} `json:"displayList"`
	}
	r.Decode(t, &body)
	var got []string
	for _, d := range body.DisplayList {
		got = append(got, d.Name)
	}
	if len(got) != len(want) {
		t.Fatalf("names %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("names %q, want %q", got, want)
		}
	}
}

func TestOneDeviceCodeTwoSimultaneousRegistrations(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		bia := a.SeedUser(t, "bia@example.com", "")
		a.SeedFranchise(t, "rede", "Rede", ana)
		a.SeedFranchise(t, "outra", "Outra", bia)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro")), 201)
		mustStatus(t, a.Do(t, "POST", "/api/store/outra", bia.Token, storeBody("Sul")), 201)

		for round := range 10 {
			code := "RACE" + string(rune('A'+round))
			var wg sync.WaitGroup
			start := make(chan struct{})
			results := make([]*testutil.Response, 2)
			for i, call := range []struct{ path, token string }{
				{"/api/display/rede/centro", ana.Token}, {"/api/display/outra/sul", bia.Token},
			} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					results[i] = a.Do(t, "POST", call.path, call.token, map[string]any{"name": "TV", "device": code})
				}()
			}
			close(start)
			wg.Wait()
			created, taken := 0, 0
			for _, r := range results {
				switch {
				case r.Status == 201:
					created++
				case r.Status == 409 && r.Code() == 100122:
					taken++
				default:
					t.Fatalf("round %d: unexpected answer %d %s", round, r.Status, r.Body)
				}
			}
			if created != 1 || taken != 1 {
				t.Fatalf("round %d: %d created, %d refused; want exactly one of each", round, created, taken)
			}
		}
	})
}
