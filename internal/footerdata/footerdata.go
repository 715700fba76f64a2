// Package footerdata fetches what a player's footer shows besides the clock:
// the weather in the store's city and the quotes of the footer's coins
// against the real. Players never call the public providers themselves; they
// ask the server (GET /api/device/footer), which answers from a cache kept
// for 10 minutes per city and per currency. Thousands of players asking at
// once cause one request per key to the provider, and a provider that fails
// or hangs only leaves its widget out of the answer for a while: the footer
// data is decoration, so Footer never returns an error.
package footerdata

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"vitrine/internal/names"
)

// Weather is the weather in a store's city now and today's range, in °C.
type Weather struct {
	City        string  `json:"city"`
	Temperature float64 `json:"temperature"`
	Min         float64 `json:"min"`
	Max         float64 `json:"max"`
	Code        int     `json:"code"`        // WMO weather code
	Description string  `json:"description"` // the code in words, pt-BR
}

// Quote is one currency's price in reais.
type Quote struct {
	Asset     string  `json:"asset"`     // currency code, as USD
	Bid       float64 `json:"bid"`       // reais paid for one unit
	PctChange float64 `json:"pctChange"` // change since the previous close, in percent
}

// Data is the answer to a player's footer request. A part whose provider
// failed, or that was not asked for, is left out.
type Data struct {
	Weather *Weather `json:"weather,omitempty"`
	Quotes  []Quote  `json:"quotes,omitempty"`
}

// WeatherProvider tells the weather in a Brazilian city. state is the
// store's state as operators type it, a UF ("SP") or a name ("São Paulo"),
// possibly empty.
type WeatherProvider interface {
	Weather(ctx context.Context, city, state string) (Weather, error)
}

// QuoteProvider quotes currencies against the real, keyed by asset code. An
// asset the provider does not know is missing from the map. With an error
// the map may still hold the quotes that were obtained; the assets missing
// then count as failed rather than unknown.
type QuoteProvider interface {
	Quotes(ctx context.Context, assets []string) (map[string]Quote, error)
}

// Describe names a WMO weather code in pt-BR, as the footer shows it. An
// unknown code gives "".
func Describe(code int) string {
	switch {
	case code == 0:
		return "Céu limpo"
	case code >= 1 && code <= 3:
		return "Parcialmente nublado"
	case code == 45 || code == 48:
		return "Neblina"
	case code >= 51 && code <= 57:
		return "Garoa"
	case code >= 61 && code <= 67:
		return "Chuva"
	case code >= 71 && code <= 77:
		return "Neve"
	case code >= 80 && code <= 82:
		return "Pancadas de chuva"
	case code == 85 || code == 86:
		return "Pancadas de neve"
	case code >= 95 && code <= 99:
		return "Tempestade"
	}
	return ""
}

var assetCode = regexp.MustCompile(`^[A-Z]{3,5}$`)

// cleanAssets keeps the asset codes that can be quoted against the real, in
// the order given, each once: three to five letters (upper-cased), the real
// itself left out.
func cleanAssets(assets []string) []string {
	out := make([]string, 0, len(assets))
	for _, a := range assets {
		a = strings.ToUpper(strings.TrimSpace(a))
		if !assetCode.MatchString(a) || a == "BRL" || slices.Contains(out, a) {
			continue
		}
		out = append(out, a)
	}
	return out
}

// placeKey is the cache key of a city: spaces collapsed, case and accents
// folded, the state spelled out ("sao paulo|sao paulo" for São Paulo/SP).
func placeKey(city, state string) string {
	return names.Fold(strings.Join(strings.Fields(city), " ")) + "|" +
		names.Fold(strings.Join(strings.Fields(StateName(state)), " "))
}

// Service answers footer requests from a shared cache in front of the
// providers. It is safe for concurrent use.
type Service struct {
	weather WeatherProvider
	quotes  QuoteProvider
	now     func() time.Time
	log     *slog.Logger

	ttl        time.Duration // how long a fetched value is kept
	failTTL    time.Duration // how long a failure is remembered
	timeout    time.Duration // bound of one fetch
	maxEntries int           // cache size past which expired entries are swept

	mu      sync.Mutex
	entries map[string]*entry
	sweepAt int
	warned  map[string]*warning // per provider: last warning and failures since
}

// entry is one cached key. While pending, a fetch is under way and done is
// open; the fetch fills the value and expires, then closes done, and the
// entry does not change afterwards. Entries of one fetch share done.
type entry struct {
	done    chan struct{}
	pending bool
	expires time.Time
	weather *Weather // nil: failed or not found
	quote   *Quote   // nil: failed or unknown asset
}

type warning struct {
	last       time.Time
	suppressed int
}

// New returns a service fetching from the given providers (a nil provider
// leaves its part out of every answer). now is the clock the cache reads,
// time.Now when nil; log receives provider failures, at most one warning
// per provider a minute, and may be nil.
func New(weather WeatherProvider, quotes QuoteProvider, now func() time.Time, log *slog.Logger) *Service {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{
		weather:    weather,
		quotes:     quotes,
		now:        now,
		log:        log,
		ttl:        10 * time.Minute,
		failTTL:    time.Minute,
		timeout:    5 * time.Second,
		maxEntries: 4096,
		entries:    map[string]*entry{},
		sweepAt:    4096,
		warned:     map[string]*warning{},
	}
}

