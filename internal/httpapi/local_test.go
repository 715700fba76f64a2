package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"vitrine/internal/localcontent"
	"vitrine/internal/media/mediatest"
	"vitrine/internal/schedule"
	"vitrine/internal/testutil"
)

// localFixture is a group whose network schedule 'Vitrine' holds a media
// entry and a local space 'Recados da loja' (10 s per item, the network's
// 'Reserva' as fallback), played by TV A in Loja A and TV B in Loja B, each
// with a connected player; nina is 'Rede' with 'Aprovar conteúdo', fabio
// the franchisee of Loja A, gabi its store manager.
type localFixture struct {
	t                   *testing.T
	a                   *testutil.TestApp
	slug, id            string
	nina, fabio, gabi   testutil.SeededUser
	schedule, other     string // 'Vitrine'; 'Outra', with a space no TV of Loja A plays
	image, fallback     string // network media
	space, otherSpace   string
	playerA, playerB    *player
	tvA, tvB            string
	localImage, storeBM string // Loja A's own media; Loja B's
}

func newLocalFixture(t *testing.T, a *testutil.TestApp) *localFixture {
	t.Helper()
	u := a.Unique()
	f := &localFixture{t: t, a: a, slug: "rede-" + u}
	f.nina = a.SeedUser(t, "nina-"+u+"@example.com", "")
	f.fabio = a.SeedUser(t, "fabio-"+u+"@example.com", "")
	f.gabi = a.SeedUser(t, "gabi-"+u+"@example.com", "")
	f.id = a.SeedFranchise(t, f.slug, "Rede "+u, f.nina, f.fabio, f.gabi)
	f.exec(`UPDATE user_franchises SET approve_content = 1 WHERE user_id = ?`, f.nina.ID)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.nina.Token, storeBody("Loja A")), 201)
	mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.nina.Token, storeBody("Loja B")), 201)
	a.SetMembership(t, f.fabio.ID, f.id, "franchisee", "loja-a")
	a.SetMembership(t, f.gabi.ID, f.id, "store", "loja-a")
	f.image = seedMedia(t, a, f.id, "Promoção")
	f.fallback = seedMedia(t, a, f.id, "Reserva")
	f.schedule = f.newSchedule("Vitrine")
	f.other = f.newSchedule("Outra")
	sc := f.save(f.schedule, 200, map[string]any{"id": f.image, "displayTime": 5},
		map[string]any{"isLocal": true, "name": "Recados da loja", "localTime": 10, "localFallbackMediaId": f.fallback})
	f.space = sc.Media[1].ID
	sc = f.save(f.other, 200, map[string]any{"isLocal": true, "localTime": 8})
	f.otherSpace = sc.Media[0].ID
	f.playerA, f.tvA = f.player("loja-a", "TV A")
	f.playerB, f.tvB = f.player("loja-b", "TV B")
	f.localImage = f.uploadLocal(f.fabio.Token, "loja-a", "Horário de feriado")
	f.storeBM = f.uploadLocal(f.nina.Token, "loja-b", "Parceiro da B")
	return f
}

func (f *localFixture) exec(q string, args ...any) {
	f.t.Helper()
	if _, err := f.a.DB.ExecContext(context.Background(), q, args...); err != nil {
		f.t.Fatal(err)
	}
}

func (f *localFixture) newSchedule(name string) string {
	f.t.Helper()
	r := f.a.Do(f.t, "POST", "/api/schedule/"+f.slug, f.nina.Token, map[string]any{"name": name})
	mustStatus(f.t, r, 201)
	var out struct {
		Schedule struct{ ID string } `json:"schedule"`
	}
	r.Decode(f.t, &out)
	return out.Schedule.ID
}

type savedSchedule struct {
	Media []struct {
		ID                   string `json:"id"`
		Name                 string `json:"name"`
		IsLocal              bool   `json:"isLocal"`
		LocalTime            int    `json:"localTime"`
		DisplayTime          int    `json:"displayTime"`
		LocalFallbackMediaID string `json:"localFallbackMediaId"`
	} `json:"media"`
	LocalFill   map[string]int `json:"localFill"`
	LocalStores int            `json:"localStores"`
}

