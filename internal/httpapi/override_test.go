package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrine/internal/testutil"
)

// overrideFrame is the part of a playlist frame an override rides on.
type overrideFrame struct {
	Type   string `json:"type"`
	Screen *struct {
		DisplayID string `json:"displayId"`
		Overrides []struct {
			ID         string `json:"id"`
			Title      string `json:"title"`
			Text       string `json:"text"`
			Background string `json:"background"`
			Color      string `json:"color"`
			Start      int64  `json:"start"`
			End        int64  `json:"end"`
		} `json:"overrides"`
	} `json:"screen"`
	// sent is the frame as the server sent it (its screen "same" when only
	// the overrides changed).
	sent []byte
}

// playlist reads frames until a playlist whose overrides satisfy ok.
func (p *player) overrides(what string, ok func(ids []string) bool) overrideFrame {
	p.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithDeadline(context.Background(), deadline)
		b, raw, err := p.read(ctx)
		cancel()
		if err != nil {
			p.t.Fatalf("no playlist %s: %v", what, err)
		}
		var f overrideFrame
		if err := json.Unmarshal(b, &f); err != nil || f.Type != "playlist" || f.Screen == nil {
			continue
		}
		f.sent = raw
		var ids []string
		for _, o := range f.Screen.Overrides {
			ids = append(ids, o.ID)
		}
		if ok(ids) {
			return f
		}
	}
	p.t.Fatalf("no playlist %s", what)
	return overrideFrame{}
}

type overrideListed struct {
	ID          string   `json:"id"`
	State       string   `json:"state"`
	Target      string   `json:"target"`
	TargetNames []string `json:"targetNames"`
	StartedBy   string   `json:"startedBy"`
	ClearedBy   string   `json:"clearedBy"`
	Reach       int      `json:"reach"`
	Acked       int      `json:"acked"`
	StartsAt    int64    `json:"startsAt"`
	EndsAt      int64    `json:"endsAt"`
	CreatedAt   int64    `json:"createdAt"`
}

type overrideList struct {
	Overrides []overrideListed `json:"overrides"`
}

func startOverride(t *testing.T, a *testutil.TestApp, slug, token string, body map[string]any) string {
	t.Helper()
	r := a.Do(t, "POST", "/api/override/"+slug, token, body)
	mustStatus(t, r, 201)
	var got struct {
		Override overrideListed `json:"override"`
	}
	r.Decode(t, &got)
	// The start's answer describes it as the list does (no TV has
	// confirmed it yet).
	for _, o := range listOverrides(t, a, slug, token).Overrides {
		if o.ID == got.Override.ID {
			o.Acked = 0
			if !reflect.DeepEqual(o, got.Override) {
				t.Fatalf("the start answered %+v, the list has %+v", got.Override, o)
			}
			return o.ID
		}
	}
	t.Fatalf("started %+v, not listed", got.Override)
	return ""
}

func listOverrides(t *testing.T, a *testutil.TestApp, slug, token string) overrideList {
	t.Helper()
	r := a.Do(t, "GET", "/api/override/"+slug, token, nil)
	mustStatus(t, r, 200)
	var l overrideList
	r.Decode(t, &l)
	return l
}

func has(id string) func([]string) bool {
	return func(ids []string) bool { return slices.Contains(ids, id) }
}
func lacks(id string) func([]string) bool {
	return func(ids []string) bool { return !slices.Contains(ids, id) }
}

