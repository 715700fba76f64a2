package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"runtime"
	"slices"
	"strings"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/br"
	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/franchise"
	"vitrine/internal/names"
	"vitrine/internal/outbox"
)

// Config is what the accounts rules need from the settings.
type Config struct {
	PublicURL  string // base of the links in e-mails, without a trailing slash
	OpenSignup bool   // anyone may register (and must then verify the e-mail)
	// SecretKey seals the secrets kept in the database (a group's OpenID
	// client secret); empty = no secret may be kept.
	SecretKey string
}

// Service holds the rules for accounts and sessions.
type Service struct {
	db      *db.DB
	now     func() time.Time
	enqueue outbox.EnqueueFunc
	cfg     Config
	log     *slog.Logger
	// ended announces access that ended (a member removed from a
	// franchise, sessions ended), so the consoles' event streams of every
	// replica close at once.
	ended change.Publisher
	// hashing bounds the password hashes computed at once: each takes
	// argon2's 19 MiB, so a burst of logins queues here instead of taking
	// the server's memory.
	hashing  chan struct{}
	hashWait time.Duration
	// refusals keeps the sign-ins refused at no cost from writing a
	// record each (trail.go).
	refusals refusalNotes
	// seal keeps secrets in the database (nil without a SecretKey); sso
	// holds the OpenID Providers' documents and keys (sso.go).
	seal *sealer
	sso  ssoState
}

// NewService returns the accounts service; enqueue stores the e-mails,
// ended announces access that ended.
func NewService(d *db.DB, now func() time.Time, enqueue outbox.EnqueueFunc, ended change.Publisher, cfg Config, log *slog.Logger) *Service {
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	return &Service{db: d, now: now, enqueue: enqueue, ended: ended, cfg: cfg, log: log,
		hashing: make(chan struct{}, max(1, runtime.GOMAXPROCS(0))), hashWait: HashWait, seal: newSealer(cfg.SecretKey)}
}

// HashWait is how long a password check waits for a free hashing slot
// before the caller is told the server is busy.
const HashWait = 10 * time.Second

// withHashSlot runs fn holding one of the hashing slots.
func (s *Service) withHashSlot(ctx context.Context, fn func()) error {
	wait := time.NewTimer(s.hashWait)
	defer wait.Stop()
	select {
	case s.hashing <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	case <-wait.C:
		return ErrBusy
	}
	defer func() { <-s.hashing }()
	fn()
	return nil
}

// checkPassword is CheckPassword within the hashing bound.
func (s *Service) checkPassword(ctx context.Context, encoded, pw string) (bool, error) {
	var ok bool
	err := s.withHashSlot(ctx, func() { ok = CheckPassword(encoded, pw) })
	return ok, err
}

// hashPassword is HashPassword within the hashing bound.
func (s *Service) hashPassword(ctx context.Context, pw string) (string, error) {
	var (
		hash    string
		hashErr error
	)
	if err := s.withHashSlot(ctx, func() { hash, hashErr = HashPassword(pw) }); err != nil {
		return "", err
	}
	return hash, hashErr
}

// Login checks the credentials and opens a session. Wrong password and
// unknown e-mail are the same error, and cost the same time.
func (s *Service) Login(ctx context.Context, in Credentials, ip string) (string, error) {
	email, err := normalizeEmail(in.Email)
	if err != nil {
		return "", err
	}
	if in.Auth == "" {
		return "", ErrPasswordRequired
	}
	if refused, err := s.passwordRefused(ctx, email); err != nil {
		return "", err
	} else if refused {
		return "", ErrUseCompanyLogin
	}
	now := s.now()
	// The attempt is recorded as a failure before the password is checked,
	// so concurrent attempts see each other: however many arrive at once, at
	// most MaxLoginFailures are checked within LoginWindow.
	attempt, err := insertFailure(ctx, s.db, email, ip, now)
	if err != nil {
		return "", err
	}
	forget := func() {
		if err := deleteFailure(context.WithoutCancel(ctx), s.db, attempt); err != nil {
			s.log.Warn("login attempt not forgotten", "err", err)
		}
	}
	if err := s.throttle(ctx, email, ip, now); err != nil {
		forget() // a refused attempt does not extend the block
		if throttled := (*ThrottledError)(nil); errors.As(err, &throttled) {
			s.refused(ctx, email, ip, nil, reasonThrottled, now)
		}
		return "", err
	}
	u, err := userByEmail(ctx, s.db, email)
	if errors.Is(err, ErrUserNotFound) {
		if _, err := s.checkPassword(ctx, dummyHash(), in.Auth); err != nil {
			forget()
			return "", err
		}
		s.recordFailure(ctx, email, ip, nil, reasonUnknownEmail, now)
		return "", ErrBadCredentials
	}
	if err != nil {
		return "", err
	}
	ok, err := s.checkPassword(ctx, u.PasswordHash, in.Auth)
	if err != nil {
		forget()
		return "", err
	}
	if !ok {
		s.recordFailure(ctx, email, ip, &u, reasonWrongPassword, now)
		return "", ErrBadCredentials
	}
	if !u.Verified {
		forget()
		s.refused(ctx, email, ip, &u, reasonNotVerified, now)
		return "", ErrNotVerified
	}
	var token string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := clearFailures(ctx, tx, email); err != nil {
			return err
		}
		token, err = newSession(ctx, tx, u.ID, now, SessionTTL)
		s.recordSignIn(ctx, tx, u, ip, now)
		return err
	})
	return token, err
}

