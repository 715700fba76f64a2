package httpapi

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"vitrine/internal/auth"
	"vitrine/internal/change"
	"vitrine/internal/fault"
)

// A kept answer is served for snapshotTrust after the database last
// confirmed its revision. Past half of it, one call (not every call) is
// asked to confirm it in the background, and the others are served
// meanwhile. Past the trust, one call is asked to confirm it and the others
// wait for that confirmation. A confirmation extends the trust, one that
// finds the revision moved on ends the answer, and one that fails leaves
// the answer to its trust's end.
func TestKeptAnswerIsConfirmedOnceForEveryCall(t *testing.T) {
	var c snapshotCache
	key := snapshotKey{"franquia", "stores"}
	t0 := time.Now()
	e := &snapshot{revision: 5, ready: make(chan struct{}), checked: t0}
	close(e.ready)
	c.entries = map[snapshotKey]*snapshot{key: e}
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	expect := func(now time.Time, want keptUse) <-chan struct{} {
		t.Helper()
		got, use, confirmed := c.fresh(key, now)
		if use != want || (use != keptNone) != (got == e) || (confirmed != nil) != (use > keptServe) {
			t.Fatalf("at +%v: %v (answer %v, confirmation %v), want %v", now.Sub(t0), use, got == e, confirmed != nil, want)
		}
		return confirmed
	}
	ended := func(confirmed <-chan struct{}) bool {
		select {
		case <-confirmed:
			return true
		default:
			return false
		}
	}

	expect(at(snapshotTrust/4), keptServe)
	background := expect(at(snapshotTrust*3/4), keptConfirm)
	expect(at(snapshotTrust*3/4), keptServe) // being confirmed: nobody else asked
	expect(at(snapshotTrust), keptWait)      // the trust ran out: wait for the one in flight
	// A confirmation that failed: nothing served on its word, the next call past the trust asked.
	c.confirmed(e, 0, at(snapshotTrust*3/4), errors.New("banco fora do ar"))
	if !ended(background) {
		t.Fatal("the waiters of a failed confirmation were not woken")
	}
	check := expect(at(snapshotTrust), keptCheck)
	waiting := expect(at(snapshotTrust), keptWait)
	if check != waiting {
		t.Fatal("a waiter waits on another confirmation than the one in flight")
	}
	// Confirmed at the same revision: trusted from the read on.
	c.confirmed(e, 5, at(snapshotTrust), nil)
	if !ended(waiting) {
		t.Fatal("the waiters of a confirmation were not woken")
	}
	expect(at(snapshotTrust*5/4), keptServe)
	expect(at(snapshotTrust*7/4), keptConfirm)
	// The revision moved on without a signal: the answer is not served again.
	c.confirmed(e, 6, at(snapshotTrust*7/4), nil)
	expect(at(snapshotTrust*7/4), keptNone)
}

