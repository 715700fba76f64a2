package httpapi_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/testutil"
)

// 'Aprovar conteúdo' (approveContent) is a network member's permission like
// 'Gerenciar equipe': given by invitation or by a change of the member,
// refused for other roles, never raised by oneself. 'Publicar conteúdo
// local sem aprovação' (localWithoutApproval) is a group's setting its
// network edits with the group's details.

// conforms fails unless the answer r is a valid component of the contract.
func conforms(t *testing.T, r *testutil.Response, component string) {
	t.Helper()
	if err := validFrame(frameSchema(t, component), r.Body); err != nil {
		t.Fatalf("the answer is not a valid %s of api/openapi.yaml:\n%s\n%v", component, r.Body, err)
	}
}

type approverMember struct {
	ID, Email, Role string
	ManageTeam      bool
	ApproveContent  bool
}

func (f *teamFixture) member(token, userID string) approverMember {
	f.t.Helper()
	r := f.a.Do(f.t, "GET", "/api/team/"+f.slug, token, nil)
	mustStatus(f.t, r, 200)
	conforms(f.t, r, "Team")
	var out struct{ Members []approverMember }
	r.Decode(f.t, &out)
	i := slices.IndexFunc(out.Members, func(m approverMember) bool { return m.ID == userID })
	if i < 0 {
		f.t.Fatalf("%s is not in the team %+v", userID, out.Members)
	}
	return out.Members[i]
}

// role reads the caller's role in the group from their user detail.
func roleOf(t *testing.T, a *testutil.TestApp, token, slug string) (role string, manageTeam, approveContent bool) {
	t.Helper()
	r := a.Do(t, "GET", "/api/user/detail", token, nil)
	mustStatus(t, r, 200)
	conforms(t, r, "UserDetailResponse")
	var detail struct {
		User struct {
			Roles map[string]struct {
				Role           string
				ManageTeam     bool
				ApproveContent bool
			}
		}
	}
	r.Decode(t, &detail)
	x, ok := detail.User.Roles[slug]
	if !ok {
		t.Fatalf("no role in %s", slug)
	}
	return x.Role, x.ManageTeam, x.ApproveContent
}

// auditChanges returns the changes of the group's newest record of kind.
func auditChanges(t *testing.T, a *testutil.TestApp, token, slug, kind string) map[string][2]any {
	t.Helper()
	r := a.Do(t, "GET", "/api/audit/"+slug+"?kind="+kind, token, nil)
	mustStatus(t, r, 200)
	var p auditPage
	r.Decode(t, &p)
	if len(p.Records) == 0 {
		t.Fatalf("no %s record", kind)
	}
	out := map[string][2]any{}
	for _, c := range p.Records[0].Changes {
		out[c.Field] = [2]any{c.Before, c.After}
	}
	return out
}

