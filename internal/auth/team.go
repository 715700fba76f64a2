package auth

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/ids"
	"vitrine/internal/names"
	"vitrine/internal/tenant"
)

// A group runs its own team ('Equipe'): its 'Rede' members holding 'Gerenciar
// equipe', and the platform administrators (userA), invite people by e-mail
// with a role, stores and permissions ('Gerenciar equipe', 'Aprovar
// conteúdo': the network's only), change a member's, and remove members. Every change announces change.Ended for the member in its
// transaction, so their open event streams close at once; their next call
// reads the new membership (a Principal is read per request).

// InviteTTL is how long an invitation's link works.
const InviteTTL = 7 * 24 * time.Hour

// TeamManager is who manages a group's team in a call.
type TeamManager struct {
	Franchise tenant.Franchise
	UserID    string
	// Admin is a platform administrator (userA), who manages any group's
	// team, member of it or not.
	Admin bool
}

// TeamMember is one member as the team page lists them.
type TeamMember struct {
	ID         string      `json:"id"`
	Name       string      `json:"name"`
	Email      string      `json:"email"`
	Role       tenant.Role `json:"role"`
	Stores     []string    `json:"stores"` // slugs
	ManageTeam bool        `json:"manageTeam"`
	// ApproveContent is 'Aprovar conteúdo'.
	ApproveContent bool  `json:"approveContent"`
	Since          int64 `json:"since"`
}

// Invitation is a pending invitation to a group's team.
type Invitation struct {
	ID         string      `json:"id"`
	Email      string      `json:"email"`
	Role       tenant.Role `json:"role"`
	Stores     []string    `json:"stores"` // slugs
	ManageTeam bool        `json:"manageTeam"`
	// ApproveContent is 'Aprovar conteúdo'.
	ApproveContent bool   `json:"approveContent"`
	InvitedBy      string `json:"invitedBy"` // the inviter's name, "" when their account is gone
	CreatedAt      int64  `json:"createdAt"`
	ExpiresAt      int64  `json:"expiresAt"`
}

// TeamStore is one of the group's stores, to choose a member's stores from.
type TeamStore struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// Team is a group's members, pending invitations and stores.
type Team struct {
	Members     []TeamMember `json:"members"`
	Invitations []Invitation `json:"invitations"`
	Stores      []TeamStore  `json:"stores"`
}

// MemberInput is the body that changes a member: their role, stores
// (slugs) and the 'Gerenciar equipe' and 'Aprovar conteúdo' permissions.
type MemberInput struct {
	Role           tenant.Role `json:"role"`
	Stores         []string    `json:"stores"`
	ManageTeam     bool        `json:"manageTeam"`
	ApproveContent bool        `json:"approveContent"`
}

// InviteInput is the body of an invitation.
type InviteInput struct {
	Email string `json:"email"`
	MemberInput
}

// InvitationView is what the invitation's link shows before it is accepted.
type InvitationView struct {
	Group   string      `json:"group"`
	Email   string      `json:"email"`
	Role    tenant.Role `json:"role"`
	Stores  []string    `json:"stores"`
	Account bool        `json:"account"` // the e-mail has an account: sign in to accept
}

// AcceptInput is the body accepting an invitation: a person without an
// account sends their name and password.
type AcceptInput struct {
	Name string `json:"name"`
	Auth string `json:"auth"`
}

// Accepted is the answer to accepting: the group joined, and a new
// account's session (empty for an existing account).
type Accepted struct {
	Franchise string `json:"franchise"`
	Token     string `json:"token,omitempty"`
}

