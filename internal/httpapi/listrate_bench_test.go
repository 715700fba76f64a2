package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"vitrine/internal/testutil"
)

// The rate at which the server answers Visão Geral's two big lists (every
// store, every TV of a franchise) against a bare Go handler that sends the
// very same bytes and headers: what a call costs beyond its bytes. 50
// clients on kept-alive connections ask as fast as they can, in rounds that
// alternate between the two servers, so both see the same machine. Reports
// the ratio (vitrine's rate over the bare handler's) per list and size, and
// prints the performance table's line.
//
//	go test -run '^$' -bench BenchmarkListRate -benchtime 1x ./internal/httpapi/
const (
	rateClients = 50
	rateRounds  = 12 // per server, alternating: twelve pairs, whose median a busy second moves little
	rateRound   = time.Second
)

func BenchmarkListRate(b *testing.B) {
	sizes := []struct{ stores, tvs int }{{1000, 5}, {10000, 5}}
	for _, engine := range testutil.Engines() {
		for _, size := range sizes {
			b.Run(fmt.Sprintf("%s/%dstores", engine, size.stores), func(b *testing.B) {
				a := testutil.NewApp(b, engine)
				user := a.SeedUser(b, "rate@example.com", "")
				franchiseID := a.SeedFranchise(b, "rede-grande", "Rede Grande", user)
				seedFranchiseData(b, a, franchiseID, size.stores, size.tvs)
				client := &http.Client{Transport: &http.Transport{
					MaxIdleConns: rateClients * 2, MaxIdleConnsPerHost: rateClients * 2, DisableCompression: true,
				}}
				defer client.CloseIdleConnections()
				for range b.N {
					for _, list := range []string{"store", "display"} {
						path := "/api/" + list + "/rede-grande"
						// The answer as the console gets it, sent as it is by the bare handler.
						req, _ := http.NewRequest("GET", a.URL+path, nil)
						req.Header.Set("Authorization", "Bearer "+user.Token)
						req.Header.Set("Accept-Encoding", "gzip, deflate, br")
						res, err := client.Do(req)
						if err != nil {
							b.Fatal(err)
						}
						body, err := io.ReadAll(res.Body)
						res.Body.Close()
						if err != nil || res.StatusCode != http.StatusOK {
							b.Fatalf("%s: HTTP %d %v", path, res.StatusCode, err)
						}
						bare := httptest.NewServer(bareHandler(res.Header, body))
						get := func(base string) error {
							req, _ := http.NewRequest("GET", base+path, nil)
							req.Header.Set("Authorization", "Bearer "+user.Token)
							req.Header.Set("Accept-Encoding", "gzip, deflate, br")
							r, err := client.Do(req)
							if err != nil {
								return err
							}
							_, err = io.Copy(io.Discard, r.Body)
							r.Body.Close()
							if r.StatusCode != http.StatusOK {
								return fmt.Errorf("%s: HTTP %d", base+path, r.StatusCode)
							}
							return err
						}
						// Every connection open and every cache filled on both before the rounds.
						for _, base := range []string{a.URL, bare.URL} {
							if _, err := rateOf(get, base); err != nil {
								b.Fatal(err)
							}
						}
						// Rounds alternate; each pair of neighbouring rounds shares the machine's
						// moment, so the figure is the median of the pairs' ratios.
						var vitrine, plain []float64
						var runs []string
						for round := range rateRounds * 2 {
							base, name := a.URL, "vitrine"
							if round%2 == 1 {
								base, name = bare.URL, "bare"
							}
							rate, err := rateOf(get, base)
							if err != nil {
								b.Fatal(err)
							}
							if name == "vitrine" {
								vitrine = append(vitrine, rate)
							} else {
								plain = append(plain, rate)
							}
							runs = append(runs, fmt.Sprintf("%s %.0f/s", name, rate))
						}
						ratios := make([]float64, len(plain))
						for i := range plain {
							ratios[i] = vitrine[i] / plain[i]
						}
						slices.Sort(ratios)
						ratio := (ratios[(len(ratios)-1)/2] + ratios[len(ratios)/2]) / 2
						bare.Close()
						b.Logf("%s, %d stores, %d TVs, GET %s (%d bytes gzip): %s", engine, size.stores, size.stores*size.tvs, path, len(body), strings.Join(runs, ", "))
						b.ReportMetric(ratio, list+"-rate-ratio")
						what := map[string]string{"store": "store list", "display": "TV list"}[list]
						fmt.Printf("table: %s answer (%d stores, %d TVs, %s, %d KB gzip): rate against a bare Go handler sending the same bytes, %d connections | %.2f× (median of %d pairs of rounds, %.2f–%.2f; %.0f/s against %.0f/s in all) | ≥ 0.9×\n",
							what, size.stores, size.stores*size.tvs, engine, len(body)>>10, rateClients, ratio, len(ratios), ratios[0], ratios[len(ratios)-1], mean(vitrine), mean(plain))
					}
				}
			})
		}
	}
}

