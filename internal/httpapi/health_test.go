package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"vitrine/internal/testutil"
)

// A paired player's health report, sent on its ack, is what GET …/health
// answers and what the TV list flags; a bad report is dropped with the
// socket kept; another franchise sees nothing.
func TestTVHealthFromThePlayersAcks(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newPlayerFixture(t, a)
		p, tv, first := f.pairedPlayer(t, "TV Caixa")
		url := "/api/display/" + f.slug + "/centro/" + tv + "/health"
		r := a.Do(t, "GET", url, f.op.Token, nil)
		mustStatus(t, r, 200)
		if !strings.Contains(string(r.Body), `"reported":false`) {
			t.Fatalf("before any report: %s", r.Body)
		}
		// A console following the group hears the report's problems with
		// the TV's status, and writes them into its TV list.
		events := openEvents(t, a, f.slug, f.op.Token)
		// A bad report: dropped, the ack counts and the socket stays.
		p.send(map[string]any{"type": "ack", "hash": first.Schedule.Hash, "health": map[string]any{"uptime": -4}})
		p.send(map[string]any{"type": "ack", "hash": first.Schedule.Hash, "health": map[string]any{
			"version": "abc123", "browser": "Chrome 120", "screen": "1920x1080", "uptime": 30,
			"storageUsed": 95 << 20, "storageQuota": 100 << 20, "cached": 1, "allCached": true, "clockOffset": 120_000,
			"lastError": map[string]any{"media": "Banner", "message": "decode", "at": time.Now().UnixMilli()},
		}})
		testutil.Eventually(t, 5*time.Second, func() bool {
			return strings.Contains(string(a.Do(t, "GET", url, f.op.Token, nil).Body), `"reported":true`)
		}, "the report stored")
		var got struct {
			Health struct {
				Report struct {
					Screen string
					Cached int
				}
				Errors   []struct{ Media string }
				Problems []struct{ Code, Label string }
			}
		}
		a.Do(t, "GET", url, f.op.Token, nil).Decode(t, &got)
		h := got.Health
		if h.Report.Screen != "1920x1080" || h.Report.Cached != 1 || len(h.Errors) != 1 || h.Errors[0].Media != "Banner" {
			t.Fatalf("health %+v", h)
		}
		if len(h.Problems) != 2 || h.Problems[0].Code != "storage" || h.Problems[1].Code != "clock" {
			t.Fatalf("problems %+v", h.Problems)
		}
		e := events.next(t, 5*time.Second, func(e sseEvent) bool {
			list, _ := e.Data["displays"].([]any)
			for _, x := range list {
				if m, _ := x.(map[string]any); m["id"] == tv {
					problems, _ := m["problems"].([]any)
					return len(problems) == 2
				}
			}
			return false
		})
		if e.Type != "status" {
			t.Fatalf("the problems came in %+v", e)
		}
		list := string(a.Do(t, "GET", "/api/display/"+f.slug, f.op.Token, nil).Body)
		if !strings.Contains(list, `"problems":[{"code":"storage"`) {
			t.Fatalf("the TV list lacks the problems: %s", list)
		}
		// The socket is still open: a playlist change reaches it.
		f.setEntries(t, map[string]any{"id": f.other, "displayTime": 5})
		p.until("after the change", func(fr frame) bool { return fr.Type == "playlist" })
		// Another franchise's operator sees nothing of it.
		mustStatus(t, a.Do(t, "GET", "/api/display/"+f.otherSlug+"/centro/"+tv+"/health", f.otherOpUser.Token, nil), 404)
		mustStatus(t, a.Do(t, "GET", url, f.otherOpUser.Token, nil), 403)
	})
}
