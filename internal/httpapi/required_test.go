package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"vitrine/api"
	"vitrine/internal/media/mediatest"
	"vitrine/internal/testutil"
)

// walkFixture is the ads-center fixture (a franchise with a store "centro",
// an image, a schedule with the ad slot "slot-a", TVs on it) grown so that
// every write route of the contract has something of its own to change: an
// administrator of users and TVs, an operator who may start overrides, a
// paired TV online with a command waiting for its answer, a store contact,
// opening hours, a footer, an advertisement and an uploaded file not yet in the library.
type walkFixture struct {
	*adFixture
	admin         testutil.SeededUser // userA and dispA, a member of the franchise
	asBoxAdmin    string              // op's session impersonated by admin
	pwUser        testutil.SeededUser // whose password the walk tries to change
	tv            string              // the paired TV, online
	device, token string              // its player's code and device token
	job           string              // a command to tv waiting for the answer
	ad            string              // an advertisement on tv
	upload        string              // an uploaded file's object key
	// Local content: the schedule 'Locais' with the space "espaco" played
	// by a TV of centro, centro's own image, an item of it waiting for
	// approval (op approves content), and a file uploaded for centro's
	// folder, not yet registered.
	local, localImage, localItem, localUpload string
}

func newWalkFixture(t *testing.T, a *testutil.TestApp) *walkFixture {
	t.Helper()
	f := &walkFixture{adFixture: newAdFixture(t, a, 3)}
	u := a.Unique()
	f.admin = a.SeedUser(t, "adm-"+u+"@example.com", `{"userA":1,"dispA":1}`)
	f.pwUser = a.SeedUser(t, "senha-"+u+"@example.com", "")
	if _, err := a.DB.ExecContext(context.Background(), `INSERT INTO user_franchises (user_id, franchise_id, created_at) VALUES (?, ?, ?)`,
		f.admin.ID, f.franchiseID, a.Now().UnixMilli()); err != nil {
		t.Fatal(err)
	}
	f.asBoxAdmin = impersonate(t, a, f.op.ID, f.admin.ID)
	mustStatus(t, a.Do(t, "POST", "/api/user/detail/adm", f.admin.Token, map[string]any{"email": f.op.Email, "emergencyOverride": 1}), 200)

	f.device, f.token = a.AnnounceDevice(t)
	f.tv = f.addTV(t, f.op.Token, f.slug, "centro", "TV Balcão", f.device, f.schedule)
	markOnline(t, a, f.tv)
	r := a.Do(t, "POST", f.display("/admin-command"), f.asBoxAdmin, map[string]any{"operation": "identifyVersion"})
	mustStatus(t, r, 202)
	var sent struct {
		CommandID string `json:"commandId"`
	}
	r.Decode(t, &sent)
	f.job = sent.CommandID

	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug+"/centro", f.op.Token,
		map[string]any{"contacts": []map[string]any{contact("Rita", "11987654321")}}), 200)
	f.ad = f.createAd(t, "Natal", day(0), day(2), f.tv)
	mustStatus(t, a.Do(t, "PUT", "/api/store/"+f.slug+"/centro/hours", f.op.Token,
		map[string]any{"hours": weekBody(hoursRange("09:00", "18:00")), "whenClosed": "rest"}), 200)
	mustStatus(t, a.Do(t, "POST", f.scheduleAt("/config"), f.admin.Token, map[string]any{"bottomBar": defaultFooter()}), 200)
	f.upload = upload(t, a, f.op.Token, f.slug, "image", "image/png", mediatest.PNG(64, 48))

	r = a.Do(t, "POST", "/api/schedule/"+f.slug, f.op.Token, map[string]any{"name": "Locais"})
	mustStatus(t, r, 201)
	var sc struct {
		Schedule struct{ ID string } `json:"schedule"`
	}
	r.Decode(t, &sc)
	f.local = sc.Schedule.ID
	mustStatus(t, a.Do(t, "POST", "/api/schedule/"+f.slug+"/"+f.local, f.op.Token,
		map[string]any{"media": []map[string]any{{"id": "espaco", "isLocal": true, "localTime": 10}}}), 200)
	f.addTV(t, f.op.Token, f.slug, "centro", "TV Local", "LOC"+strings.ToUpper(u), f.local)
	localKey := upload(t, a, f.op.Token, f.slug, "image", "image/png", mediatest.PNG(64, 48))
	r = a.Do(t, "POST", "/api/local/"+f.slug+"/centro/media", f.op.Token,
		map[string]any{"name": "Aviso", "type": "image", "filePath": localKey})
	mustStatus(t, r, 201)
	var m struct {
		Media struct{ ID string } `json:"media"`
	}
	r.Decode(t, &m)
	f.localImage = m.Media.ID
	r = a.Do(t, "POST", "/api/local/"+f.slug+"/centro/items", f.op.Token,
		map[string]any{"scheduleId": f.local, "spaceId": "espaco", "mediaId": f.localImage})
	mustStatus(t, r, 201)
	var it struct{ ID string }
	r.Decode(t, &it)
	f.localItem = it.ID
	if _, err := a.DB.ExecContext(context.Background(), `UPDATE user_franchises SET approve_content = 1 WHERE user_id = ?`, f.op.ID); err != nil {
		t.Fatal(err)
	}
	f.localUpload = upload(t, a, f.op.Token, f.slug, "image", "image/png", mediatest.PNG(32, 24))
	return f
}

