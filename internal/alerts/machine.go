package alerts

import (
	"fmt"
	"time"
)

// state is a TV's stored outage; a TV without one is online (or never
// connected).
type state struct {
	Since     time.Time // the TV's last sign of life before the outage
	AlertedAt time.Time // zero until the alert went out
	BackAt    time.Time // zero unless the TV is online again, not yet for Settle
}

// step is what one look at a TV changes.
type step struct {
	Start     bool // begin an outage at the TV's last ack
	Alert     bool // send the offline alert
	SeenBack  bool // the TV is online again: note when
	DropAgain bool // the TV dropped again before Settle: the outage goes on
	End       bool // the TV has been back for Settle: the outage ends
	Notice    bool // with End: send the back notice
}

func (s step) none() bool { return s == step{} }

// look is everything decide needs to know about one TV at one moment.
type look struct {
	Offline bool
	LastAck time.Time // zero when the player never connected
	State   *state    // nil: no outage stored
	Now     time.Time
	// Due tells whether the store was open for the delay since the outage
	// began (asked only when an alert could go out).
	Due func(since time.Time) (bool, error)
	// Sending tells whether the franchise's alerts are on with a channel.
	Sending bool
}

// decide is the state machine: the step to take for what l sees.
func decide(l look) (step, error) {
	var s step
	st := l.State
	switch {
	case st == nil && !l.Offline:
		return s, nil // online, nothing to remember
	case st == nil:
		if l.LastAck.IsZero() {
			return s, nil // never connected: listed, never alerted
		}
		s.Start = true
		st = &state{Since: l.LastAck}
	case !l.Offline:
		if st.BackAt.IsZero() {
			s.SeenBack = true
			return s, nil
		}
		if l.Now.Sub(st.BackAt) >= Settle {
			s.End = true
			s.Notice = !st.AlertedAt.IsZero() && l.Sending
		}
		return s, nil
	case !st.BackAt.IsZero():
		s.DropAgain = true
	}
	if st.AlertedAt.IsZero() && l.Sending {
		due, err := l.Due(st.Since)
		if err != nil {
			return step{}, err
		}
		s.Alert = due
	}
	return s, nil
}

// Texts of the messages, in the store's zone.

func offlineText(tv, store string, since time.Time) string {
	return fmt.Sprintf("Vitrine: a TV %q da loja %s está offline desde %s.", tv, store, since.Format("02/01 15:04"))
}

func backText(tv, store string, out time.Duration) string {
	return fmt.Sprintf("Vitrine: a TV %q da loja %s voltou a ficar online após %s offline.", tv, store, Duration(out))
}

func offlineSubject(tv, store string) string { return fmt.Sprintf("TV offline: %s (%s)", tv, store) }
func backSubject(tv, store string) string {
	return fmt.Sprintf("TV online de novo: %s (%s)", tv, store)
}

// Duration writes d as people read an outage: "45 min", "2 h 15 min",
// "3 d 4 h".
func Duration(d time.Duration) string {
	minutes := int(d / time.Minute)
	if minutes < 1 {
		minutes = 1
	}
	days, hours, mins := minutes/(24*60), minutes/60%24, minutes%60
	switch {
	case days > 0 && hours > 0:
		return fmt.Sprintf("%d d %d h", days, hours)
	case days > 0:
		return fmt.Sprintf("%d d", days)
	case hours > 0 && mins > 0:
		return fmt.Sprintf("%d h %d min", hours, mins)
	case hours > 0:
		return fmt.Sprintf("%d h", hours)
	}
	return fmt.Sprintf("%d min", mins)
}
