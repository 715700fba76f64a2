package auth

import (
	"strings"
	"testing"
)

func TestPasswordRule(t *testing.T) {
	for pw, ok := range map[string]bool{
		"Senha#Forte1":                   true,
		"Aa1-aaaa":                       true, // exactly 8
		"Ação!2026":                      true, // accented letters count as letters
		"Aa1-aaa":                        false,
		"senha#forte1":                   false, // no upper-case
		"SENHA#FORTE1":                   false, // no lower-case
		"Senha#Forte":                    false, // no digit
		"SenhaForte1":                    false, // no special
		"Senha_Forte1":                   false, // _ is not one of #?!@$%^&*-
		"":                               false,
		"A1#" + strings.Repeat("a", 300): false, // longer than any form would send
	} {
		if got := ValidPassword(pw); got != ok {
			t.Errorf("ValidPassword(%q) = %v", pw, got)
		}
	}
}

func TestPasswordHash(t *testing.T) {
	h, err := HashPassword("Senha#Forte1")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("encoding %q", h)
	}
	if !CheckPassword(h, "Senha#Forte1") {
		t.Error("the right password does not match")
	}
	if CheckPassword(h, "Senha#Forte2") || CheckPassword(h, "") {
		t.Error("a wrong password matches")
	}
	h2, _ := HashPassword("Senha#Forte1")
	if h == h2 {
		t.Error("two hashes of one password are equal: no salt")
	}
	for _, bad := range []string{"!", "", "$argon2i$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", "$argon2id$v=19$m=0,t=2,p=1$c2FsdA$aGFzaA",
		"$argon2id$v=19$m=99999999,t=2,p=1$c2FsdA$aGFzaA", "$argon2id$v=19$m=19456,t=2,p=1$***$aGFzaA"} {
		if CheckPassword(bad, "Senha#Forte1") {
			t.Errorf("%q matches", bad)
		}
	}
}

func TestLeastHashCostInTests(t *testing.T) {
	full, err := HashPassword("Senha#Forte1")
	if err != nil {
		t.Fatal(err)
	}
	UseLeastHashCostInTests()
	t.Cleanup(func() { leastCost.Store(false) })
	least, err := HashPassword("Senha#Forte1")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(least, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Errorf("encoding %q", least)
	}
	// Each hash is checked at the cost it names, whichever is in force.
	for _, h := range []string{full, least} {
		if !CheckPassword(h, "Senha#Forte1") || CheckPassword(h, "Senha#Forte2") {
			t.Errorf("%q does not tell the right password from a wrong one", h)
		}
	}
}