// throttle refuses a login while the e-mail or the address has more than
// MaxLoginFailures recorded attempts within LoginWindow (the attempt being
// made is one of them); the wait ends when the oldest counted one leaves the
// window.
func (s *Service) throttle(ctx context.Context, email, ip string, now time.Time) error {
	since := now.Add(-LoginWindow)
	var wait time.Duration
	for column, value := range map[string]string{"email": email, "ip": ip} {
		if value == "" {
			continue
		}
		at, err := recentFailures(ctx, s.db, column, value, since)
		if err != nil {
			return err
		}
		if len(at) > MaxLoginFailures {
			oldest := time.UnixMilli(at[len(at)-1])
			wait = max(wait, oldest.Add(LoginWindow).Sub(now), time.Second)
		}
	}
	if wait > 0 {
		return &ThrottledError{RetryAfter: wait}
	}
	return nil
}

// Register creates an account. An administrator (userA) may always do it,
// and the account is verified at once; anyone else only when sign-up is
// open, and must then confirm the e-mail through the mailed link.
func (s *Service) Register(ctx context.Context, by *Principal, in RegisterInput) (User, error) {
	admin := by != nil && by.Permissions["userA"] == 1
	if !admin && !s.cfg.OpenSignup {
		return User{}, ErrSignupClosed
	}
	// Signing up, the new account is who acts.
	return s.createUser(ctx, NewUser{Email: in.Email, Name: in.Name, Password: in.Auth, Verified: admin}, !admin)
}

// CreateUser validates and stores a new account. An unverified account gets
// the verification mail, in the same transaction.
func (s *Service) CreateUser(ctx context.Context, in NewUser) (User, error) {
	return s.createUser(ctx, in, false)
}

// createUser is CreateUser; self records the new account as who created it
// (an open sign-up), else the context's actor (an administrator, the system).
func (s *Service) createUser(ctx context.Context, in NewUser, self bool) (User, error) {
	email, err := normalizeEmail(in.Email)
	if err != nil {
		return User{}, err
	}
	name, err := cleanName(in.Name)
	if err != nil {
		return User{}, err
	}
	if in.Password == "" {
		return User{}, ErrPasswordRequired
	}
	if !ValidPassword(in.Password) {
		return User{}, ErrWeakPassword
	}
	hash, err := s.hashPassword(ctx, in.Password)
	if err != nil {
		return User{}, err
	}
	in.Email, in.Name = email, name
	now := s.now()
	var u User
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		id, err := insertUser(ctx, tx, in, hash, now.UnixMilli())
		if err != nil {
			return err
		}
		if !in.Verified {
			code, err := insertCode(ctx, tx, id, purposeVerify, now, VerifyCodeTTL)
			if err != nil {
				return err
			}
			if err := s.mail(ctx, tx, verificationMail(s.cfg.PublicURL, email, name, code)); err != nil {
				return err
			}
		}
		if u, err = account(ctx, tx, id); err != nil {
			return err
		}
		var actor *audit.Actor
		if self {
			actor = actingAs(ctx, id, email)
		}
		s.recordAccount(ctx, tx, audit.ActionCreate, nil, &u, actor)
		return nil
	})
	return u, err
}

