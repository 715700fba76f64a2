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
