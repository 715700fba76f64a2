package httpapi

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestADeadlineNobodyWaitsOnArmsNoTimer(t *testing.T) {
	c := withDeadline(context.Background(), time.Now().Add(time.Hour))
	if d, ok := c.Deadline(); !ok || time.Until(d) < 59*time.Minute {
		t.Fatalf("deadline %v %v", d, ok)
	}
	if c.Err() != nil || c.timer != nil || c.done != nil {
		t.Fatalf("armed before anything waited: err %v, timer %v", c.Err(), c.timer)
	}
	c.release()
	if !errors.Is(c.Err(), context.Canceled) {
		t.Fatalf("after the request: %v", c.Err())
	}
	select {
	case <-c.Done():
	default:
		t.Fatal("Done asked after the request is not closed")
	}
}

func TestADeadlineEndsWhatWaitsOnIt(t *testing.T) {
	c := withDeadline(context.Background(), time.Now().Add(50*time.Millisecond))
	defer c.release()
	// A database call derives its own context, as database/sql does.
	child, cancel := context.WithCancel(c)
	defer cancel()
	select {
	case <-child.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the deadline did not end the call")
	}
	if !errors.Is(child.Err(), context.DeadlineExceeded) || !expired(c) || !expired(context.WithValue(c, struct{}{}, 1)) {
		t.Fatalf("child %v, expired %v", child.Err(), expired(c))
	}
}

func TestADeadlinePastBeforeAnythingWaitedIsTold(t *testing.T) {
	c := withDeadline(context.Background(), time.Now().Add(-time.Millisecond))
	defer c.release()
	if !errors.Is(c.Err(), context.DeadlineExceeded) || !expired(c) {
		t.Fatalf("err %v", c.Err())
	}
	select {
	case <-c.Done():
	default:
		t.Fatal("a past deadline's Done is open")
	}
}

func TestADeadlineFollowsTheRequestsEnd(t *testing.T) {
	parent, cancel := context.WithCancel(context.Background())
	c := withDeadline(parent, time.Now().Add(time.Hour))
	defer c.release()
	done := c.Done()
	cancel() // the client went away
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the request's end did not reach the bound")
	}
	if !errors.Is(c.Err(), context.Canceled) || expired(c) {
		t.Fatalf("err %v, expired %v", c.Err(), expired(c))
	}
	if expired(context.Background()) {
		t.Fatal("a context without a bound expired")
	}
}

func TestReleasingAnArmedDeadlineStopsItsTimer(t *testing.T) {
	c := withDeadline(context.Background(), time.Now().Add(time.Hour))
	done := c.Done()
	c.release()
	<-done
	if c.timer.Stop() {
		t.Fatal("the timer still runs after the request")
	}
	if !errors.Is(c.Err(), context.Canceled) || expired(c) {
		t.Fatalf("err %v", c.Err())
	}
}
