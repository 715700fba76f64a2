package main

// The kernel floor (-floor): once the players are gone, the same number of
// loopback sockets carry the same messages through a server that has the
// hub's design and nothing else — a fixed pool of writers writing each
// socket's message with one writev (net.Buffers on a *net.TCPConn, a header
// and a body shared by every socket), one goroutine per socket reading its
// answer through a 512-byte bufio.Reader (the read that returns the answer
// and the one that finds nothing before the goroutine parks). Its CPU per
// socket per push is what the kernel and Go's poller cost on this machine;
// the server's CPU per player above it is the hub's own.
//
// The floor's server is this binary run with -floor-server, a process of
// its own as the real server is (its CPU is measured apart from the
// generator's, which opens the other end of every socket). The parent
// hands it a floorJob on standard input, one JSON line, and then a line
// "push" per round; the server answers one floorReport line per step on
// standard output, and exits when its standard input closes.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// The hub's design (internal/hub): Options.Writers and ioBufferSize.
const (
	floorWriters    = 64
	floorReadBuffer = 512
)

// floorRounds are the pushes the floor is measured over, floorGap apart.
const (
	floorRounds = 5
	floorGap    = time.Second
)

// floorJob is what the floor's server is given.
type floorJob struct {
	Sockets int `json:"sockets"`
	Message int `json:"message"` // bytes of each push's message, its header apart
	Answer  int `json:"answer"`  // bytes of each socket's answer to it
}

// floorReport is the floor's server's answer to a step: where it listens,
// then that every socket is accepted, then one per push.
type floorReport struct {
	Addr     string `json:"addr,omitempty"`
	Accepted int    `json:"accepted,omitempty"`
	// CPU is the server's own CPU time (user + system, every thread) from
	// the push until every socket's answer was read, in ns.
	CPU   int64  `json:"cpu,omitempty"`
	Error string `json:"error,omitempty"`
}

// floorResult is what the floor measured.
type floorResult struct {
	sockets, message, header, answer int
	cpu                              []time.Duration // the floor server's CPU per round
}

// mean is the floor server's CPU per round, on average.
func (f floorResult) mean() time.Duration {
	if len(f.cpu) == 0 {
		return 0
	}
	var sum time.Duration
	for _, d := range f.cpu {
		sum += d
	}
	return sum / time.Duration(len(f.cpu))
}

// textHeaderOf is the header of a whole, unmasked WebSocket text message of
// n bytes (RFC 6455, 5.2), as the hub writes it before a playlist.
func textHeaderOf(n int) []byte { return appendFrameHeader(nil, 0x1, false, n) }

// maskedFrameLen is the length on the wire of a client's (masked) text
// frame of n bytes: its header, the 4-byte mask key and the payload.
func maskedFrameLen(n int) int {
	return len(textHeaderOf(n)) + 4 + n
}

// floorCommand is this binary as the floor's server.
func floorCommand() (*exec.Cmd, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return exec.Command(self, "-floor-server"), nil
}

// playersFloor closes every player's socket (the generator's open files
// are capped per process: the floor's sockets take their place), waits
// until the servers are quiet, and measures the floor with the players'
// sizes: the last playlist each received and the ack it answers it with.
func playersFloor(ctx context.Context, players []*player, servers []*server, timeout time.Duration) (floorResult, error) {
	for _, p := range players {
		p.ws.Close()
	}
	deadline := time.After(30 * time.Second)
	for _, p := range players {
		select {
		case <-p.done:
		case <-deadline:
			return floorResult{}, fmt.Errorf("player %s: its reader did not end within 30 s of its socket's close", p.code)
		case <-ctx.Done():
			return floorResult{}, ctx.Err()
		}
	}
	// The servers release the sockets (and note the TVs offline): the floor
	// runs on the same cores, once they are done.
	logf("players closed; waiting for the servers to go quiet")
	for range 15 {
		c0 := totalCPU(servers)
		if !sleep(ctx, time.Second) {
			return floorResult{}, ctx.Err()
		}
		if totalCPU(servers)-c0 <= 2*clockTick {
			break
		}
	}
	sum, least, most := 0, math.MaxInt, 0
	for _, p := range players {
		p.mu.Lock()
		sum += p.playlistLen
		least, most = min(least, p.playlistLen), max(most, p.playlistLen)
		p.mu.Unlock()
	}
	hash, _ := players[0].state()
	job := floorJob{
		Sockets: len(players),
		Message: (sum + len(players)/2) / len(players), // the players' last saves' playlists, on average
		Answer:  maskedFrameLen(len(ackFrame(hash, nil))),
	}
	logf("floor: %d sockets, messages of %d bytes (the players' last saves' playlists: %d–%d), answers of %d bytes",
		job.Sockets, job.Message, least, most, job.Answer)
	cmd, err := floorCommand()
	if err != nil {
		return floorResult{}, err
	}
	return measureFloor(ctx, cmd, job, floorRounds, floorGap, timeout)
}

