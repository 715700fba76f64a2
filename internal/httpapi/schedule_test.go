package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"vitrine/internal/testutil"
)

// scheduleFixture is a franchise of its own with two media, a store with a
// TV, an operator, and a neighbour franchise with a media and a schedule.
type scheduleFixture struct {
	a                  *testutil.TestApp
	slug               string
	op, other          testutil.SeededUser
	image, video       string // media ids
	foreignMedia       string
	foreignSchedule    string
	tv                 string
	franchiseID, store string
}

func newScheduleFixture(t *testing.T, a *testutil.TestApp) *scheduleFixture {
	t.Helper()
	u := a.Unique()
	f := &scheduleFixture{a: a, slug: "rede-" + u}
	f.op = a.SeedUser(t, "op-"+u+"@example.com", "")
	f.other = a.SeedUser(t, "outro-"+u+"@example.com", "")
	f.franchiseID = a.SeedFranchise(t, f.slug, "Rede", f.op)
	otherID := a.SeedFranchise(t, "outra-"+u, "Outra", f.other)
	f.image = seedMedia(t, a, f.franchiseID, "Banner")
	f.video = seedMedia(t, a, f.franchiseID, "Vídeo")
	if _, err := a.DB.ExecContext(context.Background(), `UPDATE media SET type = 'video', display_time = 30 WHERE id = ?`, f.video); err != nil {
		t.Fatal(err)
	}
	f.foreignMedia = seedMedia(t, a, otherID, "Alheia")
	f.foreignSchedule = seedSchedule(t, a, otherID, "Alheia")
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.op.Token, storeBody("Centro")), 201)
	a.ReserveDevices(t, "SCH"+strings.ToUpper(u))
	r := a.Do(t, "POST", "/api/display/"+f.slug+"/centro", f.op.Token, map[string]any{"name": "TV", "device": "SCH" + strings.ToUpper(u)})
	mustStatus(t, r, 201)
	var tv struct {
		Display struct{ ID string } `json:"display"`
	}
	r.Decode(t, &tv)
	f.tv = tv.Display.ID
	return f
}

type scheduleBody struct {
	Schedule struct {
		ID        string           `json:"id"`
		Name      string           `json:"name"`
		Media     []map[string]any `json:"media"`
		Duration  int              `json:"duration"`
		Displays  int              `json:"displays"`
		Hash      string           `json:"hash"`
		BottomBar map[string]any   `json:"bottomBar"`
	} `json:"schedule"`
	Media []map[string]any `json:"media"`
}

func (f *scheduleFixture) create(t *testing.T, name string, media ...map[string]any) scheduleBody {
	t.Helper()
	body := map[string]any{"name": name}
	if media != nil {
		body["media"] = media
	}
	r := f.a.Do(t, "POST", "/api/schedule/"+f.slug, f.op.Token, body)
	mustStatus(t, r, 201)
	var s scheduleBody
	r.Decode(t, &s)
	return s
}

func (f *scheduleFixture) get(t *testing.T, id string) scheduleBody {
	t.Helper()
	r := f.a.Do(t, "GET", "/api/schedule/"+f.slug+"/"+id+"?fullMedia=true", f.op.Token, nil)
	mustStatus(t, r, 200)
	var s scheduleBody
	r.Decode(t, &s)
	return s
}

func (f *scheduleFixture) path(id string, rest ...string) string {
	return "/api/schedule/" + f.slug + "/" + id + strings.Join(rest, "")
}

