package main

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // CREATE / DROP SCHEMA of the run's own schema

	"vitrine/internal/freeport"
)

// server is one `vitrine serve` child process.
type server struct {
	name string
	url  string // http://127.0.0.1:PORT
	// profiles is the metrics listener serving Go's profiles (-cpuprofile), else empty.
	profiles string
	cmd      *exec.Cmd
	log      *os.File // everything it wrote but the GC trace
	exit     chan struct{}

	mu     sync.Mutex
	gcs    []gcLine
	gcWake chan struct{}
	warns  int
}

// startServer starts binary on a free loopback port with the data folder
// and database given, with the GC trace on, and waits until it answers.
func startServer(ctx context.Context, name, binary, dataDir, databaseURL string, demo bool) (*server, error) {
	port, err := freeport.Loopback()
	if err != nil {
		return nil, err
	}
	return startServerAt(ctx, name, "127.0.0.1:"+strconv.Itoa(port), binary, dataDir, databaseURL, demo)
}

// startServerAt is startServer on a given address (a restarted server
// takes its address again).
func startServerAt(ctx context.Context, name, addr, binary, dataDir, databaseURL string, demo bool) (*server, error) {
	args := []string{"serve", "--addr", addr, "--data", dataDir, "--log-level", "warn"}
	if demo {
		args = append(args, "--demo")
	}
	cmd := exec.Command(binary, args...)
	cmd.Env = childEnv(databaseURL)
	var profiles string
	if profileServers {
		mport, err := freeport.Loopback()
		if err != nil {
			return nil, err
		}
		profiles = "http://127.0.0.1:" + strconv.Itoa(mport)
		cmd.Env = append(cmd.Env, "VITRINE_METRICS_ADDR=127.0.0.1:"+strconv.Itoa(mport), "VITRINE_PPROF=1")
	}
	// The child dies with the generator, whatever ends it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	logFile, err := os.OpenFile(filepath.Join(filepath.Dir(dataDir), name+".log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	cmd.Stdout = logFile
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", binary, err)
	}
	s := &server{name: name, url: "http://" + addr, profiles: profiles, cmd: cmd, log: logFile, exit: make(chan struct{}), gcWake: make(chan struct{})}
	go s.readStderr(stderr)
	go func() { cmd.Wait(); close(s.exit) }()

	deadline := time.Now().Add(60 * time.Second)
	for {
		res, err := http.Get(s.url + "/api/health")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return s, nil
			}
		}
		select {
		case <-s.exit:
			return nil, fmt.Errorf("%s exited at start (%v); its log: %s", name, cmd.ProcessState, logFile.Name())
		case <-ctx.Done():
			s.stop()
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, fmt.Errorf("%s did not answer /api/health within 60 s; its log: %s", name, logFile.Name())
		}
	}
}

// profileServers starts the servers with Go's profiles on a metrics
// listener of their own (-cpuprofile).
var profileServers bool

// extraEnv is added to the servers' environment (the storm's trusted proxy).
var extraEnv []string

// childEnv is the generator's environment for the server, minus anything
// that would point it elsewhere, plus the GC trace.
func childEnv(databaseURL string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if k == "GODEBUG" || k == "GOGC" || k == "GOMEMLIMIT" || strings.HasPrefix(k, "DATABASE_URL") ||
			strings.HasPrefix(k, "VITRINE_") || strings.HasPrefix(k, "STORAGE_URL") {
			continue
		}
		env = append(env, kv)
	}
	// Every generated box announces itself from 127.0.0.1: no limit of new
	// devices per address (a store's real boxes stay far below it).
	env = append(env, "GODEBUG=gctrace=1", "VITRINE_NEW_DEVICES_PER_ADDRESS=0")
	env = append(env, extraEnv...)
	if databaseURL != "" {
		env = append(env, "DATABASE_URL="+databaseURL)
	}
	return env
}

// readStderr keeps the GC trace lines and copies the rest to the log file,
// echoing the first warnings and errors.
func (s *server) readStderr(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if g, ok := parseGC(line); ok {
			g.At = time.Now()
			s.mu.Lock()
			s.gcs = append(s.gcs, g)
			close(s.gcWake)
			s.gcWake = make(chan struct{})
			s.mu.Unlock()
			continue
		}
		if strings.HasPrefix(line, "scvg") {
			continue
		}
		fmt.Fprintln(s.log, line)
		if strings.Contains(line, "level=WARN") || strings.Contains(line, "level=ERROR") || strings.HasPrefix(line, "panic") {
			s.mu.Lock()
			s.warns++
			n := s.warns
			s.mu.Unlock()
			if n <= 10 {
				logf("%s: %s", s.name, line)
			} else if n == 11 {
				logf("%s: more warnings in %s", s.name, s.log.Name())
			}
		}
	}
}

