package auth

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/ids"
	"vitrine/internal/tenant"
)

// Single sign-on ('Login único'): a group's team managers name the group's
// OpenID Provider, the e-mail domains it answers for, the role and stores
// new people get, and whether password sign-in stays allowed for those
// domains. A person of such a domain is sent to the provider (authorization
// code flow with state, nonce and PKCE S256); the callback verifies the ID
// token with go-oidc (signature against the provider's published keys,
// fetched again when an unknown key appears; issuer, audience, expiry),
// requires a verified e-mail of one of the domains, makes the person a
// member the first time (never again once removed from the team), and
// hands the console a one-time code it exchanges for a normal session.

// SSOLoginTTL is how long a sign-in may stay at the provider.
const SSOLoginTTL = 10 * time.Minute

// SSOCodeTTL is how long the console has to exchange the one-time code.
const SSOCodeTTL = 2 * time.Minute

// ssoProviderTTL is how long a provider's discovery document is kept
// before it is read again (its keys are fetched again at once when a token
// names an unknown one).
const ssoProviderTTL = time.Hour

// SSOCallbackPath is the redirect URI's path, under the public URL.
const SSOCallbackPath = "/api/sso/callback"

// Errors of single sign-on.
var (
	ErrUseCompanyLogin = fault.WithMsg(fault.Forbidden, 1027,
		"Este e-mail entra pelo login da empresa: use 'Entrar com o login da empresa'.")
	ErrSSORemoved = fault.WithMsg(fault.Forbidden, 1028,
		"Você foi removido da equipe deste grupo. Peça um novo convite a quem gerencia a equipe.")
	ErrSSOStale = fault.WithMsg(fault.Invalid, 1029,
		"Este login demorou demais ou já foi usado. Comece de novo.")
	ErrSSONotConfigured = fault.WithMsg(fault.NotFound, 1031,
		"Não há login da empresa para o domínio deste e-mail.")
	ErrSSOIssuer = fault.WithMsg(fault.Invalid, 1032,
		"Não foi possível ler a configuração do provedor neste endereço (issuer). Confira o endereço e se o provedor está no ar.")
	ErrSSOSecretKey = fault.WithMsg(fault.Conflict, 1033,
		"O servidor não tem a chave para guardar segredos (VITRINE_SECRET_KEY). Peça ao administrador da plataforma para defini-la antes de salvar o client secret.")
	ErrSSODomainTaken = fault.WithMsg(fault.Conflict, 1034,
		"Um destes domínios já é atendido pelo login único de outro grupo.")
	ErrSSOUnavailable = fault.WithMsg(fault.Unavailable, 1035,
		"Não foi possível falar com o login da empresa. Tente novamente em instantes.")
	ErrSSOClient = fault.WithMsg(fault.Unauthorized, 1036,
		"O login da empresa recusou a configuração do Vitrine (client ID ou client secret). Avise quem gerencia a equipe.")
	ErrSSODenied = fault.WithMsg(fault.Forbidden, 1037,
		"O acesso não foi autorizado no login da empresa.")
	ErrSSODomain = fault.WithMsg(fault.Forbidden, 1038,
		"O e-mail desta conta da empresa não é de um domínio atendido por este login.")
	ErrSSOUnverified = fault.WithMsg(fault.Forbidden, 1039,
		"O login da empresa não confirmou este e-mail. Confirme o e-mail lá e tente de novo.")
	ErrSSOToken = fault.WithMsg(fault.Unauthorized, 1040,
		"A resposta do login da empresa é inválida ou expirou. Tente entrar de novo.")

	ErrSSOIssuerInvalid = fault.WithMsg(fault.Invalid, 1003,
		"Informe o endereço do provedor (issuer) com https://.")
	ErrSSOClientIDRequired = fault.WithMsg(fault.Invalid, 1003, "Informe o client ID.")
	ErrSSOSecretRequired   = fault.WithMsg(fault.Invalid, 1003, "Informe o client secret.")
	ErrSSODomainsRequired  = fault.WithMsg(fault.Invalid, 1003, "Informe ao menos um domínio de e-mail.")
	ErrSSODomainInvalid    = fault.WithMsg(fault.Invalid, 1003,
		"Domínio inválido: informe só o que vem depois do @, como empresa.com.br.")
	ErrSSONotFound = fault.WithMsg(fault.NotFound, 1031, "Este grupo não tem login único configurado.")
)

