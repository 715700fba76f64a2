package main

import (
	"context"
	"fmt"
	"image/color"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"vitrine/internal/apiclient"
)

// newAPI is a client of the server at base, with a pool of connections
// for the calls made in parallel.
func newAPI(base string) *apiclient.Client {
	return &apiclient.Client{Base: base, HTTP: &http.Client{
		Timeout:   2 * time.Minute,
		Transport: &http.Transport{MaxIdleConnsPerHost: 64, MaxIdleConns: 64},
	}}
}

// fixture is what the generator seeds through the API.
type fixture struct {
	franchise string   // slug
	stores    []string // slugs
	media     [2]string
	schedule  string
	spaces    []string // its local spaces (-local-spaces)
	perStore  int      // TVs per store
	hash      string   // the schedule's hash after the first save
	override  string   // the emergency override started, to clear
	devices   []device
}

type device struct {
	Code  string `json:"device"`
	Token string `json:"token"`
}

// tvsPerStore spreads the TVs over stores as a large franchise has them
// (with -local-spaces, over -local-stores stores).
const tvsPerStore = 100

// seed signs in, makes a franchise with stores, two images and a schedule,
// announces n players (POST /api/device/hello) and registers a TV for each,
// linked to the schedule.
func seed(ctx context.Context, a *apiclient.Client, email, password string, n, workers, spaces, localStores int) (*fixture, error) {
	if err := a.Login(ctx, email, password); err != nil {
		return nil, fmt.Errorf("sign in as %s (is the server started with --demo?): %w", email, err)
	}

	f := &fixture{perStore: tvsPerStore}
	for i := range spaces {
		f.spaces = append(f.spaces, spaceID(i))
	}
	if spaces > 0 {
		f.perStore = max((n+localStores-1)/localStores, 1)
	}
	var fr struct {
		Franchise struct {
			Slug string `json:"slug"`
		} `json:"franchise"`
	}
	if err := a.Do(ctx, "POST", "/api/franchise", map[string]any{"name": "Carga de players " + time.Now().Format("150405")}, &fr, 201); err != nil {
		return nil, err
	}
	f.franchise = fr.Franchise.Slug

	stores := (n + f.perStore - 1) / f.perStore
	for i := range stores {
		var st struct {
			Store struct {
				Slug string `json:"slug"`
			} `json:"store"`
		}
		body := map[string]any{"name": fmt.Sprintf("Loja %04d", i+1), "region": "Sudeste", "state": "SP",
			"city": "São Paulo", "contacts": []any{}}
		if err := a.Do(ctx, "POST", "/api/store/"+f.franchise, body, &st, 201); err != nil {
			return nil, err
		}
		f.stores = append(f.stores, st.Store.Slug)
	}

	for i, c := range []color.RGBA{{200, 30, 30, 255}, {30, 30, 200, 255}} {
		file := apiclient.PNG(192, 108, func(int, int) color.RGBA { return c })
		id, err := a.Upload(ctx, f.franchise, fmt.Sprintf("Cartaz %d", i+1), "image", "image/png", file)
		if err != nil {
			return nil, fmt.Errorf("media: %w", err)
		}
		f.media[i] = id
	}

	var sc struct {
		Schedule struct {
			ID   string `json:"id"`
			Hash string `json:"hash"`
		} `json:"schedule"`
	}
	if err := a.Do(ctx, "POST", "/api/schedule/"+f.franchise, map[string]any{"name": "Vitrine"}, &sc, 201); err != nil {
		return nil, err
	}
	f.schedule = sc.Schedule.ID
	hash, _, err := saveSchedule(ctx, a, f, 0)
	if err != nil {
		return nil, err
	}
	f.hash = hash
	logf("seeded franchise %s: %d stores, 2 images, schedule %s", f.franchise, stores, f.schedule)

	// The players announce themselves, then an operator adds a TV for each code.
	f.devices = make([]device, n)
	err = parallel(ctx, n, workers, "hellos", func(ctx context.Context, i int) error {
		return a.Do(ctx, "POST", "/api/device/hello", map[string]string{"version": "loadgen"}, &f.devices[i], 200)
	})
	if err != nil {
		return nil, err
	}
	err = parallel(ctx, n, workers, "TVs registered", func(ctx context.Context, i int) error {
		body := map[string]any{"name": fmt.Sprintf("TV %05d", i+1), "device": f.devices[i].Code, "scheduleId": f.schedule}
		return a.Do(ctx, "POST", "/api/display/"+f.franchise+"/"+f.stores[i/f.perStore], body, nil, 201)
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// saveSchedule saves round r's entries — each round a different list, so
// each has a hash of its own — and returns the new hash and the call's time.
func saveSchedule(ctx context.Context, a *apiclient.Client, f *fixture, r int) (string, time.Duration, error) {
	entries := []map[string]any{{"id": f.media[0], "displayTime": 5 + r}}
	if r%2 == 1 {
		entries = []map[string]any{{"id": f.media[1], "displayTime": 5 + r}, {"id": f.media[0], "displayTime": 5}}
	}
	entries = append(entries, spaceEntries(f)...)
	var out struct {
		Schedule struct {
			Hash string `json:"hash"`
		} `json:"schedule"`
	}
	start := time.Now()
	err := a.Do(ctx, "POST", "/api/schedule/"+f.franchise+"/"+f.schedule, map[string]any{"media": entries}, &out, 200)
	took := time.Since(start)
	if err != nil {
		return "", took, err
	}
	return out.Schedule.Hash, took, nil
}

// pushOverride starts an emergency override on every TV of the franchise
// (clear: clears the one started) and returns the key its playlists arrive
// under (player.arrived) and how long the API call took.
func pushOverride(ctx context.Context, a *apiclient.Client, f *fixture, clear bool) (string, time.Duration, error) {
	start := time.Now()
	if clear {
		err := a.Do(ctx, "POST", "/api/override/"+f.franchise+"/"+f.override+"/clear", nil, nil, 200)
		return "ov:", time.Since(start), err
	}
	var out struct {
		Override struct {
			ID string `json:"id"`
		} `json:"override"`
	}
	err := a.Do(ctx, "POST", "/api/override/"+f.franchise, map[string]any{"target": "all", "title": "Teste de carga",
		"text": "Mensagem de emergência medida pelo gerador de carga."}, &out, 201)
	took := time.Since(start)
	if err != nil {
		return "", took, err
	}
	f.override = out.Override.ID
	return "ov:" + out.Override.ID, took, nil
}

// parallel runs fn for 0..n-1 on workers goroutines, printing progress,
// and stops at the first error.
func parallel(ctx context.Context, n, workers int, what string, fn func(ctx context.Context, i int) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var next, done atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	step := int64(max(n/10, 1))
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := fn(ctx, i); err != nil {
					cancel(fmt.Errorf("%s #%d: %w", what, i+1, err))
					return
				}
				if d := done.Add(1); d%step == 0 || d == int64(n) {
					logf("%s: %d/%d (%.0f/s)", what, d, n, float64(d)/time.Since(start).Seconds())
				}
			}
		}()
	}
	wg.Wait()
	return context.Cause(ctx)
}
