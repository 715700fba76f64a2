// Package web embeds the built web apps (web/dist) into the binary. A fresh
// clone holds only the tracked placeholder web/dist/.keep, so the Go code
// builds and tests before `make web`; the server then answers the app pages
// with "not built: run `make build`".
package web

import (
	"embed"
	"io/fs"
	"regexp"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built files, or nil when the apps were not built.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil
	}
	if _, err := fs.Stat(sub, "index.html"); err != nil {
		return nil
	}
	return sub
}

// PlayerBuild names the build of the player page in fsys (Dist's files):
// the path of the module script web/player.html loads, whose name carries
// the hash of its content, so any change of the player's code changes it.
// It is "" when the player is not built.
func PlayerBuild(fsys fs.FS) string {
	if fsys == nil {
		return ""
	}
	page, err := fs.ReadFile(fsys, "player.html")
	if err != nil {
		return ""
	}
	m := playerEntry.FindSubmatch(page)
	if m == nil {
		return ""
	}
	return string(m[1])
}

// playerEntry finds the page's module script: Vite writes it as
// <script type="module" crossorigin src="/assets/player-….js">.
var playerEntry = regexp.MustCompile(`<script type="module"[^>]*\ssrc="(/assets/[^"]+\.js)"`)
