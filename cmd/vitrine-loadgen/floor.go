package main

// The kernel floor (-floor): as many loopback sockets as there are players
// carry the same messages through a server that has the hub's design and
// nothing else — a fixed pool of writers writing each socket's message with
// one writev (net.Buffers on a *net.TCPConn, a header and a body shared by
// every socket), one goroutine per socket reading its answer through a
// 512-byte bufio.Reader (the read that returns the answer and the one that
// finds nothing before the goroutine parks). Its CPU per socket per push is
// what the kernel and Go's poller cost on this machine; the server's CPU
// per player above it is the hub's own.
//
// The floor is measured beside the hub, not after it: one round after each
// schedule save, with that save's playlist size, once the servers are
// quiet again. The host's load moves over a run (the floor of one machine
// has read 12.3 and 16.1 µs a minute apart), and a round between two saves
// meets what they meet.
//
// The floor's server is this binary run with -floor-server, a process of
// its own as the real server is (its CPU is measured apart from anyone
// else's). The other end of its sockets is a third process, this binary
// run with -floor-clients: the generator's open files are capped per
// process, and its players are still connected. Each is handed a floorJob
// on standard input, one JSON line, and answers with floorReport lines on
// standard output; the server then takes a line "push N" per round (N the
// message's bytes) and answers each with its CPU. Both exit when their
// standard input closes.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
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

// floorJob is what the floor's server and its clients are given.
type floorJob struct {
	Sockets int    `json:"sockets"`
	Answer  int    `json:"answer"`         // bytes of each socket's answer to a message
	Addr    string `json:"addr,omitempty"` // the clients': the server's address
}

// floorReport is a floor process's answer to a step: where the server
// listens, then that every socket is accepted (the server) or connected
// (the clients), then the server's CPU for each push.
type floorReport struct {
	Addr      string `json:"addr,omitempty"`
	Accepted  int    `json:"accepted,omitempty"`
	Connected int    `json:"connected,omitempty"`
	// CPU is the server's own CPU time (user + system, every thread) from
	// the push until every socket's answer was read, in ns.
	CPU   int64  `json:"cpu,omitempty"`
	Error string `json:"error,omitempty"`
}

