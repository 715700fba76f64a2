package db

// A PostgreSQL connection can break under a call: the server restarts or
// fails over, a proxy or a firewall resets it. The pool keeps connections
// open between calls, so after a restart every one of them is dead and the
// next call on each fails. What this file does about it:
//
//   - A statement run on the pool (not in a transaction) that failed because
//     its connection broke runs once more, on a connection that is new or has
//     just answered a ping, when that is safe: it only reads (a SELECT that
//     calls nothing that changes anything, see isRead), or none of it reached
//     the server (pgconn.SafeToRetry: the failure came while taking the
//     connection or writing the request). A write whose request was sent
//     is never repeated: it may have been carried out.
//   - BEGIN is tried again the same way (it changes nothing), so a
//     transaction that meets a dead pooled connection starts on a good one.
//     A transaction that broke later was rolled back by the server;
//     InTxRetrying runs it once more (its fn is safe to run again), InTx
//     reports the error. A COMMIT whose answer was lost is never repeated:
//     nobody knows whether it took effect.
//   - Once a broken connection is seen, every pooled connection answers a
//     ping before its next use, so the second try does not meet another
//     connection the same restart killed.
//
// Whatever still fails is IsUnavailable: the caller answers 503 "try again".

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// IsConnLost tells whether err means an established connection to the
// database broke under the call: the server closed it (a restart: 57P01 or
// 57P02; an idle session ended: 57P05; the stream ended early: unexpected
// EOF), the network reset it, or the driver had already closed it after such
// a failure. A database that cannot be reached at all (a refused connection)
// is not a lost connection; IsUnavailable covers both.
func IsConnLost(err error) bool {
	if err == nil {
		return false
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return false
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, pgconn.ErrConnClosed) ||
		errors.Is(err, driver.ErrBadConn) || errors.Is(err, net.ErrClosed) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNABORTED) ||
		errors.Is(err, syscall.EPIPE) {
		return true
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// Class 08: connection exception; 57P01/57P02: the server ended
		// the session to shut down (a restart, a failover); 57P05: it ended
		// an idle session (idle_session_timeout).
		switch pgErr.Code {
		case "57P01", "57P02", "57P05":
			return true
		}
		return strings.HasPrefix(pgErr.Code, "08")
	}
	return false
}

// connWatch counts the connections seen broken, so that after one breaks
// every pooled connection is pinged before its next use.
type connWatch struct {
	breaks atomic.Uint64
}

// checkedKey holds, in a connection's custom data, the break count when the
// connection was opened or last pinged.
const checkedKey = "vitrine.breaks"

func (w *connWatch) broke() { w.breaks.Add(1) }

// connected marks a new connection as checked.
func (w *connWatch) connected(_ context.Context, c *pgx.Conn) error {
	c.PgConn().CustomData()[checkedKey] = w.breaks.Load()
	return nil
}

// shouldPing keeps pgx's rule (ping a connection idle for more than a
// second) and adds one: ping a connection when another broke since this one
// was last checked. A failed ping discards the connection and the pool takes
// another (a new one after two failures).
func (w *connWatch) shouldPing(_ context.Context, p stdlib.ShouldPingParams) bool {
	data := p.Conn.PgConn().CustomData()
	now := w.breaks.Load()
	seen, _ := data[checkedKey].(uint64)
	data[checkedKey] = now
	return seen != now || p.IdleDuration > time.Second
}

// openPostgres opens the PostgreSQL pool with the watch's hooks.
func openPostgres(databaseURL string, w *connWatch) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(databaseURL)
	if err != nil {
		return nil, err
	}
	return stdlib.OpenDB(*cfg, stdlib.OptionAfterConnect(w.connected), stdlib.OptionShouldPing(w.shouldPing)), nil
}

// lost tells whether err is a broken connection of a caller that still
// waits for an answer, and has the pool check its connections.
func (d *DB) lost(ctx context.Context, err error) bool {
	if d.dialect != Postgres || ctx.Err() != nil || !IsConnLost(err) {
		return false
	}
	d.watch.broke()
	return true
}

