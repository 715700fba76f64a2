package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"vitrine/api"
	"vitrine/internal/ids"
	"vitrine/internal/testutil"
)

// The socket's frames are described once, as the components ServerFrame
// and PlayerFrame of api/openapi.yaml; the player's types are generated from
// them (web/src/player/protocol.ts). This test drives the real server
// through every frame it sends a player — unpaired, a playlist with every
// part a screen can have, a playlist without schedule, commands — and
// validates each one. The frames' objects are closed (additionalProperties:
// false), so a field the server starts sending without the contract fails
// here.

// frameSchema compiles one of the contract's components.
func frameSchema(t *testing.T, component string) *jsonschema.Schema {
	t.Helper()
	var doc any
	if err := yaml.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatalf("api/openapi.yaml: %v", err)
	}
	asJSON, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	contract, err := jsonschema.UnmarshalJSON(bytes.NewReader(asJSON))
	if err != nil {
		t.Fatal(err)
	}
	const url = "https://vitrine.invalid/api/openapi.json"
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020) // the dialect of OpenAPI 3.1's schemas
	if err := c.AddResource(url, contract); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url + "#/components/schemas/" + component)
	if err != nil {
		t.Fatalf("compile %s: %v", component, err)
	}
	return s
}

// validFrame reports why raw is not a valid frame of schema (nil when it is).
func validFrame(schema *jsonschema.Schema, raw []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	return schema.Validate(v)
}

// frameChecker reads a player's frames, failing on any the contract does not describe.
type frameChecker struct {
	t      *testing.T
	schema *jsonschema.Schema
	p      *player
	seen   map[string]int    // frames read, by type
	last   map[string][]byte // the last frame of each type, as the player applies it
	sent   map[string][]byte // the last frame of each type, as the server sent it
}

func (c *frameChecker) next() ([]byte, frame) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	applied, raw, err := c.p.read(ctx)
	if err != nil {
		c.t.Fatalf("no frame: %v", err)
	}
	if err := validFrame(c.schema, raw); err != nil {
		c.t.Fatalf("the server sent a frame api/openapi.yaml does not describe:\n%s\n%v", raw, err)
	}
	if bytes.Contains(raw, []byte(`"screen":"same"`)) {
		c.seen["same"]++
	}
	sent := raw
	raw = applied
	var f frame
	if err := json.Unmarshal(raw, &f); err != nil {
		c.t.Fatalf("frame is not JSON: %s", raw)
	}
	c.seen[f.Type]++
	c.last[f.Type] = raw
	c.sent[f.Type] = sent
	return raw, f
}

func (c *frameChecker) until(what string, ok func(raw []byte, f frame) bool) ([]byte, frame) {
	c.t.Helper()
	for range 20 {
		if raw, f := c.next(); ok(raw, f) {
			return raw, f
		}
	}
	c.t.Fatalf("no frame %s", what)
	return nil, frame{}
}

// seedVideo adds a video with a thumbnail and a duration to the library.
func seedVideo(t *testing.T, a *testutil.TestApp, franchiseID, name string) string {
	t.Helper()
	id := ids.New()
	now := a.Now().UnixMilli()
	if _, err := a.DB.ExecContext(context.Background(), `
		INSERT INTO media (id, franchise_id, name, type, folder, file_path, thumbnail_path, content_type,
		    size, width, height, duration_ms, fps, display_time, volume, limit_by_hour, created_at, updated_at)
		VALUES (?, ?, ?, 'video', '', ?, ?, 'video/mp4', 10, 1920, 1080, 12500, 25, 0, 1, 0, ?, ?)`,
		id, franchiseID, name, "x/media/"+id+".mp4", "x/media/"+id+".jpg", now, now); err != nil {
		t.Fatalf("seed video: %v", err)
	}
	return id
}

