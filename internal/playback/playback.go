// Package playback holds the playback rules of spec 2 §4: which schedule
// entry may play at a moment on a screen, in what order a schedule plays, what
// a screen shows now, and an entry's date badge. The server's domains use it
// for "what plays on this TV now", ad availability and offline alerts; the
// console's preview and the player use its twin, web/src/lib/playback, and
// both are checked against api/playback-cases.json. It is pure: every instant
// is an argument (no clock is read), local time comes from the screen's IANA
// zone, and it imports nothing but the standard library.
//
// Decisions the spec leaves open, the same on both sides:
//   - endDate is inclusive (the console's range mode stores the last
//     millisecond of the chosen day); startDate and endDate of 0 mean no bound.
//   - The dates name calendar days in the franchise's zone, the one the
//     console writes them in; DatesOn moves them onto a screen's clock
//     (00:00 of the start day to the end of the end day there) before the
//     rules, which then compare instants.
//   - A window "HH:MM@HH:MM" has an inclusive start and exclusive end; an end
//     before the start runs over midnight, and there the weekday of the
//     moment's own local date decides; an end equal to the start is the whole
//     day.
//   - Invalid windows ("9:00@10:00", "24:00@01:00", "10:00-12:00") are
//     ignored, but an entry whose every window is invalid never plays; the
//     schedule service refuses them on save with CheckTimeGap.
//   - An entry is checked when it would start; once started it plays its whole
//     duration.
//   - limitByHour counts the starts of that entry (by position) in the local
//     clock hour each start falls in; the count resets when the next local
//     hour begins (a repeated hour when clocks go back is a new hour).
//   - NowPlaying: the sequence restarts from the first entry at the anchor,
//     the later of the start of the screen's local day and the schedule's last
//     change (Anchor); what plays now is that sequence's item covering the
//     moment. The player restarts its loop at both instants too.
//   - Ad slots (ads.go, the player's web/src/player/ads.ts): PlanDay cuts
//     each slot to the positions that play on a day (sold ones, and the
//     others when there is a fallback); ScreenFrom is what the screen shows
//     with them, each position an item, an advertisement's media in turn
//     from the anchor.
//   - Local spaces (local.go): a space is eligible by its own rules, kind
//     "local"; PlanDayLocal cuts it into the store's items of the day
//     (Local.OnDay), localTime each, or its fallback once, or leaves it out;
//     ScreenFrom tells which item (Shown.Local) is on screen.
package playback

import (
	"encoding/json"
	"time"
	_ "time/tzdata" // the same zones on every host, as the franchise's time zone is validated
)

// DefaultZone is where a franchise's screens are when it sets no time zone.
const DefaultZone = "America/Sao_Paulo"

// LoadZone loads a franchise's time zone; "" is DefaultZone.
func LoadZone(name string) (*time.Location, error) {
	if name == "" {
		name = DefaultZone
	}
	return time.LoadLocation(name)
}

// Entry is one entry of a schedule's media list with the wire names of spec 2
// §3: a media entry, or an ad slot (see IsAdSlot). A zero field is no rule.
type Entry struct {
	ID       string `json:"id"`
	Name     string `json:"name,omitempty"`
	Type     string `json:"type,omitempty"` // image | video
	FilePath string `json:"filePath,omitempty"`
	// DisplayTime is in seconds; 0 or less plays 10 s.
	DisplayTime float64 `json:"displayTime,omitempty"`
	// Dok is the weekday bitmask, bit 0 = Sunday … bit 6 = Saturday; nil is
	// every day (127), 0 never.
	Dok *int `json:"dok,omitempty"`
	// Enabled nil is true; false never plays.
	Enabled *bool `json:"enabled,omitempty"`
	Stretch bool  `json:"stretch,omitempty"`
	// StartDate and EndDate are epoch ms, both inclusive; 0 is no bound. "No
	// end" is stored as StartDate + 1000 years.
	StartDate int64 `json:"startDate,omitempty"`
	EndDate   int64 `json:"endDate,omitempty"`
	// TimeGap holds "HH:MM@HH:MM" windows of local time; none is all day.
	TimeGap []string `json:"timeGap,omitempty"`
	// LimitByHour is the most starts per local clock hour on one screen; 0 is no limit.
	LimitByHour int     `json:"limitByHour,omitempty"`
	Volume      float64 `json:"volume,omitempty"`
	// DisplayTimeJumpStart is what a slot lasts, in seconds, when AdSlots × AdTime gives nothing.
	DisplayTimeJumpStart float64 `json:"displayTimeJumpStart,omitempty"`
	IsAd                 bool    `json:"isAd,omitempty"`
	AdSlots              int     `json:"adSlots,omitempty"` // positions of the slot
	AdTime               float64 `json:"adTime,omitempty"`  // seconds of each position
	// AdFallbackMediaID is the library media played in a position nobody booked.
	AdFallbackMediaID string `json:"adFallbackMediaId,omitempty"`
	// IsLocal marks a local space ('Espaço local'): the TV's store's
	// approved items play there, LocalTime seconds each, or the fallback
	// LocalFallbackMediaID where the store has none for the day.
	IsLocal              bool    `json:"isLocal,omitempty"`
	LocalTime            float64 `json:"localTime,omitempty"`
	LocalFallbackMediaID string  `json:"localFallbackMediaId,omitempty"`
}

// Kind tells what an Item shows.
type Kind string

const (
	Media Kind = "media"
	Slot  Kind = "slot"
	// LocalSpace is a local space: the store's items, or the space's fallback.
	LocalSpace Kind = "local"
	Idle       Kind = "idle" // nothing eligible: the screen waits 1 s and looks again
)

// Item is one stretch of what a screen shows.
type Item struct {
	EntryIndex int    // position in the schedule; -1 when idle
	EntryID    string // "" when idle
	Kind       Kind
	Start      time.Time
	Duration   time.Duration
	// FallbackMediaID is set on a slot or a local space whose entry names a
	// fallback media.
	FallbackMediaID string
}

// End is when the item gives way to the next.
func (it Item) End() time.Time { return it.Start.Add(it.Duration) }

// MarshalJSON writes the item as the TypeScript side has it: start in epoch
// ms, duration in ms.
func (it Item) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		EntryIndex      int    `json:"entryIndex"`
		EntryID         string `json:"entryId"`
		Kind            Kind   `json:"kind"`
		Start           int64  `json:"start"`
		Duration        int64  `json:"duration"`
		FallbackMediaID string `json:"fallbackMediaId,omitempty"`
	}{it.EntryIndex, it.EntryID, it.Kind, it.Start.UnixMilli(), it.Duration.Milliseconds(), it.FallbackMediaID})
}