// Errors of the team.
var (
	ErrRoleInvalid = fault.WithMsg(fault.Invalid, 1003,
		"Escolha um papel: 'Rede', 'Franqueado' ou 'Gerente de loja'.")
	ErrNetworkStores      = fault.WithMsg(fault.Invalid, 1003, "Membros da rede alcançam todas as lojas: não escolha lojas.")
	ErrFranchiseeStores   = fault.WithMsg(fault.Invalid, 1003, "Escolha ao menos uma loja para o franqueado.")
	ErrStoreManagerStore  = fault.WithMsg(fault.Invalid, 1003, "Escolha exatamente uma loja para o gerente de loja.")
	ErrTeamOnlyNetwork    = fault.WithMsg(fault.Invalid, 1003, "Apenas membros da rede podem ter 'Gerenciar equipe'.")
	ErrApproveOnlyNetwork = fault.WithMsg(fault.Invalid, 1003, "Apenas membros da rede podem ter 'Aprovar conteúdo'.")
	ErrStoreNotInGroup    = fault.WithMsg(fault.NotFound, 1061, "Loja não encontrada neste grupo.")
	ErrMemberNotFound     = fault.WithMsg(fault.NotFound, 1001, "Membro não encontrado neste grupo.")
	ErrInviteNotFound     = fault.WithMsg(fault.NotFound, 1025,
		"Convite não encontrado ou expirado. Peça um novo convite a quem convidou você.")
	ErrAlreadyMember = fault.WithMsg(fault.Conflict, 1003, "Esta pessoa já faz parte da equipe.")
	ErrLastManager   = fault.WithMsg(fault.Conflict, 1003,
		"O grupo precisa de ao menos um membro com 'Gerenciar equipe'. Dê a permissão a outro membro da rede antes.")
	ErrSelfRaise = fault.WithMsg(fault.Forbidden, 1403,
		"Você não pode ampliar o seu próprio papel, as suas lojas ou as suas permissões.")
	ErrInviteSignIn = fault.WithMsg(fault.Unauthorized, 1022,
		"Este e-mail já tem uma conta: entre com ela para aceitar o convite.")
	ErrInviteOtherAccount = fault.WithMsg(fault.Forbidden, 1403,
		"Este convite é para outro e-mail. Entre com a conta convidada para aceitá-lo.")
	ErrInviteStoresGone = fault.WithMsg(fault.Conflict, 1003,
		"As lojas deste convite não existem mais. Peça um novo convite.")
)

// TeamManagerOf returns p managing the team of the group with slug: a
// 'Rede' member holding 'Gerenciar equipe', or a platform administrator
// (userA, not through an impersonation), who may manage any group's team
// without being a member. Anyone else is refused 403/1403.
func (s *Service) TeamManagerOf(ctx context.Context, p *Principal, slug string) (TeamManager, error) {
	if m, ok := p.Franchises[slug]; ok && m.Role == tenant.Network && m.ManageTeam {
		return TeamManager{Franchise: m.Franchise, UserID: p.UserID}, nil
	}
	if p.Permissions["userA"] == 1 {
		f, err := franchise.BySlug(ctx, s.db, slug)
		if err != nil {
			return TeamManager{}, err
		}
		return TeamManager{Franchise: f, UserID: p.UserID, Admin: true}, nil
	}
	return TeamManager{}, fault.ErrForbidden
}

// ContentApprover is who approves a group's local content in a call
// ('Aprovações').
type ContentApprover struct {
	Franchise tenant.Franchise
	UserID    string
	// Admin is a platform administrator (userA), who approves in any
	// group, member of it or not.
	Admin bool
}

// ContentApproverOf returns p approving the local content of the group with
// slug: a 'Rede' member holding 'Aprovar conteúdo', or a platform
// administrator (userA, not through an impersonation) as TeamManagerOf
// decides. Anyone else is refused 403/1403; an administrator naming no
// group, 404/1041.
func (s *Service) ContentApproverOf(ctx context.Context, p *Principal, slug string) (ContentApprover, error) {
	if m, ok := p.Franchises[slug]; ok && m.Role == tenant.Network && m.ApproveContent {
		return ContentApprover{Franchise: m.Franchise, UserID: p.UserID}, nil
	}
	if p.Permissions["userA"] == 1 {
		f, err := franchise.BySlug(ctx, s.db, slug)
		if err != nil {
			return ContentApprover{}, err
		}
		return ContentApprover{Franchise: f, UserID: p.UserID, Admin: true}, nil
	}
	return ContentApprover{}, fault.ErrForbidden
}

