package auth

import (
	"strings"
	"testing"

	"vitrine/internal/franchise"
	"vitrine/internal/tenant"
)

// A member changing their own membership may narrow it, never widen it:
// a higher role, 'Gerenciar equipe', 'Aprovar conteúdo', or a store they
// did not have.
func TestRaisesTellsAWiderMembership(t *testing.T) {
	franchisee := franchise.Member{Role: tenant.Franchisee, Stores: []string{"a", "b"}}
	network := franchise.Member{Role: tenant.Network}
	manager := franchise.Member{Role: tenant.Network, ManageTeam: true}
	approver := franchise.Member{Role: tenant.Network, ApproveContent: true}
	for _, tc := range []struct {
		name           string
		before         franchise.Member
		role           tenant.Role
		manageTeam     bool
		approveContent bool
		stores         []string
		want           bool
	}{
		{"franchisee to network", franchisee, tenant.Network, false, false, nil, true},
		{"franchisee to store manager", franchisee, tenant.StoreManager, false, false, []string{"a"}, false},
		{"franchisee keeps one of their stores", franchisee, tenant.Franchisee, false, false, []string{"b"}, false},
		{"franchisee adds a store", franchisee, tenant.Franchisee, false, false, []string{"a", "c"}, true},
		{"network takes 'Gerenciar equipe'", network, tenant.Network, true, false, nil, true},
		{"manager drops 'Gerenciar equipe'", manager, tenant.Network, false, false, nil, false},
		{"manager keeps it", manager, tenant.Network, true, false, nil, false},
		{"network takes 'Aprovar conteúdo'", network, tenant.Network, false, true, nil, true},
		{"manager takes 'Aprovar conteúdo'", manager, tenant.Network, true, true, nil, true},
		{"approver drops 'Aprovar conteúdo'", approver, tenant.Network, false, false, nil, false},
		{"approver keeps it", approver, tenant.Network, false, true, nil, false},
		{"approver trades it for 'Gerenciar equipe'", approver, tenant.Network, true, false, nil, true},
		{"store manager to franchisee", franchise.Member{Role: tenant.StoreManager, Stores: []string{"a"}}, tenant.Franchisee, false, false, []string{"a"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := MemberInput{Role: tc.role, ManageTeam: tc.manageTeam, ApproveContent: tc.approveContent}
			if got := raises(tc.before, in, tc.stores); got != tc.want {
				t.Fatalf("raises = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestInviteMailLinksToTheInvitation(t *testing.T) {
	m := inviteMail("https://vitrine.example", "ana@example.com", "", "Rede Sul", "Nina", tenant.Franchisee, "c0d3")
	if m.Recipient != "ana@example.com" || m.Subject != "Convite para a equipe de Rede Sul no Vitrine" {
		t.Fatalf("mail %q to %q", m.Subject, m.Recipient)
	}
	for _, part := range []string{"Olá!", "Nina convidou você", "Franqueado", "https://vitrine.example/convite?code=c0d3", "7 dias"} {
		if !strings.Contains(m.Body, part) || !strings.Contains(m.HTML, part) {
			t.Errorf("the mail lacks %q:\n%s", part, m.Body)
		}
	}
}