// VerifyEmail confirms the e-mail of the account a verification code was
// mailed to. A code works once.
func (s *Service) VerifyEmail(ctx context.Context, code string) error {
	code = strings.TrimSpace(code)
	if code == "" {
		return ErrCodeRequired
	}
	now := s.now()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		userID, err := useCode(ctx, tx, code, purposeVerify, now)
		if err != nil {
			return err
		}
		u, err := userByID(ctx, tx, userID)
		if err != nil {
			return err
		}
		if u.Verified {
			return nil
		}
		audit.Record(ctx, tx, audit.Entry{Kind: audit.KindUser, ID: u.ID, Name: u.Name, Action: audit.ActionUpdate,
			Changes: []audit.Change{audit.Set("verified", false, true)}, At: now, Actor: actingAs(ctx, u.ID, u.Email)})
		return markVerified(ctx, tx, userID, now.UnixMilli())
	})
}

// RequestReset mails a password reset link when the e-mail has an account;
// the answer is the same either way, so nobody learns which e-mails exist.
func (s *Service) RequestReset(ctx context.Context, email string) error {
	email, err := normalizeEmail(email)
	if err != nil {
		return err
	}
	u, err := userByEmail(ctx, s.db, email)
	if errors.Is(err, ErrUserNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	now := s.now()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		recent, err := countRecentCodes(ctx, tx, u.ID, purposeReset, now.Add(-time.Hour))
		if err != nil {
			return err
		}
		if recent >= maxResetMailsPerHour {
			s.log.Warn("password reset refused: too many requests this hour", "user", u.ID)
			return nil
		}
		code, err := insertCode(ctx, tx, u.ID, purposeReset, now, ResetCodeTTL)
		if err != nil {
			return err
		}
		return s.mail(ctx, tx, resetMail(s.cfg.PublicURL, u.Email, u.Name, code))
	})
}

// ResetPassword sets a new password with a mailed reset code, which is then
// spent. Every session of the account ends. Receiving the mail proves the
// address, so the account counts as verified too.
func (s *Service) ResetPassword(ctx context.Context, code, password string) error {
	code = strings.TrimSpace(code)
	if code == "" {
		return ErrCodeRequired
	}
	now := s.now()
	if _, err := liveCode(ctx, s.db, code, purposeReset, now); err != nil {
		return err
	}
	if !ValidPassword(password) {
		return ErrWeakPassword
	}
	hash, err := s.hashPassword(ctx, password)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		userID, err := useCode(ctx, tx, code, purposeReset, now)
		if err != nil {
			return err
		}
		u, err := userByID(ctx, tx, userID)
		if err != nil {
			return err
		}
		if err := setPassword(ctx, tx, userID, hash, now.UnixMilli()); err != nil {
			return err
		}
		if err := markVerified(ctx, tx, userID, now.UnixMilli()); err != nil {
			return err
		}
		if err := clearFailures(ctx, tx, u.Email); err != nil {
			return err
		}
		changes := []audit.Change{{Field: "password", Redacted: true}}
		if !u.Verified {
			changes = append(changes, audit.Set("verified", false, true))
		}
		// Whoever holds the mailed code acts as the account.
		audit.Record(ctx, tx, audit.Entry{Kind: audit.KindUser, ID: u.ID, Name: u.Name, Action: audit.ActionUpdate,
			Changes: changes, At: now, Actor: actingAs(ctx, u.ID, u.Email)})
		return s.endUserSessions(ctx, tx, userID)
	})
}

// ChangePassword replaces the caller's password after checking the current
// one. Every session of the account ends, the caller's included — and with
// them the impersonation sessions they opened — and the caller gets a fresh
// one (still attributed to the administrator when it is an impersonation).
func (s *Service) ChangePassword(ctx context.Context, p *Principal, current, next string) (string, error) {
	if current == "" {
		return "", ErrPasswordRequired
	}
	u, err := userByID(ctx, s.db, p.UserID)
	if err != nil {
		return "", err
	}
	if ok, err := s.checkPassword(ctx, u.PasswordHash, current); err != nil {
		return "", err
	} else if !ok {
		return "", ErrWrongPassword
	}
	if !ValidPassword(next) {
		return "", ErrWeakPassword
	}
	hash, err := s.hashPassword(ctx, next)
	if err != nil {
		return "", err
	}
	now := s.now()
	ttl := SessionTTL
	if p.AdminUserID != "" {
		ttl = ImpersonationTTL
	}
	var token string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := setPassword(ctx, tx, u.ID, hash, now.UnixMilli()); err != nil {
			return err
		}
		audit.Record(ctx, tx, audit.Entry{Kind: audit.KindUser, ID: u.ID, Name: u.Name, Action: audit.ActionUpdate,
			Changes: []audit.Change{{Field: "password", Redacted: true}}, At: now})
		if err := s.endUserSessions(ctx, tx, u.ID); err != nil {
			return err
		}
		if p.AdminUserID != "" {
			token, err = newImpersonation(ctx, tx, u.ID, p.AdminUserID, p.ParentTokenHash, now, ttl)
		} else {
			token, err = newSession(ctx, tx, u.ID, now, ttl)
		}
		return err
	})
	return token, err
}

