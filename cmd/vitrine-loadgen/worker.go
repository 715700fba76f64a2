package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/apiclient"
)

// The storm's players live in worker processes of their own (this binary
// run with -worker), at most -per-process each: open files are capped per
// process. The parent hands each worker its devices on standard input, one
// JSON line, and then one command per line; the worker answers one JSON
// line per step on standard output.

// workerJob is what a worker is given: its players and where they connect.
type workerJob struct {
	Base     string        `json:"base"`
	Devices  []device      `json:"devices"`
	Dialers  int           `json:"dialers"`
	AckEvery time.Duration `json:"ackEvery"`
	Hash     string        `json:"hash"`  // the schedule's hash every player must have once connected
	First    int           `json:"first"` // the index of Devices[0] among all players
	// Local is the loopback address the worker's sockets leave from: one per
	// worker, so that more players than one address has ports (about
	// 28,000) can reach the balancer.
	Local string `json:"local"`
}

// storeAddress is the public address of the store player i is in (100 TVs
// a store, as seeded): the players of a store reach the balancer from one
// NAT address, which the generator tells the server in X-Forwarded-For
// (the servers trust the generator's loopback address as a proxy).
func storeAddress(i int) string {
	store := i / tvsPerStore
	return fmt.Sprintf("10.%d.%d.1", store/256%256, store%256)
}

// workerCmd is a command from the parent: mark the storm's start (and, with
// Drop, close every socket as a network cut would), then report once every
// player is back with Hash or Wait has passed; or quit.
type workerCmd struct {
	Mark int64         `json:"mark"` // Unix ns
	Drop bool          `json:"drop"`
	Hash string        `json:"hash"`
	Wait time.Duration `json:"wait"`
	Quit bool          `json:"quit"`
}

// workerReport is a worker's answer to a step.
type workerReport struct {
	Connected  int     `json:"connected,omitempty"`
	Error      string  `json:"error,omitempty"`
	Back       []int64 `json:"back,omitempty"` // ns from the mark until each player had Hash on a new connection
	Missing    int     `json:"missing"`        // players not back by the end of Wait
	Stayed     int     `json:"stayed"`         // players whose socket never closed
	Attempts   int64   `json:"attempts"`       // connection attempts after the mark
	Upgrade5xx int64   `json:"upgrade5xx"`     // upgrades answered 5xx
	OtherFail  int64   `json:"otherFail"`      // attempts failed otherwise (refused, reset, timeout)
	Wrong      int64   `json:"wrong"`          // playlists after the mark with a hash other than Hash
}

// Close codes of the player protocol (web/src/player/protocol.ts, CLOSE).
const (
	closeRestarting   = 1012
	closeUnauthorized = 4401
	closeReplaced     = 4409
)

// backoffDelay mirrors the player's wait before retry number attempt
// (web/src/player/backoff.ts): exponential from 1 s, capped at 30 s, with
// "equal jitter" — a random point in the upper half of the step.
func backoffDelay(attempt int, random func() float64) time.Duration {
	const base, limit = 1000.0, 30000.0
	step := math.Min(limit, base*math.Pow(2, float64(max(0, min(attempt, 30)))))
	return time.Duration(math.Round(step/2+random()*(step/2))) * time.Millisecond
}

// restartGrace is the player's RESTART_GRACE_MS: after a 1012, failed
// attempts retry at the first step for this long.
const restartGrace = 20 * time.Second

// connectTimeout is the player's CONNECT_TIMEOUT_MS: an upgrade not done by
// then counts as a failed attempt.
const connectTimeout = 15 * time.Second

// stormPlayer is a TV box that reconnects as the real player does
// (web/src/player/session.ts): after a close it waits backoffDelay(attempt)
// and opens the socket again; 1012 (replica restarting) retries at once,
// and the failures in the restartGrace after it wait backoffDelay(0); a playlist resets the count; 4409 (replaced)
// stays off.
type stormPlayer struct {
	device
	base string
	addr string // the store's address (X-Forwarded-For)
	w    *worker

	mu        sync.Mutex
	ws        *websocket.Conn
	hash      string
	openedAt  time.Time // when the current socket was opened
	mark      time.Time // the storm's start (zero before)
	want      string
	back      time.Time // first playlist with want on a socket opened after mark
	closedAt  time.Time // first close after mark
	ready     chan struct{}
	readyOnce sync.Once
}

