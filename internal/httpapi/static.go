package httpapi

import (
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// newStaticHandler serves the built web apps: real files as they are, any
// other path as its app's page so the client-side code takes it — the TV
// player's (player.html) at /player and under it, the console's
// (index.html) elsewhere. The build writes a brotli (.br) and a gzip (.gz)
// copy next to each text file; the one the browser accepts is served
// instead, already compressed.
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
				if ctype, ok := fixedTypes[path.Ext(name)]; ok {
					w.Header().Set("Content-Type", ctype)
				}
				if serveCompressed(w, r, webFS, name) {
					return
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
		// /player and the paths under it are the TV player's page (a second
		// app of the build, web/player.html); any other path is the console's.
		index, app := "index.html", "console"
		if name == "player" || strings.HasPrefix(name, "player/") {
			index, app = "player.html", "player"
		}
		if _, err := fs.Stat(webFS, index); err != nil {
			http.Error(w, app+" not built: run `make build`", http.StatusNotFound)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		if serveCompressed(w, r, webFS, index) {
			return
		}
		b, err := fs.ReadFile(webFS, index)
		if err != nil {
			http.Error(w, app+" not built: run `make build`", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(b)
	})
}

// fixedTypes are the content types of the files whose extension the
// system's MIME table may not know: the icon browsers ask for at
// /favicon.ico when a page names none (web/public/favicon.ico).
var fixedTypes = map[string]string{".ico": "image/x-icon"}

// encodings are the precompressed copies the build makes, best first.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// serveCompressed answers with the precompressed copy of name that the
// request accepts, if the build made one; it reports whether it answered.
func serveCompressed(w http.ResponseWriter, r *http.Request, webFS fs.FS, name string) bool {
	for _, enc := range encodings {
		if _, err := fs.Stat(webFS, name+enc.ext); err != nil {
			continue
		}
		w.Header().Add("Vary", "Accept-Encoding")
		if !accepts(r.Header.Get("Accept-Encoding"), enc.name) {
			continue
		}
		f, err := webFS.Open(name + enc.ext)
		if err != nil {
			return false
		}
		defer f.Close()
		rs, ok := f.(io.ReadSeeker)
		if !ok {
			return false
		}
		ctype := mime.TypeByExtension(path.Ext(name))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Content-Encoding", enc.name)
		http.ServeContent(w, r, "", time.Time{}, rs)
		return true
	}
	return false
}

// accepts tells whether an Accept-Encoding header accepts coding.
func accepts(header, coding string) bool {
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			v, err := strconv.ParseFloat(q, 64)
			return err == nil && v > 0
		}
		return true
	}
	return false
}