// SSOConfig is a group's single sign-on as the 'Login único' page shows it;
// the client secret is never returned, only whether one is set.
type SSOConfig struct {
	Configured    bool        `json:"configured"`
	Issuer        string      `json:"issuer"`
	ClientID      string      `json:"clientId"`
	SecretSet     bool        `json:"secretSet"`
	Domains       []string    `json:"domains"`
	Role          tenant.Role `json:"role"`
	Stores        []string    `json:"stores"` // slugs
	AllowPassword bool        `json:"allowPassword"`
	// RedirectURI is the address to register at the provider.
	RedirectURI string `json:"redirectUri"`
	// SecretKey tells whether the server can keep a client secret.
	SecretKey bool `json:"secretKey"`
}

// SSOInput is the body saving a group's single sign-on. An empty
// ClientSecret keeps the one set.
type SSOInput struct {
	Issuer        string      `json:"issuer"`
	ClientID      string      `json:"clientId"`
	ClientSecret  string      `json:"clientSecret"`
	Domains       []string    `json:"domains"`
	Role          tenant.Role `json:"role"`
	Stores        []string    `json:"stores"`
	AllowPassword bool        `json:"allowPassword"`
}

// SSOFor is what the sign-in page learns of an e-mail: whether its domain
// signs in through the company's login, and whether a password still works.
type SSOFor struct {
	SSO      bool `json:"sso"`
	Password bool `json:"password"`
}

// ssoView is a configuration as the audit trail keeps it.
type ssoView struct {
	Issuer        string      `json:"issuer"`
	ClientID      string      `json:"clientId"`
	ClientSecret  string      `json:"clientSecret"` // sealed; only its change is recorded
	Domains       []string    `json:"domains"`
	Role          tenant.Role `json:"role"`
	Stores        []string    `json:"stores"` // names
	AllowPassword bool        `json:"allowPassword"`
}

// ssoRow is a stored configuration.
type ssoRow struct {
	franchiseID   string
	issuer        string
	clientID      string
	secret        string // sealed
	role          tenant.Role
	storeIDs      []string
	allowPassword bool
	domains       []string
}

// ssoState holds the providers' discovery documents and key sets.
type ssoState struct {
	mu        sync.Mutex
	providers map[string]cachedProvider
	client    *http.Client
}

type cachedProvider struct {
	p  *oidc.Provider
	at time.Time
}

// SSOHTTPTimeout bounds each call to a provider.
const SSOHTTPTimeout = 10 * time.Second

func (s *Service) ssoClient() *http.Client {
	s.sso.mu.Lock()
	defer s.sso.mu.Unlock()
	if s.sso.client == nil {
		s.sso.client = &http.Client{Timeout: SSOHTTPTimeout}
	}
	return s.sso.client
}

// provider returns the issuer's provider, reading its discovery document
// when it is not known or old. Its key set lives as long as it does, so it
// must not be bound to a request's context.
func (s *Service) provider(issuer string) (*oidc.Provider, error) {
	s.sso.mu.Lock()
	c, ok := s.sso.providers[issuer]
	s.sso.mu.Unlock()
	if ok && s.now().Sub(c.at) < ssoProviderTTL {
		return c.p, nil
	}
	return s.fetchProvider(issuer)
}

// fetchProvider reads the issuer's discovery document now and keeps the
// provider it describes.
func (s *Service) fetchProvider(issuer string) (*oidc.Provider, error) {
	ctx := oidc.ClientContext(context.Background(), s.ssoClient())
	p, err := oidc.NewProvider(ctx, issuer)
	if err != nil {
		return nil, err
	}
	s.sso.mu.Lock()
	if s.sso.providers == nil {
		s.sso.providers = map[string]cachedProvider{}
	}
	s.sso.providers[issuer] = cachedProvider{p: p, at: s.now()}
	s.sso.mu.Unlock()
	return p, nil
}

