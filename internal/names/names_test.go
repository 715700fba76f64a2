package names

import (
	"slices"
	"strings"
	"testing"
)

func TestSlug(t *testing.T) {
	cases := map[string]string{
		"Lojas Ção":               "lojas-cao",
		"  São   Paulo — Centro ": "sao-paulo-centro",
		"Açaí & Cia. 24h":         "acai-cia-24h",
		"ÉDITION Spéciale":        "edition-speciale",
		"!!!":                     "",
	}
	for in, want := range cases {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
	if got := WithSuffix("loja", 1); got != "loja" {
		t.Errorf("first candidate = %q", got)
	}
	if got := WithSuffix("loja", 3); got != "loja-3" {
		t.Errorf("third candidate = %q", got)
	}
}

func TestSortKeyOrdersLikeAReader(t *testing.T) {
	want := []string{"Loja 1", "loja 2", "Loja 10", "Loja 010b", "Lojão", "Lojas", "Óculos", "Ótica 9", "ótica 10", "TV"}
	got := slices.Clone(want)
	slices.Reverse(got)
	slices.SortStableFunc(got, func(a, b string) int {
		if c := strings.Compare(SortKey(a), SortKey(b)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	if !slices.Equal(got, want) {
		t.Errorf("order:\n got %q\nwant %q", got, want)
	}
	if SortKey("ação") != SortKey("ACAO") {
		t.Error("case and accents must not matter")
	}
}

func TestKeyTreatsCaseAccentsAndSpacesAsTheSameName(t *testing.T) {
	same := [][2]string{
		{"Loja Centro", "loja centro"},
		{"Balcão", "BALCAO"},
		{"  Grupo   Ação ", "grupo acao"},
	}
	for _, p := range same {
		if Key(p[0]) != Key(p[1]) {
			t.Errorf("Key(%q) = %q, Key(%q) = %q: want the same key", p[0], Key(p[0]), p[1], Key(p[1]))
		}
	}
	different := [][2]string{
		{"Loja Centro", "Loja-Centro"},
		{"TV 1", "TV 10"},
	}
	for _, p := range different {
		if Key(p[0]) == Key(p[1]) {
			t.Errorf("Key(%q) and Key(%q) are both %q: want different keys", p[0], p[1], Key(p[0]))
		}
	}
}