func TestEmergencyOverride(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newPlayerFixture(t, a)
		u := a.Unique()
		userAdmin := a.SeedUser(t, "adm-"+u+"@example.com", `{"userA":1}`)
		p1, tv1, _ := f.pairedPlayer(t, "Caixa 1")
		p2, tv2, _ := f.pairedPlayer(t, "Caixa 2")
		path := "/api/override/" + f.slug
		msg := map[string]any{"target": "stores", "stores": []string{"centro"}, "title": "Evacuação", "text": "Saia pela porta lateral."}

		// Permission: an operator without it is refused, a granted one may.
		a.Expect(t, testutil.Scenario{Name: "an operator without the permission", Method: "POST", Path: path, Token: f.op.Token, Body: msg, Status: 403, Code: 1403})
		a.Expect(t, testutil.Scenario{Name: "nor may they list", Method: "GET", Path: path, Token: f.op.Token, Status: 403, Code: 1403})
		mustStatus(t, a.Do(t, "POST", "/api/user/detail/adm", userAdmin.Token, map[string]any{"email": f.op.Email, "emergencyOverride": 1}), 200)
		a.Expect(t, testutil.Scenario{Name: "a bad permission value", Method: "POST", Path: "/api/user/detail/adm", Token: userAdmin.Token,
			Body: map[string]any{"email": f.op.Email, "emergencyOverride": 2}, Status: 400, Code: 1003, Contains: []string{"emergencyOverride deve ser 0 ou 1."}})
		a.Expect(t, testutil.Scenario{Name: "the grant shows on the user list", Method: "GET", Path: "/api/user/all", Token: userAdmin.Token,
			Status: 200, Contains: []string{`"emergencyOverride":1`}})

		// Tenant isolation: another franchise's member sees nothing of it.
		mustStatus(t, a.Do(t, "POST", "/api/user/detail/adm", userAdmin.Token, map[string]any{"email": f.otherOpUser.Email, "emergencyOverride": 1}), 200)
		a.Expect(t, testutil.Scenario{Name: "another franchise", Method: "POST", Path: path, Token: f.otherOpUser.Token, Body: msg, Status: 403, Code: 1403})

		// Validation, state unchanged.
		for _, tc := range []struct {
			name string
			edit func(m map[string]any)
			want string
		}{
			{"no title", func(m map[string]any) { m["title"] = "  " }, "Digite o título da mensagem."},
			{"a long title", func(m map[string]any) { m["title"] = strings.Repeat("a", 81) }, "O título pode ter até 80 caracteres."},
			{"a bad colour", func(m map[string]any) { m["background"] = "red" }, "Cor inválida: use o formato #RRGGBB."},
			{"colours that do not read", func(m map[string]any) { m["background"], m["color"] = "#FFFF00", "#FFFFFF" }, "pouco contraste"},
			{"no target", func(m map[string]any) { m["target"] = "tudo" }, "Escolha onde exibir a mensagem"},
			{"no store", func(m map[string]any) { m["stores"] = []string{} }, "Escolha ao menos uma loja."},
			{"an unknown store", func(m map[string]any) { m["stores"] = []string{"sul"} }, "Loja não encontrada: sul."},
			{"another franchise's TV", func(m map[string]any) { m["target"], m["displays"] = "displays", []string{"nope"} }, "TV não encontrada: nope."},
			{"an end in the past", func(m map[string]any) { m["endsAt"] = time.Now().Add(-time.Hour).UnixMilli() }, "O fim deve ser no futuro."},
			{"an end before the start", func(m map[string]any) {
				m["startsAt"], m["endsAt"] = time.Now().Add(2*time.Hour).UnixMilli(), time.Now().Add(time.Hour).UnixMilli()
			}, "O fim deve ser depois do início."},
			{"an unknown media", func(m map[string]any) { m["media"] = "nope" }, "Mídia não encontrada na biblioteca."},
		} {
			body := map[string]any{}
			for k, v := range msg {
				body[k] = v
			}
			tc.edit(body)
			a.Expect(t, testutil.Scenario{Name: tc.name, Method: "POST", Path: path, Token: f.op.Token, Body: body, Status: 400, Code: 1003, Contains: []string{tc.want}})
		}
		if l := listOverrides(t, a, f.slug, f.op.Token); len(l.Overrides) != 0 {
			t.Fatalf("refused starts left %+v", l)
		}

		// Reach, asked before starting.
		a.Expect(t, testutil.Scenario{Name: "reach of all", Method: "POST", Path: path + "/reach", Token: f.op.Token,
			Body: map[string]any{"target": "all"}, Status: 200, Contains: []string{`"reach":2`}})
		a.Expect(t, testutil.Scenario{Name: "reach of one TV", Method: "POST", Path: path + "/reach", Token: f.op.Token,
			Body: map[string]any{"target": "displays", "displays": []string{tv1}}, Status: 200, Contains: []string{`"reach":1`}})

		// Start now on the store: both players within a second.
		console := openEvents(t, a, f.slug, f.op.Token)
		started := time.Now()
		body := map[string]any{"media": f.image}
		for k, v := range msg {
			body[k] = v
		}
		id := startOverride(t, a, f.slug, f.op.Token, body)
		got := p1.overrides("with the override", has(id))
		p2.overrides("with the override", has(id))
		if took := time.Since(started); took > time.Second {
			t.Errorf("the override took %v to reach both players", took)
		}
		o := got.Screen.Overrides[0]
		if o.Title != "Evacuação" || o.Background != "#B91C1C" || o.Color != "#FFFFFF" || o.End != 0 || o.Start == 0 {
			t.Fatalf("override in the payload %+v", o)
		}
		// Only the overrides changed: the player keeps its screen.
		if !bytes.Contains(got.sent, []byte(`"screen":"same","overrides":[{"id":"`+id+`"`)) {
			t.Errorf("the override went with the whole screen: %s", got.sent)
		}
		p1.send(map[string]any{"type": "ack", "overrides": []string{id}})
		p2.send(map[string]any{"type": "ack", "overrides": []string{id}})
		// The console hears of the confirmations on its stream.
		console.next(t, 5*time.Second, func(e sseEvent) bool { return e.Type == "override" && listsHas(e, "overrides", id) })
		testutil.Eventually(t, 5*time.Second, func() bool {
			l := listOverrides(t, a, f.slug, f.op.Token)
			return len(l.Overrides) == 1 && l.Overrides[0].Acked == 2 && l.Overrides[0].Reach == 2
		}, "two TVs acknowledged it")
		l := listOverrides(t, a, f.slug, f.op.Token)
		if ov := l.Overrides[0]; ov.State != "active" || ov.StartedBy == "" || !slices.Equal(ov.TargetNames, []string{"Centro"}) {
			t.Fatalf("listed %+v", ov)
		}

		// A player reconnecting gets it in its first playlist.
		code, token := p1.code, p1.token
		p1.ws.CloseNow()
		p1 = connect(t, a, code, token)
		p1.overrides("on reconnecting", has(id))

		// A scheduled one travels with its start, on one TV only.
		later := time.Now().Add(time.Hour).UnixMilli()
		sched := startOverride(t, a, f.slug, f.op.Token, map[string]any{"target": "displays", "displays": []string{tv2},
			"title": "Amanhã", "startsAt": later, "endsAt": later + 60_000, "background": "#000000", "color": "#FFFF00"})
		if f := p2.overrides("with the scheduled one", has(sched)); f.Screen.Overrides[0].Start != later || f.Screen.Overrides[0].End != later+60_000 {
			t.Fatalf("scheduled override %+v", f.Screen.Overrides)
		}

		// Clearing takes it off; who cleared is kept.
		a.Expect(t, testutil.Scenario{Name: "another franchise cannot clear it", Method: "POST", Path: "/api/override/" + f.otherSlug + "/" + id + "/clear",
			Token: f.otherOpUser.Token, Status: 404, Code: 1003})
		mustStatus(t, a.Do(t, "POST", path+"/"+id+"/clear", f.boxAdmin.Token, nil), 200)
		p1.overrides("without the cleared one", lacks(id))
		p2.overrides("without the cleared one", lacks(id))
		a.Expect(t, testutil.Scenario{Name: "a second clear", Method: "POST", Path: path + "/" + id + "/clear", Token: f.op.Token,
			Status: 409, Code: 1003, Contains: []string{"Esta mensagem já foi encerrada."}})
		l = listOverrides(t, a, f.slug, f.op.Token)
		if len(l.Overrides) != 2 || l.Overrides[0].ID != sched || l.Overrides[0].State != "scheduled" ||
			l.Overrides[1].State != "cleared" || l.Overrides[1].ClearedBy == "" {
			t.Fatalf("after the clear %+v", l)
		}
		// A TV removed no longer counts among those that confirmed it.
		p2.ws.CloseNow()
		mustStatus(t, a.Do(t, "DELETE", "/api/display/"+f.slug+"/centro/"+tv2, f.op.Token, nil), 200)
		if ov := listOverrides(t, a, f.slug, f.op.Token).Overrides[1]; ov.ID != id || ov.Acked != 1 || ov.Reach != 1 {
			t.Fatalf("after a TV that confirmed it was removed: %+v", ov)
		}

		// One that ends by time leaves the payload of a reconnecting player.
		short := startOverride(t, a, f.slug, f.op.Token, map[string]any{"target": "all", "title": "Rápida", "endsAt": time.Now().Add(1500 * time.Millisecond).UnixMilli()})
		p1.overrides("with the short one", has(short))
		time.Sleep(1600 * time.Millisecond) // the end is on the clock: nothing is pushed at it
		p1.ws.CloseNow()
		p1 = connect(t, a, code, token)
		p1.overrides("after its end", lacks(short))
		testutil.Eventually(t, 5*time.Second, func() bool {
			for _, o := range listOverrides(t, a, f.slug, f.op.Token).Overrides {
				if o.ID == short {
					return o.State == "ended"
				}
			}
			return false
		}, "listed as ended")
	})
}

