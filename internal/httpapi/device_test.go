package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/config"
	"vitrine/internal/device"
	"vitrine/internal/footerdata"
	"vitrine/internal/testutil"
)

// player is a test TV box: its code, its token and its socket.
type player struct {
	t           *testing.T
	code, token string
	ws          *websocket.Conn
	// screen is the screen of the socket's last whole playlist, which a
	// playlist with "screen": "same" shows (read goroutine only).
	screen json.RawMessage
	// build is the build frame the socket opened with (when the test
	// binary holds a built player page); read passes over it.
	build []byte
}

// read reads the next message as the player applies it: a playlist whose
// screen is "same" gets the screen of the socket's last whole playlist, and
// the overrides sent beside the screen go into it. raw is the message as
// the server sent it. The build frame is kept in p.build, not returned.
func (p *player) read(ctx context.Context) (applied, raw []byte, err error) {
	_, raw, err = p.ws.Read(ctx)
	if err != nil {
		return nil, nil, err
	}
	var f map[string]json.RawMessage
	if json.Unmarshal(raw, &f) != nil {
		return raw, raw, nil
	}
	if string(f["type"]) == `"build"` {
		if p.build != nil {
			p.t.Errorf("a second build frame on the socket: %s", raw)
		}
		p.build = raw
		return p.read(ctx)
	}
	switch string(f["type"]) {
	case `"unpaired"`:
		p.screen = nil
	case `"playlist"`:
		if string(f["screen"]) != `"same"` {
			p.screen = f["screen"]
		} else if p.screen == nil {
			p.t.Errorf("a playlist with \"screen\": \"same\" before any screen on its socket: %s", raw)
			return raw, raw, nil
		}
		var screen map[string]json.RawMessage
		if err := json.Unmarshal(p.screen, &screen); err != nil {
			p.t.Errorf("a playlist's screen is not an object: %s", raw)
			return raw, raw, nil
		}
		if _, ok := screen["overrides"]; ok {
			p.t.Errorf("a playlist's screen carries the overrides sent beside it: %s", raw)
		}
		overrides, ok := f["overrides"]
		if !ok {
			p.t.Errorf("a playlist without overrides: %s", raw)
			return raw, raw, nil
		}
		screen["overrides"] = overrides
		delete(f, "overrides")
		f["screen"], _ = json.Marshal(screen)
		applied, _ = json.Marshal(f)
		return applied, raw, nil
	}
	return raw, raw, nil
}

// connect opens a player's socket to a and authenticates it.
func connect(t *testing.T, a *testutil.TestApp, code, token string) *player {
	t.Helper()
	p := &player{t: t, code: code, token: token, ws: dial(t, a)}
	p.send(map[string]any{"type": "auth", "token": token})
	return p
}

func dial(t *testing.T, a *testutil.TestApp) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(a.URL, "http")+"/api/device/ws", nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	return ws
}

func (p *player) send(v any) {
	p.t.Helper()
	b, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := p.ws.Write(ctx, websocket.MessageText, b); err != nil {
		p.t.Fatalf("send: %v", err)
	}
}

// frame is what a player receives.
type frame struct {
	Type       string `json:"type"`
	Device     string `json:"device"`
	ID         string `json:"id"`
	Operation  string `json:"operation"`
	ServerTime int64  `json:"serverTime"`
	Screen     *struct {
		DisplayID          string `json:"displayId"`
		Name               string `json:"name"`
		Device             string `json:"device"`
		Franchise          string `json:"franchise"`
		Store              string `json:"store"`
		ContentOrientation int    `json:"contentOrientation"`
		TimeZone           string `json:"timeZone"`
		Ads                *struct {
			From, To string
			Bookings []struct {
				SlotID, Day, AdvertisementID string
				Position                     int
			}
			Ads map[string]struct {
				DisplayTime int
				Media       []struct{ ID, URL string }
			}
		} `json:"ads"`
	} `json:"screen"`
	Schedule *struct {
		ID      string `json:"id"`
		Name    string `json:"name"`
		Hash    string `json:"hash"`
		Entries []struct {
			ID          string `json:"id"`
			DisplayTime int    `json:"displayTime"`
		} `json:"entries"`
		Media map[string]struct {
			Name string `json:"name"`
			Type string `json:"type"`
			URL  string `json:"url"`
		} `json:"media"`
		BottomBar *struct {
			Height int `json:"height"`
		} `json:"bottomBar"`
	} `json:"schedule"`
}