func (f *walkFixture) display(rest string) string {
	return "/api/display/" + f.slug + "/centro/" + f.tv + rest
}

func (f *walkFixture) scheduleAt(rest string) string {
	return "/api/schedule/" + f.slug + "/" + f.schedule + rest
}

// read is a GET whose answer a refused call must leave as it was.
type read struct{ path, token string }

// bodyExample is a valid call of a route on the walk's fixture: its path,
// token and body, the reads that show what it changes, and the status the
// whole body answers (a success, or for calls whose success needs what a
// test cannot have, such as an e-mailed code, the refusal of what the body
// says, which is not the refusal of a missing field).
type bodyExample struct {
	path   func(f *walkFixture) string
	token  func(f *walkFixture) string
	body   func(f *walkFixture) map[string]any
	reads  func(f *walkFixture) []read
	answer int
}

func byOp(f *walkFixture) string    { return f.op.Token }
func byAdmin(f *walkFixture) string { return f.admin.Token }
func nobody(*walkFixture) string    { return "" }
func at(path string) func(*walkFixture) string {
	return func(*walkFixture) string { return path }
}

// bodyExamples holds a valid body for every route whose contract names
// required fields; the walk fails when a route lacks one.
var bodyExamples = map[string]bodyExample{
	"POST /api/user/auth": {path: at("/api/user/auth"), token: nobody, answer: 401,
		body: func(f *walkFixture) map[string]any { return map[string]any{"email": f.op.Email, "auth": "Senha#123"} }},
	"POST /api/user/register": {path: at("/api/user/register"), token: byAdmin, answer: 201,
		body: func(f *walkFixture) map[string]any {
			return map[string]any{"email": "novo-" + f.slug + "@example.com", "auth": "Senha#123", "name": "Novo"}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/user/all", f.admin.Token}} }},
	"POST /api/user/verify-link": {path: at("/api/user/verify-link"), token: nobody, answer: 400,
		body: func(*walkFixture) map[string]any { return map[string]any{"code": "codigo-desconhecido"} }},
	"POST /api/user/request-reset-pwd": {path: at("/api/user/request-reset-pwd"), token: nobody, answer: 200,
		body: func(f *walkFixture) map[string]any { return map[string]any{"email": f.pwUser.Email} }},
	"POST /api/user/reset-pwd-link": {path: at("/api/user/reset-pwd-link"), token: nobody, answer: 400,
		body: func(*walkFixture) map[string]any {
			return map[string]any{"auth": "Senha#1234", "code": "codigo-desconhecido"}
		}},
	"POST /api/user/pwd": {path: at("/api/user/pwd"), token: func(f *walkFixture) string { return f.pwUser.Token }, answer: 400,
		body: func(*walkFixture) map[string]any {
			return map[string]any{"auth": "Senha#1234", "currentAuth": "Senha#123"}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/user/detail", f.pwUser.Token}} }},
	"POST /api/user/detail": {path: at("/api/user/detail"), token: byOp, answer: 200,
		body:  func(*walkFixture) map[string]any { return map[string]any{"name": "Operadora", "cpf": "", "mobile": ""} },
		reads: func(f *walkFixture) []read { return []read{{"/api/user/detail", f.op.Token}} }},
	"POST /api/user/impersonate": {path: at("/api/user/impersonate"), token: byAdmin, answer: 200,
		body: func(f *walkFixture) map[string]any { return map[string]any{"email": f.plain.Email} }},
	"POST /api/user/franchise": {path: at("/api/user/franchise"), token: byAdmin, answer: 200,
		body: func(f *walkFixture) map[string]any {
			return map[string]any{"action": "ADD", "email": f.plain.Email, "franchiseSlug": f.otherSlug}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/user/all", f.admin.Token}} }},
	// A whole body names an issuer that does not answer: refused for
	// that (400 / 1032), not for a missing field.
	"PUT /api/sso/settings/{franchise}": {path: func(f *walkFixture) string { return "/api/sso/settings/" + f.slug },
		token: byAdmin, answer: 400,
		body: func(*walkFixture) map[string]any {
			return map[string]any{"issuer": "http://127.0.0.1:1/", "clientId": "vitrine", "domains": []string{"empresa.test"},
				"role": "store", "allowPassword": true}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/sso/settings/" + f.slug, f.admin.Token}} }},
	"POST /api/sso/check": {path: at("/api/sso/check"), token: nobody, answer: 200,
		body: func(f *walkFixture) map[string]any { return map[string]any{"email": f.op.Email} }},
	"POST /api/sso/exchange": {path: at("/api/sso/exchange"), token: nobody, answer: 400,
		body: func(*walkFixture) map[string]any { return map[string]any{"code": "codigo-desconhecido"} }},
	"POST /api/team/{franchise}/{userId}": {path: func(f *walkFixture) string { return "/api/team/" + f.slug + "/" + f.op.ID },
		token: byAdmin, answer: 200,
		body: func(*walkFixture) map[string]any {
			return map[string]any{"role": "network", "stores": []string{}, "manageTeam": true}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/team/" + f.slug, f.admin.Token}} }},
	"POST /api/tokens/{franchise}": {path: func(f *walkFixture) string { return "/api/tokens/" + f.slug },
		token: byAdmin, answer: 201,
		body: func(*walkFixture) map[string]any {
			return map[string]any{"name": "Sistema de preços", "scopes": []string{"read"}}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/tokens/" + f.slug, f.admin.Token}} }},
	"POST /api/user/detail/adm": {path: at("/api/user/detail/adm"), token: byAdmin, answer: 200,
		body: func(f *walkFixture) map[string]any {
			return map[string]any{"email": f.plain.Email, "name": "Outro Nome"}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/user/all", f.admin.Token}} }},
	"POST /api/media/{franchise}": {path: func(f *walkFixture) string { return "/api/media/" + f.slug }, token: byOp, answer: 201,
		body: func(f *walkFixture) map[string]any {
			return map[string]any{"name": "Cartaz", "type": "image", "filePath": f.upload}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/media/" + f.slug, f.op.Token}} }},
	"POST /api/local/{franchise}/{storeSlug}/media": {path: func(f *walkFixture) string { return "/api/local/" + f.slug + "/centro/media" },
		token: byOp, answer: 201,
		body: func(f *walkFixture) map[string]any {
			return map[string]any{"name": "Horário", "type": "image", "filePath": f.localUpload}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/local/" + f.slug + "/centro", f.op.Token}} }},
	"POST /api/local/{franchise}/{storeSlug}/items": {path: func(f *walkFixture) string { return "/api/local/" + f.slug + "/centro/items" },
		token: byOp, answer: 201,
		body: func(f *walkFixture) map[string]any {
			return map[string]any{"scheduleId": f.local, "spaceId": "espaco", "mediaId": f.localImage}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/local/" + f.slug + "/centro", f.op.Token}} }},
	"POST /api/approvals/{franchise}": {path: func(f *walkFixture) string { return "/api/approvals/" + f.slug },
		token: byOp, answer: 200,
		body: func(f *walkFixture) map[string]any {
			return map[string]any{"ids": []string{f.localItem}, "decision": "approve"}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/approvals/" + f.slug, f.op.Token}} }},
	"POST /api/store/{franchise}/notify": {path: func(f *walkFixture) string { return "/api/store/" + f.slug + "/notify" }, token: byOp, answer: 202,
		body: func(*walkFixture) map[string]any {
			return map[string]any{"message": "Bom dia", "storeSlugList": []string{"centro"}}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/store/" + f.slug + "/notify", f.op.Token}} }},
	"PUT /api/store/{franchise}/{storeSlug}/hours": {path: func(f *walkFixture) string { return "/api/store/" + f.slug + "/centro/hours" }, token: byOp, answer: 200,
		body: func(*walkFixture) map[string]any {
			return map[string]any{"hours": weekBody(hoursRange("08:00", "20:00")), "whenClosed": "play"}
		},
		reads: func(f *walkFixture) []read { return []read{{"/api/store/" + f.slug + "/centro/hours", f.op.Token}} }},
	"POST /api/schedule/{franchise}/{id}/dup": {path: func(f *walkFixture) string { return f.scheduleAt("/dup") }, token: byOp, answer: 201,
		body:  func(*walkFixture) map[string]any { return map[string]any{"name": "Cópia"} },
		reads: func(f *walkFixture) []read { return []read{{"/api/schedule/" + f.slug, f.op.Token}} }},
	"POST /api/schedule/{franchise}/{id}/config": {path: func(f *walkFixture) string { return f.scheduleAt("/config") }, token: byAdmin, answer: 200,
		body:  func(*walkFixture) map[string]any { return map[string]any{"bottomBar": nil} },
		reads: func(f *walkFixture) []read { return []read{{f.scheduleAt(""), f.op.Token}} }},
	"POST /api/schedule/{franchise}/{id}/slot": {path: func(f *walkFixture) string { return f.scheduleAt("/slot") }, token: byOp, answer: 200,
		body:  func(*walkFixture) map[string]any { return map[string]any{"quantity": 2, "duration": 15} },
		reads: func(f *walkFixture) []read { return []read{{f.scheduleAt(""), f.op.Token}} }},
	"POST /api/display/{franchise}/{storeSlug}/{displayId}/admin-command": {path: func(f *walkFixture) string { return f.display("/admin-command") },
		token: func(f *walkFixture) string { return f.asBoxAdmin }, answer: 202,
		body:  func(*walkFixture) map[string]any { return map[string]any{"operation": "restartDevice"} },
		reads: func(f *walkFixture) []read { return []read{{f.display("/commands"), f.op.Token}} }},
	"POST /api/device/hello": {path: at("/api/device/hello"), token: nobody, answer: 200,
		body: func(f *walkFixture) map[string]any { return map[string]any{"version": "2.0.0", "token": f.token} }},
	"POST /api/device/command/{id}": {path: func(f *walkFixture) string { return "/api/device/command/" + f.job },
		token: func(f *walkFixture) string { return f.token }, answer: 200,
		body:  func(*walkFixture) map[string]any { return map[string]any{"ok": true, "text": "2.0.0"} },
		reads: func(f *walkFixture) []read { return []read{{f.display("/commands"), f.op.Token}} }},
	"POST /api/advertise/{franchise}": {path: func(f *walkFixture) string { return f.path() }, token: byOp, answer: 201,
		body:  func(f *walkFixture) map[string]any { return adBody("Páscoa", 10, day(0), day(1), "slot-a", f.tv1) },
		reads: func(f *walkFixture) []read { return []read{{f.path(), f.op.Token}} }},
	"PUT /api/advertise/{franchise}": {path: func(f *walkFixture) string { return f.path() }, token: byOp, answer: 200,
		body: func(f *walkFixture) map[string]any {
			return map[string]any{"advertiseId": f.ad, "name": "Natal e Ano Novo"}
		},
		reads: func(f *walkFixture) []read { return []read{{f.path("/", f.ad), f.op.Token}} }},
	"POST /api/device/plays": {path: at("/api/device/plays"), token: func(f *walkFixture) string { return f.token }, answer: 200,
		body: func(f *walkFixture) map[string]any {
			return map[string]any{"plays": []map[string]any{{"id": "p1", "advertisementId": f.ad, "mediaId": f.image,
				"startedAt": adNow.Add(time.Minute).UnixMilli(), "duration": 10000}}}
		},
		reads: func(f *walkFixture) []read { return []read{{f.path("/", f.ad, "/plays"), f.op.Token}} }},
	"POST /api/override/{franchise}": {path: func(f *walkFixture) string { return "/api/override/" + f.slug }, token: byOp, answer: 201,
		body:  func(*walkFixture) map[string]any { return map[string]any{"target": "all", "title": "Evacuação"} },
		reads: func(f *walkFixture) []read { return []read{{"/api/override/" + f.slug, f.op.Token}} }},
	"POST /api/override/{franchise}/reach": {path: func(f *walkFixture) string { return "/api/override/" + f.slug + "/reach" }, token: byOp, answer: 200,
		body: func(*walkFixture) map[string]any { return map[string]any{"target": "all"} }},
}

// contractField is a field the contract requires of a route's body, and
// the code and message a call lacking it answers.
type contractField struct {
	name     string
	nullable bool
	code     int
	msg      string
}

// requiredFields reads api/openapi.yaml for the write routes whose JSON
// request body names required fields.
func requiredFields(t *testing.T) map[string][]contractField {
	t.Helper()
	var doc struct {
		Paths      map[string]map[string]any `yaml:"paths"`
		Components struct {
			Schemas map[string]map[string]any `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatalf("api/openapi.yaml: %v", err)
	}
	resolve := func(s map[string]any) map[string]any {
		for s != nil && s["$ref"] != nil {
			s = doc.Components.Schemas[strings.TrimPrefix(s["$ref"].(string), "#/components/schemas/")]
		}
		return s
	}
	var nullable func(s map[string]any) bool
	nullable = func(s map[string]any) bool {
		if s == nil {
			return false
		}
		if s["type"] == "null" {
			return true
		}
		alts, _ := s["oneOf"].([]any)
		for _, alt := range alts {
			if m, _ := alt.(map[string]any); nullable(resolve(m)) {
				return true
			}
		}
		return false
	}
	out := map[string][]contractField{}
	for path, ops := range doc.Paths {
		for method, op := range ops {
			if !slices.Contains([]string{"post", "put", "patch", "delete"}, method) {
				continue
			}
			body, _ := op.(map[string]any)["requestBody"].(map[string]any)
			content, _ := body["content"].(map[string]any)
			media, _ := content["application/json"].(map[string]any)
			schema, _ := media["schema"].(map[string]any)
			schema = resolve(schema)
			required, _ := schema["required"].([]any)
			props, _ := schema["properties"].(map[string]any)
			for _, name := range required {
				prop, _ := props[name.(string)].(map[string]any)
				f := contractField{name: name.(string), nullable: nullable(resolve(prop)), code: 1003}
				if missing, ok := prop["x-missing"].(map[string]any); ok {
					f.code, _ = missing["code"].(int)
					f.msg, _ = missing["msg"].(string)
				}
				if f.msg == "" {
					f.msg = api.Message(f.code)
				}
				route := strings.ToUpper(method) + " /api" + path
				out[route] = append(out[route], f)
			}
		}
	}
	return out
}

// A call that leaves out a field the contract requires (or sends no object
// at all) is refused with the spec's error body and changes nothing, on
// every write route: the store whose hours came without "hours" keeps them.
// Each route's valid body is then accepted, so what was refused was the
// missing field.
func TestACallMissingARequiredFieldIsRefusedAndChangesNothing(t *testing.T) {
	routes := requiredFields(t)
	var names []string
	for route := range routes {
		names = append(names, route)
		if _, ok := bodyExamples[route]; !ok {
			t.Errorf("%s requires %v in api/openapi.yaml but has no valid body in bodyExamples", route, routes[route])
		}
	}
	for route := range bodyExamples {
		if _, ok := routes[route]; !ok {
			t.Errorf("bodyExamples has %s, whose body requires nothing in api/openapi.yaml", route)
		}
	}
	if t.Failed() {
		return
	}
	sort.Strings(names)
	codes := api.Codes()
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a, _ := newAdApp(t, engine)
		f := newWalkFixture(t, a)
		for _, route := range names {
			ex := bodyExamples[route]
			t.Run(route, func(t *testing.T) {
				path, token, valid := ex.path(f), ex.token(f), ex.body(f)
				// What each call sends, and the field whose absence it answers.
				type call struct {
					body  any
					field contractField
				}
				first := routes[route][0]
				calls := map[string]call{"a null body": {"null", first}, "an empty object": {"{}", first},
					"only an unknown field": {`{"desconhecido":1}`, first}}
				for _, field := range routes[route] {
					if _, ok := valid[field.name]; !ok {
						t.Fatalf("the valid body lacks %q: %v", field.name, valid)
					}
					calls["without "+field.name] = call{without(valid, field.name), field}
					if !field.nullable {
						calls[field.name+" as null"] = call{with(valid, field.name, nil), field}
					}
				}
				for _, what := range slices.Sorted(maps.Keys(calls)) {
					c := calls[what]
					before := readBack(t, a, ex.reads, f)
					r := a.Do(t, methodOf(route), path, token, c.body)
					var e struct {
						Error      *bool  `json:"error"`
						StatusCode int    `json:"statusCode"`
						Msg        string `json:"msg"`
					}
					if r.Status != 400 || json.Unmarshal(r.Body, &e) != nil || e.Error == nil || !*e.Error ||
						e.StatusCode != c.field.code || e.Msg != c.field.msg || !slices.Contains(codes, e.StatusCode) {
						t.Errorf("%s: %d %s, want 400 {error: true, statusCode: %d, msg: %q} (%s missing)",
							what, r.Status, r.Body, c.field.code, c.field.msg, c.field.name)
					}
					if after := readBack(t, a, ex.reads, f); !slices.Equal(before, after) {
						t.Errorf("%s changed what was stored:\nbefore %s\nafter  %s", what, before, after)
					}
				}
				before := readBack(t, a, ex.reads, f)
				if r := a.Do(t, methodOf(route), path, token, valid); r.Status != ex.answer {
					t.Fatalf("the valid body: %d %s, want %d", r.Status, r.Body, ex.answer)
				}
				if after := readBack(t, a, ex.reads, f); ex.answer < 300 && ex.reads != nil && slices.Equal(before, after) {
					t.Errorf("the valid body changed nothing the reads show: %s", after)
				}
			})
		}
	})
}

func methodOf(route string) string { return route[:strings.IndexByte(route, ' ')] }

func without(body map[string]any, field string) map[string]any {
	out := map[string]any{}
	for k, v := range body {
		if k != field {
			out[k] = v
		}
	}
	return out
}

func with(body map[string]any, field string, value any) map[string]any {
	out := without(body, field)
	out[field] = value
	return out
}

// readBack answers each read, in order.
func readBack(t *testing.T, a *testutil.TestApp, reads func(*walkFixture) []read, f *walkFixture) []string {
	t.Helper()
	if reads == nil {
		return nil
	}
	var out []string
	for _, rd := range reads(f) {
		r := a.Do(t, "GET", rd.path, rd.token, nil)
		if r.Status != 200 {
			t.Fatalf("GET %s: %d %s", rd.path, r.Status, r.Body)
		}
		out = append(out, string(bytes.TrimSpace(r.Body)))
	}
	return out
}
