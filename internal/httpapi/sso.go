package httpapi

import (
	"net/http"
	"net/url"
	"strconv"

	"vitrine/internal/audit"
	"vitrine/internal/auth"
	"vitrine/internal/fault"
)

// Single sign-on ('Login único', auth/sso.go): the group's team managers
// configure its OpenID Provider; the sign-in page asks which way an e-mail
// signs in, sends the browser to /api/sso/start, the provider sends it
// back to /api/sso/callback, which lands on the sign-in page with a
// one-time code the console exchanges for a session.

// GET /api/sso/settings/{franchise} — the group's configuration (the
// client secret never leaves the server).
func (s *Server) getSSO(w http.ResponseWriter, r *http.Request, m auth.TeamManager) error {
	c, err := s.Accounts.SSO(r.Context(), m)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, c)
	return nil
}

// PUT /api/sso/settings/{franchise} — saves it (the issuer must answer).
func (s *Server) saveSSO(w http.ResponseWriter, r *http.Request, m auth.TeamManager) error {
	var in auth.SSOInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	c, err := s.Accounts.SaveSSO(r.Context(), m, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, c)
	return nil
}

// DELETE /api/sso/settings/{franchise} — turns it off.
func (s *Server) deleteSSO(w http.ResponseWriter, r *http.Request, m auth.TeamManager) error {
	if err := s.Accounts.DeleteSSO(r.Context(), m); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, okResponse{OK: true})
	return nil
}

// POST /api/sso/check — whether an e-mail's domain signs in through its
// company's login, and whether a password still works; nothing more.
func (s *Server) checkSSO(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := decode(w, r, &in); err != nil {
		return err
	}
	out, err := s.Accounts.SSOFor(r.Context(), in.Email)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// GET /api/sso/start?email= — sends the browser to the provider of the
// e-mail's domain; an error lands on the sign-in page.
func (s *Server) startSSO(w http.ResponseWriter, r *http.Request) error {
	r = s.ssoActor(r)
	to, err := s.Accounts.StartSSO(r.Context(), r.URL.Query().Get("email"))
	if err != nil {
		s.ssoFailed(w, r, err)
		return nil
	}
	http.Redirect(w, r, to, http.StatusFound)
	return nil
}

// GET /api/sso/callback — the provider's answer: lands on the sign-in page
// with a one-time code (never the session's token), or an error's code.
func (s *Server) ssoCallback(w http.ResponseWriter, r *http.Request) error {
	r = s.ssoActor(r)
	q := r.URL.Query()
	code, err := s.Accounts.FinishSSO(r.Context(), auth.SSOCallback{State: q.Get("state"), Code: q.Get("code"),
		Error: q.Get("error"), ErrorDescription: q.Get("error_description")}, s.clientIP(r))
	if err != nil {
		s.ssoFailed(w, r, err)
		return nil
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, s.Accounts.SignInPage()+"?"+url.Values{"sso": {code}}.Encode(), http.StatusFound)
	return nil
}

// POST /api/sso/exchange — spends the one-time code for a session, the
// answer the password sign-in gives.
func (s *Server) exchangeSSO(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Code string `json:"code"`
	}
	if err := decode(w, r, &in); err != nil {
		return err
	}
	token, err := s.Accounts.ExchangeSSO(r.Context(), in.Code, s.clientIP(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, tokenResponse{Token: token})
	return nil
}

// ssoActor gives the browser's GETs of the flow, which write (a sign-in
// under way, a new member), the audit trail's address and request id.
func (s *Server) ssoActor(r *http.Request) *http.Request {
	a := audit.ActorFrom(r.Context())
	if a.RequestID == "" {
		a.Address, a.RequestID = s.clientIP(r), requestID(r.Context())
	}
	return r.WithContext(audit.WithActor(r.Context(), a))
}

// ssoFailed lands the browser on the sign-in page with the error's code,
// which the console shows in words; the error is logged with the request's
// id (never a token: the errors of auth/sso.go carry none).
func (s *Server) ssoFailed(w http.ResponseWriter, r *http.Request, err error) {
	f, ok := fault.As(err)
	code := 1500
	if ok {
		code = f.Code
		s.Log.Info("single sign-on failed", "request_id", requestID(r.Context()), "code", f.Code)
	} else {
		s.Log.Error("single sign-on failed", "request_id", requestID(r.Context()), "err", err)
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, s.Accounts.SignInPage()+"?ssoError="+strconv.Itoa(code), http.StatusFound)
}