// SSO is the group's single sign-on configuration.
func (s *Service) SSO(ctx context.Context, m TeamManager) (SSOConfig, error) {
	out := SSOConfig{Domains: []string{}, Stores: []string{}, Role: tenant.StoreManager, AllowPassword: true,
		RedirectURI: s.cfg.PublicURL + SSOCallbackPath, SecretKey: s.seal != nil}
	row, err := ssoOf(ctx, s.db, m.Franchise.ID)
	if errors.Is(err, ErrSSONotFound) {
		return out, nil
	}
	if err != nil {
		return SSOConfig{}, err
	}
	stores, err := franchise.Stores(ctx, s.db, m.Franchise.ID)
	if err != nil {
		return SSOConfig{}, err
	}
	out.Configured, out.Issuer, out.ClientID, out.SecretSet = true, row.issuer, row.clientID, row.secret != ""
	out.Domains, out.Role, out.AllowPassword = row.domains, row.role, row.allowPassword
	for _, st := range stores {
		if slices.Contains(row.storeIDs, st.ID) {
			out.Stores = append(out.Stores, st.Slug)
		}
	}
	return out, nil
}

// SaveSSO validates and stores the group's single sign-on: the issuer must
// answer its discovery document, the domains must be no other group's.
func (s *Service) SaveSSO(ctx context.Context, m TeamManager, in SSOInput) (SSOConfig, error) {
	issuer, err := cleanIssuer(in.Issuer)
	if err != nil {
		return SSOConfig{}, err
	}
	clientID := strings.TrimSpace(in.ClientID)
	if clientID == "" {
		return SSOConfig{}, ErrSSOClientIDRequired
	}
	domains, err := cleanDomains(in.Domains)
	if err != nil {
		return SSOConfig{}, err
	}
	secret := strings.TrimSpace(in.ClientSecret)
	if secret != "" && s.seal == nil {
		return SSOConfig{}, ErrSSOSecretKey
	}
	if _, err := s.fetchProvider(issuer); err != nil {
		s.log.Warn("single sign-on: the issuer's discovery document cannot be read", "request_id", requestIDOf(ctx),
			"issuer", issuer, "err", err)
		return SSOConfig{}, ErrSSOIssuer
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		storeIDs, _, stores, err := s.checkMembershipOf(ctx, tx, m.Franchise.ID,
			MemberInput{Role: in.Role, Stores: in.Stores}, true)
		if err != nil {
			return err
		}
		before, err := ssoOf(ctx, tx, m.Franchise.ID)
		exists := err == nil
		if err != nil && !errors.Is(err, ErrSSONotFound) {
			return err
		}
		sealed := before.secret
		if secret != "" {
			sealed = s.seal.seal(secret, "sso:"+m.Franchise.ID)
		}
		if sealed == "" {
			return ErrSSOSecretRequired
		}
		now := s.now().UnixMilli()
		storesJSON, err := json.Marshal(storeIDs)
		if err != nil {
			return err
		}
		if exists {
			_, err = tx.ExecContext(ctx, `UPDATE sso_providers SET issuer = ?, client_id = ?, client_secret = ?, role = ?,
				stores = ?, allow_password = ?, updated_at = ? WHERE franchise_id = ?`,
				issuer, clientID, sealed, string(in.Role), string(storesJSON), boolInt(in.AllowPassword), now, m.Franchise.ID)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO sso_providers (franchise_id, issuer, client_id, client_secret, role,
				stores, allow_password, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				m.Franchise.ID, issuer, clientID, sealed, string(in.Role), string(storesJSON), boolInt(in.AllowPassword), now)
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sso_domains WHERE franchise_id = ?`, m.Franchise.ID); err != nil {
			return err
		}
		for _, d := range domains {
			if _, err := tx.ExecContext(ctx, `INSERT INTO sso_domains (domain, franchise_id) VALUES (?, ?)`, d, m.Franchise.ID); err != nil {
				if db.IsUniqueViolation(err) {
					return ErrSSODomainTaken
				}
				return err
			}
		}
		after := ssoRow{issuer: issuer, clientID: clientID, secret: sealed, role: in.Role, storeIDs: storeIDs,
			allowPassword: in.AllowPassword, domains: domains}
		var was *ssoView
		action := audit.ActionCreate
		if exists {
			v := before.view(stores)
			was, action = &v, audit.ActionUpdate
		}
		if changes := audit.Diff(was, after.view(stores)); len(changes) > 0 {
			audit.Record(ctx, tx, audit.Entry{FranchiseID: m.Franchise.ID, Kind: audit.KindSSO, ID: m.Franchise.ID,
				Name: m.Franchise.Name, Action: action, Changes: changes, At: s.now()})
		}
		return nil
	})
	if err != nil {
		return SSOConfig{}, err
	}
	return s.SSO(ctx, m)
}

// DeleteSSO removes the group's single sign-on: its people sign in with a
// password again (a reset sets one).
func (s *Service) DeleteSSO(ctx context.Context, m TeamManager) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := ssoOf(ctx, tx, m.Franchise.ID)
		if err != nil {
			return err
		}
		stores, err := franchise.Stores(ctx, tx, m.Franchise.ID)
		if err != nil {
			return err
		}
		for _, q := range []string{`DELETE FROM sso_domains WHERE franchise_id = ?`, `DELETE FROM sso_logins WHERE franchise_id = ?`,
			`DELETE FROM sso_providers WHERE franchise_id = ?`} {
			if _, err := tx.ExecContext(ctx, q, m.Franchise.ID); err != nil {
				return err
			}
		}
		audit.Record(ctx, tx, audit.Entry{FranchiseID: m.Franchise.ID, Kind: audit.KindSSO, ID: m.Franchise.ID,
			Name: m.Franchise.Name, Action: audit.ActionDelete, Changes: audit.Diff(before.view(stores), nil), At: s.now()})
		return nil
	})
}

// SSOFor tells the sign-in page how an e-mail signs in. It says nothing of
// the group, nor whether the e-mail has an account.
func (s *Service) SSOFor(ctx context.Context, email string) (SSOFor, error) {
	email, err := normalizeEmail(email)
	if err != nil {
		return SSOFor{}, err
	}
	row, err := ssoOfDomain(ctx, s.db, domainOf(email))
	if errors.Is(err, ErrSSONotFound) {
		return SSOFor{Password: true}, nil
	}
	if err != nil {
		return SSOFor{}, err
	}
	return SSOFor{SSO: true, Password: row.allowPassword}, nil
}

// passwordRefused tells whether the e-mail's domain signs in through its
// company's login only.
func (s *Service) passwordRefused(ctx context.Context, email string) (bool, error) {
	row, err := ssoOfDomain(ctx, s.db, domainOf(email))
	if errors.Is(err, ErrSSONotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return !row.allowPassword, nil
}

// StartSSO begins a sign-in through the provider of the e-mail's domain:
// it keeps the state's hash with the nonce and PKCE verifier, and returns
// the provider's authorization address to send the browser to.
func (s *Service) StartSSO(ctx context.Context, email string) (string, error) {
	email, err := normalizeEmail(email)
	if err != nil {
		return "", err
	}
	row, err := ssoOfDomain(ctx, s.db, domainOf(email))
	if errors.Is(err, ErrSSONotFound) {
		return "", ErrSSONotConfigured
	}
	if err != nil {
		return "", err
	}
	p, err := s.provider(row.issuer)
	if err != nil {
		s.log.Warn("single sign-on: the provider cannot be reached", "request_id", requestIDOf(ctx), "issuer", row.issuer, "err", err)
		return "", ErrSSOUnavailable
	}
	state, nonce, verifier := ids.Secret(32), ids.Secret(32), oauth2.GenerateVerifier()
	now := s.now()
	if _, err := s.db.ExecContext(ctx, `INSERT INTO sso_logins (state_hash, franchise_id, nonce, verifier, expires_at)
		VALUES (?, ?, ?, ?, ?)`, ids.Hash(state), row.franchiseID, nonce, verifier, now.Add(SSOLoginTTL).UnixMilli()); err != nil {
		return "", err
	}
	conf := s.oauthConfig(row, p, "")
	return conf.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier),
		oauth2.SetAuthURLParam("login_hint", email)), nil
}

func (s *Service) oauthConfig(row ssoRow, p *oidc.Provider, secret string) oauth2.Config {
	return oauth2.Config{ClientID: row.clientID, ClientSecret: secret, Endpoint: p.Endpoint(),
		RedirectURL: s.cfg.PublicURL + SSOCallbackPath, Scopes: []string{oidc.ScopeOpenID, "email", "profile"}}
}

// SSOCallback is what the provider sends the browser back with.
type SSOCallback struct {
	State, Code, Error, ErrorDescription string
}

// FinishSSO checks the provider's answer and the ID token, makes the person
// a member the first time, and returns a one-time code the console
// exchanges for a session (ExchangeSSO). Nothing of the tokens is logged.
func (s *Service) FinishSSO(ctx context.Context, in SSOCallback, ip string) (string, error) {
	if in.State == "" {
		return "", ErrSSOStale
	}
	now := s.now()
	var login struct {
		franchiseID, nonce, verifier string
		expires                      int64
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT franchise_id, nonce, verifier, expires_at FROM sso_logins WHERE state_hash = ?`,
			ids.Hash(in.State)).Scan(&login.franchiseID, &login.nonce, &login.verifier, &login.expires)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrSSOStale
		}
		if err != nil {
			return err
		}
		// A state works once.
		_, err = tx.ExecContext(ctx, `DELETE FROM sso_logins WHERE state_hash = ?`, ids.Hash(in.State))
		return err
	})
	if err != nil {
		return "", err
	}
	if login.expires <= now.UnixMilli() {
		return "", ErrSSOStale
	}
	if in.Error != "" {
		s.log.Info("single sign-on refused by the provider", "request_id", requestIDOf(ctx), "error", in.Error)
		if in.Error == "access_denied" || in.Error == "consent_required" || in.Error == "login_required" {
			return "", ErrSSODenied
		}
		return "", ErrSSOUnavailable
	}
	if in.Code == "" {
		return "", ErrSSOStale
	}
	row, err := ssoOf(ctx, s.db, login.franchiseID)
	if errors.Is(err, ErrSSONotFound) {
		return "", ErrSSOStale
	}
	if err != nil {
		return "", err
	}
	secret, err := s.seal.open(row.secret, "sso:"+row.franchiseID)
	if err != nil {
		s.log.Error("single sign-on: the client secret cannot be opened (VITRINE_SECRET_KEY changed?)",
			"request_id", requestIDOf(ctx), "group", row.franchiseID)
		return "", ErrSSOClient
	}
	p, err := s.provider(row.issuer)
	if err != nil {
		s.log.Warn("single sign-on: the provider cannot be reached", "request_id", requestIDOf(ctx), "issuer", row.issuer, "err", err)
		return "", ErrSSOUnavailable
	}
	conf := s.oauthConfig(row, p, secret)
	tok, err := conf.Exchange(oidc.ClientContext(ctx, s.ssoClient()), in.Code, oauth2.VerifierOption(login.verifier))
	if err != nil {
		var re *oauth2.RetrieveError
		if errors.As(err, &re) {
			s.log.Warn("single sign-on: the provider refused the code", "request_id", requestIDOf(ctx),
				"issuer", row.issuer, "status", re.Response.StatusCode, "error", re.ErrorCode)
			if re.ErrorCode == "invalid_client" || re.ErrorCode == "unauthorized_client" || re.Response.StatusCode == http.StatusUnauthorized {
				return "", ErrSSOClient
			}
			return "", ErrSSOToken
		}
		s.log.Warn("single sign-on: the provider cannot be reached", "request_id", requestIDOf(ctx), "issuer", row.issuer,
			"err", redactURL(err))
		return "", ErrSSOUnavailable
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		s.log.Warn("single sign-on: the provider sent no ID token", "request_id", requestIDOf(ctx), "issuer", row.issuer)
		return "", ErrSSOToken
	}
	verifier := p.Verifier(&oidc.Config{ClientID: row.clientID, Now: s.now})
	idt, err := verifier.Verify(oidc.ClientContext(ctx, s.ssoClient()), raw)
	if err != nil {
		s.log.Warn("single sign-on: the ID token was refused", "request_id", requestIDOf(ctx), "issuer", row.issuer, "err", err)
		return "", ErrSSOToken
	}
	if idt.Nonce != login.nonce {
		s.log.Warn("single sign-on: the ID token's nonce is not the sign-in's", "request_id", requestIDOf(ctx), "issuer", row.issuer)
		return "", ErrSSOToken
	}
	if idt.AccessTokenHash != "" {
		if err := idt.VerifyAccessToken(tok.AccessToken); err != nil {
			s.log.Warn("single sign-on: the access token's hash does not match", "request_id", requestIDOf(ctx), "issuer", row.issuer)
			return "", ErrSSOToken
		}
	}
	var claims struct {
		Email         string `json:"email"`
		EmailVerified any    `json:"email_verified"`
		// DomainOwnerVerified is Microsoft Entra ID's word for it (the
		// optional claim xms_edov): the e-mail's domain is the tenant's.
		DomainOwnerVerified any    `json:"xms_edov"`
		Name                string `json:"name"`
		GivenName           string `json:"given_name"`
		FamilyName          string `json:"family_name"`
	}
	if err := idt.Claims(&claims); err != nil {
		return "", ErrSSOToken
	}
	if claims.Email == "" {
		// The provider keeps the profile for its UserInfo endpoint (the
		// code flow lets it): ask it, with the access token, about the
		// same subject.
		info, err := p.UserInfo(oidc.ClientContext(ctx, s.ssoClient()), oauth2.StaticTokenSource(tok))
		if err != nil {
			s.log.Warn("single sign-on: the provider's UserInfo cannot be read", "request_id", requestIDOf(ctx),
				"issuer", row.issuer, "err", redactURL(err))
			return "", ErrSSOUnavailable
		}
		if info.Subject != idt.Subject {
			s.log.Warn("single sign-on: UserInfo names another subject", "request_id", requestIDOf(ctx), "issuer", row.issuer)
			return "", ErrSSOToken
		}
		if err := info.Claims(&claims); err != nil {
			return "", ErrSSOToken
		}
	}
	email, err := normalizeEmail(claims.Email)
	if err != nil {
		s.log.Warn("single sign-on: the ID token has no usable e-mail", "request_id", requestIDOf(ctx), "issuer", row.issuer)
		return "", ErrSSODomain
	}
	if !slices.Contains(row.domains, domainOf(email)) {
		s.log.Warn("single sign-on: the e-mail's domain is not the group's", "request_id", requestIDOf(ctx),
			"issuer", row.issuer, "domain", domainOf(email))
		s.refused(ctx, email, ip, nil, reasonSSODomain, now)
		return "", ErrSSODomain
	}
	if !claimTrue(claims.EmailVerified) && !claimTrue(claims.DomainOwnerVerified) {
		s.log.Warn("single sign-on: the e-mail is not verified at the provider", "request_id", requestIDOf(ctx), "issuer", row.issuer)
		s.refused(ctx, email, ip, nil, reasonSSOUnverified, now)
		return "", ErrSSOUnverified
	}
	name := strings.TrimSpace(claims.Name)
	if name == "" {
		name = strings.TrimSpace(claims.GivenName + " " + claims.FamilyName)
	}
	if name == "" {
		name = email[:strings.IndexByte(email, '@')]
	}
	var code string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		userID, err := s.joinBySSO(ctx, tx, row, email, name, ip)
		if err != nil {
			return err
		}
		code = ids.Secret(32)
		_, err = tx.ExecContext(ctx, `INSERT INTO sso_codes (code_hash, user_id, expires_at) VALUES (?, ?, ?)`,
			ids.Hash(code), userID, now.Add(SSOCodeTTL).UnixMilli())
		return err
	})
	if errors.Is(err, ErrSSORemoved) {
		s.refused(ctx, email, ip, nil, reasonSSORemoved, now)
	}
	if err != nil {
		return "", err
	}
	return code, nil
}

