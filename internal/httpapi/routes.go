package httpapi

import "vitrine/internal/apitoken"

// registerRoutes lists every route of the API in one place, with who may call
// it: public (no token), user (any session, on its own account), admin (an
// administrator), permitted (holding a permission), device (a TV box),
// scoped (a member of the {franchise} in the path whose role the route's
// reach admits — everyRole, franchisees or networkOnly, see scope.go and
// docs/roles.md; the handler gets that tenant, narrowed to the member's
// stores), impersonating (scoped, through an impersonation session whose
// administrator holds a permission), team (the group's team managers, see
// team.go). Each domain keeps its block; the
// handlers live in the file named after the domain.
func (s *Server) registerRoutes() {
	s.public("GET /api/health", s.health)
	s.public("GET /api/openapi.yaml", s.openAPI)

	// Accounts: sign-in, sessions, e-mail verification, password reset, and
	// user administration (userA) with impersonation.
	s.public("POST /api/user/auth", s.login)
	s.public("POST /api/user/register", s.registerUser)
	s.public("POST /api/user/verify-link", s.verifyEmail)
	s.public("POST /api/user/request-reset-pwd", s.requestPasswordReset)
	s.public("POST /api/user/reset-pwd-link", s.resetPassword)
	s.user("POST /api/user/pwd", s.changePassword)
	s.user("POST /api/user/logout", s.logout)
	s.user("GET /api/user/detail", s.userDetail)
	s.user("POST /api/user/detail", s.updateUserDetail)
	s.permitted("GET /api/user/all", "userA", s.listUsers)
	s.permitted("POST /api/user/impersonate", "userA", s.impersonate)
	s.permitted("POST /api/user/franchise", "userA", s.changeUserFranchise)
	s.permitted("POST /api/user/detail/adm", "userA", s.adminUpdateUser)

	// The console's event stream: its franchise's changes as they happen.
	s.member("GET /api/events/{franchise}", everyRole, s.franchiseEvents)
	s.streams["GET /api/events/{franchise}"] = true

	// Media library; files are uploaded straight to storage with a signed
	// policy, and served from /files when storage is the local folder.
	s.scoped("GET /api/media/{franchise}", franchisees, s.listMedia)
	s.scoped("GET /api/media/file/{franchise}", networkOnly, s.mediaUploadPolicy)
	s.scoped("POST /api/media/{franchise}", networkOnly, s.registerMedia)
	s.slow["POST /api/media/{franchise}"] = true // probes and thumbnails the file
	s.scoped("POST /api/media/{franchise}/{id}", networkOnly, s.updateMedia)
	s.scoped("DELETE /api/media/{franchise}/{id}", networkOnly, s.deleteMedia)
	s.public("POST /files/upload", s.uploadFile)
	s.public("GET /files/{path...}", s.serveFile)

	// Franchises (groups)
	s.user("GET /api/franchise", s.listFranchises)
	s.admin("GET /api/franchise/all", s.listAllFranchises)
	s.user("POST /api/franchise", s.createFranchise)
	s.member("POST /api/franchise/{slug}", networkOnly, s.updateFranchise)

	// Stores, their contacts, and WhatsApp messages to them
	s.keptList("GET /api/store/{franchise}", everyRole, "stores", s.storeList)
	s.scoped("POST /api/store/{franchise}", networkOnly, s.createStore)
	s.scoped("GET /api/store/{franchise}/notify", franchisees, s.listStoreMessages)
	s.scoped("POST /api/store/{franchise}/notify", franchisees, s.notifyStores)
	s.public("GET /api/whatsapp/webhook", s.verifyWhatsAppWebhook)
	s.public("POST /api/whatsapp/webhook", s.receiveWhatsAppWebhook)
	s.scoped("POST /api/store/{franchise}/{storeSlug}", everyRole, s.updateStore)
	s.scoped("DELETE /api/store/{franchise}/{storeSlug}", networkOnly, s.deleteStore)
	s.scoped("GET /api/store/{franchise}/{storeSlug}/hours", everyRole, s.storeHours)
	s.scoped("PUT /api/store/{franchise}/{storeSlug}/hours", everyRole, s.setStoreHours)

	// Schedules: entries, ad slots, footer
	s.scoped("GET /api/schedule/{franchise}", franchisees, s.listSchedules)
	s.scoped("POST /api/schedule/{franchise}", networkOnly, s.createSchedule)
	s.scoped("GET /api/schedule/{franchise}/{id}", franchisees, s.getSchedule)
	s.scoped("POST /api/schedule/{franchise}/{id}", networkOnly, s.updateSchedule)
	s.scoped("DELETE /api/schedule/{franchise}/{id}", networkOnly, s.deleteSchedule)
	s.scoped("DELETE /api/schedule/{franchise}/{id}/{index}", networkOnly, s.removeScheduleEntry)
	s.scoped("POST /api/schedule/{franchise}/{id}/dup", networkOnly, s.duplicateSchedule)
	s.scopedIf("POST /api/schedule/{franchise}/{id}/config", networkOnly, actsAsAdmin, s.saveScheduleFooter)
	s.scopedIf("POST /api/schedule/{franchise}/{id}/slot", networkOnly, adsCenter, s.addScheduleSlot)
	s.scoped("GET /api/footer/{franchise}", franchisees, s.footerValues) // the footer previews' weather and quotes

	// Displays (TVs) and remote commands to their TV boxes
	s.keptList("GET /api/display/{franchise}", everyRole, "displays", s.franchiseDisplayList)
	s.scoped("GET /api/display/{franchise}/{storeSlug}", everyRole, s.listStoreDisplays)
	s.scoped("POST /api/display/{franchise}/{storeSlug}", franchisees, s.createDisplay)
	s.scoped("POST /api/display/{franchise}/{storeSlug}/{displayId}", franchisees, s.updateDisplay)
	s.scoped("DELETE /api/display/{franchise}/{storeSlug}/{displayId}", franchisees, s.deleteDisplay)
	s.scoped("GET /api/display/{franchise}/{storeSlug}/{displayId}/now", everyRole, s.displayNow)
	s.scoped("GET /api/display/{franchise}/{storeSlug}/{displayId}/health", everyRole, s.displayHealth)
	s.scoped("GET /api/display/{franchise}/{storeSlug}/{displayId}/screen", everyRole, s.displayScreen)
	s.scoped("GET /api/display/{franchise}/{storeSlug}/{displayId}/live", everyRole, s.displayLive)
	s.impersonating("POST /api/display/{franchise}/{storeSlug}/{displayId}/admin-command", everyRole, "dispA", s.queueDisplayCommand)
	s.scoped("GET /api/display/{franchise}/{storeSlug}/{displayId}/commands", everyRole, s.listDisplayCommands)
	s.scoped("GET /api/display/{franchise}/{storeSlug}/{displayId}/commands/{commandId}/file", everyRole, s.displayCommandFile)

	// TV boxes (players): pairing, the socket that pushes playlists and
	// commands, command answers (docs/device-protocol.md).
	s.public("POST /api/device/hello", s.deviceHello)
	s.public("GET /api/device/ws", s.deviceSocket)
	s.streams["GET /api/device/ws"] = true
	s.device("POST /api/device/command/{id}", s.answerCommand)
	s.device("GET /api/device/footer", s.deviceFooter)
	s.slow["POST /api/device/command/{id}"] = true // a screenshot or a video arrives

	// Advertisements (ads center, the ads-center permission): the calendar
	// of ad-slot positions, bookings, proof of play reported by players.
	s.scopedIf("GET /api/advertise/{franchise}", networkOnly, adsCenter, s.listAds)
	s.scopedIf("GET /api/advertise/{franchise}/map", networkOnly, adsCenter, s.adMap)
	s.scopedIf("POST /api/advertise/{franchise}", networkOnly, adsCenter, s.createAd)
	s.scopedIf("PUT /api/advertise/{franchise}", networkOnly, adsCenter, s.updateAd)
	s.scopedIf("GET /api/advertise/{franchise}/{id}", networkOnly, adsCenter, s.getAd)
	s.scopedIf("DELETE /api/advertise/{franchise}/{id}", networkOnly, adsCenter, s.deleteAd)
	s.scopedIf("GET /api/advertise/{franchise}/{id}/plays", networkOnly, adsCenter, s.adPlays)
	s.device("POST /api/device/plays", s.devicePlays)

	// Offline alerts: the TVs offline now, the alerts sent, and the
	// settings only an administrator changes.
	s.scoped("GET /api/alerts/{franchise}", everyRole, s.alertsOverview)
	s.scopedIf("POST /api/alerts/{franchise}", networkOnly, actsAsAdmin, s.saveAlertSettings)

	// The group's team ('Equipe'): its members, their roles and stores, and
	// invitations by e-mail (managers: 'Rede' with 'Gerenciar equipe', and
	// platform administrators); the invitation's link is public.
	s.team("GET /api/team/{franchise}", s.listTeam)
	s.team("POST /api/team/{franchise}/invite", s.inviteMember)
	s.team("DELETE /api/team/{franchise}/invite/{id}", s.revokeInvitation)
	s.team("POST /api/team/{franchise}/{userId}", s.changeMember)
	s.team("DELETE /api/team/{franchise}/{userId}", s.removeMember)
	// API tokens ('Integrações') for the group's own systems: the team's
	// managers make, list and revoke them (tokenScopes, below, says what
	// each route lets a token do).
	s.team("GET /api/tokens/{franchise}", s.listTokens)
	s.team("POST /api/tokens/{franchise}", s.createToken)
	s.team("DELETE /api/tokens/{franchise}/{id}", s.revokeToken)
	s.public("GET /api/invite/{code}", s.showInvitation)
	s.public("POST /api/invite/{code}/accept", s.acceptInvitation)

	// Single sign-on ('Login único', sso.go): the group's OpenID Provider,
	// configured by its team managers; the sign-in through it is public.
	s.team("GET /api/sso/settings/{franchise}", s.getSSO)
	s.team("PUT /api/sso/settings/{franchise}", s.saveSSO)
	s.team("DELETE /api/sso/settings/{franchise}", s.deleteSSO)
	s.public("POST /api/sso/check", s.checkSSO)
	s.public("GET /api/sso/start", s.startSSO)
	s.public("GET /api/sso/callback", s.ssoCallback)
	s.public("POST /api/sso/exchange", s.exchangeSSO)

	// The audit trail ('Atividade'): the group's records for the network
	// and franchisees (a franchisee's narrowed to their stores), as pages
	// or one CSV; any group's, or the platform's sign-ins, for userA.
	s.scoped("GET /api/audit/{franchise}", franchisees, s.listAudit)
	s.scoped("GET /api/audit/{franchise}/csv", franchisees, s.exportAudit)
	s.permitted("GET /api/admin/audit", "userA", s.adminListAudit)
	s.permitted("GET /api/admin/audit/csv", "userA", s.adminExportAudit)

	// Local content: each store's items in the local spaces of the
	// schedules its TVs play and its own media folder (franchisees and the
	// network change them, a store manager reads), and 'Aprovações' for
	// network members holding 'Aprovar conteúdo'.
	s.scoped("GET /api/local/{franchise}/{storeSlug}", everyRole, s.storeLocal)
	s.scoped("GET /api/local/{franchise}/{storeSlug}/file", franchisees, s.localUploadPolicy)
	s.scoped("POST /api/local/{franchise}/{storeSlug}/media", franchisees, s.registerLocalMedia)
	s.slow["POST /api/local/{franchise}/{storeSlug}/media"] = true // probes and thumbnails the file
	s.scoped("DELETE /api/local/{franchise}/{storeSlug}/media/{id}", franchisees, s.deleteLocalMedia)
	s.scoped("POST /api/local/{franchise}/{storeSlug}/items", franchisees, s.addLocalItem)
	s.scoped("POST /api/local/{franchise}/{storeSlug}/items/{id}", franchisees, s.updateLocalItem)
	s.scoped("DELETE /api/local/{franchise}/{storeSlug}/items/{id}", franchisees, s.deleteLocalItem)
	s.approving("GET /api/approvals/{franchise}", s.listApprovals)
	s.approving("POST /api/approvals/{franchise}", s.decideApprovals)

	// Emergency overrides, for holders of the permission.
	s.overriding("GET /api/override/{franchise}", franchisees, s.listOverrides)
	s.overriding("POST /api/override/{franchise}", franchisees, s.startOverride)
	s.overriding("POST /api/override/{franchise}/reach", franchisees, s.overrideReach)
	s.overriding("POST /api/override/{franchise}/{id}/clear", franchisees, s.clearOverride)
}

