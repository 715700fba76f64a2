// Package db opens the SQL database — an embedded SQLite file by default,
// PostgreSQL when a postgres:// address is given — runs the embedded
// migrations, and lets the domain stores write one query text for both: they
// use `?` placeholders, rewritten to `$n` for PostgreSQL.
package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"hash/fnv"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL driver "pgx"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Dialect tells which SQL engine is behind a DB.
type Dialect int

const (
	SQLite Dialect = iota
	Postgres
)

func (d Dialect) String() string {
	if d == Postgres {
		return "postgres"
	}
	return "sqlite"
}

// Querier is what a DB and a Tx have in common; sqlstores take one so the
// same code runs inside or outside a transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	Dialect() Dialect
}

// DB is the shared connection pool.
type DB struct {
	sql     *sql.DB
	dialect Dialect
	watch   *connWatch // PostgreSQL connections seen broken (reconnect.go)
	// writer is SQLite's one writer at a time, taken in the process
	// (capacity 1; nil on PostgreSQL): transactions and writes outside one
	// queue for it in turn instead of polling in SQLite's busy handler,
	// whose sleeps grow the longer a writer waits, so that a call's
	// transaction could wait out a stream of short status and ack writes
	// for a second or more.
	writer chan struct{}
}

// writerWait is how long a SQLite write waits for its turn, as long as
// SQLite's own busy_timeout.
const writerWait = 10 * time.Second

// ErrBusy is a SQLite write that did not get its turn within writerWait.
var ErrBusy = errors.New("database busy: no turn to write")

// takeWriter waits for the SQLite writer's turn (at once on PostgreSQL)
// and returns its release.
func (d *DB) takeWriter(ctx context.Context) (release func(), err error) {
	if d.writer == nil {
		return func() {}, nil
	}
	select {
	case d.writer <- struct{}{}:
		return func() { <-d.writer }, nil
	default:
	}
	wait := time.NewTimer(writerWait)
	defer wait.Stop()
	select {
	case d.writer <- struct{}{}:
		return func() { <-d.writer }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-wait.C:
		return nil, ErrBusy
	}
}

// Open connects to databaseURL (empty = SQLite file vitrine.db in dataDir)
// and brings the schema up to date.
func Open(ctx context.Context, databaseURL, dataDir string) (*DB, error) {
	var d *DB
	if databaseURL == "" {
		if err := os.MkdirAll(dataDir, 0o755); err != nil {
			return nil, fmt.Errorf("data folder: %w", err)
		}
		path := filepath.Join(dataDir, "vitrine.db")
		dsn := "file:" + path + "?_txlock=immediate" +
			"&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
			"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)"
		pool, err := sql.Open("sqlite", dsn)
		if err != nil {
			return nil, err
		}
		pool.SetMaxOpenConns(8)
		d = &DB{sql: pool, dialect: SQLite, writer: make(chan struct{}, 1)}
	} else {
		watch := &connWatch{}
		pool, err := openPostgres(databaseURL, watch)
		if err != nil {
			return nil, err
		}
		pool.SetMaxOpenConns(40)
		pool.SetMaxIdleConns(40)
		pool.SetConnMaxIdleTime(5 * time.Minute)
		d = &DB{sql: pool, dialect: Postgres, watch: watch}
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := d.sql.PingContext(pingCtx); err != nil {
		d.sql.Close()
		return nil, fmt.Errorf("connect to %s: %w", d.dialect, err)
	}
	if err := d.migrate(ctx); err != nil {
		d.sql.Close()
		return nil, err
	}
	return d, nil
}

func (d *DB) migrate(ctx context.Context) error {
	sub, err := fsSub()
	if err != nil {
		return err
	}
	dialect := goose.DialectSQLite3
	opts := []goose.ProviderOption{goose.WithGoMigrations(nameKeysMigration(d.dialect))}
	if d.dialect == Postgres {
		dialect = goose.DialectPostgres
		// Replicas starting together take turns migrating. The lock is the
		// schema's (an advisory lock is database-wide): databases that hold
		// several schemas, as the tests' do, migrate them side by side. A
		// turn is asked for every second (goose's default is 5 s).
		var schema string
		if err := d.sql.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
			return fmt.Errorf("migrations: %w", err)
		}
		locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(migrationLock(schema)), lock.WithLockTimeout(1, 300))
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, d.sql, sub, opts...)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	return nil
}

// migrationLock is the advisory lock a schema's migrations take on
// PostgreSQL.
func migrationLock(schema string) int64 {
	key := fnv.New64a()
	key.Write([]byte("vitrine migrations " + schema))
	return int64(key.Sum64())
}

// Close releases the pool.
func (d *DB) Close() error { return d.sql.Close() }

// Dialect reports the engine.
func (d *DB) Dialect() Dialect { return d.dialect }

// SQL exposes the pool for the few callers that need database/sql directly.
func (d *DB) SQL() *sql.DB { return d.sql }

