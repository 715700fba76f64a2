package httpapi_test

import (
	"context"
	"slices"
	"testing"

	"vitrine/internal/testutil"
)

// notifyFixture is a franchise of its own with four stores: Centro (Rita,
// and Beto who opted out of messages), Norte (Caio, and Rita again), Sul
// (Davi) and Vazia, with no contact.
type notifyFixture struct {
	t           *testing.T
	a           *testutil.TestApp
	ana         testutil.SeededUser
	franchiseID string
	path        string // the notify call of the franchise
}

func newNotifyFixture(t *testing.T, a *testutil.TestApp) *notifyFixture {
	t.Helper()
	u := a.Unique()
	f := &notifyFixture{t: t, a: a, path: "/api/store/rede-" + u + "/notify"}
	f.ana = a.SeedUser(t, "ana-"+u+"@example.com", "")
	f.franchiseID = a.SeedFranchise(t, "rede-"+u, "Rede", f.ana)
	stores := "/api/store/rede-" + u
	no := false
	mustStatus(t, a.Do(t, "POST", stores, f.ana.Token, storeBody("Centro",
		contact("Rita", "11987654321"),
		map[string]any{"name": "Beto", "role": "Caixa", "phone": "1134567890", "receiveNotify": no},
	)), 201)
	mustStatus(t, a.Do(t, "POST", stores, f.ana.Token, storeBody("Norte",
		contact("Caio", "21912345678"),
		contact("Rita", "(11) 98765-4321"), // also a contact of Centro: one message
	)), 201)
	mustStatus(t, a.Do(t, "POST", stores, f.ana.Token, storeBody("Sul", contact("Davi", "51912345678"))), 201)
	mustStatus(t, a.Do(t, "POST", stores, f.ana.Token, storeBody("Vazia")), 201)
	return f
}

// queuedNothing checks that the franchise has no message waiting.
func (f *notifyFixture) queuedNothing(t *testing.T, _ *testutil.Response) {
	t.Helper()
	if got := f.queued(t); len(got) != 0 {
		t.Errorf("messages queued: %v", got)
	}
}

// queued returns the franchise's messages in the outbox as
// "channel recipient body", by recipient.
func (f *notifyFixture) queued(t *testing.T) []string {
	t.Helper()
	rows, err := f.a.DB.QueryContext(context.Background(), `
		SELECT channel, recipient, body FROM outbox WHERE franchise_id = ? ORDER BY recipient`, f.franchiseID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var channel, recipient, body string
		if err := rows.Scan(&channel, &recipient, &body); err != nil {
			t.Fatal(err)
		}
		out = append(out, channel+" "+recipient+" "+body)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestMessagesToStores(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		testutil.RunCases(t, a, func(t *testing.T) *notifyFixture { return newNotifyFixture(t, a) }, []testutil.Case[*notifyFixture]{
			{Name: "a message is required", Scenario: func(f *notifyFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"message": "  ", "storeSlugList": []string{"centro"}}, Status: 400, Code: 1003,
					Contains: []string{"Mensagem é obrigatória"}, Check: f.queuedNothing}
			}},
			{Name: "at least one store", Scenario: func(f *notifyFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"message": "Oi", "storeSlugList": []string{}}, Status: 400, Code: 1003,
					Contains: []string{"Seleciona pelo menos um estabelecimento"}, Check: f.queuedNothing}
			}},
			{Name: "an unknown store is 1061 and queues nothing", Scenario: func(f *notifyFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"message": "Oi", "storeSlugList": []string{"centro", "nao-existe"}}, Status: 404, Code: 1061,
					Check: f.queuedNothing}
			}},
			{Name: "a store without contacts queues nothing", Scenario: func(f *notifyFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body: map[string]any{"message": "Oi", "storeSlugList": []string{"vazia"}}, Status: 202,
					Contains: []string{`{"queued":0}`}, Check: f.queuedNothing}
			}},
			{Name: "one message per notified phone of the chosen stores", Scenario: func(f *notifyFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: f.path, Token: f.ana.Token,
					Body:   map[string]any{"message": " Promoção de Natal amanhã! ", "storeSlugList": []string{"centro", "norte", "centro"}},
					Status: 202, Contains: []string{`{"queued":2}`},
					Check: func(t *testing.T, _ *testutil.Response) {
						want := []string{
							"whatsapp 5511987654321 Promoção de Natal amanhã!",
							"whatsapp 5521912345678 Promoção de Natal amanhã!",
						}
						if got := f.queued(t); !slices.Equal(got, want) {
							t.Errorf("queued %q, want %q (Beto opted out, Sul not chosen)", got, want)
						}
					}}
			}},
		})
	})
}
