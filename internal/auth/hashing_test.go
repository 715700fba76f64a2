package auth

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// However many logins arrive at once, no more hashes run at a time than
// there are cores, so argon2's memory stays bounded.
func TestPasswordHashingIsBoundedByTheCores(t *testing.T) {
	s := &Service{hashing: make(chan struct{}, max(1, runtime.GOMAXPROCS(0))), hashWait: time.Minute}
	var running, most atomic.Int32
	var wg sync.WaitGroup
	for range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := s.withHashSlot(context.Background(), func() {
				n := running.Add(1)
				for {
					m := most.Load()
					if n <= m || most.CompareAndSwap(m, n) {
						break
					}
				}
				time.Sleep(2 * time.Millisecond)
				running.Add(-1)
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if got, limit := most.Load(), int32(cap(s.hashing)); got > limit || got < 1 {
		t.Fatalf("%d hashes ran at once, the bound is %d", got, limit)
	}
}

func TestAQueuedPasswordCheckGivesUpWithBusy(t *testing.T) {
	s := &Service{hashing: make(chan struct{}, 1), hashWait: 20 * time.Millisecond}
	s.hashing <- struct{}{} // every slot taken
	_, err := s.checkPassword(context.Background(), dummyHash(), "x")
	if !errors.Is(err, ErrBusy) {
		t.Fatalf("err = %v, want ErrBusy", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s.hashWait = time.Minute
	if _, err := s.hashPassword(ctx, "Senha#Forte1"); !errors.Is(err, context.Canceled) {
		t.Fatalf("a caller that went away: err = %v", err)
	}
}