// Ping checks the database is reachable.
func (d *DB) Ping(ctx context.Context) error { return d.sql.PingContext(ctx) }

// ExecContext, QueryContext and QueryRowContext run a statement on the
// pool; one whose connection broke under it runs once more when that is
// safe (reconnect.go).
func (d *DB) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	release, err := d.takeWriter(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	q = Rebind(d.dialect, q)
	res, err := d.sql.ExecContext(ctx, q, args...)
	if err != nil && d.again(ctx, q, err) {
		res, err = d.sql.ExecContext(ctx, q, args...)
	}
	return res, err
}

func (d *DB) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	q = Rebind(d.dialect, q)
	rows, err := d.sql.QueryContext(ctx, q, args...)
	if err != nil && d.again(ctx, q, err) {
		rows, err = d.sql.QueryContext(ctx, q, args...)
	}
	return rows, err
}

func (d *DB) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	q = Rebind(d.dialect, q)
	row := d.sql.QueryRowContext(ctx, q, args...)
	if err := row.Err(); err != nil && d.again(ctx, q, err) {
		row = d.sql.QueryRowContext(ctx, q, args...)
	}
	return row
}

// Tx is a transaction with the same query methods as DB.
type Tx struct {
	tx           *sql.Tx
	dialect      Dialect
	beforeCommit []func(ctx context.Context, tx *Tx) error
	afterCommit  []func()
	locals       map[any]any
}

// Local returns the value the transaction keeps under key, made by init
// on the first call: what a package gathers during the transaction for
// its BeforeCommit hook.
func (t *Tx) Local(key any, init func() any) any {
	if v, ok := t.locals[key]; ok {
		return v
	}
	if t.locals == nil {
		t.locals = map[any]any{}
	}
	v := init()
	t.locals[key] = v
	return v
}

// BeforeCommit runs fn inside the transaction once the work has succeeded,
// just before COMMIT, in the order the calls were made; an error rolls the
// whole transaction back. The audit trail writes its records there, so
// that its chain's lock is always the last one a transaction takes.
func (t *Tx) BeforeCommit(fn func(ctx context.Context, tx *Tx) error) {
	t.beforeCommit = append(t.beforeCommit, fn)
}

// AfterCommit runs fn once the transaction has committed, in the order the
// calls were made; a rolled-back transaction never runs it. Announcements of
// a change use it so nobody hears of a write that did not happen.
func (t *Tx) AfterCommit(fn func()) { t.afterCommit = append(t.afterCommit, fn) }

func (t *Tx) Dialect() Dialect { return t.dialect }

func (t *Tx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, Rebind(t.dialect, q), args...)
}

func (t *Tx) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, Rebind(t.dialect, q), args...)
}

func (t *Tx) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, Rebind(t.dialect, q), args...)
}

// InTx runs fn in a transaction, committing when it returns nil. A BEGIN
// that met a broken connection is tried again on another; a transaction
// that broke later is not (fn may not be safe to run twice): its error is
// IsUnavailable.
func (d *DB) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	_, err := d.inTx(ctx, fn)
	return err
}

// inTx is InTx; atCommit tells whether err came from the COMMIT, whose
// outcome is then unknown.
func (d *DB) inTx(ctx context.Context, fn func(tx *Tx) error) (atCommit bool, err error) {
	// Every SQLite transaction is a writer's (_txlock=immediate); the turn
	// ends with the transaction, before what runs after its commit.
	turn, err := d.takeWriter(ctx)
	if err != nil {
		return false, err
	}
	released := false
	release := func() {
		if !released {
			released = true
			turn()
		}
	}
	defer release() // fn panicked
	sqlTx, err := d.sql.BeginTx(ctx, nil)
	if err != nil && d.lost(ctx, err) {
		sqlTx, err = d.sql.BeginTx(ctx, nil)
	}
	if err != nil {
		release()
		return false, err
	}
	tx := &Tx{tx: sqlTx, dialect: d.dialect}
	if err := tx.work(ctx, fn); err != nil {
		_ = sqlTx.Rollback()
		release()
		d.lost(ctx, err) // have the pool check its connections
		return false, err
	}
	err = sqlTx.Commit()
	release()
	if err != nil {
		d.lost(ctx, err)
		return true, err
	}
	for _, after := range tx.afterCommit {
		after()
	}
	return false, nil
}

// work runs fn and then the hooks it left for before the commit.
func (t *Tx) work(ctx context.Context, fn func(tx *Tx) error) error {
	if err := fn(t); err != nil {
		return err
	}
	for i := 0; i < len(t.beforeCommit); i++ { // a hook may add another
		if err := t.beforeCommit[i](ctx, t); err != nil {
			return err
		}
	}
	return nil
}

