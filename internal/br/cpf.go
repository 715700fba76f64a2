package br

import "strings"

// CPF normalizes a person's taxpayer number typed with or without its mask
// (000.000.000-00) and checks its two check digits. It returns the 11 digits.
func CPF(s string) (string, bool) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '.', r == '-', r == ' ':
		default:
			return "", false
		}
	}
	c := b.String()
	if len(c) != 11 || strings.Count(c, c[:1]) == 11 {
		return "", false // 000.000.000-00, 111.111.111-11, … pass the arithmetic but are not numbers
	}
	if cpfDigit(c[:9]) != c[9] || cpfDigit(c[:10]) != c[10] {
		return "", false
	}
	return c, true
}

// cpfDigit computes the next check digit of base (9 or 10 digits): weights
// from len+1 down to 2, modulo 11.
func cpfDigit(base string) byte {
	sum := 0
	for i := 0; i < len(base); i++ {
		sum += int(base[i]-'0') * (len(base) + 1 - i)
	}
	r := sum % 11
	if r < 2 {
		return '0'
	}
	return byte('0' + 11 - r)
}