func TestEveryFrameTheServerSendsIsInTheContract(t *testing.T) {
	schema := frameSchema(t, "ServerFrame")
	a, _ := newAdApp(t, "sqlite")
	f := newPlayerFixture(t, a)
	grantAdsCenter(t, a, f.op)
	video := seedVideo(t, a, f.franchiseID, "Vídeo")
	code, token := a.AnnounceDevice(t)
	c := &frameChecker{t: t, schema: schema, p: connect(t, a, code, token), seen: map[string]int{}, last: map[string][]byte{}, sent: map[string][]byte{}}
	if _, got := c.next(); got.Type != "unpaired" {
		t.Fatalf("first frame %+v, want unpaired", got)
	}

	// A schedule with every rule, a video, an ad slot with a fallback, and a full footer.
	start := adNow.Add(-24 * time.Hour).UnixMilli()
	f.setEntries(t,
		map[string]any{"id": f.image, "displayTime": 5, "dok": 62, "timeGap": []string{"08:00@12:00", "22:00@02:00"},
			"limitByHour": 4, "startDate": start, "endDate": start + 30*24*3600*1000, "volume": 0.5, "stretch": true},
		map[string]any{"id": video, "displayTime": 13, "displayTimeJumpStart": 2},
		map[string]any{"id": "slot-a", "isAd": true, "adSlots": 2, "adTime": 15, "adFallbackMediaId": f.other})
	mustStatus(t, a.Do(t, "POST", "/api/schedule/"+f.slug+"/"+f.schedule+"/config", f.asBoxAdmin,
		map[string]any{"bottomBar": map[string]any{"height": 80, "bgColor": "#000000", "color": "#ffffff", "fSize": 24, "fWeight": 400,
			"logo":    "https://example.com/logo.png",
			"clock":   map[string]any{"color": "#ffffff", "fSize": 24},
			"weather": map[string]any{"fontSize": 20},
			"quote": map[string]any{"coins": []map[string]any{{"asset": "USD", "icon": "https://example.com/usd.png"}, {"asset": "EUR"}},
				"style": map[string]any{"gap": 16, "fontSize": 20, "green": "#00ff00", "red": "#ff0000"}}}}), 200)

	// Registering the TV pairs the player.
	tv := f.addTV(t, "TV Entrada", code)
	c.until("with the playlist", func(_ []byte, fr frame) bool { return fr.Type == "playlist" && fr.Schedule != nil })

	// An advertisement booked on the TV's slot for the week.
	r := a.Do(t, "POST", "/api/advertise/"+f.slug, f.op.Token, adBody("Promoção", 10, day(0), day(3), "slot-a", tv))
	mustStatus(t, r, 201)
	var ad adBodyResponse
	r.Decode(t, &ad)
	mustStatus(t, a.Do(t, "PUT", "/api/advertise/"+f.slug, f.op.Token, map[string]any{"advertiseId": ad.Advertise.ID,
		"media": []map[string]any{{"id": f.image, "timeGap": []string{"09:00@18:00"}, "limitByHour": 2}, {"id": video}}}), 200)
	c.until("with the booked advertisement", func(_ []byte, fr frame) bool {
		return fr.Type == "playlist" && fr.Screen.Ads != nil && len(fr.Screen.Ads.Ads[ad.Advertise.ID].Media) == 2
	})
	withAds := c.sent["playlist"] // as sent: a booking changes the TV's part, which goes whole
	for _, part := range []string{`"bottomBar":{`, `"logo":`, `"quote":`, `"adFallbackMediaId":`, `"timeGap":["08:00@12:00"`,
		`"thumbnailUrl":`, `"duration":12.5`, `"bookings":[{`} {
		if !bytes.Contains(withAds, []byte(part)) {
			t.Fatalf("the playlist lacks %s, which this test means to check: %s", part, withAds)
		}
	}

	// Opening hours with a night, a holiday and rest while closed.
	mustStatus(t, a.Do(t, "PUT", "/api/store/"+f.slug+"/centro/hours", f.op.Token, map[string]any{"whenClosed": "rest",
		"hours": map[string]any{"week": []any{[]any{}, []any{hoursRange("08:00", "12:00"), hoursRange("14:00", "02:00")}, []any{}, []any{}, []any{}, []any{}, []any{}},
			"exceptions": []any{map[string]any{"date": "2026-12-25", "ranges": []any{}}}}}), 200)
	withHours, _ := c.until("with the store's opening hours", func(raw []byte, fr frame) bool {
		return fr.Type == "playlist" && bytes.Contains(raw, []byte(`"whenClosed":"rest"`))
	})
	if !bytes.Contains(withHours, []byte(`"hours":{"week":[[],[{"start":"08:00","end":"12:00"},{"start":"14:00","end":"02:00"}]`)) {
		t.Fatalf("the playlist lacks the opening hours: %s", withHours)
	}
	if validFrame(schema, bytes.Replace(withHours, []byte(`"week":[`), []byte(`"novo":1,"week":[`), 1)) == nil {
		t.Errorf("a field the contract does not name in the opening hours passes")
	}

	// An emergency override with an image, on the TV's store.
	mustStatus(t, a.Do(t, "POST", "/api/override/"+f.slug, f.boxAdmin.Token, map[string]any{"target": "stores", "stores": []string{"centro"},
		"title": "Evacuação", "text": "Saia pela porta lateral.", "media": f.image, "endsAt": time.Now().Add(time.Hour).UnixMilli()}), 201)
	withOverride, _ := c.until("with the override", func(raw []byte, fr frame) bool {
		return fr.Type == "playlist" && bytes.Contains(raw, []byte(`"title":"Evacuação"`))
	})
	if !bytes.Contains(withOverride, []byte(`"media":{"id":"`+f.image+`","type":"image","url":`)) {
		t.Fatalf("the override lacks its image: %s", withOverride)
	}
	if validFrame(schema, bytes.Replace(withOverride, []byte(`"title":"Evacuação"`), []byte(`"novo":1,"title":"Evacuação"`), 1)) == nil {
		t.Errorf("a field the contract does not name in an override passes")
	}

	// Commands, once the TV is online.
	base := "/api/display/" + f.slug + "/centro/" + tv
	testutil.Eventually(t, 5*time.Second, func() bool {
		return strings.Contains(string(a.Do(t, "GET", base+"/now", f.op.Token, nil).Body), `"connected":true`)
	}, "online")
	for _, op := range []string{"identifyVersion", "screenshot"} {
		mustStatus(t, a.Do(t, "POST", base+"/admin-command", f.asBoxAdmin, map[string]any{"operation": op}), 202)
		c.until("with "+op, func(_ []byte, fr frame) bool { return fr.Type == "command" && fr.Operation == op })
	}

	// The advertisement withdrawn, the TV unlinked: a playlist without
	// schedule; the TV deleted: unpaired again.
	mustStatus(t, a.Do(t, "DELETE", "/api/advertise/"+f.slug+"/"+ad.Advertise.ID, f.op.Token, nil), 200)
	c.until("without the advertisement", func(_ []byte, fr frame) bool { return fr.Type == "playlist" && fr.Screen.Ads == nil })
	mustStatus(t, a.Do(t, "POST", base, f.op.Token, map[string]any{"scheduleId": ""}), 200)
	c.until("without schedule", func(raw []byte, fr frame) bool {
		return fr.Type == "playlist" && bytes.Contains(raw, []byte(`"schedule":null`))
	})
	mustStatus(t, a.Do(t, "DELETE", base, f.op.Token, nil), 200)
	c.until("unpaired after the delete", func(_ []byte, fr frame) bool { return fr.Type == "unpaired" })

	// A playlist whose screen the player has already ("screen": "same") is one of them.
	if c.seen["unpaired"] < 2 || c.seen["playlist"] < 3 || c.seen["command"] != 2 || c.seen["same"] == 0 {
		t.Fatalf("frames read: %v", c.seen)
	}

	// The contract is closed: a field it does not name fails, wherever it is.
	for _, extra := range []struct{ where, from, to string }{
		{"the frame", `{"type":"playlist",`, `{"type":"playlist","novo":1,`},
		{"the screen", `"screen":{`, `"screen":{"novo":1,`},
		{"an entry", `"entries":[{`, `"entries":[{"novo":1,`},
		{"the footer", `"bottomBar":{`, `"bottomBar":{"novo":1,`},
		{"an advertisement's media", `"media":[{`, `"media":[{"novo":1,`},
		{"a booking", `"bookings":[{`, `"bookings":[{"novo":1,`},
	} {
		changed := bytes.Replace(withAds, []byte(extra.from), []byte(extra.to), 1)
		if bytes.Equal(changed, withAds) {
			t.Fatalf("%s: %s not found in the playlist", extra.where, extra.from)
		}
		if validFrame(schema, changed) == nil {
			t.Errorf("a field the contract does not name in %s passes", extra.where)
		}
	}
	// The build frame: the one the socket opened with, when this binary
	// holds a built player page, and one as a server with a build sends it.
	for _, build := range [][]byte{c.p.build, []byte(`{"type":"build","player":"/assets/player-B1a2c3.js"}`)} {
		if build == nil {
			continue
		}
		if err := validFrame(schema, build); err != nil {
			t.Errorf("the build frame %s is not in the contract: %v", build, err)
		}
		if validFrame(schema, bytes.Replace(build, []byte(`{"type":"build",`), []byte(`{"type":"build","novo":1,`), 1)) == nil {
			t.Errorf("a field the contract does not name in the build frame passes")
		}
	}
	command := c.last["command"]
	if validFrame(schema, bytes.Replace(command, []byte(`"operation":"screenshot"`), []byte(`"operation":"reboot"`), 1)) == nil {
		t.Errorf("an operation the contract does not name passes: %s", command)
	}
}

