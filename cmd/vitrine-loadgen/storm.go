package main

// The reconnect storm (-storm): every player loses its socket at once and
// comes back with the real player's backoff and jitter; the generator
// measures how long each one takes to have its current playlist again.
//
//   - kill: two replicas on PostgreSQL behind nginx (deploy/nginx/vitrine.conf).
//     Every player connects while only replica 1 runs, so all of them are on
//     it; replica 2 starts, replica 1 is killed (SIGKILL) and the players
//     come back through nginx on replica 2.
//   - drop: the same two replicas, players spread over both by nginx; every
//     socket is cut at once on the players' side, as a network failure
//     between the stores and the balancer would.
//   - restart: one server on SQLite, players connected to it directly; it
//     is restarted (SIGTERM, then started again on the same address and
//     data, as `systemctl restart` does).
//
// See docs/performance.md ("Players: reconnect storm").

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"vitrine/internal/freeport"
)

// Storm targets (issue "Reconnect storm"; docs/performance.md).
const (
	stormFast       = 10 * time.Second // 99 % of players back within
	stormEvery      = 30 * time.Second // every player back within
	stormFastShare  = 0.99
	memoryTolerance = 1.10 // RSS after the storm at most 10 % above the calm figure
	pgPoolPerServer = 41   // internal/db: SetMaxOpenConns(40) on PostgreSQL, and the LISTEN connection
)

// stormRun is what one storm measured.
type stormRun struct {
	mode, engine  string
	n, procs      int
	rep           workerReport
	took          time.Duration // until the last player was back (or the wait ended)
	lb5xx, lbReqs int           // answers of nginx after the mark
	dbPeak        int           // the servers' PostgreSQL connections, at most
	dbActivePeak  int
	pool          int
	idleCPU       time.Duration
	cpuWindow     time.Duration
	before, after []memSample // the servers holding the players, before and after
	load          string
	warnings      int
	// CPU used from the mark until every player was back: by the servers
	// alive at the end, by the generator's processes, and by the PostgreSQL
	// backends serving the servers at the end (-1: not known).
	stormCPU, genCPU, pgCPU time.Duration
}

type memSample struct {
	name    string
	players int
	rss     int64
	heap    int // MB live (gctrace), -1 when no cycle was seen
}