// joinBySSO returns the account of email, creating it (verified, with no
// usable password) the first time, and makes it a member of the group with
// the configured role and stores unless it is one, or was removed.
func (s *Service) joinBySSO(ctx context.Context, tx *db.Tx, row ssoRow, email, name, ip string) (string, error) {
	now := s.now()
	if err := franchise.LockTeam(ctx, tx, row.franchiseID); err != nil {
		return "", err
	}
	u, err := userByEmail(ctx, tx, email)
	created := false
	switch {
	case errors.Is(err, ErrUserNotFound):
		clean, err := cleanName(name)
		if err != nil {
			clean = email
		}
		id, err := insertUser(ctx, tx, NewUser{Email: email, Name: clean, Verified: true}, "", now.UnixMilli())
		if err != nil {
			return "", err
		}
		if u, err = userByID(ctx, tx, id); err != nil {
			return "", err
		}
		created = true
	case err != nil:
		return "", err
	}
	members, err := franchise.Members(ctx, tx, row.franchiseID)
	if err != nil {
		return "", err
	}
	if slices.ContainsFunc(members, func(x franchise.Member) bool { return x.UserID == u.ID }) {
		return u.ID, nil
	}
	var departed int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM team_departures WHERE franchise_id = ? AND user_id = ?`,
		row.franchiseID, u.ID).Scan(&departed); err != nil {
		return "", err
	}
	if departed > 0 {
		s.log.Info("single sign-on: a person removed from the team tried to come back", "request_id", requestIDOf(ctx),
			"group", row.franchiseID, "user", u.ID)
		return "", ErrSSORemoved
	}
	stores, err := franchise.Stores(ctx, tx, row.franchiseID)
	if err != nil {
		return "", err
	}
	var storeIDs []string
	for _, st := range stores {
		if slices.Contains(row.storeIDs, st.ID) {
			storeIDs = append(storeIDs, st.ID)
		}
	}
	if err := franchise.SetMember(ctx, tx, u.ID, row.franchiseID, row.role, false, false, storeIDs, now.UnixMilli()); err != nil {
		return "", err
	}
	actor := signInActor(ctx, &u, ip)
	joined := viewOf(email, row.role, false, false, storeIDs, stores)
	s.recordMember(ctx, tx, row.franchiseID, audit.KindMember, u.ID, u.Name, audit.ActionCreate, nil, &joined, actor)
	if created {
		acc, err := account(ctx, tx, u.ID)
		if err != nil {
			return "", err
		}
		s.recordAccount(ctx, tx, audit.ActionCreate, nil, &acc, actor)
	}
	if !u.Verified {
		if err := markVerified(ctx, tx, u.ID, now.UnixMilli()); err != nil {
			return "", err
		}
	}
	return u.ID, s.announceEnded(ctx, tx, row.franchiseID, u.ID)
}

// ExchangeSSO spends a one-time code of a finished sign-in for a session.
func (s *Service) ExchangeSSO(ctx context.Context, code, ip string) (string, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return "", ErrSSOStale
	}
	now := s.now()
	var token string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var userID string
		var expires int64
		err := tx.QueryRowContext(ctx, `SELECT user_id, expires_at FROM sso_codes WHERE code_hash = ?`, ids.Hash(code)).
			Scan(&userID, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrSSOStale
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sso_codes WHERE code_hash = ?`, ids.Hash(code)); err != nil {
			return err
		}
		if expires <= now.UnixMilli() {
			return ErrSSOStale
		}
		u, err := userByID(ctx, tx, userID)
		if err != nil {
			return err
		}
		if token, err = newSession(ctx, tx, u.ID, now, SessionTTL); err != nil {
			return err
		}
		audit.Record(ctx, tx, audit.Entry{Kind: audit.KindSession, ID: u.ID, Name: u.Email,
			Action: audit.ActionSignIn, At: now, Actor: signInActor(ctx, &u, ip),
			Changes: []audit.Change{audit.Set("method", nil, "sso")}})
		return nil
	})
	if errors.Is(err, ErrSSOStale) {
		// The spent or expired code is gone either way.
		return "", err
	}
	return token, err
}