// A network member invited with 'Aprovar conteúdo' joins holding it; the
// team, the invitation and the member's session say so; the trail records
// it; and ContentApproverOf lets them approve.
func TestTeamApproveContentThroughInvitation(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newTeamFixture(t, a)
		ctx := context.Background()
		email := "aprova-" + a.Unique() + "@example.com"

		r := a.Do(t, "POST", "/api/team/"+f.slug+"/invite", f.nina.Token,
			map[string]any{"email": email, "role": "network", "approveContent": true})
		mustStatus(t, r, 201)
		conforms(t, r, "TeamInvitationResponse")
		var sent struct {
			Invitation struct {
				ID                         string
				ManageTeam, ApproveContent bool
			}
		}
		r.Decode(t, &sent)
		if sent.Invitation.ManageTeam || !sent.Invitation.ApproveContent {
			t.Fatalf("invitation %+v", sent.Invitation)
		}
		_, code := mailedCode(t, a, email)

		r = a.Do(t, "GET", "/api/team/"+f.slug, f.nina.Token, nil)
		mustStatus(t, r, 200)
		conforms(t, r, "Team")
		var team struct {
			Invitations []struct {
				Email          string
				ApproveContent bool
			}
		}
		r.Decode(t, &team)
		if len(team.Invitations) != 1 || !team.Invitations[0].ApproveContent {
			t.Fatalf("pending invitations %+v", team.Invitations)
		}
		if c := auditChanges(t, a, f.nina.Token, f.slug, "invitation"); c["approveContent"][1] != true {
			t.Fatalf("the invitation's record %+v", c)
		}

		r = a.Do(t, "POST", "/api/invite/"+code+"/accept", "", map[string]any{"name": "Aprovadora", "auth": password})
		mustStatus(t, r, 200)
		var accepted struct{ Token string }
		r.Decode(t, &accepted)
		if role, team, approve := roleOf(t, a, accepted.Token, f.slug); role != "network" || team || !approve {
			t.Fatalf("the new member's role %s manageTeam %v approveContent %v", role, team, approve)
		}
		p, err := a.Accounts.Authenticate(ctx, accepted.Token)
		if err != nil {
			t.Fatal(err)
		}
		if m := f.member(f.nina.Token, p.UserID); !m.ApproveContent || m.ManageTeam || m.Role != "network" {
			t.Fatalf("the new member in the team %+v", m)
		}
		if c := auditChanges(t, a, f.nina.Token, f.slug, "member"); c["approveContent"][1] != true {
			t.Fatalf("the acceptance's record %+v", c)
		}
		approver, err := a.Accounts.ContentApproverOf(ctx, p, f.slug)
		if err != nil || approver.Franchise.ID != f.id || approver.UserID != p.UserID || approver.Admin {
			t.Fatalf("ContentApproverOf = %+v, %v", approver, err)
		}

		// An invitation to the network without it gives a member without it.
		plain := "simples-" + a.Unique() + "@example.com"
		code = f.invite(plain, map[string]any{"role": "network"})
		r = a.Do(t, "POST", "/api/invite/"+code+"/accept", "", map[string]any{"name": "Simples", "auth": password})
		mustStatus(t, r, 200)
		r.Decode(t, &accepted)
		if _, _, approve := roleOf(t, a, accepted.Token, f.slug); approve {
			t.Fatal("a member invited without 'Aprovar conteúdo' holds it")
		}
	})
}