// measureFloor starts cmd as the floor's server, opens job.Sockets
// connections to it — each read by a goroutine of its own, which answers
// every message with job.Answer bytes — and pushes once to warm up, then
// rounds times, gap apart; timeout bounds each step. The server is ended on
// every path.
func measureFloor(ctx context.Context, cmd *exec.Cmd, job floorJob, rounds int, gap, timeout time.Duration) (floorResult, error) {
	res := floorResult{sockets: job.Sockets, message: job.Message, header: len(textHeaderOf(job.Message)), answer: job.Answer}
	if job.Sockets < 1 || job.Message < 1 || job.Answer < 1 {
		return res, fmt.Errorf("floor: sockets, message and answer must be at least 1 (%+v)", job)
	}
	in, out, err := startChild(cmd)
	if err != nil {
		return res, fmt.Errorf("the floor's server: %w", err)
	}
	stop := make(chan struct{})
	defer func() {
		close(stop)
		in.Close() // the server exits when its standard input closes
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		select {
		case <-exited:
		case <-time.After(2 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	}()
	reports := make(chan floorReport)
	go func() {
		defer close(reports)
		dec := json.NewDecoder(out)
		for {
			var r floorReport
			if err := dec.Decode(&r); err != nil {
				return
			}
			select {
			case reports <- r:
			case <-stop:
				return
			}
		}
	}()
	genFailed := make(chan error, 1) // the first generator socket's failure
	fail := func(err error) {
		select {
		case genFailed <- err:
		default:
		}
	}
	next := func(what string) (floorReport, error) {
		select {
		case r, ok := <-reports:
			if !ok {
				return r, fmt.Errorf("floor: the server ended before %s (its errors are on standard error)", what)
			}
			if r.Error != "" {
				return r, fmt.Errorf("floor: %s: %s", what, r.Error)
			}
			return r, nil
		case err := <-genFailed:
			return floorReport{}, fmt.Errorf("floor: a generator socket failed before %s: %w", what, err)
		case <-time.After(timeout):
			return floorReport{}, fmt.Errorf("floor: no %s within %s", what, timeout)
		case <-ctx.Done():
			return floorReport{}, ctx.Err()
		}
	}
	if err := json.NewEncoder(in).Encode(job); err != nil {
		return res, err
	}
	r, err := next("its address")
	if err != nil {
		return res, err
	}
	pid := cmd.Process.Pid
	logf("floor: server (pid %d) on %s; opening %d sockets", pid, r.Addr, job.Sockets)

	conns := make([]net.Conn, 0, job.Sockets)
	var wg sync.WaitGroup
	var closing atomic.Bool
	defer func() {
		closing.Store(true)
		for _, c := range conns {
			c.Close()
		}
		wg.Wait()
	}()
	head := textHeaderOf(job.Message)
	answer := bytes.Repeat([]byte{'a'}, job.Answer)
	d := net.Dialer{Timeout: 30 * time.Second}
	for range job.Sockets {
		c, err := d.DialContext(ctx, "tcp", r.Addr)
		if err != nil {
			return res, fmt.Errorf("floor: connect socket %d of %d: %w", len(conns)+1, job.Sockets, err)
		}
		conns = append(conns, c)
		wg.Add(1)
		go func() {
			defer wg.Done()
			br := bufio.NewReader(c)
			msg := make([]byte, len(head)+job.Message)
			for {
				if _, err := io.ReadFull(br, msg); err != nil {
					if !closing.Load() {
						fail(err)
					}
					return
				}
				if !bytes.Equal(msg[:len(head)], head) {
					fail(fmt.Errorf("a message began with % x, want % x", msg[:len(head)], head))
					return
				}
				if _, err := c.Write(answer); err != nil {
					if !closing.Load() {
						fail(err)
					}
					return
				}
			}
		}()
	}
	if r, err = next("every socket accepted"); err != nil {
		return res, err
	}
	if r.Accepted != job.Sockets {
		return res, fmt.Errorf("floor: the server accepted %d sockets, want %d", r.Accepted, job.Sockets)
	}
	push := func(what string) (time.Duration, error) {
		if _, err := io.WriteString(in, "push\n"); err != nil {
			return 0, err
		}
		r, err := next(what + "'s answers")
		if err != nil {
			return 0, err
		}
		if r.CPU <= 0 {
			return 0, fmt.Errorf("floor: %s: the server reported no CPU time", what)
		}
		return time.Duration(r.CPU), nil
	}
	// A first push, not counted, warms the sockets and the goroutines up:
	// the hub's have carried several playlists by the time it is measured.
	if _, err := push("the warm-up push"); err != nil {
		return res, err
	}
	proc0, _ := procCPU(strconv.Itoa(pid))
	for i := range rounds {
		if !sleep(ctx, gap) {
			return res, ctx.Err()
		}
		cpu, err := push(fmt.Sprintf("round %d", i+1))
		if err != nil {
			return res, err
		}
		res.cpu = append(res.cpu, cpu)
		logf("floor round %d: server CPU %s = %s per socket", i+1, ms(cpu), perPlayer(cpu, job.Sockets))
	}
	// A check on the server's own figures: its CPU over the rounds (the
	// gaps between them included) as /proc counts it, in 10-ms ticks.
	if proc, err := procCPU(strconv.Itoa(pid)); err == nil {
		var sum time.Duration
		for _, d := range res.cpu {
			sum += d
		}
		logf("floor: server CPU over the %d rounds: %s (its own count, pushes only), %s (/proc, gaps included)",
			len(res.cpu), ms(sum), ms(proc-proc0))
	}
	return res, nil
}

// runFloorServer is the -floor-server mode.
func runFloorServer() error {
	if _, err := raiseNoFile(0); err != nil {
		return err
	}
	return floorServe(os.Stdin, os.Stdout)
}

// floorServe is the floor's server: it reads its job from stdin, listens on
// a loopback port, accepts the job's sockets and then, for each line
// "push", writes the message to every socket through the writer pool and
// reports once every socket's answer has been read. It returns when stdin
// closes.
func floorServe(stdin io.Reader, stdout io.Writer) error {
	in := bufio.NewReader(stdin)
	out := json.NewEncoder(stdout)
	job, err := readCommand[floorJob](in)
	if err != nil {
		return err
	}
	if job.Sockets < 1 || job.Message < 1 || job.Answer < 1 {
		return out.Encode(floorReport{Error: fmt.Sprintf("a job of %+v", job)})
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return out.Encode(floorReport{Error: err.Error()})
	}
	defer ln.Close()
	// The parent's lines, read apart so that a closed stdin ends the
	// server whatever it is doing: it closes the listener and the sockets.
	cmds := make(chan string)
	quit := make(chan struct{}) // stdin closed
	done := make(chan struct{}) // the server returned
	defer close(done)
	go func() {
		defer close(quit)
		for {
			line, err := in.ReadString('\n')
			if err != nil {
				return
			}
			select {
			case cmds <- strings.TrimSpace(line):
			case <-done:
				return
			}
		}
	}()
	var mu sync.Mutex
	var conns []*net.TCPConn
	closeAll := func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		conns = nil
		mu.Unlock()
	}
	defer closeAll()
	go func() {
		select {
		case <-quit:
			closeAll()
		case <-done:
		}
	}()
	if err := out.Encode(floorReport{Addr: ln.Addr().String()}); err != nil {
		return err
	}
	for range job.Sockets {
		c, err := ln.Accept()
		if err != nil {
			select {
			case <-quit:
				return nil
			default:
			}
			return out.Encode(floorReport{Error: err.Error()})
		}
		mu.Lock()
		conns = append(conns, c.(*net.TCPConn))
		mu.Unlock()
	}
	mu.Lock()
	all := conns
	mu.Unlock()

	// Every answer read counts; a round is over once all of its answers
	// are (the sockets' answers arrive only after a push).
	var answers atomic.Int64
	roundDone := make(chan struct{}, 1)
	failed := make(chan error, 1)
	for _, c := range all {
		go func() {
			br := bufio.NewReaderSize(c, floorReadBuffer)
			buf := make([]byte, job.Answer)
			for {
				if _, err := io.ReadFull(br, buf); err != nil {
					select {
					case failed <- err:
					default:
					}
					return
				}
				if answers.Add(1)%int64(len(all)) == 0 {
					select {
					case roundDone <- struct{}{}:
					default:
					}
				}
			}
		}()
	}
	// The writer pool: the header and the body are shared by every socket,
	// never copied; each writer hands the socket its own two-slice list.
	head := textHeaderOf(job.Message)
	body := bytes.Repeat([]byte{'m'}, job.Message)
	work := make(chan *net.TCPConn, len(all))
	defer close(work)
	for range floorWriters {
		go func() {
			scratch := make(net.Buffers, 0, 2)
			for c := range work {
				bufs := append(scratch[:0], head, body)
				if _, err := bufs.WriteTo(c); err != nil {
					select {
					case failed <- err:
					default:
					}
				}
			}
		}()
	}
	if err := out.Encode(floorReport{Accepted: len(all)}); err != nil {
		return err
	}
	for {
		var cmd string
		select {
		case cmd = <-cmds:
		case <-quit:
			return nil
		}
		if cmd != "push" {
			return out.Encode(floorReport{Error: fmt.Sprintf("unknown command %q", cmd)})
		}
		cpu0, err := selfRusage()
		if err != nil {
			return out.Encode(floorReport{Error: err.Error()})
		}
		for _, c := range all {
			work <- c
		}
		select {
		case <-roundDone:
		case err := <-failed:
			return out.Encode(floorReport{Error: fmt.Sprintf("a socket failed: %v", err)})
		case <-quit:
			return nil
		}
		cpu, err := selfRusage()
		if err != nil {
			return out.Encode(floorReport{Error: err.Error()})
		}
		if err := out.Encode(floorReport{CPU: int64(cpu - cpu0)}); err != nil {
			return err
		}
	}
}

// selfRusage is the CPU time (user + system, every thread) this process
// has used, to the microsecond: /proc/PID/stat counts in 10-ms ticks, too
// coarse for a push to a few hundred sockets.
func selfRusage() (time.Duration, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, errors.New("getrusage: " + err.Error())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}
