package httpapi_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"vitrine/internal/db"
	"vitrine/internal/testutil"
)

// Emergency overrides of a big network: 1,000 stores and 10,000 TVs. Each
// round starts an override on every TV, has 9,500 of the TVs acknowledge
// it (written as the service batches them, 1,000 TVs a row), lists the
// overrides as a 'Rede' member and as a franchisee of 10 stores, then
// clears it; the cleared override is deleted, so each round lists one.
// Reports the p50 and p99 of the start, the clear and the lists. Run with
// `make bench` (figures and command in docs/performance.md).
const (
	benchOverrideTVsPerStore = 10
	benchOverrideRounds      = 30
)

func BenchmarkOverrides(b *testing.B) {
	for _, engine := range testutil.Engines() {
		b.Run(engine, func(b *testing.B) {
			ctx := context.Background()
			a := testutil.NewApp(b, engine)
			network := a.SeedUser(b, "rede@example.com", "")
			owner := a.SeedUser(b, "franqueada@example.com", "")
			franchiseID := a.SeedFranchise(b, "rede-grande", "Rede Grande", network, owner)
			seedFranchiseData(b, a, franchiseID, benchStores, benchOverrideTVsPerStore)
			tenStores := franchiseeOfTenStores(b, a, owner.ID, franchiseID)
			if _, err := a.DB.ExecContext(ctx, `UPDATE users SET emergency_override = 1 WHERE id IN (?, ?)`, network.ID, owner.ID); err != nil {
				b.Fatal(err)
			}
			type tv struct{ id, store string }
			tvs, err := db.Collect(ctx, a.DB, func(sc db.Scanner) (tv, error) {
				var t tv
				return t, sc.Scan(&t.id, &t.store)
			}, `SELECT d.id, s.slug FROM displays d JOIN stores s ON s.id = d.store_id WHERE d.franchise_id = ? ORDER BY d.id`, franchiseID)
			if err != nil {
				b.Fatal(err)
			}
			// Every 20th TV never acknowledges: 9,500 of 10,000 do.
			var acked []string
			ownAcked := 0
			for i, t := range tvs {
				if i%20 == 19 {
					continue
				}
				acked = append(acked, t.id)
				if slices.Contains(tenStores, t.store) {
					ownAcked++
				}
			}
			ownReach := len(tenStores) * benchOverrideTVsPerStore

			// Each call's wall time, and the CPU time the process spent
			// meanwhile (the server's and the client's: the figure a loaded
			// machine moves least).
			type calls struct{ wall, cpu []time.Duration }
			var start, clear, list, ownList calls
			timed := func(into *calls, method, path, token string, body any) *testutil.Response {
				c0, t0 := processCPU(b), time.Now()
				r := a.Do(b, method, path, token, body)
				into.wall, into.cpu = append(into.wall, time.Since(t0)), append(into.cpu, processCPU(b)-c0)
				return r
			}
			type listed struct {
				Overrides []overrideListed `json:"overrides"`
			}
			check := func(what string, o overrideListed, reach, acks int) {
				if o.Reach != reach || o.Acked != acks {
					b.Fatalf("%s: reach %d, acked %d; want %d, %d", what, o.Reach, o.Acked, reach, acks)
				}
			}
			b.ResetTimer()
			for range b.N {
				start, clear, list, ownList = calls{}, calls{}, calls{}, calls{}
				for range benchOverrideRounds {
					r := timed(&start, "POST", "/api/override/rede-grande", network.Token, map[string]any{"target": "all", "title": "Atenção"})
					if r.Status != 201 {
						b.Fatalf("start: %d %s", r.Status, r.Body)
					}
					var got struct {
						Override overrideListed `json:"override"`
					}
					r.Decode(b, &got)
					id := got.Override.ID
					check("the start", got.Override, len(tvs), 0)
					err := a.DB.InTx(ctx, func(tx *db.Tx) error {
						for part := range slices.Chunk(acked, 1000) {
							if _, err := tx.ExecContext(ctx, `INSERT INTO override_ack_batches (override_id, acked_at, displays) VALUES (?, ?, ?)`,
								id, a.Now().UnixMilli(), strings.Join(part, ",")); err != nil {
								return err
							}
						}
						return nil
					})
					if err != nil {
						b.Fatal(err)
					}

					var l listed
					r = timed(&list, "GET", "/api/override/rede-grande", network.Token, nil)
					mustOK(b, r)
					r.Decode(b, &l)
					if len(l.Overrides) != 1 {
						b.Fatalf("listed %d overrides", len(l.Overrides))
					}
					check("the list", l.Overrides[0], len(tvs), len(acked))
					r = timed(&ownList, "GET", "/api/override/rede-grande", owner.Token, nil)
					mustOK(b, r)
					r.Decode(b, &l)
					if len(l.Overrides) != 1 {
						b.Fatalf("the franchisee listed %d overrides", len(l.Overrides))
					}
					check("the franchisee's list", l.Overrides[0], ownReach, ownAcked)

					r = timed(&clear, "POST", "/api/override/rede-grande/"+id+"/clear", network.Token, nil)
					mustOK(b, r)
					r.Decode(b, &got)
					check("the clear", got.Override, len(tvs), len(acked))
					if _, err := a.DB.ExecContext(ctx, `DELETE FROM overrides WHERE id = ?`, id); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.StopTimer()
			var report strings.Builder
			for _, m := range []struct {
				name string
				c    calls
			}{{"start", start}, {"clear", clear}, {"list", list}, {"franchisee-list", ownList}} {
				p50, p99, cpu := ms(percentile(m.c.wall, 50)), ms(percentile(m.c.wall, 99)), ms(percentile(m.c.cpu, 50))
				b.ReportMetric(p50, m.name+"-p50-ms")
				b.ReportMetric(p99, m.name+"-p99-ms")
				b.ReportMetric(cpu, m.name+"-cpu-p50-ms")
				fmt.Fprintf(&report, " %s p50 %.1f ms, p99 %.1f ms (CPU p50 %.1f ms);", m.name, p50, p99, cpu)
			}
			b.Logf("table: Emergency override on every TV, %d stores, %d TVs, %d acknowledging: start, clear, list — %s |%s | —",
				benchStores, len(tvs), len(acked), engine, strings.TrimSuffix(report.String(), ";"))
		})
	}
}

// processCPU is the CPU time (user and system) the process has used.
func processCPU(b testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
