package httpapi_test

import (
	"testing"

	"vitrine/internal/testutil"
)

// weekBody is opening hours with the same ranges Monday to Friday.
func weekBody(ranges ...map[string]any) map[string]any {
	day := []any{}
	for _, r := range ranges {
		day = append(day, r)
	}
	return map[string]any{"week": []any{[]any{}, day, day, day, day, day, []any{}}, "exceptions": []any{}}
}

func hoursRange(start, end string) map[string]any { return map[string]any{"start": start, "end": end} }

func TestStoreHours(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		fixture := func(t *testing.T) *storeFixture {
			f := newStoreFixture(t, a)
			f.add(storeBody("Centro"))
			return f
		}
		testutil.RunCases(t, a, fixture, []testutil.Case[*storeFixture]{
			{Name: "a store without hours is open all day and keeps playing", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: f.path + "/centro/hours", Token: f.ana.Token,
					Status: 200, Contains: []string{`"hours":null`, `"whenClosed":"play"`, `"timeZone":"America/Sao_Paulo"`}}
			}},
			{Name: "hours with a lunch break, a night and a holiday are stored sorted", Scenario: func(f *storeFixture) testutil.Scenario {
				body := map[string]any{"hours": map[string]any{
					"week":       []any{[]any{}, []any{hoursRange("14:00", "22:00"), hoursRange("08:00", "12:00")}, []any{}, []any{}, []any{}, []any{hoursRange("18:00", "02:00")}, []any{}},
					"exceptions": []any{map[string]any{"date": "2026-12-25", "ranges": []any{}}},
				}, "whenClosed": "rest"}
				return testutil.Scenario{Method: "PUT", Path: f.path + "/centro/hours", Token: f.ana.Token, Body: body,
					Status: 200, Contains: []string{`[{"start":"08:00","end":"12:00"},{"start":"14:00","end":"22:00"}]`,
						`[{"start":"18:00","end":"02:00"}]`, `{"date":"2026-12-25","ranges":[]}`, `"whenClosed":"rest"`}}
			}},
			{Name: "what was stored is read back", Scenario: func(f *storeFixture) testutil.Scenario {
				mustStatus(f.t, f.a.Do(f.t, "PUT", f.path+"/centro/hours", f.ana.Token,
					map[string]any{"hours": weekBody(hoursRange("09:00", "18:00")), "whenClosed": "rest"}), 200)
				return testutil.Scenario{Method: "GET", Path: f.path + "/centro/hours", Token: f.ana.Token,
					Status: 200, Contains: []string{`{"start":"09:00","end":"18:00"}`, `"whenClosed":"rest"`}}
			}},
			{Name: "a range that starts and ends at the same time is refused", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "PUT", Path: f.path + "/centro/hours", Token: f.ana.Token,
					Body:   map[string]any{"hours": weekBody(hoursRange("08:00", "08:00"))},
					Status: 400, Code: 1003, Contains: []string{"Segunda-feira: a faixa 08:00–08:00 começa e termina no mesmo horário."}}
			}},
			{Name: "overlapping ranges are refused naming both", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "PUT", Path: f.path + "/centro/hours", Token: f.ana.Token,
					Body:   map[string]any{"hours": weekBody(hoursRange("08:00", "12:00"), hoursRange("11:00", "14:00"))},
					Status: 400, Code: 1003, Contains: []string{"Segunda-feira: as faixas 08:00–12:00 e 11:00–14:00 se sobrepõem."}}
			}},
			{Name: "a time without HH:MM is refused", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "PUT", Path: f.path + "/centro/hours", Token: f.ana.Token,
					Body:   map[string]any{"hours": weekBody(hoursRange("8h", "12:00"))},
					Status: 400, Code: 1003, Contains: []string{"Use HH:MM"}}
			}},
			{Name: "an exception date that does not exist is refused", Scenario: func(f *storeFixture) testutil.Scenario {
				h := weekBody()
				h["exceptions"] = []any{map[string]any{"date": "2026-02-30", "ranges": []any{}}}
				return testutil.Scenario{Method: "PUT", Path: f.path + "/centro/hours", Token: f.ana.Token,
					Body: map[string]any{"hours": h}, Status: 400, Code: 1003, Contains: []string{"Data de exceção inválida"}}
			}},
			{Name: "a closed behaviour other than play or rest is refused", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "PUT", Path: f.path + "/centro/hours", Token: f.ana.Token,
					Body: map[string]any{"hours": nil, "whenClosed": "off"}, Status: 400, Code: 1003, Contains: []string{"descansar"}}
			}},
			{Name: "a body without hours is refused and the hours stay", Scenario: func(f *storeFixture) testutil.Scenario {
				return hoursKept(f, map[string]any{"whenClosed": "play"})
			}},
			{Name: "an empty body object is refused and the hours stay", Scenario: func(f *storeFixture) testutil.Scenario {
				return hoursKept(f, "{}")
			}},
			{Name: "a null body is refused and the hours stay", Scenario: func(f *storeFixture) testutil.Scenario {
				return hoursKept(f, "null")
			}},
			{Name: "a body of unknown fields only is refused and the hours stay", Scenario: func(f *storeFixture) testutil.Scenario {
				return hoursKept(f, map[string]any{"horario": weekBody(hoursRange("08:00", "12:00")), "Hours": nil})
			}},
			{Name: "null hours remove them (open all day) and keep the closed behaviour", Scenario: func(f *storeFixture) testutil.Scenario {
				mustStatus(f.t, f.a.Do(f.t, "PUT", f.path+"/centro/hours", f.ana.Token,
					map[string]any{"hours": weekBody(hoursRange("09:00", "18:00")), "whenClosed": "rest"}), 200)
				mustStatus(f.t, f.a.Do(f.t, "PUT", f.path+"/centro/hours", f.ana.Token, map[string]any{"hours": nil}), 200)
				return testutil.Scenario{Method: "GET", Path: f.path + "/centro/hours", Token: f.ana.Token,
					Status: 200, Contains: []string{`"hours":null`, `"whenClosed":"rest"`}}
			}},
			{Name: "a body that is not JSON is 400 / 1003", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "PUT", Path: f.path + "/centro/hours", Token: f.ana.Token,
					Body: "{", Status: 400, Code: 1003}
			}},
			{Name: "an unknown store is 404 / 1061", Scenario: func(f *storeFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: f.path + "/nenhuma/hours", Token: f.ana.Token, Status: 404, Code: 1061}
			}},
			{Name: "another franchise's member cannot read them", Scenario: func(f *storeFixture) testutil.Scenario {
				bia := f.a.SeedUser(f.t, "bia-"+f.a.Unique()+"@example.com", "")
				return testutil.Scenario{Method: "GET", Path: f.path + "/centro/hours", Token: bia.Token, Status: 403, Code: 1403}
			}},
			{Name: "another franchise's member cannot change them", Scenario: func(f *storeFixture) testutil.Scenario {
				bia := f.a.SeedUser(f.t, "bia-"+f.a.Unique()+"@example.com", "")
				return testutil.Scenario{Method: "PUT", Path: f.path + "/centro/hours", Token: bia.Token,
					Body: map[string]any{"hours": nil, "whenClosed": "rest"}, Status: 403, Code: 1403}
			}},
		})
	})
}

// hoursKept stores opening hours in Centro, then sends body in place of
// new ones: refused, 400 / 1003, and the stored hours read back unchanged.
func hoursKept(f *storeFixture, body any) testutil.Scenario {
	stored := map[string]any{"hours": weekBody(hoursRange("09:00", "18:00")), "whenClosed": "rest"}
	mustStatus(f.t, f.a.Do(f.t, "PUT", f.path+"/centro/hours", f.ana.Token, stored), 200)
	before := f.a.Do(f.t, "GET", f.path+"/centro/hours", f.ana.Token, nil)
	mustStatus(f.t, before, 200)
	return testutil.Scenario{Method: "PUT", Path: f.path + "/centro/hours", Token: f.ana.Token, Body: body,
		Status: 400, Code: 1003, Contains: []string{`"msg":"Solicitação inválida."`},
		Check: func(t *testing.T, _ *testutil.Response) {
			after := f.a.Do(t, "GET", f.path+"/centro/hours", f.ana.Token, nil)
			if after.Status != 200 || string(after.Body) != string(before.Body) {
				t.Errorf("the hours changed:\nbefore %s\nafter  %d %s", before.Body, after.Status, after.Body)
			}
		}}
}
