// Command vitrine-loadgen measures the player push path of a real Vitrine
// server: it starts bin/vitrine (one process, or two replicas on one
// PostgreSQL database), seeds a franchise through the HTTP API, connects N
// WebSocket players that ack every 30 s as TV boxes do, and reports
//
//   - server memory per idle connection: resident memory (VmRSS) and, from
//     the server's GODEBUG=gctrace=1 output, live heap and goroutine stack
//     scanned (the used part of the stacks; the allocated size is not
//     visible from outside), before connecting and once every player is
//     connected and idle;
//   - CPU at idle with the acks running (/proc/PID/stat), as % of one core;
//   - push latency: from just before a schedule save is sent until each
//     player has the playlist with the new hash (p50 / p99 / max), over
//     several saves; then the same for an emergency override started on
//     every TV of the franchise (until each player has, and acks, the
//     playlist carrying it) and for its clear;
//   - the kernel floor (floor.go), a round after each save: as many
//     loopback sockets, the same playlist and ack sizes, through a process
//     with the hub's design and nothing else (a pool of writers, one writev
//     per socket, a goroutine per socket reading its answer), so that the
//     server CPU per player splits into what the kernel costs on this
//     machine and what the hub adds.
//
// The players live in this process, apart from the server's, because open
// files are capped per process. See docs/performance.md ("Players: push
// fan-out") and `make bench-players`.
//
// With -storm kill|drop|restart it measures a reconnect storm instead
// (storm.go): players in worker processes of their own (worker.go) that
// reconnect as the TV player does, timed until each has its current
// playlist again. See docs/performance.md ("Players: reconnect storm") and
// `make bench-storm`.
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// The demo login (internal/app/demo.go), made by `vitrine serve --demo`.
const (
	demoEmail    = "demo@vitrine.local"
	demoPassword = "Demo#Vitrine1"
)

type options struct {
	players, replicas, saves, workers, dialers int
	binary, database, email, password          string
	idle, settle, ackEvery, roundTimeout       time.Duration
	keep, floor                                bool
	cpuProfile                                 string

	localSpaces, localStores int // local content: spaces in the schedule, stores filling them

	storm, nginx, site string
	perProcess         int
	stormWait          time.Duration
}

var logStart = time.Now()

// logf prints progress on stderr; the report goes to stdout.
func logf(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "[%6.1fs] "+format+"\n", append([]any{time.Since(logStart).Seconds()}, a...)...)
}

