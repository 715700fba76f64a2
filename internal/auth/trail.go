package auth

import (
	"context"
	"slices"
	"sync"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/franchise"
	"vitrine/internal/tenant"
)

// What the audit trail keeps of accounts, sessions and teams. Accounts and
// sessions join the platform's chain (FranchiseID ""); memberships and
// invitations join their group's. A transaction that records in both
// records in the group's first, so that chains are always locked in the
// same order.

// memberView is a membership, or an invitation to one, as the audit trail
// keeps it: the stores by name, as they were called then.
type memberView struct {
	Email      string      `json:"email"`
	Role       tenant.Role `json:"role"`
	Stores     []string    `json:"stores"`
	ManageTeam bool        `json:"manageTeam"`
	// ApproveContent is 'Aprovar conteúdo'.
	ApproveContent bool `json:"approveContent"`
	storeIDs       []string
}

// viewOf is a membership as the trail keeps it; the permissions count only
// for the network.
func viewOf(email string, role tenant.Role, manageTeam, approveContent bool, storeIDs []string, stores []franchise.StoreRef) memberView {
	v := memberView{Email: email, Role: role, ManageTeam: manageTeam && role == tenant.Network,
		ApproveContent: approveContent && role == tenant.Network, Stores: []string{}}
	for _, st := range stores {
		if slices.Contains(storeIDs, st.ID) {
			v.Stores = append(v.Stores, st.Name)
			v.storeIDs = append(v.storeIDs, st.ID)
		}
	}
	return v
}

// recordMember records, in the group's chain, a membership (kind member)
// or an invitation (kind invitation) going from before to after (nil: there
// was none, there is none); nothing when no field changed.
func (s *Service) recordMember(ctx context.Context, tx *db.Tx, franchiseID, kind, id, name, action string, before, after *memberView, actor *audit.Actor) {
	var b, a any
	var bIDs, aIDs []string
	if before != nil {
		b, bIDs = *before, before.storeIDs
	}
	if after != nil {
		a, aIDs = *after, after.storeIDs
	}
	changes := audit.Diff(b, a)
	if len(changes) == 0 {
		return
	}
	audit.Record(ctx, tx, audit.Entry{FranchiseID: franchiseID, StoreID: concernedStore(bIDs, aIDs),
		Kind: kind, ID: id, Name: name, Action: action, Changes: changes, At: s.now(), Actor: actor})
}

// concernedStore places a membership's record: in the one store the change
// concerns (the stores before and after together), so that the store's
// franchisee and manager see it; in the network's records ("") when it
// concerns none or several.
func concernedStore(before, after []string) string {
	all := slices.Concat(before, after)
	slices.Sort(all)
	all = slices.Compact(all)
	if len(all) == 1 {
		return all[0]
	}
	return ""
}

// actingAs is the actor of a change made on a public route, where the
// request has no signed-in user: the account it acts for (the new member
// accepting, the owner of a reset code). A signed-in caller stays the actor.
func actingAs(ctx context.Context, userID, email string) *audit.Actor {
	a := audit.ActorFrom(ctx)
	if a.UserID == "" {
		a.UserID, a.Email = userID, email
	}
	return &a
}

// recordRemoval records the membership x of the group removed.
func (s *Service) recordRemoval(ctx context.Context, tx *db.Tx, franchiseID string, x franchise.Member) error {
	stores, err := franchise.Stores(ctx, tx, franchiseID)
	if err != nil {
		return err
	}
	people, err := usersByID(ctx, tx, []string{x.UserID})
	if err != nil {
		return err
	}
	u := people[x.UserID]
	was := viewOf(u.Email, x.Role, x.ManageTeam, x.ApproveContent, x.Stores, stores)
	s.recordMember(ctx, tx, franchiseID, audit.KindMember, x.UserID, u.Name, audit.ActionDelete, &was, nil, nil)
	return nil
}

// recordFranchiseChange records, in the group's chain, the membership an
// administrator's ADD makes or DEL ends; nothing when there is none to make
// or to end.
func (s *Service) recordFranchiseChange(ctx context.Context, tx *db.Tx, f tenant.Franchise, u User, action string) error {
	memberships, err := franchise.Memberships(ctx, tx, u.ID)
	if err != nil {
		return err
	}
	m, member := memberships[f.Slug]
	switch {
	case action == "ADD" && !member:
		after := viewOf(u.Email, tenant.Network, false, false, nil, nil)
		s.recordMember(ctx, tx, f.ID, audit.KindMember, u.ID, u.Name, audit.ActionCreate, nil, &after, nil)
	case action == "DEL" && member:
		stores, err := franchise.Stores(ctx, tx, f.ID)
		if err != nil {
			return err
		}
		before := viewOf(u.Email, m.Role, m.ManageTeam, m.ApproveContent, m.Stores, stores)
		s.recordMember(ctx, tx, f.ID, audit.KindMember, u.ID, u.Name, audit.ActionDelete, &before, nil, nil)
	}
	return nil
}

