package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"
)

// sealer encrypts the secrets kept in the database (a group's OpenID
// client secret) with AES-256-GCM, under a key derived from the server's
// VITRINE_SECRET_KEY. A nil sealer has no key: it seals nothing.
type sealer struct{ aead cipher.AEAD }

// newSealer returns the sealer of key, nil when key is empty.
func newSealer(key string) *sealer {
	if key == "" {
		return nil
	}
	sum := sha256.Sum256([]byte("vitrine secret key\x00" + key))
	block, err := aes.NewCipher(sum[:])
	if err != nil {
		panic(err) // a 32-byte key is always accepted
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return &sealer{aead: aead}
}

const sealPrefix = "v1:"

var errUnsealable = errors.New("auth: the sealed secret cannot be opened with this VITRINE_SECRET_KEY")

// seal encrypts plain; purpose binds the result to its use (it cannot be
// moved to another row).
func (s *sealer) seal(plain, purpose string) string {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	out := s.aead.Seal(nonce, nonce, []byte(plain), []byte(purpose))
	return sealPrefix + base64.RawStdEncoding.EncodeToString(out)
}

// open decrypts what seal made for purpose.
func (s *sealer) open(sealed, purpose string) (string, error) {
	if s == nil || !strings.HasPrefix(sealed, sealPrefix) {
		return "", errUnsealable
	}
	raw, err := base64.RawStdEncoding.DecodeString(strings.TrimPrefix(sealed, sealPrefix))
	if err != nil || len(raw) < s.aead.NonceSize() {
		return "", errUnsealable
	}
	plain, err := s.aead.Open(nil, raw[:s.aead.NonceSize()], raw[s.aead.NonceSize():], []byte(purpose))
	if err != nil {
		return "", errUnsealable
	}
	return string(plain), nil
}