// gcAfter waits for a GC cycle that ended after t plus the cycle's own
// length (so it began after t: its live heap is what the server holds from
// t on). Without one by the timeout it returns ok false.
func (s *server) gcAfter(t time.Time, timeout time.Duration) (gcLine, bool) {
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		for _, g := range s.gcs {
			// A cycle at idle lasts a few milliseconds; one that ends a
			// second after t surely began after it.
			if g.At.After(t.Add(time.Second)) {
				s.mu.Unlock()
				return g, true
			}
		}
		wake := s.gcWake
		s.mu.Unlock()
		select {
		case <-wake:
		case <-s.exit:
			return gcLine{}, false
		case <-deadline:
			return gcLine{}, false
		}
	}
}

// gcNow returns the first GC cycle that began after t. It waits a few
// seconds for one to come by itself; then, rather than the runtime's forced
// cycle (every 2 minutes), it makes the server allocate with nudge — one
// small API read at a time, so what is in flight when the cycle marks is a
// single request's garbage — until one comes.
func (s *server) gcNow(t time.Time, nudge func() error) (gcLine, bool) {
	if g, ok := s.gcAfter(t, 3*time.Second); ok {
		return g, true
	}
	found := make(chan gcLine, 1)
	stop := make(chan struct{})
	go func() {
		g, ok := s.gcAfter(t, 150*time.Second)
		if ok {
			found <- g
		}
		close(found)
	}()
	defer close(stop)
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if err := nudge(); err != nil {
				logf("%s: GC nudge: %v", s.name, err)
				return
			}
		}
	}()
	g, ok := <-found
	return g, ok
}

func (s *server) alive() bool {
	select {
	case <-s.exit:
		return false
	default:
		return true
	}
}

// rss is the process's resident memory in bytes (VmRSS).
func (s *server) rss() (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(v)
			if len(f) == 2 && f[1] == "kB" {
				n, err := strconv.ParseInt(f[0], 10, 64)
				return n << 10, err
			}
		}
	}
	return 0, errors.New("no VmRSS in /proc status")
}

// settledRSS waits until the resident memory has stopped shrinking (less
// than 512 KB over 5 s) or the timeout, and returns it.
func (s *server) settledRSS(ctx context.Context, timeout time.Duration) (int64, error) {
	var last []int64
	deadline := time.Now().Add(timeout)
	for {
		r, err := s.rss()
		if err != nil {
			return 0, err
		}
		last = append(last, r)
		if n := len(last); (n > 5 && last[n-6]-r < 512<<10) || time.Now().After(deadline) {
			return r, nil
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// clockTick is USER_HZ, the unit of /proc/PID/stat times: 100 on every
// Linux architecture Go supports.
const clockTick = 10 * time.Millisecond

// cpu is the CPU time (user + system) the process has used.
func (s *server) cpu() (time.Duration, error) { return procCPU(strconv.Itoa(s.cmd.Process.Pid)) }

// procCPU reads the CPU time of the process pid ("self" for this one).
func procCPU(pid string) (time.Duration, error) {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0, err
	}
	// The command name (field 2) may hold spaces; the fields after it
	// start at field 3 (state). utime and stime are fields 14 and 15.
	i := strings.LastIndexByte(string(b), ')')
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, errors.New("short /proc stat")
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, err
	}
	return time.Duration(utime+stime) * clockTick, nil
}

// kill ends the server at once (SIGKILL: no close frame, no cleanup) and
// waits for its exit.
func (s *server) kill() {
	s.cmd.Process.Kill()
	<-s.exit
}

// stop ends the server as an orchestrator would (SIGTERM: players are sent
// away with 1012), killing it after 20 s.
func (s *server) stop() {
	if s.alive() {
		endProcess(s.cmd.Process, s.exit, syscall.SIGTERM, 20*time.Second)
	}
	s.log.Close()
}

// endProcess sends p sig and waits until exit is closed (p reaped), killing
// it once within has passed.
func endProcess(p *os.Process, exit <-chan struct{}, sig os.Signal, within time.Duration) {
	p.Signal(sig)
	select {
	case <-exit:
	case <-time.After(within):
		p.Kill()
		<-exit
	}
}

// pgSchema makes a schema of the run's own in the database at base and
// returns an address whose search_path points at it, and a function that
// drops it. The server migrates the empty schema on start; replicas share it.
func pgSchema(base string) (string, func(), error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", nil, fmt.Errorf("-database: %w", err)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	schema := fmt.Sprintf("loadgen_%d_%d", os.Getpid(), time.Now().Unix())
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("create schema %s: %w", schema, err)
	}
	drop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			logf("drop schema %s: %v (drop it by hand)", schema, err)
		}
		admin.Close()
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}
