package httpapi

import (
	"strings"
	"testing"

	"vitrine/internal/ids"
)

// The kept callers are found by the hash their sessions are stored by.
func TestTokenHashIsTheStoredHash(t *testing.T) {
	for _, token := range []string{"", "a", ids.Secret(32), strings.Repeat("x", 128), strings.Repeat("y", 300)} {
		var h [64]byte
		tokenHash(&h, token)
		if got, want := string(h[:]), ids.Hash(token); got != want {
			t.Errorf("token of %d bytes: %s, stored as %s", len(token), got, want)
		}
	}
	token := ids.Secret(32)
	if n := testing.AllocsPerRun(100, func() { var h [64]byte; tokenHash(&h, token) }); n != 0 {
		t.Errorf("%v allocations per hash", n)
	}
}