func TestEmergencyOverrideAcrossReplicas(t *testing.T) {
	if !slices.Contains(testutil.Engines(), "postgres") {
		t.Skip("needs PostgreSQL (TEST_DATABASE_URL)")
	}
	a := testutil.NewApp(t, "postgres")
	b := testutil.NewReplica(t, a)
	f := newPlayerFixture(t, a)
	code, token := a.AnnounceDevice(t)
	f.addTV(t, "TV", code)
	p := connect(t, b, code, token) // the player is on replica b
	p.overrides("first", func([]string) bool { return true })
	id := startOverride(t, a, f.slug, f.boxAdmin.Token, map[string]any{"target": "all", "title": "Atenção"})
	p.overrides("with the override started on replica a", has(id))
	console := openEvents(t, a, f.slug, f.boxAdmin.Token)
	p.send(map[string]any{"type": "ack", "overrides": []string{id}})
	// Recorded by replica b, heard by a console on replica a.
	console.next(t, 5*time.Second, func(e sseEvent) bool { return e.Type == "override" && listsHas(e, "overrides", id) })
	started := time.Now()
	mustStatus(t, a.Do(t, "POST", "/api/override/"+f.slug+"/"+id+"/clear", f.boxAdmin.Token, nil), 200)
	p.overrides("without it after the clear on replica a", lacks(id))
	if took := time.Since(started); took > time.Second {
		t.Errorf("the clear took %v to reach the other replica's player", took)
	}
	testutil.Eventually(t, 5*time.Second, func() bool {
		l := listOverrides(t, a, f.slug, f.boxAdmin.Token)
		return len(l.Overrides) == 1 && l.Overrides[0].Acked == 1
	}, "the ack recorded by replica b counts on replica a")
}
