// The length rule every name an operator gives follows: groups, stores,
// TVs, schedules, users and advertisements.

package names

import (
	"strings"
	"unicode/utf8"

	"vitrine/internal/fault"
)

// MaxLen is the most characters (runes, not bytes) a name may have. The
// console's forms (web/src/lib/validation.ts) apply the same rule; both run
// api/name-length-cases.json, and api/openapi.yaml documents the limit.
const MaxLen = 120

// ErrTooLong is the fault for a name of more than MaxLen characters.
var ErrTooLong = fault.Invalidf("O nome pode ter no máximo %d caracteres.", MaxLen)

// TooLong tells whether s has more than MaxLen characters. Domains whose
// message differs (an advertisement's, a store contact's) ask it and
// return their own fault.
func TooLong(s string) bool { return utf8.RuneCountInString(s) > MaxLen }

// Clean trims name and checks it: fault.ErrNameRequired when nothing is
// left, ErrTooLong past MaxLen characters.
func Clean(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", fault.ErrNameRequired
	}
	if TooLong(name) {
		return "", ErrTooLong
	}
	return name, nil
}