func runStorm(o options) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch o.storm {
	case "kill", "drop":
		if o.database == "" {
			return fmt.Errorf("-storm %s needs -database postgres://… (two replicas behind nginx)", o.storm)
		}
	case "restart":
		if o.database != "" {
			return fmt.Errorf("-storm restart runs one SQLite server: leave -database out")
		}
	default:
		return fmt.Errorf("-storm %q: kill, drop or restart", o.storm)
	}
	if _, err := raiseNoFile(0); err != nil {
		return err
	}
	run, err := newRunFolder(o, "vitrine-storm-")
	if err != nil {
		return err
	}
	failed := true
	defer func() { run.done(o.keep, !failed) }()
	binary, runDir, dataDir := run.binary, run.dir, run.data

	r := stormRun{mode: o.storm, engine: "SQLite", n: o.players}
	// Players send their store's address in X-Forwarded-For (storeAddress);
	// the servers trust the generator's workers and nginx, all on loopback.
	extraEnv = []string{"VITRINE_TRUSTED_PROXIES=127.0.0.0/8"}
	databaseURL, appName := "", fmt.Sprintf("vitrine-storm-%d", os.Getpid())
	var pg *sql.DB
	if o.database != "" {
		r.engine = "PostgreSQL"
		var drop func()
		databaseURL, drop, err = pgSchema(o.database)
		if err != nil {
			return err
		}
		defer drop()
		u, _ := url.Parse(databaseURL)
		q := u.Query()
		q.Set("application_name", appName)
		u.RawQuery = q.Encode()
		databaseURL = u.String()
		if pg, err = sql.Open("pgx", o.database); err != nil {
			return err
		}
		defer pg.Close()
	}

	var servers []*server
	defer func() {
		for _, s := range servers {
			s.stop()
		}
	}()
	first, err := startServer(ctx, "replica1", binary, dataDir, databaseURL, true)
	if err != nil {
		return err
	}
	servers = append(servers, first)
	logf("%s: %s (pid %d) on %s", first.name, first.url, first.cmd.Process.Pid, r.engine)

	// Replica 2's address is taken now: nginx names both from the start.
	var secondAddr string
	base := first.url
	var lb *nginxProc
	if o.storm != "restart" {
		port, err := freeport.Loopback()
		if err != nil {
			return err
		}
		secondAddr = "127.0.0.1:" + strconv.Itoa(port)
		if o.storm == "drop" {
			second, err := startServerAt(ctx, "replica2", secondAddr, binary, dataDir, databaseURL, false)
			if err != nil {
				return err
			}
			servers = append(servers, second)
			logf("%s: %s (pid %d)", second.name, second.url, second.cmd.Process.Pid)
		}
		lb, err = startNginx(o, filepath.Join(runDir, "nginx"), strings.TrimPrefix(first.url, "http://"), secondAddr)
		if err != nil {
			return err
		}
		defer lb.stop()
		base = lb.url
		logf("nginx (pid %d) on %s in front of both replicas", lb.cmd.Process.Pid, lb.url)
	}

	a := newAPI(first.url)
	fx, err := seed(ctx, a, o.email, o.password, o.players, o.workers, 0, 0)
	if err != nil {
		return err
	}
	// A save right before the storm: the playlist the players must come back
	// with is the one saved last.
	hash, _, err := saveSchedule(ctx, a, fx, 1)
	if err != nil {
		return err
	}
	ws, err := startWorkers(fx.devices, o.perProcess, o.dialers, base, hash, o.ackEvery)
	defer stopWorkers(ws)
	if err != nil {
		return err
	}
	r.procs = len(ws)
	nudge := func(s *server) func() error {
		c := newAPI(s.url)
		c.Token = a.Token
		path := "/api/display/" + fx.franchise + "/" + fx.stores[0]
		return func() error { return c.Do(ctx, "GET", path, nil, nil, 200) }
	}
	held := func() []memSample {
		var out []memSample
		counts := playersPerServer(servers)
		for i, s := range servers {
			if !s.alive() {
				continue
			}
			m := memSample{name: s.name, players: counts[i], heap: -1}
			// A GC cycle first, then the resident memory once it stopped
			// falling (what the cycle freed goes back to the system over
			// some seconds): the same point of the collector's cycle
			// before the storm and after it. Read before the cycle, the
			// figure held however much garbage the last minutes had left
			// (after the same storm, +3 % to +68 % over six runs).
			if g, ok := s.gcNow(time.Now(), nudge(s)); ok {
				m.heap = g.HeapLive
			}
			m.rss, _ = s.settledRSS(ctx, 90*time.Second)
			out = append(out, m)
		}
		return out
	}

	logf("all %d players connected; idle %s with acks, CPU measured", o.players, o.settle+o.idle)
	if !sleep(ctx, o.settle) {
		return ctx.Err()
	}
	cpu0 := totalCPU(servers)
	t0 := time.Now()
	if !sleep(ctx, o.idle) {
		return ctx.Err()
	}
	r.idleCPU, r.cpuWindow = totalCPU(servers)-cpu0, time.Since(t0)
	r.before = held()

	if o.storm == "kill" {
		second, err := startServerAt(ctx, "replica2", secondAddr, binary, dataDir, databaseURL, false)
		if err != nil {
			return err
		}
		servers = append(servers, second)
		logf("%s: %s (pid %d), no players yet", second.name, second.url, second.cmd.Process.Pid)
		// nginx marked replica 2 failed while the players connected (it
		// refused them), and lets a failed server have one request per
		// fail_timeout (5 s) until one of its requests completes — an
		// upgraded socket completes only when it closes. A fleet's plain
		// requests (plays reports, hellos, the console) clear the mark; so
		// do these, before the storm.
		if err := lb.warm(ctx, secondAddr, 15*time.Second); err != nil {
			return err
		}
	}

	var lbMark int64
	if lb != nil {
		lbMark = lb.logSize()
	}
	r.load = loadAvg()
	genCPU0 := workersCPU(ws)
	var pgCPU0 map[int]time.Duration
	if pg != nil {
		pgCPU0 = backendsCPU(pg, appName)
	}
	srvCPU0 := map[*server]time.Duration{}
	for _, s := range servers {
		srvCPU0[s], _ = s.cpu()
	}
	mark := time.Now()
	cmd := workerCmd{Mark: mark.UnixNano(), Hash: hash, Wait: o.stormWait, Drop: o.storm == "drop"}
	type result struct {
		rep workerReport
		err error
	}
	done := make(chan result, 1)
	go func() {
		rep, err := stormAll(ws, cmd)
		done <- result{rep, err}
	}()
	switch o.storm {
	case "kill":
		logf("killing replica1 (SIGKILL) with %d players on it", o.players)
		first.kill()
	case "drop":
		logf("cutting every player's socket at once")
	case "restart":
		logf("restarting the server (SIGTERM, then started again on %s)", strings.TrimPrefix(first.url, "http://"))
		first.stop()
		logf("server stopped %s after the mark", ms(time.Since(mark)))
		again, err := startServerAt(ctx, "replica1", strings.TrimPrefix(first.url, "http://"), binary, dataDir, databaseURL, false)
		if err != nil {
			return err
		}
		servers[0] = again
		logf("server answering again %s after the mark", ms(time.Since(mark)))
	}
	// The servers' connections to PostgreSQL from now on (a killed replica's
	// are gone with it): 40 in the pool and one listening, per live replica.
	var sampler *dbSampler
	if pg != nil {
		sampler = sampleDB(pg, appName)
	}
	res := <-done
	if res.err != nil {
		return res.err
	}
	r.rep = res.rep
	r.took = time.Since(mark)
	r.genCPU = workersCPU(ws) - genCPU0
	for _, s := range servers {
		if c, err := s.cpu(); err == nil && s.alive() {
			r.stormCPU += c - srvCPU0[s] // a restarted server is absent from srvCPU0: all of its CPU
		}
	}
	r.pgCPU = -1
	if pg != nil {
		r.pgCPU = 0
		for pid, c := range backendsCPU(pg, appName) {
			r.pgCPU += c - pgCPU0[pid] // a backend opened since: all of its CPU
		}
	}
	if sampler != nil {
		r.dbPeak, r.dbActivePeak = sampler.stop()
		for _, s := range servers {
			if s.alive() {
				r.pool += pgPoolPerServer
			}
		}
	}
	if lb != nil {
		r.lb5xx, r.lbReqs = lb.statusesSince(lbMark)
	}
	logf("storm over: %d back, %d stayed, %d missing, in %s", len(r.rep.Back), r.rep.Stayed, r.rep.Missing, ms(r.took))
	if !sleep(ctx, o.settle) {
		return ctx.Err()
	}
	r.after = held()
	r.load += " → " + loadAvg()
	for _, s := range servers {
		s.mu.Lock()
		r.warnings += s.warns
		s.mu.Unlock()
	}
	stormReport(o, r)
	failed = false
	return nil
}