// A kept caller is trusted for principalTrust after it was read. Past half
// of it, one call is asked to read it again in the background; the read
// replaces it, a session no longer valid drops it, a read that failed leaves
// it to its trust's end, and a read that raced a session's end is not kept.
func TestKeptCallerIsReadAgainBeforeItsTrustRunsOut(t *testing.T) {
	var c principalCache
	t0 := time.Now()
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	const hash = "hash-da-sessao"
	caller := func(name string) *auth.Principal {
		return &auth.Principal{TokenHash: hash, UserID: "ana", Name: name, ExpiresAt: t0.Add(time.Hour)}
	}
	expect := func(now time.Time, name string, renew bool) uint64 {
		t.Helper()
		p, ended, asked := c.get([]byte(hash), now, now)
		got := ""
		if p != nil {
			got = p.Name
		}
		if got != name || asked != renew {
			t.Fatalf("at +%v: caller %q, asked to read again %v; want %q, %v", now.Sub(t0), got, asked, name, renew)
		}
		return ended
	}

	ended := expect(t0, "", false)
	c.put(caller("Ana"), t0, ended)
	expect(at(principalTrust/4), "Ana", false)
	ended = expect(at(principalTrust*3/4), "Ana", true)
	expect(at(principalTrust*3/4), "Ana", false)
	// Read again: the new read is kept, trusted from when it began.
	c.renewed(hash, caller("Ana Souza"), at(principalTrust*3/4), ended, nil)
	expect(at(principalTrust), "Ana Souza", false)
	// A read that failed: kept until the trust runs out.
	ended = expect(at(principalTrust*3/2), "Ana Souza", true)
	c.renewed(hash, nil, at(principalTrust*3/2), ended, errors.New("banco fora do ar"))
	expect(at(principalTrust*3/2), "Ana Souza", true)
	expect(at(principalTrust*7/4), "", false)

	// A session ended while it was read again: the read is not kept.
	c.put(caller("Ana"), at(2*principalTrust), ended)
	ended = expect(at(principalTrust*5/2+time.Millisecond), "Ana", true)
	c.forget(change.Change{Ended: &change.Ended{Sessions: []string{"outra-sessao"}}})
	c.renewed(hash, caller("Ana"), at(principalTrust*5/2), ended, nil)
	expect(at(principalTrust*5/2), "Ana", true) // the entry read before stays until its trust's end

	// A session no longer valid is dropped at once.
	c.renewed(hash, nil, at(principalTrust*5/2), ended, fault.ErrUnauthorized)
	expect(at(principalTrust*5/2), "", false)
}

// revisionsRead is a franchise's revision as the database would give it,
// counting its reads; fail makes them fail.
type revisionsRead struct {
	mu    sync.Mutex
	rev   int64
	fail  bool
	reads int
	delay time.Duration
}

func (r *revisionsRead) Revision(ctx context.Context, franchiseID string) (int64, error) {
	time.Sleep(r.delay)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reads++
	if r.fail {
		return 0, errors.New("banco fora do ar")
	}
	return r.rev, nil
}

func (r *revisionsRead) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reads
}

// Calls that find a kept answer's trust run out share one read of the
// revision; when that read fails they go without the kept answer, and the
// next calls past the trust read it again rather than wait for a
// confirmation that never ends.
func TestCallsPastTheTrustShareOneReadOfTheRevision(t *testing.T) {
	var c snapshotCache
	key := snapshotKey{"franquia", "stores"}
	e := &snapshot{revision: 5, ready: make(chan struct{}), checked: time.Now().Add(-2 * snapshotTrust)}
	close(e.ready)
	c.entries = map[snapshotKey]*snapshot{key: e}
	db := &revisionsRead{rev: 5, delay: 20 * time.Millisecond}

	var wg sync.WaitGroup
	served := make(chan *snapshot, 20)
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			served <- c.kept(context.Background(), key, db)
		}()
	}
	wg.Wait()
	close(served)
	for got := range served {
		if got != e {
			t.Fatal("a call past the trust was not served the confirmed answer")
		}
	}
	if n := db.count(); n != 1 {
		t.Fatalf("%d reads of the revision for 20 calls past the trust, want 1", n)
	}

	// The database fails: the call goes without the kept answer, in time.
	c.mu.Lock()
	e.checked = time.Now().Add(-2 * snapshotTrust)
	c.mu.Unlock()
	db.mu.Lock()
	db.fail = true
	db.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if got := c.kept(ctx, key, db); got != nil {
		t.Fatal("served a kept answer whose revision could not be confirmed")
	}
	if ctx.Err() != nil {
		t.Fatal("a call waited for a confirmation that never ended")
	}
	// Every confirmation started ends: the database back, the next call is served.
	db.mu.Lock()
	db.fail = false
	db.mu.Unlock()
	deadline := time.Now().Add(5 * time.Second)
	for c.kept(ctx, key, db) != e {
		if time.Now().After(deadline) {
			t.Fatal("the kept answer was not served again once the database answered")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if ctx.Err() != nil {
		t.Fatal("a call waited for a confirmation that never ended")
	}
}