func main() {
	var o options
	flag.IntVar(&o.players, "players", 10000, "players to connect")
	flag.StringVar(&o.binary, "binary", "./bin/vitrine", "the server binary (make build)")
	flag.StringVar(&o.database, "database", "", "postgres://… to run on PostgreSQL (a schema of the run's own is made and dropped); empty = SQLite")
	flag.IntVar(&o.replicas, "replicas", 1, "server processes (more than one needs -database); players are spread over them, saves go through the first")
	flag.IntVar(&o.saves, "saves", 5, "schedule saves to time")
	flag.DurationVar(&o.idle, "idle", 60*time.Second, "idle window over which server CPU is measured")
	flag.DurationVar(&o.settle, "settle", 5*time.Second, "wait after the last player connected before measuring")
	flag.DurationVar(&o.ackEvery, "ack-every", 30*time.Second, "each player's ack period")
	flag.DurationVar(&o.roundTimeout, "round-timeout", 30*time.Second, "how long a save's playlist is waited for")
	flag.IntVar(&o.localSpaces, "local-spaces", 0, "local spaces in the schedule, each filled by every store with an approved image of its own (0: none)")
	flag.IntVar(&o.localStores, "local-stores", 1000, "with -local-spaces: the stores the TVs are spread over")
	flag.IntVar(&o.workers, "workers", 16, "parallel API calls while seeding")
	flag.IntVar(&o.dialers, "dialers", 64, "players connecting at once")
	flag.StringVar(&o.email, "email", demoEmail, "account to seed with")
	flag.StringVar(&o.password, "password", demoPassword, "its password")
	flag.BoolVar(&o.keep, "keep", false, "keep the run's folder (data, server logs)")
	flag.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the first server to this file (go tool pprof), from the first save until every player has the override's clear")
	flag.BoolVar(&o.floor, "floor", true, "measure the kernel floor between the saves (the same sockets and sizes without the hub)")
	flag.StringVar(&o.storm, "storm", "", "a reconnect storm instead of the push rounds: kill (replica 1 of 2 killed behind nginx), "+
		"drop (every socket cut, two replicas behind nginx) or restart (one SQLite server restarted)")
	flag.IntVar(&o.perProcess, "per-process", 9000, "storm: players per generator process (open files are capped per process)")
	flag.DurationVar(&o.stormWait, "storm-wait", 60*time.Second, "storm: how long players are waited for after the storm begins")
	flag.StringVar(&o.nginx, "nginx", "/usr/sbin/nginx", "storm: the nginx binary")
	flag.StringVar(&o.site, "site", "deploy/nginx/vitrine.conf", "storm: the nginx site file run in front of the replicas")
	worker := flag.Bool("worker", false, "internal: run as a storm's generator process (players on standard input)")
	floorServer := flag.Bool("floor-server", false, "internal: run as the kernel floor's server (commands on standard input)")
	floorClients := flag.Bool("floor-clients", false, "internal: run as the kernel floor's clients (their job on standard input)")
	flag.Parse()
	profileServers = o.cpuProfile != ""
	if *floorServer {
		if err := runFloorServer(); err != nil {
			fmt.Fprintln(os.Stderr, "vitrine-loadgen floor server:", err)
			os.Exit(1)
		}
		return
	}
	if *floorClients {
		if err := runFloorClients(); err != nil {
			fmt.Fprintln(os.Stderr, "vitrine-loadgen floor clients:", err)
			os.Exit(1)
		}
		return
	}
	if *worker {
		if err := runWorker(); err != nil {
			fmt.Fprintln(os.Stderr, "vitrine-loadgen worker:", err)
			os.Exit(1)
		}
		return
	}
	if o.storm != "" {
		if o.players < 1 || o.perProcess < 1 {
			fmt.Fprintln(os.Stderr, "vitrine-loadgen: -players and -per-process must be at least 1")
			os.Exit(2)
		}
		if o.idle == 60*time.Second {
			o.idle = 20 * time.Second // the storm measures CPU at idle over a shorter window
		}
		if err := runStorm(o); err != nil {
			logf("vitrine-loadgen: %v", err)
			os.Exit(1)
		}
		return
	}
	if o.replicas < 1 || (o.replicas > 1 && o.database == "") {
		fmt.Fprintln(os.Stderr, "vitrine-loadgen: -replicas above 1 needs -database postgres://… (replicas share one database)")
		os.Exit(2)
	}
	if o.players < 1 || o.saves < 1 {
		fmt.Fprintln(os.Stderr, "vitrine-loadgen: -players and -saves must be at least 1")
		os.Exit(2)
	}
	if err := run(o); err != nil {
		logf("vitrine-loadgen: %v", err)
		os.Exit(1)
	}
}

// headroom is the open files kept beyond one per player: the API client,
// the server's database, logs and listeners.
const headroom = 500

// raiseNoFile lifts this process's open-files soft limit to the hard limit
// (the servers, started from here, inherit it) and returns how many
// players fit under it.
func raiseNoFile(want int) (int, error) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0, err
	}
	rl.Cur = rl.Max
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0, fmt.Errorf("raise the open-files limit to %d: %w", rl.Max, err)
	}
	need := uint64(want + headroom)
	if rl.Max >= need {
		return want, nil
	}
	fit := int(rl.Max) - headroom
	if fit < 1 {
		return 0, fmt.Errorf("open files are capped at %d per process (hard limit): too few to run players", rl.Max)
	}
	fmt.Fprintf(os.Stderr, "NOTE: open files are capped at %d per process here (the hard RLIMIT_NOFILE),\n"+
		"      below the %d that %d players need (one socket each, plus %d): running %d players instead.\n",
		rl.Max, need, want, headroom, fit)
	return fit, nil
}

// memPoint is a server's memory at one moment.
type memPoint struct {
	rss  int64
	gc   gcLine
	gcOK bool
}

