package db

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// Only a statement that cannot change anything is run again after its
// connection broke under it.
func TestOnlyPlainReadsCountAsReads(t *testing.T) {
	for _, tc := range []struct {
		query string
		read  bool
	}{
		{"SELECT id, name FROM stores WHERE franchise_id = $1", true},
		{"  select count(*) from displays", true},
		{"WITH s AS (SELECT id FROM stores) SELECT * FROM s", true},
		{"SELECT 'insert into x' AS note, \"update\" FROM t", true},
		{"-- insert\nSELECT 1 /* delete */", true},
		{"SELECT $$ drop table x $$, $tag$ update $tag$ FROM t WHERE a = $1", true},
		{"INSERT INTO stores (id) VALUES ($1)", false},
		{"UPDATE stores SET name = $1", false},
		{"DELETE FROM stores", false},
		{"INSERT INTO t SELECT 1 RETURNING id", false},
		{"WITH d AS (DELETE FROM t RETURNING id) SELECT * FROM d", false},
		{"SELECT * FROM t FOR UPDATE", false},
		{"SELECT * FROM t FOR NO KEY UPDATE", false},
		{"SELECT * FROM t FOR SHARE", false},
		{"SELECT * INTO t2 FROM t", false},
		{"SELECT pg_notify($1, $2)", false},
		{"SELECT nextval('s')", false},
		{"SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", false},
		{"SELECT pg_try_advisory_lock(1)", false},
		{"SELECT set_config('search_path', 'x', false)", false},
		{"BEGIN", false},
		{"", false},
		{"SELECT 'unterminated", true},
		{"SELECT $x", true},
	} {
		if got := isRead(tc.query); got != tc.read {
			t.Errorf("isRead(%q) = %v, want %v", tc.query, got, tc.read)
		}
	}
}

// A connection that broke under a call is told apart from a database that
// refused the query, and is an outage (503), not an internal error.
func TestBrokenConnectionsAreOutages(t *testing.T) {
	for _, tc := range []struct {
		name        string
		err         error
		lost, unavl bool
	}{
		{"the stream ended early", io.ErrUnexpectedEOF, true, true},
		{"the stream ended early, wrapped", fmt.Errorf("list stores: %w", io.ErrUnexpectedEOF), true, true},
		{"the driver closed the connection", fmt.Errorf("x: %w", pgconn.ErrConnClosed), true, true},
		{"a bad pooled connection", driver.ErrBadConn, true, true},
		{"a reset", &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}, true, true},
		{"a broken pipe", &net.OpError{Op: "write", Net: "tcp", Err: os.NewSyscallError("write", syscall.EPIPE)}, true, true},
		{"the server shut the session down", &pgconn.PgError{Code: "57P01", Severity: "FATAL"}, true, true},
		{"the server crashed", &pgconn.PgError{Code: "57P02"}, true, true},
		{"the server ended an idle session", &pgconn.PgError{Code: "57P05", Severity: "FATAL"}, true, true},
		{"a connection failure", &pgconn.PgError{Code: "08006"}, true, true},
		{"the server is starting up", &pgconn.PgError{Code: "57P03"}, false, true},
		{"a call out of time", context.DeadlineExceeded, false, true},
		{"a unique violation", &pgconn.PgError{Code: "23505"}, false, false},
		{"a syntax error", &pgconn.PgError{Code: "42601"}, false, false},
		{"a bug", errors.New("something else"), false, false},
		{"no error", nil, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsConnLost(tc.err); got != tc.lost {
				t.Errorf("IsConnLost = %v, want %v", got, tc.lost)
			}
			if got := IsUnavailable(tc.err); got != tc.unavl {
				t.Errorf("IsUnavailable = %v, want %v", got, tc.unavl)
			}
		})
	}
}