// next reads the next frame, failing after 5 s.
func (p *player) next() frame {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	b, _, err := p.read(ctx)
	if err != nil {
		p.t.Fatalf("no frame: %v", err)
	}
	var f frame
	if err := json.Unmarshal(b, &f); err != nil {
		p.t.Fatalf("frame is not JSON: %s", b)
	}
	return f
}

// until reads frames until one satisfies ok.
func (p *player) until(what string, ok func(f frame) bool) frame {
	p.t.Helper()
	for range 20 {
		if f := p.next(); ok(f) {
			return f
		}
	}
	p.t.Fatalf("no frame %s", what)
	return frame{}
}

// closed waits for the server to close the socket and returns the code.
func (p *player) closed() websocket.StatusCode {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	for {
		_, _, err := p.ws.Read(ctx)
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				p.t.Fatal("the socket stayed open")
			}
			return websocket.CloseStatus(err)
		}
	}
}

// playerFixture is a franchise with a store, two images, a schedule playing
// the first, and an operator holding dispA.
type playerFixture struct {
	a                 *testutil.TestApp
	slug, franchiseID string
	op, boxAdmin      testutil.SeededUser
	asBoxAdmin        string // the operator's session impersonated by boxAdmin
	image, other      string // media ids
	schedule          string
	otherSlug         string // another franchise, with its operator
	otherOpUser       testutil.SeededUser
	otherStore        string // the other franchise's store "sul"
}

func newPlayerFixture(t *testing.T, a *testutil.TestApp) *playerFixture {
	t.Helper()
	u := a.Unique()
	f := &playerFixture{a: a, slug: "rede-" + u, otherSlug: "outra-" + u}
	f.op = a.SeedUser(t, "op-"+u+"@example.com", "")
	f.boxAdmin = a.SeedUser(t, "caixa-"+u+"@example.com", `{"dispA":1}`)
	f.franchiseID = a.SeedFranchise(t, f.slug, "Rede", f.op, f.boxAdmin)
	f.asBoxAdmin = impersonate(t, a, f.op.ID, f.boxAdmin.ID)
	f.otherOpUser = a.SeedUser(t, "outro-"+u+"@example.com", "")
	a.SeedFranchise(t, f.otherSlug, "Outra", f.otherOpUser)
	f.image = seedMedia(t, a, f.franchiseID, "Banner")
	f.other = seedMedia(t, a, f.franchiseID, "Cartaz")
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.op.Token, storeBody("Centro")), 201)
	r := a.Do(t, "POST", "/api/store/"+f.otherSlug, f.otherOpUser.Token, storeBody("Sul"))
	mustStatus(t, r, 201)
	var sul struct {
		Store struct{ ID string } `json:"store"`
	}
	r.Decode(t, &sul)
	f.otherStore = sul.Store.ID
	r = a.Do(t, "POST", "/api/schedule/"+f.slug, f.op.Token, map[string]any{"name": "Vitrine"})
	mustStatus(t, r, 201)
	var created struct {
		Schedule struct{ ID string } `json:"schedule"`
	}
	r.Decode(t, &created)
	f.schedule = created.Schedule.ID
	f.setEntries(t, map[string]any{"id": f.image, "displayTime": 5})
	return f
}

// setEntries saves the schedule's entries.
func (f *playerFixture) setEntries(t *testing.T, entries ...map[string]any) {
	t.Helper()
	mustStatus(t, f.a.Do(t, "POST", "/api/schedule/"+f.slug+"/"+f.schedule, f.op.Token, map[string]any{"media": entries}), 200)
}

