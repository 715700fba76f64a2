// Package br checks the Brazilian identifiers operators type: CNPJ company
// numbers (by their check digits) and phone numbers (area code + number).
package br

import "strings"

// CNPJ normalizes a company number typed with or without its mask
// (00.000.000/0000-00) and checks its two check digits. It returns the bare
// 14 characters. Besides the classic all-digit numbers it accepts the
// alphanumeric CNPJ issued from July 2026 (letters in the first twelve
// positions, valued by their ASCII code minus 48, as the Receita Federal
// defines).
func CNPJ(s string) (string, bool) {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch {
		case r >= '0' && r <= '9', r >= 'A' && r <= 'Z':
			b.WriteRune(r)
		case r == '.', r == '/', r == '-', r == ' ':
		default:
			return "", false
		}
	}
	c := b.String()
	if len(c) != 14 || c[12] < '0' || c[12] > '9' || c[13] < '0' || c[13] > '9' {
		return "", false
	}
	if strings.Count(c, c[:1]) == 14 {
		return "", false // 00000000000000, 11111111111111, … pass the arithmetic but are not numbers
	}
	if cnpjDigit(c[:12]) != c[12] || cnpjDigit(c[:13]) != c[13] {
		return "", false
	}
	return c, true
}

// cnpjDigit computes the next check digit of base (12 or 13 characters):
// weights 2..9 from the right, cycling, modulo 11.
func cnpjDigit(base string) byte {
	sum, w := 0, 2
	for i := len(base) - 1; i >= 0; i-- {
		sum += int(base[i]-'0') * w
		w++
		if w > 9 {
			w = 2
		}
	}
	r := sum % 11
	if r < 2 {
		return '0'
	}
	return byte('0' + 11 - r)
}

// Phone keeps the digits of a phone typed with or without its mask
// ((DD) NNNN-NNNN or (DD) NNNNN-NNNN) and checks it has 10 or 11 of them.
func Phone(s string) (string, bool) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '(', r == ')', r == '-', r == ' ', r == '.', r == '+':
		default:
			return "", false
		}
	}
	p := b.String()
	if len(p) != 10 && len(p) != 11 {
		return "", false
	}
	return p, true
}

// WhatsAppNumber turns a stored phone (area code + number) into the
// international form the WhatsApp Cloud API expects: 55 + digits.
func WhatsAppNumber(phone string) string { return "55" + phone }

// LocalPhone is the inverse of WhatsAppNumber: the number without Brazil's
// country code.
func LocalPhone(number string) string {
	if rest, ok := strings.CutPrefix(number, "55"); ok && (len(rest) == 10 || len(rest) == 11) {
		return rest
	}
	return number
}
