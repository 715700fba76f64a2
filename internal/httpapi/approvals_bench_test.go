package httpapi_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"vitrine/internal/db"
	"vitrine/internal/ids"
	"vitrine/internal/testutil"
)

// 'Aprovações' of a big network: 5,000 items waiting, sent by 1,000 stores
// into the local space of the schedules their TVs play. Reports the p50 and
// p99 of the page the console opens first (100 items, with their stores,
// media, senders and previews) and of the page after it. Run with `make
// bench` (figures and command in docs/performance.md).
const benchWaiting = 5000

func BenchmarkApprovals(b *testing.B) {
	for _, engine := range testutil.Engines() {
		b.Run(engine, func(b *testing.B) {
			a := testutil.NewApp(b, engine)
			approver := a.SeedUser(b, "aprova@example.com", "")
			sender := a.SeedUser(b, "franqueada@example.com", "")
			franchiseID := a.SeedFranchise(b, "rede-grande", "Rede Grande", approver, sender)
			seedFranchiseData(b, a, franchiseID, benchStores, benchTVsPerStore)
			seedWaiting(b, a, franchiseID, sender.ID)
			if _, err := a.DB.ExecContext(context.Background(),
				`UPDATE user_franchises SET approve_content = 1 WHERE user_id = ?`, approver.ID); err != nil {
				b.Fatal(err)
			}
			var first, second []time.Duration
			for range 30 {
				start := time.Now()
				r := a.Do(b, "GET", "/api/approvals/rede-grande", approver.Token, nil)
				first = append(first, time.Since(start))
				if r.Status != 200 {
					b.Fatalf("approvals: %d %s", r.Status, r.Body)
				}
				var page struct {
					Total int    `json:"total"`
					Next  string `json:"next"`
					Items []struct {
						Store struct{ Name string }
						Draft struct{ Media struct{ URL string } }
					} `json:"items"`
				}
				r.Decode(b, &page)
				if page.Total != benchWaiting || len(page.Items) != 100 || page.Items[0].Store.Name == "" ||
					page.Items[0].Draft.Media.URL == "" {
					b.Fatalf("page: total %d, %d items, first %+v", page.Total, len(page.Items), page.Items[0])
				}
				start = time.Now()
				mustOK(b, a.Do(b, "GET", "/api/approvals/rede-grande?after="+page.Next, approver.Token, nil))
				second = append(second, time.Since(start))
			}
			p := func(list []time.Duration, q float64) float64 {
				slices.Sort(list)
				return float64(list[int(q*float64(len(list)-1))].Microseconds()) / 1000
			}
			b.ReportMetric(p(first, 0.5), "first-p50-ms")
			b.ReportMetric(p(first, 0.99), "first-p99-ms")
			b.ReportMetric(p(second, 0.99), "next-p99-ms")
			b.Logf("table: 'Aprovações' with %d items waiting, first page of 100 — %s | p50 %.1f ms, p99 %.1f ms (next page p99 %.1f ms) | the page under 1 s",
				benchWaiting, engine, p(first, 0.5), p(first, 0.99), p(second, 0.99))
		})
	}
}

func mustOK(b testing.TB, r *testutil.Response) {
	b.Helper()
	if r.Status != 200 {
		b.Fatalf("%d %s", r.Status, r.Body)
	}
}

// seedWaiting puts a local space in each schedule of the franchise, an
// image in each store's folder and benchWaiting items waiting, spread over
// the stores and the schedules their TVs play.
func seedWaiting(b testing.TB, a *testutil.TestApp, franchiseID, senderID string) {
	b.Helper()
	ctx := context.Background()
	now := a.Now().UnixMilli()
	err := a.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE schedules SET entries = ? WHERE franchise_id = ?`,
			`[{"id":"espaco","name":"Recados","isLocal":true,"localTime":10,"displayTime":10,"dok":127,"enabled":true,"stretch":false,"timeGap":[],"volume":0}]`,
			franchiseID); err != nil {
			return err
		}
		type placed struct{ store, schedule string }
		list, err := db.Collect(ctx, tx, func(sc db.Scanner) (placed, error) {
			var p placed
			return p, sc.Scan(&p.store, &p.schedule)
		}, `SELECT store_id, schedule_id FROM displays WHERE franchise_id = ? AND schedule_id IS NOT NULL ORDER BY id`, franchiseID)
		if err != nil {
			return err
		}
		media := map[string]string{}
		var mediaRows, items [][]any
		for i := range benchWaiting {
			p := list[i%len(list)]
			m, ok := media[p.store]
			if !ok {
				m = ids.New()
				media[p.store] = m
				mediaRows = append(mediaRows, []any{m, franchiseID, fmt.Sprintf("Aviso da loja %d", len(media)), "image", "",
					"rede-grande/media/" + m + ".png", "rede-grande/media/" + m + ".jpg", "image/png", 1000, 640, 480, now, now, p.store})
			}
			items = append(items, []any{ids.New(), franchiseID, p.store, p.schedule, "espaco", i / len(list), "pending",
				m, senderID, now + int64(i)})
		}
		if err := insertRows(ctx, tx, `INSERT INTO media (id, franchise_id, name, type, folder, file_path, thumbnail_path,
			content_type, size, width, height, created_at, updated_at, store_id) VALUES `, mediaRows); err != nil {
			return err
		}
		return insertRows(ctx, tx, `INSERT INTO local_items (id, franchise_id, store_id, schedule_id, space_id, position,
			state, draft_media_id, sent_by, sent_at) VALUES `, items)
	})
	if err != nil {
		b.Fatalf("seed: %v", err)
	}
	if _, err := a.DB.ExecContext(ctx, `ANALYZE`); err != nil {
		b.Fatal(err)
	}
}