// addTV registers a TV with code in Centro, on the schedule, and returns its id.
func (f *playerFixture) addTV(t *testing.T, name, code string) string {
	t.Helper()
	r := f.a.Do(t, "POST", "/api/display/"+f.slug+"/centro", f.op.Token,
		map[string]any{"name": name, "device": code, "contentOrientation": 1, "scheduleId": f.schedule})
	mustStatus(t, r, 201)
	var tv struct {
		Display struct{ ID string } `json:"display"`
	}
	r.Decode(t, &tv)
	return tv.Display.ID
}

// pairedPlayer announces a player, registers a TV with its code, connects
// it and reads its first playlist.
func (f *playerFixture) pairedPlayer(t *testing.T, name string) (*player, string, frame) {
	t.Helper()
	code, token := f.a.AnnounceDevice(t)
	tv := f.addTV(t, name, code)
	p := connect(t, f.a, code, token)
	first := p.next()
	if first.Type != "playlist" {
		t.Fatalf("first frame %+v, want a playlist", first)
	}
	return p, tv, first
}

func TestDeviceHello(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		var first device.Hello
		r := a.Do(t, "POST", "/api/device/hello", "", map[string]any{"version": "1.0.0"})
		mustStatus(t, r, 200)
		r.Decode(t, &first)
		if len(first.Device) != device.CodeLength || strings.Trim(first.Device, device.Alphabet) != "" || first.Token == "" || first.Paired {
			t.Fatalf("hello answered %+v", first)
		}

		// The token kept by the player brings back the same code.
		var again device.Hello
		r = a.Do(t, "POST", "/api/device/hello", "", map[string]any{"version": "1.0.1", "token": first.Token})
		mustStatus(t, r, 200)
		r.Decode(t, &again)
		if again != first {
			t.Fatalf("hello with the kept token answered %+v, want %+v", again, first)
		}

		// A token nobody holds gets a new device.
		var fresh device.Hello
		r = a.Do(t, "POST", "/api/device/hello", "", map[string]any{"version": "1.0.0", "token": "dev_desconhecido"})
		mustStatus(t, r, 200)
		r.Decode(t, &fresh)
		if fresh.Device == first.Device || fresh.Token == first.Token || fresh.Token == "dev_desconhecido" {
			t.Fatalf("an unknown token kept a device: %+v", fresh)
		}

		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/device/hello", Body: map[string]any{"token": first.Token},
			Status: 400, Code: 100141})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/device/hello", Body: map[string]any{"version": 3},
			Status: 400, Code: 1003})

		// Only an announced code registers a TV.
		f := newPlayerFixture(t, a)
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/display/" + f.slug + "/centro", Token: f.op.Token,
			Body: map[string]any{"name": "TV", "device": "HJK479"}, Status: 404, Code: 100123})
		f.addTV(t, "TV", first.Device)
		r = a.Do(t, "POST", "/api/device/hello", "", map[string]any{"version": "1.0.0", "token": first.Token})
		r.Decode(t, &again)
		if !again.Paired {
			t.Fatalf("a registered device says unpaired: %+v", again)
		}

		// A device token opens nothing of the console, a user token nothing of the devices.
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/franchise", Token: first.Token, Status: 401, Code: 1022})
		a.Expect(t, testutil.Scenario{Method: "GET", Path: "/api/device/footer", Token: f.op.Token, Status: 401, Code: 1022})
	})
}

