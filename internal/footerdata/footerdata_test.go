package footerdata

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

func newService(f *fakeWeb, clock *fakeClock, log *slog.Logger) *Service {
	return New(f.weather(), f.quotes(), clock.Now, log)
}

func TestFooterAnswersWeatherAndQuotesInTheOrderAsked(t *testing.T) {
	f := newFakeWeb(t)
	s := newService(f, newFakeClock(), nil)
	d := s.Footer(context.Background(), "São Paulo", "SP", []string{"EUR", "USD", "JPY"}, true)
	got, _ := json.Marshal(d)
	want := `{"weather":{"city":"São Paulo","temperature":24.3,"min":17.6,"max":27.1,"code":3,"description":"Parcialmente nublado"},` +
		`"quotes":[{"asset":"EUR","bid":6.1032,"pctChange":-0.35},{"asset":"USD","bid":5.3134,"pctChange":0.12},{"asset":"JPY","bid":0.0351,"pctChange":0}]}`
	if string(got) != want {
		t.Fatalf("Footer =\n%s\nwant\n%s", got, want)
	}
	if len(f.quotePaths) != 1 || f.quotePaths[0] != "/json/last/EUR-BRL,USD-BRL,JPY-BRL" {
		t.Fatalf("quote requests = %q, want one for all three", f.quotePaths)
	}
}

func TestFooterCachesForTenMinutes(t *testing.T) {
	f := newFakeWeb(t)
	clock := newFakeClock()
	s := newService(f, clock, nil)
	ctx := context.Background()
	full := func(d Data, n int) {
		t.Helper()
		if d.Weather == nil || len(d.Quotes) != n {
			t.Fatalf("Footer = %+v, want weather and %d quotes", d, n)
		}
	}

	full(s.Footer(ctx, "São Paulo", "SP", []string{"USD", "EUR"}, true), 2)
	if h := f.hits(); h != [3]int32{1, 1, 1} {
		t.Fatalf("hits (geocoding, forecast, quotes) = %v, want [1 1 1]", h)
	}
	clock.Advance(10*time.Minute - time.Second)
	// The same city however typed, the same currencies in any order.
	full(s.Footer(ctx, "  SAO  paulo ", "são paulo", []string{"EUR", "USD"}, true), 2)
	full(s.Footer(ctx, "são paulo", "sp", []string{"USD"}, true), 1)
	if h := f.hits(); h != [3]int32{1, 1, 1} {
		t.Fatalf("hits within 10 minutes = %v, want [1 1 1]", h)
	}
	// A currency not cached yet is fetched alone.
	full(s.Footer(ctx, "São Paulo", "SP", []string{"USD", "JPY", "EUR"}, true), 3)
	if f.quotePaths[1] != "/json/last/JPY-BRL" {
		t.Fatalf("second quote request = %q, want JPY-BRL alone", f.quotePaths[1])
	}

	clock.Advance(time.Second)
	full(s.Footer(ctx, "São Paulo", "SP", []string{"USD", "EUR", "JPY"}, true), 3)
	if h := f.hits(); h[1] != 2 || h[2] != 3 {
		t.Fatalf("hits after 10 minutes = %v, want the forecast and the quotes asked again", h)
	}
	if f.quotePaths[2] != "/json/last/USD-BRL,EUR-BRL" {
		t.Fatalf("third quote request = %q, want USD and EUR (JPY still fresh)", f.quotePaths[2])
	}
}

func TestFooterSharesOneFetchAmongConcurrentCallers(t *testing.T) {
	f := newFakeWeb(t)
	weatherGate, quoteGate := make(chan struct{}), make(chan struct{})
	f.set(func(f *fakeWeb) { f.weatherGate, f.quoteGate = weatherGate, quoteGate })
	s := newService(f, newFakeClock(), nil)

	const callers = 50
	var wg sync.WaitGroup
	results := make([]Data, callers)
	for i := range callers {
		wg.Go(func() {
			city := "São Paulo"
			if i%2 == 1 {
				city = "sao paulo"
			}
			results[i] = s.Footer(context.Background(), city, "SP", []string{"USD", "EUR"}, true)
		})
	}
	eventually(t, "the first requests", func() bool { h := f.hits(); return h[0] == 1 && h[2] == 1 })
	time.Sleep(50 * time.Millisecond) // let the other callers pile up on the pending fetches
	close(weatherGate)
	close(quoteGate)
	wg.Wait()

	if h := f.hits(); h != [3]int32{1, 1, 1} {
		t.Fatalf("hits (geocoding, forecast, quotes) = %v, want [1 1 1]", h)
	}
	for i, d := range results {
		if d.Weather == nil || d.Weather.Temperature != 24.3 || len(d.Quotes) != 2 || d.Quotes[0].Asset != "USD" {
			t.Fatalf("caller %d got %+v", i, d)
		}
	}
}