func TestSchedules(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		setup := func(t *testing.T) *scheduleFixture { return newScheduleFixture(t, a) }

		t.Run("create, list by name with duration and TV count, and read with the library's addresses", func(t *testing.T) {
			f := setup(t)
			if r := a.Do(t, "POST", "/api/schedule/"+f.slug, f.op.Token, map[string]any{"name": "  "}); r.Status != 400 || r.Code() != 1141 {
				t.Fatalf("blank name: %d %s", r.Status, r.Body)
			}
			b := f.create(t, "Vitrine 10", map[string]any{"id": f.image, "displayTime": 15}, map[string]any{"id": f.video})
			plain := f.create(t, "vitrine 2", map[string]any{"id": f.image})
			if plain.Schedule.Media[0]["displayTime"] != float64(10) {
				t.Fatalf("an image without a display time: %v", plain.Schedule.Media[0])
			}
			if b.Schedule.Duration != 15+30 {
				t.Fatalf("duration %d", b.Schedule.Duration)
			}
			mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+f.tv, f.op.Token, map[string]any{"schedule": b.Schedule.ID}), 200)
			r := a.Do(t, "GET", "/api/schedule/"+f.slug, f.op.Token, nil)
			mustStatus(t, r, 200)
			var list struct {
				ScheduleList []struct {
					ID, Name           string
					Duration, Displays int
					MediaCount         int `json:"mediaCount"`
				} `json:"scheduleList"`
			}
			r.Decode(t, &list)
			if len(list.ScheduleList) != 2 || list.ScheduleList[0].Name != "vitrine 2" || list.ScheduleList[1].Name != "Vitrine 10" ||
				list.ScheduleList[1].Displays != 1 || list.ScheduleList[1].MediaCount != 2 {
				t.Fatalf("list %+v", list.ScheduleList)
			}
			got := f.get(t, b.Schedule.ID)
			// What was read can be saved back as it is.
			resave := a.Do(t, "POST", f.path(b.Schedule.ID), f.op.Token, map[string]any{"media": got.Media, "hash": got.Schedule.Hash})
			mustStatus(t, resave, 200)
			if len(got.Media) != 2 || got.Media[0]["url"] == nil || got.Media[0]["type"] != "image" ||
				got.Media[0]["dok"] != float64(127) || got.Media[0]["enabled"] != true || got.Media[0]["name"] != "Banner" {
				t.Fatalf("entries %v", got.Media)
			}
		})

		t.Run("entries are validated with the spec's codes", func(t *testing.T) {
			f := setup(t)
			id := f.create(t, "Regras").Schedule.ID
			for _, c := range []struct {
				name  string
				entry map[string]any
				code  int
				msg   string // part of the message ("" for the catalogue's)
			}{
				{"an entry without id is 100105", map[string]any{"displayTime": 5}, 100105, ""},
				{"an unknown media is 100101", map[string]any{"id": "nao-existe"}, 100101, ""},
				{"another franchise's media is 100101", map[string]any{"id": f.foreignMedia}, 100101, ""},
				{"an ad slot without positions is 100106", map[string]any{"isAd": true, "adTime": 10}, 100106, ""},
				{"an ad slot of zero seconds", map[string]any{"isAd": true, "adSlots": 2, "adTime": 0}, 1003,
					"Vaga de anúncios (posição 2): A duração de cada anúncio da vaga deve ser um número inteiro de 1 a 3600 segundos."},
				{"an ad slot of 1.5 positions", map[string]any{"isAd": true, "adSlots": 1.5, "adTime": 10}, 1003,
					"Vaga de anúncios (posição 2): A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100."},
				{"weekdays beyond 127", map[string]any{"id": f.image, "dok": 128}, 1003, "dok deve ser um número inteiro de 1 a 127"},
				{"no weekday", map[string]any{"id": f.image, "dok": 0}, 1003, `Mídia “Banner” (posição 2): Selecione pelo menos um dia da semana.`},
				{"a malformed window", map[string]any{"id": f.image, "timeGap": []string{"25:00@26:00"}}, 1003, "Faixa de horário inválida"},
				{"a window without its end", map[string]any{"id": f.image, "timeGap": []string{"08:00"}}, 1003, "Faixa de horário inválida"},
				{"a window that starts and ends at the same minute", map[string]any{"id": f.image, "timeGap": []string{"15:00@15:00"}}, 1003,
					"A faixa de horário 15:00 às 15:00 começa e termina no mesmo horário"},
				{"overlapping windows", map[string]any{"id": f.image, "timeGap": []string{"11:00@14:00", "08:00@12:00"}}, 1003,
					"As faixas de horário 08:00 às 12:00 e 11:00 às 14:00 se sobrepõem"},
				{"volume above 1", map[string]any{"id": f.video, "volume": 1.5}, 1003, "O volume deve ser um número de 0 a 1."},
				{"an end before the start", map[string]any{"id": f.image, "startDate": 2000, "endDate": 1000}, 1003, "A data final deve ser posterior à inicial."},
				{"a display time of zero", map[string]any{"id": f.image, "displayTime": 0}, 1003, "de 1 a 86400 segundos"},
				{"a display time of 123456789012", map[string]any{"id": f.image, "displayTime": 123456789012}, 1003,
					"O tempo de exibição deve ser um número inteiro de 1 a 86400 segundos."},
				{"an hourly limit of 2.5", map[string]any{"id": f.image, "limitByHour": 2.5}, 1003, "de 0 a 3600 (0 = sem limite)"},
				{"a fallback that is not a media of the franchise", map[string]any{"isAd": true, "adSlots": 1, "adTime": 5, "adFallbackMediaId": f.foreignMedia}, 100101, ""},
			} {
				t.Run(c.name, func(t *testing.T) {
					r := a.Do(t, "POST", f.path(id), f.op.Token, map[string]any{"media": []any{map[string]any{"id": f.image}, c.entry}})
					if r.Code() != c.code || r.Status < 400 || r.Status >= 500 || !strings.Contains(string(r.Body), c.msg) {
						t.Fatalf("%d %s", r.Status, r.Body)
					}
					if got := f.get(t, id); len(got.Media) != 0 {
						t.Fatalf("a refused save changed the entries: %v", got.Media)
					}
				})
			}
		})

		t.Run("rows saved before the rules keep their days and windows when the list is saved again", func(t *testing.T) {
			f := setup(t)
			id := f.create(t, "Antiga", map[string]any{"id": f.image}).Schedule.ID
			old := fmt.Sprintf(`[{"id":%q,"name":"Vazia","type":"image","displayTime":10,"dok":127,"enabled":true,"stretch":false,"timeGap":["15:00@15:00"],"volume":0},`+
				`{"id":%q,"name":"Sem dia","type":"image","displayTime":10,"dok":0,"enabled":true,"stretch":false,"timeGap":["18:00@20:00","08:00@12:00"],"volume":0}]`, f.image, f.image)
			if _, err := a.DB.ExecContext(context.Background(), `UPDATE schedules SET entries = ? WHERE id = ?`, old, id); err != nil {
				t.Fatal(err)
			}
			stored := f.get(t, id).Media
			resend := []any{
				map[string]any{"id": f.video},
				map[string]any{"id": f.image, "name": "Vazia", "timeGap": stored[0]["timeGap"]},
				map[string]any{"id": f.image, "name": "Sem dia", "dok": 0, "timeGap": []string{"08:00@12:00", "18:00@20:00"}},
			}
			mustStatus(t, a.Do(t, "POST", f.path(id), f.op.Token, map[string]any{"media": resend}), 200)
			got := f.get(t, id).Media
			if len(got) != 3 || fmt.Sprint(got[1]["timeGap"]) != "[15:00@15:00]" || got[2]["dok"] != float64(0) {
				t.Fatalf("entries %v", got)
			}
			// A row whose windows change is checked in full.
			resend[1] = map[string]any{"id": f.image, "name": "Vazia", "timeGap": []string{"15:00@15:00", "08:00@09:00"}}
			r := a.Do(t, "POST", f.path(id), f.op.Token, map[string]any{"media": resend})
			if r.Code() != 1003 || !strings.Contains(string(r.Body), "Mídia “Vazia” (posição 2): A faixa de horário 15:00 às 15:00 começa e termina no mesmo horário") {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
		})

		t.Run("windows are saved sorted by their start", func(t *testing.T) {
			f := setup(t)
			id := f.create(t, "Faixas").Schedule.ID
			mustStatus(t, a.Do(t, "POST", f.path(id), f.op.Token, map[string]any{"media": []any{
				map[string]any{"id": f.image, "timeGap": []string{"18:00@20:00", "22:00@02:00", "08:00@09:00"}}}}), 200)
			got := f.get(t, id).Media[0]["timeGap"]
			if fmt.Sprint(got) != "[08:00@09:00 18:00@20:00 22:00@02:00]" {
				t.Fatalf("timeGap %v", got)
			}
		})

		t.Run("a save with a stale hash is refused; rename and retag keep the entries", func(t *testing.T) {
			f := setup(t)
			b := f.create(t, "Concorrida", map[string]any{"id": f.image})
			old := b.Schedule.Hash
			r := a.Do(t, "POST", f.path(b.Schedule.ID), f.op.Token, map[string]any{"hash": old,
				"media": []any{map[string]any{"id": f.video}, map[string]any{"id": f.image, "timeGap": []string{"22:00@02:00"}, "limitByHour": 4}}})
			mustStatus(t, r, 200)
			var saved scheduleBody
			r.Decode(t, &saved)
			if saved.Schedule.Hash == old || len(saved.Schedule.Media) != 2 {
				t.Fatalf("saved %+v", saved.Schedule)
			}
			r = a.Do(t, "POST", f.path(b.Schedule.ID), f.op.Token, map[string]any{"hash": old, "media": []any{}})
			if r.Status != 409 || !strings.Contains(string(r.Body), "Recarregue") {
				t.Fatalf("stale save: %d %s", r.Status, r.Body)
			}
			mustStatus(t, a.Do(t, "POST", f.path(b.Schedule.ID), f.op.Token, map[string]any{"name": "Renomeada", "tags": []string{"natal"}}), 200)
			got := f.get(t, b.Schedule.ID)
			if got.Schedule.Name != "Renomeada" || len(got.Media) != 2 || got.Schedule.Hash != saved.Schedule.Hash {
				t.Fatalf("after rename: %+v", got.Schedule)
			}
			disp := a.Do(t, "GET", "/api/display/"+f.slug, f.op.Token, nil)
			mustStatus(t, disp, 200)
			mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+f.tv, f.op.Token, map[string]any{"schedule": b.Schedule.ID}), 200)
			mustStatus(t, a.Do(t, "POST", f.path(b.Schedule.ID), f.op.Token, map[string]any{"name": "Outro nome"}), 200)
			disp = a.Do(t, "GET", "/api/display/"+f.slug, f.op.Token, nil)
			mustStatus(t, disp, 200)
			if !strings.Contains(string(disp.Body), `"scheduleName":"Outro nome"`) {
				t.Fatalf("the TV list kept the old name: %s", disp.Body)
			}
		})

		t.Run("an entry is unlinked by its position", func(t *testing.T) {
			f := setup(t)
			b := f.create(t, "Posições", map[string]any{"id": f.image}, map[string]any{"id": f.video}, map[string]any{"id": f.image, "name": "De novo"})
			r := a.Do(t, "DELETE", f.path(b.Schedule.ID, "/1"), f.op.Token, nil)
			mustStatus(t, r, 200)
			got := f.get(t, b.Schedule.ID)
			if len(got.Media) != 2 || got.Media[0]["id"] != f.image || got.Media[1]["name"] != "De novo" {
				t.Fatalf("entries %v", got.Media)
			}
			if r := a.Do(t, "DELETE", f.path(b.Schedule.ID, "/5"), f.op.Token, nil); r.Status != 404 {
				t.Fatalf("a position beyond the end: %d %s", r.Status, r.Body)
			}
			if r := a.Do(t, "DELETE", f.path(b.Schedule.ID, "/0?hash=velho"), f.op.Token, nil); r.Status != 409 {
				t.Fatalf("with a stale hash: %d %s", r.Status, r.Body)
			}
		})

		t.Run("duplicate keeps entries and footer; delete leaves the TVs without a schedule", func(t *testing.T) {
			f := setup(t)
			admin := a.SeedUser(t, "adm-"+a.Unique()+"@example.com", `{"userA":1}`)
			if _, err := a.DB.ExecContext(context.Background(), `INSERT INTO user_franchises (user_id, franchise_id, created_at) VALUES (?, ?, 0)`, admin.ID, f.franchiseID); err != nil {
				t.Fatal(err)
			}
			b := f.create(t, "Original", map[string]any{"id": f.image})
			mustStatus(t, a.Do(t, "POST", f.path(b.Schedule.ID, "/config"), admin.Token, map[string]any{"bottomBar": defaultFooter()}), 200)
			r := a.Do(t, "POST", f.path(b.Schedule.ID, "/dup"), f.op.Token, map[string]any{"name": "Cópia"})
			mustStatus(t, r, 201)
			var dup scheduleBody
			r.Decode(t, &dup)
			got := f.get(t, dup.Schedule.ID)
			if got.Schedule.Name != "Cópia" || len(got.Media) != 1 || got.Schedule.BottomBar == nil || dup.Schedule.ID == b.Schedule.ID {
				t.Fatalf("duplicate %+v", got.Schedule)
			}
			if r := a.Do(t, "POST", f.path(b.Schedule.ID, "/dup"), f.op.Token, map[string]any{"name": ""}); r.Code() != 1141 {
				t.Fatalf("duplicate without a name: %d %s", r.Status, r.Body)
			}
			mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+f.tv, f.op.Token, map[string]any{"schedule": b.Schedule.ID}), 200)
			mustStatus(t, a.Do(t, "DELETE", f.path(b.Schedule.ID), f.op.Token, nil), 200)
			disp := a.Do(t, "GET", "/api/display/"+f.slug+"/centro", f.op.Token, nil)
			mustStatus(t, disp, 200)
			if !strings.Contains(string(disp.Body), `"schedule":""`) {
				t.Fatalf("the TV still names the deleted schedule: %s", disp.Body)
			}
			if r := a.Do(t, "GET", f.path(b.Schedule.ID), f.op.Token, nil); r.Status != 404 || r.Code() != 1081 {
				t.Fatalf("the deleted schedule: %d %s", r.Status, r.Body)
			}
		})

		t.Run("deleting a media removes its entries and the slots' fallback", func(t *testing.T) {
			f := setup(t)
			b := f.create(t, "Com vídeo", map[string]any{"id": f.video}, map[string]any{"id": f.image},
				map[string]any{"isAd": true, "adSlots": 2, "adTime": 15, "adFallbackMediaId": f.video})
			lib := a.Do(t, "GET", "/api/media/"+f.slug, f.op.Token, nil)
			mustStatus(t, lib, 200)
			if !strings.Contains(string(lib.Body), `"schedules":[{"id":"`+b.Schedule.ID+`","name":"Com vídeo"}]`) {
				t.Fatalf("the library does not name the schedule using the media: %s", lib.Body)
			}
			mustStatus(t, a.Do(t, "DELETE", "/api/media/"+f.slug+"/"+f.video, f.op.Token, nil), 200)
			got := f.get(t, b.Schedule.ID)
			if len(got.Media) != 2 || got.Media[0]["id"] != f.image || got.Media[1]["adFallbackMediaId"] != nil {
				t.Fatalf("entries after the delete: %v", got.Media)
			}
			if got.Schedule.Hash == b.Schedule.Hash {
				t.Fatal("the hash did not change")
			}
		})

		t.Run("the footer is for administrators and keeps spec 2's limits", func(t *testing.T) {
			f := setup(t)
			id := f.create(t, "Rodapé").Schedule.ID
			if r := a.Do(t, "POST", f.path(id, "/config"), f.op.Token, map[string]any{"bottomBar": defaultFooter()}); r.Status != 403 {
				t.Fatalf("an operator saved the footer: %d", r.Status)
			}
			admin := a.SeedUser(t, "adm-"+a.Unique()+"@example.com", `{"dispA":1}`)
			asOp := impersonate(t, a, f.op.ID, admin.ID)
			for _, c := range []struct {
				name string
				edit func(b map[string]any)
			}{
				{"height below 24", func(b map[string]any) { b["height"] = 10 }},
				{"a weight off the hundreds", func(b map[string]any) { b["fWeight"] = 750 }},
				{"a colour that is not #RRGGBB", func(b map[string]any) { b["bgColor"] = "vermelho" }},
				{"an unknown currency", func(b map[string]any) {
					b["quote"].(map[string]any)["coins"] = []any{map[string]any{"asset": "BTC"}}
				}},
				{"a logo that is no http address", func(b map[string]any) { b["logo"] = "javascript:alert(1)" }},
				{"a clock font of 200", func(b map[string]any) { b["clock"].(map[string]any)["fSize"] = 200 }},
			} {
				t.Run(c.name, func(t *testing.T) {
					b := defaultFooter()
					c.edit(b)
					if r := a.Do(t, "POST", f.path(id, "/config"), asOp, map[string]any{"bottomBar": b}); r.Status != 400 || r.Code() != 1003 {
						t.Fatalf("%d %s", r.Status, r.Body)
					}
				})
			}
			r := a.Do(t, "POST", f.path(id, "/config"), asOp, map[string]any{"bottomBar": defaultFooter()})
			mustStatus(t, r, 200)
			if !strings.Contains(string(r.Body), `"symbol":"€"`) {
				t.Fatalf("the server did not set the symbols: %s", r.Body)
			}
			mustStatus(t, a.Do(t, "POST", f.path(id, "/config"), asOp, map[string]any{"bottomBar": nil}), 200)
			if got := f.get(t, id); got.Schedule.BottomBar != nil {
				t.Fatalf("a disabled footer was kept: %v", got.Schedule.BottomBar)
			}
		})

		t.Run("an ad slot goes first and needs the ads-center permission", func(t *testing.T) {
			f := setup(t)
			id := f.create(t, "Com vaga", map[string]any{"id": f.image}).Schedule.ID
			body := map[string]any{"quantity": 3, "duration": 15, "adFallbackMediaId": f.image}
			if r := a.Do(t, "POST", f.path(id, "/slot"), f.op.Token, body); r.Status != 403 {
				t.Fatalf("without the permission: %d", r.Status)
			}
			if _, err := a.DB.ExecContext(context.Background(), `UPDATE users SET view_ads_center = 1 WHERE id = ?`, f.op.ID); err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				name string
				body map[string]any
				msg  string
			}{
				{"no positions", map[string]any{"quantity": 0, "duration": 15}, `"A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100."`},
				{"1.5 positions", map[string]any{"quantity": 1.5, "duration": 15}, `"A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100."`},
				{"no quantity", map[string]any{"duration": 15}, `"A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100."`},
				{"a duration of 0", map[string]any{"quantity": 2, "duration": 0}, `"A duração de cada anúncio da vaga deve ser um número inteiro de 1 a 3600 segundos."`},
				{"a duration of 4000", map[string]any{"quantity": 2, "duration": 4000}, `"A duração de cada anúncio da vaga deve ser um número inteiro de 1 a 3600 segundos."`},
			} {
				r := a.Do(t, "POST", f.path(id, "/slot"), f.op.Token, c.body)
				if r.Status != 400 || r.Code() != 1003 || !strings.Contains(string(r.Body), c.msg) {
					t.Fatalf("a slot of %s: %d %s", c.name, r.Status, r.Body)
				}
			}
			mustStatus(t, a.Do(t, "POST", f.path(id, "/slot"), f.op.Token, body), 200)
			got := f.get(t, id)
			slot := got.Media[0]
			if len(got.Media) != 2 || slot["isAd"] != true || slot["adSlots"] != float64(3) || slot["displayTime"] != float64(45) ||
				slot["name"] != "Slot" || slot["id"] == "" || got.Schedule.Duration != 45+10 {
				t.Fatalf("entries %v (duration %d)", got.Media, got.Schedule.Duration)
			}
		})

		t.Run("another franchise's schedules are out of reach", func(t *testing.T) {
			f := setup(t)
			for _, c := range []struct{ method, path string }{
				{"GET", f.path(f.foreignSchedule)},
				{"POST", f.path(f.foreignSchedule)},
				{"DELETE", f.path(f.foreignSchedule)},
				{"DELETE", f.path(f.foreignSchedule, "/0")},
				{"POST", f.path(f.foreignSchedule, "/dup")},
			} {
				r := a.Do(t, c.method, c.path, f.op.Token, map[string]any{"name": "x"})
				if r.Status != 404 || r.Code() != 1081 || strings.Contains(string(r.Body), "Alheia") {
					t.Errorf("%s %s: %d %s", c.method, c.path, r.Status, r.Body)
				}
			}
			if r := a.Do(t, "GET", "/api/schedule/outra-x", f.op.Token, nil); r.Status != 403 {
				t.Errorf("another franchise's list: %d", r.Status)
			}
		})
	})
}