// recordDeparture remembers that the group removed the user from its team:
// single sign-on does not make them a member again.
func recordDeparture(ctx context.Context, tx *db.Tx, franchiseID, userID string, now int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM team_departures WHERE franchise_id = ? AND user_id = ?`, franchiseID, userID); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO team_departures (franchise_id, user_id, removed_at) VALUES (?, ?, ?)`,
		franchiseID, userID, now)
	return err
}

// forgetDeparture clears that mark when the user joins the group again
// (an invitation accepted, an administrator's ADD).
func forgetDeparture(ctx context.Context, tx *db.Tx, franchiseID, userID string) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM team_departures WHERE franchise_id = ? AND user_id = ?`, franchiseID, userID)
	return err
}

func (r ssoRow) view(stores []franchise.StoreRef) ssoView {
	v := ssoView{Issuer: r.issuer, ClientID: r.clientID, ClientSecret: r.secret, Domains: r.domains, Role: r.role,
		Stores: []string{}, AllowPassword: r.allowPassword}
	for _, st := range stores {
		if slices.Contains(r.storeIDs, st.ID) {
			v.Stores = append(v.Stores, st.Name)
		}
	}
	return v
}

const ssoColumns = `franchise_id, issuer, client_id, client_secret, role, stores, allow_password`

func scanSSO(ctx context.Context, q db.Querier, sc db.Scanner) (ssoRow, error) {
	var (
		r      ssoRow
		stores string
		allow  int
	)
	err := sc.Scan(&r.franchiseID, &r.issuer, &r.clientID, &r.secret, &r.role, &stores, &allow)
	if errors.Is(err, sql.ErrNoRows) {
		return ssoRow{}, ErrSSONotFound
	}
	if err != nil {
		return ssoRow{}, err
	}
	r.allowPassword = allow == 1
	if err := json.Unmarshal([]byte(stores), &r.storeIDs); err != nil {
		r.storeIDs = nil
	}
	if !r.role.Valid() {
		r.role = tenant.StoreManager
	}
	r.domains, err = db.Collect(ctx, q, func(sc db.Scanner) (string, error) {
		var d string
		return d, sc.Scan(&d)
	}, `SELECT domain FROM sso_domains WHERE franchise_id = ? ORDER BY domain`, r.franchiseID)
	return r, err
}

func ssoOf(ctx context.Context, q db.Querier, franchiseID string) (ssoRow, error) {
	return scanSSO(ctx, q, q.QueryRowContext(ctx, `SELECT `+ssoColumns+` FROM sso_providers WHERE franchise_id = ?`, franchiseID))
}

func ssoOfDomain(ctx context.Context, q db.Querier, domain string) (ssoRow, error) {
	return scanSSO(ctx, q, q.QueryRowContext(ctx, `SELECT `+ssoColumns+` FROM sso_providers
		WHERE franchise_id = (SELECT franchise_id FROM sso_domains WHERE domain = ?)`, domain))
}

// cleanIssuer checks an issuer: https, or http on this machine (a provider
// run for tests).
func cleanIssuer(s string) (string, error) {
	s = strings.TrimSpace(s)
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", ErrSSOIssuerInvalid
	}
	switch u.Scheme {
	case "https":
	case "http":
		host := u.Hostname()
		if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return "", ErrSSOIssuerInvalid
		}
	default:
		return "", ErrSSOIssuerInvalid
	}
	return s, nil
}

// cleanDomains lower-cases, checks and sorts the e-mail domains.
func cleanDomains(list []string) ([]string, error) {
	out := []string{}
	for _, d := range list {
		d = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(d), "@")))
		if d == "" {
			continue
		}
		if _, err := normalizeEmail("x@" + d); err != nil || strings.ContainsAny(d, "@ ") || len(d) > 253 {
			return nil, ErrSSODomainInvalid
		}
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return nil, ErrSSODomainsRequired
	}
	slices.Sort(out)
	return out, nil
}

// claimTrue tells whether a boolean claim is true (some providers send
// the string "true").
func claimTrue(v any) bool {
	b, ok := v.(bool)
	return ok && b || v == "true"
}

// requestIDOf is the request's id, for the log.
func requestIDOf(ctx context.Context) string { return audit.ActorFrom(ctx).RequestID }

func domainOf(email string) string {
	return email[strings.LastIndexByte(email, '@')+1:]
}

// redactURL keeps an error of an HTTP call without its URL's query (which
// may hold a code).
func redactURL(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		u, perr := url.Parse(ue.URL)
		if perr == nil {
			u.RawQuery = ""
			return fmt.Sprintf("%s %s: %v", ue.Op, u.String(), ue.Err)
		}
	}
	return err.Error()
}

// SignInPage is the console's sign-in page, where a finished single
// sign-on lands with its one-time code (sso) or its error's code
// (ssoError).
func (s *Service) SignInPage() string { return s.cfg.PublicURL + "/" }
