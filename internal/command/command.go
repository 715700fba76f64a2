// Package command is the remote commands an administrator sends to a TV's
// player (restart, screenshot, record a clip, identify, clear local state)
// as jobs with results: a job is sent to the player of a connected TV and
// ends done or failed by the player's answer, or timed out. It owns the
// display_commands table; the TVs and their connection are asked of
// internal/display, and the delivery to the player's socket is announced
// on the change signal for the replica that holds it.
package command

import (
	"slices"
	"time"

	"vitrine/internal/fault"
)

// Input is the body of a remote command.
type Input struct {
	Operation string `json:"operation"`
}

// Operations a TV box accepts.
var Operations = []string{
	"restartDevice", "screenshot", "recordVideo", "identifyDevice",
	"identifyVersion", "clearSchedule", "clearDb", "clearMedia",
}

// ValidOperation tells whether op is one of Operations.
func ValidOperation(op string) bool { return slices.Contains(Operations, op) }

// Job statuses: a job is sent to the player, then done or failed by its
// answer, or timed out when no answer came in time (queued is the stored
// default, from before jobs were sent at once).
const (
	Queued  = "queued"
	Sent    = "sent"
	Done    = "done"
	Failed  = "failed"
	Timeout = "timeout"
)

// Errors of this domain.
var (
	ErrOperation    = fault.Invalidf("Comando desconhecido.")
	ErrNotFound     = fault.WithMsg(fault.NotFound, 1003, "Comando não encontrado.")
	ErrAnswered     = fault.WithMsg(fault.Conflict, 1003, "Este comando já foi respondido.")
	ErrResultFormat = fault.Invalidf("Resultado inválido para este comando.")
)

// Command is a job as the console shows it.
type Command struct {
	ID          string `json:"id"`
	Operation   string `json:"operation"`
	Status      string `json:"status"` // sent | done | failed | timeout
	Result      string `json:"result"` // text answer (identifyVersion)
	Error       string `json:"error"`
	HasFile     bool   `json:"hasFile"` // a screenshot or a video to fetch
	FileType    string `json:"fileType,omitempty"`
	CreatedAt   int64  `json:"createdAt"`
	CompletedAt int64  `json:"completedAt,omitempty"`
}

// Job is a command job as its player sees it when answering.
type Job struct {
	ID            string
	Operation     string
	DisplayID     string
	FranchiseID   string
	FranchiseSlug string // filled by the caller for storage keys
}

// Answer is a player's answer to a job.
type Answer struct {
	OK       bool   `json:"ok"`
	Text     string `json:"text"`
	Error    string `json:"error"`
	FileKey  string `json:"-"` // storage key of the uploaded file
	FileType string `json:"-"`
}

// AnswerWithin is how long a player has to answer operation.
func AnswerWithin(operation string) time.Duration {
	if operation == "recordVideo" {
		return 2 * time.Minute
	}
	return time.Minute
}

// Status tells a job's status as the console shows it at now: a sent job
// past its deadline has timed out even before the sweep (Expire) marks it.
func Status(stored string, deadline int64, now time.Time) string {
	if stored == Sent && now.UnixMilli() > deadline {
		return Timeout
	}
	return stored
}