func defaultFooter() map[string]any {
	return map[string]any{
		"height": 64, "bgColor": "#dfdfdf", "color": "#000000", "fSize": 22, "fWeight": 700,
		"clock":   map[string]any{"color": "#000000", "fSize": 40},
		"weather": map[string]any{"fontSize": 35},
		"quote": map[string]any{
			"coins": []any{map[string]any{"asset": "USD"}, map[string]any{"asset": "EUR"}},
			"style": map[string]any{"gap": 20, "fontSize": 30, "green": "#008800", "red": "#aa0000"},
		},
	}
}

// The console asks what a TV shows now and next; the answer follows the
// playback rules in the franchise's time zone.
func TestWhatATVShowsNowAndNext(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newScheduleFixture(t, a)
		tvPath := "/api/display/" + f.slug + "/centro/" + f.tv + "/now"

		r := a.Do(t, "GET", tvPath, f.op.Token, nil)
		mustStatus(t, r, 200)
		if !strings.Contains(string(r.Body), `"now":null`) || !strings.Contains(string(r.Body), `"timeZone":"America/Sao_Paulo"`) {
			t.Fatalf("a TV without a schedule: %s", r.Body)
		}

		// Banner all day for 20 s, then a night-only video (22:00-02:00).
		b := f.create(t, "Dia e noite",
			map[string]any{"id": f.image, "displayTime": 20},
			map[string]any{"id": f.video, "displayTime": 30, "timeGap": []string{"22:00@02:00"}})
		mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+f.tv, f.op.Token, map[string]any{"schedule": b.Schedule.ID}), 200)

		type answer struct {
			Playing struct {
				Anchor int64 `json:"anchor"`
				Now    *struct {
					Kind, EntryID, Name string
					Start, End          int64
				} `json:"now"`
				Next []struct {
					EntryID  string
					Name     string
					Position int
					Start    int64
				} `json:"next"`
			} `json:"playing"`
		}
		ask := func(t *testing.T, at time.Time, next int) answer {
			t.Helper()
			r := a.Do(t, "GET", fmt.Sprintf("%s?at=%d&next=%d", tvPath, at.UnixMilli(), next), f.op.Token, nil)
			mustStatus(t, r, 200)
			var ans answer
			r.Decode(t, &ans)
			return ans
		}
		sp, _ := time.LoadLocation("America/Sao_Paulo")
		// Tomorrow, so the schedule's last change (today) is before the day's start.
		day := time.Now().In(sp).AddDate(0, 0, 2)
		noon := time.Date(day.Year(), day.Month(), day.Day(), 12, 0, 5, 0, sp)
		ans := ask(t, noon, 3)
		if ans.Playing.Now == nil || ans.Playing.Now.EntryID != f.image || ans.Playing.Now.Name != "Banner" {
			t.Fatalf("at noon: %+v", ans.Playing.Now)
		}
		for _, n := range ans.Playing.Next {
			if n.EntryID != f.image {
				t.Fatalf("the night-only video is next at noon: %+v", ans.Playing.Next)
			}
		}
		if len(ans.Playing.Next) != 3 || ans.Playing.Next[0].Start != ans.Playing.Now.End {
			t.Fatalf("next items: %+v", ans.Playing.Next)
		}
		night := time.Date(day.Year(), day.Month(), day.Day(), 23, 0, 0, 0, sp)
		sawVideo := false
		for _, n := range ask(t, night, 4).Playing.Next {
			sawVideo = sawVideo || n.EntryID == f.video
		}
		if !sawVideo {
			t.Fatal("the night-only video does not play at 23:00")
		}

		// The next items continue the TV's loop: at 12:30 the banner has had
		// its 2 plays of the hour, so it does not come back before 13:00.
		limited := f.create(t, "Limitada",
			map[string]any{"id": f.image, "displayTime": 20, "limitByHour": 2},
			map[string]any{"id": f.video, "displayTime": 30})
		mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+f.tv, f.op.Token, map[string]any{"schedule": limited.Schedule.ID}), 200)
		half := time.Date(day.Year(), day.Month(), day.Day(), 12, 30, 0, 0, sp)
		late := ask(t, half, 20)
		if late.Playing.Now == nil || late.Playing.Now.EntryID != f.video {
			t.Fatalf("at 12:30 the banner plays past its limit: %+v", late.Playing.Now)
		}
		for _, n := range late.Playing.Next {
			if n.EntryID == f.image {
				t.Fatalf("the banner comes back within the hour it reached its limit in: %+v", late.Playing.Next)
			}
		}

		// An ad slot with nothing to fill it is skipped, as the player skips
		// it; with a fallback media it plays.
		slot := func(fallback string) map[string]any {
			return map[string]any{"id": "vaga-1", "name": "Vaga", "isAd": true, "adSlots": 2, "adTime": 5, "adFallbackMediaId": fallback}
		}
		for _, tc := range []struct {
			fallback string
			want     bool
		}{{"", false}, {f.video, true}} {
			withSlot := f.create(t, "Com vaga "+tc.fallback, map[string]any{"id": f.image, "displayTime": 20}, slot(tc.fallback))
			mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+f.tv, f.op.Token, map[string]any{"schedule": withSlot.Schedule.ID}), 200)
			sawSlot := false
			var positions []int
			for _, n := range ask(t, noon, 6).Playing.Next {
				if n.EntryID == "vaga-1" {
					sawSlot = true
					positions = append(positions, n.Position)
					// Each position nobody bought shows the fallback media.
					if n.Name != "Vídeo" {
						t.Fatalf("an unsold position shows %q", n.Name)
					}
				}
			}
			if sawSlot && (len(positions) < 2 || positions[0] != 1 || positions[1] != 2) {
				t.Fatalf("the slot's positions in turn: %v", positions)
			}
			if sawSlot != tc.want {
				t.Fatalf("slot with fallback %q plays: %v, want %v", tc.fallback, sawSlot, tc.want)
			}
		}

		if r := a.Do(t, "GET", tvPath+"?next=1000", f.op.Token, nil); r.Status != 400 {
			t.Fatalf("next beyond the limit: %d", r.Status)
		}
		if r := a.Do(t, "GET", "/api/display/"+f.slug+"/centro/nope/now", f.op.Token, nil); r.Code() != 100121 {
			t.Fatalf("an unknown TV: %d %s", r.Status, r.Body)
		}
	})
}
