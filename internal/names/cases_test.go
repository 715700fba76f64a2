package names

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// api/name-order-cases.json holds the order of names both sides must agree
// on: the console (web/src/lib/name-order.ts) reads it in Vitest, this test
// reads it here.
func TestTheSharedNameOrderCases(t *testing.T) {
	raw, err := os.ReadFile("../../api/name-order-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name     string   `json:"name"`
		Input    []string `json:"input"`
		Expected []string `json:"expected"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 15 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			got := slices.Clone(c.Input)
			slices.SortFunc(got, Compare)
			if !slices.Equal(got, c.Expected) {
				t.Fatalf("got  %q\nwant %q", got, c.Expected)
			}
		})
	}
}