func TestPlayerPairsAndFollowsChanges(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newPlayerFixture(t, a)
		code, token := a.AnnounceDevice(t)
		p := connect(t, a, code, token)
		if got := p.next(); got.Type != "unpaired" || got.Device != code {
			t.Fatalf("an unpaired player got %+v", got)
		}

		// Registering the TV pairs the waiting player.
		tv := f.addTV(t, "TV Entrada", code)
		got := p.until("with the playlist", func(f frame) bool { return f.Type == "playlist" })
		if got.Screen == nil || got.Screen.Name != "TV Entrada" || got.Screen.DisplayID != tv || got.Screen.ContentOrientation != 1 ||
			got.Screen.Franchise != f.slug || got.Screen.Store != "centro" || got.Screen.TimeZone != "America/Sao_Paulo" {
			t.Fatalf("screen %+v", got.Screen)
		}
		if got.Schedule == nil || got.Schedule.ID != f.schedule || len(got.Schedule.Entries) != 1 ||
			got.Schedule.Entries[0].ID != f.image || got.Schedule.Media[f.image].URL == "" || got.Schedule.Hash == "" {
			t.Fatalf("schedule %+v", got.Schedule)
		}
		if got.ServerTime == 0 {
			t.Fatal("no server time")
		}
		hash := got.Schedule.Hash
		p.send(map[string]any{"type": "ack", "hash": hash})

		// Online in the console within the flush interval.
		testutil.Eventually(t, 5*time.Second, func() bool {
			r := a.Do(t, "GET", "/api/display/"+f.slug+"/centro/"+tv+"/now", f.op.Token, nil)
			return strings.Contains(string(r.Body), `"connected":true`)
		}, "the TV shows online")

		// A schedule save reaches the player.
		f.setEntries(t, map[string]any{"id": f.other, "displayTime": 7}, map[string]any{"id": f.image, "displayTime": 5})
		got = p.until("after the save", func(f frame) bool { return f.Type == "playlist" })
		if len(got.Schedule.Entries) != 2 || got.Schedule.Entries[0].ID != f.other || got.Schedule.Hash == hash {
			t.Fatalf("after the save: %+v", got.Schedule)
		}

		// A rename and a turn of the TV.
		mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+tv, f.op.Token,
			map[string]any{"name": "TV Balcão", "contentOrientation": 2}), 200)
		got = p.until("after the rename", func(f frame) bool { return f.Type == "playlist" })
		if got.Screen.Name != "TV Balcão" || got.Screen.ContentOrientation != 2 {
			t.Fatalf("after the rename: %+v", got.Screen)
		}

		// A footer saved.
		mustStatus(t, a.Do(t, "POST", "/api/schedule/"+f.slug+"/"+f.schedule+"/config", f.asBoxAdmin,
			map[string]any{"bottomBar": map[string]any{"height": 80, "bgColor": "#000000", "color": "#ffffff", "fSize": 24, "fWeight": 400,
				"clock": map[string]any{"color": "#ffffff", "fSize": 24}}}), 200)
		got = p.until("after the footer", func(f frame) bool { return f.Type == "playlist" })
		if got.Schedule.BottomBar == nil || got.Schedule.BottomBar.Height != 80 {
			t.Fatalf("after the footer: %+v", got.Schedule)
		}

		// A media renamed.
		mustStatus(t, a.Do(t, "POST", "/api/media/"+f.slug+"/"+f.image, f.op.Token, map[string]any{"name": "Banner de Natal"}), 200)
		got = p.until("after the rename of a media", func(f frame) bool { return f.Type == "playlist" })
		if got.Schedule.Media[f.image].Name != "Banner de Natal" {
			t.Fatalf("after the media rename: %+v", got.Schedule.Media)
		}

		// A media deleted leaves the schedule.
		mustStatus(t, a.Do(t, "DELETE", "/api/media/"+f.slug+"/"+f.other, f.op.Token, nil), 200)
		got = p.until("after the media delete", func(f frame) bool { return f.Type == "playlist" })
		if len(got.Schedule.Entries) != 1 || got.Schedule.Entries[0].ID != f.image {
			t.Fatalf("after the media delete: %+v", got.Schedule.Entries)
		}

		// Unlinked, then deleted: nothing to play, then unpaired.
		mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+tv, f.op.Token, map[string]any{"scheduleId": ""}), 200)
		got = p.until("after the unlink", func(f frame) bool { return f.Type == "playlist" })
		if got.Schedule != nil {
			t.Fatalf("an unlinked TV got a schedule: %+v", got.Schedule)
		}
		mustStatus(t, a.Do(t, "DELETE", "/api/display/"+f.slug+"/centro/"+tv, f.op.Token, nil), 200)
		if got := p.until("after the delete", func(f frame) bool { return f.Type != "playlist" }); got.Type != "unpaired" {
			t.Fatalf("after the delete: %+v", got)
		}
	})
}

