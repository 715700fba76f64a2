// Package franchise is the groups (franchises) operators work in: their
// registration data, the slug that names them in every URL, membership of
// the users who created them, and the store and TV counts shown next to them.
package franchise

import "vitrine/internal/fault"

// Franchise is a group as the API shows it.
type Franchise struct {
	Slug                  string `json:"slug"`
	Name                  string `json:"name"`
	Social                string `json:"social"`
	Document              string `json:"document"` // CNPJ, bare characters, "" when absent
	State                 string `json:"state"`
	City                  string `json:"city"`
	Address               string `json:"address"`
	Number                string `json:"number"`
	Complement            string `json:"complement"`
	AdditionalInformation string `json:"additionalInformation"`
	Phone                 string `json:"phone"`
	TagStore              string `json:"tagStore"`
	TagDisplay            string `json:"tagDisplay"`
	TagSchedule           string `json:"tagSchedule"`
	TimeZone              string `json:"timeZone"`
	// LocalWithoutApproval is 'Publicar conteúdo local sem aprovação': what
	// the stores put in their local spaces plays at once.
	LocalWithoutApproval bool  `json:"localWithoutApproval"`
	Stores               int   `json:"stores"`
	Displays             int   `json:"displays"`
	CreatedAt            int64 `json:"createdAt"`
	UpdatedAt            int64 `json:"updatedAt"`
}

// Input is the body of a create or update. On update, absent fields keep
// their value; an empty document removes it.
type Input struct {
	Name                  *string `json:"name"`
	Social                *string `json:"social"`
	Document              *string `json:"document"`
	State                 *string `json:"state"`
	City                  *string `json:"city"`
	Address               *string `json:"address"`
	Number                *string `json:"number"`
	Complement            *string `json:"complement"`
	AdditionalInformation *string `json:"additionalInformation"`
	Phone                 *string `json:"phone"`
	TagStore              *string `json:"tagStore"`
	TagDisplay            *string `json:"tagDisplay"`
	TagSchedule           *string `json:"tagSchedule"`
	TimeZone              *string `json:"timeZone"`
	LocalWithoutApproval  *bool   `json:"localWithoutApproval"`
}

// Errors of this domain.
var (
	ErrNameRequired    = fault.ErrNameRequired           // 1141
	ErrDocumentTaken   = fault.New(fault.Conflict, 1042) // CNPJ already registered
	ErrDocumentInvalid = fault.New(fault.Invalid, 1043)  // CNPJ check digits do not match
	ErrNotFound        = fault.ErrFranchise              // 1041
	ErrPhoneInvalid    = fault.Invalidf("Telefone inválido")
	ErrTimeZone        = fault.Invalidf("Fuso horário inválido.")
	// ErrNameTaken is a name already used by another group anywhere in the
	// system (ignoring case, accents and extra spaces): a group's name is
	// what the user menu, the admin lists and the franchise chips show.
	ErrNameTaken = fault.WithMsg(fault.Conflict, 1003, "Já existe um grupo com este nome.")
)