// notAccountFields are the fields of a User that are not the account's own
// (its groups have their own records) or never change.
var notAccountFields = []string{"id", "franchise", "roles", "impersonator"}

// recordAccount records a change of the account from before to after
// (nil before: created); nothing when no field changed.
func (s *Service) recordAccount(ctx context.Context, tx *db.Tx, action string, before, after *User, actor *audit.Actor) {
	var b, a any
	if before != nil {
		b = *before
	}
	if after != nil {
		a = *after
	}
	changes := audit.Diff(b, a, notAccountFields...)
	if len(changes) == 0 {
		return
	}
	u := after
	if u == nil {
		u = before
	}
	audit.Record(ctx, tx, audit.Entry{Kind: audit.KindUser, ID: u.ID, Name: u.Name, Action: action,
		Changes: changes, At: s.now(), Actor: actor})
}

// account reads an account as the trail compares it.
func account(ctx context.Context, q db.Querier, id string) (User, error) {
	row, err := userByID(ctx, q, id)
	if err != nil {
		return User{}, err
	}
	return withFranchises(ctx, q, row)
}

// Why a sign-in failed.
const (
	reasonWrongPassword = "wrongPassword"
	reasonUnknownEmail  = "unknownEmail"
	reasonThrottled     = "throttled"
	reasonNotVerified   = "notVerified"
	// Single sign-ins the provider vouched for but Vitrine refused.
	reasonSSODomain     = "ssoDomain"
	reasonSSOUnverified = "ssoUnverified"
	reasonSSORemoved    = "ssoRemoved"
)

// signInActor is the actor of a sign-in: nobody is signed in yet, so it is
// the account once known, from the request's address.
func signInActor(ctx context.Context, u *userRow, ip string) *audit.Actor {
	a := audit.ActorFrom(ctx)
	if u != nil {
		a.UserID, a.Email = u.ID, u.Email
	}
	if a.Address == "" {
		a.Address = ip
	}
	return &a
}

// recordSignIn records a successful sign-in in the session's transaction.
func (s *Service) recordSignIn(ctx context.Context, tx *db.Tx, u userRow, ip string, at time.Time) {
	audit.Record(ctx, tx, audit.Entry{Kind: audit.KindSession, ID: u.ID, Name: u.Email,
		Action: audit.ActionSignIn, At: at, Actor: signInActor(ctx, &u, ip)})
}

// recordFailure records a failed sign-in: the e-mail tried and why, never
// the password. Every failure it is called for was counted by the
// throttle or passed through refused, so the records of one address or
// e-mail are bounded like its attempts. A record that cannot be written
// is logged: the caller's answer stays the failure.
func (s *Service) recordFailure(ctx context.Context, email, ip string, u *userRow, reason string, at time.Time) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	id := ""
	if u != nil {
		id = u.ID
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		audit.Record(ctx, tx, audit.Entry{Kind: audit.KindSession, ID: id, Name: email,
			Action: audit.ActionSignInFailed, At: at, Actor: signInActor(ctx, u, ip),
			Changes: []audit.Change{audit.Set("email", nil, email), audit.Set("reason", nil, reason)}})
		return nil
	})
	if err != nil {
		s.log.Error("failed sign-in not recorded", "err", err, "reason", reason)
	}
}

// refused records a sign-in refused without counting against the throttle
// (throttled already, or an account not verified yet): such a refusal costs
// the caller nothing, so only the first of each address and of each e-mail
// within LoginWindow is recorded — repeating it cannot fill the database.
func (s *Service) refused(ctx context.Context, email, ip string, u *userRow, reason string, now time.Time) {
	keys := []string{reason + " email " + email}
	if ip != "" {
		keys = append(keys, reason+" ip "+ip)
	}
	if !s.refusals.first(now, now.Add(LoginWindow), keys...) {
		return
	}
	if u == nil {
		if found, err := userByEmail(ctx, s.db, email); err == nil {
			u = &found
		}
	}
	s.recordFailure(ctx, email, ip, u, reason, now)
}

// maxRefusalNotes bounds the memory of refusalNotes; when it is full of
// live notes, refusals go unrecorded rather than grow it.
const maxRefusalNotes = 10_000

// refusalNotes remembers, on this replica, until when a key's refusals are
// already recorded.
type refusalNotes struct {
	mu    sync.Mutex
	until map[string]time.Time
}

// first tells whether none of keys is noted at now, and notes them all
// until until.
func (n *refusalNotes) first(now, until time.Time, keys ...string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.until == nil {
		n.until = map[string]time.Time{}
	}
	noted := false
	for _, k := range keys {
		if t, ok := n.until[k]; ok && now.Before(t) {
			noted = true
		}
	}
	if len(n.until)+len(keys) > maxRefusalNotes {
		for k, t := range n.until {
			if !now.Before(t) {
				delete(n.until, k)
			}
		}
		if len(n.until)+len(keys) > maxRefusalNotes {
			return false
		}
	}
	for _, k := range keys {
		if until.After(n.until[k]) {
			n.until[k] = until
		}
	}
	return !noted
}
