// Package web embeds the built web apps (web/dist) into the binary. A fresh
// clone holds only the tracked placeholder web/dist/.keep, so the Go code
// builds and tests before `make web`; the server then answers the app pages
// with "not built: run `make build`".
package web

import (
	"embed"
	"io/fs"
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
