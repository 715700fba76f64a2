package alerts

import (
	"slices"
	"testing"
	"time"
)

// words names a step as api/alert-cases.json does.
func (s step) words() []string {
	out := []string{}
	for _, w := range []struct {
		on   bool
		word string
	}{{s.Start, "start"}, {s.SeenBack, "back"}, {s.DropAgain, "drop"}, {s.Alert, "alert"}, {s.End, "end"}, {s.Notice, "notice"}} {
		if w.on {
			out = append(out, w.word)
		}
	}
	return out
}

// The state machine runs every case of api/alert-cases.json: what each look
// does, the text it sends and the real offline time it keeps. Each look is
// taken twice — the second, by another replica under the TV's row lock,
// must find nothing left to do — and a restart reads the state back from
// its stored form.
func TestSharedAlertCases(t *testing.T) {
	f := LoadCases(t)
	seen := map[string]bool{}
	for _, c := range f.Cases {
		if seen[c.Name] {
			t.Errorf("case name %q twice", c.Name)
		}
		seen[c.Name] = true
		t.Run(c.Name, func(t *testing.T) {
			loc := c.Location(t)
			acks := c.Acks()
			var st *state
			for i, l := range c.Looks {
				if i > 0 && !l.At.After(c.Looks[i-1].At) {
					t.Fatalf("look %d at %v is not after the one before", i, l.At)
				}
				if l.Restart && st != nil {
					back := rowOf(*st).state()
					st = &back
				}
				at := l.At.Format(time.TimeOnly)
				lk := look{
					Offline: l.TV == "offline", LastAck: acks[i], State: st, Now: l.At,
					Open:    func(from, to time.Time) (time.Duration, error) { return c.Open(from, to), nil },
					Delay:   time.Duration(c.DelayMinutes) * time.Minute,
					Sending: c.Sending(i),
				}
				s, err := decide(lk)
				if err != nil {
					t.Fatal(err)
				}
				if got := s.words(); !slices.Equal(got, l.Step) {
					t.Errorf("%s: steps %q, want %q", at, got, l.Step)
				}
				after := s.apply(st, l.At)
				sent := ""
				switch {
				case s.Alert:
					sent = offlineText(f.TV, f.Store, *after, l.At, loc)
				case s.Notice:
					sent = backText(f.TV, f.Store, st.offline(l.At))
				}
				if sent != l.Sent {
					t.Errorf("%s: sent %q, want %q", at, sent, l.Sent)
				}
				st = after
				lk.State = st
				if again, err := decide(lk); err != nil || !again.none() {
					t.Errorf("%s: a second look at the same moment takes %q (%v), want nothing", at, again.words(), err)
				}
				switch {
				case l.OfflineSeconds == nil && st != nil:
					t.Errorf("%s: an outage kept (%v offline), want none", at, st.offline(l.At))
				case l.OfflineSeconds != nil && st == nil:
					t.Errorf("%s: no outage kept, want %vs offline", at, *l.OfflineSeconds)
				case st != nil:
					if got := st.offline(l.At).Seconds(); got != *l.OfflineSeconds {
						t.Errorf("%s: %vs offline, want %vs", at, got, *l.OfflineSeconds)
					}
				}
			}
		})
	}
}

// A row written before the drops were kept (drop_at 0) is one drop from
// its since-time.
func TestAnAlertRowFromBeforeIsOneDrop(t *testing.T) {
	since := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	r := rowOf(state{Since: since, BackAt: since.Add(20 * time.Minute)})
	r.drop.Valid, r.drop.Int64 = false, 0
	st := r.state()
	if !st.DropAt.Equal(since) || st.offline(since.Add(time.Hour)) != 20*time.Minute {
		t.Fatalf("older row read as %+v", st)
	}
}
