// Package localcontent is what stores put on the network's screens: each
// store fills the 'Espaço local' entries of the schedules its TVs play with
// its own list of media (from the store's own folder of the library), and
// what a franchisee sends waits for a network member holding 'Aprovar
// conteúdo' before any player receives it ('Aprovações'). It owns the
// local_items and local_digests tables.
//
// An item has up to two versions: the approved one (live), the one TVs
// play, and the one sent (draft), waiting ('pending') or refused
// ('rejected', with a reason). A change of an approved item waits while the
// approved version keeps playing; a removal takes effect at once. A group
// with 'Publicar conteúdo local sem aprovação' plays what is sent at once.
package localcontent

import (
	"vitrine/internal/fault"
	"vitrine/internal/schedule"
)

// States of an item.
const (
	Approved = "approved"
	Pending  = "pending"
	Rejected = "rejected"
)

// Limits.
const (
	// MaxItems is how many items one store may put in one space.
	MaxItems = 50
	// MaxDecide is how many items one decision may name.
	MaxDecide = 500
	// MaxReason is the longest reason of a refusal, in characters.
	MaxReason = 500
	// DefaultPage and MaxPage bound a page of 'Aprovações'.
	DefaultPage = 100
	MaxPage     = 500
)

// Media is a media as a local space shows it; URL is "" when its file is
// gone.
type Media struct {
	ID           string  `json:"id"`
	Name         string  `json:"name"`
	Type         string  `json:"type"`
	URL          string  `json:"url"`
	ThumbnailURL string  `json:"thumbnailUrl"`
	Duration     float64 `json:"duration,omitempty"`
}

// Version is one version of an item: which media, between which dates.
type Version struct {
	MediaID   string `json:"mediaId"`
	StartDate int64  `json:"startDate,omitempty"`
	EndDate   int64  `json:"endDate,omitempty"`
	Media     Media  `json:"media"`
}

// Item is one item of a store's list in a local space.
type Item struct {
	ID         string   `json:"id"`
	ScheduleID string   `json:"scheduleId"`
	SpaceID    string   `json:"spaceId"`
	Position   int      `json:"position"`
	State      string   `json:"state"`
	Reason     string   `json:"reason"`
	Live       *Version `json:"live"`
	Draft      *Version `json:"draft"`
	SentBy     string   `json:"sentBy"`
	SentAt     int64    `json:"sentAt"`
	DecidedBy  string   `json:"decidedBy"`
	DecidedAt  int64    `json:"decidedAt"`
}

// Space is a local space of a schedule the store's TVs play, with the
// store's list for it.
type Space struct {
	ScheduleID   string   `json:"scheduleId"`
	ScheduleName string   `json:"scheduleName"`
	SpaceID      string   `json:"spaceId"`
	Name         string   `json:"name"`
	LocalTime    int      `json:"localTime"`
	Dok          int      `json:"dok"`
	TimeGap      []string `json:"timeGap"`
	Enabled      bool     `json:"enabled"`
	StartDate    int64    `json:"startDate,omitempty"`
	EndDate      int64    `json:"endDate,omitempty"`
	Fallback     *Media   `json:"fallback"`
	Items        []Item   `json:"items"`
	Displays     int      `json:"displays"`
}

// ItemInput is a new item.
type ItemInput struct {
	ScheduleID string `json:"scheduleId"`
	SpaceID    string `json:"spaceId"`
	MediaID    string `json:"mediaId"`
	StartDate  *int64 `json:"startDate"`
	EndDate    *int64 `json:"endDate"`
}

// ItemUpdate is a changed item: absent fields keep the last version's, a
// date of 0 clears it; Position moves it at once.
type ItemUpdate struct {
	MediaID   *string `json:"mediaId"`
	StartDate *int64  `json:"startDate"`
	EndDate   *int64  `json:"endDate"`
	Position  *int    `json:"position"`
}

// StoreRef names a store.
type StoreRef struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// Approval is an item waiting for approval, with what a preview on the
// store's TV needs.
type Approval struct {
	ID                 string              `json:"id"`
	Store              StoreRef            `json:"store"`
	ScheduleID         string              `json:"scheduleId"`
	ScheduleName       string              `json:"scheduleName"`
	SpaceID            string              `json:"spaceId"`
	SpaceName          string              `json:"spaceName"`
	LocalTime          int                 `json:"localTime"`
	Draft              Version             `json:"draft"`
	Live               *Version            `json:"live"`
	SentBy             string              `json:"sentBy"`
	SentByEmail        string              `json:"sentByEmail"`
	SentAt             int64               `json:"sentAt"`
	ContentOrientation int                 `json:"contentOrientation"`
	BottomBar          *schedule.BottomBar `json:"bottomBar"`
}

// ApprovalList is one page of 'Aprovações'.
type ApprovalList struct {
	Items []Approval `json:"items"`
	Total int        `json:"total"`
	Next  string     `json:"next,omitempty"`
}

// Decision approves or refuses items.
type Decision struct {
	IDs      []string `json:"ids"`
	Decision string   `json:"decision"` // approve | reject
	Reason   string   `json:"reason"`
}

// Errors of local content, in the spec's codes.
var (
	ErrItemNotFound  = fault.WithMsg(fault.NotFound, 100101, "Item do espaço local não encontrado.")
	ErrMediaNotFound = fault.WithMsg(fault.NotFound, 100101, "Mídia não encontrada na pasta da loja.")
	ErrSpaceNotFound = fault.WithMsg(fault.NotFound, 100101, "Espaço local não encontrado nas programações das TVs desta loja.")
	ErrDates         = fault.Invalidf("A data final deve ser igual ou posterior à inicial.")
	ErrBadDate       = fault.Invalidf("Data inválida.")
	ErrTooMany       = fault.Invalidf("Uma loja pode ter no máximo %d itens em um espaço local.", MaxItems)
	ErrPosition      = fault.Invalidf("Posição inválida.")
	ErrNothing       = fault.Invalidf("Nada a alterar: informe a mídia, as datas ou a posição.")
	ErrDecision      = fault.Invalidf("Decisão inválida: use approve ou reject.")
	ErrNoIDs         = fault.Invalidf("Selecione ao menos um item.")
	ErrTooManyIDs    = fault.Invalidf("Decida no máximo %d itens de uma vez.", MaxDecide)
	ErrReason        = fault.Invalidf("Informe o motivo da recusa.")
	ErrReasonLong    = fault.Invalidf("O motivo pode ter no máximo %d caracteres.", MaxReason)
	ErrCursor        = fault.Invalidf("Cursor inválido.")
	ErrLimit         = fault.Invalidf("O limite deve ser um número inteiro de 1 a %d.", MaxPage)
)
