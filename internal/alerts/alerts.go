// Package alerts tells people when a TV goes dark: per franchise, an
// administrator turns the offline alerts on, sets the delay and the
// channels (SMS, WhatsApp, e-mail). One state machine per TV, driven by the
// TV status the hub keeps (display.Offline), moves online → offline since T
// → alerted → back; only time the TV was dark while its store was open
// counts toward the delay (the rule's cases: api/alert-cases.json). The state is persisted (display_alerts), each step is taken
// in one transaction that holds the TV's row — so exactly one replica takes
// it — and the messages it sends are queued in the outbox in that same
// transaction, so a crash never loses or doubles one.
package alerts

import (
	"time"

	"vitrine/internal/fault"
)

// Channels an alert may go through.
const (
	SMS      = "sms"      // the store contacts' phones (Zenvia)
	WhatsApp = "whatsapp" // the store contacts' phones, in the approved template
	Email    = "email"    // the franchise's operators who opted in
)

// Channels lists every channel, in the order the console shows them.
var Channels = []string{SMS, WhatsApp, Email}

// Delay bounds and default (the spec plans "an SMS when a TV is offline for
// over 48 hours").
const (
	MinDelay     = 5 * time.Minute
	MaxDelay     = 7 * 24 * time.Hour
	DefaultDelay = 48 * time.Hour
)

// Settle is how long a TV must stay back online before its outage ends. A
// TV that drops again sooner is still in the same outage: no second alert
// goes out and no back notice was sent for the short return, but the
// minutes it was back count neither toward the delay nor as offline time.
const Settle = 10 * time.Minute

// Message kinds.
const (
	KindOffline = "offline"
	KindBack    = "back"
)

// Settings is a franchise's alert configuration.
type Settings struct {
	Enabled      bool     `json:"enabled"`
	DelayMinutes int      `json:"delayMinutes"`
	Channels     []string `json:"channels"`
	UpdatedAt    int64    `json:"updatedAt"` // epoch ms, 0 = never saved
}

// Defaults are the settings of a franchise that never saved any: off, 48
// hours, every channel.
func Defaults() Settings {
	return Settings{DelayMinutes: int(DefaultDelay / time.Minute), Channels: append([]string{}, Channels...)}
}

// Input is the body of a settings save; absent fields keep their value.
type Input struct {
	Enabled      *bool     `json:"enabled"`
	DelayMinutes *int      `json:"delayMinutes"`
	Channels     *[]string `json:"channels"`
}

// OfflineTV is a TV of the franchise that is offline now.
type OfflineTV struct {
	Display   string `json:"display"` // TV id
	Name      string `json:"name"`
	Store     string `json:"store"` // store slug
	StoreName string `json:"storeName"`
	// Since is when the TV went dark: its last sign of life (epoch ms);
	// 0 when its player never connected (such a TV is listed but not
	// alerted).
	Since int64 `json:"since"`
	// OutageSince is when the outage's first drop began: Since, unless the
	// TV came back for less than Settle and dropped again.
	OutageSince int64 `json:"outageSince"`
	// EarlierOfflineMs is the offline time of the outage's earlier drops:
	// its real offline time is EarlierOfflineMs plus the time since Since.
	EarlierOfflineMs int64 `json:"earlierOfflineMs"`
	AlertedAt        int64 `json:"alertedAt"` // when its alert went out, 0 = not (yet)
}

// Sent is one alert message, with its delivery state from the outbox.
type Sent struct {
	ID          string `json:"id"`
	Kind        string `json:"kind"` // offline | back
	Channel     string `json:"channel"`
	Recipient   string `json:"recipient"`
	Display     string `json:"display"`
	DisplayName string `json:"displayName"`
	StoreName   string `json:"storeName"`
	Body        string `json:"body"`
	Status      string `json:"status"` // pending | sent | delivered | read | failed
	Error       string `json:"error"`
	CreatedAt   int64  `json:"createdAt"`
}

// SentShown is how many recent alert messages the console lists.
const SentShown = 100

// Errors of this domain.
var (
	ErrDelay     = fault.Invalidf("O atraso deve ficar entre 5 minutos e 7 dias.")
	ErrNoChannel = fault.Invalidf("Escolha pelo menos um canal para enviar os alertas.")
)

// ErrChannel is a channel this system does not know.
func ErrChannel(name string) error {
	return fault.Invalidf("Canal desconhecido: %q. Use sms, whatsapp ou email.", name)
}
