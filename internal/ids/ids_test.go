package ids

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// A hash written in place is the stored one (the hex SHA-256), for secrets
// past the buffer too, and costs no allocation for a token.
func TestHashIntoIsTheStoredHash(t *testing.T) {
	for _, secret := range []string{"", "a", Secret(32), strings.Repeat("x", 128), strings.Repeat("y", 300)} {
		sum := sha256.Sum256([]byte(secret))
		want := hex.EncodeToString(sum[:])
		var h HashText
		HashInto(&h, secret)
		if string(h[:]) != want || Hash(secret) != want {
			t.Errorf("secret of %d bytes: %s and %s, want %s", len(secret), h[:], Hash(secret), want)
		}
	}
	token := Secret(32)
	if n := testing.AllocsPerRun(100, func() { var h HashText; HashInto(&h, token) }); n != 0 {
		t.Errorf("%v allocations per hash", n)
	}
}
