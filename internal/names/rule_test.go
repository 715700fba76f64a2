package names

import (
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"vitrine/internal/fault"
)

func TestCleanKeepsNamesUpToTheLimit(t *testing.T) {
	cases := []struct {
		name, in, want string
		err            error
	}{
		{"spaces around are trimmed", "  Loja Centro  ", "Loja Centro", nil},
		{"120 letters pass", strings.Repeat("a", 120), strings.Repeat("a", 120), nil},
		{"120 accented letters pass (characters, not bytes)", strings.Repeat("ç", 120), strings.Repeat("ç", 120), nil},
		{"spaces do not count toward the limit", " " + strings.Repeat("a", 120) + " ", strings.Repeat("a", 120), nil},
		{"121 letters are refused", strings.Repeat("a", 121), "", ErrTooLong},
		{"empty is required", "", "", fault.ErrNameRequired},
		{"only spaces is required", " \t ", "", fault.ErrNameRequired},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Clean(c.in)
			if !errors.Is(err, c.err) || (c.err == nil && err != nil) {
				t.Fatalf("err = %v, want %v", err, c.err)
			}
			if got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestTheTooLongFaultNamesTheLimit(t *testing.T) {
	f, ok := fault.As(ErrTooLong)
	if !ok || f.Kind != fault.Invalid || f.Code != 1003 {
		t.Fatalf("ErrTooLong = %#v, want a 400/1003", ErrTooLong)
	}
	if f.Msg != "O nome pode ter no máximo 120 caracteres." {
		t.Errorf("message = %q", f.Msg)
	}
}

// The API contract documents the same limit for the names it bounds.
func TestTheContractSaysTheSameLimit(t *testing.T) {
	spec, err := os.ReadFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	found := regexp.MustCompile(`(?m)^\s+name: \{ type: string, minLength: 1, maxLength: (\d+)`).FindAllSubmatch(spec, -1)
	if len(found) == 0 {
		t.Fatal("api/openapi.yaml bounds no name")
	}
	for _, m := range found {
		if n, _ := strconv.Atoi(string(m[1])); n != MaxLen {
			t.Errorf("api/openapi.yaml: name maxLength %d, names.MaxLen %d", n, MaxLen)
		}
	}
}
