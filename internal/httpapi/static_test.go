package httpapi_test

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"vitrine/internal/config"
	"vitrine/internal/httpapi"
	"vitrine/internal/testutil"
)

func TestEveryAnswerCarriesTheSecurityHeaders(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	for _, path := range []string{"/", "/dashboard", "/api/health", "/api/nope"} {
		t.Run(path, func(t *testing.T) {
			r := a.Do(t, "GET", path, "", nil)
			h := r.Header
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" ||
				h.Get("Referrer-Policy") != "strict-origin-when-cross-origin" {
				t.Fatalf("headers: %v", h)
			}
			csp := h.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("CSP %q lacks %q", csp, want)
				}
			}
		})
	}
}

func TestTheCSPAllowsTheMediaStore(t *testing.T) {
	a := testutil.NewApp(t, "sqlite", testutil.WithConfig(func(c *config.Config) {
		c.MediaURL = "https://cdn.example.com/midia"
	}))
	csp := a.Do(t, "GET", "/", "", nil).Header.Get("Content-Security-Policy")
	for _, want := range []string{"img-src 'self' data: blob: https://cdn.example.com https:", "media-src 'self' blob: https://cdn.example.com;"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	// Footer logos and coin icons are addresses of any https site; scripts,
	// videos and calls stay with the server and the media store.
	if strings.Contains(csp, "connect-src 'self' https://cdn.example.com https:") || strings.Contains(csp, "script-src 'self' https:") {
		t.Errorf("CSP %q opens more than images", csp)
	}
}

// The console's assets are served precompressed to browsers that accept it.
func TestAssetsAreServedPrecompressed(t *testing.T) {
	js := "console.log('vitrine')"
	web := fstest.MapFS{
		"index.html":            {Data: []byte("<!doctype html><title>Vitrine</title>")},
		"assets/app-1a2b.js":    {Data: []byte(js)},
		"assets/app-1a2b.js.br": {Data: []byte("BROTLI")},
		"assets/app-1a2b.js.gz": {Data: []byte("GZIP")},
		"favicon.svg":           {Data: []byte("<svg/>")},
	}
	srv := httptest.NewServer(httpapi.New(httpapi.Deps{
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), WebFS: web,
	}))
	defer srv.Close()
	get := func(t *testing.T, path, accept string) (*http.Response, string) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		res, err := http.DefaultTransport.RoundTrip(req) // no transparent gzip
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	for _, tc := range []struct {
		name, accept, encoding, body string
	}{
		{"brotli when accepted", "gzip, deflate, br", "br", "BROTLI"},
		{"gzip when brotli is not", "gzip", "gzip", "GZIP"},
		{"brotli refused with q=0", "br;q=0, gzip", "gzip", "GZIP"},
		{"plain otherwise", "identity", "", js},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, body := get(t, "/assets/app-1a2b.js", tc.accept)
			if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != tc.encoding || body != tc.body {
				t.Fatalf("%d encoding %q body %q", res.StatusCode, res.Header.Get("Content-Encoding"), body)
			}
			if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
				t.Errorf("content type %q", res.Header.Get("Content-Type"))
			}
			if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
				t.Errorf("no Vary: Accept-Encoding")
			}
			if !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
				t.Errorf("cache control %q", res.Header.Get("Cache-Control"))
			}
		})
	}
	t.Run("a route of the app gets the page", func(t *testing.T) {
		res, body := get(t, "/medias", "br")
		if res.StatusCode != 200 || !strings.Contains(body, "<title>Vitrine</title>") {
			t.Fatalf("%d %q", res.StatusCode, body)
		}
	})
}