func TestFooterLeavesOutAFailedProviderAndKeepsTheOther(t *testing.T) {
	for _, status := range []int{http.StatusInternalServerError, http.StatusServiceUnavailable} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			f := newFakeWeb(t)
			clock := newFakeClock()
			var logs bytes.Buffer
			s := newService(f, clock, slog.New(slog.NewTextHandler(&logs, nil)))
			ctx := context.Background()

			f.set(func(f *fakeWeb) { f.weatherStatus = status })
			d := s.Footer(ctx, "São Paulo", "SP", []string{"USD"}, true)
			if d.Weather != nil || len(d.Quotes) != 1 {
				t.Fatalf("weather down: Footer = %+v, want quotes only", d)
			}
			if b, _ := json.Marshal(d); strings.Contains(string(b), "weather") {
				t.Fatalf("weather down: answer %s mentions the weather", b)
			}

			f.set(func(f *fakeWeb) { f.weatherStatus, f.quoteStatus = 0, status })
			d = s.Footer(ctx, "Bom Jesus", "RS", []string{"EUR"}, true)
			if d.Weather == nil || d.Weather.City != "Bom Jesus" || d.Quotes != nil {
				t.Fatalf("quotes down: Footer = %+v, want weather only", d)
			}
			if b, _ := json.Marshal(d); strings.Contains(string(b), "quotes") {
				t.Fatalf("quotes down: answer %s mentions the quotes", b)
			}

			// A failure is remembered for a minute: 10,000 players do not
			// reach a provider that is down, nor fill the log.
			f.set(func(f *fakeWeb) { f.weatherStatus = status })
			before := f.hits()
			for range 100 {
				s.Footer(ctx, "São Paulo", "SP", []string{"EUR"}, true)
			}
			if h := f.hits(); h != before {
				t.Fatalf("hits after repeated requests = %v, want %v", h, before)
			}
			if n := strings.Count(logs.String(), "level=WARN"); n != 2 {
				t.Fatalf("%d warnings, want one per provider:\n%s", n, logs.String())
			}

			// After the minute the providers are asked again (and are back).
			clock.Advance(time.Minute)
			f.set(func(f *fakeWeb) { f.weatherStatus, f.quoteStatus = 0, 0 })
			d = s.Footer(ctx, "São Paulo", "SP", []string{"EUR"}, true)
			if d.Weather == nil || len(d.Quotes) != 1 {
				t.Fatalf("after a minute: Footer = %+v, want both", d)
			}
		})
	}
}

func TestFooterWarnsOncePerFailureWindow(t *testing.T) {
	clock := newFakeClock()
	var logs bytes.Buffer
	down := weatherFunc(func(context.Context, string, string) (Weather, error) {
		return Weather{}, errors.New("connection refused")
	})
	s := New(down, nil, clock.Now, slog.New(slog.NewTextHandler(&logs, nil)))
	for i := range 30 {
		s.Footer(context.Background(), fmt.Sprintf("Cidade %d", i), "SP", nil, true)
		clock.Advance(5 * time.Second) // 30 cities, 150 s: three windows
	}
	if n := strings.Count(logs.String(), "level=WARN"); n != 3 {
		t.Fatalf("%d warnings, want 3:\n%s", n, logs.String())
	}
	if !strings.Contains(logs.String(), "unreportedFailures=11") {
		t.Fatalf("the second warning does not count the failures in between:\n%s", logs.String())
	}
}

func TestFooterTimesOutASlowProvider(t *testing.T) {
	f := newFakeWeb(t)
	gate := make(chan struct{}) // never opened: the weather hangs
	f.set(func(f *fakeWeb) { f.weatherGate = gate })
	s := newService(f, newFakeClock(), nil)
	s.timeout = 200 * time.Millisecond

	start := time.Now()
	d := s.Footer(context.Background(), "São Paulo", "SP", []string{"USD"}, true)
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Fatalf("Footer took %v", elapsed)
	}
	if d.Weather != nil || len(d.Quotes) != 1 || d.Quotes[0].Asset != "USD" {
		t.Fatalf("Footer = %+v, want the quote without weather", d)
	}
}

