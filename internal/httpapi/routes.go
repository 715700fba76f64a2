package httpapi

// registerRoutes lists every route of the API in one place, with who may call
// it: public (no token), user (any session), admin (an administrator),
// permitted (holding a permission), scoped (a member of the {franchise} in
// the path; the handler gets that tenant), impersonating (scoped, through an
// impersonation session whose administrator holds a permission). Each domain keeps its block; the
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
	s.user("GET /api/events/{franchise}", s.franchiseEvents)
	s.streams["GET /api/events/{franchise}"] = true

	// Media library; files are uploaded straight to storage with a signed
	// policy, and served from /files when storage is the local folder.
	s.scoped("GET /api/media/{franchise}", s.listMedia)
	s.scoped("GET /api/media/file/{franchise}", s.mediaUploadPolicy)
	s.scoped("POST /api/media/{franchise}", s.registerMedia)
	s.slow["POST /api/media/{franchise}"] = true // probes and thumbnails the file
	s.scoped("POST /api/media/{franchise}/{id}", s.updateMedia)
	s.scoped("DELETE /api/media/{franchise}/{id}", s.deleteMedia)
	s.public("POST /files/upload", s.uploadFile)
	s.public("GET /files/{path...}", s.serveFile)

	// Franchises (groups)
	s.user("GET /api/franchise", s.listFranchises)
	s.admin("GET /api/franchise/all", s.listAllFranchises)
	s.user("POST /api/franchise", s.createFranchise)
	s.user("POST /api/franchise/{slug}", s.updateFranchise)

	// Stores, their contacts, and WhatsApp messages to them
	s.keptScoped("GET /api/store/{franchise}", s.listStores)
	s.scoped("POST /api/store/{franchise}", s.createStore)
	s.scoped("GET /api/store/{franchise}/notify", s.listStoreMessages)
	s.scoped("POST /api/store/{franchise}/notify", s.notifyStores)
	s.public("GET /api/whatsapp/webhook", s.verifyWhatsAppWebhook)
	s.public("POST /api/whatsapp/webhook", s.receiveWhatsAppWebhook)
	s.scoped("POST /api/store/{franchise}/{storeSlug}", s.updateStore)
	s.scoped("DELETE /api/store/{franchise}/{storeSlug}", s.deleteStore)
	s.scoped("GET /api/store/{franchise}/{storeSlug}/hours", s.storeHours)
	s.scoped("PUT /api/store/{franchise}/{storeSlug}/hours", s.setStoreHours)

	// Schedules: entries, ad slots, footer
	s.scoped("GET /api/schedule/{franchise}", s.listSchedules)
	s.scoped("POST /api/schedule/{franchise}", s.createSchedule)
	s.scoped("GET /api/schedule/{franchise}/{id}", s.getSchedule)
	s.scoped("POST /api/schedule/{franchise}/{id}", s.updateSchedule)
	s.scoped("DELETE /api/schedule/{franchise}/{id}", s.deleteSchedule)
	s.scoped("DELETE /api/schedule/{franchise}/{id}/{index}", s.removeScheduleEntry)
	s.scoped("POST /api/schedule/{franchise}/{id}/dup", s.duplicateSchedule)
	s.scopedIf("POST /api/schedule/{franchise}/{id}/config", actsAsAdmin, s.saveScheduleFooter)
	s.scopedIf("POST /api/schedule/{franchise}/{id}/slot", adsCenter, s.addScheduleSlot)
	s.scoped("GET /api/footer/{franchise}", s.footerValues) // the footer previews' weather and quotes

	// Displays (TVs) and remote commands to their TV boxes
	s.keptScoped("GET /api/display/{franchise}", s.listFranchiseDisplays)
	s.scoped("GET /api/display/{franchise}/{storeSlug}", s.listStoreDisplays)
	s.scoped("POST /api/display/{franchise}/{storeSlug}", s.createDisplay)
	s.scoped("POST /api/display/{franchise}/{storeSlug}/{displayId}", s.updateDisplay)
	s.scoped("DELETE /api/display/{franchise}/{storeSlug}/{displayId}", s.deleteDisplay)
	s.scoped("GET /api/display/{franchise}/{storeSlug}/{displayId}/now", s.displayNow)
	s.scoped("GET /api/display/{franchise}/{storeSlug}/{displayId}/health", s.displayHealth)
	s.scoped("GET /api/display/{franchise}/{storeSlug}/{displayId}/screen", s.displayScreen)
	s.scoped("GET /api/display/{franchise}/{storeSlug}/{displayId}/live", s.displayLive)
	s.impersonating("POST /api/display/{franchise}/{storeSlug}/{displayId}/admin-command", "dispA", s.queueDisplayCommand)
	s.scoped("GET /api/display/{franchise}/{storeSlug}/{displayId}/commands", s.listDisplayCommands)
	s.scoped("GET /api/display/{franchise}/{storeSlug}/{displayId}/commands/{commandId}/file", s.displayCommandFile)

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
	s.scopedIf("GET /api/advertise/{franchise}", adsCenter, s.listAds)
	s.scopedIf("GET /api/advertise/{franchise}/map", adsCenter, s.adMap)
	s.scopedIf("POST /api/advertise/{franchise}", adsCenter, s.createAd)
	s.scopedIf("PUT /api/advertise/{franchise}", adsCenter, s.updateAd)
	s.scopedIf("GET /api/advertise/{franchise}/{id}", adsCenter, s.getAd)
	s.scopedIf("DELETE /api/advertise/{franchise}/{id}", adsCenter, s.deleteAd)
	s.scopedIf("GET /api/advertise/{franchise}/{id}/plays", adsCenter, s.adPlays)
	s.device("POST /api/device/plays", s.devicePlays)

	// Offline alerts: the TVs offline now, the alerts sent, and the
	// settings only an administrator changes.
	s.scoped("GET /api/alerts/{franchise}", s.alertsOverview)
	s.scopedIf("POST /api/alerts/{franchise}", actsAsAdmin, s.saveAlertSettings)

	// Emergency overrides, for holders of the permission.
	s.overriding("GET /api/override/{franchise}", s.listOverrides)
	s.overriding("POST /api/override/{franchise}", s.startOverride)
	s.overriding("POST /api/override/{franchise}/reach", s.overrideReach)
	s.overriding("POST /api/override/{franchise}/{id}/clear", s.clearOverride)
}
