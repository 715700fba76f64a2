package app

import (
	"context"
	"fmt"

	"vitrine/internal/display"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

// seedDemoStores gives the demo franchise a few stores with contacts and
// TVs, through the same services the API uses. It does nothing when the
// franchise already has stores, so a restart with --demo changes nothing.
func (a *App) seedDemoStores(ctx context.Context, t tenant.Tenant) error {
	existing, err := a.Stores.List(ctx, t)
	if err != nil {
		return err
	}
	if len(existing) > 0 {
		return nil
	}
	str := func(s string) *string { return &s }
	no := false
	demo := []struct {
		name, region, state, city string
		contacts                  []store.ContactInput
		tvs                       []string
	}{
		{"Loja Centro", "Sudeste", "SP", "São Paulo",
			[]store.ContactInput{{Name: "Mariana Souza", Role: "Gerente", Phone: "11987654321"},
				{Name: "Carlos Lima", Role: "Caixa", Phone: "1132654870", ReceiveNotify: &no}},
			[]string{"Vitrine", "Caixa 1", "Caixa 2"}},
		{"Loja Shopping Norte", "Sudeste", "SP", "Campinas",
			[]store.ContactInput{{Name: "Fernanda Alves", Role: "Gerente", Phone: "19991234567"}},
			[]string{"Entrada", "Provador"}},
		{"Loja Boa Viagem", "Nordeste", "PE", "Recife",
			[]store.ContactInput{{Name: "João Pedro Araújo", Role: "Supervisor", Phone: "81988776655"}},
			[]string{"Balcão"}},
	}
	code := 0
	for _, d := range demo {
		contacts := d.contacts
		st, err := a.Stores.Create(ctx, t, store.Input{
			Name: str(d.name), Region: str(d.region), State: str(d.state), City: str(d.city), Contacts: &contacts,
		})
		if err != nil {
			return fmt.Errorf("demo store %s: %w", d.name, err)
		}
		for i, tv := range d.tvs {
			code++
			orientation := 0
			if i == 1 {
				orientation = 1 // one portrait TV per store
			}
			// The demo's TVs have no box behind them: their codes are
			// reserved, and they stay Offline. A real player pairs with a
			// TV added from the code it shows.
			device := fmt.Sprintf("DEMO%02d", code)
			if err := a.Devices.Reserve(ctx, device); err != nil {
				return fmt.Errorf("demo TV %s: %w", tv, err)
			}
			_, err := a.Displays.Create(ctx, t, st.Slug, display.Input{
				Name: str(tv), Device: str(device), ContentOrientation: &orientation,
			})
			if err != nil {
				return fmt.Errorf("demo TV %s: %w", tv, err)
			}
		}
	}
	return nil
}
