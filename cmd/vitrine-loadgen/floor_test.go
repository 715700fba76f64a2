package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"testing"
	"time"
)

// floorServerEnv makes the test binary, run again by a test, the floor's
// server (what -floor-server is to the command).
const floorServerEnv = "VITRINE_LOADGEN_FLOOR_SERVER"

func TestMain(m *testing.M) {
	if os.Getenv(floorServerEnv) == "1" {
		if err := runFloorServer(); err != nil {
			fmt.Fprintln(os.Stderr, "floor server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// floorServerCmd is the test binary as the floor's server, a process of
// its own as in a run.
func floorServerCmd() *exec.Cmd {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), floorServerEnv+"=1")
	return cmd
}

func TestFloorEndToEnd(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	job := floorJob{Sockets: 50, Message: 953, Answer: maskedFrameLen(60)}
	cmd := floorServerCmd()
	res, err := measureFloor(ctx, cmd, job, 2, 100*time.Millisecond, 20*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.cpu) != 2 {
		t.Fatalf("%d rounds measured, want 2", len(res.cpu))
	}
	for i, d := range res.cpu {
		if d <= 0 {
			t.Errorf("round %d: server CPU %v, want above zero", i+1, d)
		}
	}
	if res.mean() <= 0 || res.sockets != 50 || res.message != 953 || res.header != 4 || res.answer != 66 {
		t.Errorf("result %+v (mean %v)", res, res.mean())
	}
	// The server is gone once measureFloor returns: its standard input closed.
	if cmd.ProcessState == nil || !cmd.ProcessState.Exited() || !cmd.ProcessState.Success() {
		t.Errorf("the floor's server did not exit by itself: %v", cmd.ProcessState)
	}
}

// A child that is not the floor's server (or dies) is reported, not
// waited for until the time-out.
func TestFloorServerGone(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.Command(os.Args[0], "-test.run=^$") // the test binary, running no test
	cmd.Stderr = io.Discard
	start := time.Now()
	if _, err := measureFloor(ctx, cmd, floorJob{Sockets: 5, Message: 953, Answer: 66}, 1, 0, 20*time.Second); err == nil {
		t.Fatal("a process that is not the floor's server measured")
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("a child that ended at once took %s to notice", took)
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