// save sets a schedule's entries and expects status.
func (f *localFixture) save(id string, status int, entries ...map[string]any) savedSchedule {
	f.t.Helper()
	r := f.a.Do(f.t, "POST", "/api/schedule/"+f.slug+"/"+id, f.nina.Token, map[string]any{"media": entries})
	mustStatus(f.t, r, status)
	var out struct {
		Schedule savedSchedule `json:"schedule"`
	}
	if status == 200 {
		r.Decode(f.t, &out)
	}
	return out.Schedule
}

// player pairs a player with a new TV of the store on 'Vitrine' and reads
// its first playlist.
func (f *localFixture) player(store, name string) (*player, string) {
	f.t.Helper()
	code, token := f.a.AnnounceDevice(f.t)
	r := f.a.Do(f.t, "POST", "/api/display/"+f.slug+"/"+store, f.nina.Token,
		map[string]any{"name": name, "device": code, "scheduleId": f.schedule, "contentOrientation": 1})
	mustStatus(f.t, r, 201)
	var tv struct {
		Display struct{ ID string } `json:"display"`
	}
	r.Decode(f.t, &tv)
	p := connect(f.t, f.a, code, token)
	if first := p.next(); first.Type != "playlist" {
		f.t.Fatalf("first frame %+v", first)
	}
	return p, tv.Display.ID
}