func TestFooterCanceledCallerDoesNotSpoilTheSharedFetch(t *testing.T) {
	f := newFakeWeb(t)
	weatherGate, quoteGate := make(chan struct{}), make(chan struct{})
	f.set(func(f *fakeWeb) { f.weatherGate, f.quoteGate = weatherGate, quoteGate })
	s := newService(f, newFakeClock(), nil)

	// The first caller starts the fetches and leaves.
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan Data)
	go func() { first <- s.Footer(ctx, "São Paulo", "SP", []string{"USD"}, true) }()
	eventually(t, "the first requests", func() bool { h := f.hits(); return h[0] == 1 && h[2] == 1 })
	cancel()
	select {
	case d := <-first:
		if d.Weather != nil || d.Quotes != nil {
			t.Fatalf("canceled caller got %+v before any answer", d)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("a canceled caller kept waiting")
	}

	// Another caller meanwhile shares the fetch, which completes.
	second := make(chan Data)
	go func() { second <- s.Footer(context.Background(), "São Paulo", "SP", []string{"USD"}, true) }()
	time.Sleep(20 * time.Millisecond)
	close(weatherGate)
	close(quoteGate)
	if d := <-second; d.Weather == nil || len(d.Quotes) != 1 {
		t.Fatalf("second caller got %+v, want both", d)
	}
	// And it is cached for everyone after.
	if d := s.Footer(context.Background(), "São Paulo", "SP", []string{"USD"}, true); d.Weather == nil || len(d.Quotes) != 1 {
		t.Fatalf("third caller got %+v, want both", d)
	}
	if h := f.hits(); h != [3]int32{1, 1, 1} {
		t.Fatalf("hits = %v, want [1 1 1]", h)
	}
}

func TestFooterIgnoresBadAssetCodes(t *testing.T) {
	f := newFakeWeb(t)
	s := newService(f, newFakeClock(), nil)
	ctx := context.Background()
	d := s.Footer(ctx, "", "", []string{"US", "TOOLONG", "BRL", "U$D", "", "EUR", "EUR", " usd ", "12345", "US-D"}, true)
	if d.Weather != nil {
		t.Fatalf("weather without a city: %+v", d.Weather)
	}
	if len(d.Quotes) != 2 || d.Quotes[0].Asset != "EUR" || d.Quotes[1].Asset != "USD" {
		t.Fatalf("quotes = %+v, want EUR and USD", d.Quotes)
	}
	if len(f.quotePaths) != 1 || f.quotePaths[0] != "/json/last/EUR-BRL,USD-BRL" {
		t.Fatalf("quote requests = %q", f.quotePaths)
	}
	if d := s.Footer(ctx, "", "", []string{"BRL", "X", "ÇÇÇ"}, false); d.Weather != nil || d.Quotes != nil {
		t.Fatalf("Footer = %+v, want nothing", d)
	}
	if h := f.hits(); h != [3]int32{0, 0, 1} {
		t.Fatalf("hits = %v, want [0 0 1]", h)
	}
}

func TestFooterLeavesOutUnknownCurrencies(t *testing.T) {
	f := newFakeWeb(t)
	clock := newFakeClock()
	s := newService(f, clock, nil)
	ctx := context.Background()
	d := s.Footer(ctx, "São Paulo", "SP", []string{"XYZ", "USD"}, false)
	if d.Weather != nil || len(d.Quotes) != 1 || d.Quotes[0].Asset != "USD" {
		t.Fatalf("Footer = %+v, want USD alone, no weather", d)
	}
	before := f.quoteHits.Load()
	clock.Advance(5 * time.Minute)
	s.Footer(ctx, "São Paulo", "SP", []string{"XYZ", "USD"}, false)
	if n := f.quoteHits.Load(); n != before {
		t.Fatalf("an unknown currency was asked again within 10 minutes (%d → %d requests)", before, n)
	}
	if h := f.hits(); h[0] != 0 || h[1] != 0 {
		t.Fatalf("weather fetched though not wanted: %v", h)
	}
}

func TestFooterSurvivesAPanickingProvider(t *testing.T) {
	bad := weatherFunc(func(context.Context, string, string) (Weather, error) { panic("index out of range") })
	f := newFakeWeb(t)
	s := New(bad, f.quotes(), nil, nil)
	d := s.Footer(context.Background(), "São Paulo", "SP", []string{"USD"}, true)
	if d.Weather != nil || len(d.Quotes) != 1 {
		t.Fatalf("Footer = %+v, want the quote alone", d)
	}
}

func TestFooterCacheIsBounded(t *testing.T) {
	clock := newFakeClock()
	sunny := weatherFunc(func(_ context.Context, city, _ string) (Weather, error) {
		return Weather{City: city, Temperature: 30}, nil
	})
	s := New(sunny, nil, clock.Now, nil)
	s.maxEntries, s.sweepAt = 100, 100
	for i := range 1000 {
		d := s.Footer(context.Background(), fmt.Sprintf("Cidade %d", i), "SP", nil, true)
		if d.Weather == nil || d.Weather.Description != "Céu limpo" {
			t.Fatalf("Footer = %+v", d)
		}
		clock.Advance(time.Minute)
	}
	s.mu.Lock()
	n := len(s.entries)
	s.mu.Unlock()
	if n > 100 {
		t.Fatalf("cache holds %d entries, want at most 100", n)
	}
}

type weatherFunc func(ctx context.Context, city, state string) (Weather, error)

func (f weatherFunc) Weather(ctx context.Context, city, state string) (Weather, error) {
	return f(ctx, city, state)
}
