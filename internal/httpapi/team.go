package httpapi

import (
	"net/http"

	"vitrine/internal/auth"
)

// teamManagers are the callers of a group's team routes: its 'Rede' members
// holding 'Gerenciar equipe', and the platform administrators (userA), who
// manage any group's team without being members of it.
var teamManagers = reach{name: "network members holding 'Gerenciar equipe' and platform administrators (userA)",
	roles: teamRoles}

// team registers a route managing the team of the path's {franchise};
// anyone else gets 403/1403.
func (s *Server) team(pattern string, h func(w http.ResponseWriter, r *http.Request, m auth.TeamManager) error) {
	s.declare(pattern, teamManagers)
	s.signedIn(pattern, func(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
		m, err := s.Accounts.TeamManagerOf(r.Context(), p, r.PathValue("franchise"))
		if err != nil {
			return err
		}
		return h(w, r, m)
	})
}

// GET /api/team/{franchise} — members, pending invitations and the group's
// stores.
func (s *Server) listTeam(w http.ResponseWriter, r *http.Request, m auth.TeamManager) error {
	team, err := s.Accounts.Team(r.Context(), m)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, team)
	return nil
}

// POST /api/team/{franchise}/invite — mails an invitation.
func (s *Server) inviteMember(w http.ResponseWriter, r *http.Request, m auth.TeamManager) error {
	var in auth.InviteInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	inv, err := s.Accounts.Invite(r.Context(), m, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"invitation": inv})
	return nil
}

// DELETE /api/team/{franchise}/invite/{id} — revokes a pending invitation.
func (s *Server) revokeInvitation(w http.ResponseWriter, r *http.Request, m auth.TeamManager) error {
	if err := s.Accounts.RevokeInvitation(r.Context(), m, r.PathValue("id")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// POST /api/team/{franchise}/{userId} — changes a member's role and stores.
func (s *Server) changeMember(w http.ResponseWriter, r *http.Request, m auth.TeamManager) error {
	var in auth.MemberInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	member, err := s.Accounts.ChangeMember(r.Context(), m, r.PathValue("userId"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"member": member})
	return nil
}

// DELETE /api/team/{franchise}/{userId} — removes a member.
func (s *Server) removeMember(w http.ResponseWriter, r *http.Request, m auth.TeamManager) error {
	if err := s.Accounts.RemoveMember(r.Context(), m, r.PathValue("userId")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// GET /api/invite/{code} — what an invitation's link shows.
func (s *Server) showInvitation(w http.ResponseWriter, r *http.Request) error {
	v, err := s.Accounts.ShowInvitation(r.Context(), r.PathValue("code"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

// POST /api/invite/{code}/accept — joins the group: an existing account
// signed in as the invited e-mail (bearer token), or a new person with a
// name and a password, who gets a session as the sign-in answer gives.
func (s *Server) acceptInvitation(w http.ResponseWriter, r *http.Request) error {
	by, r, err := s.optionalCaller(r)
	if err != nil {
		return err
	}
	var in auth.AcceptInput
	if err := decodeOptional(w, r, &in); err != nil {
		return err
	}
	out, err := s.Accounts.AcceptInvitation(r.Context(), r.PathValue("code"), by, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
