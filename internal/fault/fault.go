// Package fault is the vocabulary of errors the domains return: a kind (what
// went wrong, mapped once to an HTTP status by httpapi) and the API code of
// the spec's catalogue that tells the client which message to show.
package fault

import (
	"errors"
	"fmt"
)

// Kind classifies an error for the transport.
type Kind int

const (
	Invalid       Kind = iota + 1 // 400
	Unauthorized                  // 401
	Forbidden                     // 403
	NotFound                      // 404
	Conflict                      // 409
	TooLarge                      // 413
	Unprocessable                 // 422
	TooMany                       // 429
	Unavailable                   // 503
	Timeout                       // 408: the client sent its request too slowly
)

// Error is a domain error the client may see.
type Error struct {
	Kind Kind
	Code int    // API code from api/errors.json
	Msg  string // optional pt-BR message overriding the catalogue's text
}

func (e *Error) Error() string {
	if e.Msg != "" {
		return fmt.Sprintf("api error %d: %s", e.Code, e.Msg)
	}
	return fmt.Sprintf("api error %d", e.Code)
}

// Is makes errors.Is match two faults with the same kind and code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind && t.Code == e.Code
}

// New returns a fault with the catalogue's message.
func New(kind Kind, code int) *Error { return &Error{Kind: kind, Code: code} }

// WithMsg returns a fault with its own pt-BR message.
func WithMsg(kind Kind, code int, msg string) *Error { return &Error{Kind: kind, Code: code, Msg: msg} }

// As returns the fault inside err, if any.
func As(err error) (*Error, bool) {
	var f *Error
	if errors.As(err, &f) {
		return f, true
	}
	return nil, false
}

// Common faults shared by every domain.
var (
	ErrBadRequest   = New(Invalid, 1003)      // malformed or incomplete request
	ErrUnauthorized = New(Unauthorized, 1022) // missing, unknown, expired or revoked token
	ErrForbidden    = New(Forbidden, 1403)    // outside the caller's franchises or permissions
	ErrNameRequired = New(Invalid, 1141)      // "O campo nome é obrigatório."
	ErrFranchise    = New(NotFound, 1041)     // franchise not found
	// ErrUnavailable is a call that could not reach the database, or not in
	// time: nothing was changed, and trying again later may work.
	ErrUnavailable = WithMsg(Unavailable, 1500, "Serviço indisponível, tente novamente.")
	// ErrSlowRequest is a request whose body did not arrive in time.
	ErrSlowRequest = WithMsg(Timeout, 1003, "A solicitação demorou demais para chegar. Tente novamente.")
	// ErrBusy is a write that kept losing races with concurrent writers.
	ErrBusy = WithMsg(Conflict, 1003, "Muitas alterações ao mesmo tempo. Tente novamente.")
)

// Invalidf is a 400/1003 with a specific pt-BR explanation.
func Invalidf(format string, args ...any) *Error {
	return WithMsg(Invalid, 1003, fmt.Sprintf(format, args...))
}

// Same tells whether err holds the fault want with its message too: errors.Is
// alone matches any two faults of one kind and code, such as two 1003s
// that explain different mistakes. A nil want matches a nil err.
func Same(err, want error) bool {
	if want == nil || err == nil {
		return err == want
	}
	got, ok := As(err)
	w, wok := As(want)
	if !ok || !wok {
		return errors.Is(err, want)
	}
	return got.Kind == w.Kind && got.Code == w.Code && got.Msg == w.Msg
}