// Changing a member gives and takes 'Aprovar conteúdo'; a role other than
// the network is refused it; nobody gives it to themselves; the platform
// administrator may.
func TestTeamApproveContentChangeAndRefusals(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := newTeamFixture(t, a)
		ctx := context.Background()
		path := "/api/team/" + f.slug + "/"

		r := a.Do(t, "POST", path+f.fabio.ID, f.nina.Token, map[string]any{"role": "network", "approveContent": true})
		mustStatus(t, r, 200)
		conforms(t, r, "TeamMemberResponse")
		var changed struct {
			Member approverMember
		}
		r.Decode(t, &changed)
		if !changed.Member.ApproveContent || changed.Member.ManageTeam || changed.Member.Role != "network" {
			t.Fatalf("the changed member %+v", changed.Member)
		}
		if m := f.member(f.nina.Token, f.fabio.ID); !m.ApproveContent {
			t.Fatalf("fabio in the team %+v", m)
		}
		if _, _, approve := roleOf(t, a, f.fabio.Token, f.slug); !approve {
			t.Fatal("fabio's session does not hold 'Aprovar conteúdo'")
		}
		if c := auditChanges(t, a, f.nina.Token, f.slug, "member"); c["approveContent"] != [2]any{false, true} {
			t.Fatalf("the change's record %+v", c)
		}
		p, err := a.Accounts.Authenticate(ctx, f.fabio.Token)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Accounts.ContentApproverOf(ctx, p, f.slug); err != nil {
			t.Fatalf("fabio may not approve: %v", err)
		}

		// The network member drops it: no longer an approver.
		mustStatus(t, a.Do(t, "POST", path+f.fabio.ID, f.nina.Token, map[string]any{"role": "network"}), 200)
		if p, err = a.Accounts.Authenticate(ctx, f.fabio.Token); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Accounts.ContentApproverOf(ctx, p, f.slug); !errors.Is(err, fault.ErrForbidden) {
			t.Fatalf("without the permission: %v", err)
		}

		before := teamState(t, a)
		a.Expect(t, testutil.Scenario{Method: "POST", Path: path + f.gabi.ID, Token: f.nina.Token,
			Body:   map[string]any{"role": "store", "stores": []string{"loja-a"}, "approveContent": true},
			Status: 400, Code: 1003, Contains: []string{"Apenas membros da rede podem ter 'Aprovar conteúdo'."}})
		a.Expect(t, testutil.Scenario{Method: "POST", Path: path + "invite", Token: f.nina.Token,
			Body:   map[string]any{"email": "franq-" + a.Unique() + "@example.com", "role": "franchisee", "stores": []string{"loja-a"}, "approveContent": true},
			Status: 400, Code: 1003, Contains: []string{"Apenas membros da rede podem ter 'Aprovar conteúdo'."}})
		// nina manages the team but does not approve: she may not give it to herself.
		a.Expect(t, testutil.Scenario{Method: "POST", Path: path + f.nina.ID, Token: f.nina.Token,
			Body: map[string]any{"role": "network", "manageTeam": true, "approveContent": true}, Status: 403, Code: 1403})
		// Nor may someone who does not manage the team.
		a.Expect(t, testutil.Scenario{Method: "POST", Path: path + f.fabio.ID, Token: f.fabio.Token,
			Body: map[string]any{"role": "network", "approveContent": true}, Status: 403, Code: 1403})
		if after := teamState(t, a); after != before {
			t.Fatalf("a refused change altered the database")
		}
		if m := f.member(f.nina.Token, f.nina.ID); m.ApproveContent {
			t.Fatal("nina gave herself 'Aprovar conteúdo'")
		}

		admin := a.SeedUser(t, "adm-"+a.Unique()+"@example.com", `{"userA":1}`)
		mustStatus(t, a.Do(t, "POST", path+f.nina.ID, admin.Token,
			map[string]any{"role": "network", "manageTeam": true, "approveContent": true}), 200)
		if m := f.member(f.nina.Token, f.nina.ID); !m.ApproveContent || !m.ManageTeam {
			t.Fatalf("nina after the administrator's change %+v", m)
		}
		// Holding it, she may keep it, and drop it.
		mustStatus(t, a.Do(t, "POST", path+f.nina.ID, f.nina.Token,
			map[string]any{"role": "network", "manageTeam": true, "approveContent": true}), 200)
		mustStatus(t, a.Do(t, "POST", path+f.nina.ID, f.nina.Token, map[string]any{"role": "network", "manageTeam": true}), 200)

		// The administrator approves in any group, a member or not; not through an impersonation.
		ap, err := a.Accounts.Authenticate(ctx, admin.Token)
		if err != nil {
			t.Fatal(err)
		}
		approver, err := a.Accounts.ContentApproverOf(ctx, ap, f.slug)
		if err != nil || !approver.Admin || approver.Franchise.ID != f.id {
			t.Fatalf("the administrator: %+v, %v", approver, err)
		}
		if _, err := a.Accounts.ContentApproverOf(ctx, ap, "nao-existe"); !errors.Is(err, franchise.ErrNotFound) {
			t.Fatalf("an unknown group: %v", err)
		}
		ip, err := a.Accounts.Authenticate(ctx, impersonate(t, a, f.gabi.ID, admin.ID))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Accounts.ContentApproverOf(ctx, ip, f.slug); !errors.Is(err, fault.ErrForbidden) {
			t.Fatalf("an administrator as a store manager: %v", err)
		}
	})
}

