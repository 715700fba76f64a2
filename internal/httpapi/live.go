package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"

	"vitrine/internal/display"
	"vitrine/internal/fault"
	"vitrine/internal/screen"
	"vitrine/internal/tenant"
)

// What the live view of a TV shows.
const (
	liveCurrent      = "current"      // the TV's current schedule
	liveAcknowledged = "acknowledged" // the version its player last confirmed, kept by hash
)

// displayLiveResponse is a TV's screen as its player has it: the TV's own
// part and the schedule, in the shapes of the playlist frame, with what
// its player last acknowledged.
type displayLiveResponse struct {
	Display display.Display `json:"display"`
	// Screen is the TV's own part of its screen as the server pushes it
	// now (PlayerScreen): zone, hours, advertisements, overrides.
	Screen json.RawMessage `json:"screen"`
	// Schedule is the schedule the live view plays (PlayerSchedule, null
	// when none): the version the player acknowledged when it differs from
	// the current one and is kept, the current one otherwise.
	Schedule json.RawMessage `json:"schedule"`
	// Shows says which of the two Schedule is.
	Shows string `json:"shows"`
	// CurrentHash is the content hash of the TV's current schedule ("" =
	// none); the display's ackedHash is the one its player confirmed.
	CurrentHash string `json:"currentHash"`
	// Confirmed: the player acknowledged the current schedule.
	Confirmed bool `json:"confirmed"`
	// Offline is the TV status rule at serverTime; the display's
	// lastConnectionAck says since when.
	Offline    bool  `json:"offline"`
	ServerTime int64 `json:"serverTime"`
	// Waiting is what the server would push to the TV and its player has
	// not acknowledged, when the player acknowledged something before
	// (display.ackedAt): it shows the older one until it takes this.
	Waiting *liveWaiting `json:"waiting"`
}

// What changed since the player's acknowledgement (liveWaiting.Change).
const (
	waitingSchedule = "schedule" // the TV was linked to another schedule (or one, from none)
	waitingVersion  = "version"  // the same schedule was edited
	waitingUnlinked = "unlinked" // the TV's schedule was taken away
)

// liveWaiting is the TV's current schedule that its player has not taken.
type liveWaiting struct {
	// Change says what changed: waitingSchedule, waitingVersion or
	// waitingUnlinked.
	Change string `json:"change"`
	// ScheduleID and ScheduleName name the TV's current schedule ("" when
	// unlinked).
	ScheduleID   string `json:"scheduleId"`
	ScheduleName string `json:"scheduleName"`
}

// GET /api/display/{franchise}/{storeSlug}/{displayId}/live — what the TV
// shows, composed as its player's screen is (internal/screen), with the
// schedule its player last acknowledged; the console plays it with the
// player's rules. No box is asked anything: the replica holding the TV's
// connection is told a live view watches it (display.Service.Watch) and
// records what its player acknowledges from then on at once.
func (s *Server) displayLive(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	ctx := r.Context()
	if s.Screens == nil {
		return fault.ErrUnavailable
	}
	d, err := s.Displays.Get(ctx, t, r.PathValue("storeSlug"), r.PathValue("displayId"))
	if err != nil {
		return err
	}
	// The TV's hub records what its player acknowledges at once while a
	// live view watches it; the first read waits for its status.
	if d, err = s.Displays.Watch(ctx, t, r.PathValue("storeSlug"), d); err != nil {
		return err
	}
	tvs, err := s.Screens.TVs(ctx, []string{d.Device})
	if err != nil {
		return err
	}
	tv, ok := tvs[d.Device]
	if !ok || tv.DisplayID != d.ID || tv.FranchiseID != t.ID {
		return display.ErrNotFound // removed meanwhile
	}
	parts, err := s.Screens.EncodeTVs(ctx, []screen.TV{tv})
	if err != nil {
		return err
	}
	now := s.Now()
	answer := displayLiveResponse{Display: d, Screen: parts[0], Schedule: json.RawMessage("null"), Shows: liveCurrent,
		Offline: display.Offline(d.Connected, d.LastConnectionAck, now), ServerTime: now.UnixMilli()}
	if tv.ScheduleID != "" {
		data, version, err := s.Screens.EncodeSchedule(ctx, t.ID, tv.ScheduleID)
		if err != nil {
			return err
		}
		answer.Schedule = data
		if !bytes.Equal(data, []byte("null")) {
			answer.CurrentHash, _, _ = strings.Cut(version, "#")
		}
	}
	answer.Confirmed = d.AckedAt > 0 && d.AckedHash == answer.CurrentHash
	if d.AckedAt > 0 && !answer.Confirmed {
		// The player has an older screen: say what waits for it.
		waiting := &liveWaiting{Change: waitingSchedule, ScheduleID: tv.ScheduleID, ScheduleName: d.ScheduleName}
		if answer.CurrentHash == "" {
			waiting.Change, waiting.ScheduleID, waiting.ScheduleName = waitingUnlinked, "", ""
		}
		if d.AckedHash == "" {
			// The player confirmed a screen without a schedule.
			answer.Schedule, answer.Shows = json.RawMessage("null"), liveAcknowledged
		} else {
			sc, found, err := s.Schedules.Acknowledged(ctx, t, tv.ScheduleID, d.AckedHash)
			if err != nil {
				return err
			}
			if found {
				if answer.Schedule, err = json.Marshal(sc); err != nil {
					return err
				}
				answer.Shows = liveAcknowledged
				if sc.ID == tv.ScheduleID && answer.CurrentHash != "" {
					waiting.Change = waitingVersion
				}
			}
		}
		answer.Waiting = waiting
	}
	writeJSON(w, http.StatusOK, answer)
	return nil
}
