// Package audit keeps the record of every change made through the API: who
// made it (and the administrator behind an impersonation), from which
// address and request, what changed and how — each field's value before
// and after. A record is written in the transaction of its change: the
// service that changes a thing calls Record with its transaction, and the
// record is written just before COMMIT, so there is no change without its
// record and no record without its change.
//
// Each group's records form a hash chain (chain.go); Verify names the first
// record changed or missing.
package audit

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"time"

	"vitrine/internal/db"
)

// Actor is who makes the changes of a request. The API puts it on the
// request's context; changes made outside a request (the demo's seed, a
// test calling a service) are recorded with an empty actor: the system.
type Actor struct {
	UserID     string
	Email      string
	AdminID    string // the administrator behind an impersonation session
	AdminEmail string
	Address    string
	RequestID  string
	// TokenID and TokenName name the API token that made the change
	// ('Integrações'); the user fields are empty then.
	TokenID   string
	TokenName string
}

type actorKey struct{}

// WithActor returns ctx carrying a.
func WithActor(ctx context.Context, a Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

// ActorFrom returns the actor ctx carries (the zero Actor when none).
func ActorFrom(ctx context.Context) Actor {
	a, _ := ctx.Value(actorKey{}).(Actor)
	return a
}

// Kinds of things a record is about.
const (
	KindGroup      = "group"
	KindStore      = "store"
	KindHours      = "hours"
	KindDisplay    = "display"
	KindSchedule   = "schedule"
	KindEntry      = "entry"
	KindFooter     = "footer"
	KindMedia      = "media"
	KindFolder     = "folder"
	KindAd         = "ad"
	KindBooking    = "booking"
	KindOverride   = "override"
	KindAlerts     = "alerts"
	KindMember     = "member"
	KindInvitation = "invitation"
	KindCommand    = "command"
	KindMessage    = "message"
	KindUser       = "user"
	KindSession    = "session"
	KindLocal      = "local"
	KindToken      = "token"
	// KindSSO is a group's single sign-on ('Login único') configuration.
	KindSSO = "sso"
)

// Kinds lists every kind, for the filters of the 'Atividade' page.
var Kinds = []string{
	KindGroup, KindStore, KindHours, KindDisplay, KindSchedule, KindEntry, KindFooter,
	KindMedia, KindFolder, KindAd, KindBooking, KindOverride, KindAlerts, KindMember,
	KindInvitation, KindCommand, KindMessage, KindUser, KindSession, KindLocal, KindToken, KindSSO,
}

// Actions a record names.
const (
	ActionCreate       = "create"
	ActionUpdate       = "update"
	ActionDelete       = "delete"
	ActionLink         = "link"
	ActionSend         = "send"
	ActionStart        = "start"
	ActionClear        = "clear"
	ActionInvite       = "invite"
	ActionRevoke       = "revoke"
	ActionAccept       = "accept"
	ActionSignIn       = "signIn"
	ActionSignInFailed = "signInFailed"
	ActionSignOut      = "signOut"
	ActionImpersonate  = "impersonate"
	ActionApprove      = "approve"
	ActionReject       = "reject"
)

// Entry is one change to record.
type Entry struct {
	// FranchiseID is the group whose chain the record joins; "" is the
	// platform's chain (sign-ins, users' accounts).
	FranchiseID string
	// StoreID places the record in a store, so that the store's
	// franchisee and manager see it.
	StoreID string
	Kind    string
	// ID and Name say which thing changed; Name as it was called then.
	ID     string
	Name   string
	Action string
	// Changes are the fields that changed (Diff makes them).
	Changes []Change
	// At is when it happened; zero is now (a service with a clock of
	// its own passes its time).
	At time.Time
	// Actor overrides the context's (a sign-in, whose user is known only
	// once the password was checked).
	Actor *Actor
}

// Change is one field's value before and after. A secret field has neither,
// only Redacted.
type Change struct {
	Field    string          `json:"field"`
	Before   json.RawMessage `json:"before,omitempty"`
	After    json.RawMessage `json:"after,omitempty"`
	Redacted bool            `json:"redacted,omitempty"`
}

// secret tells whether a field's values are never recorded.
func secret(field string) bool {
	f := strings.ToLower(field)
	for _, w := range []string{"password", "token", "secret", "hash", "pwd"} {
		if strings.Contains(f, w) {
			return true
		}
	}
	return false
}

// Set is the change of one field that has no struct to compare (a link, a
// state).
func Set(field string, before, after any) Change {
	return Change{Field: field, Before: value(before), After: value(after)}
}

func value(v any) json.RawMessage { return encode(settle(reflect.ValueOf(v))) }

// Record writes e as a record in tx's group chain just before tx commits:
// if the record cannot be written, the change is rolled back with it.
func Record(ctx context.Context, tx *db.Tx, e Entry) {
	a := ActorFrom(ctx)
	if e.Actor != nil {
		a = *e.Actor
	}
	pending := pendingOf(tx)
	pending.entries = append(pending.entries, stamped{Entry: e, actor: a})
}