// Logout ends the caller's session and the impersonation sessions opened
// from it.
func (s *Service) Logout(ctx context.Context, p *Principal) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := deleteSession(ctx, tx, p.TokenHash); err != nil {
			return err
		}
		audit.Record(ctx, tx, audit.Entry{Kind: audit.KindSession, ID: p.UserID, Name: p.Email,
			Action: audit.ActionSignOut, At: s.now()})
		return s.ended.Publish(ctx, tx, change.Change{Ended: &change.Ended{Sessions: []string{p.TokenHash}}})
	})
}

// endUserSessions ends every session of the user, and announces it: the
// streams opened with them (and with the impersonation sessions opened
// from them) close on every replica.
func (s *Service) endUserSessions(ctx context.Context, tx *db.Tx, userID string) error {
	if err := deleteUserSessions(ctx, tx, userID); err != nil {
		return err
	}
	return s.ended.Publish(ctx, tx, change.Change{Ended: &change.Ended{Users: []string{userID}}})
}

// Detail is the caller's account, with the administrator behind an
// impersonation session.
func (s *Service) Detail(ctx context.Context, p *Principal) (User, error) {
	u, err := s.byID(ctx, p.UserID)
	if err != nil {
		return User{}, err
	}
	if p.AdminUserID != "" {
		admin, err := userByID(ctx, s.db, p.AdminUserID)
		if err != nil {
			return User{}, err
		}
		u.Impersonator = &Impersonator{Email: admin.Email, Name: admin.Name}
	}
	return u, nil
}

// UpdateDetail changes the caller's name, CPF and mobile phone.
func (s *Service) UpdateDetail(ctx context.Context, p *Principal, in DetailInput) (User, error) {
	return s.changeAccount(ctx, p.UserID, func(tx *db.Tx, before User) error {
		return s.writeDetail(ctx, tx, before, in)
	})
}

// AdminUpdate changes another account's details, found by e-mail.
func (s *Service) AdminUpdate(ctx context.Context, in AdminDetailInput) (User, error) {
	u, err := s.byEmail(ctx, in.Email)
	if err != nil {
		return User{}, err
	}
	if in.ViewAdsCenter != nil && *in.ViewAdsCenter != 0 && *in.ViewAdsCenter != 1 {
		return User{}, ErrAdsCenterValue
	}
	if in.EmergencyOverride != nil && *in.EmergencyOverride != 0 && *in.EmergencyOverride != 1 {
		return User{}, ErrOverrideValue
	}
	details := in.Name != nil || in.CPF != nil || in.Mobile != nil || (in.ViewAdsCenter == nil && in.EmergencyOverride == nil)
	return s.changeAccount(ctx, u.ID, func(tx *db.Tx, before User) error {
		now := s.now().UnixMilli()
		if details {
			if err := s.writeDetail(ctx, tx, before, DetailInput{Name: in.Name, CPF: in.CPF, Mobile: in.Mobile}); err != nil {
				return err
			}
		}
		if in.ViewAdsCenter != nil {
			if err := setAdsCenter(ctx, tx, u.ID, *in.ViewAdsCenter, now); err != nil {
				return err
			}
		}
		if in.EmergencyOverride != nil {
			return setEmergencyOverride(ctx, tx, u.ID, *in.EmergencyOverride, now)
		}
		return nil
	})
}

// changeAccount runs apply on the account userID in a transaction that
// records what it changed, and returns the account as it is then.
func (s *Service) changeAccount(ctx context.Context, userID string, apply func(tx *db.Tx, before User) error) (User, error) {
	var after User
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := account(ctx, tx, userID)
		if err != nil {
			return err
		}
		if err := apply(tx, before); err != nil {
			return err
		}
		if after, err = account(ctx, tx, userID); err != nil {
			return err
		}
		s.recordAccount(ctx, tx, audit.ActionUpdate, &before, &after, nil)
		return nil
	})
	return after, err
}

