package change_test

import (
	"testing"

	"vitrine/internal/change"
)

// What a change means for screens, for the TV tv1 in the store st1 linked to
// the schedule sc1 of the franchise f: every question the hub and the
// screen cache ask, answered for each kind of change.
func TestWhatAChangeMeansForScreens(t *testing.T) {
	type answers struct {
		touches, everywhere, wide, affects, mayPair, schedulesOnly, schedule, franchise bool
	}
	cmd := []change.Command{{ID: "j1", DisplayID: "tv1", Operation: "restartDevice"}}
	for _, tc := range []struct {
		name string
		c    change.Change
		want answers
	}{
		{"a change that names nothing reaches every TV of its franchise",
			change.Change{FranchiseID: "f", Revision: 3},
			answers{touches: true, wide: true, affects: true, mayPair: true, schedule: true, franchise: true}},
		{"a change naming no franchise (notifications missed) reaches every screen",
			change.Change{},
			answers{touches: true, everywhere: true, wide: true, affects: true, mayPair: true, schedule: true, franchise: true}},
		{"a change to the TV itself may pair a waiting player",
			change.Change{FranchiseID: "f", Revision: 3, Displays: []string{"tv1"}},
			answers{touches: true, affects: true, mayPair: true}},
		{"a change to another TV",
			change.Change{FranchiseID: "f", Revision: 3, Displays: []string{"tv2"}},
			answers{touches: true, mayPair: true}},
		{"a change to the TV's store (its city, its opening hours)",
			change.Change{FranchiseID: "f", Revision: 3, Stores: []string{"st1"}},
			answers{touches: true, affects: true}},
		{"a change to another store",
			change.Change{FranchiseID: "f", Revision: 3, Stores: []string{"st2"}},
			answers{touches: true}},
		{"a change to the TV's schedule's contents",
			change.Change{FranchiseID: "f", Revision: 3, Schedules: []string{"sc1"}},
			answers{touches: true, affects: true, schedulesOnly: true, schedule: true}},
		{"a change to another schedule",
			change.Change{FranchiseID: "f", Revision: 3, Schedules: []string{"sc2"}},
			answers{touches: true, schedulesOnly: true}},
		{"a schedule change in another franchise",
			change.Change{FranchiseID: "g", Revision: 3, Schedules: []string{"sc1"}},
			answers{touches: true, affects: true, schedulesOnly: true}},
		{"a schedule and a TV together: the TV may have moved",
			change.Change{FranchiseID: "f", Revision: 3, Schedules: []string{"sc1"}, Displays: []string{"tv2"}},
			answers{touches: true, affects: true, mayPair: true, schedule: true}},
		{"an override on every TV of the franchise reaches the TV, not the schedules' cache",
			change.Change{FranchiseID: "f", Revision: 3, Overrides: true},
			answers{touches: true, wide: true, affects: true}},
		{"an override on the TV's store",
			change.Change{FranchiseID: "f", Revision: 3, Overrides: true, Stores: []string{"st1"}},
			answers{touches: true, affects: true}},
		{"an override on another TV",
			change.Change{FranchiseID: "f", Revision: 3, Overrides: true, Displays: []string{"tv2"}},
			answers{touches: true}},
		{"TV status only (online, last ack) changes lists, not screens",
			change.Change{FranchiseID: "f", Revision: 3, Displays: []string{"tv1"}, StatusOnly: true},
			answers{}},
		{"remote commands only change no screen",
			change.Change{FranchiseID: "f", Commands: cmd},
			answers{}},
		{"remote commands naming no franchise still change no screen",
			change.Change{Commands: cmd},
			answers{}},
		{"a member leaving the franchise changes no screen",
			change.Change{FranchiseID: "f", Ended: &change.Ended{Users: []string{"u1"}}},
			answers{}},
		{"sessions ending (no franchise named) change no screen",
			change.Change{Ended: &change.Ended{Users: []string{"u1"}, Sessions: []string{"h1"}}},
			answers{}},
		{"commands riding on a revision are a change like any other",
			change.Change{FranchiseID: "f", Revision: 3, Commands: cmd},
			answers{touches: true, wide: true, affects: true, mayPair: true, schedule: true, franchise: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			got := answers{
				touches:       c.TouchesScreens(),
				everywhere:    c.Everywhere(),
				wide:          c.Wide(),
				affects:       c.Affects("tv1", "st1", "sc1"),
				mayPair:       c.MayPair(),
				schedulesOnly: c.SchedulesOnly(),
				schedule:      c.Schedule("f", "sc1"),
				franchise:     c.Franchise("f"),
			}
			if got != tc.want {
				t.Fatalf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestATVWithoutAScheduleIsNotReachedByAScheduleChange(t *testing.T) {
	c := change.Change{FranchiseID: "f", Revision: 3, Schedules: []string{""}}
	if c.Affects("tv1", "st1", "") {
		t.Error("Affects a TV without a schedule")
	}
}
