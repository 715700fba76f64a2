package httpapi_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrine/internal/testutil"
)

// A store has a time zone: the franchise's when none is sent, checked
// when one is, shown on every read, and refused in pt-BR when unknown.
func TestAStoreHasATimeZone(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newScheduleFixture(t, a) // its store "centro" took the franchise's zone
		type storeAnswer struct {
			Store struct {
				Slug     string `json:"slug"`
				TimeZone string `json:"timeZone"`
			} `json:"store"`
		}
		body := storeBody("Rio Branco")
		body["timeZone"] = "America/Rio_Branco"
		r := a.Do(t, "POST", "/api/store/"+f.slug, f.op.Token, body)
		mustStatus(t, r, 201)
		var acre storeAnswer
		r.Decode(t, &acre)
		if acre.Store.TimeZone != "America/Rio_Branco" {
			t.Fatalf("created with %q", acre.Store.TimeZone)
		}

		bad := storeBody("Atlântida")
		bad["timeZone"] = "America/Atlantida"
		r = a.Do(t, "POST", "/api/store/"+f.slug, f.op.Token, bad)
		if r.Status != 400 || r.Code() != 1003 || !strings.Contains(r.JSON(t)["msg"].(string), "Fuso horário inválido") {
			t.Fatalf("an unknown zone: %d %s", r.Status, r.Body)
		}
		r = a.Do(t, "POST", "/api/store/"+f.slug+"/"+acre.Store.Slug, f.op.Token, map[string]any{"timeZone": "Mars/Olympus"})
		if r.Status != 400 {
			t.Fatalf("an edit to an unknown zone: %d %s", r.Status, r.Body)
		}

		r = a.Do(t, "GET", "/api/store/"+f.slug, f.op.Token, nil)
		mustStatus(t, r, 200)
		var list struct {
			StoreList []struct {
				Slug     string `json:"slug"`
				TimeZone string `json:"timeZone"`
			} `json:"storeList"`
		}
		r.Decode(t, &list)
		got := map[string]string{}
		for _, s := range list.StoreList {
			got[s.Slug] = s.TimeZone
		}
		if got["centro"] != "America/Sao_Paulo" || got[acre.Store.Slug] != "America/Rio_Branco" || len(got) != 2 {
			t.Fatalf("the list's zones %v", got)
		}

		// Another franchise's operator sees nothing of it.
		if r := a.Do(t, "GET", "/api/store/"+f.slug, f.other.Token, nil); r.Status != 403 {
			t.Fatalf("another tenant read the stores: %d", r.Status)
		}
		if r := a.Do(t, "POST", "/api/store/"+f.slug+"/"+acre.Store.Slug, f.other.Token, map[string]any{"timeZone": "America/Manaus"}); r.Status != 403 {
			t.Fatalf("another tenant edited the zone: %d", r.Status)
		}
	})
}

