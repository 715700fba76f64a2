package change_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/testutil"
)

type recorder struct {
	mu  sync.Mutex
	got []change.Change
}

func (r *recorder) add(c change.Change) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, c)
}

func (r *recorder) ids() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, c := range r.got {
		out = append(out, c.FranchiseID)
	}
	return out
}

func TestSubscribersHearAChangeOnlyOnceItsTransactionCommits(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		d := testutil.NewDB(t, engine)
		ctx := context.Background()
		bus := change.NewBus()
		var rec recorder
		cancel := bus.Subscribe(rec.add)

		err := d.InTx(ctx, func(tx *db.Tx) error {
			if err := bus.Publish(ctx, tx, change.Change{FranchiseID: "committed"}); err != nil {
				return err
			}
			if got := rec.ids(); len(got) != 0 {
				t.Errorf("heard %v before the commit", got)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		boom := errors.New("boom")
		err = d.InTx(ctx, func(tx *db.Tx) error {
			if err := bus.Publish(ctx, tx, change.Change{FranchiseID: "rolled-back"}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("InTx: %v", err)
		}
		if err := bus.Publish(ctx, d, change.Change{FranchiseID: "no-transaction"}); err != nil {
			t.Fatal(err)
		}
		cancel()
		if err := bus.Publish(ctx, d, change.Change{FranchiseID: "after-cancel"}); err != nil {
			t.Fatal(err)
		}
		if got, want := rec.ids(), []string{"committed", "no-transaction"}; !slices.Equal(got, want) {
			t.Fatalf("heard %v, want %v", got, want)
		}
	})
}

// On PostgreSQL changes travel as NOTIFY payloads, delivered on commit; one
// too large for a payload arrives as "anything in the franchise".
func TestPostgresCarriesChangesOnCommitOnly(t *testing.T) {
	if len(testutil.Engines()) < 2 {
		t.Skip("TEST_DATABASE_URL is not set")
	}
	d := testutil.NewDB(t, "postgres")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	notify, err := change.NewPGNotify(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	bus := change.NewBus()
	var rec recorder
	bus.Subscribe(rec.add)
	url := testutil.DatabaseURL(t, d)
	go notify.Listen(ctx, url, bus, slog.New(slog.NewTextHandler(io.Discard, nil)))
	select {
	case <-notify.Ready():
	case <-time.After(10 * time.Second):
		t.Fatal("not listening")
	}
	boom := errors.New("boom")
	_ = d.InTx(ctx, func(tx *db.Tx) error {
		_ = notify.Publish(ctx, tx, change.Change{FranchiseID: "rolled-back"})
		return boom
	})
	many := make([]string, 2000)
	for i := range many {
		many[i] = fmt.Sprintf("display-%04d", i)
	}
	err = d.InTx(ctx, func(tx *db.Tx) error {
		return notify.Publish(ctx, tx, change.Change{FranchiseID: "big", Revision: 7, Displays: many})
	})
	if err != nil {
		t.Fatal(err)
	}
	testutil.Eventually(t, 5*time.Second, func() bool { return len(rec.ids()) > 0 }, "the notification")
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.got) != 1 || rec.got[0].FranchiseID != "big" || rec.got[0].Revision != 7 || len(rec.got[0].Displays) != 0 {
		t.Fatalf("heard %+v", rec.got)
	}
}
