// Package store is a franchise's stores (lojas): their address data, the
// contacts who receive WhatsApp messages, and the messages sent to them.
// Every query is scoped by franchise; a store is named by its slug, unique
// within its franchise.
package store

import "vitrine/internal/fault"

// Store is a store as the API shows it.
type Store struct {
	Slug      string `json:"slug"`
	Name      string `json:"name"`
	Region    string `json:"region"`
	State     string `json:"state"`
	City      string `json:"city"`
	Franchise string `json:"franchise"` // franchise slug
	Social    string `json:"social"`
	Document  string `json:"document"` // CNPJ, bare characters, "" when absent
	Tag       string `json:"tag"`
	Phone     string `json:"phone"`
	// TimeZone is the IANA zone of the store's TVs: every wall-clock rule
	// they follow (DESIGN.md "Local time").
	TimeZone  string    `json:"timeZone"`
	Contacts  []Contact `json:"contacts"`
	Displays  int       `json:"displays"` // number of TVs
	CreatedAt int64     `json:"createdAt"`
	UpdatedAt int64     `json:"updatedAt"`
}

// SentMessage is one WhatsApp message to a store contact, with its delivery
// state, as the message dialog lists them.
type SentMessage struct {
	ID        string   `json:"id"`
	Phone     string   `json:"phone"`    // area code and number, digits only
	Contacts  []string `json:"contacts"` // "Name (Store)" of the contacts with this phone
	Body      string   `json:"body"`
	Status    string   `json:"status"` // pending | sent | delivered | read | failed
	Error     string   `json:"error"`
	CreatedAt int64    `json:"createdAt"`
	UpdatedAt int64    `json:"updatedAt"`
}

// MessagesShown is how many recent messages the message dialog lists.
const MessagesShown = 50

// Contact is a person at a store who may receive messages.
type Contact struct {
	Name          string `json:"name"`
	Role          string `json:"role"`
	Phone         string `json:"phone"` // digits: area code + number
	ReceiveNotify bool   `json:"receiveNotify"`
}

// Input is the body of a create or update. On update, absent fields keep
// their value; a present contacts list replaces the old one.
type Input struct {
	Name     *string `json:"name"`
	Region   *string `json:"region"`
	State    *string `json:"state"`
	City     *string `json:"city"`
	Social   *string `json:"social"`
	Document *string `json:"document"`
	Tag      *string `json:"tag"`
	Phone    *string `json:"phone"`
	// TimeZone is an IANA zone name; absent or empty on create takes the
	// franchise's zone, empty on update too.
	TimeZone *string         `json:"timeZone"`
	Contacts *[]ContactInput `json:"contacts"`
}

// ContactInput is a contact as sent by the console; receiveNotify defaults to true.
type ContactInput struct {
	Name          string `json:"name"`
	Role          string `json:"role"`
	Phone         string `json:"phone"`
	ReceiveNotify *bool  `json:"receiveNotify"`
}

// NotifyInput is the body of a message to stores.
type NotifyInput struct {
	Message       string   `json:"message"`
	StoreSlugList []string `json:"storeSlugList"`
}

// ErrContactPhoneRepeated is a store's contact list with two contacts of
// one phone (digits, as stored).
func ErrContactPhoneRepeated(phone string) error {
	masked := phone
	if n := len(phone); n == 10 || n == 11 {
		masked = "(" + phone[:2] + ") " + phone[2:n-4] + "-" + phone[n-4:]
	}
	return fault.Invalidf("Dois contatos com o telefone %s: remova um deles.", masked)
}

// Limits.
const (
	MaxContacts      = 50
	MaxMessageLength = 4096 // WhatsApp's limit for a text message
	// MaxNotifyStores bounds the stores of one message, checked before any work.
	MaxNotifyStores = 5000
)

// Errors of this domain.
var (
	ErrNotFound          = fault.New(fault.NotFound, 1061) // "Loja não encontrada."
	ErrNameRequired      = fault.ErrNameRequired
	ErrDocumentInvalid   = fault.New(fault.Invalid, 1043)
	ErrPhoneInvalid      = fault.Invalidf("Telefone inválido")
	ErrContactIncomplete = fault.Invalidf("Nome e cargo do contato são obrigatórios.")
	ErrTooManyContacts   = fault.Invalidf("Uma loja pode ter no máximo %d contatos.", MaxContacts)
	ErrNameMismatch      = fault.Invalidf("O nome informado não confere com o da loja.")
	ErrMessageRequired   = fault.Invalidf("Mensagem é obrigatória")
	ErrMessageTooLong    = fault.Invalidf("A mensagem pode ter no máximo %d caracteres.", MaxMessageLength)
	ErrNoStoreChosen     = fault.Invalidf("Seleciona pelo menos um estabelecimento")
	ErrTooManyStores     = fault.Invalidf("Escolha no máximo %d lojas por mensagem.", MaxNotifyStores)
	ErrBusy              = fault.ErrBusy
	// ErrTimeZone is a zone name time.LoadLocation does not know.
	ErrTimeZone = fault.Invalidf("Fuso horário inválido: escolha um fuso da lista, como America/Sao_Paulo.")
	// ErrNameTaken is a name already used by another store of the group,
	// ignoring case, accents and extra spaces.
	ErrNameTaken = fault.WithMsg(fault.Conflict, 1003, "Já existe uma loja com este nome neste grupo.")
)
