// Package schedule is a franchise's schedules (programações): the ordered
// entries each TV linked to one plays — library media with their rules
// (weekdays, dates, time windows, hourly limits) and ad slots — and the
// footer drawn under them. It owns the schedules table; other domains reach
// schedules only through it. Every write is announced on the franchise's
// change signal with the schedule's id, so caches and players follow.
package schedule

import "vitrine/internal/fault"

// Schedule is a schedule as the API shows it.
type Schedule struct {
	ID        string     `json:"id"`
	Name      string     `json:"name"`
	Media     []Entry    `json:"media"`    // entries in play order
	Duration  int        `json:"duration"` // seconds of one pass, every entry counted
	Displays  int        `json:"displays"` // TVs linked to it
	Hash      string     `json:"hash"`     // changes whenever the entries or the footer change
	Tags      []string   `json:"tags"`
	BottomBar *BottomBar `json:"bottomBar"` // nil when the schedule has no footer
	// ForFranchisees is 'Disponível para franqueados': franchisees may link
	// their TVs to it.
	ForFranchisees bool   `json:"forFranchisees"`
	Franchise      string `json:"franchise"`
	CreatedAt      int64  `json:"createdAt"`
	UpdatedAt      int64  `json:"updatedAt"`
	// LocalFill counts, by local space id, the stores with approved or
	// waiting content in it; nil when none.
	LocalFill map[string]int `json:"localFill,omitempty"`
	// LocalStores counts the stores with approved or waiting content in any
	// of its local spaces: deleting the schedule deletes that content.
	LocalStores int `json:"localStores,omitempty"`
}

// Summary is a schedule in the list: everything but its entries.
type Summary struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Duration   int      `json:"duration"`
	MediaCount int      `json:"mediaCount"`
	Displays   int      `json:"displays"`
	Hash       string   `json:"hash"`
	Tags       []string `json:"tags"`
	// ForFranchisees is 'Disponível para franqueados'.
	ForFranchisees bool   `json:"forFranchisees"`
	Franchise      string `json:"franchise"`
	CreatedAt      int64  `json:"createdAt"`
	UpdatedAt      int64  `json:"updatedAt"`
	// LocalStores is Schedule.LocalStores.
	LocalStores int `json:"localStores,omitempty"`
}

// Entry is one position of a schedule: a library media with its rules, or an
// ad slot (isAd) whose positions advertisements fill.
type Entry struct {
	ID                   string   `json:"id"` // the media's id; the slot's own id for an ad slot
	Name                 string   `json:"name"`
	Type                 string   `json:"type,omitempty"` // image | video, from the library
	FilePath             string   `json:"filePath,omitempty"`
	DisplayTime          int      `json:"displayTime"` // seconds
	Dok                  int      `json:"dok"`         // weekdays, bit 0 = Sunday; 127 = every day
	Enabled              bool     `json:"enabled"`
	Stretch              bool     `json:"stretch"`
	StartDate            int64    `json:"startDate,omitempty"` // epoch ms; 0 = no start
	EndDate              int64    `json:"endDate,omitempty"`   // epoch ms; 0 = no end
	TimeGap              []string `json:"timeGap"`             // "HH:MM@HH:MM" windows; none = all day
	LimitByHour          int      `json:"limitByHour,omitempty"`
	Volume               float64  `json:"volume"`
	DisplayTimeJumpStart int      `json:"displayTimeJumpStart,omitempty"`
	IsAd                 bool     `json:"isAd,omitempty"`
	AdSlots              int      `json:"adSlots,omitempty"`
	AdTime               int      `json:"adTime,omitempty"`
	AdFallbackMediaID    string   `json:"adFallbackMediaId,omitempty"`
	// IsLocal marks an 'Espaço local': each store plays there its own
	// approved items (internal/localcontent), LocalTime seconds each, or
	// LocalFallbackMediaID where it has none; without a fallback the space
	// is skipped.
	IsLocal              bool   `json:"isLocal,omitempty"`
	LocalTime            int    `json:"localTime,omitempty"`
	LocalFallbackMediaID string `json:"localFallbackMediaId,omitempty"`

	// Filled on reads with fullMedia: the library media's addresses.
	URL          string `json:"url,omitempty"`
	ThumbnailURL string `json:"thumbnailUrl,omitempty"`
}

