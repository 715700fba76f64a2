package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// floorServerEnv and floorClientsEnv make the test binary, run again by a
// test, the floor's server or its clients (what -floor-server and
// -floor-clients are to the command).
const (
	floorServerEnv  = "VITRINE_LOADGEN_FLOOR_SERVER"
	floorClientsEnv = "VITRINE_LOADGEN_FLOOR_CLIENTS"
)

func TestMain(m *testing.M) {
	for env, run := range map[string]func() error{floorServerEnv: runFloorServer, floorClientsEnv: runFloorClients} {
		if os.Getenv(env) == "1" {
			if err := run(); err != nil {
				fmt.Fprintln(os.Stderr, env+":", err)
				os.Exit(1)
			}
			os.Exit(0)
		}
	}
	os.Exit(m.Run())
}

// floorCmd is the test binary as one of the floor's processes, a process
// of its own as in a run.
func floorCmd(env string) *exec.Cmd {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), env+"=1")
	return cmd
}

func TestFloorEndToEnd(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	server, clients := floorCmd(floorServerEnv), floorCmd(floorClientsEnv)
	f, err := startFloor(ctx, server, clients, floorJob{Sockets: 50, Answer: maskedFrameLen(60)}, 953, 20*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	// Each size of header a message can have: 2, 4 and 10 bytes.
	for _, n := range []int{100, 953, 70000} {
		if err := f.round(ctx, n); err != nil {
			f.close()
			t.Fatal(err)
		}
	}
	f.close()
	f.close() // a second close does nothing
	res := f.res
	if len(res.cpu) != 3 {
		t.Fatalf("%d rounds measured, want 3", len(res.cpu))
	}
	for i, d := range res.cpu {
		if d <= 0 {
			t.Errorf("round %d: server CPU %v, want above zero", i+1, d)
		}
	}
	if res.mean() <= 0 || res.sockets != 50 || res.message() != (100+953+70000+1)/3 || res.answer != 66 {
		t.Errorf("result %+v (mean %v, message %d)", res, res.mean(), res.message())
	}
	// Both processes are gone once the floor is closed: their standard
	// input closed.
	for _, cmd := range []*exec.Cmd{server, clients} {
		if cmd.ProcessState == nil || !cmd.ProcessState.Exited() || !cmd.ProcessState.Success() {
			t.Errorf("%s did not exit by itself: %v", cmd.Env[len(cmd.Env)-1], cmd.ProcessState)
		}
	}
}

// A child that is not the floor's server or its clients (or dies) is
// reported, not waited for until the time-out.
func TestFloorChildGone(t *testing.T) {
	for _, gone := range []string{"server", "clients"} {
		t.Run(gone, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			notOne := exec.Command(os.Args[0], "-test.run=^$") // the test binary, running no test
			notOne.Stderr = io.Discard
			server, clients := floorCmd(floorServerEnv), notOne
			if gone == "server" {
				server, clients = notOne, floorCmd(floorClientsEnv)
			}
			start := time.Now()
			if f, err := startFloor(ctx, server, clients, floorJob{Sockets: 5, Answer: 66}, 953, 20*time.Second); err == nil {
				f.close()
				t.Fatal("a floor without its " + gone + " started")
			} else if !strings.Contains(err.Error(), gone) {
				t.Errorf("the error does not name the %s: %v", gone, err)
			}
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("a child that ended at once took %s to notice", took)
			}
			if server.ProcessState == nil && server.Process != nil {
				t.Error("the server was left running")
			}
		})
	}
}

// The clients answer each message whatever its header's size, and refuse
// what a server never sends them.
func TestAnswerMessages(t *testing.T) {
	var in bytes.Buffer
	for _, n := range []int{0, 125, 126, 65535, 65536} {
		in.Write(textHeaderOf(n))
		in.Write(bytes.Repeat([]byte{'m'}, n))
	}
	var out bytes.Buffer
	err := answerMessages(bufio.NewReader(&in), &out, []byte("ack"))
	if err != io.EOF {
		t.Errorf("after the last message: %v, want io.EOF", err)
	}
	if got := out.String(); got != strings.Repeat("ack", 5) {
		t.Errorf("answers %q, want five", got)
	}
	masked := appendFrameHeader(nil, 0x1, true, 3)
	if err := answerMessages(bufio.NewReader(bytes.NewReader(append(masked, "abcdefg"...))), io.Discard, nil); err == nil || err == io.EOF {
		t.Errorf("a masked frame: %v, want an error", err)
	}
}

func TestFrameSizes(t *testing.T) {
	for _, c := range []struct{ n, head, masked int }{{60, 2, 66}, {125, 2, 131}, {126, 4, 134}, {953, 4, 961}, {70000, 10, 70014}} {
		if got := len(textHeaderOf(c.n)); got != c.head {
			t.Errorf("textHeaderOf(%d) is %d bytes, want %d", c.n, got, c.head)
		}
		if got := maskedFrameLen(c.n); got != c.masked {
			t.Errorf("maskedFrameLen(%d) = %d, want %d", c.n, got, c.masked)
		}
	}
}