// A new group's creator holds both permissions; the group starts with
// 'Publicar conteúdo local sem aprovação' off; its network turns it on
// and off with the group's details, which the trail records; a franchisee
// may not.
func TestFranchiseLocalWithoutApproval(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ctx := context.Background()
		u := a.Unique()
		owner := a.SeedUser(t, "dono-"+u+"@example.com", "")
		fabio := a.SeedUser(t, "fabio-"+u+"@example.com", "")

		r := a.Do(t, "POST", "/api/franchise", owner.Token, map[string]any{"name": "Rede Local " + u})
		mustStatus(t, r, 201)
		conforms(t, r, "FranchiseResponse")
		var created struct {
			Franchise struct {
				Slug                 string
				LocalWithoutApproval bool
			}
		}
		r.Decode(t, &created)
		slug := created.Franchise.Slug
		if created.Franchise.LocalWithoutApproval {
			t.Fatal("a new group publishes local content without approval")
		}
		if role, team, approve := roleOf(t, a, owner.Token, slug); role != "network" || !team || !approve {
			t.Fatalf("the creator's role %s manageTeam %v approveContent %v", role, team, approve)
		}
		if c := auditChanges(t, a, owner.Token, slug, "member"); c["approveContent"][1] != true {
			t.Fatalf("the creator's membership record %+v", c)
		}
		p, err := a.Accounts.Authenticate(ctx, owner.Token)
		if err != nil {
			t.Fatal(err)
		}
		f, err := a.Franchises.BySlug(ctx, slug)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Accounts.ContentApproverOf(ctx, p, slug); err != nil {
			t.Fatalf("the creator may not approve: %v", err)
		}

		r = a.Do(t, "POST", "/api/franchise/"+slug, owner.Token, map[string]any{"localWithoutApproval": true})
		mustStatus(t, r, 200)
		conforms(t, r, "FranchiseResponse")
		if !r.JSON(t)["franchise"].(map[string]any)["localWithoutApproval"].(bool) {
			t.Fatalf("the update's answer %s", r.Body)
		}
		if on, err := franchise.LocalWithoutApproval(ctx, a.DB, f.ID); err != nil || !on {
			t.Fatalf("LocalWithoutApproval = %v, %v", on, err)
		}
		if c := auditChanges(t, a, owner.Token, slug, "group"); c["localWithoutApproval"] != [2]any{false, true} {
			t.Fatalf("the group's record %+v", c)
		}
		// Another field's change keeps it.
		mustStatus(t, a.Do(t, "POST", "/api/franchise/"+slug, owner.Token, map[string]any{"city": "Campinas"}), 200)
		r = a.Do(t, "GET", "/api/franchise", owner.Token, nil)
		mustStatus(t, r, 200)
		conforms(t, r, "FranchiseList")
		var list struct {
			FranchiseList []struct {
				Slug, City           string
				LocalWithoutApproval bool
			}
		}
		r.Decode(t, &list)
		if i := slices.IndexFunc(list.FranchiseList, func(x struct {
			Slug, City           string
			LocalWithoutApproval bool
		}) bool {
			return x.Slug == slug
		}); i < 0 || !list.FranchiseList[i].LocalWithoutApproval || list.FranchiseList[i].City != "Campinas" {
			t.Fatalf("the list %+v", list.FranchiseList)
		}

		// A franchisee may not change the group.
		if _, err := a.DB.ExecContext(ctx, `INSERT INTO user_franchises (user_id, franchise_id, created_at) VALUES (?, ?, ?)`,
			fabio.ID, f.ID, a.Now().UnixMilli()); err != nil {
			t.Fatal(err)
		}
		mustStatus(t, a.Do(t, "POST", "/api/store/"+slug, owner.Token, storeBody("Loja A")), 201)
		a.SetMembership(t, fabio.ID, f.ID, "franchisee", "loja-a")
		a.Expect(t, testutil.Scenario{Method: "POST", Path: "/api/franchise/" + slug, Token: fabio.Token,
			Body: map[string]any{"localWithoutApproval": false}, Status: 403, Code: 1403})
		if on, _ := franchise.LocalWithoutApproval(ctx, a.DB, f.ID); !on {
			t.Fatal("a franchisee's refused change turned the setting off")
		}

		mustStatus(t, a.Do(t, "POST", "/api/franchise/"+slug, owner.Token, map[string]any{"localWithoutApproval": false}), 200)
		if on, _ := franchise.LocalWithoutApproval(ctx, a.DB, f.ID); on {
			t.Fatal("the setting stayed on")
		}
		if _, err := franchise.LocalWithoutApproval(ctx, a.DB, "nada"); !errors.Is(err, franchise.ErrNotFound) {
			t.Fatalf("an unknown group: %v", err)
		}
	})
}
