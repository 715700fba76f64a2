package names

import (
	"encoding/json"
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"vitrine/internal/fault"
)

// api/name-length-cases.json holds the names both sides must accept or
// refuse alike: the console's forms (web/src/lib/validation.ts) run it in
// Vitest, Clean runs it here.
func TestTheSharedNameLengthCases(t *testing.T) {
	raw, err := os.ReadFile("../../api/name-length-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		MaxLength int `json:"maxLength"`
		Cases     []struct {
			Name     string `json:"name"`
			Around   string `json:"around"`
			Unit     string `json:"unit"`
			Times    int    `json:"times"`
			Expected string `json:"expected"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if file.MaxLength != MaxLen {
		t.Fatalf("the case file's maxLength is %d, names.MaxLen %d", file.MaxLength, MaxLen)
	}
	if len(file.Cases) < 10 {
		t.Fatalf("only %d cases", len(file.Cases))
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			in := c.Around + strings.Repeat(c.Unit, c.Times) + c.Around
			got, err := Clean(in)
			switch c.Expected {
			case "ok":
				if err != nil || got != strings.TrimSpace(in) {
					t.Fatalf("Clean = %q, %v; want the trimmed name", got, err)
				}
				if TooLong(got) {
					t.Fatal("TooLong says yes to a name Clean keeps")
				}
			case "required":
				if !errors.Is(err, fault.ErrNameRequired) {
					t.Fatalf("err = %v, want 1141", err)
				}
			case "tooLong":
				if err != ErrTooLong || !TooLong(strings.TrimSpace(in)) {
					t.Fatalf("err = %v, want ErrTooLong", err)
				}
			default:
				t.Fatalf("unknown expectation %q", c.Expected)
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
