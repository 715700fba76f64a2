package httpapi_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/testutil"
)

// Players waiting to be paired whose TVs are registered without a schedule
// and linked to one a few milliseconds later, all at once: whatever order
// the two pushes race in, each player ends on the schedule, never on an
// older "nothing linked" playlist.
func TestALinkRightAfterThePairingIsTheLastPlaylist(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newPlayerFixture(t, a)
		const players = 12
		type waiting struct {
			p    *player
			code string
		}
		list := make([]waiting, players)
		for i := range list {
			code, token := a.AnnounceDevice(t)
			p := connect(t, a, code, token)
			if got := p.next(); got.Type != "unpaired" {
				t.Fatalf("an unpaired player got %+v", got)
			}
			list[i] = waiting{p, code}
		}
		var wg sync.WaitGroup
		for i, w := range list {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := a.Do(t, "POST", "/api/display/"+f.slug+"/centro", f.op.Token,
					map[string]any{"name": "TV " + w.code, "device": w.code, "contentOrientation": 0})
				if r.Status != 201 {
					t.Errorf("register %d: %d %s", i, r.Status, r.Body)
					return
				}
				var tv struct {
					Display struct{ ID string } `json:"display"`
				}
				r.Decode(t, &tv)
				time.Sleep(3 * time.Millisecond)
				r = a.Do(t, "POST", "/api/display/"+f.slug+"/centro/"+tv.Display.ID, f.op.Token, map[string]any{"scheduleId": f.schedule})
				if r.Status != 200 {
					t.Errorf("link %d: %d %s", i, r.Status, r.Body)
				}
			}()
		}
		// Each player acks what it applies, as real ones do, and keeps the
		// last playlist it got once nothing more arrives.
		for i, w := range list {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var last frame
				deadline := time.Now().Add(20 * time.Second)
				for {
					wait := 1500 * time.Millisecond
					if last.Schedule == nil {
						wait = time.Until(deadline)
					}
					ctx, cancel := context.WithTimeout(context.Background(), wait)
					b, _, err := w.p.read(ctx)
					cancel()
					if err != nil {
						break
					}
					var fr frame
					if json.Unmarshal(b, &fr) != nil || fr.Type != "playlist" {
						continue
					}
					last = fr
					hash := ""
					if fr.Schedule != nil {
						hash = fr.Schedule.Hash
					}
					ack, _ := json.Marshal(map[string]any{"type": "ack", "hash": hash})
					ctx, cancel = context.WithTimeout(context.Background(), 5*time.Second)
					w.p.ws.Write(ctx, websocket.MessageText, ack)
					cancel()
				}
				if last.Schedule == nil || last.Schedule.ID != f.schedule {
					t.Errorf("player %d ends on %+v, want the schedule", i, last.Schedule)
				}
			}()
		}
		wg.Wait()
	})
}
