package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"unicode"

	"golang.org/x/crypto/argon2"
)

// PasswordRule is the spec's message for a password that breaks the rule.
const PasswordRule = "A senha deve conter pelo menos 8 caracteres, uma letra maiúscula, uma letra minúscula, um número e um caractere especial."

// passwordSpecials are the special characters the rule accepts.
const passwordSpecials = "#?!@$%^&*-"

// maxPasswordBytes bounds the work a single login can ask of the hasher.
const maxPasswordBytes = 256

// ValidPassword tells whether pw follows the rule: at least 8 characters
// with an upper-case letter, a lower-case letter, a digit and one of
// #?!@$%^&*-.
func ValidPassword(pw string) bool {
	if len([]rune(pw)) < 8 || len(pw) > maxPasswordBytes {
		return false
	}
	var upper, lower, digit, special bool
	for _, r := range pw {
		switch {
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsLower(r):
			lower = true
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune(passwordSpecials, r):
			special = true
		}
	}
	return upper && lower && digit && special
}

// argon2id parameters (OWASP's recommended minimum: 19 MiB, 2 passes).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// leastCost is set in test binaries whose tests are about what the system does
// with passwords, not about the hash: see UseLeastHashCostInTests.
var leastCost atomic.Bool

// UseLeastHashCostInTests makes the hashes made afterwards cost argon2id's least
// (64 KiB, one pass) instead of 19 MiB and two passes. A hash keeps its
// parameters, so it is checked at the cost it was made with. The suites that
// start the whole app sign in hundreds of times, and the hashing was about two
// fifths of their CPU. It panics outside a test binary, so a server can never
// run with it.
func UseLeastHashCostInTests() {
	if !testing.Testing() {
		panic("auth: UseLeastHashCostInTests called outside a test binary")
	}
	leastCost.Store(true)
}

// HashPassword returns the PHC-style argon2id encoding of pw, parameters
// included, so they can be raised later without breaking stored hashes.
func HashPassword(pw string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	memory, passes := uint32(argonMemory), uint32(argonTime)
	if leastCost.Load() {
		memory, passes = 64, 1
	}
	key := argon2.IDKey([]byte(pw), salt, passes, memory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, memory, passes, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

var errBadHash = errors.New("auth: unsupported password hash")

// CheckPassword tells whether pw matches encoded. A malformed or foreign
// encoding (such as "!" for accounts without a password) never matches.
func CheckPassword(encoded, pw string) bool {
	ok, err := checkPassword(encoded, pw)
	return err == nil && ok
}

func checkPassword(encoded, pw string) (bool, error) {
	if len(pw) > maxPasswordBytes {
		return false, nil
	}
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errBadHash
	}
	var memory, passes uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &passes, &threads); err != nil ||
		memory == 0 || passes == 0 || threads == 0 || memory > 1<<20 || passes > 16 {
		return false, errBadHash
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, errBadHash
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(pw), salt, passes, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is checked against when the e-mail is unknown, so that an
// unknown e-mail costs as much time as a wrong password.
var dummyHash = sync.OnceValue(func() string {
	h, err := HashPassword("Dummy#Password1")
	if err != nil {
		panic(err)
	}
	return h
})
