package auth

import (
	"strings"
	"testing"
)

func TestSealedSecretsOpenOnlyWithTheirKeyAndPurpose(t *testing.T) {
	s := newSealer(strings.Repeat("k", 32))
	sealed := s.seal("o segredo", "sso:g1")
	if !strings.HasPrefix(sealed, sealPrefix) || strings.Contains(sealed, "segredo") {
		t.Fatalf("sealed as %q", sealed)
	}
	if again := s.seal("o segredo", "sso:g1"); again == sealed {
		t.Fatal("two seals of the same secret are equal: the nonce is not fresh")
	}
	if got, err := s.open(sealed, "sso:g1"); err != nil || got != "o segredo" {
		t.Fatalf("open = %q, %v", got, err)
	}
	if _, err := s.open(sealed, "sso:g2"); err == nil {
		t.Fatal("a secret moved to another group opens")
	}
	if _, err := newSealer(strings.Repeat("x", 32)).open(sealed, "sso:g1"); err == nil {
		t.Fatal("another key opens the secret")
	}
	if _, err := s.open(sealed[:len(sealed)-2]+"AA", "sso:g1"); err == nil {
		t.Fatal("a tampered secret opens")
	}
	if newSealer("") != nil {
		t.Fatal("an empty key makes a sealer")
	}
	var none *sealer
	if _, err := none.open(sealed, "sso:g1"); err == nil {
		t.Fatal("no key opens the secret")
	}
}

func TestSSODomainsAndIssuers(t *testing.T) {
	got, err := cleanDomains([]string{" @Empresa.com.BR", "empresa.com.br", "", "filial.com"})
	if err != nil || strings.Join(got, ",") != "empresa.com.br,filial.com" {
		t.Fatalf("domains = %v, %v", got, err)
	}
	for _, bad := range [][]string{{}, {" "}, {"sem-ponto"}, {"a b.com"}, {"x@y.com"}} {
		if _, err := cleanDomains(bad); err == nil {
			t.Errorf("domains %q accepted", bad)
		}
	}
	for issuer, ok := range map[string]bool{
		"https://accounts.google.com":                   true,
		"https://login.microsoftonline.com/tenant/v2.0": true,
		"http://localhost:9998/":                        true,
		"http://127.0.0.1:5556/dex":                     true,
		"http://idp.example.com":                        false,
		"ftp://idp.example.com":                         false,
		"https://user:pw@idp.example.com":               false,
		"https://idp.example.com/?x=1":                  false,
		"":                                              false,
	} {
		if _, err := cleanIssuer(issuer); (err == nil) != ok {
			t.Errorf("issuer %q: accepted %v, want %v", issuer, err == nil, ok)
		}
	}
}
