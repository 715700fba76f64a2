package main

import (
	"math"
	"slices"
	"testing"
	"time"
)

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 10000: "10,000", 19000: "19,000", 1234567: "1,234,567", -5000: "-5,000"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// The lines a run prints must read as the rows of docs/performance.md's
// "Current figures" table: the same measure, setup and target words.
func TestAPushRunPrintsTheTablesRows(t *testing.T) {
	r := pushRun{
		setup:         setup("SQLite", 1, false, 10000),
		saves:         5,
		saveCPU:       104 * time.Millisecond, // 10.4 µs per player
		players:       10000,
		floor:         59400 * time.Microsecond, // 6.6 µs per socket over 9,000 sockets
		floorSockets:  9000,
		savesP99:      116 * time.Millisecond,
		overrideP99:   []time.Duration{109 * time.Millisecond, 176 * time.Millisecond},
		overrideCPU:   200 * time.Millisecond,
		rssPerPlayer:  []float64{20.2 * 1024},
		livePerPlayer: []float64{7.4 * 1024},
		idleShare:     []float64{0.8},
		ackEvery:      30 * time.Second,
	}
	var got []string
	for _, l := range r.lines() {
		got = append(got, l.String())
	}
	want := []string{
		"table: Push: server CPU per player per schedule save — SQLite, 1 server, 10,000 players | 10.4 µs (kernel floor 6.6 µs: 1.58×, the hub's own 3.8 µs) | ≤ 1.3× the same run's kernel floor",
		"table: Push: p99, worst of 5 schedule saves — SQLite, 1 server, 10,000 players | 116 ms | < 0.3 s",
		"table: Push: p99 of the override's start and clear — SQLite, 1 server, 10,000 players | 109, 176 ms | < 0.3 s",
		"table: Override start: server CPU per player — SQLite, 1 server, 10,000 players | 20.0 µs | — (what a save costs)",
		"table: Memory per idle player: RSS (upper bound) — SQLite, 1 server, 10,000 players | 20.2 KB | —",
		"table: Memory per idle player: live heap + stack scanned (lower bound) — SQLite, 1 server, 10,000 players | 7.4 KB | < 20 KB",
		"table: Server CPU at idle, acks every 30 s — SQLite, 1 server, 10,000 players | 0.8 % of one core | —",
	}
	if !slices.Equal(got, want) {
		t.Errorf("lines:\n%s\nwant:\n%s", join(got), join(want))
	}

	// Two replicas, no floor, no GC cycle seen on one of them.
	r.setup = setup("PostgreSQL", 2, false, 10000)
	r.floor, r.overrideP99 = 0, nil
	r.rssPerPlayer = []float64{21.2 * 1024, 23.9 * 1024}
	r.livePerPlayer = []float64{7.4 * 1024, math.NaN()}
	r.idleShare = []float64{0.5, 0.4}
	lines := r.lines()
	if len(lines) != 5 {
		t.Fatalf("%d lines without an override, want 5:\n%v", len(lines), lines)
	}
	for i, want := range []string{
		"table: Push: server CPU per player per schedule save — PostgreSQL, 2 replicas, 10,000 players | 10.4 µs | ≤ 1.3× the same run's kernel floor",
		"table: Memory per idle player: RSS (upper bound) — PostgreSQL, 2 replicas, 10,000 players | 21.2, 23.9 KB | —",
		"table: Memory per idle player: live heap + stack scanned (lower bound) — PostgreSQL, 2 replicas, 10,000 players | 7.4, n/a KB | < 20 KB",
	} {
		if got := lines[[]int{0, 2, 3}[i]].String(); got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}

// A run's verdicts: every push's p99 (the saves', the override's start
// and clear) under 0.3 s with no player missing one, and the saves' CPU
// per player within 1.3× the kernel floor of the same run.
func TestAPushRunTellsItsTargetsMetOrMissed(t *testing.T) {
	base := pushRun{saves: 5, players: 10000, saveCPU: 85 * time.Millisecond, floor: 59400 * time.Microsecond, floorSockets: 9000,
		savesP99: 250 * time.Millisecond, overrideP99: []time.Duration{120 * time.Millisecond, 290 * time.Millisecond}}
	for _, tc := range []struct {
		name string
		edit func(r *pushRun)
		want []string
	}{
		{"both met", func(r *pushRun) {}, []string{
			"Target p99 < 0.3 s for every schedule save and for the override's start and clear, every player: met (saves' worst 250 ms, override start 120 ms, override clear 290 ms; 0 missed).",
			"Target server CPU per player per schedule save ≤ 1.3× the same run's kernel floor: met (8.5 µs on average over 5 saves, kernel floor 6.6 µs: 1.29×).",
		}},
		{"the clear's push late, the saves too dear", func(r *pushRun) {
			r.overrideP99[1], r.saveCPU = 363*time.Millisecond, 104*time.Millisecond
		}, []string{
			"Target p99 < 0.3 s for every schedule save and for the override's start and clear, every player: MISSED (saves' worst 250 ms, override start 120 ms, override clear 363 ms; 0 missed).",
			"Target server CPU per player per schedule save ≤ 1.3× the same run's kernel floor: MISSED (10.4 µs on average over 5 saves, kernel floor 6.6 µs: 1.58×).",
		}},
		{"a player missed a push, no floor", func(r *pushRun) { r.missed, r.floor = 1, 0 }, []string{
			"Target p99 < 0.3 s for every schedule save and for the override's start and clear, every player: MISSED (saves' worst 250 ms, override start 120 ms, override clear 290 ms; 1 missed).",
			"Target server CPU per player per schedule save ≤ 1.3× the same run's kernel floor: not judged, the floor was not measured (8.5 µs on average over 5 saves).",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := base
			r.overrideP99 = slices.Clone(base.overrideP99)
			tc.edit(&r)
			if got := r.verdicts(); !slices.Equal(got, tc.want) {
				t.Errorf("verdicts:\n%s\nwant:\n%s", join(got), join(tc.want))
			}
		})
	}
}

func TestAStormPrintsTheTablesRows(t *testing.T) {
	r := stormRun{
		mode: "kill", engine: "PostgreSQL", n: 10000,
		lb5xx: 0, lbReqs: 10000, dbPeak: 41, pool: 41,
		idleCPU: 150 * time.Millisecond, cpuWindow: 25 * time.Second,
		before:   []memSample{{rss: 259 << 20}},
		after:    []memSample{{rss: 269 << 20}},
		stormCPU: 1240 * time.Millisecond,
	}
	var got []string
	for _, l := range stormLines(r, 30*time.Second, 10000, 10000, 2200*time.Millisecond) {
		got = append(got, l.String())
	}
	want := []string{
		"table: Storm `kill`: back with the current playlist, p99 and within 10 s — PostgreSQL, 2 replicas behind nginx, 10,000 players | 2.2 s, 100.0 % (100.0 % within 30 s) | ≥ 99 % within 10 s, 100 % within 30 s",
		"table: Storm `kill`: 5xx at nginx — PostgreSQL, 2 replicas behind nginx, 10,000 players | 0 of 10,000 | 0",
		"table: Storm `kill`: RSS back and idle against idle before — PostgreSQL, 2 replicas behind nginx, 10,000 players | +3.9 % | ≤ +10 %",
		"table: Storm `kill`: PostgreSQL connections, peak — PostgreSQL, 2 replicas behind nginx, 10,000 players | 41 | ≤ 41 (pool + 1 per replica)",
		"table: Storm `kill`: server CPU per reconnecting player — PostgreSQL, 2 replicas behind nginx, 10,000 players | 124 µs | —",
		"table: Storm `kill`: server CPU at idle before the storm, acks every 30 s — PostgreSQL, 2 replicas behind nginx, 10,000 players | 0.6 % of one core | —",
	}
	if !slices.Equal(got, want) {
		t.Errorf("lines:\n%s\nwant:\n%s", join(got), join(want))
	}

	r.mode, r.engine = "restart", "SQLite"
	lines := stormLines(r, 30*time.Second, 9000, 10000, 12*time.Second)
	if len(lines) != 4 {
		t.Fatalf("%d lines for a SQLite restart, want 4 (no nginx, no PostgreSQL): %v", len(lines), lines)
	}
	if got, want := lines[0].String(), "table: Storm `restart`: back with the current playlist, p99 and within 10 s — SQLite, 1 server, 10,000 players | 12.0 s, 90.0 % (100.0 % within 30 s) | ≥ 99 % within 10 s, 100 % within 30 s"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func join(lines []string) string {
	out := ""
	for _, l := range lines {
		out += "  " + l + "\n"
	}
	return out
}
