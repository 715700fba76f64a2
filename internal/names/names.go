// Package names turns the names operators type into the two things the
// system derives from them: URL slugs ("Lojas Ção 2" → "lojas-cao-2") and
// sort keys that order lists the way a Brazilian reader expects — ignoring
// case and accents, and comparing runs of digits by value ("TV 2" before
// "TV 10").
package names

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fold lower-cases s and strips the accents of Latin letters ("Ação" → "acao").
func Fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r < utf8.RuneSelf {
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		if base, ok := latin[r]; ok {
			b.WriteString(base)
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// Key is the form under which two names count as the same name: accents
// and case folded, spaces trimmed and collapsed ("Loja  Centro" and
// "loja centro" share one key). Stores, TVs and groups keep it in a column
// with a unique index, so a name is refused in its scope even when two
// requests race.
func Key(name string) string { return strings.Join(strings.Fields(Fold(name)), " ") }

// Slug derives a URL identifier from a name: accents folded, lower-case,
// anything other than letters and digits collapsed to single hyphens. A name
// with no letters or digits gives "".
func Slug(name string) string {
	folded := Fold(name)
	var b strings.Builder
	b.Grow(len(folded))
	hyphen := false
	for _, r := range folded {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
			continue
		}
		hyphen = true
	}
	return b.String()
}

// WithSuffix returns the n-th candidate for a slug already taken:
// "loja", "loja-2", "loja-3", …
func WithSuffix(slug string, n int) string {
	if n <= 1 {
		return slug
	}
	return slug + "-" + strconv.Itoa(n)
}

// SortKey returns a key whose byte order is the pt-BR reading order of names:
// case- and accent-insensitive, digit runs compared by numeric value, and
// leading or repeated spaces ignored. Compare keys with strings.Compare and
// break ties on the name itself.
func SortKey(name string) string {
	folded := strings.Join(strings.Fields(Fold(name)), " ")
	var b strings.Builder
	b.Grow(len(folded) + 8)
	for i := 0; i < len(folded); {
		c := folded[i]
		if c < '0' || c > '9' {
			b.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(folded) && folded[j] == '0' {
			j++
		}
		k := j
		for k < len(folded) && folded[k] >= '0' && folded[k] <= '9' {
			k++
		}
		// A digit run becomes its length (as a byte) then its digits without
		// leading zeros, so a shorter number sorts before a longer one. The
		// length byte stays below '0' so it never collides with text.
		digits := folded[j:k]
		if len(digits) > 40 {
			digits = digits[len(digits)-40:]
		}
		b.WriteByte(byte(len(digits)) + 1)
		b.WriteString(digits)
		i = k
	}
	return b.String()
}

// latin maps accented Latin letters to their lower-case base letters.
var latin = func() map[rune]string {
	groups := map[string]string{
		"a":  "ÀÁÂÃÄÅàáâãäåĀāĂăĄą",
		"ae": "Ææ",
		"c":  "ÇçĆćĈĉĊċČč",
		"d":  "ĎďĐðđ",
		"e":  "ÈÉÊËèéêëĒēĔĕĖėĘęĚě",
		"g":  "ĜĝĞğĠġĢģ",
		"h":  "ĤĥĦħ",
		"i":  "ÌÍÎÏìíîïĨĩĪīĬĭĮįİı",
		"j":  "Ĵĵ",
		"k":  "Ķķ",
		"l":  "ĹĺĻļĽľĿŀŁł",
		"n":  "ÑñŃńŅņŇň",
		"o":  "ÒÓÔÕÖØòóôõöøŌōŎŏŐő",
		"oe": "Œœ",
		"r":  "ŔŕŖŗŘř",
		"s":  "ŚśŜŝŞşŠš",
		"ss": "ß",
		"t":  "ŢţŤťŦŧ",
		"u":  "ÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲų",
		"w":  "Ŵŵ",
		"y":  "ÝýÿŶŷŸ",
		"z":  "ŹźŻżŽž",
	}
	m := map[rune]string{}
	for base, letters := range groups {
		for _, r := range letters {
			m[r] = base
		}
	}
	return m
}()

// FirstFree returns slug, or slug-2, slug-3, … whichever is not taken.
func FirstFree(slug string, taken ...string) string {
	used := make(map[string]bool, len(taken))
	for _, t := range taken {
		used[t] = true
	}
	for n := 1; ; n++ {
		if c := WithSuffix(slug, n); !used[c] {
			return c
		}
	}
}

// Compare orders two names in pt-BR reading order (SortKey), breaking ties
// on the names themselves so the order never depends on how they arrived.
// It is the one rule for every list of names; the console applies the same
// one (web/src/lib/name-order.ts), both checked by api/name-order-cases.json.
func Compare(a, b string) int {
	if c := strings.Compare(SortKey(a), SortKey(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// Clip cuts s to its first n characters (runes), for text a device or a
// client sends that is kept only up to a length.
func Clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
