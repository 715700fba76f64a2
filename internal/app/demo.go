package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"vitrine/internal/auth"
	"vitrine/internal/franchise"
	"vitrine/internal/tenant"
)

// The demo login printed by `vitrine serve --demo`.
const (
	DemoEmail     = "demo@vitrine.local"
	DemoPassword  = "Demo#Vitrine1"
	demoName      = "Operador Demo"
	demoFranchise = "Rede Demonstração"
)

// seedDemo makes the demo account — an administrator, so that every screen
// of the console can be explored — with the demo franchise and its stores
// and TVs, then prints the login. Running it again changes nothing.
// Further demo content for the franchise belongs in seedDemoContent.
func (a *App) seedDemo(ctx context.Context, stdout io.Writer) error {
	u, err := a.Accounts.UserByEmail(ctx, DemoEmail)
	if errors.Is(err, auth.ErrUserNotFound) {
		u, err = a.Accounts.CreateUser(ctx, auth.NewUser{
			Email: DemoEmail, Name: demoName, Password: DemoPassword, Verified: true,
			Permission: map[string]int{"dispA": 1, "userA": 1}, AdsCenter: true,
		})
	}
	if err != nil {
		return fmt.Errorf("demo user: %w", err)
	}
	f, err := a.demoFranchise(ctx, u)
	if err != nil {
		return fmt.Errorf("demo franchise: %w", err)
	}
	if err := a.seedDemoContent(ctx, f); err != nil {
		return err
	}
	stores, err := a.seedDemoFranchisee(ctx, f)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Demo login: %s / %s (franchise %q)\n", DemoEmail, DemoPassword, f.Name)
	fmt.Fprintf(stdout, "Franchisee login: %s / %s ('Franqueado' of %s)\n", DemoFranchiseeEmail, DemoFranchiseePassword,
		strings.Join(stores, " and "))
	fmt.Fprintf(stdout, "A TV: open %s/player in a browser (or a TV box) and note the code it shows; in the console,\n"+
		"Visão Geral > a store > 'Adicionar Televisor', type that code and choose %q.\n", strings.TrimSuffix(a.Config.PublicURL, "/"), DemoSchedule)
	return nil
}

// seedDemoContent fills the demo franchise; each step does nothing when its
// data is already there.
func (a *App) seedDemoContent(ctx context.Context, t tenant.Tenant) error {
	if err := a.seedDemoStores(ctx, t); err != nil {
		return err
	}
	return a.seedDemoSchedule(ctx, t)
}

// demoFranchise is the demo user's franchise named demoFranchise, created
// on first use.
func (a *App) demoFranchise(ctx context.Context, u auth.User) (tenant.Tenant, error) {
	slugs := make([]string, 0, len(u.Franchise))
	for slug, name := range u.Franchise {
		if name == demoFranchise {
			slugs = append(slugs, slug)
		}
	}
	slices.Sort(slugs)
	var slug string
	if len(slugs) > 0 {
		slug = slugs[0]
	} else {
		name := demoFranchise
		created, err := a.Franchises.Create(ctx, u.ID, franchise.Input{Name: &name})
		if err != nil {
			return tenant.Tenant{}, err
		}
		slug = created.Slug
	}
	f, err := a.Franchises.BySlug(ctx, slug)
	if err != nil {
		return tenant.Tenant{}, err
	}
	return tenant.Tenant{Franchise: f, UserID: u.ID}, nil
}
