// Package advertise is the ads center: advertisements sold over a calendar of
// screens. A schedule's ad-slot entry (isAd, adSlots positions of adTime
// seconds) gives every TV that plays the schedule adSlots positions per day;
// an advertisement holds one position of one slot on each of its screens on
// each day of its period. Positions are rows of their own, numbered
// 1..adSlots under a unique key, so two advertisers racing for the last one
// cannot both get it, and a booking over many days and screens is taken
// whole or not at all.
//
// The package owns the advertisements, ad_displays, ad_bookings and ad_plays
// tables, and its SQL is in sqlstore.go. What it needs of other domains it
// asks them, in the caller's transaction where a rule needs it: the ad slots
// of a schedule (schedule.AdSlots), where a TV is and what it plays
// (display.Placements and friends), the time zone of each TV's store
// (store.TimeZones: a booked day is the TV's local day) and the
// franchise's (franchise.TimeZone: the zone a new period's instants are
// read in). It guards schedule saves, TV moves, store deletes
// and media changes through the interfaces those domains declare, wired in
// internal/app/rules.go, and announces every write on the franchise's change
// signal with the TVs it reaches, so their players receive it.
package advertise

import (
	"vitrine/internal/fault"
	"vitrine/internal/schedule"
)

// Advertisement is an advertisement as the API shows it.
type Advertisement struct {
	ID          string      `json:"id"`
	Name        string      `json:"name"`
	DisplayTime int         `json:"displayTime"` // seconds of each play
	StartAt     int64       `json:"startAt"`     // epoch ms: first instant of the first day
	EndsAt      int64       `json:"endsAt"`      // epoch ms: last instant of the last day
	CreatedAt   int64       `json:"createdAt"`
	UpdatedAt   int64       `json:"updatedAt"`
	Franchise   string      `json:"franchise"`
	Media       []MediaItem `json:"media"`
	Displays    int         `json:"displays"` // screens booked
	// Screens are the booked screens, on a read of one advertisement.
	Screens []Screen `json:"screens,omitempty"`
}

// Screen is a screen an advertisement was sold on.
type Screen struct {
	DisplayID  string `json:"displayId"`
	Name       string `json:"name"`
	StoreSlug  string `json:"storeSlug"`
	StoreName  string `json:"storeName"`
	ScheduleID string `json:"scheduleId"`
	SlotID     string `json:"slotId"`
}

// MediaItem is one media of an advertisement, in play order, with the
// playback rules of a schedule's media entry.
type MediaItem struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	DisplayTime int      `json:"displayTime"` // seconds
	Dok         int      `json:"dok"`         // weekdays, bit 0 = Sunday; 127 = every day
	TimeGap     []string `json:"timeGap"`     // "HH:MM@HH:MM" windows; none = all day
	Enabled     bool     `json:"enabled"`
	StartDate   int64    `json:"startDate,omitempty"` // epoch ms; 0 = no start
	EndDate     int64    `json:"endDate,omitempty"`   // epoch ms; 0 = no end
	Volume      float64  `json:"volume"`
	LimitByHour int      `json:"limitByHour,omitempty"`

	// From the library on reads: kind and addresses.
	Type         string `json:"type,omitempty"`
	FilePath     string `json:"filePath,omitempty"`
	URL          string `json:"url,omitempty"`
	ThumbnailURL string `json:"thumbnailUrl,omitempty"`
}

// slot is an ad-slot entry of a schedule as the schedule domain answers
// it (schedule.AdSlots): what a booking takes a position of.
type slot = schedule.AdSlot

// MediaInput is a media item as a client sends it: a schedule entry's
// fields, whose rules are checked alike (absent rules take their defaults:
// every day, enabled, all day, the advertisement's display time). Ad-slot
// fields refuse the item; a schedule's stretch is not kept (the slot's
// applies).
type MediaInput = schedule.EntryInput

// BookingInput is one screen of a new advertisement: the TV, the ad slot of
// its schedule ("" lets the server take the first that fits and is free on
// every day), the schedule it plays and its store, as the map showed them.
type BookingInput struct {
	DisplayID  string `json:"displayId"`
	SlotID     string `json:"slotId"`
	ScheduleID string `json:"scheduleId"`
	StoreSlug  string `json:"storeSlug"`
}

