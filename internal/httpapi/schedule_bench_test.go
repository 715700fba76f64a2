package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"testing"
	"time"

	"vitrine/internal/db"
	"vitrine/internal/ids"
	"vitrine/internal/testutil"
)

// Large schedules through the API: a schedule of 1,000 entries saved and
// loaded, and a franchise of 500 schedules listed. Reports p50 and p99 of
// each call over rounds of sequential calls. Run with `make bench` (figures
// in docs/performance.md).
const (
	benchEntries   = 1000
	benchSchedules = 500
	benchRounds    = 60
)

func BenchmarkSchedules(b *testing.B) {
	for _, engine := range testutil.Engines() {
		b.Run(engine, func(b *testing.B) {
			a := testutil.NewApp(b, engine)
			user := a.SeedUser(b, "bench@example.com", "")
			franchiseID := a.SeedFranchise(b, "rede-agenda", "Rede Agenda", user)
			ctx := context.Background()

			// 200 images in the library, each used five times.
			media := make([]string, 200)
			err := a.DB.InTx(ctx, func(tx *db.Tx) error {
				for i := range media {
					media[i] = ids.New()
					if _, err := tx.ExecContext(ctx, `
						INSERT INTO media (id, franchise_id, name, type, folder, file_path, thumbnail_path, content_type,
						    size, width, height, duration_ms, fps, display_time, volume, limit_by_hour, created_at, updated_at)
						VALUES (?, ?, ?, 'image', '', ?, '', 'image/png', 10, 1, 1, 0, 0, 0, 0, 0, 0, 0)`,
						media[i], franchiseID, fmt.Sprintf("Imagem %d", i), "rede-agenda/media/"+media[i]+".png"); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
			entries := make([]map[string]any, benchEntries)
			for i := range entries {
				entries[i] = map[string]any{"id": media[i%len(media)], "displayTime": 10 + i%20, "dok": 1 + i%127,
					"timeGap": []string{"08:00@12:00", "18:00@22:00"}, "limitByHour": i % 5,
					"startDate": 1795000000000, "endDate": 1795000000000 + int64(i)*86400000}
			}

			client := &http.Client{}
			call := func(method, path string, body any) (time.Duration, []byte) {
				var rd io.Reader
				if body != nil {
					j, _ := json.Marshal(body)
					rd = bytes.NewReader(j)
				}
				req, _ := http.NewRequest(method, a.URL+path, rd)
				req.Header.Set("Authorization", "Bearer "+user.Token)
				req.Header.Set("Content-Type", "application/json")
				start := time.Now()
				res, err := client.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				out, _ := io.ReadAll(res.Body)
				res.Body.Close()
				took := time.Since(start)
				if res.StatusCode/100 != 2 {
					b.Fatalf("%s %s: %d %s", method, path, res.StatusCode, out)
				}
				return took, out
			}
			_, out := call("POST", "/api/schedule/rede-agenda", map[string]any{"name": "Grande"})
			var created struct {
				Schedule struct{ ID, Hash string } `json:"schedule"`
			}
			json.Unmarshal(out, &created)
			id := created.Schedule.ID

			var saves, loads []time.Duration
			for range benchRounds {
				d, out := call("POST", "/api/schedule/rede-agenda/"+id, map[string]any{"media": entries})
				saves = append(saves, d)
				json.Unmarshal(out, &created)
				d, _ = call("GET", "/api/schedule/rede-agenda/"+id+"?fullMedia=true", nil)
				loads = append(loads, d)
			}

			// 499 more schedules of 20 entries each, then list them.
			small := entries[:20]
			for i := 1; i < benchSchedules; i++ {
				call("POST", "/api/schedule/rede-agenda", map[string]any{"name": fmt.Sprintf("Programação %d", i), "media": small})
			}
			var lists []time.Duration
			for range benchRounds {
				d, out := call("GET", "/api/schedule/rede-agenda", nil)
				lists = append(lists, d)
				if !bytes.Contains(out, []byte(`"Programação 499"`)) {
					b.Fatal("the list lacks a schedule")
				}
			}
			report := func(name string, d []time.Duration) {
				slices.Sort(d)
				p50 := d[len(d)/2]
				p99 := d[min(len(d)-1, len(d)*99/100)]
				b.ReportMetric(float64(p50.Microseconds())/1000, name+"-p50-ms")
				b.ReportMetric(float64(p99.Microseconds())/1000, name+"-p99-ms")
			}
			report("save1000", saves)
			report("load1000", loads)
			report("list500", lists)
		})
	}
}
