package db_test

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"
	"time"

	"vitrine/internal/db"
	"vitrine/internal/db/dbtest"
)

// openThroughProxy opens the database of a fresh schema through a proxy
// that can cut its connections, with a table t to write to.
func openThroughProxy(t *testing.T) (*db.DB, *dbtest.Proxy) {
	t.Helper()
	proxy, url := dbtest.Through(t, dbtest.Schema(t))
	ctx := context.Background()
	d, err := db.Open(ctx, url, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if _, err := d.ExecContext(ctx, `CREATE TABLE t (id SERIAL PRIMARY KEY, v TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	return d, proxy
}

func countRows(t *testing.T, d *db.DB, v string) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM t WHERE v = ?`, v).Scan(&n); err != nil {
		t.Fatalf("count rows: %v", err)
	}
	return n
}

// mustFailAsOutage checks err is a broken connection the API answers with
// 503, and that the proxy did cut the call.
func mustFailAsOutage(t *testing.T, err error, proxy *dbtest.Proxy) {
	t.Helper()
	if proxy.Armed() {
		t.Fatal("the proxy never cut the call")
	}
	if err == nil {
		t.Fatal("the call whose answer was cut reported success")
	}
	if !db.IsConnLost(err) || !db.IsUnavailable(err) {
		t.Fatalf("the error is not an outage: %v", err)
	}
}

// A read whose connection is reset after the server received it is
// answered on another connection; a write that reached the server is not
// repeated and fails as an outage.
func TestAConnectionResetUnderACall(t *testing.T) {
	ctx := context.Background()
	t.Run("a single-row read is answered on another connection", func(t *testing.T) {
		d, proxy := openThroughProxy(t)
		proxy.CutOnAnswer("answer-4821")
		var got string
		err := d.QueryRowContext(ctx, `SELECT 'answer-' || ?`, "4821").Scan(&got)
		if err != nil || got != "answer-4821" {
			t.Fatalf("got %q, %v", got, err)
		}
		if proxy.Armed() || proxy.Cuts() != 1 {
			t.Fatalf("the proxy cut %d connections (armed: %v)", proxy.Cuts(), proxy.Armed())
		}
	})
	t.Run("a list read is answered on another connection", func(t *testing.T) {
		d, proxy := openThroughProxy(t)
		for _, v := range []string{"a", "b", "list-7712"} {
			if _, err := d.ExecContext(ctx, `INSERT INTO t (v) VALUES (?)`, v); err != nil {
				t.Fatal(err)
			}
		}
		proxy.CutOnAnswer("list-7712")
		got, err := db.Collect(ctx, d, db.ScanString, `SELECT v FROM t ORDER BY id`)
		if err != nil || len(got) != 3 || got[2] != "list-7712" {
			t.Fatalf("got %v, %v", got, err)
		}
		if proxy.Cuts() != 1 {
			t.Fatalf("the proxy cut %d connections", proxy.Cuts())
		}
	})
	t.Run("a write that reached the server is not repeated", func(t *testing.T) {
		d, proxy := openThroughProxy(t)
		proxy.CutOnAnswer("INSERT 0 1")
		_, err := d.ExecContext(ctx, `INSERT INTO t (v) VALUES (?)`, "once")
		mustFailAsOutage(t, err, proxy)
		if n := countRows(t, d, "once"); n != 1 {
			t.Fatalf("the write is stored %d times, want once (carried out, not repeated)", n)
		}
	})
	t.Run("a write returning rows that reached the server is not repeated", func(t *testing.T) {
		d, proxy := openThroughProxy(t)
		proxy.CutOnAnswer("INSERT 0 1")
		var id int
		err := d.QueryRowContext(ctx, `INSERT INTO t (v) VALUES (?) RETURNING id`, "returning").Scan(&id)
		mustFailAsOutage(t, err, proxy)
		if n := countRows(t, d, "returning"); n != 1 {
			t.Fatalf("the write is stored %d times, want once", n)
		}
	})
	t.Run("a transaction whose commit answer was lost is not run again", func(t *testing.T) {
		d, proxy := openThroughProxy(t)
		proxy.CutOnAnswer("COMMIT")
		runs := 0
		err := d.InTxRetrying(ctx, func(tx *db.Tx) error {
			runs++
			_, err := tx.ExecContext(ctx, `INSERT INTO t (v) VALUES (?)`, "committed")
			return err
		})
		mustFailAsOutage(t, err, proxy)
		if runs != 1 {
			t.Fatalf("the transaction ran %d times", runs)
		}
		if n := countRows(t, d, "committed"); n != 1 {
			t.Fatalf("the write is stored %d times, want once (committed, not repeated)", n)
		}
	})
	t.Run("a retrying transaction cut before its commit runs again", func(t *testing.T) {
		d, proxy := openThroughProxy(t)
		proxy.CutOnAnswer("INSERT 0 1")
		runs, afterCommit := 0, 0
		err := d.InTxRetrying(ctx, func(tx *db.Tx) error {
			runs++
			tx.AfterCommit(func() { afterCommit++ })
			_, err := tx.ExecContext(ctx, `INSERT INTO t (v) VALUES (?)`, "again")
			return err
		})
		if err != nil {
			t.Fatalf("the transaction failed: %v", err)
		}
		if runs != 2 || afterCommit != 1 || proxy.Cuts() != 1 {
			t.Fatalf("runs %d, after-commit calls %d, cuts %d", runs, afterCommit, proxy.Cuts())
		}
		if n := countRows(t, d, "again"); n != 1 {
			t.Fatalf("the write is stored %d times, want once (the cut run was rolled back)", n)
		}
	})
	t.Run("a plain transaction cut before its commit fails and leaves nothing", func(t *testing.T) {
		d, proxy := openThroughProxy(t)
		proxy.CutOnAnswer("INSERT 0 1")
		runs := 0
		err := d.InTx(ctx, func(tx *db.Tx) error {
			runs++
			_, err := tx.ExecContext(ctx, `INSERT INTO t (v) VALUES (?)`, "rolled-back")
			return err
		})
		mustFailAsOutage(t, err, proxy)
		if runs != 1 {
			t.Fatalf("the transaction ran %d times", runs)
		}
		if n := countRows(t, d, "rolled-back"); n != 0 {
			t.Fatalf("the write is stored %d times, want none (rolled back)", n)
		}
	})
}

// When every pooled connection is closed at once (what a restart does),
// reads keep answering: each one that meets a dead connection runs again
// on a checked one.
func TestReadsSurviveEveryConnectionClosing(t *testing.T) {
	for _, mode := range []struct {
		name     string
		graceful bool
	}{{"closed by the server", true}, {"reset by the network", false}} {
		t.Run(mode.name, func(t *testing.T) {
			d, proxy := openThroughProxy(t)
			ctx := context.Background()
			if _, err := d.ExecContext(ctx, `INSERT INTO t (v) VALUES ('x')`); err != nil {
				t.Fatal(err)
			}
			// Fill the pool with connections in use a moment ago: the pool
			// pings on its own those idle for more than a second, and new
			// ones on their first reuse.
			const readers = 8
			warm := func() {
				for range 2 {
					conns := make([]*sql.Conn, readers)
					for i := range conns {
						c, err := d.SQL().Conn(ctx)
						if err != nil {
							t.Fatal(err)
						}
						if err := c.PingContext(ctx); err != nil {
							t.Fatal(err)
						}
						conns[i] = c
					}
					for _, c := range conns {
						c.Close()
					}
				}
			}
			for round := range 3 {
				warm()
				if cut := proxy.CutAll(mode.graceful); cut < readers {
					t.Fatalf("round %d: only %d connections were open", round, cut)
				}
				var wg sync.WaitGroup
				errs := make(chan error, 4*readers)
				for range 4 * readers {
					wg.Go(func() {
						n, err := db.Collect(ctx, d, db.ScanString, `SELECT v FROM t`)
						if err == nil && len(n) != 1 {
							err = errors.New("wrong rows")
						}
						if err != nil {
							errs <- err
						}
					})
				}
				wg.Wait()
				close(errs)
				for err := range errs {
					t.Errorf("round %d: a read failed: %v", round, err)
				}
			}
		})
	}
}

// A database that is gone is not retried forever: a read answers at once
// with an outage error.
func TestAReadWithTheDatabaseGoneFailsAtOnce(t *testing.T) {
	d, proxy := openThroughProxy(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	proxy.Close()
	proxy.CutAll(true)
	_, err := db.Collect(ctx, d, db.ScanString, `SELECT v FROM t`)
	if err == nil || !db.IsUnavailable(err) {
		t.Fatalf("got %v, want an outage error", err)
	}
	if ctx.Err() != nil {
		t.Fatal("the read waited for its time limit")
	}
}