// settled waits until the players' connections are recorded: until then a
// status flush may still change the TVs' rows and the group's revision under
// a test that compares the database before and after a call.
func (f *localFixture) settled() {
	f.t.Helper()
	testutil.Eventually(f.t, 10*time.Second, func() bool {
		var n int
		err := f.a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM displays
			WHERE id IN (?, ?) AND connected = 1 AND last_connection_ack <> 0`, f.tvA, f.tvB).Scan(&n)
		return err == nil && n == 2
	}, "the players' connections recorded")
}

// uploadLocal uploads a PNG into the store's own folder.
func (f *localFixture) uploadLocal(token, store, name string) string {
	f.t.Helper()
	r := f.a.Do(f.t, "GET", "/api/local/"+f.slug+"/"+store+"/file?type=image&contentType=image/png", token, nil)
	mustStatus(f.t, r, 200)
	var p policyBody
	r.Decode(f.t, &p)
	if up := postBytes(f.t, f.a, p.Data.URL, p.Data.Fields, mediatest.PNG(64, 48)); up.Status != 204 {
		f.t.Fatalf("upload: %d %s", up.Status, up.Body)
	}
	r = f.a.Do(f.t, "POST", "/api/local/"+f.slug+"/"+store+"/media", token,
		map[string]any{"name": name, "type": "image", "filePath": p.Data.Fields["key"], "folder": "Campanhas"})
	mustStatus(f.t, r, 201)
	var m mediaBody
	r.Decode(f.t, &m)
	return m.Media.ID
}

// localOf reads p's playlist frames until one's local spaces hold n items
// in space (earlier pushes may still be on their way), failing after 5 s;
// it returns that frame's spaces.
func localOf(t *testing.T, p *player, space string, n int) map[string][]localcontent.PlayerItem {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var last []byte
	for {
		b, _, err := p.read(ctx)
		if err != nil {
			t.Fatalf("no playlist with %d items in the space (last: %.800s): %v", n, last, err)
		}
		var fr struct {
			Type   string `json:"type"`
			Screen *struct {
				Local *localcontent.Player `json:"local"`
			} `json:"screen"`
		}
		if err := json.Unmarshal(b, &fr); err != nil {
			t.Fatalf("frame: %s", b)
		}
		if fr.Type != "playlist" || fr.Screen == nil {
			continue
		}
		last = b
		var spaces map[string][]localcontent.PlayerItem
		if fr.Screen.Local != nil {
			spaces = fr.Screen.Local.Spaces
			for _, list := range spaces {
				for _, it := range list {
					if _, ok := fr.Screen.Local.Media[it.MediaID]; !ok {
						t.Fatalf("item %s without its media in %s", it.ID, b)
					}
				}
			}
		}
		if len(spaces[space]) == n {
			return spaces
		}
	}
}

type storeLocalBody struct {
	Approval bool `json:"approval"`
	Spaces   []struct {
		ScheduleID, SpaceID, Name string
		LocalTime                 int
		Fallback                  *struct{ ID, Name string }
		Items                     []localcontent.Item
		Displays                  int
	} `json:"spaces"`
	Media []struct{ ID, Name, Folder, URL string } `json:"media"`
}

func (f *localFixture) storeLocal(token, store string) storeLocalBody {
	f.t.Helper()
	r := f.a.Do(f.t, "GET", "/api/local/"+f.slug+"/"+store, token, nil)
	mustStatus(f.t, r, 200)
	var out storeLocalBody
	r.Decode(f.t, &out)
	return out
}

func (f *localFixture) add(token, store string, body map[string]any) (localcontent.Item, *testutil.Response) {
	f.t.Helper()
	r := f.a.Do(f.t, "POST", "/api/local/"+f.slug+"/"+store+"/items", token, body)
	var it localcontent.Item
	if r.Status == 201 {
		r.Decode(f.t, &it)
	}
	return it, r
}

func (f *localFixture) approvals(token string) localcontent.ApprovalList {
	f.t.Helper()
	r := f.a.Do(f.t, "GET", "/api/approvals/"+f.slug, token, nil)
	mustStatus(f.t, r, 200)
	var out localcontent.ApprovalList
	r.Decode(f.t, &out)
	return out
}

func (f *localFixture) decide(ids []string, decision, reason string) *testutil.Response {
	f.t.Helper()
	return f.a.Do(f.t, "POST", "/api/approvals/"+f.slug, f.nina.Token,
		map[string]any{"ids": ids, "decision": decision, "reason": reason})
}

// mails lists the subjects and bodies of the e-mails queued to address.
func (f *localFixture) mails(address string) []string {
	f.t.Helper()
	rows, err := f.a.DB.QueryContext(context.Background(),
		`SELECT subject, body FROM outbox WHERE recipient = ? AND channel = 'email' ORDER BY created_at, id`, address)
	if err != nil {
		f.t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s, b string
		if err := rows.Scan(&s, &b); err != nil {
			f.t.Fatal(err)
		}
		out = append(out, s+"\n"+b)
	}
	return out
}

func wantError(t *testing.T, r *testutil.Response, status, code int, msg string) {
	t.Helper()
	if r.Status != status || r.Code() != code || !strings.Contains(string(r.Body), msg) {
		t.Fatalf("want %d/%d %q, got %d %s", status, code, msg, r.Status, r.Body)
	}
}

func TestLocalSpacesInSchedules(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newLocalFixture(t, a)
		sc := f.save(f.schedule, 200, map[string]any{"id": f.image},
			map[string]any{"id": f.space, "isLocal": true, "name": "Recados da loja", "localTime": 10,
				"localFallbackMediaId": f.fallback, "timeGap": []string{"08:00@12:00"}})
		if e := sc.Media[1]; !e.IsLocal || e.ID != f.space || e.LocalTime != 10 || e.DisplayTime != 10 ||
			e.LocalFallbackMediaID != f.fallback {
			t.Fatalf("space read back as %+v", e)
		}
		space := func(extra map[string]any) map[string]any {
			m := map[string]any{"isLocal": true, "localTime": 10}
			for k, v := range extra {
				m[k] = v
			}
			return m
		}
		for _, c := range []struct {
			name    string
			entry   map[string]any
			status  int
			code    int
			message string
		}{
			{"too short", space(map[string]any{"localTime": 4}), 400, 1003, "Espaço local (posição 2): A duração de cada item do espaço local deve ser um número inteiro de 5 a 300 segundos."},
			{"too long", space(map[string]any{"localTime": 301}), 400, 1003, "de 5 a 300 segundos"},
			{"no duration", map[string]any{"isLocal": true}, 400, 1003, "Informe a duração de cada item do espaço local"},
			{"a fallback of nobody's", space(map[string]any{"localFallbackMediaId": "nada"}), 404, 100101, "Mídia não encontrada."},
			{"a store's media as fallback", space(map[string]any{"localFallbackMediaId": f.localImage}), 404, 100101, "Mídia não encontrada"},
			{"also an ad slot", space(map[string]any{"adSlots": 2, "adTime": 10}), 400, 1003, "não pode ser também uma vaga de anúncios"},
			{"an end before its start", space(map[string]any{"startDate": 2000, "endDate": 1000}), 400, 1003, "A data final deve ser posterior à inicial."},
		} {
			r := a.Do(t, "POST", "/api/schedule/"+f.slug+"/"+f.schedule, f.nina.Token,
				map[string]any{"media": []map[string]any{{"id": f.image}, c.entry}})
			wantError(t, r, c.status, c.code, c.message)
		}
		// A store's own media is neither in the network's library nor a
		// schedule's entry.
		lib := library(t, a, f.nina.Token, f.slug)
		for _, m := range lib.MediaList {
			if m.ID == f.localImage || m.ID == f.storeBM {
				t.Fatalf("the network's library lists a store's media %q", m.Name)
			}
		}
		r := a.Do(t, "POST", "/api/schedule/"+f.slug+"/"+f.schedule, f.nina.Token,
			map[string]any{"media": []map[string]any{{"id": f.localImage}}})
		wantError(t, r, 404, 100101, "Mídia não encontrada")
	})
}

func TestLocalContentIsApprovedBeforeItPlays(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newLocalFixture(t, a)

		mine := f.storeLocal(f.fabio.Token, "loja-a")
		if !mine.Approval || len(mine.Spaces) != 2-1 || mine.Spaces[0].SpaceID != f.space ||
			mine.Spaces[0].Fallback == nil || mine.Spaces[0].Fallback.Name != "Reserva" || mine.Spaces[0].Displays != 1 {
			t.Fatalf("Loja A's spaces: %+v", mine)
		}
		if len(mine.Media) != 1 || mine.Media[0].ID != f.localImage || mine.Media[0].Folder != "" {
			t.Fatalf("Loja A's folder: %+v", mine.Media)
		}

		// Sent: it waits, and no player gets it.
		it, r := f.add(f.fabio.Token, "loja-a", map[string]any{"scheduleId": f.schedule, "spaceId": f.space, "mediaId": f.localImage})
		mustStatus(t, r, 201)
		if it.State != localcontent.Pending || it.Live != nil || it.Draft == nil || it.Draft.Media.Name != "Horário de feriado" ||
			it.SentBy == "" {
			t.Fatalf("sent item %+v", it)
		}
		if r := a.Do(t, "GET", "/api/approvals/"+f.slug, f.fabio.Token, nil); r.Status != 403 {
			t.Fatalf("a franchisee lists approvals: %d", r.Status)
		}
		list := f.approvals(f.nina.Token)
		if list.Total != 1 || len(list.Items) != 1 || list.Items[0].ID != it.ID || list.Items[0].Store.Name != "Loja A" ||
			list.Items[0].SpaceName != "Recados da loja" || list.Items[0].ScheduleName != "Vitrine" ||
			list.Items[0].LocalTime != 10 || list.Items[0].ContentOrientation != 1 ||
			list.Items[0].SentByEmail != f.fabio.Email || list.Items[0].Draft.Media.Name != "Horário de feriado" {
			t.Fatalf("approvals: %+v", list)
		}

		// Approved: Loja A's player gets it at once, Loja B's does not.
		r = f.decide([]string{it.ID}, "approve", "")
		mustStatus(t, r, 200)
		if got := localOf(t, f.playerA, f.space, 1); got[f.space][0].MediaID != f.localImage {
			t.Fatalf("TV A's local spaces after the approval: %+v", got)
		}
		// The TV's screen, as the console previews it, shows the same.
		r = a.Do(t, "GET", "/api/display/"+f.slug+"/loja-a/"+f.tvA+"/screen", f.gabi.Token, nil)
		mustStatus(t, r, 200)
		var screen struct {
			Local *localcontent.Player `json:"local"`
		}
		r.Decode(t, &screen)
		if screen.Local == nil || len(screen.Local.Spaces[f.space]) != 1 || screen.Local.Media[f.localImage].URL == "" {
			t.Fatalf("TV A's screen: %s", r.Body)
		}
		// 'O que está passando' plays it in the space; Loja B's TV, with nothing approved, the fallback.
		if got := spaceNow(t, a, f.gabi.Token, "/api/display/"+f.slug+"/loja-a/"+f.tvA+"/now?next=10", f.space); got.LocalItemID != it.ID ||
			got.Name != "Horário de feriado" || got.Position != 1 || got.End-got.Start != 10_000 {
			t.Fatalf("TV A now plays in the space %+v", got)
		}
		if got := spaceNow(t, a, f.nina.Token, "/api/display/"+f.slug+"/loja-b/"+f.tvB+"/now?next=10", f.space); got.LocalItemID != "" || got.Name != "Reserva" {
			t.Fatalf("TV B now plays in the space %+v", got)
		}
		if mail := f.mails(f.fabio.Email); len(mail) != 1 || !strings.HasPrefix(mail[0], "Conteúdo local aprovado") {
			t.Fatalf("fabio's mail: %q", mail)
		}
		if f.approvals(f.nina.Token).Total != 0 {
			t.Fatal("the approved item still waits")
		}
		// Loja B fills the same space with its own: each TV plays its store's.
		itB, r := f.add(f.nina.Token, "loja-b", map[string]any{"scheduleId": f.schedule, "spaceId": f.space, "mediaId": f.storeBM})
		mustStatus(t, r, 201)
		mustStatus(t, f.decide([]string{itB.ID}, "approve", ""), 200)
		if got := localOf(t, f.playerB, f.space, 1); got[f.space][0].MediaID != f.storeBM {
			t.Fatalf("TV B plays %+v", got)
		}

		// A change waits while the approved version keeps playing.
		r = a.Do(t, "POST", "/api/local/"+f.slug+"/loja-a/items/"+it.ID, f.fabio.Token, map[string]any{"endDate": int64(4102444800000)})
		mustStatus(t, r, 200)
		var changed localcontent.Item
		r.Decode(t, &changed)
		if changed.State != localcontent.Pending || changed.Live == nil || changed.Live.EndDate != 0 ||
			changed.Draft == nil || changed.Draft.EndDate != 4102444800000 {
			t.Fatalf("changed item %+v", changed)
		}
		// Refused: a reason is required; the approved version stays.
		wantError(t, f.decide([]string{it.ID}, "reject", "  "), 400, 1003, "Informe o motivo da recusa.")
		mustStatus(t, f.decide([]string{it.ID}, "reject", "Data errada"), 200)
		mine = f.storeLocal(f.fabio.Token, "loja-a")
		got := mine.Spaces[0].Items
		if len(got) != 1 || got[0].State != localcontent.Rejected || got[0].Reason != "Data errada" || got[0].Live == nil {
			t.Fatalf("refused item %+v", got)
		}
		if mail := f.mails(f.fabio.Email); len(mail) != 2 || !strings.Contains(mail[1], "Motivo: Data errada") {
			t.Fatalf("fabio's refusal mail: %q", mail)
		}
		// Deciding it again finds nothing waiting.
		r = f.decide([]string{it.ID}, "approve", "")
		mustStatus(t, r, 200)
		if n := r.JSON(t)["decided"]; n != float64(0) {
			t.Fatalf("decided again: %v", n)
		}

		// Taken off at once, no approval needed.
		mustStatus(t, a.Do(t, "DELETE", "/api/local/"+f.slug+"/loja-a/items/"+it.ID, f.fabio.Token, nil), 200)
		localOf(t, f.playerA, f.space, 0)

		// Every step is in Loja A's records.
		var n int
		if err := a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_records WHERE chain = ? AND kind = 'local'
			AND action IN ('create', 'approve', 'update', 'reject', 'delete')`, f.id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 7 {
			t.Fatalf("%d records of local content, want 7", n)
		}
	})
}