// serverResult is what one replica measured.
type serverResult struct {
	conns        int
	before       memPoint
	idle         memPoint
	afterPushRSS int64
	cpu          time.Duration
	cpuWindow    time.Duration
}

func run(o options) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	n, err := raiseNoFile(o.players)
	if err != nil {
		return err
	}
	run, err := newRunFolder(o, "vitrine-loadgen-")
	if err != nil {
		return err
	}
	failed := true
	defer func() { run.done(o.keep, !failed) }()
	binary, dataDir := run.binary, run.data

	engine := "SQLite"
	databaseURL := ""
	if o.database != "" {
		engine = "PostgreSQL"
		var drop func()
		databaseURL, drop, err = pgSchema(o.database)
		if err != nil {
			return err
		}
		defer drop() // after the servers stopped (defers run last-in first-out)
	}

	var servers []*server
	defer func() {
		for _, s := range servers {
			s.stop()
		}
	}()
	for i := range o.replicas {
		s, err := startServer(ctx, fmt.Sprintf("replica%d", i+1), binary, dataDir, databaseURL, i == 0)
		if err != nil {
			return err
		}
		servers = append(servers, s)
		logf("%s: %s (pid %d) on %s", s.name, s.url, s.cmd.Process.Pid, engine)
	}

	a := newAPI(servers[0].url)
	fx, err := seed(ctx, a, o.email, o.password, n, o.workers, o.localSpaces, o.localStores)
	if err != nil {
		return err
	}
	if err := seedLocal(ctx, a, fx, o.workers); err != nil {
		return err
	}
	seeded := time.Now()

	// A cheap read that allocates, for making a GC cycle come (server.gcNow).
	nudges := make([]func() error, len(servers))
	for i, s := range servers {
		c := newAPI(s.url)
		c.Token = a.Token
		path := "/api/display/" + fx.franchise + "/" + fx.stores[0]
		nudges[i] = func() error { return c.Do(ctx, "GET", path, nil, nil, 200) }
	}

	res := make([]serverResult, len(servers))
	logf("waiting for a GC cycle on each server: the live heap before any player connects")
	for i, s := range servers {
		res[i].before.gc, res[i].before.gcOK = s.gcNow(seeded, nudges[i])
	}
	// Then RSS, once the runtime has given back what seeding used (the
	// sign-in's argon2 alone takes 19 MiB): it does after a GC cycle.
	logf("waiting for the servers' resident memory to settle")
	for i, s := range servers {
		if res[i].before.rss, err = s.settledRSS(ctx, 90*time.Second); err != nil {
			return err
		}
	}

	players := make([]*player, n)
	bases := make([]string, len(servers))
	for i, s := range servers {
		bases[i] = s.url
	}
	for i, d := range fx.devices {
		players[i] = &player{code: d.Code, token: d.Token, replica: i % len(servers)}
		res[i%len(servers)].conns++
	}
	connectStart := time.Now()
	if err := connectAll(ctx, players, bases, o.dialers); err != nil {
		return err
	}
	connectTook := time.Since(connectStart)
	for _, p := range players {
		if h, _ := p.state(); h != fx.hash {
			return fmt.Errorf("player %s got schedule hash %q, want %q", p.code, h, fx.hash)
		}
	}

	var acks atomic.Int64
	ackCtx, stopAcks := context.WithCancel(ctx)
	defer stopAcks()
	go ackLoop(ackCtx, players, o.ackEvery, &acks)

	logf("all %d players connected in %s; idle %s, then %s of CPU measurement", n, connectTook.Round(time.Millisecond), o.settle, o.idle)
	if !sleep(ctx, o.settle) {
		return ctx.Err()
	}
	idleStart := time.Now()
	cpu0 := make([]time.Duration, len(servers))
	for i, s := range servers {
		if cpu0[i], err = s.cpu(); err != nil {
			return err
		}
	}
	acks0 := acks.Load()
	if !sleep(ctx, o.idle) {
		return ctx.Err()
	}
	window := time.Since(idleStart)
	ackRate := float64(acks.Load()-acks0) / window.Seconds()
	for i, s := range servers {
		c, err := s.cpu()
		if err != nil {
			return err
		}
		res[i].cpu, res[i].cpuWindow = c-cpu0[i], window
		if res[i].idle.rss, err = s.rss(); err != nil {
			return err
		}
	}
	logf("waiting for a GC cycle that began after the players settled")
	for i, s := range servers {
		res[i].idle.gc, res[i].idle.gcOK = s.gcNow(idleStart, nudges[i])
	}
	if open, why := openCount(players); open != n {
		return fmt.Errorf("%d of %d players lost their socket while idle; first: %v", n-open, n, why)
	}

	// The kernel floor's processes, now that the idle figures are taken:
	// they hold a socket per player, idle but for their rounds.
	var fl *floor
	var floorErr error
	if o.floor {
		if fl, floorErr = playersFloor(ctx, players, o.roundTimeout); floorErr != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			logf("kernel floor not measured: %v", floorErr)
		} else {
			defer fl.close()
		}
	}

	var rounds []round
	load0 := loadAvg()
	// The CPU profile spans the saves and the override's two steps: it ends
	// once every player has the clear, before anything else (the floor
	// closing the players' sockets) runs on the server.
	endProfile := func() {}
	if o.cpuProfile != "" {
		stop, err := servers[0].cpuProfile(o.cpuProfile, time.Duration(o.saves+2)*(o.roundTimeout+5*time.Second))
		if err != nil {
			return fmt.Errorf("CPU profile: %w", err)
		}
		profiled := time.Now()
		endProfile = func() {
			if err := stop(); err != nil {
				logf("CPU profile not written: %v", err)
			} else {
				logf("CPU profile of %s over the pushes (%s): %s", servers[0].name, time.Since(profiled).Round(100*time.Millisecond), o.cpuProfile)
			}
			endProfile = func() {}
		}
		defer func() { endProfile() }()
	}
	for r := 1; r <= o.saves; r++ {
		srvCPU0, genCPU0 := totalCPU(servers), selfCPU()
		start := time.Now()
		hash, took, err := saveSchedule(ctx, a, fx, r)
		if err != nil {
			return err
		}
		rd := awaitRound(players, len(servers), hash, start, o.roundTimeout)
		rd.saveTook = took
		rd.serverCPU, rd.genCPU = totalCPU(servers)-srvCPU0, selfCPU()-genCPU0
		s := summarize(rd.lat)
		logf("save %d: %d/%d players have it: first %s, p50 %s, p99 %s, max %s (save call %s; CPU: servers %s = %s per player, generator %s)",
			r, s.N, n, ms(s.Min), ms(s.P50), ms(s.P99), ms(s.Max), ms(took), ms(rd.serverCPU), perPlayer(rd.serverCPU, n), ms(rd.genCPU))
		rounds = append(rounds, rd)
		if !sleep(ctx, time.Second) {
			return ctx.Err()
		}
		// A round of the floor with this save's playlist, once the
		// servers are done with the save (a push's last acks and writes).
		if fl != nil && floorErr == nil {
			if !awaitQuiet(ctx, servers, 5*time.Second) {
				return ctx.Err()
			}
			msg, _, _ := playlistSizes(players)
			if floorErr = fl.round(ctx, msg); floorErr != nil {
				logf("kernel floor not measured: %v", floorErr)
			}
		}
		if !sleep(ctx, time.Second) {
			return ctx.Err()
		}
	}
	// An emergency override on every TV, then its clear: each player acks
	// the playlist that carries it (or no longer does) as soon as it arrives.
	for _, step := range []string{"override start", "override clear"} {
		srvCPU0, genCPU0 := totalCPU(servers), selfCPU()
		start := time.Now()
		key, took, err := pushOverride(ctx, a, fx, step == "override clear")
		if err != nil {
			return err
		}
		rd := awaitRound(players, len(servers), key, start, o.roundTimeout)
		rd.label, rd.saveTook = step, took
		rd.serverCPU, rd.genCPU = totalCPU(servers)-srvCPU0, selfCPU()-genCPU0
		s := summarize(rd.lat)
		logf("%s: %d/%d players acked it: first %s, p50 %s, p99 %s, max %s (API call %s)",
			step, s.N, n, ms(s.Min), ms(s.P50), ms(s.P99), ms(s.Max), ms(took))
		rounds = append(rounds, rd)
		if step == "override clear" {
			endProfile()
		}
		if !sleep(ctx, 2*time.Second) {
			return ctx.Err()
		}
	}
	// With local content: approvals of one store's new item, each timed to
	// that store's players.
	approvals, err := approveRounds(ctx, a, fx, players, o.roundTimeout)
	if err != nil {
		return err
	}
	// The floor's sockets are closed only now: closing 20,000 loopback
	// sockets leaves the kernel work for a while after, which the
	// override's push would meet.
	if fl != nil {
		fl.close()
	}
	load := fmt.Sprintf("%s at the first save, %s after the last push", load0, loadAvg())
	for i, s := range servers {
		res[i].afterPushRSS, _ = s.rss()
	}
	open, why := openCount(players)
	for _, s := range servers {
		if !s.alive() {
			return fmt.Errorf("%s exited during the run; its log: %s", s.name, s.log.Name())
		}
	}

	var floorRes *floorResult
	if fl != nil && floorErr == nil {
		floorRes = &fl.res
	}
	report(o, engine, n, connectTook, ackRate, load, res, rounds, open, why, floorRes, floorErr)
	if lines := reportApprovals(o, engine, n, approvals); len(lines) > 0 {
		printTable(lines)
	}
	failed = false
	return nil
}