func mean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// bareHandler answers every request with body and the headers of the
// answer it copies (the security headers and the request id included, so
// both send the same bytes), doing nothing else.
func bareHandler(header http.Header, body []byte) http.Handler {
	h := header.Clone()
	h.Del("Date")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range h {
			w.Header()[k] = v
		}
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(body)
	})
}

// rateOf has rateClients clients call get on base for rateRound and
// returns the answers per second.
func rateOf(get func(base string) error, base string) (float64, error) {
	var done atomic.Int64
	var failure atomic.Value
	ctx, cancel := context.WithTimeout(context.Background(), rateRound)
	defer cancel()
	var wg sync.WaitGroup
	start := time.Now()
	for range rateClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				if err := get(base); err != nil {
					failure.Store(err)
					return
				}
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	if err, ok := failure.Load().(error); ok {
		return 0, err
	}
	return float64(done.Load()) / time.Since(start).Seconds(), nil
}

// What a call for a kept list costs in the process alone: the server's
// handler answering into a writer that keeps nothing (no socket, no
// client), the 1,000-store list of one franchise with gzip. Its time and
// allocations per call are the request's own path beyond the bytes. Each
// iteration times listCalls calls (make bench runs every benchmark once).
//
//	go test -run '^$' -bench BenchmarkListCall -benchtime 1x ./internal/httpapi/
const listCalls = 100_000

func BenchmarkListCall(b *testing.B) {
	a := testutil.NewApp(b, "sqlite")
	user := a.SeedUser(b, "call@example.com", "")
	franchiseID := a.SeedFranchise(b, "rede-grande", "Rede Grande", user)
	seedFranchiseData(b, a, franchiseID, 1000, 5)
	req := httptest.NewRequest("GET", "/api/store/rede-grande", nil)
	req.Header.Set("Authorization", "Bearer "+user.Token)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	w := &nowhere{}
	call := func() {
		*w = nowhere{}
		a.Server.ServeHTTP(w, req)
	}
	call() // the list kept, the caller too
	if w.status != http.StatusOK {
		b.Fatalf("HTTP %d", w.status)
	}
	for range b.N {
		allocs := testing.AllocsPerRun(1000, call)
		start := time.Now()
		for range listCalls {
			call()
		}
		per := time.Since(start) / listCalls
		if w.status != http.StatusOK || w.bytes == 0 {
			b.Fatalf("HTTP %d, %d bytes", w.status, w.bytes)
		}
		b.ReportMetric(float64(per.Nanoseconds()), "ns-per-call")
		b.ReportMetric(allocs, "allocs-per-call")
		fmt.Printf("table: A kept list's call in the process alone (the 1,000-store list, gzip; no socket, no client): time and allocations | %.1f µs, %.0f allocations | —\n",
			float64(per.Nanoseconds())/1000, allocs)
	}
}

// nowhere is a response writer that keeps the status and counts the bytes.
type nowhere struct {
	header http.Header
	status int
	bytes  int
}

func (w *nowhere) Header() http.Header {
	if w.header == nil {
		w.header = http.Header{}
	}
	return w.header
}

func (w *nowhere) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *nowhere) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.bytes += len(p)
	return len(p), nil
}