// spaceNow is the first item 'O que está passando' lists in the local space.
func spaceNow(t *testing.T, a *testutil.TestApp, token, path, space string) schedule.PlayingItem {
	t.Helper()
	r := a.Do(t, "GET", path, token, nil)
	mustStatus(t, r, 200)
	var got struct {
		Playing schedule.Playing `json:"playing"`
	}
	r.Decode(t, &got)
	if got.Playing.Now == nil {
		t.Fatalf("nothing plays: %s", r.Body)
	}
	for _, it := range append([]schedule.PlayingItem{*got.Playing.Now}, got.Playing.Next...) {
		if it.EntryID == space {
			if it.Kind != "local" {
				t.Fatalf("the space plays as %q", it.Kind)
			}
			return it
		}
	}
	t.Fatalf("the space is not among %s", r.Body)
	return schedule.PlayingItem{}
}

func TestLocalContentRefusesBadInput(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newLocalFixture(t, a)
		item := func(extra map[string]any) map[string]any {
			m := map[string]any{"scheduleId": f.schedule, "spaceId": f.space, "mediaId": f.localImage}
			for k, v := range extra {
				m[k] = v
			}
			return m
		}
		f.settled()
		before := fingerprint(t, a)
		for _, c := range []struct {
			name    string
			token   string
			body    map[string]any
			status  int
			code    int
			message string
		}{
			{"another store's media", f.fabio.Token, item(map[string]any{"mediaId": f.storeBM}), 404, 100101, "Mídia não encontrada na pasta da loja."},
			{"the network's media", f.fabio.Token, item(map[string]any{"mediaId": f.image}), 404, 100101, "Mídia não encontrada na pasta da loja."},
			{"a space its TVs do not play", f.fabio.Token, item(map[string]any{"scheduleId": f.other, "spaceId": f.otherSpace}), 404, 100101, "Espaço local não encontrado"},
			{"a space that is not one", f.fabio.Token, item(map[string]any{"spaceId": f.image}), 404, 100101, "Espaço local não encontrado"},
			{"an end before its start", f.fabio.Token, item(map[string]any{"startDate": 1767236400000, "endDate": 1767150000000}), 400, 1003, "A data final deve ser igual ou posterior à inicial."},
			{"a store manager", f.gabi.Token, item(nil), 403, 1403, ""},
		} {
			t.Run(c.name, func(t *testing.T) {
				_, r := f.add(c.token, "loja-a", c.body)
				wantError(t, r, c.status, c.code, c.message)
			})
		}
		if r := a.Do(t, "POST", "/api/local/"+f.slug+"/loja-b/items", f.fabio.Token, item(nil)); r.Status != 404 || r.Code() != 1061 {
			t.Fatalf("another store: %d %s", r.Status, r.Body)
		}
		if after := fingerprint(t, a); after != before {
			t.Fatal("a refused call changed the database")
		}
		// At most 50 items per space and store.
		for i := range localcontent.MaxItems {
			if _, r := f.add(f.fabio.Token, "loja-a", item(nil)); r.Status != 201 {
				t.Fatalf("item %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		_, r := f.add(f.fabio.Token, "loja-a", item(nil))
		wantError(t, r, 400, 1003, fmt.Sprintf("no máximo %d itens", localcontent.MaxItems))
		// Several decided at once; the page and its cursor.
		first := a.Do(t, "GET", "/api/approvals/"+f.slug+"?limit=20", f.nina.Token, nil)
		mustStatus(t, first, 200)
		var page localcontent.ApprovalList
		first.Decode(t, &page)
		if page.Total != 50 || len(page.Items) != 20 || page.Next == "" {
			t.Fatalf("first page: total %d, %d items, next %q", page.Total, len(page.Items), page.Next)
		}
		second := a.Do(t, "GET", "/api/approvals/"+f.slug+"?limit=20&after="+page.Next, f.nina.Token, nil)
		var next localcontent.ApprovalList
		second.Decode(t, &next)
		if len(next.Items) != 20 || next.Items[0].SentAt < page.Items[19].SentAt || next.Items[0].ID == page.Items[19].ID {
			t.Fatalf("second page starts at %+v", next.Items[0])
		}
		wantError(t, a.Do(t, "GET", "/api/approvals/"+f.slug+"?after=x", f.nina.Token, nil), 400, 1003, "Cursor inválido.")
		var ids []string
		for _, it := range page.Items {
			ids = append(ids, it.ID)
		}
		r = f.decide(ids, "approve", "")
		if mustStatus(t, r, 200); r.JSON(t)["decided"] != float64(20) {
			t.Fatalf("decided %s", r.Body)
		}
		localOf(t, f.playerA, f.space, 20)
		if mail := f.mails(f.fabio.Email); len(mail) != 1 || !strings.HasPrefix(mail[0], "20 itens de conteúdo local aprovados") {
			t.Fatalf("one e-mail for the decision, got %q", mail)
		}
	})
}

func TestLocalContentWithoutApprovalAndSpacesRemoved(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newLocalFixture(t, a)
		f.exec(`UPDATE franchises SET local_without_approval = 1 WHERE id = ?`, f.id)
		it, r := f.add(f.fabio.Token, "loja-a", map[string]any{"scheduleId": f.schedule, "spaceId": f.space, "mediaId": f.localImage})
		mustStatus(t, r, 201)
		if it.State != localcontent.Approved || it.Live == nil || it.Draft != nil {
			t.Fatalf("published without approval: %+v", it)
		}
		localOf(t, f.playerA, f.space, 1)
		if f.storeLocal(f.gabi.Token, "loja-a").Approval {
			t.Fatal("approval still required")
		}
		// The schedule tells how many stores fill the space; a save that
		// removes it deletes their content.
		r = a.Do(t, "GET", "/api/schedule/"+f.slug+"/"+f.schedule, f.nina.Token, nil)
		var got struct {
			Schedule savedSchedule `json:"schedule"`
		}
		r.Decode(t, &got)
		if got.Schedule.LocalFill[f.space] != 1 || got.Schedule.LocalStores != 1 {
			t.Fatalf("localFill %v, localStores %d", got.Schedule.LocalFill, got.Schedule.LocalStores)
		}
		// So does the list, whose 'Excluir' warns before the content goes.
		r = a.Do(t, "GET", "/api/schedule/"+f.slug, f.nina.Token, nil)
		mustStatus(t, r, 200)
		var list struct {
			Schedules []struct {
				ID          string `json:"id"`
				LocalStores int    `json:"localStores"`
			} `json:"scheduleList"`
		}
		r.Decode(t, &list)
		if len(list.Schedules) < 2 {
			t.Fatalf("%d schedules listed, want the space's and another", len(list.Schedules))
		}
		for _, sc := range list.Schedules {
			if want := map[bool]int{true: 1}[sc.ID == f.schedule]; sc.LocalStores != want {
				t.Fatalf("schedule %s listed with localStores %d, want %d", sc.ID, sc.LocalStores, want)
			}
		}
		f.save(f.schedule, 200, map[string]any{"id": f.image})
		if sp := f.storeLocal(f.fabio.Token, "loja-a").Spaces; len(sp) != 0 {
			t.Fatalf("spaces left: %+v", sp)
		}
		var n int
		a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM local_items WHERE franchise_id = ?`, f.id).Scan(&n)
		if n != 0 {
			t.Fatalf("%d items left after their space was removed", n)
		}
	})
}

func TestLocalMediaDeletedTakesItsItemsOff(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newLocalFixture(t, a)
		it, r := f.add(f.fabio.Token, "loja-a", map[string]any{"scheduleId": f.schedule, "spaceId": f.space, "mediaId": f.localImage})
		mustStatus(t, r, 201)
		mustStatus(t, f.decide([]string{it.ID}, "approve", ""), 200)
		localOf(t, f.playerA, f.space, 1)
		// Another store's media, or the network's, is not Loja A's to delete.
		wantError(t, a.Do(t, "DELETE", "/api/local/"+f.slug+"/loja-a/media/"+f.storeBM, f.fabio.Token, nil), 404, 100101, "")
		wantError(t, a.Do(t, "DELETE", "/api/local/"+f.slug+"/loja-a/media/"+f.image, f.fabio.Token, nil), 404, 100101, "")
		mustStatus(t, a.Do(t, "DELETE", "/api/local/"+f.slug+"/loja-a/media/"+f.localImage, f.fabio.Token, nil), 200)
		localOf(t, f.playerA, f.space, 0)
		if items := f.storeLocal(f.fabio.Token, "loja-a").Spaces[0].Items; len(items) != 0 {
			t.Fatalf("items left: %+v", items)
		}
		// A store deleted takes its own folder with it, files included.
		var url string
		for _, m := range f.storeLocal(f.nina.Token, "loja-b").Media {
			if m.ID == f.storeBM {
				url = m.URL
			}
		}
		if url == "" {
			t.Fatal("Loja B's media has no address")
		}
		if !strings.HasPrefix(url, "http") {
			url = a.URL + url
		}
		if r := get(t, url); r.Status != 200 {
			t.Fatalf("Loja B's file before: %d", r.Status)
		}
		mustStatus(t, a.Do(t, "DELETE", "/api/store/"+f.slug+"/loja-b", f.nina.Token, map[string]any{"name": "Loja B"}), 200)
		var left int
		a.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM media WHERE id = ?`, f.storeBM).Scan(&left)
		if left != 0 {
			t.Fatal("Loja B's media outlived the store")
		}
		deadline := time.Now().Add(5 * time.Second)
		for get(t, url).Status != 404 {
			if time.Now().After(deadline) {
				t.Fatal("Loja B's file outlived the store")
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
}

func TestLocalContentDigest(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newLocalFixture(t, a)
		ctx := context.Background()
		if _, err := a.Local.Digest(ctx); err != nil {
			t.Fatal(err)
		}
		if mail := f.mails(f.nina.Email); len(mail) != 0 {
			t.Fatalf("a digest with nothing waiting: %q", mail)
		}
		for range 3 {
			_, r := f.add(f.fabio.Token, "loja-a", map[string]any{"scheduleId": f.schedule, "spaceId": f.space, "mediaId": f.localImage})
			mustStatus(t, r, 201)
		}
		if _, err := a.Local.Digest(ctx); err != nil {
			t.Fatal(err)
		}
		mail := f.mails(f.nina.Email)
		if len(mail) != 1 || !strings.HasPrefix(mail[0], "3 itens de conteúdo local aguardam aprovação") ||
			!strings.Contains(mail[0], "Horário de feriado (loja Loja A)") {
			t.Fatalf("the digest: %q", mail)
		}
		// One an hour at most: more sent meanwhile waits for the next.
		_, r := f.add(f.fabio.Token, "loja-a", map[string]any{"scheduleId": f.schedule, "spaceId": f.space, "mediaId": f.localImage})
		mustStatus(t, r, 201)
		if _, err := a.Local.Digest(ctx); err != nil {
			t.Fatal(err)
		}
		if n := len(f.mails(f.nina.Email)); n != 1 {
			t.Fatalf("%d digests within the hour", n)
		}
		if n := len(f.mails(f.fabio.Email)) + len(f.mails(f.gabi.Email)); n != 0 {
			t.Fatalf("%d digests to members who do not approve", n)
		}
	})
}

