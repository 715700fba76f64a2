package auth

import (
	"fmt"
	"time"

	"vitrine/internal/fault"
	"vitrine/internal/tenant"
)

// User is an account as the API shows it to its owner and to administrators.
type User struct {
	ID        string            `json:"id"`
	Email     string            `json:"email"`
	Name      string            `json:"name"`
	CPF       string            `json:"cpf"`
	Mobile    string            `json:"mobile"`
	Franchise map[string]string `json:"franchise"` // slug -> name
	// Roles are the user's roles in their franchises, by slug.
	Roles         map[string]Role `json:"roles"`
	Permission    map[string]int  `json:"permission"` // e.g. {"dispA":1,"userA":1}
	ViewAdsCenter int             `json:"viewAdsCenter"`
	// EmergencyOverride is 1 when the user may start and clear emergency
	// overrides ('Mensagem de emergência'); administrators always may.
	EmergencyOverride int  `json:"emergencyOverride"`
	Verified          bool `json:"verified"`
	// OfflineAlertEmail is the user's choice to receive, by e-mail, the
	// offline alerts of the TVs of their franchises.
	OfflineAlertEmail bool  `json:"offlineAlertEmail"`
	CreatedAt         int64 `json:"createdAt"`
	UpdatedAt         int64 `json:"updatedAt"`
	// Set on GET /user/detail when the session is an impersonation.
	Impersonator *Impersonator `json:"impersonator,omitempty"`
}

// Role is a user's role in one franchise (docs/roles.md).
type Role struct {
	Role tenant.Role `json:"role"`
	// Stores are the slugs of the stores a franchisee or a store manager
	// covers (empty for the network).
	Stores []string `json:"stores"`
	// ManageTeam is the 'Gerenciar equipe' permission.
	ManageTeam bool `json:"manageTeam"`
	// ApproveContent is the 'Aprovar conteúdo' permission.
	ApproveContent bool `json:"approveContent"`
}

// Impersonator is the administrator behind an impersonation session.
type Impersonator struct {
	Email string `json:"email"`
	Name  string `json:"name"`
}

// Summary is one row of the administrators' user list.
type Summary struct {
	ID         string            `json:"id"`
	Email      string            `json:"email"`
	Name       string            `json:"name"`
	Franchise  map[string]string `json:"franchise"`
	Permission map[string]int    `json:"permission"`
	// ViewAdsCenter is 1 when the user may use the ads center, else 0.
	ViewAdsCenter int `json:"viewAdsCenter"`
	// EmergencyOverride is 1 when the user may start and clear emergency
	// overrides, else 0.
	EmergencyOverride int   `json:"emergencyOverride"`
	Verified          bool  `json:"verified"`
	CreatedAt         int64 `json:"createdAt"`
	UpdatedAt         int64 `json:"updatedAt"`
}

// Credentials is the body of POST /user/auth.
type Credentials struct {
	Email string `json:"email"`
	Auth  string `json:"auth"` // password
}

// RegisterInput is the body of POST /user/register.
type RegisterInput struct {
	Email string `json:"email"`
	Auth  string `json:"auth"`
	Name  string `json:"name"`
}

// NewUser is an account created by the system (bootstrap, demo, register).
type NewUser struct {
	Email      string
	Name       string
	Password   string
	Permission map[string]int
	Verified   bool
	AdsCenter  bool // may use the ads center (viewAdsCenter)
}

// DetailInput is the body of POST /user/detail; absent cpf, mobile or
// offlineAlertEmail keep their value, the name is required.
type DetailInput struct {
	Name              *string `json:"name"`
	CPF               *string `json:"cpf"`
	Mobile            *string `json:"mobile"`
	OfflineAlertEmail *bool   `json:"offlineAlertEmail"`
}

// AdminDetailInput is the body of POST /user/detail/adm: another user's
// details, by e-mail.
type AdminDetailInput struct {
	Email  string  `json:"email"`
	Name   *string `json:"name"`
	CPF    *string `json:"cpf"`
	Mobile *string `json:"mobile"`
	// ViewAdsCenter grants (1) or revokes (0) the ads-center permission;
	// absent keeps it.
	ViewAdsCenter *int `json:"viewAdsCenter"`
	// EmergencyOverride grants (1) or revokes (0) the emergency override
	// permission; absent keeps it.
	EmergencyOverride *int `json:"emergencyOverride"`
}