// playersPerServer reads each live server's open sockets to players from
// its process: the count of established TCP connections is not at hand,
// so it counts the sockets in /proc/PID/fd, less a small base.
func playersPerServer(servers []*server) []int {
	out := make([]int, len(servers))
	for i, s := range servers {
		if !s.alive() {
			continue
		}
		ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", s.cmd.Process.Pid))
		if err != nil {
			continue
		}
		n := 0
		for _, e := range ents {
			if l, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", s.cmd.Process.Pid, e.Name())); err == nil && strings.HasPrefix(l, "socket:") {
				n++
			}
		}
		out[i] = n
	}
	return out
}

// workersCPU is the CPU time the generator's worker processes have used.
func workersCPU(ws []*workerProc) time.Duration {
	var sum time.Duration
	for _, w := range ws {
		c, _ := procCPU(strconv.Itoa(w.cmd.Process.Pid))
		sum += c
	}
	return sum
}

// backendsCPU is the CPU time used so far by each PostgreSQL backend of
// the servers' connections (PostgreSQL runs on this machine), by pid.
func backendsCPU(pg *sql.DB, appName string) map[int]time.Duration {
	out := map[int]time.Duration{}
	rows, err := pg.Query(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, appName)
	if err != nil {
		return out
	}
	defer rows.Close()
	for rows.Next() {
		var pid int
		if rows.Scan(&pid) == nil {
			if c, err := procCPU(strconv.Itoa(pid)); err == nil {
				out[pid] = c
			}
		}
	}
	return out
}

