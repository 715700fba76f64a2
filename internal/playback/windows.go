package playback

import (
	"errors"
	"fmt"
)

// ErrInvalidWindow is a timeGap entry that is not "HH:MM@HH:MM" with two
// digits each, from 00:00 to 23:59.
var ErrInvalidWindow = errors.New("playback: invalid time window")

// Window is a parsed time window, in minutes since local midnight.
type Window struct {
	Start, End int
}

// ParseWindow reads "HH:MM@HH:MM" as the console's time inputs write it.
func ParseWindow(s string) (Window, error) {
	if len(s) != 11 || s[5] != '@' {
		return Window{}, fmt.Errorf("%w: %q", ErrInvalidWindow, s)
	}
	start, ok1 := clockMinutes(s[:5])
	end, ok2 := clockMinutes(s[6:])
	if !ok1 || !ok2 {
		return Window{}, fmt.Errorf("%w: %q", ErrInvalidWindow, s)
	}
	return Window{Start: start, End: end}, nil
}

// clockMinutes reads "HH:MM", 00:00 to 23:59.
func clockMinutes(s string) (int, bool) {
	for i, c := range []byte(s) {
		if i == 2 {
			if c != ':' {
				return 0, false
			}
		} else if c < '0' || c > '9' {
			return 0, false
		}
	}
	h := int(s[0]-'0')*10 + int(s[1]-'0')
	m := int(s[3]-'0')*10 + int(s[4]-'0')
	if h > 23 || m > 59 {
		return 0, false
	}
	return h*60 + m, true
}

// Contains tells whether the local minute lies in the window: start
// inclusive, end exclusive; an end before the start runs over midnight
// (22:00@02:00); an end equal to the start is the whole day (00:00@00:00),
// not an empty window.
func (w Window) Contains(minuteOfDay int) bool {
	switch {
	case w.Start == w.End:
		return true
	case w.Start < w.End:
		return minuteOfDay >= w.Start && minuteOfDay < w.End
	default:
		return minuteOfDay >= w.Start || minuteOfDay < w.End
	}
}

// CheckTimeGap reports the first invalid window of an entry, for the
// schedule service to refuse it on save.
func CheckTimeGap(timeGap []string) error {
	for _, s := range timeGap {
		if _, err := ParseWindow(s); err != nil {
			return err
		}
	}
	return nil
}

// entryWindows returns the windows an entry plays in, and whether it plays all
// day (no windows). Invalid windows are left out, but an entry whose every
// window is invalid gets none and never plays: an unreadable window never
// turns a restricted entry into an all-day one.
func entryWindows(timeGap []string) (windows []Window, allDay bool) {
	if len(timeGap) == 0 {
		return nil, true
	}
	windows = make([]Window, 0, len(timeGap))
	for _, s := range timeGap {
		if w, err := ParseWindow(s); err == nil {
			windows = append(windows, w)
		}
	}
	return windows, false
}