type worker struct {
	http     *http.Client
	rand     func() float64
	attempts atomic.Int64
	up5xx    atomic.Int64
	fails    atomic.Int64
	wrong    atomic.Int64
	marked   atomic.Bool
}

// run keeps the player connected until ctx ends. gate limits the first
// connection (the fleet's boot) to a number of dialers at once.
func (p *stormPlayer) run(ctx context.Context, gate chan struct{}) {
	attempt := 0
	var graceUntil time.Time
	first := true
	for ctx.Err() == nil {
		if first {
			gate <- struct{}{}
		}
		code, played := p.session(ctx, func() {
			if first {
				first = false
				<-gate
			}
		})
		if first {
			first = false
			<-gate
		}
		if played {
			attempt = 0
		}
		var delay time.Duration
		switch code {
		case closeReplaced:
			return
		case closeRestarting:
			graceUntil = time.Now().Add(restartGrace)
		default: // 4401 included: the token is still good here, so no hello is needed
			if time.Now().Before(graceUntil) {
				delay = backoffDelay(0, p.w.rand)
			} else {
				delay = backoffDelay(attempt, p.w.rand)
				attempt++
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(delay):
		}
	}
}

// session opens one socket and reads it until it closes; it returns the
// close code (1006 for a failed upgrade or a dropped connection) and
// whether a playlist arrived. opened is called once the upgrade is done.
func (p *stormPlayer) session(ctx context.Context, opened func()) (int, bool) {
	if p.w.marked.Load() {
		p.w.attempts.Add(1)
	}
	dctx, cancel := context.WithTimeout(ctx, connectTimeout)
	ws, res, err := apiclient.ConnectPlayer(dctx, p.base, p.Token,
		&websocket.DialOptions{HTTPClient: p.w.http, CompressionMode: websocket.CompressionDisabled,
			HTTPHeader: http.Header{"X-Forwarded-For": {p.addr}}})
	cancel()
	if err != nil {
		if res != nil && res.StatusCode >= 500 {
			p.w.up5xx.Add(1)
		} else if p.w.marked.Load() {
			p.w.fails.Add(1)
		}
		return 1006, false
	}
	opened()
	ws.SetReadLimit(1 << 20)
	p.mu.Lock()
	p.ws, p.openedAt = ws, time.Now()
	p.mu.Unlock()
	played := false
	for {
		_, data, err := ws.Read(ctx)
		now := time.Now()
		if err != nil {
			ws.CloseNow()
			p.mu.Lock()
			if !p.mark.IsZero() && p.closedAt.IsZero() {
				p.closedAt = now
			}
			p.ws = nil
			p.mu.Unlock()
			code := int(websocket.CloseStatus(err))
			if code < 0 {
				code = 1006
			}
			return code, played
		}
		typ, hash := frameInfo(data)
		if typ != "playlist" {
			continue
		}
		played = true
		p.mu.Lock()
		p.hash = hash
		if !p.mark.IsZero() && p.openedAt.After(p.mark) {
			if hash == p.want && p.back.IsZero() {
				p.back = now
			} else if hash != p.want {
				p.w.wrong.Add(1)
			}
		}
		p.mu.Unlock()
		p.readyOnce.Do(func() { close(p.ready) })
		p.ack(ws, hash)
	}
}

func (p *stormPlayer) ack(ws *websocket.Conn, hash string) {
	b, _ := json.Marshal(map[string]string{"type": "ack", "hash": hash})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws.Write(ctx, websocket.MessageText, b)
}

// runWorker is the -worker mode: it reads its job, connects the players,
// and answers the parent's commands until told to quit.
func runWorker() error {
	if _, err := raiseNoFile(0); err != nil {
		return err
	}
	in := bufio.NewReader(os.Stdin)
	out := json.NewEncoder(os.Stdout)
	job, err := readCommand[workerJob](in)
	if err != nil {
		return err
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	w := &worker{rand: rand.Float64, http: dialer}
	if job.Local != "" {
		local := &net.TCPAddr{IP: net.ParseIP(job.Local)}
		w.http = &http.Client{Transport: &http.Transport{
			DialContext:     (&net.Dialer{Timeout: 30 * time.Second, LocalAddr: local}).DialContext,
			MaxIdleConns:    0,
			IdleConnTimeout: time.Second,
		}}
	}
	players := make([]*stormPlayer, len(job.Devices))
	gate := make(chan struct{}, max(job.Dialers, 1))
	for i, d := range job.Devices {
		players[i] = &stormPlayer{device: d, base: job.Base, addr: storeAddress(job.First + i), w: w, ready: make(chan struct{})}
		go players[i].run(ctx, gate)
	}
	timeout := time.After(time.Duration(len(players))*20*time.Millisecond + 2*time.Minute)
	for _, p := range players {
		select {
		case <-p.ready:
		case <-timeout:
			return out.Encode(workerReport{Error: fmt.Sprintf("player %s: no playlist in time", p.Code)})
		}
		if h := p.current(); h != job.Hash {
			return out.Encode(workerReport{Error: fmt.Sprintf("player %s got hash %q, want %q", p.Code, h, job.Hash)})
		}
	}
	go stormAcks(ctx, players, job.AckEvery)
	if err := out.Encode(workerReport{Connected: len(players)}); err != nil {
		return err
	}
	for {
		c, err := readCommand[workerCmd](in)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if c.Quit {
			return nil
		}
		out.Encode(storm(players, w, c))
	}
}

func (p *stormPlayer) current() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.hash
}

// storm marks the start, drops every socket when asked, and waits until
// each player is back with the hash or the wait is over.
func storm(players []*stormPlayer, w *worker, c workerCmd) workerReport {
	mark := time.Unix(0, c.Mark)
	w.attempts.Store(0)
	w.up5xx.Store(0)
	w.fails.Store(0)
	w.wrong.Store(0)
	for _, p := range players {
		p.mu.Lock()
		p.mark, p.want, p.back, p.closedAt = mark, c.Hash, time.Time{}, time.Time{}
		p.mu.Unlock()
	}
	w.marked.Store(true)
	if c.Drop {
		for _, p := range players {
			p.mu.Lock()
			ws := p.ws
			p.mu.Unlock()
			if ws != nil {
				ws.CloseNow()
			}
		}
	}
	deadline := mark.Add(c.Wait)
	var r workerReport
	for {
		r = workerReport{}
		for _, p := range players {
			p.mu.Lock()
			switch {
			case !p.back.IsZero():
				r.Back = append(r.Back, int64(p.back.Sub(mark)))
			case p.closedAt.IsZero() && p.ws != nil && p.hash == p.want && p.openedAt.Before(mark):
				r.Stayed++
			default:
				r.Missing++
			}
			p.mu.Unlock()
		}
		// Every player is expected to lose its socket: one that still holds
		// its old one is waited for too, and counted apart at the end.
		if (r.Missing == 0 && r.Stayed == 0) || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	w.marked.Store(false)
	r.Attempts, r.Upgrade5xx, r.OtherFail, r.Wrong = w.attempts.Load(), w.up5xx.Load(), w.fails.Load(), w.wrong.Load()
	return r
}

// stormAcks has every connected player ack every period, spread evenly.
func stormAcks(ctx context.Context, players []*stormPlayer, period time.Duration) {
	spread(ctx, len(players), period, func(i int) {
		p := players[i]
		p.mu.Lock()
		ws, hash := p.ws, p.hash
		p.mu.Unlock()
		if ws != nil {
			go p.ack(ws, hash)
		}
	})
}

// workerProc is the parent's handle on one worker process.
type workerProc struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *json.Decoder
	n   int
}

// startWorkers splits devices over processes of at most perProcess players
// each, connects them all to base, and returns once every player has the
// playlist with hash.
func startWorkers(devices []device, perProcess, dialers int, base, hash string, ackEvery time.Duration) ([]*workerProc, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	procs := (len(devices) + perProcess - 1) / perProcess
	var ws []*workerProc
	for i := range procs {
		part := devices[i*len(devices)/procs : (i+1)*len(devices)/procs]
		cmd := exec.Command(self, "-worker")
		in, out, err := startChild(cmd)
		if err != nil {
			return ws, err
		}
		w := &workerProc{cmd: cmd, in: in, out: json.NewDecoder(out), n: len(part)}
		ws = append(ws, w)
		job := workerJob{Base: base, Devices: part, Dialers: max(dialers/procs, 1), AckEvery: ackEvery, Hash: hash,
			First: i * len(devices) / procs, Local: fmt.Sprintf("127.0.0.%d", 10+i)}
		if err := json.NewEncoder(in).Encode(job); err != nil {
			return ws, err
		}
	}
	logf("%d players in %d worker processes connecting through %s", len(devices), procs, base)
	for i, w := range ws {
		var r workerReport
		if err := w.out.Decode(&r); err != nil {
			return ws, fmt.Errorf("worker %d: %w", i+1, err)
		}
		if r.Error != "" {
			return ws, fmt.Errorf("worker %d: %s", i+1, r.Error)
		}
		logf("worker %d (pid %d): %d players connected", i+1, w.cmd.Process.Pid, r.Connected)
	}
	return ws, nil
}

// startChild starts one of the generator's own child processes (a storm's
// worker, the floor's server), which it commands through its standard input
// and which reports on its standard output; its errors go to the
// generator's, unless cmd says otherwise. It dies with the generator,
// whatever ends that.
func startChild(cmd *exec.Cmd) (io.WriteCloser, io.ReadCloser, error) {
	if cmd.Stderr == nil {
		cmd.Stderr = os.Stderr
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("start %s: %w", cmd.Path, err)
	}
	return in, out, nil
}

// readCommand reads the next line a child process is sent, one JSON value
// (io.EOF once its parent closed its standard input).
func readCommand[T any](in *bufio.Reader) (T, error) {
	var v T
	line, err := in.ReadBytes('\n')
	if err != nil {
		return v, err
	}
	return v, json.Unmarshal(line, &v)
}

// stormAll sends the storm command to every worker and merges the reports.
func stormAll(ws []*workerProc, c workerCmd) (workerReport, error) {
	for _, w := range ws {
		if err := json.NewEncoder(w.in).Encode(c); err != nil {
			return workerReport{}, err
		}
	}
	var all workerReport
	for i, w := range ws {
		var r workerReport
		if err := w.out.Decode(&r); err != nil {
			return all, fmt.Errorf("worker %d: %w", i+1, err)
		}
		all.Back = append(all.Back, r.Back...)
		all.Missing += r.Missing
		all.Stayed += r.Stayed
		all.Attempts += r.Attempts
		all.Upgrade5xx += r.Upgrade5xx
		all.OtherFail += r.OtherFail
		all.Wrong += r.Wrong
	}
	return all, nil
}

// stopWorkers tells the workers to quit and waits for them (killing any
// that does not end within 10 s).
func stopWorkers(ws []*workerProc) {
	for _, w := range ws {
		json.NewEncoder(w.in).Encode(workerCmd{Quit: true})
		w.in.Close()
	}
	for _, w := range ws {
		waitOrKill(w.cmd, 10*time.Second)
	}
}

// waitOrKill waits for cmd to exit, and kills it if it has not within d.
func waitOrKill(cmd *exec.Cmd, d time.Duration) {
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(d):
		cmd.Process.Kill()
		<-exited
	}
}
