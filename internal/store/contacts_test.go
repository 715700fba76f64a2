package store

import (
	"testing"

	"vitrine/internal/fault"
)

func ptr[T any](v T) *T { return &v }

func TestContactsAreCheckedNeverDropped(t *testing.T) {
	cases := []struct {
		name     string
		contacts []ContactInput
		want     int    // contacts kept when no error
		wantMsg  string // the refusal's message, "" when accepted
	}{
		{"two phones, two contacts", []ContactInput{
			{Name: "Ana", Role: "Gerente", Phone: "(81) 98765-4321"},
			{Name: "Bruno", Role: "Caixa", Phone: "8133334444", ReceiveNotify: ptr(false)},
		}, 2, ""},
		{"one phone typed two ways names the phone", []ContactInput{
			{Name: "Ana", Role: "Gerente", Phone: "81987654321"},
			{Name: "Ana de novo", Role: "Supervisora", Phone: "(81) 98765-4321"},
		}, 0, "Dois contatos com o telefone (81) 98765-4321: remova um deles."},
		{"a landline repeated", []ContactInput{
			{Name: "Ana", Role: "Gerente", Phone: "8133334444"},
			{Name: "Bia", Role: "Caixa", Phone: "8133334444"},
		}, 0, "Dois contatos com o telefone (81) 3333-4444: remova um deles."},
		{"a contact without a role", []ContactInput{{Name: "Ana", Role: " ", Phone: "8133334444"}}, 0,
			"Nome e cargo do contato são obrigatórios."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := cleanContacts(c.contacts)
			if c.wantMsg == "" {
				if err != nil || len(got) != c.want {
					t.Fatalf("got %d contacts, %v; want %d", len(got), err, c.want)
				}
				return
			}
			f, ok := fault.As(err)
			if !ok || f.Kind != fault.Invalid || f.Code != 1003 || f.Msg != c.wantMsg {
				t.Fatalf("err %v, want 400/1003 %q", err, c.wantMsg)
			}
			if got != nil {
				t.Fatalf("contacts %v returned with the refusal", got)
			}
		})
	}
}