// Team lists the group's members, its pending invitations and its stores.
func (s *Service) Team(ctx context.Context, m TeamManager) (Team, error) {
	members, err := franchise.Members(ctx, s.db, m.Franchise.ID)
	if err != nil {
		return Team{}, err
	}
	stores, err := franchise.Stores(ctx, s.db, m.Franchise.ID)
	if err != nil {
		return Team{}, err
	}
	userIDs := make([]string, 0, len(members))
	for _, x := range members {
		userIDs = append(userIDs, x.UserID)
	}
	invites, err := pendingInvitations(ctx, s.db, m.Franchise.ID, s.now())
	if err != nil {
		return Team{}, err
	}
	for _, inv := range invites {
		userIDs = append(userIDs, inv.invitedBy)
	}
	people, err := usersByID(ctx, s.db, userIDs)
	if err != nil {
		return Team{}, err
	}
	out := Team{Members: []TeamMember{}, Invitations: []Invitation{}, Stores: []TeamStore{}}
	for _, x := range members {
		u := people[x.UserID]
		out.Members = append(out.Members, TeamMember{ID: x.UserID, Name: u.Name, Email: u.Email, Role: x.Role,
			Stores: orEmpty(x.StoreSlugs), ManageTeam: x.ManageTeam, ApproveContent: x.ApproveContent, Since: x.CreatedAt})
	}
	slices.SortStableFunc(out.Members, func(a, b TeamMember) int {
		return strings.Compare(names.SortKey(a.Name), names.SortKey(b.Name))
	})
	slugs := make(map[string]string, len(stores))
	for _, st := range stores {
		slugs[st.ID] = st.Slug
		out.Stores = append(out.Stores, TeamStore{Slug: st.Slug, Name: st.Name})
	}
	for _, inv := range invites {
		v := inv.Invitation
		v.InvitedBy = people[inv.invitedBy].Name
		v.Stores = []string{}
		for _, id := range inv.storeIDs {
			if slug, ok := slugs[id]; ok {
				v.Stores = append(v.Stores, slug)
			}
		}
		slices.Sort(v.Stores)
		out.Invitations = append(out.Invitations, v)
	}
	slices.SortStableFunc(out.Stores, func(a, b TeamStore) int {
		return strings.Compare(names.SortKey(a.Name), names.SortKey(b.Name))
	})
	return out, nil
}

// Invite mails an invitation to join the group with the role and stores
// given; an invitation pending for the same e-mail is replaced (its link
// stops working).
func (s *Service) Invite(ctx context.Context, m TeamManager, in InviteInput) (Invitation, error) {
	email, err := normalizeEmail(in.Email)
	if err != nil {
		return Invitation{}, err
	}
	now := s.now()
	var out Invitation
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := franchise.LockTeam(ctx, tx, m.Franchise.ID); err != nil {
			return err
		}
		storeIDs, slugs, stores, err := s.checkMembership(ctx, tx, m.Franchise.ID, in.MemberInput)
		if err != nil {
			return err
		}
		name := ""
		if u, err := userByEmail(ctx, tx, email); err == nil {
			members, err := franchise.Members(ctx, tx, m.Franchise.ID)
			if err != nil {
				return err
			}
			if slices.ContainsFunc(members, func(x franchise.Member) bool { return x.UserID == u.ID }) {
				return ErrAlreadyMember
			}
			name = u.Name
		} else if !errors.Is(err, ErrUserNotFound) {
			return err
		}
		inviter := ""
		if u, err := userByID(ctx, tx, m.UserID); err == nil {
			inviter = u.Name
		}
		if err := s.replaceInvitations(ctx, tx, m.Franchise.ID, email, stores, now); err != nil {
			return err
		}
		storesJSON, err := json.Marshal(storeIDs)
		if err != nil {
			return err
		}
		code := ids.Secret(32)
		out = Invitation{ID: ids.New(), Email: email, Role: in.Role, Stores: slugs, ManageTeam: in.ManageTeam,
			ApproveContent: in.ApproveContent, InvitedBy: inviter, CreatedAt: now.UnixMilli(),
			ExpiresAt: now.Add(InviteTTL).UnixMilli()}
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO invitations (id, franchise_id, email, role, manage_team, approve_content, stores, code_hash,
			    invited_by, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			out.ID, m.Franchise.ID, email, string(in.Role), boolInt(in.ManageTeam), boolInt(in.ApproveContent),
			string(storesJSON), ids.Hash(code), m.UserID, out.CreatedAt, out.ExpiresAt); err != nil {
			return err
		}
		invited := viewOf(email, in.Role, in.ManageTeam, in.ApproveContent, storeIDs, stores)
		s.recordMember(ctx, tx, m.Franchise.ID, audit.KindInvitation, out.ID, email, audit.ActionInvite, nil, &invited, nil)
		return s.mail(ctx, tx, inviteMail(s.cfg.PublicURL, email, name, m.Franchise.Name, inviter, in.Role, code))
	})
	return out, err
}