func TestPlayerStatusFollowsTheSocket(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newPlayerFixture(t, a)
		p, tv, _ := f.pairedPlayer(t, "TV")
		status := func() string {
			r := a.Do(t, "GET", "/api/display/"+f.slug+"/centro", f.op.Token, nil)
			return string(r.Body)
		}
		testutil.Eventually(t, 5*time.Second, func() bool { return strings.Contains(status(), `"connected":true`) }, "online")

		// A second connection with the same token takes over.
		q := connect(t, a, p.code, p.token)
		if got := q.next(); got.Type != "playlist" {
			t.Fatalf("the new connection got %+v", got)
		}
		if code := p.closed(); code != 4409 {
			t.Fatalf("the replaced connection closed with %d, want 4409", code)
		}
		time.Sleep(700 * time.Millisecond) // a flush interval: the old connection's close must not mark the TV offline
		if !strings.Contains(status(), `"connected":true`) {
			t.Fatalf("the TV went offline though its player reconnected: %s", status())
		}

		q.ws.Close(websocket.StatusNormalClosure, "")
		testutil.Eventually(t, 5*time.Second, func() bool { return strings.Contains(status(), `"connected":false`) }, "offline")
		if r := a.Do(t, "GET", "/api/display/"+f.slug+"/centro/"+tv+"/now", f.op.Token, nil); !strings.Contains(string(r.Body), `"lastConnectionAck":`) {
			t.Fatalf("no last ack: %s", r.Body)
		}
	})
}

func TestPlayerSocketRefusesBadFrames(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	code, token := a.AnnounceDevice(t)
	cases := []struct {
		name  string
		first []byte
		then  []byte
		want  websocket.StatusCode
	}{
		{"an unknown token", []byte(`{"type":"auth","token":"dev_nao"}`), nil, 4401},
		{"no auth frame first", []byte(`{"type":"ack"}`), nil, 4401},
		{"a first frame that is not JSON", []byte(`olá`), nil, 4401},
		{"a malformed frame", []byte(`{"type":"auth","token":"` + token + `"}`), []byte(`{"type":`), 4400},
		{"an unknown type", []byte(`{"type":"auth","token":"` + token + `"}`), []byte(`{"type":"reboot"}`), 4400},
		{"a frame over 4 KB", []byte(`{"type":"auth","token":"` + token + `"}`), bytes.Repeat([]byte("a"), 5000), websocket.StatusMessageTooBig},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := &player{t: t, code: code, token: token, ws: dial(t, a)}
			ctx := context.Background()
			if err := p.ws.Write(ctx, websocket.MessageText, tc.first); err != nil {
				t.Fatal(err)
			}
			if tc.then != nil {
				if got := p.next(); got.Type != "unpaired" {
					t.Fatalf("after auth: %+v", got)
				}
				_ = p.ws.Write(ctx, websocket.MessageText, tc.then)
			}
			if got := p.closed(); got != tc.want {
				t.Fatalf("closed with %d, want %d", got, tc.want)
			}
		})
	}
	// The server still serves players.
	p := connect(t, a, code, token)
	if got := p.next(); got.Type != "unpaired" {
		t.Fatalf("after the bad frames: %+v", got)
	}
}

