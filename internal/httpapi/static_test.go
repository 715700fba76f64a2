package httpapi_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
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
	for _, want := range []string{"img-src 'self' data: blob: https://cdn.example.com", "media-src 'self' blob: https://cdn.example.com"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
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
