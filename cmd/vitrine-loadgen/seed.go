package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// api calls one server's JSON API.
type api struct {
	base  string
	token string
	http  *http.Client
}

func newAPI(base string) *api {
	return &api{base: base, http: &http.Client{
		Timeout:   2 * time.Minute,
		Transport: &http.Transport{MaxIdleConnsPerHost: 64, MaxIdleConns: 64},
	}}
}

// apiError is an answer with an unexpected status.
type apiError struct {
	method, path string
	status       int
	body         string
}

func (e *apiError) Error() string {
	return fmt.Sprintf("%s %s: %d %s", e.method, e.path, e.status, strings.TrimSpace(e.body))
}

// do sends body as JSON and decodes the answer into out; any status but
// want is an error.
func (a *api) do(ctx context.Context, method, path string, body, out any, want int) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if a.token != "" {
		req.Header.Set("Authorization", "Bearer "+a.token)
	}
	res, err := a.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != want {
		return &apiError{method, path, res.StatusCode, string(b)}
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// fixture is what the generator seeds through the API.
type fixture struct {
	franchise string   // slug
	stores    []string // slugs
	media     [2]string
	schedule  string
	hash      string // the schedule's hash after the first save
	devices   []device
}

type device struct {
	Code  string `json:"device"`
	Token string `json:"token"`
}

// tvsPerStore spreads the TVs over stores as a large franchise has them.
const tvsPerStore = 100

// seed signs in, makes a franchise with stores, two images and a schedule,
// announces n players (POST /api/device/hello) and registers a TV for each,
// linked to the schedule.
func seed(ctx context.Context, a *api, email, password string, n, workers int) (*fixture, error) {
	var login struct {
		Token string `json:"token"`
	}
	if err := a.do(ctx, "POST", "/api/user/auth", map[string]string{"email": email, "auth": password}, &login, 200); err != nil {
		return nil, fmt.Errorf("sign in as %s (is the server started with --demo?): %w", email, err)
	}
	a.token = login.Token

	f := &fixture{}
	var fr struct {
		Franchise struct {
			Slug string `json:"slug"`
		} `json:"franchise"`
	}
	if err := a.do(ctx, "POST", "/api/franchise", map[string]any{"name": "Carga de players " + time.Now().Format("150405")}, &fr, 201); err != nil {
		return nil, err
	}
	f.franchise = fr.Franchise.Slug

	stores := (n + tvsPerStore - 1) / tvsPerStore
	for i := range stores {
		var st struct {
			Store struct {
				Slug string `json:"slug"`
			} `json:"store"`
		}
		body := map[string]any{"name": fmt.Sprintf("Loja %04d", i+1), "region": "Sudeste", "state": "SP",
			"city": "São Paulo", "contacts": []any{}}
		if err := a.do(ctx, "POST", "/api/store/"+f.franchise, body, &st, 201); err != nil {
			return nil, err
		}
		f.stores = append(f.stores, st.Store.Slug)
	}

	for i, c := range []color.RGBA{{200, 30, 30, 255}, {30, 30, 200, 255}} {
		id, err := uploadImage(ctx, a, f.franchise, fmt.Sprintf("Cartaz %d", i+1), c)
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
	if err := a.do(ctx, "POST", "/api/schedule/"+f.franchise, map[string]any{"name": "Vitrine"}, &sc, 201); err != nil {
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
		return a.do(ctx, "POST", "/api/device/hello", map[string]string{"version": "loadgen"}, &f.devices[i], 200)
	})
	if err != nil {
		return nil, err
	}
	err = parallel(ctx, n, workers, "TVs registered", func(ctx context.Context, i int) error {
		body := map[string]any{"name": fmt.Sprintf("TV %05d", i+1), "device": f.devices[i].Code, "scheduleId": f.schedule}
		return a.do(ctx, "POST", "/api/display/"+f.franchise+"/"+f.stores[i/tvsPerStore], body, nil, 201)
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// saveSchedule saves round r's entries — each round a different list, so
// each has a hash of its own — and returns the new hash and the call's time.
func saveSchedule(ctx context.Context, a *api, f *fixture, r int) (string, time.Duration, error) {
	entries := []map[string]any{{"id": f.media[0], "displayTime": 5 + r}}
	if r%2 == 1 {
		entries = []map[string]any{{"id": f.media[1], "displayTime": 5 + r}, {"id": f.media[0], "displayTime": 5}}
	}
	var out struct {
		Schedule struct {
			Hash string `json:"hash"`
		} `json:"schedule"`
	}
	start := time.Now()
	err := a.do(ctx, "POST", "/api/schedule/"+f.franchise+"/"+f.schedule, map[string]any{"media": entries}, &out, 200)
	took := time.Since(start)
	if err != nil {
		return "", took, err
	}
	return out.Schedule.Hash, took, nil
}

// uploadImage puts a small PNG in the library through the console's flow:
// an upload policy, the multipart POST it names, then the registration.
func uploadImage(ctx context.Context, a *api, franchise, name string, c color.RGBA) (string, error) {
	img := image.NewRGBA(image.Rect(0, 0, 192, 108))
	for i := 0; i < len(img.Pix); i += 4 {
		copy(img.Pix[i:], []byte{c.R, c.G, c.B, c.A})
	}
	var file bytes.Buffer
	if err := png.Encode(&file, img); err != nil {
		return "", err
	}
	var pol struct {
		Data struct {
			URL    string            `json:"url"`
			Fields map[string]string `json:"fields"`
		} `json:"data"`
	}
	q := url.Values{"type": {"image"}, "contentType": {"image/png"}}
	if err := a.do(ctx, "GET", "/api/media/file/"+franchise+"?"+q.Encode(), nil, &pol, 200); err != nil {
		return "", err
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range pol.Data.Fields {
		mw.WriteField(k, v)
	}
	fw, err := mw.CreateFormFile("file", name+".png")
	if err != nil {
		return "", err
	}
	fw.Write(file.Bytes())
	mw.Close()
	target := pol.Data.URL
	if strings.HasPrefix(target, "/") {
		target = a.base + target
	}
	req, err := http.NewRequestWithContext(ctx, "POST", target, &body)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := a.http.Do(req)
	if err != nil {
		return "", err
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode/100 != 2 {
		return "", &apiError{"POST", target, res.StatusCode, string(b)}
	}
	var m struct {
		Media struct {
			ID string `json:"id"`
		} `json:"media"`
	}
	reg := map[string]any{"name": name, "type": "image", "filePath": pol.Data.Fields["key"]}
	if err := a.do(ctx, "POST", "/api/media/"+franchise, reg, &m, 201); err != nil {
		return "", err
	}
	return m.Media.ID, nil
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
