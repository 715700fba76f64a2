// Package display is the TVs (displays) of a franchise's stores: each driven
// by a TV box known by its device code, turned by a content orientation, and
// optionally linked to a schedule. It keeps each TV's status (its player
// connected, its last ack; the Offline rule) and tells a player which TV it
// is paired with. Remote commands to a TV's player are internal/command's.
package display

import (
	"vitrine/internal/fault"
	"vitrine/internal/schedule"
)

// Display is a TV as the API shows it.
type Display struct {
	ID                 string `json:"id"`
	Name               string `json:"name"`
	Device             string `json:"device"`
	Store              string `json:"store"`     // store slug
	Franchise          string `json:"franchise"` // franchise slug
	Detail             string `json:"detail"`
	Orientation        int    `json:"orientation"`
	ContentOrientation int    `json:"contentOrientation"` // 0..3: 0°, 90°, 180°, 270°
	Schedule           string `json:"schedule"`           // schedule id, "" when none
	ScheduleName       string `json:"scheduleName"`
	Connected          bool   `json:"connected"`
	LastConnectionAck  int64  `json:"lastConnectionAck"` // epoch ms, 0 = never
	// AckedHash is the content hash of the schedule its player last
	// acknowledged ("" = none, or no schedule), and AckedAt when (epoch
	// ms, 0 = never): the live view compares it with the current one.
	AckedHash string `json:"ackedHash"`
	AckedAt   int64  `json:"ackedAt"`
	CreatedAt int64  `json:"createdAt"`
	UpdatedAt int64  `json:"updatedAt"`
	// Problems are what its player's latest report shows wrong (TV
	// health); absent when nothing is.
	Problems []Problem `json:"problems,omitempty"`

	problems    string // stored problem codes
	errorsSince int64  // time of the third newest playback error
}

// Input is the body of a create or update. The schedule may come as
// "schedule" or "scheduleId"; an empty one unlinks. On update, absent fields
// keep their value, and device may only repeat the registered code.
type Input struct {
	Name               *string `json:"name"`
	Device             *string `json:"device"`
	Detail             *string `json:"detail"`
	Orientation        *int    `json:"orientation"`
	ContentOrientation *int    `json:"contentOrientation"`
	Schedule           *string `json:"schedule"`
	ScheduleID         *string `json:"scheduleId"`
}

// Errors of this domain.
var (
	ErrNotFound         = fault.New(fault.NotFound, 100121) // "Display não encontrado."
	ErrDeviceTaken      = fault.New(fault.Conflict, 100122) // "Dispositivo já registrado."
	ErrDeviceMissing    = fault.New(fault.Invalid, 100125)  // "Argumentos faltando."
	ErrDeviceImmutable  = fault.New(fault.Conflict, 100128) // "Código do dispositivo não pode ser alterado."
	ErrDeviceInvalid    = fault.Invalidf("Código do dispositivo inválido.")
	ErrScheduleNotFound = schedule.ErrNotFound
	ErrNameRequired     = fault.ErrNameRequired
	ErrOrientation      = fault.Invalidf("Orientação inválida: use 0, 1, 2 ou 3.")
	// ErrDeviceUnknown is a code no player announced.
	ErrDeviceUnknown = fault.New(fault.NotFound, 100123) // "Dispositivo não encontrado."
	// ErrDeviceNotConnected is a TV whose player is Offline.
	ErrDeviceNotConnected = fault.New(fault.Conflict, 100124) // "Dispositivo não conectado."
	// ErrNameTaken is a name already used by another TV of the store,
	// ignoring case, accents and extra spaces.
	ErrNameTaken = fault.WithMsg(fault.Conflict, 1003, "Já existe um televisor com este nome nesta loja.")
)