// Footer returns the weather in city (state as the store has it) when
// wantWeather is set, and the quotes of assets in the order asked. Codes
// that are not three to five letters, BRL, and currencies the provider does
// not know are left out, as is any part whose provider failed. Values come
// from the cache when fetched less than 10 minutes ago; otherwise one fetch
// per key is shared by every caller asking meanwhile. The fetch runs apart
// from ctx, so a caller that gives up gets what is ready and the fetch still
// completes for the others.
func (s *Service) Footer(ctx context.Context, city, state string, assets []string, wantWeather bool) Data {
	city, state = strings.TrimSpace(city), strings.TrimSpace(state)
	var weather *entry
	if wantWeather && s.weather != nil && city != "" {
		weather = s.weatherEntry(ctx, city, state)
	}
	var codes []string
	var quotes []*entry
	if s.quotes != nil {
		codes = cleanAssets(assets)
		quotes = s.quoteEntries(ctx, codes)
	}

	var d Data
	if weather != nil && wait(ctx, weather) && weather.weather != nil {
		w := *weather.weather
		d.Weather = &w
	}
	for _, e := range quotes {
		if wait(ctx, e) && e.quote != nil {
			d.Quotes = append(d.Quotes, *e.quote)
		}
	}
	return d
}

// wait blocks until e's fetch has finished or ctx is done, and tells
// whether e can be read.
func wait(ctx context.Context, e *entry) bool {
	select {
	case <-e.done:
		return true
	default:
	}
	select {
	case <-e.done:
		return true
	case <-ctx.Done():
		return false
	}
}

// lookup returns the entry of key when it is fresh or being fetched. The
// caller holds s.mu.
func (s *Service) lookup(key string, now time.Time) *entry {
	e := s.entries[key]
	if e == nil || (!e.pending && !now.Before(e.expires)) {
		return nil
	}
	return e
}

// put stores a new pending entry, first sweeping expired entries when the
// cache has grown past its bound. The caller holds s.mu.
func (s *Service) put(key string, e *entry, now time.Time) {
	if len(s.entries) >= s.sweepAt {
		for k, old := range s.entries {
			if !old.pending && !now.Before(old.expires) {
				delete(s.entries, k)
			}
		}
		s.sweepAt = max(s.maxEntries, 2*len(s.entries))
	}
	s.entries[key] = e
}

func (s *Service) weatherEntry(ctx context.Context, city, state string) *entry {
	key := "w:" + placeKey(city, state)
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if e := s.lookup(key, now); e != nil {
		return e
	}
	e := &entry{done: make(chan struct{}), pending: true}
	s.put(key, e, now)
	go s.fetchWeather(ctx, e, city, state)
	return e
}

func (s *Service) quoteEntries(ctx context.Context, codes []string) []*entry {
	if len(codes) == 0 {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	out := make([]*entry, len(codes))
	var missing []string
	var fetching []*entry
	var done chan struct{}
	for i, code := range codes {
		key := "q:" + code
		if e := s.lookup(key, now); e != nil {
			out[i] = e
			continue
		}
		if done == nil {
			done = make(chan struct{})
		}
		e := &entry{done: done, pending: true}
		s.put(key, e, now)
		out[i] = e
		missing = append(missing, code)
		fetching = append(fetching, e)
	}
	if len(missing) > 0 {
		go s.fetchQuotes(ctx, missing, fetching, done)
	}
	return out
}

// fetchContext bounds one fetch by the service's timeout and detaches it
// from the caller's cancellation, keeping the caller's values.
func (s *Service) fetchContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), s.timeout)
}

func (s *Service) fetchWeather(ctx context.Context, e *entry, city, state string) {
	var (
		w   Weather
		err error
	)
	func() {
		defer recoverInto(&err)
		fctx, cancel := s.fetchContext(ctx)
		defer cancel()
		w, err = s.weather.Weather(fctx, city, state)
	}()

	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if err != nil {
		e.expires = now.Add(s.failTTL)
		s.warn(now, "weather", "footer weather unavailable", "city", city, "state", state, "err", err)
	} else {
		if w.Description == "" {
			w.Description = Describe(w.Code)
		}
		e.weather = &w
		e.expires = now.Add(s.ttl)
	}
	e.pending = false
	close(e.done)
}

func (s *Service) fetchQuotes(ctx context.Context, codes []string, entries []*entry, done chan struct{}) {
	var (
		got map[string]Quote
		err error
	)
	func() {
		defer recoverInto(&err)
		fctx, cancel := s.fetchContext(ctx)
		defer cancel()
		got, err = s.quotes.Quotes(fctx, codes)
	}()

	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	for i, code := range codes {
		e := entries[i]
		if q, ok := got[code]; ok {
			q.Asset = code
			e.quote = &q
			e.expires = now.Add(s.ttl)
		} else if err != nil {
			e.expires = now.Add(s.failTTL)
		} else {
			e.expires = now.Add(s.ttl) // the provider does not know this currency
		}
		e.pending = false
	}
	if err != nil {
		s.warn(now, "quotes", "footer quotes unavailable", "assets", strings.Join(codes, ","), "err", err)
	}
	close(done)
}

// recoverInto turns a provider's panic into an error, so that a bad answer
// costs one widget rather than the server.
func recoverInto(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("provider panicked: %v", r)
	}
}

// warn logs a provider failure unless that provider was already reported
// within the failure window; the next warning says how many failures went
// unreported meanwhile. The caller holds s.mu.
func (s *Service) warn(now time.Time, provider, msg string, args ...any) {
	w := s.warned[provider]
	if w == nil {
		w = &warning{}
		s.warned[provider] = w
	}
	if !w.last.IsZero() && now.Sub(w.last) < s.failTTL {
		w.suppressed++
		return
	}
	if w.suppressed > 0 {
		args = append(args, "unreportedFailures", w.suppressed)
	}
	w.last, w.suppressed = now, 0
	s.log.Warn(msg, append([]any{"provider", provider}, args...)...)
}