// RevokeInvitation deletes a pending invitation of the group: its link stops
// working.
func (s *Service) RevokeInvitation(ctx context.Context, m TeamManager, id string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		inv, err := scanInvitation(tx.QueryRowContext(ctx, `SELECT `+invitationColumns+` FROM invitations
			WHERE id = ? AND franchise_id = ?`, id, m.Franchise.ID))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrInviteNotFound
		}
		if err != nil {
			return err
		}
		if err := deleteInvitation(ctx, tx, `id = ? AND franchise_id = ?`, id, m.Franchise.ID); err != nil {
			return err
		}
		stores, err := franchise.Stores(ctx, tx, m.Franchise.ID)
		if err != nil {
			return err
		}
		was := viewOf(inv.Email, inv.Role, inv.ManageTeam, inv.ApproveContent, inv.storeIDs, stores)
		s.recordMember(ctx, tx, m.Franchise.ID, audit.KindInvitation, inv.ID, inv.Email, audit.ActionRevoke, &was, nil, nil)
		return nil
	})
}

// replaceInvitations deletes the invitations of the group to email, which
// a new one replaces; the pending ones are recorded as revoked.
func (s *Service) replaceInvitations(ctx context.Context, tx *db.Tx, franchiseID, email string, stores []franchise.StoreRef, now time.Time) error {
	pending, err := db.Collect(ctx, tx, scanInvitation, `SELECT `+invitationColumns+` FROM invitations
		WHERE franchise_id = ? AND email = ? AND expires_at > ?`, franchiseID, email, now.UnixMilli())
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM invitations WHERE franchise_id = ? AND email = ?`, franchiseID, email); err != nil {
		return err
	}
	for _, inv := range pending {
		was := viewOf(inv.Email, inv.Role, inv.ManageTeam, inv.ApproveContent, inv.storeIDs, stores)
		s.recordMember(ctx, tx, franchiseID, audit.KindInvitation, inv.ID, inv.Email, audit.ActionRevoke, &was, nil, nil)
	}
	return nil
}

// ChangeMember sets a member's role, stores, 'Gerenciar equipe' and
// 'Aprovar conteúdo'. Their
// open event streams close at once; their next call has the new scope.
func (s *Service) ChangeMember(ctx context.Context, m TeamManager, userID string, in MemberInput) (TeamMember, error) {
	var out TeamMember
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		members, i, err := lockedMember(ctx, tx, m.Franchise.ID, userID)
		if err != nil {
			return err
		}
		storeIDs, slugs, stores, err := s.checkMembership(ctx, tx, m.Franchise.ID, in)
		if err != nil {
			return err
		}
		before := members[i]
		if userID == m.UserID && !m.Admin && raises(before, in, storeIDs) {
			return ErrSelfRaise
		}
		if before.ManageTeam && !(in.Role == tenant.Network && in.ManageTeam) && managers(members) == 1 {
			return ErrLastManager
		}
		if err := franchise.SetMember(ctx, tx, userID, m.Franchise.ID, in.Role, in.ManageTeam, in.ApproveContent,
			storeIDs, s.now().UnixMilli()); err != nil {
			return err
		}
		u, err := userByID(ctx, tx, userID)
		if err != nil {
			return err
		}
		out = TeamMember{ID: userID, Name: u.Name, Email: u.Email, Role: in.Role, Stores: slugs,
			ManageTeam:     in.ManageTeam && in.Role == tenant.Network,
			ApproveContent: in.ApproveContent && in.Role == tenant.Network, Since: before.CreatedAt}
		was := viewOf(u.Email, before.Role, before.ManageTeam, before.ApproveContent, before.Stores, stores)
		next := viewOf(u.Email, in.Role, in.ManageTeam, in.ApproveContent, storeIDs, stores)
		s.recordMember(ctx, tx, m.Franchise.ID, audit.KindMember, userID, u.Name, audit.ActionUpdate, &was, &next, nil)
		return s.announceEnded(ctx, tx, m.Franchise.ID, userID)
	})
	return out, err
}

// RemoveMember takes a member out of the group. Their open event streams
// close at once, and their next call in the group is refused.
func (s *Service) RemoveMember(ctx context.Context, m TeamManager, userID string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		members, i, err := lockedMember(ctx, tx, m.Franchise.ID, userID)
		if err != nil {
			return err
		}
		if members[i].ManageTeam && managers(members) == 1 {
			return ErrLastManager
		}
		if err := franchise.RemoveMember(ctx, tx, userID, m.Franchise.ID); err != nil {
			return err
		}
		if err := s.recordRemoval(ctx, tx, m.Franchise.ID, members[i]); err != nil {
			return err
		}
		if err := recordDeparture(ctx, tx, m.Franchise.ID, userID, s.now().UnixMilli()); err != nil {
			return err
		}
		if err := s.endIfNothingLeft(ctx, tx, userID); err != nil {
			return err
		}
		return s.announceEnded(ctx, tx, m.Franchise.ID, userID)
	})
}

// endIfNothingLeft ends the sessions of a person removed from their last
// group who holds no platform permission: there is nothing left for them
// to see (someone single sign-on brought in, above all). A member of other
// groups keeps their sessions, which no longer reach this group.
func (s *Service) endIfNothingLeft(ctx context.Context, tx *db.Tx, userID string) error {
	left, err := franchise.Memberships(ctx, tx, userID)
	if err != nil || len(left) > 0 {
		return err
	}
	u, err := userByID(ctx, tx, userID)
	if err != nil {
		return err
	}
	for _, v := range u.Permission {
		if v == 1 {
			return nil
		}
	}
	return s.endUserSessions(ctx, tx, userID)
}

// ShowInvitation is what an invitation's link shows: the group, the
// e-mail invited, and whether it has an account to sign in with.
func (s *Service) ShowInvitation(ctx context.Context, code string) (InvitationView, error) {
	inv, err := invitationByCode(ctx, s.db, code, s.now())
	if err != nil {
		return InvitationView{}, err
	}
	f, err := franchiseByID(ctx, s.db, inv.franchiseID)
	if err != nil {
		return InvitationView{}, err
	}
	stores, err := franchise.Stores(ctx, s.db, inv.franchiseID)
	if err != nil {
		return InvitationView{}, err
	}
	v := InvitationView{Group: f.Name, Email: inv.Email, Role: inv.Role, Stores: []string{}}
	for _, st := range stores {
		if slices.Contains(inv.storeIDs, st.ID) {
			v.Stores = append(v.Stores, st.Slug)
		}
	}
	_, err = userByEmail(ctx, s.db, inv.Email)
	switch {
	case err == nil:
		v.Account = true
	case !errors.Is(err, ErrUserNotFound):
		return InvitationView{}, err
	}
	return v, nil
}

// AcceptInvitation makes the invited e-mail a member of the group. An
// existing account accepts signed in as itself (by); a new person sends a
// name and a password, and gets a verified account and a session. The
// invitation works once.
func (s *Service) AcceptInvitation(ctx context.Context, code string, by *Principal, in AcceptInput) (Accepted, error) {
	now := s.now()
	inv, err := invitationByCode(ctx, s.db, code, now)
	if err != nil {
		return Accepted{}, err
	}
	existing, err := userByEmail(ctx, s.db, inv.Email)
	newAccount := errors.Is(err, ErrUserNotFound)
	if err != nil && !newAccount {
		return Accepted{}, err
	}
	var (
		name, hash string
	)
	if newAccount {
		if name, err = cleanName(in.Name); err != nil {
			return Accepted{}, err
		}
		if in.Auth == "" {
			return Accepted{}, ErrPasswordRequired
		}
		if !ValidPassword(in.Auth) {
			return Accepted{}, ErrWeakPassword
		}
		if hash, err = s.hashPassword(ctx, in.Auth); err != nil {
			return Accepted{}, err
		}
	} else {
		if by == nil {
			return Accepted{}, ErrInviteSignIn
		}
		if by.UserID != existing.ID {
			return Accepted{}, ErrInviteOtherAccount
		}
	}
	var out Accepted
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := franchise.LockTeam(ctx, tx, inv.franchiseID); err != nil {
			return err
		}
		// Spent in the transaction: of two acceptances at once, one wins.
		if err := deleteInvitation(ctx, tx, `id = ? AND expires_at > ?`, inv.ID, now.UnixMilli()); err != nil {
			return err
		}
		stores, err := franchise.Stores(ctx, tx, inv.franchiseID)
		if err != nil {
			return err
		}
		var storeIDs []string
		for _, st := range stores {
			if slices.Contains(inv.storeIDs, st.ID) {
				storeIDs = append(storeIDs, st.ID)
			}
		}
		if inv.Role != tenant.Network && len(storeIDs) == 0 {
			return ErrInviteStoresGone
		}
		userID := existing.ID
		if newAccount {
			userID, err = insertUser(ctx, tx, NewUser{Email: inv.Email, Name: name, Verified: true}, hash, now.UnixMilli())
			if err != nil {
				return err
			}
			if out.Token, err = newSession(ctx, tx, userID, now, SessionTTL); err != nil {
				return err
			}
		}
		var was *memberView
		members, err := franchise.Members(ctx, tx, inv.franchiseID)
		if err != nil {
			return err
		}
		if i := slices.IndexFunc(members, func(x franchise.Member) bool { return x.UserID == userID }); i >= 0 {
			v := viewOf(inv.Email, members[i].Role, members[i].ManageTeam, members[i].ApproveContent, members[i].Stores, stores)
			was = &v
		}
		if err := franchise.SetMember(ctx, tx, userID, inv.franchiseID, inv.Role, inv.ManageTeam, inv.ApproveContent,
			storeIDs, now.UnixMilli()); err != nil {
			return err
		}
		if err := forgetDeparture(ctx, tx, inv.franchiseID, userID); err != nil {
			return err
		}
		// The new member accepts: on this public route, they are who acts.
		actor := actingAs(ctx, userID, inv.Email)
		joined := viewOf(inv.Email, inv.Role, inv.ManageTeam, inv.ApproveContent, storeIDs, stores)
		memberName := name
		if !newAccount {
			memberName = existing.Name
		}
		s.recordMember(ctx, tx, inv.franchiseID, audit.KindMember, userID, memberName, audit.ActionAccept, was, &joined, actor)
		if newAccount {
			created, err := account(ctx, tx, userID)
			if err != nil {
				return err
			}
			s.recordAccount(ctx, tx, audit.ActionCreate, nil, &created, actor)
		}
		f, err := franchiseByID(ctx, tx, inv.franchiseID)
		if err != nil {
			return err
		}
		out.Franchise = f.Slug
		// A member whose role the invitation changed sees it on their
		// streams' next connection.
		return s.announceEnded(ctx, tx, inv.franchiseID, userID)
	})
	return out, err
}

// checkMembership checks a role with its stores (slugs of the group's
// stores) and returns the stores' ids and sorted slugs, and the group's
// stores.
func (s *Service) checkMembership(ctx context.Context, q db.Querier, franchiseID string, in MemberInput) (ids, slugs []string, stores []franchise.StoreRef, err error) {
	return s.checkMembershipOf(ctx, q, franchiseID, in, false)
}

// checkMembershipOf is checkMembership; noStore admits a franchisee or a
// store manager of no store yet (the people single sign-on brings in, who
// see nothing until a manager gives them stores).
func (s *Service) checkMembershipOf(ctx context.Context, q db.Querier, franchiseID string, in MemberInput, noStore bool) (ids, slugs []string, stores []franchise.StoreRef, err error) {
	if !in.Role.Valid() {
		return nil, nil, nil, ErrRoleInvalid
	}
	wanted := []string{}
	for _, slug := range in.Stores {
		slug = strings.TrimSpace(slug)
		if slug != "" && !slices.Contains(wanted, slug) {
			wanted = append(wanted, slug)
		}
	}
	switch {
	case in.ManageTeam && in.Role != tenant.Network:
		return nil, nil, nil, ErrTeamOnlyNetwork
	case in.ApproveContent && in.Role != tenant.Network:
		return nil, nil, nil, ErrApproveOnlyNetwork
	case in.Role == tenant.Network && len(wanted) > 0:
		return nil, nil, nil, ErrNetworkStores
	case noStore && in.Role != tenant.Network && len(wanted) == 0:
	case in.Role == tenant.Franchisee && len(wanted) == 0:
		return nil, nil, nil, ErrFranchiseeStores
	case in.Role == tenant.StoreManager && len(wanted) != 1:
		return nil, nil, nil, ErrStoreManagerStore
	}
	stores, err = franchise.Stores(ctx, q, franchiseID)
	if err != nil {
		return nil, nil, nil, err
	}
	ids, slugs = []string{}, []string{}
	for _, slug := range wanted {
		i := slices.IndexFunc(stores, func(st franchise.StoreRef) bool { return st.Slug == slug })
		if i < 0 {
			return nil, nil, nil, ErrStoreNotInGroup
		}
		ids = append(ids, stores[i].ID)
	}
	for _, st := range stores {
		if slices.Contains(ids, st.ID) {
			slugs = append(slugs, st.Slug)
		}
	}
	return ids, slugs, stores, nil
}

// announceEnded closes the member's event streams of the group on every
// replica, in the transaction of the change.
func (s *Service) announceEnded(ctx context.Context, tx *db.Tx, franchiseID, userID string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE users SET updated_at = ? WHERE id = ?`, s.now().UnixMilli(), userID); err != nil {
		return err
	}
	return s.ended.Publish(ctx, tx, change.Change{FranchiseID: franchiseID, Ended: &change.Ended{Users: []string{userID}}})
}

