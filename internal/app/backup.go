package app

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"vitrine/internal/config"
)

// sqliteFile is the database file db.Open keeps in the data folder.
const sqliteFile = "vitrine.db"

// ErrServerRunning means a server holds the data folder, so its database
// cannot be replaced.
var ErrServerRunning = errors.New("a server is using the data folder")

// backupCommand runs `vitrine backup FILE` and `vitrine restore FILE`.
func backupCommand(name string, args []string, stdout, stderr io.Writer) int {
	cfg, rest, err := config.ParseCommand(args, os.Getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "vitrine:", err)
		return 2
	}
	if len(rest) != 1 {
		fmt.Fprintf(stderr, "vitrine %s: name one FILE (vitrine %s [--data DIR] FILE)\n", name, name)
		return 2
	}
	if cfg.DatabaseURL != "" {
		tool := "pg_dump (for example pg_dump -Fc -f vitrine.dump \"$DATABASE_URL\")"
		if name == "restore" {
			tool = "pg_restore (for example pg_restore --clean --if-exists -d \"$DATABASE_URL\" vitrine.dump)"
		}
		fmt.Fprintf(stderr, "vitrine %s: DATABASE_URL names a PostgreSQL database; %s it with %s. "+
			"See docs/operations.md, \"Backups\".\n", name, name, tool)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	file := rest[0]
	if name == "backup" {
		err = Backup(ctx, cfg.DataDir, file)
	} else {
		err = Restore(ctx, cfg.DataDir, file)
	}
	if err != nil {
		fmt.Fprintf(stderr, "vitrine %s: %v\n", name, err)
		return 1
	}
	db := filepath.Join(cfg.DataDir, sqliteFile)
	if name == "backup" {
		fmt.Fprintf(stdout, "%s: a copy of %s\n", file, db)
	} else {
		fmt.Fprintf(stdout, "%s restored into %s; the database it replaced is %s.bak\n", file, db, db)
	}
	return 0
}

// Backup writes a consistent copy of the SQLite database in dataDir to
// file, replacing it if it exists. A server may be running and writing:
// VACUUM INTO reads one snapshot of the database, as any reader does.
func Backup(ctx context.Context, dataDir, file string) error {
	src := filepath.Join(dataDir, sqliteFile)
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("no database to back up: %w", err)
	}
	tmp, err := tempName(file)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	conn, err := openSQLite(src)
	if err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, `VACUUM INTO ?`, tmp)
	conn.Close()
	if err != nil {
		return fmt.Errorf("copy %s: %w", src, err)
	}
	if err := checkVitrineDB(ctx, tmp); err != nil {
		return fmt.Errorf("the copy does not read back: %w", err)
	}
	return replaceFile(tmp, file)
}

// Restore makes file, a copy made by Backup, the SQLite database in
// dataDir. It refuses while a server uses the folder (servers hold a
// shared lock on it; Restore takes it exclusively) and when file is not a
// Vitrine database. The database it replaces is kept as vitrine.db.bak.
func Restore(ctx context.Context, dataDir, file string) error {
	if _, err := os.Stat(file); err != nil {
		return err
	}
	lock, err := lockData(dataDir, true)
	if err != nil {
		return err
	}
	defer lock.Close()

	dst := filepath.Join(dataDir, sqliteFile)
	tmp := dst + ".restoring"
	if err := copyFile(file, tmp); err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := checkVitrineDB(ctx, tmp); err != nil {
		return fmt.Errorf("%s is not a Vitrine database: %w", file, err)
	}
	if old, err := os.Stat(dst); err == nil {
		// The restored file gets the owner and mode of the one it replaces:
		// a restore run as root must not leave the server's user locked out.
		if err := os.Chmod(tmp, old.Mode().Perm()); err != nil {
			return err
		}
		if st, ok := old.Sys().(*syscall.Stat_t); ok && os.Getuid() == 0 {
			if err := os.Chown(tmp, int(st.Uid), int(st.Gid)); err != nil {
				return err
			}
		}
		// The old database's write-ahead log must go into the old file: left
		// beside the new one, SQLite would replay it there.
		if err := checkpoint(ctx, dst); err != nil {
			return fmt.Errorf("the current database: %w", err)
		}
		bak := dst + ".bak"
		if err := os.Remove(bak); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		if err := os.Link(dst, bak); err != nil {
			if err := copyFile(dst, bak); err != nil {
				return fmt.Errorf("keep the current database: %w", err)
			}
		}
	}
	for _, side := range []string{"-wal", "-shm"} {
		if err := os.Remove(dst + side); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return replaceFile(tmp, dst)
}

// checkVitrineDB tells whether path, a file of this command's own, is a
// sound SQLite database with Vitrine's schema.
func checkVitrineDB(ctx context.Context, path string) error {
	conn, err := openSQLite(path)
	if err != nil {
		return err
	}
	defer conn.Close()
	var check string
	if err := conn.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&check); err != nil {
		return err
	}
	if check != "ok" {
		return fmt.Errorf("integrity check: %s", check)
	}
	for _, table := range []string{"goose_db_version", "users", "franchises", "displays"} {
		var n int
		err := conn.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, table).Scan(&n)
		if err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("no table %s", table)
		}
	}
	return nil
}

// checkpoint moves the write-ahead log of the database at path into the
// file itself.
func checkpoint(ctx context.Context, path string) error {
	conn, err := openSQLite(path)
	if err != nil {
		return err
	}
	defer conn.Close()
	var busy, logged, moved int
	if err := conn.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logged, &moved); err != nil {
		return err
	}
	if busy != 0 {
		return ErrServerRunning
	}
	return nil
}

func openSQLite(path string) (*sql.DB, error) {
	conn, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, err
	}
	conn.SetMaxOpenConns(1)
	return conn, nil
}

// tempName is a free name beside file, for writing it whole before it
// takes file's place.
func tempName(file string) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".*")
	if err != nil {
		return "", err
	}
	name := f.Name()
	f.Close()
	// VACUUM INTO refuses to write over an existing file.
	return name, os.Remove(name)
}

// replaceFile puts tmp in dst's place in one step, durably.
func replaceFile(tmp, dst string) error {
	f, err := os.Open(tmp)
	if err != nil {
		return err
	}
	err = f.Sync()
	f.Close()
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, dst); err != nil {
		return err
	}
	if dir, err := os.Open(filepath.Dir(dst)); err == nil {
		dir.Sync()
		dir.Close()
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// lockData takes the data folder's lock file: shared by every server using
// the folder (replicas may share it), exclusive for a restore. It fails at
// once rather than wait.
func lockData(dataDir string, exclusive bool) (*os.File, error) {
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, fmt.Errorf("data folder: %w", err)
	}
	// Read-only is enough for flock, and lets a server running as its own
	// user share a lock file root made during a restore.
	f, err := os.OpenFile(filepath.Join(dataDir, "vitrine.lock"), os.O_CREATE|os.O_RDONLY, 0o644)
	if err != nil {
		return nil, fmt.Errorf("data folder lock: %w", err)
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	if err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			if exclusive {
				return nil, fmt.Errorf("%w %s: stop every server using it first", ErrServerRunning, dataDir)
			}
			return nil, fmt.Errorf("a restore is replacing the database in %s; start again once it is done", dataDir)
		}
		return nil, fmt.Errorf("data folder lock: %w", err)
	}
	return f, nil
}
