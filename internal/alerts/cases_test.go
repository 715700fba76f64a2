package alerts

import (
	"encoding/json"
	"os"
	"testing"
	"time"
)

// api/alert-cases.json holds the offline alert rule as sequences of looks
// at a TV: the state machine's test here runs every case, and the
// service's tests (package alerts_test) run them again on both databases,
// through restarts and two replicas. Its "about" field explains the
// fields.

// CasesFile is api/alert-cases.json.
type CasesFile struct {
	About string `json:"about"`
	TV    string `json:"tv"`
	Store string `json:"store"`
	Cases []Case `json:"cases"`
}

// Case is one sequence of looks at a TV.
type Case struct {
	Name         string     `json:"name"`
	TimeZone     string     `json:"timeZone"`
	DelayMinutes int        `json:"delayMinutes"`
	AlertsOn     *bool      `json:"alertsOn"`
	Closed       []Interval `json:"closed"`
	Looks        []Look     `json:"looks"`
}

// Interval is [From, To) when the store is closed.
type Interval struct {
	From time.Time `json:"from"`
	To   time.Time `json:"to"`
}

// Look is one look of the server at the TV and what it must do.
type Look struct {
	At             time.Time  `json:"at"`
	TV             string     `json:"tv"` // online | offline
	LastAck        *time.Time `json:"lastAck"`
	AlertsOn       *bool      `json:"alertsOn"`
	Restart        bool       `json:"restart"`
	Replicas       int        `json:"replicas"`
	Step           []string   `json:"step"`
	Sent           string     `json:"sent"`
	OfflineSeconds *float64   `json:"offlineSeconds"`
}

// LoadCases reads api/alert-cases.json.
func LoadCases(t *testing.T) CasesFile {
	t.Helper()
	data, err := os.ReadFile("../../api/alert-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var f CasesFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) < 10 {
		t.Fatalf("only %d cases", len(f.Cases))
	}
	return f
}

// Open is how long the case's store was open in [from, to): all of it but
// the closed intervals.
func (c Case) Open(from, to time.Time) time.Duration {
	open := max(to.Sub(from), 0)
	for _, in := range c.Closed {
		lo, hi := max(from.UnixMilli(), in.From.UnixMilli()), min(to.UnixMilli(), in.To.UnixMilli())
		if hi > lo {
			open -= time.Duration(hi-lo) * time.Millisecond
		}
	}
	return open
}

// Location is the case store's zone.
func (c Case) Location(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(c.TimeZone)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// Sending tells whether the alerts are on at look i.
func (c Case) Sending(i int) bool {
	on := c.AlertsOn == nil || *c.AlertsOn
	for _, l := range c.Looks[:i+1] {
		if l.AlertsOn != nil {
			on = *l.AlertsOn
		}
	}
	return on
}

// Acks returns, for each look, the TV's last sign of life the server has
// then (zero: the player never connected).
func (c Case) Acks() []time.Time {
	out := make([]time.Time, len(c.Looks))
	var ack time.Time
	for i, l := range c.Looks {
		switch {
		case l.LastAck != nil:
			ack = *l.LastAck
		case l.TV == "online":
			ack = l.At
		}
		out[i] = ack
	}
	return out
}
