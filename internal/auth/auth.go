// Package auth is accounts and sessions: users, passwords, bearer tokens,
// e-mail verification and password reset codes, login throttling and
// administrator impersonation (with its audit trail).
package auth