// writeDetail validates in and writes it over u's name, CPF, mobile phone
// and offline alerts choice (absent ones keep their value).
func (s *Service) writeDetail(ctx context.Context, q db.Querier, u User, in DetailInput) error {
	if in.Name == nil {
		return ErrNameRequired
	}
	name, err := cleanName(*in.Name)
	if err != nil {
		return err
	}
	cpf, mobile := u.CPF, u.Mobile
	if in.CPF != nil {
		cpf = strings.TrimSpace(*in.CPF)
		if cpf != "" {
			var ok bool
			if cpf, ok = br.CPF(cpf); !ok {
				return ErrCPFInvalid
			}
		}
	}
	if in.Mobile != nil {
		mobile = strings.TrimSpace(*in.Mobile)
		if mobile != "" {
			var ok bool
			if mobile, ok = br.Phone(mobile); !ok {
				return ErrMobileInvalid
			}
		}
	}
	alerts := u.OfflineAlertEmail
	if in.OfflineAlertEmail != nil {
		alerts = *in.OfflineAlertEmail
	}
	return updateDetails(ctx, q, u.ID, name, cpf, mobile, alerts, s.now().UnixMilli())
}

// OfflineAlertEmails returns the e-mails of the franchise's members who
// chose to receive the offline alerts of the store (verified accounts only):
// its network, and the franchisees and store managers of that store.
func (s *Service) OfflineAlertEmails(ctx context.Context, q db.Querier, franchiseID, storeID string) ([]string, error) {
	members, err := franchise.MembersReaching(ctx, q, franchiseID, storeID)
	if err != nil {
		return nil, err
	}
	return offlineAlertEmails(ctx, q, members)
}

// Person is a user as other domains name them.
type Person struct{ ID, Name, Email string }

// People returns the names and e-mails of users by id (a user gone is
// absent): who sent and who decided what a store put on its screens.
func (s *Service) People(ctx context.Context, q db.Querier, userIDs []string) (map[string]Person, error) {
	return people(ctx, q, userIDs, false)
}

// ContentApprovers returns the verified accounts of the franchise's
// network members holding 'Aprovar conteúdo', by e-mail.
func (s *Service) ContentApprovers(ctx context.Context, q db.Querier, franchiseID string) ([]Person, error) {
	ids, err := franchise.ContentApprovers(ctx, q, franchiseID)
	if err != nil {
		return nil, err
	}
	got, err := people(ctx, q, ids, true)
	if err != nil {
		return nil, err
	}
	out := make([]Person, 0, len(got))
	for _, p := range got {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b Person) int { return strings.Compare(a.Email, b.Email) })
	return out, nil
}

// List is every account, sorted by name as a reader expects.
func (s *Service) List(ctx context.Context) ([]Summary, error) {
	list, err := allUsers(ctx, s.db)
	if err != nil {
		return nil, err
	}
	keys := make(map[string]string, len(list))
	for _, u := range list {
		keys[u.ID] = names.SortKey(u.Name)
	}
	slices.SortStableFunc(list, func(a, b Summary) int { return strings.Compare(keys[a.ID], keys[b.ID]) })
	return list, nil
}

// Impersonate opens a session of the account with that e-mail on behalf of
// the administrator; the session remembers the administrator, and every
// write made with it is audited under both.
func (s *Service) Impersonate(ctx context.Context, admin *Principal, email string) (string, error) {
	if admin.AdminUserID != "" {
		return "", ErrNestedImpersonation
	}
	u, err := s.byEmail(ctx, email)
	if err != nil {
		return "", err
	}
	now := s.now()
	var token string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		token, err = newImpersonation(ctx, tx, u.ID, admin.UserID, admin.TokenHash, now, ImpersonationTTL)
		if err != nil {
			return err
		}
		audit.Record(ctx, tx, audit.Entry{Kind: audit.KindSession, ID: u.ID, Name: u.Email,
			Action: audit.ActionImpersonate, At: now})
		return nil
	})
	if err != nil {
		return "", err
	}
	s.log.Info("impersonation started", "admin", admin.Email, "user", u.Email)
	return token, nil
}