// tokenScopes is the scope an API token ('Integrações') needs on each route
// of a group; a route absent from it refuses tokens (403/1403), and so do
// those marked apitoken.NoToken: the account's, team's, tokens' and
// platform's routes are never here. TestEveryGroupRouteDecidesOnTokens
// fails for a group route this list does not name, and
// TestTheContractDeclaresEachRoutesTokenScope holds api/openapi.yaml to it.
// Reads need read; the routes of the ads center and of emergency messages
// need their own scope, reads included (the token then holds the
// permission); asking for an upload policy needs media. A route that also
// asks for a permission (the footer editor: administrators; an ad slot:
// the ads center) asks it of the token too.
func tokenScopes() map[string]apitoken.Scope {
	const (
		read      = apitoken.Read
		media     = apitoken.Media
		schedules = apitoken.Schedules
		displays  = apitoken.Displays
		overrides = apitoken.Overrides
		ads       = apitoken.Ads
		none      = apitoken.NoToken
	)
	return map[string]apitoken.Scope{
		"GET /api/events/{franchise}": none, // a console's stream, held open

		"GET /api/media/{franchise}":         read,
		"GET /api/media/file/{franchise}":    media,
		"POST /api/media/{franchise}":        media,
		"POST /api/media/{franchise}/{id}":   media,
		"DELETE /api/media/{franchise}/{id}": media,

		"POST /api/franchise/{slug}": none,

		"GET /api/store/{franchise}":                   read,
		"POST /api/store/{franchise}":                  none,
		"GET /api/store/{franchise}/notify":            read,
		"POST /api/store/{franchise}/notify":           none,
		"POST /api/store/{franchise}/{storeSlug}":      none,
		"DELETE /api/store/{franchise}/{storeSlug}":    none,
		"GET /api/store/{franchise}/{storeSlug}/hours": read,
		"PUT /api/store/{franchise}/{storeSlug}/hours": none,

		"GET /api/schedule/{franchise}":                 read,
		"POST /api/schedule/{franchise}":                schedules,
		"GET /api/schedule/{franchise}/{id}":            read,
		"POST /api/schedule/{franchise}/{id}":           schedules,
		"DELETE /api/schedule/{franchise}/{id}":         schedules,
		"DELETE /api/schedule/{franchise}/{id}/{index}": schedules,
		"POST /api/schedule/{franchise}/{id}/dup":       schedules,
		"POST /api/schedule/{franchise}/{id}/config":    schedules,
		"POST /api/schedule/{franchise}/{id}/slot":      schedules,
		"GET /api/footer/{franchise}":                   read,

		"GET /api/display/{franchise}":                                                   read,
		"GET /api/display/{franchise}/{storeSlug}":                                       read,
		"POST /api/display/{franchise}/{storeSlug}":                                      displays,
		"POST /api/display/{franchise}/{storeSlug}/{displayId}":                          displays,
		"DELETE /api/display/{franchise}/{storeSlug}/{displayId}":                        displays,
		"GET /api/display/{franchise}/{storeSlug}/{displayId}/now":                       read,
		"GET /api/display/{franchise}/{storeSlug}/{displayId}/health":                    read,
		"GET /api/display/{franchise}/{storeSlug}/{displayId}/screen":                    read,
		"GET /api/display/{franchise}/{storeSlug}/{displayId}/live":                      read,
		"POST /api/display/{franchise}/{storeSlug}/{displayId}/admin-command":            none,
		"GET /api/display/{franchise}/{storeSlug}/{displayId}/commands":                  read,
		"GET /api/display/{franchise}/{storeSlug}/{displayId}/commands/{commandId}/file": read,

		"GET /api/advertise/{franchise}":            ads,
		"GET /api/advertise/{franchise}/map":        ads,
		"POST /api/advertise/{franchise}":           ads,
		"PUT /api/advertise/{franchise}":            ads,
		"GET /api/advertise/{franchise}/{id}":       ads,
		"DELETE /api/advertise/{franchise}/{id}":    ads,
		"GET /api/advertise/{franchise}/{id}/plays": ads,

		"GET /api/alerts/{franchise}":  read,
		"POST /api/alerts/{franchise}": none,

		"GET /api/audit/{franchise}":     read,
		"GET /api/audit/{franchise}/csv": read,

		"GET /api/local/{franchise}/{storeSlug}":               read,
		"GET /api/local/{franchise}/{storeSlug}/file":          none,
		"POST /api/local/{franchise}/{storeSlug}/media":        none,
		"DELETE /api/local/{franchise}/{storeSlug}/media/{id}": none,
		"POST /api/local/{franchise}/{storeSlug}/items":        none,
		"POST /api/local/{franchise}/{storeSlug}/items/{id}":   none,
		"DELETE /api/local/{franchise}/{storeSlug}/items/{id}": none,
		"GET /api/approvals/{franchise}":                       none,
		"POST /api/approvals/{franchise}":                      none,

		"GET /api/override/{franchise}":             overrides,
		"POST /api/override/{franchise}":            overrides,
		"POST /api/override/{franchise}/reach":      overrides,
		"POST /api/override/{franchise}/{id}/clear": overrides,

		// The team's, the tokens' and single sign-on's routes, for team managers' sessions only.
		"GET /api/team/{franchise}":                none,
		"POST /api/team/{franchise}/invite":        none,
		"DELETE /api/team/{franchise}/invite/{id}": none,
		"POST /api/team/{franchise}/{userId}":      none,
		"DELETE /api/team/{franchise}/{userId}":    none,
		"GET /api/tokens/{franchise}":              none,
		"POST /api/tokens/{franchise}":             none,
		"DELETE /api/tokens/{franchise}/{id}":      none,
		"GET /api/sso/settings/{franchise}":        none,
		"PUT /api/sso/settings/{franchise}":        none,
		"DELETE /api/sso/settings/{franchise}":     none,
	}
}
