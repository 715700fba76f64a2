// Command vitrine runs the Vitrine digital-signage server.
package main

import (
	"os"

	"vitrine/internal/app"
)

func main() {
	os.Exit(app.Main(os.Args[1:], os.Stdout, os.Stderr))
}
