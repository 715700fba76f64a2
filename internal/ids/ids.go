// Package ids makes the identifiers of stored records and the random secrets
// (tokens, codes) handed to users and devices.
package ids

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"

	"github.com/google/uuid"
)

// New returns a time-ordered unique id (UUIDv7 text) for a stored record.
func New() string {
	return uuid.Must(uuid.NewV7()).String()
}

// Secret returns a URL-safe random string carrying n bytes of entropy.
func Secret(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("ids: no randomness: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// Hash returns the hex SHA-256 of a secret; only hashes of tokens and codes are stored.
func Hash(secret string) string {
	var h HashText
	HashInto(&h, secret)
	return string(h[:])
}

// HashText is a Hash's text.
type HashText [2 * sha256.Size]byte

// HashInto writes Hash(secret) into h without allocating for secrets of up
// to 128 bytes, for a caller that only looks the hash up (a session per call).
func HashInto(h *HashText, secret string) {
	var buf [128]byte
	sum := sha256.Sum256(append(buf[:0], secret...))
	hex.Encode(h[:], sum[:])
}