// FranchiseChange is the body of POST /user/franchise.
type FranchiseChange struct {
	Action        string `json:"action"` // ADD or DEL
	Email         string `json:"email"`
	FranchiseSlug string `json:"franchiseSlug"`
}

// AuditEntry is one write made through an impersonation session.
type AuditEntry struct {
	At          time.Time
	UserID      string // the impersonated user
	AdminUserID string // the administrator acting
	Method      string
	Path        string
	Status      int
}

// How long things live.
const (
	SessionTTL       = 30 * 24 * time.Hour
	ImpersonationTTL = 8 * time.Hour
	VerifyCodeTTL    = 7 * 24 * time.Hour
	ResetCodeTTL     = time.Hour

	// More than MaxLoginFailures failed logins for one e-mail or from one
	// address within LoginWindow block further attempts until the window passes.
	MaxLoginFailures = 10
	LoginWindow      = 15 * time.Minute

	// At most this many reset mails per account and hour, so the form
	// cannot be used to flood someone's inbox.
	maxResetMailsPerHour = 5
)

// Code purposes.
const (
	purposeVerify = "verify"
	purposeReset  = "reset"
)

// Errors of this domain.
var (
	ErrUserNotFound        = fault.New(fault.NotFound, 1001)
	ErrBadCredentials      = fault.New(fault.Unauthorized, 1002)
	ErrAdsCenterValue      = fault.Invalidf("viewAdsCenter deve ser 0 ou 1.")
	ErrOverrideValue       = fault.Invalidf("emergencyOverride deve ser 0 ou 1.")
	ErrBusy                = fault.WithMsg(fault.Unavailable, 1500, "O servidor está ocupado. Tente novamente em instantes.")
	ErrNotVerified         = fault.New(fault.Forbidden, 1021)
	ErrEmailTaken          = fault.New(fault.Conflict, 1023)
	ErrBadCode             = fault.New(fault.Invalid, 1025)
	ErrWrongPassword       = fault.New(fault.Invalid, 1026)
	ErrNameRequired        = fault.ErrNameRequired // 1141
	ErrWeakPassword        = fault.WithMsg(fault.Invalid, 1003, PasswordRule)
	ErrEmailRequired       = fault.WithMsg(fault.Invalid, 1003, "Digite um e-mail.")
	ErrEmailInvalid        = fault.WithMsg(fault.Invalid, 1003, "Digite um e-mail válido.")
	ErrPasswordRequired    = fault.WithMsg(fault.Invalid, 1003, "Digite sua senha.")
	ErrCodeRequired        = fault.WithMsg(fault.Invalid, 1003, "Informe o código.")
	ErrInvalidAction       = fault.WithMsg(fault.Invalid, 1003, "Ação inválida")
	ErrSlugRequired        = fault.WithMsg(fault.Invalid, 1003, "Campo obrigatório")
	ErrCPFInvalid          = fault.WithMsg(fault.Invalid, 1003, "CPF inválido.")
	ErrMobileInvalid       = fault.WithMsg(fault.Invalid, 1003, "Telefone inválido")
	ErrSignupClosed        = fault.WithMsg(fault.Forbidden, 1403, "O cadastro está disponível apenas para administradores.")
	ErrNestedImpersonation = fault.WithMsg(fault.Forbidden, 1403,
		"Encerre a personificação atual antes de personificar outro usuário.")
)

// ThrottledError is a login refused because of too many failures; it
// carries when to try again and unwraps to its fault (429).
type ThrottledError struct {
	RetryAfter time.Duration
}

func (e *ThrottledError) Error() string { return "auth: too many failed logins" }

func (e *ThrottledError) Unwrap() error {
	minutes := int((e.RetryAfter + time.Minute - 1) / time.Minute)
	unit := "minutos"
	if minutes <= 1 {
		minutes, unit = 1, "minuto"
	}
	return fault.WithMsg(fault.TooMany, 1002,
		fmt.Sprintf("Muitas tentativas de login sem sucesso. Tente novamente em %d %s.", minutes, unit))
}
