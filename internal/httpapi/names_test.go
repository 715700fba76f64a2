package httpapi_test

import (
	"fmt"
	"sync"
	"testing"

	"vitrine/internal/testutil"
)

// raceCreates sends the bodies to path at once and checks that exactly one
// is created and every other one is refused as a repeated name (409/1003).
func raceCreates(t *testing.T, a *testutil.TestApp, path, token string, bodies []map[string]any) {
	t.Helper()
	var wg sync.WaitGroup
	start := make(chan struct{})
	results := make([]*testutil.Response, len(bodies))
	errs := make([]error, len(bodies))
	for i, body := range bodies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			results[i], errs[i] = a.Send("POST", path, token, body)
		}()
	}
	close(start)
	wg.Wait()
	created, refused := 0, 0
	for i, r := range results {
		switch {
		case errs[i] != nil:
			t.Fatalf("call %d: %v", i, errs[i])
		case r.Status == 201:
			created++
		case r.Status == 409 && r.Code() == 1003:
			refused++
		default:
			t.Fatalf("unexpected answer %d %s", r.Status, r.Body)
		}
	}
	if created != 1 || refused != len(bodies)-1 {
		t.Fatalf("%d created, %d refused; want exactly one created", created, refused)
	}
}

// spellings are ways of typing one name that count as the same name.
func spellings(name string) []string {
	return []string{name, " " + name, name + " ", "  " + name + "  "}
}

func TestOneNameSimultaneousCreates(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		a.SeedFranchise(t, "rede", "Rede", ana)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro")), 201)

		for round := range 3 {
			t.Run(fmt.Sprintf("stores %d", round), func(t *testing.T) {
				var bodies []map[string]any
				for _, n := range spellings(fmt.Sprintf("Loja Ção %d", round)) {
					bodies = append(bodies, storeBody(n))
				}
				bodies = append(bodies, storeBody(fmt.Sprintf("LOJA CAO %d", round)))
				raceCreates(t, a, "/api/store/rede", ana.Token, bodies)
			})
			t.Run(fmt.Sprintf("TVs %d", round), func(t *testing.T) {
				var bodies []map[string]any
				for i, n := range append(spellings(fmt.Sprintf("Balcão %d", round)), fmt.Sprintf("balcao %d", round)) {
					code := fmt.Sprintf("NAME%c%c", 'A'+round, 'A'+i)
					a.ReserveDevices(t, code)
					bodies = append(bodies, map[string]any{"name": n, "device": code})
				}
				raceCreates(t, a, "/api/display/rede/centro", ana.Token, bodies)
			})
			t.Run(fmt.Sprintf("groups %d", round), func(t *testing.T) {
				var bodies []map[string]any
				for _, n := range append(spellings(fmt.Sprintf("Grupo Ação %d", round)), fmt.Sprintf("grupo acao %d", round)) {
					bodies = append(bodies, map[string]any{"name": n})
				}
				raceCreates(t, a, "/api/franchise", ana.Token, bodies)
			})
		}
	})
}