// CreateInput is the body of POST /advertise/{franchise}.
type CreateInput struct {
	Name        string         `json:"name"`
	DisplayTime *float64       `json:"displayTime"`
	StartAt     *int64         `json:"startAt"`
	EndsAt      *int64         `json:"endsAt"`
	Displays    []BookingInput `json:"displays"`
	Media       *[]MediaInput  `json:"media"`
}

// UpdateInput is the body of PUT /advertise/{franchise}: only the fields
// sent change. New dates take the positions of the new days (or give the
// positions of the days left out back) in one transaction.
type UpdateInput struct {
	AdvertiseID string        `json:"advertiseId"`
	Name        *string       `json:"name"`
	DisplayTime *float64      `json:"displayTime"`
	StartAt     *int64        `json:"startAt"`
	EndsAt      *int64        `json:"endsAt"`
	Media       *[]MediaInput `json:"media"`
}

// Limits of the ads center.
const (
	// MapDays is how many days the ad map covers, from today (6 months).
	MapDays = 183
	// MaxDays is the longest period of one advertisement.
	MaxDays = 366
	// MaxScreens is how many screens one advertisement may be sold on.
	MaxScreens = 500
	// MaxMedia is how many media one advertisement may play.
	MaxMedia = 500
	// MaxDisplayTime is the longest play: the longest ad slot position.
	MaxDisplayTime = schedule.MaxAdTime
	// MaxPlaysPerBatch bounds one proof-of-play report.
	MaxPlaysPerBatch = 1000
	// AllDaySlot is the slot key of an ad slot with no time window.
	AllDaySlot = schedule.AllDaySlot
)

// Errors of this domain. 100142 'Anúncio inválido.' carries the reason.
var (
	ErrNotFound       = fault.WithMsg(fault.NotFound, 100142, "Anúncio não encontrado.")
	ErrIDRequired     = fault.WithMsg(fault.Invalid, 100142, "ID do anúncio não está definido.")
	ErrNameRequired   = fault.ErrNameRequired
	ErrNameTooLong    = fault.WithMsg(fault.Invalid, 100142, "O nome do anúncio pode ter no máximo 120 caracteres.")
	ErrDuration       = fault.WithMsg(fault.Invalid, 100142, "Duração deve ser maior do que 0.")
	ErrDurationTooBig = fault.WithMsg(fault.Invalid, 100142, "A duração do anúncio pode ser de no máximo 3600 segundos.")
	ErrDurationWhole  = fault.WithMsg(fault.Invalid, 100142, "A duração do anúncio deve ser um número inteiro de 1 a 3600 segundos.")
	ErrDatesRequired  = fault.WithMsg(fault.Invalid, 100142, "Selecione o primeiro e o último dia do anúncio.")
	ErrDatesOrder     = fault.WithMsg(fault.Invalid, 100142, "A data final deve ser posterior à inicial.")
	ErrTooLong        = fault.WithMsg(fault.Invalid, 100142, "Um anúncio pode durar no máximo 366 dias.")
	ErrPast           = fault.WithMsg(fault.Invalid, 100142, "O anúncio não pode começar antes de hoje.")
	ErrNoScreens      = fault.WithMsg(fault.Invalid, 100142, "Selecione pelo menos uma tela para o anúncio.")
	ErrTooManyScreens = fault.WithMsg(fault.Invalid, 100142, "Um anúncio pode ser vendido em no máximo 500 telas.")
	ErrNothingToSave  = fault.WithMsg(fault.Invalid, 100142, "Pelo menos um dos campos devem ser preenchido.")
	ErrTooManyMedia   = fault.WithMsg(fault.Invalid, 100142, "Um anúncio pode ter no máximo 500 mídias.")
	ErrSlotInAd       = fault.WithMsg(fault.Invalid, 100142, "Vagas de anúncio não podem ser adicionadas a um anúncio.")
	ErrMediaWithoutID = fault.New(fault.Invalid, 100105)  // "Uma ou mais mídias sem ID."
	ErrMediaNotFound  = fault.New(fault.NotFound, 100101) // "Mídia não encontrada."
	ErrNoSchedule     = fault.WithMsg(fault.Invalid, 100142, "Você precisa vincular uma programação para continuar.")
	ErrDisplay        = fault.New(fault.NotFound, 100121) // "Display não encontrado."
	// ErrRace is a booking that lost the race for a position twice in a row.
	ErrRace = fault.WithMsg(fault.Conflict, 100142, "Outra reserva ocupou a mesma vaga ao mesmo tempo. Tente novamente.")
)
