package db

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
)

func fsSub() (fs.FS, error) { return fs.Sub(migrations, "migrations") }

// MigrationsDigest names the schema this build migrates to: a digest of the
// migration files' names and contents (the Go migration's code is not in
// it). Two builds with the same digest make the same tables.
func MigrationsDigest() string {
	sum := sha256.New()
	files, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		panic(err) // the pattern is well formed
	}
	for _, name := range files { // in lexical order
		body, err := migrations.ReadFile(name)
		if err != nil {
			panic(err) // embedded: always there
		}
		sum.Write([]byte(name))
		sum.Write([]byte{0})
		sum.Write(body)
		sum.Write([]byte{0})
	}
	return hex.EncodeToString(sum.Sum(nil))
}
