package alerts

import (
	"fmt"
	"time"
)

// state is a TV's stored outage; a TV without one is online (or never
// connected). An outage is one or more drops: a TV back online for less
// than Settle that drops again is still in it. Only the drops count as
// offline time, never the returns between them.
type state struct {
	Since  time.Time // the outage's start: the last sign of life before its first drop
	DropAt time.Time // the current drop's start: the last sign of life before it
	// BackAt is zero while the TV is dark; once it is online again, when
	// the current drop ended (its first sign of life the pass saw), until
	// the outage ends Settle later or the TV drops again.
	BackAt      time.Time
	Earlier     time.Duration // offline time of the outage's earlier drops
	EarlierOpen time.Duration // of Earlier, the time the store was open
	AlertedAt   time.Time     // zero until the alert went out
}

// offline is the outage's real offline time at now: the earlier drops and
// the current one, up to its end (BackAt) or now.
func (st state) offline(now time.Time) time.Duration {
	end := now
	if !st.BackAt.IsZero() {
		end = st.BackAt
	}
	return st.Earlier + max(end.Sub(st.DropAt), 0)
}

// dark is st seen while the TV is offline, its last sign of life at
// lastAck: an outage the pass saw back whose TV dropped again since (the
// next pass takes that step) has its current drop begin at lastAck, the
// one before among the earlier drops.
func (st state) dark(lastAck, now time.Time) state {
	if st.BackAt.IsZero() {
		return st
	}
	st.Earlier += max(st.BackAt.Sub(st.DropAt), 0)
	st.DropAt, st.BackAt = within(lastAck, st.BackAt, now), time.Time{}
	return st
}

// step is what one look at a TV changes.
type step struct {
	Start     bool // begin an outage at At, the TV's last sign of life
	Alert     bool // send the offline alert
	SeenBack  bool // the TV is online again: its drop ended at At
	DropAgain bool // the TV dropped again at At, before Settle: the outage goes on
	End       bool // the TV has been back for Settle: the outage ends
	Notice    bool // with End: send the back notice

	At time.Time
	// With DropAgain: the ended drops, the one just before included.
	Earlier, EarlierOpen time.Duration
}

func (s step) none() bool { return s == step{} }

// apply returns st (nil: none stored) after s.
func (s step) apply(st *state, now time.Time) *state {
	var next state
	if st != nil {
		next = *st
	}
	if s.Start {
		next = state{Since: s.At, DropAt: s.At}
	}
	if s.SeenBack {
		next.BackAt = s.At
	}
	if s.DropAgain {
		next.DropAt, next.BackAt, next.Earlier, next.EarlierOpen = s.At, time.Time{}, s.Earlier, s.EarlierOpen
	}
	if s.Alert {
		next.AlertedAt = now
	}
	if s.End || st == nil && !s.Start {
		return nil
	}
	return &next
}

// look is everything decide needs to know about one TV at one moment.
type look struct {
	Offline bool
	LastAck time.Time // zero when the player never connected
	State   *state    // nil: no outage stored
	Now     time.Time
	// Open tells how long the TV's store was open between from and to.
	Open func(from, to time.Time) (time.Duration, error)
	// Delay is the franchise's: the open offline time that sends the alert.
	Delay time.Duration
	// Sending tells whether the franchise's alerts are on with a channel.
	Sending bool
}

// within returns t moved into [lo, hi]: a sign of life is never before
// the moment the machine already knows of, nor after now (another
// replica's clock may run ahead).
func within(t, lo, hi time.Time) time.Time {
	if t.Before(lo) {
		t = lo
	}
	if t.After(hi) {
		t = hi
	}
	return t
}

// decide is the state machine: the step to take for what l sees. The alert
// goes out once the store was open for the delay while the TV was dark:
// the earlier drops' open time plus the current drop's; the returns in
// between never count.
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
		s.Start, s.At = true, within(l.LastAck, time.Time{}, l.Now)
		st = s.apply(nil, l.Now)
	case !l.Offline:
		if st.BackAt.IsZero() {
			s.SeenBack, s.At = true, within(l.LastAck, st.DropAt, l.Now)
			return s, nil
		}
		if l.Now.Sub(st.BackAt) >= Settle {
			s.End = true
			s.Notice = !st.AlertedAt.IsZero() && l.Sending
		}
		return s, nil
	case !st.BackAt.IsZero():
		open, err := l.Open(st.DropAt, st.BackAt)
		if err != nil {
			return step{}, err
		}
		d := st.dark(l.LastAck, l.Now)
		s.DropAgain, s.At, s.Earlier, s.EarlierOpen = true, d.DropAt, d.Earlier, st.EarlierOpen+open
		st = s.apply(st, l.Now)
	}
	if st.AlertedAt.IsZero() && l.Sending {
		open, err := l.Open(st.DropAt, l.Now)
		if err != nil {
			return step{}, err
		}
		s.Alert = st.EarlierOpen+open >= l.Delay
	}
	return s, nil
}

// Texts of the messages, in the store's zone.

// offlineText names when the TV went dark: the start of the current drop,
// so "offline desde" is true as it reads (dark ever since). When the
// outage had earlier drops, whose offline time counted toward the delay,
// the text adds the outage's real offline time so far and when its first
// drop began — never the time the TV was back in between.
func offlineText(tv, store string, st state, now time.Time, loc *time.Location) string {
	const at = "02/01 15:04"
	text := fmt.Sprintf("Vitrine: a TV %q da loja %s está offline desde %s", tv, store, st.DropAt.In(loc).Format(at))
	if !st.DropAt.Equal(st.Since) {
		text += fmt.Sprintf(" (%s offline no total, em quedas desde %s)", Duration(st.offline(now)), st.Since.In(loc).Format(at))
	}
	return text + "."
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