// Two TVs of one franchise in stores two hours apart, one schedule with a
// media that plays only from 00:00 to 01:00: at Tuesday 00:30 in São Paulo
// (Monday 22:30 in Rio Branco) the São Paulo TV plays it and the Rio
// Branco TV does not; each answer names its store's zone, and so does the
// TV's screen for the preview.
func TestWhatATVShowsFollowsItsStoresClock(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newScheduleFixture(t, a)
		body := storeBody("Acre")
		body["timeZone"] = "America/Rio_Branco"
		mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.op.Token, body), 201)
		code := "ACR" + strings.ToUpper(a.Unique())
		a.ReserveDevices(t, code)
		r := a.Do(t, "POST", "/api/display/"+f.slug+"/acre", f.op.Token, map[string]any{"name": "TV Acre", "device": code})
		mustStatus(t, r, 201)
		var tv struct {
			Display struct{ ID string } `json:"display"`
		}
		r.Decode(t, &tv)

		sc := f.create(t, "Madrugada",
			map[string]any{"id": f.image, "displayTime": 20},
			map[string]any{"id": f.video, "displayTime": 30, "timeGap": []string{"00:00@01:00"}})
		for _, p := range []string{"/centro/" + f.tv, "/acre/" + tv.Display.ID} {
			mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+p, f.op.Token, map[string]any{"schedule": sc.Schedule.ID}), 200)
		}

		sp, _ := time.LoadLocation("America/Sao_Paulo")
		day := time.Now().In(sp).AddDate(0, 0, 3)
		for day.Weekday() != time.Tuesday {
			day = day.AddDate(0, 0, 1)
		}
		at := time.Date(day.Year(), day.Month(), day.Day(), 0, 30, 0, 0, sp)
		type answer struct {
			Playing struct {
				TimeZone string `json:"timeZone"`
				Now      *struct{ EntryID string }
				Next     []struct{ EntryID string }
			} `json:"playing"`
		}
		ask := func(path string) (zone string, entries []string) {
			t.Helper()
			r := a.Do(t, "GET", fmt.Sprintf("/api/display/%s%s/now?at=%d&next=8", f.slug, path, at.UnixMilli()), f.op.Token, nil)
			mustStatus(t, r, 200)
			var ans answer
			r.Decode(t, &ans)
			if ans.Playing.Now != nil {
				entries = append(entries, ans.Playing.Now.EntryID)
			}
			for _, n := range ans.Playing.Next {
				entries = append(entries, n.EntryID)
			}
			return ans.Playing.TimeZone, entries
		}
		zone, saoPaulo := ask("/centro/" + f.tv)
		if zone != "America/Sao_Paulo" || !slices.Contains(saoPaulo, f.video) {
			t.Errorf("São Paulo at 00:30: zone %s, items %v, want the video among them", zone, saoPaulo)
		}
		zone, rioBranco := ask("/acre/" + tv.Display.ID)
		if zone != "America/Rio_Branco" || slices.Contains(rioBranco, f.video) || len(rioBranco) == 0 {
			t.Errorf("Rio Branco at 22:30: zone %s, items %v, want no video", zone, rioBranco)
		}

		r = a.Do(t, "GET", "/api/display/"+f.slug+"/acre/"+tv.Display.ID+"/screen", f.op.Token, nil)
		mustStatus(t, r, 200)
		if got := r.JSON(t)["timeZone"]; got != "America/Rio_Branco" {
			t.Errorf("the TV's screen for the preview runs on %v", got)
		}
	})
}

// A TV whose store is closed and rests while closed plays nothing: 'what
// plays now' says so (resting, no items) at a closed moment, and plays the
// schedule at an open one, both read on the store's clock; a store that
// keeps playing while closed is not resting.
func TestWhatATVShowsWhileItsStoreRests(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newScheduleFixture(t, a)
		sc := f.create(t, "Sempre", map[string]any{"id": f.image, "displayTime": 20})
		mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+f.tv, f.op.Token, map[string]any{"schedule": sc.Schedule.ID}), 200)
		// Open 09:00–18:00 every day, São Paulo's clock.
		day := []any{hoursRange("09:00", "18:00")}
		week := map[string]any{"week": []any{day, day, day, day, day, day, day}, "exceptions": []any{}}
		mustStatus(t, a.Do(t, "PUT", "/api/store/"+f.slug+"/centro/hours", f.op.Token, map[string]any{"hours": week, "whenClosed": "rest"}), 200)

		sp, _ := time.LoadLocation("America/Sao_Paulo")
		d := time.Now().In(sp).AddDate(0, 0, 2)
		type answer struct {
			Resting bool `json:"resting"`
			Playing struct {
				Now  *struct{ EntryID string }
				Next []struct{ EntryID string }
			} `json:"playing"`
		}
		ask := func(hour int) answer {
			t.Helper()
			at := time.Date(d.Year(), d.Month(), d.Day(), hour, 0, 0, 0, sp)
			r := a.Do(t, "GET", fmt.Sprintf("/api/display/%s/centro/%s/now?at=%d", f.slug, f.tv, at.UnixMilli()), f.op.Token, nil)
			mustStatus(t, r, 200)
			var ans answer
			r.Decode(t, &ans)
			return ans
		}
		if closed := ask(20); !closed.Resting || closed.Playing.Now != nil || len(closed.Playing.Next) != 0 {
			t.Errorf("at 20:00, closed: %+v, want resting with nothing playing", closed)
		}
		if open := ask(10); open.Resting || open.Playing.Now == nil {
			t.Errorf("at 10:00, open: %+v, want the schedule playing", open)
		}
		mustStatus(t, a.Do(t, "PUT", "/api/store/"+f.slug+"/centro/hours", f.op.Token, map[string]any{"hours": week, "whenClosed": "play"}), 200)
		if playing := ask(20); playing.Resting || playing.Playing.Now == nil {
			t.Errorf("at 20:00, closed but playing on: %+v", playing)
		}
	})
}