// /player and the paths under it get the TV player's page, with the console's
// caching and precompression rules; every other page path gets the console.
func TestThePlayerIsServedAtSlashPlayer(t *testing.T) {
	web := fstest.MapFS{
		"index.html":               {Data: []byte("<!doctype html><title>Vitrine</title>")},
		"player.html":              {Data: []byte("<!doctype html><title>Vitrine Player</title>")},
		"player.html.br":           {Data: []byte("PLAYER-BROTLI")},
		"player.html.gz":           {Data: []byte("PLAYER-GZIP")},
		"assets/player-9z8y.js":    {Data: []byte("player()")},
		"assets/player-9z8y.js.gz": {Data: []byte("PLAYER-JS-GZIP")},
		"assets/player-9z8y.css":   {Data: []byte("body{}")},
		"assets/app-1a2b.js":       {Data: []byte("console()")},
		"assets/app-1a2b.js.gz":    {Data: []byte("CONSOLE-JS-GZIP")},
		"assets/app-1a2b.js.br":    {Data: []byte("CONSOLE-JS-BROTLI")},
		"favicon.svg":              {Data: []byte("<svg/>")},
		"player-sw.js":             {Data: []byte("self.addEventListener('fetch', () => {})")},
	}
	srv := httptest.NewServer(httpapi.New(httpapi.Deps{
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), WebFS: web,
	}))
	defer srv.Close()
	get := func(t *testing.T, path, accept string) (*http.Response, string) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		res, err := http.DefaultTransport.RoundTrip(req) // no transparent gzip, no redirects followed
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	for _, tc := range []struct{ path, body string }{
		{"/player", "<title>Vitrine Player</title>"},
		{"/player/", "<title>Vitrine Player</title>"},
		{"/player/any/deep/path", "<title>Vitrine Player</title>"},
		{"/", "<title>Vitrine</title>"},
		{"/medias", "<title>Vitrine</title>"},
		{"/players", "<title>Vitrine</title>"},
		{"/playerx/1", "<title>Vitrine</title>"},
	} {
		t.Run("page "+tc.path, func(t *testing.T) {
			res, body := get(t, tc.path, "identity")
			if res.StatusCode != 200 || !strings.Contains(body, tc.body) {
				t.Fatalf("%d %q, want %q", res.StatusCode, body, tc.body)
			}
			if res.Header.Get("Cache-Control") != "no-cache" {
				t.Errorf("cache control %q", res.Header.Get("Cache-Control"))
			}
			if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				t.Errorf("content type %q", res.Header.Get("Content-Type"))
			}
		})
	}
	t.Run("the player's page precompressed", func(t *testing.T) {
		for accept, want := range map[string]string{"br, gzip": "PLAYER-BROTLI", "gzip": "PLAYER-GZIP"} {
			res, body := get(t, "/player", accept)
			if res.StatusCode != 200 || body != want || res.Header.Get("Cache-Control") != "no-cache" ||
				!strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
				t.Fatalf("%s: %d %q %v", accept, res.StatusCode, body, res.Header)
			}
		}
	})
	t.Run("the player's assets are immutable and precompressed", func(t *testing.T) {
		res, body := get(t, "/assets/player-9z8y.js", "gzip")
		if res.StatusCode != 200 || body != "PLAYER-JS-GZIP" || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("%d %q %v", res.StatusCode, body, res.Header)
		}
	})
	t.Run("the player's service worker is a script at the root, never cached for long", func(t *testing.T) {
		res, body := get(t, "/player-sw.js", "")
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") ||
			!strings.Contains(body, "addEventListener") || strings.Contains(res.Header.Get("Cache-Control"), "max-age") {
			t.Fatalf("%d %q %v", res.StatusCode, body, res.Header)
		}
	})
	t.Run("a missing file under /player is a 404, not a page", func(t *testing.T) {
		if res, body := get(t, "/player/nope.js", ""); res.StatusCode != 404 {
			t.Fatalf("%d %q", res.StatusCode, body)
		}
	})
}

// Without a built player, /player says so instead of serving the console.
func TestSlashPlayerWithoutAPlayerBuild(t *testing.T) {
	web := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>Vitrine</title>")}}
	srv := httptest.NewServer(httpapi.New(httpapi.Deps{
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), WebFS: web,
	}))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/player")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 404 || strings.Contains(string(b), "<title>Vitrine</title>") {
		t.Fatalf("%d %q", res.StatusCode, b)
	}
}

// The icons the console's and the player's pages name, and /favicon.ico
// that a browser asks for on its own, are real images of the build
// (web/public): no page asks for an icon in vain.
func TestTheIconsArePictures(t *testing.T) {
	web := fstest.MapFS{}
	for _, name := range []string{"index.html", "player.html", "public/favicon.ico", "public/favicon.svg"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "web", name))
		if err != nil {
			t.Fatal(err)
		}
		web[strings.TrimPrefix(name, "public/")] = &fstest.MapFile{Data: b}
	}
	srv := httptest.NewServer(httpapi.New(httpapi.Deps{
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), WebFS: web,
	}))
	defer srv.Close()
	get := func(t *testing.T, path string) (*http.Response, []byte) {
		t.Helper()
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}
	icons := map[string]bool{"/favicon.ico": true}
	linked := regexp.MustCompile(`<link rel="icon"[^>]*href="([^"]+)"`)
	for _, page := range []string{"/dashboard", "/player"} {
		_, body := get(t, page)
		found := linked.FindAllSubmatch(body, -1)
		if len(found) == 0 {
			t.Errorf("the page %s names no icon", page)
		}
		for _, m := range found {
			icons[string(m[1])] = true
		}
	}
	for icon := range icons {
		t.Run(icon, func(t *testing.T) {
			res, body := get(t, icon)
			ctype := res.Header.Get("Content-Type")
			if res.StatusCode != 200 || !strings.HasPrefix(ctype, "image/") || len(body) == 0 {
				t.Fatalf("%d %q, %d bytes", res.StatusCode, ctype, len(body))
			}
			if strings.HasSuffix(icon, ".ico") && (ctype != "image/x-icon" || !bytes.HasPrefix(body, []byte{0, 0, 1, 0})) {
				t.Fatalf("not an icon file: %q % x", ctype, body[:min(len(body), 4)])
			}
		})
	}
}
