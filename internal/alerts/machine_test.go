package alerts

import (
	"testing"
	"time"
)

// The state machine's table: what one look at a TV decides.
func TestDecide(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	now := t0.Add(2 * time.Hour)
	due := func(time.Time) (bool, error) { return true, nil }
	notDue := func(time.Time) (bool, error) { return false, nil }
	cases := []struct {
		name string
		look look
		want step
	}{
		{"online, nothing stored", look{Offline: false, LastAck: now, Now: now, Sending: true, Due: due}, step{}},
		{"never connected", look{Offline: true, Now: now, Sending: true, Due: due}, step{}},
		{"drops, delay not passed", look{Offline: true, LastAck: t0, Now: now, Sending: true, Due: notDue}, step{Start: true}},
		{"drops while the server was away, delay passed", look{Offline: true, LastAck: t0, Now: now, Sending: true, Due: due},
			step{Start: true, Alert: true}},
		{"delay passes", look{Offline: true, State: &state{Since: t0}, Now: now, Sending: true, Due: due}, step{Alert: true}},
		{"delay passes, alerts off", look{Offline: true, State: &state{Since: t0}, Now: now, Sending: false, Due: due}, step{}},
		{"alerted, still offline", look{Offline: true, State: &state{Since: t0, AlertedAt: t0.Add(time.Hour)}, Now: now, Sending: true, Due: due}, step{}},
		{"back", look{Offline: false, State: &state{Since: t0, AlertedAt: t0}, Now: now, Sending: true}, step{SeenBack: true}},
		{"back, not yet settled", look{Offline: false, State: &state{Since: t0, AlertedAt: t0, BackAt: now.Add(-Settle + time.Second)}, Now: now, Sending: true},
			step{}},
		{"back and settled after an alert", look{Offline: false, State: &state{Since: t0, AlertedAt: t0, BackAt: now.Add(-Settle)}, Now: now, Sending: true},
			step{End: true, Notice: true}},
		{"back and settled, never alerted", look{Offline: false, State: &state{Since: t0, BackAt: now.Add(-Settle)}, Now: now, Sending: true},
			step{End: true}},
		{"back and settled, alerts switched off", look{Offline: false, State: &state{Since: t0, AlertedAt: t0, BackAt: now.Add(-Settle)}, Now: now},
			step{End: true}},
		{"drops again before settling, alerted", look{Offline: true, State: &state{Since: t0, AlertedAt: t0, BackAt: now.Add(-time.Minute)}, Now: now, Sending: true, Due: due},
			step{DropAgain: true}},
		{"drops again before settling, delay passes", look{Offline: true, State: &state{Since: t0, BackAt: now.Add(-time.Minute)}, Now: now, Sending: true, Due: due},
			step{DropAgain: true, Alert: true}},
	}
	for _, c := range cases {
		got, err := decide(c.look)
		if err != nil || got != c.want {
			t.Errorf("%s: got %+v, %v; want %+v", c.name, got, err, c.want)
		}
	}
}
