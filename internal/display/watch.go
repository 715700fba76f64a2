package display

import (
	"context"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/tenant"
)

// WatchFor is how long a live view keeps its TV watched once opened: the
// replica holding the TV's connection records each schedule its player
// acknowledges at once, where an unwatched TV's hash rides on the status
// written every few minutes and on its close. An open live view renews
// its watch well within it.
const WatchFor = 2 * time.Minute

// watchAgain is how soon a replica announces the watch of a TV again: a
// connection the TV opened since (on another replica, after a restart) is
// watched within it.
const watchAgain = 30 * time.Second

// watchAnswer bounds the wait for the TV's replica to record its status
// when a live view starts watching it.
const watchAnswer = 1500 * time.Millisecond

// Watch starts (or renews) the live view's watch of the TV id of the store
// storeSlug, whose stored row is d, and returns its row as the live view
// should read it. Unless this replica announced it within watchAgain while
// the TV was online, the watch is announced to every replica and, for a TV
// online by the Offline rule, the call waits (at most watchAnswer) for the
// replica holding its connection to record its status with the hash its
// player last acknowledged. A TV offline is announced on every read: the
// connection it opens next is watched from the live view's next read (the
// console reads again when it hears the TV is back).
func (s *Service) Watch(ctx context.Context, t tenant.Tenant, storeSlug string, d Display) (Display, error) {
	now := s.now()
	offline := Offline(d.Connected, d.LastConnectionAck, now)
	s.watchMu.Lock()
	if s.watched == nil {
		s.watched = map[string]time.Time{}
	}
	fresh := now.Sub(s.watched[d.ID]) >= watchAgain
	if fresh && !offline {
		for id, at := range s.watched {
			if now.Sub(at) >= WatchFor {
				delete(s.watched, id)
			}
		}
		s.watched[d.ID] = now
	}
	s.watchMu.Unlock()
	if !fresh {
		return d, nil
	}
	if err := s.changes.Announce(ctx, s.db, change.Change{FranchiseID: t.ID, Watch: []string{d.ID}}); err != nil {
		return d, err
	}
	if offline {
		return d, nil // no replica holds a connection of it
	}
	since := now.UnixMilli()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	deadline := time.NewTimer(watchAnswer)
	defer deadline.Stop()
	for {
		select {
		case <-ctx.Done():
			return d, ctx.Err()
		case <-deadline.C:
			return d, nil // the live view follows the status when it comes
		case <-tick.C:
		}
		got, err := s.Get(ctx, t, storeSlug, d.ID)
		if err != nil {
			return d, err
		}
		if got.LastConnectionAck >= since || !got.Connected {
			return got, nil
		}
		d = got
	}
}