func TestRemoteCommandsAreJobs(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		clock := testutil.NewClock(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
		a := testutil.NewApp(t, engine, testutil.WithClock(clock.Now))
		f := newPlayerFixture(t, a)

		// A TV whose player is not connected refuses commands.
		off, _ := a.AnnounceDevice(t)
		offTV := f.addTV(t, "TV Desligada", off)
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/display/" + f.slug + "/centro/" + offTV + "/admin-command",
			Token: f.asBoxAdmin, Body: map[string]any{"operation": "screenshot"}, Status: 409, Code: 100124})

		p, tv, _ := f.pairedPlayer(t, "TV")
		base := "/api/display/" + f.slug + "/centro/" + tv
		testutil.Eventually(t, 5*time.Second, func() bool {
			return strings.Contains(string(a.Do(t, "GET", base+"/now", f.op.Token, nil).Body), `"connected":true`)
		}, "online")

		send := func(op string) string {
			t.Helper()
			r := a.Do(t, "POST", base+"/admin-command", f.asBoxAdmin, map[string]any{"operation": op})
			mustStatus(t, r, 202)
			var body struct {
				CommandID string `json:"commandId"`
			}
			r.Decode(t, &body)
			got := p.until("with the command", func(f frame) bool { return f.Type == "command" })
			if got.ID != body.CommandID || got.Operation != op {
				t.Fatalf("command frame %+v, want %s %s", got, body.CommandID, op)
			}
			return body.CommandID
		}
		list := func() string { return string(a.Do(t, "GET", base+"/commands", f.op.Token, nil).Body) }

		version := send("identifyVersion")
		mustStatus(t, a.Do(t, "POST", "/api/device/command/"+version, p.token, map[string]any{"ok": true, "text": "2.4.1"}), 200)
		if l := list(); !strings.Contains(l, `"id":"`+version+`","operation":"identifyVersion","status":"done","result":"2.4.1"`) {
			t.Fatalf("commands after the answer: %s", l)
		}
		// Answered once only; another device cannot answer.
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/device/command/" + version, Token: p.token,
			Body: map[string]any{"ok": true}, Status: 409})
		_, stranger := a.AnnounceDevice(t)
		identify := send("identifyDevice")
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/device/command/" + identify, Token: stranger,
			Body: map[string]any{"ok": true}, Status: 404})
		mustStatus(t, a.Do(t, "POST", "/api/device/command/"+identify, p.token, map[string]any{"ok": false, "error": "tela ocupada"}), 200)
		if l := list(); !strings.Contains(l, `"status":"failed","result":"","error":"tela ocupada"`) {
			t.Fatalf("a failed command: %s", l)
		}

		// A screenshot comes back as a file the console reads.
		shot := send("screenshot")
		png := []byte("\x89PNG\r\n\x1a\nimagem")
		req, _ := http.NewRequest("POST", a.URL+"/api/device/command/"+shot, bytes.NewReader(png))
		req.Header.Set("Authorization", "Bearer "+p.token)
		req.Header.Set("Content-Type", "text/plain")
		if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != 400 {
			t.Fatalf("a screenshot of the wrong type: %v %v", res.StatusCode, err)
		}
		req, _ = http.NewRequest("POST", a.URL+"/api/device/command/"+shot, bytes.NewReader(png))
		req.Header.Set("Authorization", "Bearer "+p.token)
		req.Header.Set("Content-Type", "image/png")
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("screenshot upload: %v %v", res.StatusCode, err)
		}
		file := a.Do(t, "GET", base+"/commands/"+shot+"/file", f.op.Token, nil)
		if file.Status != 200 || !bytes.Equal(file.Body, png) || file.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("screenshot file: %d %q %s", file.Status, file.Header.Get("Content-Type"), file.Body)
		}
		// Another franchise reads nothing of it.
		a.Expect(t, testutil.Scenario{Method: "GET", Path: base + "/commands/" + shot + "/file", Token: f.otherOpUser.Token, Status: 403, Code: 1403})
		a.Expect(t, testutil.Scenario{Method: "GET", Path: base + "/commands", Token: f.otherOpUser.Token, Status: 403, Code: 1403})
		// Nor is it served as a public file.
		if r := a.Do(t, "GET", "/files/"+f.slug+"/commands/"+shot+".png", "", nil); r.Status != 404 {
			t.Fatalf("a screenshot is public: %d", r.Status)
		}

		// A job nobody answers times out after a minute (two for a video).
		restart := send("restartDevice")
		video := send("recordVideo")
		clock.Advance(61 * time.Second)
		if _, err := a.Commands.Expire(context.Background()); err != nil {
			t.Fatal(err)
		}
		l := list()
		if !strings.Contains(l, `"id":"`+restart+`","operation":"restartDevice","status":"timeout"`) ||
			!strings.Contains(l, `"id":"`+video+`","operation":"recordVideo","status":"sent"`) {
			t.Fatalf("after a minute: %s", l)
		}
		clock.Advance(60 * time.Second)
		if l := list(); !strings.Contains(l, `"id":"`+video+`","operation":"recordVideo","status":"timeout"`) {
			t.Fatalf("after two minutes: %s", l)
		}
	})
}

