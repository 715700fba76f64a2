package httpapi

import (
	"errors"
	"net/http"
	"strconv"

	"vitrine/internal/auth"
)

type tokenResponse struct {
	Token string `json:"token"`
}

type userResponse struct {
	User auth.User `json:"user"`
}

type userDetailResponse struct {
	User       auth.User `json:"user"`
	ServerTime int64     `json:"serverTime"`
}

type userListResponse struct {
	Users []auth.Summary `json:"users"`
}

type okResponse struct {
	OK bool `json:"ok"`
}

// POST /api/user/auth — sign in with e-mail and password.
func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var in auth.Credentials
	if err := decode(w, r, &in); err != nil {
		return err
	}
	token, err := s.Accounts.Login(r.Context(), in, s.clientIP(r))
	var throttled *auth.ThrottledError
	if errors.As(err, &throttled) {
		w.Header().Set("Retry-After", strconv.Itoa(int(throttled.RetryAfter.Seconds()+0.999)))
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, tokenResponse{Token: token})
	return nil
}

// POST /api/user/register — an administrator's token registers a verified
// user; without one it is open sign-up (when enabled), verified by e-mail.
func (s *Server) registerUser(w http.ResponseWriter, r *http.Request) error {
	by, r, err := s.optionalCaller(r)
	if err != nil {
		return err
	}
	var in auth.RegisterInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	u, err := s.Accounts.Register(r.Context(), by, in)
	if by != nil && by.AdminUserID != "" {
		status := http.StatusCreated
		if err != nil {
			status = errorStatus(err)
		}
		s.audit(r, by, status)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, userResponse{User: u})
	return nil
}

// POST /api/user/verify-link — confirm an e-mail with the mailed code.
func (s *Server) verifyEmail(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Code string `json:"code"`
	}
	if err := decode(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.VerifyEmail(r.Context(), in.Code); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, okResponse{OK: true})
	return nil
}

// POST /api/user/request-reset-pwd — mail a reset link; the answer does not
// tell whether the e-mail has an account.
func (s *Server) requestPasswordReset(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := decode(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.RequestReset(r.Context(), in.Email); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, okResponse{OK: true})
	return nil
}

// POST /api/user/reset-pwd-link — set a new password with the mailed code.
func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Auth string `json:"auth"`
		Code string `json:"code"`
	}
	if err := decode(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.ResetPassword(r.Context(), in.Code, in.Auth); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, okResponse{OK: true})
	return nil
}

// POST /api/user/pwd — change the caller's password; every session ends and
// a fresh token is returned.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	var in struct {
		Auth        string `json:"auth"`
		CurrentAuth string `json:"currentAuth"`
	}
	if err := decode(w, r, &in); err != nil {
		return err
	}
	token, err := s.Accounts.ChangePassword(r.Context(), p, in.CurrentAuth, in.Auth)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, tokenResponse{Token: token})
	return nil
}

// POST /api/user/logout — end the calling session (its event streams close
// on every replica: the accounts service announces it).
func (s *Server) logout(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	if err := s.Accounts.Logout(r.Context(), p); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, okResponse{OK: true})
	return nil
}

// GET /api/user/detail — the caller's account and the server's clock.
func (s *Server) userDetail(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	u, err := s.Accounts.Detail(r.Context(), p)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, userDetailResponse{User: u, ServerTime: s.Now().UnixMilli()})
	return nil
}

// POST /api/user/detail — change the caller's name, CPF and mobile.
func (s *Server) updateUserDetail(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	var in auth.DetailInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	u, err := s.Accounts.UpdateDetail(r.Context(), p, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, userResponse{User: u})
	return nil
}

// GET /api/user/all — every account (userA).
func (s *Server) listUsers(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	list, err := s.Accounts.List(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, userListResponse{Users: list})
	return nil
}

// POST /api/user/impersonate — a session of another user for the
// administrator (userA).
func (s *Server) impersonate(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := decode(w, r, &in); err != nil {
		return err
	}
	token, err := s.Accounts.Impersonate(r.Context(), p, in.Email)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, tokenResponse{Token: token})
	return nil
}

// POST /api/user/franchise — add or remove a franchise on a user (userA).
func (s *Server) changeUserFranchise(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	var in auth.FranchiseChange
	if err := decode(w, r, &in); err != nil {
		return err
	}
	u, err := s.Accounts.ChangeFranchise(r.Context(), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, userResponse{User: u})
	return nil
}

// POST /api/user/detail/adm — change another user's details (userA).
func (s *Server) adminUpdateUser(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
	var in auth.AdminDetailInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	u, err := s.Accounts.AdminUpdate(r.Context(), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, userResponse{User: u})
	return nil
}
