package httpapi_test

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/testutil"
)

// changeLog records what the change signal announces.
type changeLog struct {
	mu  sync.Mutex
	all []change.Change
}

func listen(t *testing.T, a *testutil.TestApp) *changeLog {
	l := &changeLog{}
	t.Cleanup(a.Changes.Subscribe(func(c change.Change) {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.all = append(l.all, c)
	}))
	return l
}

// since returns the changes announced after the first n.
func (l *changeLog) since(n int) []change.Change {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.all[n:])
}

func (l *changeLog) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.all)
}

// Every write that changes what a franchise's lists or screens show is
// announced once, after it commits, saying which franchise and, when known,
// which TV or store; refused writes announce nothing.
func TestWritesAnnounceWhatChanged(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		rede := a.SeedFranchise(t, "rede", "Rede", ana)
		log := listen(t, a)

		one := func(t *testing.T, before int) change.Change {
			t.Helper()
			// On PostgreSQL the change comes back through LISTEN/NOTIFY.
			testutil.Eventually(t, 5*time.Second, func() bool { return log.count() > before }, "a change to be announced")
			got := log.since(before)
			if len(got) != 1 {
				t.Fatalf("%d changes announced, want 1: %+v", len(got), got)
			}
			if got[0].FranchiseID != rede {
				t.Fatalf("change for franchise %q, want %q", got[0].FranchiseID, rede)
			}
			return got[0]
		}

		var lastRevision int64
		newer := func(t *testing.T, c change.Change) {
			t.Helper()
			if c.Revision <= lastRevision {
				t.Fatalf("revision %d after %d: it must go up", c.Revision, lastRevision)
			}
			lastRevision = c.Revision
		}

		n := log.count()
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro")), 201)
		storeChange := one(t, n)
		newer(t, storeChange)
		if len(storeChange.Stores) != 1 || len(storeChange.Displays) != 0 {
			t.Fatalf("store creation announced %+v, want one store", storeChange)
		}

		n = log.count()
		a.ReserveDevices(t, "CHG001")
		r := a.Do(t, "POST", "/api/display/rede/centro", ana.Token, map[string]any{"name": "TV 1", "device": "CHG001"})
		mustStatus(t, r, 201)
		var created struct {
			Display struct{ ID string } `json:"display"`
		}
		r.Decode(t, &created)
		c := one(t, n)
		newer(t, c)
		if !slices.Equal(c.Displays, []string{created.Display.ID}) {
			t.Fatalf("TV creation announced %+v, want the TV %s", c, created.Display.ID)
		}

		n = log.count()
		path := "/api/display/rede/centro/" + created.Display.ID
		mustStatus(t, a.Do(t, "POST", path, ana.Token, map[string]any{"contentOrientation": 9}), 400)
		mustStatus(t, a.Do(t, "POST", path, ana.Token, map[string]any{"schedule": "nao-existe"}), 404)
		mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, map[string]any{"name": ""}), 400)
		// (A refused write that announced would show up as a second change
		// when the next, accepted one is counted.)

		mustStatus(t, a.Do(t, "POST", path, ana.Token, map[string]any{"contentOrientation": 1}), 200)
		c = one(t, n)
		newer(t, c)
		if !slices.Equal(c.Displays, []string{created.Display.ID}) {
			t.Fatalf("turning the TV announced %+v", c)
		}

		n = log.count()
		mustStatus(t, a.Do(t, "DELETE", "/api/store/rede/centro", ana.Token, nil), 200)
		c = one(t, n)
		newer(t, c)
		if !slices.Equal(c.Stores, storeChange.Stores) {
			t.Fatalf("store deletion announced %+v, want the store %v", c, storeChange.Stores)
		}
	})
}

// Two replicas on one PostgreSQL database: a change made through one is
// heard by the other (LISTEN/NOTIFY), as players connected to it need.
func TestAChangeOnOneReplicaReachesTheOther(t *testing.T) {
	if len(testutil.Engines()) < 2 {
		t.Skip("TEST_DATABASE_URL is not set")
	}
	first := testutil.NewApp(t, "postgres")
	second := testutil.NewReplica(t, first)
	ana := first.SeedUser(t, "ana@example.com", "")
	rede := first.SeedFranchise(t, "rede", "Rede", ana)
	heard := listen(t, second)

	mustStatus(t, first.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro")), 201)
	testutil.Eventually(t, 5*time.Second, func() bool { return heard.count() > 0 }, "the other replica to hear the change")
	c := heard.since(0)[0]
	if c.FranchiseID != rede || len(c.Stores) != 1 || c.Revision == 0 {
		t.Fatalf("heard %+v", c)
	}
	// And the other replica serves the new store at once.
	r := second.Do(t, "GET", "/api/store/rede", ana.Token, nil)
	mustStatus(t, r, 200)
	if !strings.Contains(string(r.Body), `"name":"Centro"`) {
		t.Fatalf("the other replica lists %s", r.Body)
	}
}
