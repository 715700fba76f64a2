package api

import "testing"

func TestAuditFieldLabelNamesPartsOfListsAndObjects(t *testing.T) {
	for path, want := range map[string]string{
		"phone":                   "Telefone",
		"entries[17].displayTime": "Itens nº 18 › Tempo de exibição",
		"entries[3:5]":            "Itens nº 4 a 5",
		"entries[3:4]":            "Itens nº 4",
		"entries[3:3]":            "Itens: novos na posição 4",
		"contacts[0].phone":       "Contatos nº 1 › Telefone",
		"footer.weather":          "Rodapé › weather",
		"unknown[x]":              "unknown[x]",
	} {
		if got := AuditFieldLabel(path); got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
}
