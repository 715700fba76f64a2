package br

import "testing"

func TestCNPJ(t *testing.T) {
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"11.222.333/0001-81", "11222333000181", true},
		{"11222333000181", "11222333000181", true},
		{" 45.723.174/0001-10 ", "45723174000110", true},
		{"11.222.333/0001-82", "", false}, // second check digit wrong
		{"11.222.333/0001-91", "", false}, // first check digit wrong
		{"11.111.111/1111-11", "", false}, // repeated digits
		{"00000000000000", "", false},
		{"1122233300018", "", false},   // 13 digits
		{"112223330001811", "", false}, // 15 digits
		{"11.222.333/0001-8a", "", false},
		{"12.ABC.345/01DE-35", "12ABC34501DE35", true}, // alphanumeric CNPJ (Receita Federal's example)
		{"12abc34501de35", "12ABC34501DE35", true},
		{"12.ABC.345/01DE-36", "", false},
		{"", "", false},
	}
	for _, c := range cases {
		got, ok := CNPJ(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("CNPJ(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestPhone(t *testing.T) {
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"(11) 98765-4321", "11987654321", true},
		{"(11) 3456-7890", "1134567890", true},
		{"1134567890", "1134567890", true},
		{"(11) 3456-789", "", false},
		{"119876543210", "", false},
		{"11 9876x4321", "", false},
	}
	for _, c := range cases {
		got, ok := Phone(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("Phone(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