// dbSampler polls pg_stat_activity for the servers' connections.
type dbSampler struct {
	mu           sync.Mutex
	peak, active int
	quit         chan struct{}
	done         chan struct{}
}

func sampleDB(pg *sql.DB, appName string) *dbSampler {
	s := &dbSampler{quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		for {
			var all, active int
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			err := pg.QueryRowContext(ctx, `SELECT count(*), count(*) FILTER (WHERE state = 'active')
				FROM pg_stat_activity WHERE application_name = $1`, appName).Scan(&all, &active)
			cancel()
			if err == nil {
				s.mu.Lock()
				s.peak, s.active = max(s.peak, all), max(s.active, active)
				s.mu.Unlock()
			}
			select {
			case <-s.quit:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()
	return s
}

func (s *dbSampler) stop() (int, int) {
	close(s.quit)
	<-s.done
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.peak, s.active
}

// nginxProc is the balancer: deploy/nginx/vitrine.conf on this run's ports.
type nginxProc struct {
	cmd    *exec.Cmd
	url    string
	access string
	exit   chan struct{}
}

// startNginx runs the site file in front of the two replica addresses, as
// this user, with every path in dir. The workers get enough open files for
// two per player (the player's socket and the one to the replica).
func startNginx(o options, dir, first, second string) (*nginxProc, error) {
	site, err := os.ReadFile(o.site)
	if err != nil {
		return nil, err
	}
	port, err := freeport.Loopback()
	if err != nil {
		return nil, err
	}
	text := string(site)
	for old, repl := range map[string]string{
		"server 127.0.0.1:8081": "server " + first,
		"server 127.0.0.1:8082": "server " + second,
		"listen 80;":            fmt.Sprintf("listen 127.0.0.1:%d reuseport;", port),
		"listen [::]:80;":       "",
		"/var/log/nginx/":       dir + "/",
	} {
		if !strings.Contains(text, old) {
			return nil, fmt.Errorf("%s has no %q to point at this run", o.site, old)
		}
		text = strings.ReplaceAll(text, old, repl)
	}
	for _, d := range []string{"", "body", "proxy", "fastcgi", "uwsgi", "scgi"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			return nil, err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "vitrine.conf"), []byte(text), 0o644); err != nil {
		return nil, err
	}
	user := ""
	if os.Getuid() == 0 {
		user = "user root;"
	}
	// Workers: one per 3,000 players (two open files each, spread unevenly by
	// reuseport), at least two.
	workers := max(2, (o.players+2999)/3000)
	main := fmt.Sprintf(`%s
daemon off;
worker_processes %d;
worker_rlimit_nofile 20000;
pid %[3]s/nginx.pid;
error_log %[3]s/error.log warn;
events { worker_connections 9500; }
http {
    client_body_temp_path %[3]s/body;
    proxy_temp_path %[3]s/proxy;
    fastcgi_temp_path %[3]s/fastcgi;
    uwsgi_temp_path %[3]s/uwsgi;
    scgi_temp_path %[3]s/scgi;
    include %[3]s/vitrine.conf;
}
`, user, workers, dir)
	conf := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(conf, []byte(main), 0o644); err != nil {
		return nil, err
	}
	if out, err := exec.Command(o.nginx, "-t", "-p", dir+"/", "-c", conf, "-e", filepath.Join(dir, "error.log")).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("nginx -t: %v: %s", err, out)
	}
	cmd := exec.Command(o.nginx, "-p", dir+"/", "-c", conf, "-e", filepath.Join(dir, "error.log"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	n := &nginxProc{cmd: cmd, url: fmt.Sprintf("http://127.0.0.1:%d", port), access: filepath.Join(dir, "vitrine.access.log"), exit: make(chan struct{})}
	go func() { cmd.Wait(); close(n.exit) }()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if res, err := dialer.Get(n.url + "/api/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return n, nil
			}
		}
		select {
		case <-n.exit:
			return nil, fmt.Errorf("nginx exited at start; see %s/error.log", dir)
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			n.stop()
			return nil, fmt.Errorf("nginx did not answer within 20 s; see %s/error.log", dir)
		}
	}
}

func (n *nginxProc) stop() {
	select {
	case <-n.exit:
		return
	default:
	}
	endProcess(n.cmd.Process, n.exit, syscall.SIGQUIT, 10*time.Second)
}

// warm sends plain requests through nginx until one was answered by addr
// after fail_timeout has passed in every nginx worker (two 5-s windows).
func (n *nginxProc) warm(ctx context.Context, addr string, limit time.Duration) error {
	start := time.Now()
	from := n.logSize()
	for time.Since(start) < limit+12*time.Second {
		res, err := dialer.Get(n.url + "/")
		if err == nil {
			res.Body.Close()
		}
		if time.Since(start) > 11*time.Second && n.answeredBy(from, addr) {
			return nil
		}
		if !sleep(ctx, 50*time.Millisecond) {
			return ctx.Err()
		}
	}
	if !n.answeredBy(from, addr) {
		return fmt.Errorf("nginx sent no request to %s within %s", addr, limit)
	}
	return nil
}

// answeredBy tells whether the access log has, from offset on, an answer by addr.
func (n *nginxProc) answeredBy(offset int64, addr string) bool {
	b, err := os.ReadFile(n.access)
	if err != nil || int64(len(b)) < offset {
		return false
	}
	return strings.Contains(string(b[offset:]), "upstream="+addr+" ")
}

func (n *nginxProc) logSize() int64 {
	st, err := os.Stat(n.access)
	if err != nil {
		return 0
	}
	return st.Size()
}

// accessStatus finds the status in a line of the site's log_format
// ('$remote_addr [$time_local] "$request" $status …').
var accessStatus = regexp.MustCompile(`" (\d{3}) `)

// statusesSince counts the access log's answers from offset on: 5xx, all.
// nginx writes a socket's line when it closes; the players' sockets that
// end when nginx stops are not in it, the storm's failed upgrades are.
func (n *nginxProc) statusesSince(offset int64) (fives, all int) {
	f, err := os.Open(n.access)
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	f.Seek(offset, 0)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		m := accessStatus.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		all++
		if m[1][0] == '5' {
			fives++
		}
	}
	return fives, all
}

