package app

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"vitrine/internal/auth"
	"vitrine/internal/db"
	"vitrine/internal/franchise"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

// The demo franchisee printed by `vitrine serve --demo`: a 'Franqueado' of
// two of the demo group's stores, to see the console as a franchisee does.
const (
	DemoFranchiseeEmail    = "franqueado@vitrine.local"
	DemoFranchiseePassword = "Franqueado#Demo1"
	demoFranchiseeName     = "Franqueada Demo"
)

// demoFranchiseeStores are the demo stores the franchisee runs.
var demoFranchiseeStores = []string{"Loja Centro", "Loja Shopping Norte"}

// seedDemoFranchisee makes the demo franchisee's account and membership of
// the demo group (once: a membership changed on 'Equipe' stays as it is)
// and returns the names of the stores it covers.
func (a *App) seedDemoFranchisee(ctx context.Context, t tenant.Tenant) ([]string, error) {
	u, err := a.Accounts.UserByEmail(ctx, DemoFranchiseeEmail)
	if errors.Is(err, auth.ErrUserNotFound) {
		u, err = a.Accounts.CreateUser(ctx, auth.NewUser{
			Email: DemoFranchiseeEmail, Name: demoFranchiseeName, Password: DemoFranchiseePassword, Verified: true,
		})
	}
	if err != nil {
		return nil, fmt.Errorf("demo franchisee: %w", err)
	}
	if _, member := u.Franchise[t.Slug]; member {
		return demoFranchiseeStores, nil
	}
	stores, err := a.Stores.List(ctx, t)
	if err != nil {
		return nil, err
	}
	var slugs, names []string
	for _, st := range stores {
		if slices.Contains(demoFranchiseeStores, st.Name) {
			slugs, names = append(slugs, st.Slug), append(names, st.Name)
		}
	}
	err = a.DB.InTx(ctx, func(tx *db.Tx) error {
		ids := make([]string, 0, len(slugs))
		for _, slug := range slugs {
			id, err := store.ID(ctx, tx, t.ID, slug)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return franchise.SetMember(ctx, tx, u.ID, t.ID, tenant.Franchisee, false, false, ids, a.Now().UnixMilli())
	})
	if err != nil {
		return nil, fmt.Errorf("demo franchisee's stores: %w", err)
	}
	return names, nil
}