// The consoles hear of local content as it is sent and decided: the
// network's with the store's id, the store's own franchisee without the
// ids, another store's people not at all.
func TestLocalContentNewsReachesTheConsolesOfItsStores(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newLocalFixture(t, a)
		hugo := a.SeedUser(t, "hugo-"+a.Unique()+"@example.com", "")
		f.exec(`INSERT INTO user_franchises (user_id, franchise_id, created_at) VALUES (?, ?, ?)`, hugo.ID, f.id, a.Now().UnixMilli())
		a.SetMembership(t, hugo.ID, f.id, "store", "loja-b")
		var storeA string
		if err := a.DB.QueryRowContext(context.Background(), `SELECT id FROM stores WHERE franchise_id = ? AND slug = 'loja-a'`, f.id).Scan(&storeA); err != nil {
			t.Fatal(err)
		}
		network := openEvents(t, a, f.slug, f.nina.Token)
		own := openEvents(t, a, f.slug, f.fabio.Token)
		other := openEvents(t, a, f.slug, hugo.Token)
		isLocal := func(e sseEvent) bool { return e.Type == localcontent.NewsType }
		heard := func(stores ...string) {
			t.Helper()
			e := network.next(t, 5*time.Second, isLocal)
			if got, _ := e.Data["stores"].([]any); len(got) != len(stores) || (len(stores) > 0 && got[0] != stores[0]) {
				t.Fatalf("the network's console heard %+v, want stores %v", e.Data, stores)
			}
			e = own.next(t, 5*time.Second, isLocal)
			if got, ok := e.Data["stores"].([]any); !ok || len(got) != 0 {
				t.Fatalf("the franchisee's console heard %+v, want no store ids", e.Data)
			}
		}

		// Sent: waiting for approval, nothing pushed, but 'Aprovações' and
		// 'Conteúdo local' read again.
		it, r := f.add(f.fabio.Token, "loja-a", map[string]any{"scheduleId": f.schedule, "spaceId": f.space, "mediaId": f.localImage})
		mustStatus(t, r, 201)
		heard(storeA)
		// Refused.
		mustStatus(t, f.decide([]string{it.ID}, "reject", "Fora da campanha."), 200)
		heard(storeA)
		// Sent again, approved.
		mustStatus(t, f.a.Do(t, "POST", "/api/local/"+f.slug+"/loja-a/items/"+it.ID, f.fabio.Token, map[string]any{"endDate": time.Date(2030, 12, 31, 23, 59, 0, 0, time.UTC).UnixMilli()}), 200)
		heard(storeA)
		mustStatus(t, f.decide([]string{it.ID}, "approve", ""), 200)
		heard(storeA)
		// Removed.
		mustStatus(t, f.a.Do(t, "DELETE", "/api/local/"+f.slug+"/loja-a/items/"+it.ID, f.fabio.Token, nil), 200)
		heard(storeA)
		other.none(t, 300*time.Millisecond, isLocal)
	})
}