// loadAvg is the machine's 1-minute load average: the generator shares
// the cores with the servers, and with whatever else runs.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return "?"
	}
	return f[0]
}

// totalCPU is the CPU time the servers have used.
func totalCPU(servers []*server) time.Duration {
	var sum time.Duration
	for _, s := range servers {
		c, _ := s.cpu()
		sum += c
	}
	return sum
}

func selfCPU() time.Duration {
	c, _ := procCPU("self")
	return c
}

func sleep(ctx context.Context, d time.Duration) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(d):
		return true
	}
}

// report prints the Markdown tables. floor is the kernel floor (nil when
// not measured: -floor=false, or floorErr says why).
func report(o options, engine string, n int, connectTook time.Duration, ackRate float64, load string, res []serverResult,
	rounds []round, open int, why error, floor *floorResult, floorErr error) {
	w := os.Stdout
	repl := "1 server"
	if len(res) > 1 {
		repl = fmt.Sprintf("%d replicas", len(res))
	}
	fmt.Fprintf(w, "\n### %d players, %s, %s (%s, %d CPUs)\n\n", n, engine, repl, time.Now().Format("2006-01-02"), runtime.NumCPU())
	fmt.Fprintf(w, "Connected in %s (%.0f players/s); acks %.0f/s; %d/%d sockets open at the end", ms(connectTook),
		float64(n)/connectTook.Seconds(), ackRate, open, n)
	if why != nil && open < n {
		fmt.Fprintf(w, " (first close: %v)", why)
	}
	fmt.Fprintf(w, ". Load average (1 min, every process on the machine): %s.\n\n", load)

	head := "| Server |"
	sep := "|---|"
	for i := range res {
		head += fmt.Sprintf(" replica %d |", i+1)
		sep += "---|"
	}
	fmt.Fprintln(w, head+" Target |")
	fmt.Fprintln(w, sep+"---|")
	row := func(name, target string, cell func(r serverResult) string) {
		line := "| " + name + " |"
		for _, r := range res {
			line += " " + cell(r) + " |"
		}
		fmt.Fprintln(w, line+" "+target+" |")
	}
	const mib = 1 << 20
	row("Players on it", "", func(r serverResult) string { return fmt.Sprint(r.conns) })
	row("RSS before → idle with players", "", func(r serverResult) string {
		return fmt.Sprintf("%.0f → %.0f MB", float64(r.before.rss)/mib, float64(r.idle.rss)/mib)
	})
	row("RSS per idle connection (upper bound)", "", func(r serverResult) string {
		return kb(float64(r.idle.rss-r.before.rss) / float64(r.conns))
	})
	gcs := func(r serverResult, f func(g gcLine) int, unit string) string {
		if !r.before.gcOK || !r.idle.gcOK {
			return "n/a (no GC cycle seen)"
		}
		return fmt.Sprintf("%d → %d %s", f(r.before.gc), f(r.idle.gc), unit)
	}
	per := func(r serverResult, f func(g gcLine) int) (float64, bool) {
		if !r.before.gcOK || !r.idle.gcOK {
			return 0, false
		}
		return float64(f(r.idle.gc)-f(r.before.gc)) * mib / float64(r.conns), true
	}
	heap := func(g gcLine) int { return g.HeapLive }
	stacks := func(g gcLine) int { return g.Stacks }
	row("Live heap before → idle (gctrace)", "", func(r serverResult) string { return gcs(r, heap, "MB") })
	row("Goroutine stack scanned before → idle (gctrace)", "", func(r serverResult) string { return gcs(r, stacks, "MB") })
	row("Live heap + stack scanned per idle connection (lower bound)", "< 20 KB", func(r serverResult) string {
		h, ok1 := per(r, heap)
		s, ok2 := per(r, stacks)
		if !ok1 || !ok2 {
			return "n/a"
		}
		return fmt.Sprintf("%s (heap %s, stack %s)", kb(h+s), kb(h), kb(s))
	})
	row(fmt.Sprintf("CPU at idle, acks running (%s)", o.idle.Round(time.Second)), "", func(r serverResult) string {
		return fmt.Sprintf("%.1f %% of one core", 100*r.cpu.Seconds()/r.cpuWindow.Seconds())
	})
	row("RSS after the saves", "", func(r serverResult) string { return fmt.Sprintf("%.0f MB", float64(r.afterPushRSS)/mib) })

	fmt.Fprintln(w, "\nThe GC trace counts the used part of each goroutine stack, not the stack allocated (which")
	fmt.Fprintln(w, "only the server itself can report, runtime.MemStats.StackInuse): the lower bound leaves it out,")
	fmt.Fprintln(w, "RSS holds it along with the heap's headroom. See docs/performance.md.")
	fmt.Fprintln(w)
	head = "| Push | Players with (and acking) the new playlist | first | p50 | p99 | max |"
	sep = "|---|---|---|---|---|---|"
	if len(res) > 1 {
		for i := range res {
			head += fmt.Sprintf(" p99 on replica %d |", i+1)
			sep += "---|"
		}
	}
	fmt.Fprintln(w, head+" API call | CPU: servers / generator | server CPU per player |")
	fmt.Fprintln(w, sep+"---|---|---|")
	var worst summary
	worstRep := make([]time.Duration, len(res))
	var worstSave time.Duration
	var saves []round
	for i, rd := range rounds {
		s := summarize(rd.lat)
		label := fmt.Sprint(i + 1)
		if rd.label != "" {
			label = rd.label
		}
		line := fmt.Sprintf("| %s | %d/%d | %s | %s | %s | %s |", label, s.N, n, ms(s.Min), ms(s.P50), ms(s.P99), ms(s.Max))
		if len(res) > 1 {
			for j, l := range rd.perRep {
				p99 := summarize(l).P99
				worstRep[j] = max(worstRep[j], p99)
				line += " " + ms(p99) + " |"
			}
		}
		fmt.Fprintln(w, line+" "+ms(rd.saveTook)+" | "+ms(rd.serverCPU)+" / "+ms(rd.genCPU)+" | "+perPlayer(rd.serverCPU, n)+" |")
		if rd.label == "" {
			saves = append(saves, rd)
		}
		worst.P50 = max(worst.P50, s.P50)
		worst.P99 = max(worst.P99, s.P99)
		worst.Max = max(worst.Max, s.Max)
		worst.N += rd.missing
		worstSave = max(worstSave, rd.saveTook)
	}
	line := fmt.Sprintf("| worst | %d missed in all | | %s | **%s** | %s |", worst.N, ms(worst.P50), ms(worst.P99), ms(worst.Max))
	if len(res) > 1 {
		for _, d := range worstRep {
			line += " " + ms(d) + " |"
		}
	}
	fmt.Fprintln(w, line+" "+ms(worstSave)+" | | |")
	// The cheaper push: server CPU per player per schedule save (the
	// servers' utime + stime from the save until every player had it,
	// acks included) against the kernel floor of the same run, and every
	// push's p99. CPU time is the figure to trust on a shared machine; the
	// p99 moves with whatever else runs.
	var cpu time.Duration
	var p99 time.Duration
	for _, rd := range saves {
		cpu += rd.serverCPU
		p99 = max(p99, summarize(rd.lat).P99)
	}
	if len(saves) == 0 {
		return
	}
	tr := pushRun{
		setup:    setup(engine, len(res), false, n) + localSetup(o),
		saves:    len(saves),
		saveCPU:  cpu / time.Duration(len(saves)),
		players:  n,
		savesP99: p99,
		missed:   worst.N,
		ackEvery: o.ackEvery,
	}
	if floor != nil && floorErr == nil {
		tr.floor, tr.floorSockets = floor.mean(), floor.sockets
	}
	for _, rd := range rounds {
		if rd.label == "" {
			continue
		}
		tr.overrideP99 = append(tr.overrideP99, summarize(rd.lat).P99)
		if rd.label == "override start" {
			tr.overrideCPU = rd.serverCPU
		}
	}
	fmt.Fprintln(w)
	for _, v := range tr.verdicts() {
		fmt.Fprintln(w, v)
	}
	switch {
	case floorErr != nil:
		fmt.Fprintf(w, "Kernel floor on this machine: not measured (%v).\n", floorErr)
	case floor != nil:
		var per []string
		for _, d := range floor.cpu {
			per = append(per, strings.TrimSuffix(perPlayer(d, floor.sockets), " µs"))
		}
		msg := floor.message()
		fmt.Fprintf(w, "Kernel floor on this machine (%d sockets, a pool of %d writers writing each a %d-byte message and its "+
			"%d-byte header in one writev, a goroutine per socket reading its %d-byte answer through a %d-byte bufio.Reader; "+
			"%d rounds, one after each save): %s per player per push (rounds: %s µs). The hub's own: %s (server CPU per player minus the floor).\n",
			floor.sockets, floorWriters, msg, len(textHeaderOf(msg)), floor.answer, floorReadBuffer, len(floor.cpu),
			perPlayer(floor.mean(), floor.sockets), strings.Join(per, ", "), perPlayer(tr.saveCPU-tr.floorPerPlayer(), n))
	}
	for _, r := range res {
		tr.rssPerPlayer = append(tr.rssPerPlayer, float64(r.idle.rss-r.before.rss)/float64(r.conns))
		live := math.NaN()
		if h, ok := per(r, heap); ok {
			if s, ok := per(r, stacks); ok {
				live = h + s
			}
		}
		tr.livePerPlayer = append(tr.livePerPlayer, live)
		tr.idleShare = append(tr.idleShare, 100*r.cpu.Seconds()/r.cpuWindow.Seconds())
	}
	printTable(tr.lines())
}

// perPlayer is d shared by n players, in microseconds.
func perPlayer(d time.Duration, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f µs", float64(d.Microseconds())/float64(n))
}

// runFolder is a run's server binary, checked, and a folder of its own
// with a data folder in it. done removes the folder unless the run failed
// (ok false) or -keep asks to keep it.
type runFolder struct {
	binary, dir, data string
}

func newRunFolder(o options, prefix string) (runFolder, error) {
	binary, err := filepath.Abs(o.binary)
	if err != nil {
		return runFolder{}, err
	}
	if _, err := os.Stat(binary); err != nil {
		return runFolder{}, fmt.Errorf("no server binary at %s (make build): %w", o.binary, err)
	}
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		return runFolder{}, err
	}
	data := filepath.Join(dir, "data")
	if err := os.Mkdir(data, 0o755); err != nil {
		return runFolder{}, err
	}
	return runFolder{binary: binary, dir: dir, data: data}, nil
}

func (f runFolder) done(keep, ok bool) {
	if keep || !ok {
		logf("run folder kept: %s", f.dir)
		return
	}
	os.RemoveAll(f.dir)
}
