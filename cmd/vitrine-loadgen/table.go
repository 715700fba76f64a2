package main

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// A run ends with the rows it measured of the table "Current figures" in
// docs/performance.md, in the table's words, so that its output can be set
// beside the table: "table: <measure> — <setup> | <figure> | <target>".
type tableLine struct {
	measure, setup, figure, target string
}

func (l tableLine) String() string {
	return "table: " + l.measure + " — " + l.setup + " | " + l.figure + " | " + l.target
}

func printTable(lines []tableLine) {
	fmt.Println()
	for _, l := range lines {
		fmt.Println(l)
	}
}

// setup names a run as the table's rows do: "SQLite, 1 server, 10,000
// players", "PostgreSQL, 2 replicas behind nginx, 10,000 players".
func setup(engine string, servers int, balancer bool, players int) string {
	s := engine + ", 1 server"
	if servers > 1 {
		s = fmt.Sprintf("%s, %d replicas", engine, servers)
	}
	if balancer {
		s += " behind nginx"
	}
	return s + ", " + thousands(players) + " players"
}

// thousands writes n with a comma between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// micro writes a duration shared by n in microseconds, as the table does.
func micro(d time.Duration, n int) string {
	if n <= 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f µs", float64(d.Nanoseconds())/1000/float64(n))
}

// perSocket writes a duration shared by n in whole microseconds.
func perSocket(d time.Duration, n int) string {
	if n <= 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.0f µs", float64(d.Nanoseconds())/1000/float64(n))
}

// seconds writes a period in whole seconds: "30 s".
func seconds(d time.Duration) string {
	return fmt.Sprintf("%.0f s", d.Seconds())
}

// each joins one figure per server: "21.2, 23.9 KB".
func each(values []float64, format, unit string) string {
	var parts []string
	for _, v := range values {
		if math.IsNaN(v) {
			parts = append(parts, "n/a")
			continue
		}
		parts = append(parts, fmt.Sprintf(format, v))
	}
	return strings.Join(parts, ", ") + unit
}

// The push targets (docs/performance.md, "Current figures"): the servers'
// CPU per player per schedule save within floorRatio times the kernel
// floor measured in the same run, and every player's playlist within
// pushP99 at the 99th percentile for every save and for the override's
// start and clear.
const (
	floorRatio = 1.3
	pushP99    = 300 * time.Millisecond
)

// Targets as the table's Target column words them.
var (
	cpuTarget = fmt.Sprintf("≤ %.1f× the same run's kernel floor", floorRatio)
	p99Target = fmt.Sprintf("< %.1f s", pushP99.Seconds())
)

// pushRun is what a push run measured, for its table lines.
type pushRun struct {
	setup         string
	saves         int
	saveCPU       time.Duration // the servers' CPU per save, on average
	players       int
	floor         time.Duration // the kernel floor's CPU per push over floorSockets; 0: not measured
	floorSockets  int
	savesP99      time.Duration   // the worst of the saves
	overrideP99   []time.Duration // the override's start, then its clear
	missed        int             // players that never had a push's playlist, over every push
	overrideCPU   time.Duration   // the servers' CPU for the start; 0: none
	rssPerPlayer  []float64       // bytes, one per server
	livePerPlayer []float64       // bytes of heap and stack scanned, one per server; NaN: no GC cycle seen
	idleShare     []float64       // % of one core, one per server
	ackEvery      time.Duration
}

// floorPerPlayer is the kernel floor's CPU per socket, in the players'
// terms (0: not measured).
func (r pushRun) floorPerPlayer() time.Duration {
	if r.floor <= 0 || r.floorSockets <= 0 {
		return 0
	}
	return time.Duration(r.floor.Nanoseconds() * int64(r.players) / int64(r.floorSockets))
}

// floorTimes is the saves' CPU per player over the floor's per socket.
func (r pushRun) floorTimes() float64 {
	return float64(r.saveCPU) / float64(r.floorPerPlayer())
}

func verdict(met bool) string {
	if met {
		return "met"
	}
	return "MISSED"
}