func TestPlayersOnAnotherReplicaHearChangesAndCommands(t *testing.T) {
	if !slices.Contains(testutil.Engines(), "postgres") {
		t.Skip("needs PostgreSQL (TEST_DATABASE_URL)")
	}
	a := testutil.NewApp(t, "postgres")
	b := testutil.NewReplica(t, a)
	f := newPlayerFixture(t, a)
	code, token := a.AnnounceDevice(t)
	tv := f.addTV(t, "TV", code)
	p := connect(t, b, code, token) // the player is on replica b
	if got := p.next(); got.Type != "playlist" {
		t.Fatalf("first frame %+v", got)
	}
	testutil.Eventually(t, 5*time.Second, func() bool {
		return strings.Contains(string(a.Do(t, "GET", "/api/display/"+f.slug+"/centro/"+tv+"/now", f.op.Token, nil).Body), `"connected":true`)
	}, "online as seen from replica a")

	f.setEntries(t, map[string]any{"id": f.other, "displayTime": 3}) // saved through replica a
	// The save's playlist arrives (a playlist sent again before it, as when
	// the TV's registration reached replica b after the player did, is
	// passed over).
	p.until("the save on the other replica", func(fr frame) bool {
		return fr.Type == "playlist" && fr.Schedule != nil && len(fr.Schedule.Entries) == 1 && fr.Schedule.Entries[0].ID == f.other
	})

	r := a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+tv+"/admin-command", f.asBoxAdmin, map[string]any{"operation": "identifyDevice"})
	mustStatus(t, r, 202)
	if got := p.until("with the command", func(f frame) bool { return f.Type == "command" }); got.Operation != "identifyDevice" {
		t.Fatalf("command frame %+v", got)
	}
}

// fakeFooter answers the footer's providers without the network.
type fakeFooter struct{}

func (fakeFooter) Weather(_ context.Context, city, _ string) (footerdata.Weather, error) {
	return footerdata.Weather{City: city, Temperature: 24.5, Min: 18, Max: 29, Code: 1, Description: "Parcialmente nublado"}, nil
}

func (fakeFooter) Quotes(_ context.Context, assets []string) (map[string]footerdata.Quote, error) {
	out := map[string]footerdata.Quote{}
	for _, a := range assets {
		if a == "USD" {
			out[a] = footerdata.Quote{Asset: a, Bid: 5.31, PctChange: 0.12}
		}
	}
	return out, nil
}

func TestPlayerFooterData(t *testing.T) {
	a := testutil.NewApp(t, "sqlite", testutil.WithFooter(fakeFooter{}, fakeFooter{}))
	f := newPlayerFixture(t, a)
	p, _, _ := f.pairedPlayer(t, "TV")
	footer := func() string { return string(a.Do(t, "GET", "/api/device/footer", p.token, nil).Body) }
	if got := footer(); got != "{}\n" && got != "{}" {
		t.Fatalf("a schedule without footer: %s", got)
	}
	mustStatus(t, a.Do(t, "POST", "/api/schedule/"+f.slug+"/"+f.schedule+"/config", f.asBoxAdmin,
		map[string]any{"bottomBar": map[string]any{"height": 80, "bgColor": "#000000", "color": "#ffffff", "fSize": 24, "fWeight": 400,
			"weather": map[string]any{"fontSize": 20},
			"quote": map[string]any{"coins": []map[string]any{{"asset": "USD", "symbol": "US$"}, {"asset": "EUR", "symbol": "€"}},
				"style": map[string]any{"gap": 16, "fontSize": 20, "green": "#00ff00", "red": "#ff0000"}}}}), 200)
	got := footer()
	if !strings.Contains(got, `"city":"São Paulo"`) || !strings.Contains(got, `"quotes":[{"asset":"USD","bid":5.31,"pctChange":0.12}]`) {
		t.Fatalf("footer data: %s", got)
	}
}

