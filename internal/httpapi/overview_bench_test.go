package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/franchise"
	"vitrine/internal/ids"
	"vitrine/internal/testutil"
)

// The overview of a large franchise: 1,000 stores and 5,000 TVs, loaded by
// 50 clients at once, each repeating the console's three calls, as 'Rede'
// members and then as franchisees of 10 of its stores. Reports the p50 and
// p99 latency of each call. Run with `make bench` (figures and
// command in docs/performance.md).
const (
	benchStores        = 1000
	benchTVsPerStore   = 5
	benchClients       = 50
	benchRoundsPerUser = 20
)

func BenchmarkOverview(b *testing.B) {
	for _, engine := range testutil.Engines() {
		b.Run(engine, func(b *testing.B) {
			a := testutil.NewApp(b, engine)
			user := a.SeedUser(b, "bench@example.com", "")
			owner := a.SeedUser(b, "franqueada@example.com", "")
			franchiseID := a.SeedFranchise(b, "rede-grande", "Rede Grande", user, owner)
			seedFranchiseData(b, a, franchiseID, benchStores, benchTVsPerStore)
			franchiseeOfTenStores(b, a, owner.ID, franchiseID)

			client := &http.Client{Transport: &http.Transport{
				MaxIdleConns: benchClients * 2, MaxIdleConnsPerHost: benchClients * 2, DisableCompression: true,
			}}
			calls := []string{"/api/franchise", "/api/store/rede-grande", "/api/display/rede-grande"}
			token := user.Token
			get := func(path string) (time.Duration, int, error) {
				req, _ := http.NewRequest("GET", a.URL+path, nil)
				req.Header.Set("Authorization", "Bearer "+token)
				req.Header.Set("Accept-Encoding", "gzip, deflate, br") // as a browser sends it
				start := time.Now()
				res, err := client.Do(req)
				if err != nil {
					return 0, 0, err
				}
				n, err := io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 200 {
					return 0, 0, fmt.Errorf("%s: HTTP %d", path, res.StatusCode)
				}
				return time.Since(start), int(n), err
			}
			// First answers after a change, when the lists are read from the
			// database and encoded again.
			rebuild := map[string]time.Duration{}
			sizes := map[string]int{}
			for _, c := range calls {
				if err := franchise.NewChanges(a.Changes).TouchCounted(context.Background(), a.DB, change.Change{FranchiseID: franchiseID}); err != nil {
					b.Fatal(err)
				}
				d, n, err := get(c)
				if err != nil {
					b.Fatal(err)
				}
				rebuild[c], sizes[c] = d, n
			}

			// Steady state: every client connected, the database pool open.
			var warm sync.WaitGroup
			for range benchClients {
				warm.Add(1)
				go func() {
					defer warm.Done()
					for _, c := range calls {
						if _, _, err := get(c); err != nil {
							b.Error(err)
						}
					}
				}()
			}
			warm.Wait()

			b.ResetTimer()
			for range b.N {
				for _, who := range []string{"", "franchisee-"} {
					if who != "" {
						token = owner.Token
						for _, c := range calls { // the franchisee's clients connect
							if _, _, err := get(c); err != nil {
								b.Fatal(err)
							}
						}
					}
					latencies := make([][]time.Duration, len(calls))
					overview := []time.Duration{}
					var mu sync.Mutex
					var wg sync.WaitGroup
					var failure error
					start := time.Now()
					for range benchClients {
						wg.Add(1)
						go func() {
							defer wg.Done()
							for range benchRoundsPerUser {
								var total time.Duration
								own := make([]time.Duration, len(calls))
								for i, c := range calls {
									d, _, err := get(c)
									if err != nil {
										mu.Lock()
										failure = err
										mu.Unlock()
										return
									}
									own[i] = d
									total += d
								}
								mu.Lock()
								for i := range calls {
									latencies[i] = append(latencies[i], own[i])
								}
								overview = append(overview, total)
								mu.Unlock()
							}
						}()
					}
					wg.Wait()
					elapsed := time.Since(start)
					if failure != nil {
						b.Fatal(failure)
					}
					var report strings.Builder
					fmt.Fprintf(&report, "%s%s, %d stores, %d TVs, %d clients x %d overviews in %s\n",
						who, engine, benchStores, benchStores*benchTVsPerStore, benchClients, benchRoundsPerUser, elapsed.Round(time.Millisecond))
					for i, c := range calls {
						p50, p99 := percentile(latencies[i], 50), percentile(latencies[i], 99)
						fmt.Fprintf(&report, "  GET %-26s %7d bytes gzipped  p50 %6.1f ms  p99 %6.1f ms  (alone after a change: %.1f ms)\n",
							c, sizes[c], ms(p50), ms(p99), ms(rebuild[c]))
						name := strings.Split(strings.TrimPrefix(c, "/api/"), "/")[0]
						b.ReportMetric(ms(p99), who+name+"-p99-ms")
					}
					p50, p99 := percentile(overview, 50), percentile(overview, 99)
					fmt.Fprintf(&report, "  whole overview (3 calls, one after the other)  p50 %6.1f ms  p99 %6.1f ms\n", ms(p50), ms(p99))
					b.ReportMetric(ms(p99), who+"overview-p99-ms")
					b.Log("\n" + report.String())
				}
			}
		})
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func percentile(ds []time.Duration, p int) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	if i > 0 {
		i--
	}
	return s[i]
}

// franchiseeOfTenStores makes userID a franchisee of ten of the stores
// seedFranchiseData seeded, spread over them, and returns their slugs.
func franchiseeOfTenStores(b testing.TB, a *testutil.TestApp, userID, franchiseID string) []string {
	stores := make([]string, 10)
	for i := range stores {
		stores[i] = fmt.Sprintf("loja-%d", i*97+1)
	}
	a.SetMembership(b, userID, franchiseID, "franchisee", stores...)
	return stores
}

// seedFranchiseData writes stores (two contacts each), 20 schedules and TVs
// in bulk, straight to the database.
func seedFranchiseData(b testing.TB, a *testutil.TestApp, franchiseID string, storeCount, tvsPerStore int) {
	b.Helper()
	ctx := context.Background()
	now := a.Now().UnixMilli()
	schedules := make([]string, 20)
	err := a.DB.InTx(ctx, func(tx *db.Tx) error {
		for i := range schedules {
			schedules[i] = ids.New()
			if _, err := tx.ExecContext(ctx, `INSERT INTO schedules (id, franchise_id, name, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?)`, schedules[i], franchiseID, fmt.Sprintf("Programação %d", i+1), now, now); err != nil {
				return err
			}
		}
		var stores, contacts, tvs [][]any
		for s := range storeCount {
			storeID := ids.New()
			stores = append(stores, []any{storeID, franchiseID, fmt.Sprintf("loja-%d", s+1), fmt.Sprintf("Loja %d", s+1),
				"Sudeste", "SP", "São Paulo", now, now})
			for c := range 2 {
				contacts = append(contacts, []any{ids.New(), storeID, c, fmt.Sprintf("Contato %d", c+1), "Gerente",
					fmt.Sprintf("119%08d", s*2+c), 1})
			}
			for t := range tvsPerStore {
				n := s*tvsPerStore + t
				var schedule any
				if n%3 != 0 {
					schedule = schedules[n%len(schedules)]
				}
				tvs = append(tvs, []any{ids.New(), franchiseID, storeID, fmt.Sprintf("TV %d", t+1),
					fmt.Sprintf("B%s%06d", franchiseID[len(franchiseID)-4:], n), t % 4, schedule, now, now})
			}
		}
		if err := insertRows(ctx, tx, `INSERT INTO stores (id, franchise_id, slug, name, region, state, city, created_at, updated_at) VALUES `, stores); err != nil {
			return err
		}
		if err := insertRows(ctx, tx, `INSERT INTO store_contacts (id, store_id, position, name, role, phone, receive_notify) VALUES `, contacts); err != nil {
			return err
		}
		return insertRows(ctx, tx, `INSERT INTO displays (id, franchise_id, store_id, name, device, content_orientation, schedule_id, created_at, updated_at) VALUES `, tvs)
	})
	if err != nil {
		b.Fatalf("seed: %v", err)
	}
	if err := franchise.NewChanges(a.Changes).TouchCounted(ctx, a.DB, change.Change{FranchiseID: franchiseID}); err != nil {
		b.Fatal(err)
	}
	// Fresh statistics, as a long-running database would have.
	if _, err := a.DB.ExecContext(ctx, `ANALYZE`); err != nil {
		b.Fatal(err)
	}
}

// insertRows inserts rows in batches of multi-row INSERTs.
func insertRows(ctx context.Context, tx *db.Tx, prefix string, rows [][]any) error {
	const batch = 100
	for start := 0; start < len(rows); start += batch {
		end := min(start+batch, len(rows))
		var q strings.Builder
		q.WriteString(prefix)
		var args []any
		for i, r := range rows[start:end] {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(" + db.Placeholders(len(r)) + ")")
			args = append(args, r...)
		}
		if _, err := tx.ExecContext(ctx, q.String(), args...); err != nil {
			return err
		}
	}
	return nil
}