// verdicts are the lines telling the run's targets met or missed.
func (r pushRun) verdicts() []string {
	worst := r.savesP99
	figures := fmt.Sprintf("saves' worst %s", ms(r.savesP99))
	for i, d := range r.overrideP99 {
		worst = max(worst, d)
		figures += fmt.Sprintf(", override %s %s", []string{"start", "clear"}[min(i, 1)], ms(d))
	}
	lines := []string{fmt.Sprintf("Target p99 %s for every schedule save and for the override's start and clear, every player: %s (%s; %d missed).",
		p99Target, verdict(worst < pushP99 && r.missed == 0), figures, r.missed)}
	cpu := micro(r.saveCPU, r.players)
	line := fmt.Sprintf("Target server CPU per player per schedule save %s: ", cpuTarget)
	if r.floorPerPlayer() == 0 {
		return append(lines, line+fmt.Sprintf("not judged, the floor was not measured (%s on average over %d saves).", cpu, r.saves))
	}
	return append(lines, line+fmt.Sprintf("%s (%s on average over %d saves, kernel floor %s: %.2f×).",
		verdict(r.floorTimes() <= floorRatio), cpu, r.saves, micro(r.floorPerPlayer(), r.players), r.floorTimes()))
}

func (r pushRun) lines() []tableLine {
	cpu := micro(r.saveCPU, r.players)
	if floor := r.floorPerPlayer(); floor > 0 {
		cpu += fmt.Sprintf(" (kernel floor %s: %.2f×, the hub's own %s)", micro(floor, r.players), r.floorTimes(),
			micro(r.saveCPU-floor, r.players))
	}
	lines := []tableLine{
		{"Push: server CPU per player per schedule save", r.setup, cpu, cpuTarget},
		{fmt.Sprintf("Push: p99, worst of %d schedule saves", r.saves), r.setup, ms(r.savesP99), p99Target},
	}
	if len(r.overrideP99) > 0 {
		var p99 []string
		for _, d := range r.overrideP99 {
			p99 = append(p99, strings.TrimSuffix(ms(d), " ms"))
		}
		lines = append(lines,
			tableLine{"Push: p99 of the override's start and clear", r.setup, strings.Join(p99, ", ") + " ms", p99Target},
			tableLine{"Override start: server CPU per player", r.setup, micro(r.overrideCPU, r.players), "— (what a save costs)"})
	}
	kb := func(v []float64) []float64 {
		out := make([]float64, len(v))
		for i, b := range v {
			out[i] = b / 1024
		}
		return out
	}
	return append(lines,
		tableLine{"Memory per idle player: RSS (upper bound)", r.setup, each(kb(r.rssPerPlayer), "%.1f", " KB"), "—"},
		tableLine{"Memory per idle player: live heap + stack scanned (lower bound)", r.setup, each(kb(r.livePerPlayer), "%.1f", " KB"), "< 20 KB"},
		tableLine{"Server CPU at idle, acks every " + seconds(r.ackEvery), r.setup, each(r.idleShare, "%.1f", " % of one core"), "—"})
}

// stormLines are a storm's rows of the table.
func stormLines(r stormRun, ackEvery time.Duration, fast, all int, p99 time.Duration) []tableLine {
	where := setup(r.engine, 1, false, r.n)
	if r.mode != "restart" {
		where = setup(r.engine, 2, true, r.n)
	}
	name := "Storm `" + r.mode + "`: "
	pct := func(k int) string {
		if r.n == 0 {
			return "n/a"
		}
		return fmt.Sprintf("%.1f %%", 100*float64(k)/float64(r.n))
	}
	lines := []tableLine{{name + "back with the current playlist, p99 and within 10 s", where,
		fmt.Sprintf("%.1f s, %s (%s within 30 s)", p99.Seconds(), pct(fast), pct(all)), "≥ 99 % within 10 s, 100 % within 30 s"}}
	if r.mode != "restart" {
		lines = append(lines, tableLine{name + "5xx at nginx", where, fmt.Sprintf("%d of %s", r.lb5xx, thousands(r.lbReqs)), "0"})
	}
	var before, after int64
	for _, m := range r.before {
		before += m.rss
	}
	for _, m := range r.after {
		after += m.rss
	}
	change := "n/a"
	if before > 0 {
		change = fmt.Sprintf("%+.1f %%", 100*(float64(after)/float64(before)-1))
	}
	lines = append(lines, tableLine{name + "RSS back and idle against idle before", where, change, "≤ +10 %"})
	if r.engine == "PostgreSQL" {
		lines = append(lines, tableLine{name + "PostgreSQL connections, peak", where, fmt.Sprint(r.dbPeak),
			fmt.Sprintf("≤ %d (pool + 1 per replica)", r.pool)})
	}
	idle := "n/a"
	if r.cpuWindow > 0 {
		idle = fmt.Sprintf("%.1f %% of one core", 100*r.idleCPU.Seconds()/r.cpuWindow.Seconds())
	}
	return append(lines,
		tableLine{name + "server CPU per reconnecting player", where, perSocket(r.stormCPU, r.n), "—"},
		tableLine{name + "server CPU at idle before the storm, acks every " + seconds(ackEvery), where, idle, "—"})
}