// An entry's dates are calendar days each TV reads on its own store's
// clock: "from D to D+2", written in the group's zone (São Paulo), plays from
// 00:00 of D to the end of D+2 in São Paulo and in Rio Branco alike, so at
// one instant near either midnight the two TVs differ.
func TestAnEntrysDatesAreDaysOnEachTVsClock(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newScheduleFixture(t, a)
		body := storeBody("Acre")
		body["timeZone"] = "America/Rio_Branco"
		mustStatus(t, a.Do(t, "POST", "/api/store/"+f.slug, f.op.Token, body), 201)
		code := "ACR" + strings.ToUpper(a.Unique())
		a.ReserveDevices(t, code)
		r := a.Do(t, "POST", "/api/display/"+f.slug+"/acre", f.op.Token, map[string]any{"name": "TV Acre", "device": code})
		mustStatus(t, r, 201)
		var tv struct {
			Display struct{ ID string } `json:"display"`
		}
		r.Decode(t, &tv)

		sp, _ := time.LoadLocation("America/Sao_Paulo")
		d := time.Now().In(sp).AddDate(0, 0, 3)
		first := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, sp)
		last := first.AddDate(0, 0, 3).Add(-time.Millisecond) // the console's last millisecond of D+2
		sc := f.create(t, "Três dias",
			map[string]any{"id": f.image, "displayTime": 20},
			map[string]any{"id": f.video, "displayTime": 30, "startDate": first.UnixMilli(), "endDate": last.UnixMilli()})
		for _, p := range []string{"/centro/" + f.tv, "/acre/" + tv.Display.ID} {
			mustStatus(t, a.Do(t, "POST", "/api/display/"+f.slug+p, f.op.Token, map[string]any{"schedule": sc.Schedule.ID}), 200)
		}
		plays := func(path string, at time.Time) bool {
			t.Helper()
			r := a.Do(t, "GET", fmt.Sprintf("/api/display/%s%s/now?at=%d&next=8", f.slug, path, at.UnixMilli()), f.op.Token, nil)
			mustStatus(t, r, 200)
			var ans struct {
				Playing struct {
					Now  *struct{ EntryID string }
					Next []struct{ EntryID string }
				} `json:"playing"`
			}
			r.Decode(t, &ans)
			if len(ans.Playing.Next) == 0 {
				t.Fatalf("%s at %s: nothing next", path, at)
			}
			if ans.Playing.Now != nil && ans.Playing.Now.EntryID == f.video {
				return true
			}
			return slices.ContainsFunc(ans.Playing.Next, func(n struct{ EntryID string }) bool { return n.EntryID == f.video })
		}
		saoPaulo, rioBranco := "/centro/"+f.tv, "/acre/"+tv.Display.ID
		checks := []struct {
			what string
			path string
			at   time.Time
			want bool
		}{
			{"São Paulo at 00:30 of D", saoPaulo, first.Add(30 * time.Minute), true},
			{"Rio Branco at the same instant, 22:30 of D-1", rioBranco, first.Add(30 * time.Minute), false},
			{"Rio Branco at its own 00:30 of D", rioBranco, first.Add(2*time.Hour + 30*time.Minute), true},
			{"São Paulo at 00:30 of D+3", saoPaulo, last.Add(30 * time.Minute), false},
			{"Rio Branco at the same instant, 22:30 of D+2", rioBranco, last.Add(30 * time.Minute), true},
			{"Rio Branco at its own 00:30 of D+3", rioBranco, last.Add(2*time.Hour + 30*time.Minute), false},
		}
		for _, c := range checks {
			if got := plays(c.path, c.at); got != c.want {
				t.Errorf("%s: the dated video plays %v, want %v", c.what, got, c.want)
			}
		}
	})
}