// EntryInput is an entry as a client sends it; absent rule fields take
// their defaults (every day, enabled, all day, no limit). Numbers are read
// as any JSON number, so 1.5 or 123456789012 gets a message about its field
// and bounds instead of a bare "bad request".
type EntryInput struct {
	ID                   string   `json:"id"`
	Name                 string   `json:"name"`
	DisplayTime          *float64 `json:"displayTime"`
	Dok                  *float64 `json:"dok"`
	Enabled              *bool    `json:"enabled"`
	Stretch              bool     `json:"stretch"`
	StartDate            *int64   `json:"startDate"`
	EndDate              *int64   `json:"endDate"`
	TimeGap              []string `json:"timeGap"`
	LimitByHour          *float64 `json:"limitByHour"`
	Volume               *float64 `json:"volume"`
	DisplayTimeJumpStart *float64 `json:"displayTimeJumpStart"`
	IsAd                 bool     `json:"isAd"`
	AdSlots              *float64 `json:"adSlots"`
	AdTime               *float64 `json:"adTime"`
	AdFallbackMediaID    string   `json:"adFallbackMediaId"`
	IsLocal              bool     `json:"isLocal"`
	LocalTime            *float64 `json:"localTime"`
	LocalFallbackMediaID string   `json:"localFallbackMediaId"`
}

// Input is the body of a create or update. On update, absent fields keep
// their value; Hash, when sent, must be the stored one (the client saw the
// current entries), else ErrStale.
type Input struct {
	Name  *string       `json:"name"`
	Media *[]EntryInput `json:"media"`
	Tags  *[]string     `json:"tags"`
	Hash  *string       `json:"hash"`
	// ForFranchisees sets 'Disponível para franqueados'.
	ForFranchisees *bool `json:"forFranchisees"`
}

// SlotInput is the body of the ad slot modal: positions, seconds of each
// (DefaultDuration when absent) and the media played when none is booked.
type SlotInput struct {
	Quantity          *float64 `json:"quantity"`
	Duration          *float64 `json:"duration"`
	AdFallbackMediaID string   `json:"adFallbackMediaId"`
}

// Limits of a schedule.
const (
	MaxEntries     = 5000
	MaxDisplayTime = 86400 // seconds
	MaxSlots       = 100
	MaxAdTime      = 3600
	MaxTags        = 50
	// DefaultDuration is the length of an entry that names none (spec 2 §4).
	DefaultDuration = 10
	// Forever is how far a "no end" date lies after its start: 1000 years.
	Forever = int64(1000*365.25*24*3600) * 1000
)

// Errors of this domain.
var (
	ErrNotFound = fault.New(fault.NotFound, 1081) // "Agenda não encontrada."
	// ErrNotAvailable refuses a franchisee or a store manager a link to a
	// schedule the network has not made 'Disponível para franqueados'.
	ErrNotAvailable   = fault.WithMsg(fault.Forbidden, 1403, "Esta programação não está disponível para franqueados.")
	ErrEntryWithoutID = fault.New(fault.Invalid, 100105)  // "Uma ou mais mídias sem ID."
	ErrSlotWithout    = fault.New(fault.Invalid, 100106)  // "Um ou mais anúncios sem slots definidos."
	ErrMediaNotFound  = fault.New(fault.NotFound, 100101) // "Mídia não encontrada."
	ErrNameRequired   = fault.New(fault.Invalid, 1141)
	ErrStale          = fault.WithMsg(fault.Conflict, 1003, "A programação foi alterada por outra pessoa enquanto você editava. Recarregue para ver a versão atual.")
	ErrIndex          = fault.WithMsg(fault.NotFound, 100101, "Mídia não encontrada nesta posição da programação.")
	ErrTooManyEntries = fault.Invalidf("Uma programação pode ter no máximo %d mídias.", MaxEntries)
)