// stormReport prints the run as Markdown, with the targets met or missed.
func stormReport(o options, r stormRun) {
	w := os.Stdout
	what := map[string]string{
		"kill":    "replica 1 of 2 killed (SIGKILL), players back through nginx on replica 2",
		"drop":    "every socket cut at once on the players' side, two replicas behind nginx",
		"restart": "the single server restarted (SIGTERM, started again on the same address)",
	}[r.mode]
	fmt.Fprintf(w, "\n### Reconnect storm: %d players, %s, %s (%s, %d CPUs)\n\n", r.n, r.engine, what,
		time.Now().Format("2006-01-02"), runtime.NumCPU())
	fmt.Fprintf(w, "Players in %d generator processes, reconnecting with the player's backoff (1 s doubling to 30 s, equal jitter; 1012 at once, then 0.5–1 s for 20 s). "+
		"Load average (1 min, every process on the machine): %s.\n\n", r.procs, r.load)
	back := make([]time.Duration, len(r.rep.Back))
	within := func(d time.Duration) int {
		n := r.rep.Stayed
		for _, b := range r.rep.Back {
			if time.Duration(b) <= d {
				n++
			}
		}
		return n
	}
	for i, b := range r.rep.Back {
		back[i] = time.Duration(b)
	}
	s := summarize(back)
	verdict := func(ok bool) string {
		if ok {
			return "met"
		}
		return "**MISSED**"
	}
	fast, all := within(stormFast), within(stormEvery)
	pct := func(k int) string { return fmt.Sprintf("%.2f %%", 100*float64(k)/float64(r.n)) }
	fmt.Fprintln(w, "| Measure | Figure | Target | |")
	fmt.Fprintln(w, "|---|---|---|---|")
	fmt.Fprintf(w, "| Back with the current playlist (hash checked): p50 / p99 / max | %s / %s / %s | | |\n", ms(s.P50), ms(s.P99), ms(s.Max))
	fmt.Fprintf(w, "| Back within 10 s | %d (%s) | ≥ 99 %% | %s |\n", fast, pct(fast), verdict(float64(fast) >= stormFastShare*float64(r.n)))
	fmt.Fprintf(w, "| Back within 30 s | %d (%s) | 100 %% | %s |\n", all, pct(all), verdict(all == r.n))
	if r.rep.Stayed > 0 {
		fmt.Fprintf(w, "| Players whose socket never closed | %d | | |\n", r.rep.Stayed)
	}
	fmt.Fprintf(w, "| Not back at the end (%s) | %d | 0 | %s |\n", o.stormWait.Round(time.Second), r.rep.Missing, verdict(r.rep.Missing == 0))
	fmt.Fprintf(w, "| Playlists with another hash after the storm | %d | 0 | %s |\n", r.rep.Wrong, verdict(r.rep.Wrong == 0))
	fmt.Fprintf(w, "| Connection attempts (failed: 5xx upgrade / other) | %d (%d / %d) | | |\n", r.rep.Attempts, r.rep.Upgrade5xx, r.rep.OtherFail)
	if r.lbReqs > 0 || r.mode != "restart" {
		fmt.Fprintf(w, "| 5xx at the balancer (nginx access log lines after the mark) | %d of %d | 0 | %s |\n", r.lb5xx, r.lbReqs, verdict(r.lb5xx == 0))
	}
	if r.engine == "PostgreSQL" {
		fmt.Fprintf(w, "| PostgreSQL connections of the servers, peak (active) | %d (%d) | ≤ %d (pool + LISTEN) | %s |\n", r.dbPeak, r.dbActivePeak, r.pool, verdict(r.dbPeak <= r.pool))
	}
	cpu := fmt.Sprintf("servers %s (%.0f µs per player)", ms(r.stormCPU), float64(r.stormCPU.Microseconds())/float64(r.n))
	if r.pgCPU >= 0 {
		cpu += fmt.Sprintf(", PostgreSQL backends %s", ms(r.pgCPU))
	}
	cpu += fmt.Sprintf(", generator %s", ms(r.genCPU))
	fmt.Fprintf(w, "| CPU from the storm until every player was back (%s of wall time) | %s | | |\n", ms(r.took), cpu)
	fmt.Fprintf(w, "| Server CPU at idle before, acks every %s | %.1f %% of one core (%.2f µs/s per player) | | |\n",
		o.ackEvery.Round(time.Second), 100*r.idleCPU.Seconds()/r.cpuWindow.Seconds(),
		1e6*r.idleCPU.Seconds()/r.cpuWindow.Seconds()/float64(r.n))
	const mib = 1 << 20
	mem := func(ms []memSample) (rss int64, heap int, detail string) {
		var parts []string
		for _, m := range ms {
			rss += m.rss
			h := "n/a"
			if m.heap >= 0 {
				heap += m.heap
				h = fmt.Sprintf("%d MB", m.heap)
			}
			parts = append(parts, fmt.Sprintf("%s: %d sockets, RSS %.0f MB, live heap %s", m.name, m.players, float64(m.rss)/mib, h))
		}
		return rss, heap, strings.Join(parts, "; ")
	}
	rb, hb, db := mem(r.before)
	ra, ha, da := mem(r.after)
	fmt.Fprintf(w, "| Servers' memory before the storm, players idle | RSS %.0f MB, live heap %d MB (%s) | | |\n", float64(rb)/mib, hb, db)
	fmt.Fprintf(w, "| … after, players back and idle | RSS %.0f MB, live heap %d MB (%s) | RSS ≤ %.0f MB (+10 %%) | %s |\n",
		float64(ra)/mib, ha, da, memoryTolerance*float64(rb)/mib, verdict(float64(ra) <= memoryTolerance*float64(rb)))
	if rb > 0 && r.n > 0 {
		fmt.Fprintf(w, "| RSS per connected player before (upper bound, server's own share included) | %s | | |\n", kb(float64(rb)/float64(r.n)))
	}
	fmt.Fprintf(w, "\nUntil the last player was back: %s. Warnings and errors in the servers' logs: %d.\n", ms(r.took), r.warnings)
	printTable(stormLines(r, o.ackEvery, fast, all, s.P99))
}
