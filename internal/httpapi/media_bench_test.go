package httpapi_test

import (
	"context"
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

// A library of 5,000 files (a big franchise's Minhas Mídias): GET
// /api/media/{franchise} asked 60 times, gzipped as a browser asks and plain.
// Reports p50 and p99. Run with `make bench` (figures in docs/performance.md).
const (
	benchLibrary     = 5000
	benchMediaRounds = 60
)

func BenchmarkMediaList(b *testing.B) {
	for _, engine := range testutil.Engines() {
		b.Run(engine, func(b *testing.B) {
			a := testutil.NewApp(b, engine)
			user := a.SeedUser(b, "bench@example.com", "")
			franchiseID := a.SeedFranchise(b, "rede-midias", "Rede Mídias", user)
			ctx := context.Background()
			err := a.DB.InTx(ctx, func(tx *db.Tx) error {
				for i := range benchLibrary {
					id := ids.New()
					folder := ""
					if i%5 == 0 {
						folder = fmt.Sprintf("Campanha %d", i%50)
					}
					if _, err := tx.ExecContext(ctx, `
						INSERT INTO media (id, franchise_id, name, type, folder, file_path, thumbnail_path, content_type,
						    size, width, height, duration_ms, fps, display_time, volume, limit_by_hour, created_at, updated_at)
						VALUES (?, ?, ?, 'image', ?, ?, ?, 'image/png', 10, 1920, 1080, 0, 0, 0, 0, 0, ?, ?)`,
						id, franchiseID, fmt.Sprintf("Arquivo %d", i), folder, "rede-midias/media/"+id+".png", "rede-midias/thumbs/"+id+".jpg", i, i); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
			client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
			get := func(gzip bool) (time.Duration, int) {
				req, _ := http.NewRequest("GET", a.URL+"/api/media/rede-midias", nil)
				req.Header.Set("Authorization", "Bearer "+user.Token)
				if gzip {
					req.Header.Set("Accept-Encoding", "gzip")
				}
				start := time.Now()
				res, err := client.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				out, _ := io.ReadAll(res.Body)
				res.Body.Close()
				took := time.Since(start)
				if res.StatusCode != 200 {
					b.Fatalf("%d %s", res.StatusCode, out)
				}
				return took, len(out)
			}
			report := func(name string, d []time.Duration, size int) {
				slices.Sort(d)
				b.ReportMetric(float64(d[len(d)/2].Microseconds())/1000, name+"-p50-ms")
				b.ReportMetric(float64(d[min(len(d)-1, len(d)*99/100)].Microseconds())/1000, name+"-p99-ms")
				b.ReportMetric(float64(size)/1024, name+"-KB")
			}
			for _, gzip := range []bool{true, false} {
				var took []time.Duration
				size := 0
				for range benchMediaRounds {
					d, n := get(gzip)
					took = append(took, d)
					size = n
				}
				name := "media-plain"
				if gzip {
					name = "media-gzip"
				}
				report(name, took, size)
			}
		})
	}
}