// Rebind rewrites `?` placeholders to `$1, $2, …` for PostgreSQL. Question
// marks inside single-quoted literals are left alone.
func Rebind(d Dialect, q string) string {
	if d != Postgres || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 8)
	n, quoted := 0, false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'':
			quoted = !quoted
			b.WriteByte(c)
		case c == '?' && !quoted:
			n++
			fmt.Fprintf(&b, "$%d", n)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// IsUniqueViolation tells whether err is a unique-constraint failure, so a
// store can turn a lost race into its own "already taken" error.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		code := sqErr.Code()
		return code == sqlite3.SQLITE_CONSTRAINT_UNIQUE || code == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// IsDeadlock reports whether err is PostgreSQL giving up a transaction to
// break a deadlock (40P01) or a serialization failure (40001): running the
// whole transaction again is the remedy.
func IsDeadlock(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == "40P01" || pgErr.Code == "40001")
}

// InTxRetrying is InTx, run again (up to three times in all) when the
// database broke a deadlock by aborting it, or (once) when the connection
// broke before the COMMIT was sent: the server rolled the transaction back.
// A COMMIT whose answer was lost is not run again. fn must be safe to run
// again: it starts from the database, not from what an earlier run left in
// memory.
func (d *DB) InTxRetrying(ctx context.Context, fn func(tx *Tx) error) error {
	var err error
	reconnected := false
	for range 3 {
		var atCommit bool
		atCommit, err = d.inTx(ctx, fn)
		switch {
		case IsDeadlock(err):
		case !atCommit && !reconnected && d.lost(ctx, err):
			reconnected = true
		default:
			return err
		}
	}
	return err
}

// Placeholders returns "?, ?, …" with n marks, for IN lists.
func Placeholders(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat("?, ", n-1) + "?"
}

// NullIfEmpty stores "" as NULL: optional references and unique columns that
// any number of rows may leave empty.
func NullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Scanner is a row being read: *sql.Row or *sql.Rows.
type Scanner interface{ Scan(dest ...any) error }

// Collect runs query and turns each row into a T with scan, closing the rows
// on every path.
func Collect[T any](ctx context.Context, q Querier, scan func(Scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// ScanString reads a row of one text column, for Collect.
func ScanString(sc Scanner) (string, error) {
	var s string
	err := sc.Scan(&s)
	return s, err
}

// CountBy runs a query of (key, count) rows — `SELECT status, COUNT(*) …
// GROUP BY status` — and returns the counts by key, with every key of
// zeros present at 0.
func CountBy(ctx context.Context, q Querier, zeros []string, query string, args ...any) (map[string]int, error) {
	type row struct {
		key string
		n   int
	}
	list, err := Collect(ctx, q, func(sc Scanner) (row, error) {
		var r row
		return r, sc.Scan(&r.key, &r.n)
	}, query, args...)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(zeros)+len(list))
	for _, k := range zeros {
		out[k] = 0
	}
	for _, r := range list {
		out[r.key] = r.n
	}
	return out, nil
}

// Args turns a list of strings into query arguments, for IN lists.
func Args[T any](values []T) []any {
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = v
	}
	return out
}

// ForUpdate is appended to a SELECT that reads a row the transaction is
// about to write back: on PostgreSQL it locks the row until the commit, so
// two concurrent edits of one row run one after the other instead of the
// second overwriting the first with what it read before. SQLite needs no
// clause: its transactions take the write lock when they begin.
func ForUpdate(q Querier) string {
	if q.Dialect() == Postgres {
		// NO KEY UPDATE: the key does not change, so inserts of rows that
		// reference this one (which take KEY SHARE) are not held up.
		return " FOR NO KEY UPDATE"
	}
	return ""
}

// LockKey makes concurrent transactions that name the same key run one
// after the other from this call to their end: picking a free slug for a
// name, for example, where two creators could otherwise pick the same one.
// On PostgreSQL it is a transaction-scoped advisory lock; SQLite's
// transactions already run one at a time.
func LockKey(ctx context.Context, tx *Tx, key string) error {
	if tx.dialect != Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, key)
	return err
}

// MaxInList bounds the values of one IN (…) list; longer lists go in chunks
// (SQLite refuses more than 32,766 variables in a statement, PostgreSQL
// 65,535).
const MaxInList = 500

// Chunks splits values into slices of at most MaxInList.
func Chunks[T any](values []T) [][]T {
	var out [][]T
	for len(values) > MaxInList {
		out = append(out, values[:MaxInList])
		values = values[MaxInList:]
	}
	if len(values) > 0 {
		out = append(out, values)
	}
	return out
}

// IsUnavailable tells whether err means the database could not be reached
// or did not answer in time, as opposed to refusing the query: the caller
// gets "service unavailable, try again", not an internal error.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	if IsConnLost(err) {
		return true
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) {
		return true
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return true
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// Class 08: connection exception; 57P01-57P03: the server is
		// shutting down or cannot accept connections now.
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" || pgErr.Code == "57P03"
	}
	return strings.Contains(err.Error(), "sql: database is closed")
}