// rank orders the roles by what they reach.
func rank(r tenant.Role) int {
	switch r {
	case tenant.Network:
		return 3
	case tenant.Franchisee:
		return 2
	default:
		return 1
	}
}

// raises tells whether a member's new role, permissions or stores reach
// more than they had.
func raises(before franchise.Member, in MemberInput, storeIDs []string) bool {
	if rank(in.Role) != rank(before.Role) {
		return rank(in.Role) > rank(before.Role)
	}
	if in.Role == tenant.Network && (in.ManageTeam && !before.ManageTeam || in.ApproveContent && !before.ApproveContent) {
		return true
	}
	for _, id := range storeIDs {
		if !slices.Contains(before.Stores, id) {
			return true
		}
	}
	return false
}

// managers counts the members holding 'Gerenciar equipe'.
func managers(members []franchise.Member) int {
	n := 0
	for _, x := range members {
		if x.ManageTeam {
			n++
		}
	}
	return n
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// invitationRow is a stored invitation.
type invitationRow struct {
	Invitation
	franchiseID string
	invitedBy   string
	storeIDs    []string
}

const invitationColumns = `id, franchise_id, email, role, manage_team, approve_content, stores, invited_by, created_at, expires_at`

func scanInvitation(sc db.Scanner) (invitationRow, error) {
	var (
		inv           invitationRow
		team, approve int
		stores        string
	)
	err := sc.Scan(&inv.ID, &inv.franchiseID, &inv.Email, &inv.Role, &team, &approve, &stores, &inv.invitedBy,
		&inv.CreatedAt, &inv.ExpiresAt)
	if err != nil {
		return inv, err
	}
	inv.ManageTeam = team == 1 && inv.Role == tenant.Network
	inv.ApproveContent = approve == 1 && inv.Role == tenant.Network
	if err := json.Unmarshal([]byte(stores), &inv.storeIDs); err != nil {
		inv.storeIDs = nil // a malformed list covers nothing
	}
	if !inv.Role.Valid() {
		inv.Role = tenant.StoreManager
	}
	return inv, nil
}

func pendingInvitations(ctx context.Context, q db.Querier, franchiseID string, now time.Time) ([]invitationRow, error) {
	return db.Collect(ctx, q, scanInvitation, `SELECT `+invitationColumns+` FROM invitations
		WHERE franchise_id = ? AND expires_at > ? ORDER BY created_at DESC, id`, franchiseID, now.UnixMilli())
}

func invitationByCode(ctx context.Context, q db.Querier, code string, now time.Time) (invitationRow, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return invitationRow{}, ErrInviteNotFound
	}
	inv, err := scanInvitation(q.QueryRowContext(ctx, `SELECT `+invitationColumns+` FROM invitations
		WHERE code_hash = ? AND expires_at > ?`, ids.Hash(code), now.UnixMilli()))
	if errors.Is(err, sql.ErrNoRows) {
		return invitationRow{}, ErrInviteNotFound
	}
	return inv, err
}