// floorResult is what the floor measured.
type floorResult struct {
	sockets, answer int
	messages        []int           // each round's message, in bytes
	cpu             []time.Duration // the floor server's CPU per round
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

// message is the rounds' message size, on average.
func (f floorResult) message() int {
	if len(f.messages) == 0 {
		return 0
	}
	sum := 0
	for _, m := range f.messages {
		sum += m
	}
	return (sum + len(f.messages)/2) / len(f.messages)
}

// textHeaderOf is the header of a whole, unmasked WebSocket text message of
// n bytes (RFC 6455, 5.2), as the hub writes it before a playlist.
func textHeaderOf(n int) []byte { return appendFrameHeader(nil, 0x1, false, n) }

// maskedFrameLen is the length on the wire of a client's (masked) text
// frame of n bytes: its header, the 4-byte mask key and the payload.
func maskedFrameLen(n int) int {
	return len(textHeaderOf(n)) + 4 + n
}

// floorCommands are this binary as the floor's server and as its clients.
func floorCommands() (server, clients *exec.Cmd, err error) {
	self, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	return exec.Command(self, "-floor-server"), exec.Command(self, "-floor-clients"), nil
}

// playlistSizes are the bytes of the players' last saves' playlists: their
// mean, the least and the most.
func playlistSizes(players []*player) (mean, least, most int) {
	sum, least := 0, math.MaxInt
	for _, p := range players {
		p.mu.Lock()
		sum += p.playlistLen
		least, most = min(least, p.playlistLen), max(most, p.playlistLen)
		p.mu.Unlock()
	}
	if len(players) == 0 {
		return 0, 0, 0
	}
	return (sum + len(players)/2) / len(players), least, most
}

// playersFloor starts the kernel floor beside the players: a socket per
// player, answered with the players' ack (the hash of the schedule they
// have), warmed up with the playlist they have.
func playersFloor(ctx context.Context, players []*player, timeout time.Duration) (*floor, error) {
	if len(players) == 0 {
		return nil, errors.New("floor: no players")
	}
	hash, _ := players[0].state()
	job := floorJob{Sockets: len(players), Answer: maskedFrameLen(len(ackFrame(hash, nil)))}
	warm, least, most := playlistSizes(players)
	logf("floor: %d sockets, answers of %d bytes, a round after each save with its playlist's size (now %d bytes, %d–%d)",
		job.Sockets, job.Answer, warm, least, most)
	server, clients, err := floorCommands()
	if err != nil {
		return nil, err
	}
	return startFloor(ctx, server, clients, job, warm, timeout)
}

// awaitQuiet waits, up to limit, until the servers use no more than two
// clock ticks of CPU in a second: a push's last acks and writes are done,
// and the idle players' acks are all that is left.
func awaitQuiet(ctx context.Context, servers []*server, limit time.Duration) bool {
	for end := time.Now().Add(limit); time.Now().Before(end); {
		c0 := totalCPU(servers)
		if !sleep(ctx, time.Second) {
			return false
		}
		if totalCPU(servers)-c0 <= 2*clockTick {
			break
		}
	}
	return ctx.Err() == nil
}

// floorChild is one of the floor's processes, with its reports.
type floorChild struct {
	name    string
	cmd     *exec.Cmd
	in      io.WriteCloser
	reports chan floorReport // its reports but errors
	failed  chan error       // its first error, or that it ended
	stop    chan struct{}
}

func startFloorChild(name string, cmd *exec.Cmd, job floorJob) (*floorChild, error) {
	in, out, err := startChild(cmd)
	if err != nil {
		return nil, fmt.Errorf("the floor's %s: %w", name, err)
	}
	c := &floorChild{name: name, cmd: cmd, in: in, reports: make(chan floorReport),
		failed: make(chan error, 1), stop: make(chan struct{})}
	go func() {
		dec := json.NewDecoder(out)
		for {
			var r floorReport
			if err := dec.Decode(&r); err != nil {
				c.failed <- fmt.Errorf("the floor's %s ended (its errors are on standard error)", name)
				return
			}
			if r.Error != "" {
				c.failed <- fmt.Errorf("the floor's %s: %s", name, r.Error)
				return
			}
			select {
			case c.reports <- r:
			case <-c.stop:
				return
			}
		}
	}()
	if err := json.NewEncoder(in).Encode(job); err != nil {
		c.end()
		return nil, fmt.Errorf("the floor's %s: %w", name, err)
	}
	return c, nil
}

// end closes the process's standard input, which ends it, and kills it if
// it is still there 2 s later.
func (c *floorChild) end() {
	close(c.stop)
	c.in.Close()
	waitOrKill(c.cmd, 2*time.Second)
}

// floor is a running kernel floor: its server and its clients, connected.
type floor struct {
	job             floorJob
	server, clients *floorChild
	timeout         time.Duration
	res             floorResult
	proc0           time.Duration // the server's CPU (/proc) before the first round
}

// next is c's next report; either process's failure ends the wait.
func (f *floor) next(ctx context.Context, c *floorChild, what string) (floorReport, error) {
	var clientsFailed chan error
	if f.clients != nil {
		clientsFailed = f.clients.failed
	}
	select {
	case r := <-c.reports:
		return r, nil
	case err := <-f.server.failed:
		return floorReport{}, fmt.Errorf("floor, before %s: %w", what, err)
	case err := <-clientsFailed:
		return floorReport{}, fmt.Errorf("floor, before %s: %w", what, err)
	case <-time.After(f.timeout):
		return floorReport{}, fmt.Errorf("floor: no %s within %s", what, f.timeout)
	case <-ctx.Done():
		return floorReport{}, ctx.Err()
	}
}

// startFloor starts the floor's server and its clients (serverCmd and
// clientsCmd, this binary with -floor-server and -floor-clients), has them
// open job.Sockets connections, and pushes a message of warm bytes once,
// not counted: the hub's sockets have carried several playlists by the time
// they are measured. timeout bounds each step. close ends both.
func startFloor(ctx context.Context, serverCmd, clientsCmd *exec.Cmd, job floorJob, warm int, timeout time.Duration) (*floor, error) {
	if job.Sockets < 1 || job.Answer < 1 || warm < 1 {
		return nil, fmt.Errorf("floor: sockets, answer and message must be at least 1 (%+v, message %d)", job, warm)
	}
	f := &floor{job: job, timeout: timeout, res: floorResult{sockets: job.Sockets, answer: job.Answer}}
	var err error
	if f.server, err = startFloorChild("server", serverCmd, job); err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		if !ok {
			f.close()
		}
	}()
	r, err := f.next(ctx, f.server, "its address")
	if err != nil {
		return nil, err
	}
	logf("floor: server (pid %d) on %s; opening %d sockets from a process of their own", serverCmd.Process.Pid, r.Addr, job.Sockets)
	job.Addr = r.Addr
	if f.clients, err = startFloorChild("clients", clientsCmd, job); err != nil {
		return nil, err
	}
	if r, err = f.next(ctx, f.clients, "every socket connected"); err != nil {
		return nil, err
	}
	if r.Connected != job.Sockets {
		return nil, fmt.Errorf("floor: the clients connected %d sockets, want %d", r.Connected, job.Sockets)
	}
	if r, err = f.next(ctx, f.server, "every socket accepted"); err != nil {
		return nil, err
	}
	if r.Accepted != job.Sockets {
		return nil, fmt.Errorf("floor: the server accepted %d sockets, want %d", r.Accepted, job.Sockets)
	}
	if _, err := f.push(ctx, warm, "the warm-up push"); err != nil {
		return nil, err
	}
	f.proc0, _ = procCPU(strconv.Itoa(serverCmd.Process.Pid))
	ok = true
	return f, nil
}