// again tells whether query, which failed with err, runs once more: its
// connection broke, and it only reads or none of it reached the server.
func (d *DB) again(ctx context.Context, query string, err error) bool {
	return d.lost(ctx, err) && (pgconn.SafeToRetry(err) || isRead(query))
}

// isRead tells whether query only reads: its first word is SELECT, WITH,
// VALUES, TABLE or SHOW, and no word of it (outside literals, quoted names
// and comments) writes, locks or calls a function with an effect. When in
// doubt it says no: the statement then is not repeated.
func isRead(query string) bool {
	words := sqlWords(query)
	if len(words) == 0 {
		return false
	}
	switch words[0] {
	case "select", "with", "values", "table", "show":
	default:
		return false
	}
	for _, w := range words {
		if writeWords[w] || strings.HasPrefix(w, "pg_advisory") || strings.HasPrefix(w, "pg_try_advisory") ||
			strings.HasPrefix(w, "lo_") {
			return false
		}
	}
	return true
}

// writeWords are the words that make a statement more than a read: data
// changes, SELECT … INTO (creates a table), row locks (FOR UPDATE/SHARE),
// and functions with an effect.
var writeWords = map[string]bool{
	"insert": true, "update": true, "delete": true, "merge": true, "upsert": true,
	"into": true, "truncate": true, "copy": true, "call": true, "do": true, "execute": true,
	"create": true, "alter": true, "drop": true, "grant": true, "revoke": true,
	"lock": true, "share": true, "notify": true, "listen": true, "unlisten": true,
	"set": true, "set_config": true, "nextval": true, "setval": true, "pg_notify": true,
	"pg_terminate_backend": true, "pg_cancel_backend": true,
	"pg_reload_conf": true, "txid_current": true, "pg_current_xact_id": true,
}

// sqlWords lists the bare words of query in lower case, skipping string
// literals ('…', E'…', $$…$$), quoted names ("…") and comments.
func sqlWords(query string) []string {
	var words []string
	q := query
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'':
			i = skipQuoted(q, i, '\'')
		case c == '"':
			i = skipQuoted(q, i, '"')
		case c == '-' && i+1 < len(q) && q[i+1] == '-':
			if j := strings.IndexByte(q[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = len(q)
			}
		case c == '/' && i+1 < len(q) && q[i+1] == '*':
			if j := strings.Index(q[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(q)
			}
		case c == '$' && i+1 < len(q) && (q[i+1] == '$' || isWordByte(q[i+1]) && !isDigit(q[i+1])):
			// A dollar-quoted literal: $$…$$ or $tag$…$tag$.
			end := strings.IndexByte(q[i+1:], '$')
			if end < 0 {
				return append(words, "$") // unterminated: not a plain read
			}
			tag := q[i : i+end+2]
			if !isTag(tag) {
				i++
				continue
			}
			if j := strings.Index(q[i+len(tag):], tag); j >= 0 {
				i += len(tag) + j + len(tag)
			} else {
				i = len(q)
			}
		case isWordByte(c):
			j := i
			for j < len(q) && isWordByte(q[j]) {
				j++
			}
			words = append(words, strings.ToLower(q[i:j]))
			i = j
		default:
			i++
		}
	}
	return words
}

// skipQuoted returns the index after the quoted text starting at i (a
// doubled quote stays inside).
func skipQuoted(q string, i int, quote byte) int {
	for j := i + 1; j < len(q); j++ {
		if q[j] == quote {
			if j+1 < len(q) && q[j+1] == quote {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(q)
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c >= 0x80
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isTag tells whether s is a dollar-quote tag: $$ or $name$.
func isTag(s string) bool {
	if len(s) < 2 || s[0] != '$' || s[len(s)-1] != '$' {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if !isWordByte(s[i]) {
			return false
		}
	}
	return true
}
