package audit_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/testutil"
)

// What the audit record adds to a save: the same transaction — a
// schedule-sized row of 1,000 entries rewritten, one entry changed each
// time — run alternately without and with its record (the diff of the
// entries, the chain's head locked, the record written). Reports the p50
// and p99 of each and the p99's difference. Run with `make bench` (figures
// in docs/performance.md).
func BenchmarkAuditOnSave(b *testing.B) {
	type entry struct {
		Media       string   `json:"media"`
		DisplayTime int      `json:"displayTime"`
		TimeGap     []string `json:"timeGap"`
	}
	type schedule struct {
		Name    string  `json:"name"`
		Entries []entry `json:"entries"`
	}
	const rounds = 400
	for _, engine := range testutil.Engines() {
		b.Run(engine, func(b *testing.B) {
			ctx := audit.WithActor(context.Background(), audit.Actor{UserID: "u1", Email: "ana@example.com",
				Address: "203.0.113.9", RequestID: "bench"})
			d := testutil.NewDB(b, engine)
			if _, err := d.ExecContext(ctx, `CREATE TABLE bench_saves (id TEXT PRIMARY KEY, body TEXT NOT NULL)`); err != nil {
				b.Fatal(err)
			}
			s := schedule{Name: "Grande", Entries: make([]entry, 1000)}
			for i := range s.Entries {
				s.Entries[i] = entry{Media: fmt.Sprintf("Imagem %d", i%200), DisplayTime: 10 + i%20,
					TimeGap: []string{"08:00@12:00", "18:00@22:00"}}
			}
			body, _ := json.Marshal(s)
			if _, err := d.ExecContext(ctx, `INSERT INTO bench_saves (id, body) VALUES ('p1', ?)`, string(body)); err != nil {
				b.Fatal(err)
			}
			save := func(i int, record bool) time.Duration {
				start := time.Now()
				err := d.InTx(ctx, func(tx *db.Tx) error {
					var raw string
					if err := tx.QueryRowContext(ctx, `SELECT body FROM bench_saves WHERE id = 'p1'`).Scan(&raw); err != nil {
						return err
					}
					var before schedule
					if err := json.Unmarshal([]byte(raw), &before); err != nil {
						return err
					}
					after := before
					after.Entries = slices.Clone(before.Entries)
					after.Entries[i%1000].DisplayTime++
					out, _ := json.Marshal(after)
					if _, err := tx.ExecContext(ctx, `UPDATE bench_saves SET body = ? WHERE id = 'p1'`, string(out)); err != nil {
						return err
					}
					if record {
						audit.Record(ctx, tx, audit.Entry{FranchiseID: "g1", Kind: audit.KindSchedule, ID: "p1",
							Name: after.Name, Action: audit.ActionUpdate, Changes: audit.Diff(before, after)})
					}
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
				return time.Since(start)
			}
			for i := range 20 { // warm both paths
				save(i, i%2 == 0)
			}
			b.ResetTimer()
			for range b.N {
				var without, with []time.Duration
				for i := range rounds {
					without = append(without, save(2*i, false))
					with = append(with, save(2*i+1, true))
				}
				p := func(ds []time.Duration, q int) float64 {
					slices.Sort(ds)
					return float64(ds[min(len(ds)-1, len(ds)*q/100)].Microseconds()) / 1000
				}
				b.ReportMetric(p(without, 50), "save-p50-ms")
				b.ReportMetric(p(without, 99), "save-p99-ms")
				b.ReportMetric(p(with, 50), "audited-p50-ms")
				b.ReportMetric(p(with, 99), "audited-p99-ms")
				b.ReportMetric(p(with, 99)-p(without, 99), "audit-p99-added-ms")
			}
		})
	}
}