// franchiseByID names a group by its id.
func franchiseByID(ctx context.Context, q db.Querier, id string) (tenant.Franchise, error) {
	return franchise.ByID(ctx, q, id)
}

// usersByID returns the accounts among ids, by id.
func usersByID(ctx context.Context, q db.Querier, userIDs []string) (map[string]User, error) {
	out := make(map[string]User, len(userIDs))
	for _, chunk := range db.Chunks(userIDs) {
		list, err := db.Collect(ctx, q, func(sc db.Scanner) (User, error) {
			var u User
			return u, sc.Scan(&u.ID, &u.Email, &u.Name)
		}, `SELECT id, email, name FROM users WHERE id IN (`+db.Placeholders(len(chunk))+`)`, db.Args(chunk)...)
		if err != nil {
			return nil, err
		}
		for _, u := range list {
			out[u.ID] = u
		}
	}
	return out, nil
}

// deleteInvitation deletes the invitation where says, or answers
// ErrInviteNotFound when there is none (revoked, accepted or expired).
func deleteInvitation(ctx context.Context, tx *db.Tx, where string, args ...any) error {
	res, err := tx.ExecContext(ctx, `DELETE FROM invitations WHERE `+where, args...)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrInviteNotFound
	}
	return nil
}

// lockedMember locks the group's team for the transaction and returns its
// members with the index of userID among them, or ErrMemberNotFound.
func lockedMember(ctx context.Context, tx *db.Tx, franchiseID, userID string) ([]franchise.Member, int, error) {
	if err := franchise.LockTeam(ctx, tx, franchiseID); err != nil {
		return nil, 0, err
	}
	members, err := franchise.Members(ctx, tx, franchiseID)
	if err != nil {
		return nil, 0, err
	}
	i := slices.IndexFunc(members, func(x franchise.Member) bool { return x.UserID == userID })
	if i < 0 {
		return nil, 0, ErrMemberNotFound
	}
	return members, i, nil
}
