package httpapi_test

import (
	"context"
	"slices"
	"testing"

	"vitrine/internal/testutil"
)

func TestMessagesToStores(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		a.SeedFranchise(t, "rede", "Rede", ana)
		no := false
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro",
			contact("Rita", "11987654321"),
			map[string]any{"name": "Beto", "role": "Caixa", "phone": "1134567890", "receiveNotify": no},
		)), 201)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Norte",
			contact("Caio", "21912345678"),
			contact("Rita", "(11) 98765-4321"), // also a contact of Centro: one message
		)), 201)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Sul", contact("Davi", "51912345678"))), 201)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Vazia")), 201)

		a.Run(t, []testutil.Scenario{
			{Name: "a message is required", Method: "POST", Path: "/api/store/rede/notify", Token: ana.Token,
				Body: map[string]any{"message": "  ", "storeSlugList": []string{"centro"}}, Status: 400, Code: 1003,
				Contains: []string{"Mensagem é obrigatória"}},
			{Name: "at least one store", Method: "POST", Path: "/api/store/rede/notify", Token: ana.Token,
				Body: map[string]any{"message": "Oi", "storeSlugList": []string{}}, Status: 400, Code: 1003,
				Contains: []string{"Seleciona pelo menos um estabelecimento"}},
			{Name: "an unknown store is 1061 and queues nothing", Method: "POST", Path: "/api/store/rede/notify", Token: ana.Token,
				Body: map[string]any{"message": "Oi", "storeSlugList": []string{"centro", "nao-existe"}}, Status: 404, Code: 1061},
			{Name: "a store without contacts queues nothing", Method: "POST", Path: "/api/store/rede/notify", Token: ana.Token,
				Body: map[string]any{"message": "Oi", "storeSlugList": []string{"vazia"}}, Status: 202,
				Contains: []string{`{"queued":0}`}},
			{Name: "one message per notified phone of the chosen stores", Method: "POST", Path: "/api/store/rede/notify", Token: ana.Token,
				Body:   map[string]any{"message": " Promoção de Natal amanhã! ", "storeSlugList": []string{"centro", "norte", "centro"}},
				Status: 202, Contains: []string{`{"queued":2}`}},
		})

		rows, err := a.DB.QueryContext(context.Background(), `
			SELECT channel, recipient, body, status FROM outbox ORDER BY recipient`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var recipients []string
		for rows.Next() {
			var channel, recipient, body, status string
			if err := rows.Scan(&channel, &recipient, &body, &status); err != nil {
				t.Fatal(err)
			}
			if channel != "whatsapp" || body != "Promoção de Natal amanhã!" {
				t.Errorf("queued %s %q", channel, body)
			}
			recipients = append(recipients, recipient)
		}
		if want := []string{"5511987654321", "5521912345678"}; !slices.Equal(recipients, want) {
			t.Errorf("recipients %v, want %v (Beto opted out, Sul not chosen)", recipients, want)
		}
	})
}