// push has the server write a message of n bytes to every socket and
// returns its CPU until every answer was read.
func (f *floor) push(ctx context.Context, n int, what string) (time.Duration, error) {
	if n < 1 {
		return 0, fmt.Errorf("floor: %s: a message of %d bytes", what, n)
	}
	if _, err := fmt.Fprintf(f.server.in, "push %d\n", n); err != nil {
		return 0, err
	}
	r, err := f.next(ctx, f.server, what+"'s answers")
	if err != nil {
		return 0, err
	}
	if r.CPU <= 0 {
		return 0, fmt.Errorf("floor: %s: the server reported no CPU time", what)
	}
	return time.Duration(r.CPU), nil
}

// round is a measured push of n bytes, the message of the save before it.
func (f *floor) round(ctx context.Context, n int) error {
	what := fmt.Sprintf("round %d", len(f.res.cpu)+1)
	cpu, err := f.push(ctx, n, what)
	if err != nil {
		return err
	}
	f.res.cpu = append(f.res.cpu, cpu)
	f.res.messages = append(f.res.messages, n)
	logf("floor %s (%d-byte messages): server CPU %s = %s per socket", what, n, ms(cpu), perPlayer(cpu, f.job.Sockets))
	return nil
}

// close ends the floor's processes (once; closing it again does nothing),
// logging the server's CPU over the
// rounds as /proc counts it (in 10-ms ticks, the gaps included), a check
// on its own figures.
func (f *floor) close() {
	if f.server != nil && len(f.res.cpu) > 0 {
		if proc, err := procCPU(strconv.Itoa(f.server.cmd.Process.Pid)); err == nil {
			var sum time.Duration
			for _, d := range f.res.cpu {
				sum += d
			}
			logf("floor: server CPU over the %d rounds: %s (its own count, pushes only), %s (/proc, gaps included)",
				len(f.res.cpu), ms(sum), ms(proc-f.proc0))
		}
	}
	if f.clients != nil {
		f.clients.end()
		f.clients = nil
	}
	if f.server != nil {
		f.server.end()
		f.server = nil
	}
}

// runFloorServer is the -floor-server mode.
func runFloorServer() error {
	if _, err := raiseNoFile(0); err != nil {
		return err
	}
	return floorServe(os.Stdin, os.Stdout)
}

// runFloorClients is the -floor-clients mode.
func runFloorClients() error {
	if _, err := raiseNoFile(0); err != nil {
		return err
	}
	return floorClients(os.Stdin, os.Stdout)
}