func TestNewDevicesFromOneAddressAreLimited(t *testing.T) {
	a := testutil.NewApp(t, "sqlite", testutil.WithConfig(func(c *config.Config) { c.NewDevicesPerAddress = 60 }))
	_, kept := a.AnnounceDevice(t)
	for i := range 59 {
		if r := a.Do(t, "POST", "/api/device/hello", "", map[string]any{"version": "1"}); r.Status != 200 {
			t.Fatalf("hello %d: %d %s", i, r.Status, r.Body)
		}
	}
	r := a.Do(t, "POST", "/api/device/hello", "", map[string]any{"version": "1"})
	if r.Status != 429 || r.Header.Get("Retry-After") == "" || !strings.Contains(string(r.Body), "Muitos dispositivos anunciados") {
		t.Fatalf("the 61st new device: %d %s", r.Status, r.Body)
	}
	// A box that has its token is never held back.
	if r := a.Do(t, "POST", "/api/device/hello", "", map[string]any{"version": "1", "token": kept}); r.Status != 200 {
		t.Fatalf("a known box: %d %s", r.Status, r.Body)
	}
}

// Sockets still in the auth phase are bounded per client address (the one
// trusted proxies name): past the bound the upgrade is refused with 429;
// other addresses, and boxes that authenticated, are not held back.
func TestSocketsAwaitingAuthFromOneAddressAreLimited(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine, testutil.WithConfig(func(c *config.Config) {
			c.PendingSocketsPerAddress = 2
			c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
		}))
		code, token := a.AnnounceDevice(t)
		from := func(addr string) (*websocket.Conn, *http.Response, error) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			ws, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(a.URL, "http")+"/api/device/ws",
				&websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {addr}}})
			if ws != nil {
				t.Cleanup(func() { ws.CloseNow() })
			}
			return ws, resp, err
		}
		first, _, err := from("198.51.100.1")
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := from("198.51.100.1"); err != nil {
			t.Fatal(err)
		}
		_, resp, err := from("198.51.100.1")
		if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("a third socket awaiting auth: %v %v", resp, err)
		}
		var body struct {
			StatusCode int    `json:"statusCode"`
			Msg        string `json:"msg"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || body.StatusCode != 1003 ||
			!strings.Contains(body.Msg, "aguardando autenticação") {
			t.Fatalf("the refusal: %+v %v", body, err)
		}
		if _, _, err := from("198.51.100.2"); err != nil {
			t.Fatalf("another address: %v", err)
		}
		// IPv6 clients count by their /64: a host picks addresses in it at will.
		for _, addr := range []string{"2001:db8:1::1", "2001:db8:1::2"} {
			if _, _, err := from(addr); err != nil {
				t.Fatalf("%s: %v", addr, err)
			}
		}
		if _, resp, err := from("2001:db8:1::3"); err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("a third socket from the same /64: %v %v", resp, err)
		}
		if _, _, err := from("2001:db8:2::1"); err != nil {
			t.Fatalf("another /64: %v", err)
		}
		p := &player{t: t, code: code, token: token, ws: first}
		p.send(map[string]any{"type": "auth", "token": token})
		if got := p.next(); got.Type != "unpaired" {
			t.Fatalf("after auth: %+v", got)
		}
		if _, _, err := from("198.51.100.1"); err != nil {
			t.Fatalf("once a box authenticated: %v", err)
		}
	})
}