// The frames a player sends are in the contract too (the player's own test,
// web/src/player/frames.test.ts, validates what it sends), and the server
// accepts each.
func TestThePlayerFramesOfTheContract(t *testing.T) {
	schema := frameSchema(t, "PlayerFrame")
	for _, tc := range []struct {
		frame string
		valid bool
	}{
		{`{"type":"auth","token":"dev_abc"}`, true},
		{`{"type":"ack","hash":""}`, true},
		{`{"type":"ack","hash":"a1b2"}`, true},
		{`{"type":"ack","hash":"a1b2","overrides":["o1"]}`, true},
		{`{"type":"ack","hash":"a1b2","overrides":"o1"}`, false},
		{`{"type":"ack"}`, false},
		{`{"type":"ack","hash":"","health":{"version":"abc","browser":"Chrome 120","screen":"1920x1080","uptime":5,"storageUsed":1,"storageQuota":2,"cached":1,"allCached":true,"clockOffset":-20,"lastError":{"media":"a.mp4","message":"x","at":1764100000000}}}`, true},
		{`{"type":"ack","hash":"","health":{"version":"abc"}}`, false},
		{`{"type":"ack","hash":"","health":{"version":"abc","browser":"b","screen":"s","uptime":-1,"storageUsed":1,"storageQuota":2,"cached":1,"allCached":true,"clockOffset":0}}`, false},
		{`{"type":"auth","token":"dev_abc","version":"1.0"}`, false},
		{`{"type":"hello"}`, false},
	} {
		if err := validFrame(schema, []byte(tc.frame)); (err == nil) != tc.valid {
			t.Errorf("%s: valid %v, want %v (%v)", tc.frame, err == nil, tc.valid, err)
		}
	}
}