// ChangeFranchise adds (ADD) or removes (DEL) a franchise on an account.
// Both are idempotent.
func (s *Service) ChangeFranchise(ctx context.Context, in FranchiseChange) (User, error) {
	action := strings.ToUpper(strings.TrimSpace(in.Action))
	if action != "ADD" && action != "DEL" {
		return User{}, ErrInvalidAction
	}
	slug := strings.TrimSpace(in.FranchiseSlug)
	if slug == "" {
		return User{}, ErrSlugRequired
	}
	u, err := s.byEmail(ctx, in.Email)
	if err != nil {
		return User{}, err
	}
	now := s.now().UnixMilli()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		f, err := franchise.BySlug(ctx, tx, slug)
		if err != nil {
			return err
		}
		if err := s.recordFranchiseChange(ctx, tx, f, u, action); err != nil {
			return err
		}
		if action == "ADD" {
			if err = forgetDeparture(ctx, tx, f.ID, u.ID); err == nil {
				err = franchise.AddMember(ctx, tx, u.ID, f.ID, now)
			}
		} else {
			err = franchise.RemoveMember(ctx, tx, u.ID, f.ID)
			if err == nil {
				// The user's streams of the franchise close before its
				// next change reaches them.
				err = s.ended.Publish(ctx, tx, change.Change{FranchiseID: f.ID, Ended: &change.Ended{Users: []string{u.ID}}})
			}
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE users SET updated_at = ? WHERE id = ?`, now, u.ID)
		return err
	})
	if err != nil {
		return User{}, err
	}
	return s.byID(ctx, u.ID)
}

// Audit records a write made through an impersonation session, with both
// users. It is detached from the request's cancellation so a client hanging
// up does not lose the record.
func (s *Service) Audit(ctx context.Context, e AuditEntry) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if e.At.IsZero() {
		e.At = s.now()
	}
	return logImpersonated(ctx, s.db, e)
}

// EnsureAdmin creates a verified administrator (dispA and userA) with that
// e-mail unless an account already has it. It reports whether it created one.
func (s *Service) EnsureAdmin(ctx context.Context, email, password string) (bool, error) {
	norm, err := normalizeEmail(email)
	if err != nil {
		return false, fmt.Errorf("administrator e-mail %q is not a valid address", email)
	}
	if _, err := userByEmail(ctx, s.db, norm); err == nil {
		return false, nil
	} else if !errors.Is(err, ErrUserNotFound) {
		return false, err
	}
	if !ValidPassword(password) {
		return false, errors.New("the administrator password must have at least 8 characters with an " +
			"upper-case letter, a lower-case letter, a digit and one of #?!@$%^&*-")
	}
	_, err = s.CreateUser(ctx, NewUser{
		Email: norm, Name: "Administrador", Password: password, Verified: true,
		Permission: map[string]int{"dispA": 1, "userA": 1}, AdsCenter: true,
	})
	if errors.Is(err, ErrEmailTaken) {
		return false, nil // another replica was first
	}
	return err == nil, err
}

// UserByEmail returns the account with that e-mail.
func (s *Service) UserByEmail(ctx context.Context, email string) (User, error) {
	return s.byEmail(ctx, email)
}

// Prune deletes expired sessions and codes and old login failures.
func (s *Service) Prune(ctx context.Context) error {
	return prune(ctx, s.db, s.now())
}

func (s *Service) byID(ctx context.Context, id string) (User, error) {
	row, err := userByID(ctx, s.db, id)
	if err != nil {
		return User{}, err
	}
	return withFranchises(ctx, s.db, row)
}

func (s *Service) byEmail(ctx context.Context, email string) (User, error) {
	norm, err := normalizeEmail(email)
	if err != nil {
		return User{}, err
	}
	row, err := userByEmail(ctx, s.db, norm)
	if err != nil {
		return User{}, err
	}
	return withFranchises(ctx, s.db, row)
}

// mail stores an account e-mail in q, the transaction of the change it
// belongs to.
func (s *Service) mail(ctx context.Context, q db.Querier, m outbox.Message) error {
	if s.enqueue == nil {
		return errors.New("auth: no outbox to queue e-mails in")
	}
	m.CreatedAt = s.now()
	return s.enqueue(ctx, q, m)
}

// normalizeEmail trims and lower-cases an address and checks it is a bare
// address (no display name).
func normalizeEmail(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", ErrEmailRequired
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || len(s) > 254 || !strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".") {
		return "", ErrEmailInvalid
	}
	return s, nil
}

func cleanName(s string) (string, error) {
	return names.Clean(strings.Join(strings.Fields(s), " "))
}
