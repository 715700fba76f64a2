package httpapi

import (
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// newStaticHandler serves the built console: real files as they are, any
// other path as index.html so the client-side router takes it.
func newStaticHandler(webFS fs.FS) http.Handler {
	if webFS == nil {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "console not built: run `make build`", http.StatusNotFound)
		})
	}
	files := http.FileServerFS(webFS)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(webFS, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					// Vite puts a content hash in every asset name.
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				files.ServeHTTP(w, r)
				return
			}
			if path.Ext(name) != "" && !strings.Contains(path.Base(name), "@") {
				// A missing asset is a 404, not the app shell.
				http.NotFound(w, r)
				return
			}
		}
		index := "index.html"
		if name == "player" || strings.HasPrefix(name, "player/") {
			if _, err := fs.Stat(webFS, "player.html"); err == nil {
				index = "player.html"
			}
		}
		b, err := fs.ReadFile(webFS, index)
		if err != nil {
			http.Error(w, "console not built: run `make build`", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(b)
	})
}
