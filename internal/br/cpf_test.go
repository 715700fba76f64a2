package br

import "testing"

func TestCPF(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"529.982.247-25", "52998224725", true},
		{"52998224725", "52998224725", true},
		{"111.444.777-35", "11144477735", true},
		{"529.982.247-24", "", false}, // second check digit wrong
		{"529.982.247-15", "", false}, // first check digit wrong
		{"111.111.111-11", "", false}, // repeated digits
		{"5299822472", "", false},     // too short
		{"529.982.247-2a", "", false},
		{"", "", false},
	} {
		got, ok := CPF(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("CPF(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