// floorClients is the other end of the floor's sockets: it reads its job
// from stdin, opens the job's sockets to its address and reports, then
// answers every message on each socket with job.Answer bytes, as a player
// acks a playlist. It reports a socket's failure and returns when stdin
// closes.
func floorClients(stdin io.Reader, stdout io.Writer) error {
	in := bufio.NewReader(stdin)
	out := json.NewEncoder(stdout)
	job, err := readCommand[floorJob](in)
	if err != nil {
		return err
	}
	if job.Sockets < 1 || job.Answer < 1 || job.Addr == "" {
		return out.Encode(floorReport{Error: fmt.Sprintf("a job of %+v", job)})
	}
	var closing atomic.Bool
	var once sync.Once
	fail := func(err error) {
		if closing.Load() {
			return
		}
		once.Do(func() { out.Encode(floorReport{Error: err.Error()}) })
	}
	conns := make([]net.Conn, 0, job.Sockets)
	defer func() {
		closing.Store(true)
		for _, c := range conns {
			c.Close()
		}
	}()
	answer := bytes.Repeat([]byte{'a'}, job.Answer)
	d := net.Dialer{Timeout: 30 * time.Second}
	for range job.Sockets {
		c, err := d.Dial("tcp", job.Addr)
		if err != nil {
			return out.Encode(floorReport{Error: fmt.Sprintf("connect socket %d of %d: %v", len(conns)+1, job.Sockets, err)})
		}
		conns = append(conns, c)
		go func() {
			if err := answerMessages(bufio.NewReader(c), c, answer); err != nil {
				fail(err)
			}
		}()
	}
	if err := out.Encode(floorReport{Connected: len(conns)}); err != nil {
		return err
	}
	io.Copy(io.Discard, in) // until the parent closes stdin
	return nil
}

// answerMessages reads whole, unmasked text messages from r — a header of
// 2, 4 or 10 bytes and its payload — and writes answer to w after each.
func answerMessages(r *bufio.Reader, w io.Writer, answer []byte) error {
	var head [8]byte
	for {
		if _, err := io.ReadFull(r, head[:2]); err != nil {
			return err
		}
		if head[0] != 0x81 || head[1]&0x80 != 0 {
			return fmt.Errorf("a message began with % x, want a whole unmasked text message", head[:2])
		}
		n := int(head[1] & 0x7f)
		switch n {
		case 126:
			if _, err := io.ReadFull(r, head[:2]); err != nil {
				return err
			}
			n = int(binary.BigEndian.Uint16(head[:2]))
		case 127:
			if _, err := io.ReadFull(r, head[:8]); err != nil {
				return err
			}
			n = int(binary.BigEndian.Uint64(head[:8]))
		}
		if _, err := r.Discard(n); err != nil {
			return err
		}
		if _, err := w.Write(answer); err != nil {
			return err
		}
	}
}

// floorServe is the floor's server: it reads its job from stdin, listens on
// a loopback port, accepts the job's sockets and then, for each line
// "push N", writes a message of N bytes to every socket through the writer
// pool and reports once every socket's answer has been read. It returns
// when stdin closes.
func floorServe(stdin io.Reader, stdout io.Writer) error {
	in := bufio.NewReader(stdin)
	out := json.NewEncoder(stdout)
	job, err := readCommand[floorJob](in)
	if err != nil {
		return err
	}
	if job.Sockets < 1 || job.Answer < 1 {
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
	// The writer pool: a push's header and body are shared by every
	// socket, never copied; each writer hands the socket its own two-slice
	// list.
	type write struct {
		c          *net.TCPConn
		head, body []byte
	}
	work := make(chan write, len(all))
	defer close(work)
	for range floorWriters {
		go func() {
			scratch := make(net.Buffers, 0, 2)
			for w := range work {
				bufs := append(scratch[:0], w.head, w.body)
				if _, err := bufs.WriteTo(w.c); err != nil {
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
		size, ok := strings.CutPrefix(cmd, "push ")
		n, err := strconv.Atoi(size)
		if !ok || err != nil || n < 1 {
			return out.Encode(floorReport{Error: fmt.Sprintf("unknown command %q", cmd)})
		}
		// Made before the clock starts: the hub's playlist is made once
		// per save too, and its CPU is the save's, not the sockets'.
		head, body := textHeaderOf(n), bytes.Repeat([]byte{'m'}, n)
		cpu0, err := selfRusage()
		if err != nil {
			return out.Encode(floorReport{Error: err.Error()})
		}
		for _, c := range all {
			work <- write{c, head, body}
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
