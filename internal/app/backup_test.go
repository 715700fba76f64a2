package app

import (
	"context"
	"database/sql"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// devices counts the players announced in the SQLite database at path.
func devices(t *testing.T, path string) int {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var n int
	if err := conn.QueryRow(`SELECT COUNT(*) FROM devices`).Scan(&n); err != nil {
		t.Fatalf("count devices in %s: %v", path, err)
	}
	return n
}

// run is `vitrine ARGS…` with the environment's DATABASE_URL cleared.
func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs strings.Builder
	code = Main(args, &out, &errs)
	return code, out.String(), errs.String()
}

func TestBackupWhileServingAndRestoreAfterTheStop(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	data := t.TempDir()
	s := startServe(t, data, nil)

	// Players keep announcing themselves (a write each) during the backup.
	var announced atomic.Int64
	writing, stopWriting := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for writing.Err() == nil {
			res, err := http.Post(s.url+"/api/device/hello", "application/json", strings.NewReader(`{"version":"test"}`))
			if err != nil || res.StatusCode != 200 {
				t.Errorf("a player's hello during the backup: %v %v", res, err)
				return
			}
			res.Body.Close()
			announced.Add(1)
		}
	}()
	for announced.Load() < 20 {
		time.Sleep(5 * time.Millisecond)
	}
	backup := filepath.Join(t.TempDir(), "vitrine-backup.db")
	code, _, errs := run(t, "backup", "--data", data, backup)
	for n := announced.Load(); announced.Load() < n+20; {
		time.Sleep(5 * time.Millisecond)
	}
	stopWriting()
	wg.Wait()
	if code != 0 {
		t.Fatalf("backup while serving: exit %d: %s", code, errs)
	}
	inBackup := devices(t, backup)
	if inBackup < 20 || inBackup >= int(announced.Load()) {
		t.Fatalf("the backup holds %d players, want at least 20 and fewer than the %d announced by the end", inBackup, announced.Load())
	}

	code, _, errs = run(t, "restore", "--data", data, backup)
	if code != 1 || !strings.Contains(errs, "server is using the data folder") {
		t.Errorf("restore while serving: exit %d: %s; want 1 and the reason", code, errs)
	}

	s.stop()
	if err := s.wait(t); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	before := devices(t, filepath.Join(data, sqliteFile))
	code, out, errs := run(t, "restore", "--data", data, backup)
	if code != 0 {
		t.Fatalf("restore after the stop: exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "vitrine.db.bak") {
		t.Errorf("restore says %q; want where the replaced database is", out)
	}
	if n := devices(t, filepath.Join(data, sqliteFile)); n != inBackup {
		t.Errorf("after the restore the database holds %d players, want the backup's %d", n, inBackup)
	}
	if n := devices(t, filepath.Join(data, sqliteFile+".bak")); n != before {
		t.Errorf("the kept database holds %d players, want the %d it had", n, before)
	}

	// The server starts on what was restored.
	s = startServe(t, data, nil)
	call(t, "POST", s.url+"/api/device/hello", "", map[string]string{"version": "test"}, nil, 200)
	s.stop()
	if err := s.wait(t); err != nil {
		t.Fatalf("Serve on the restored database: %v", err)
	}
	if n := devices(t, filepath.Join(data, sqliteFile)); n != inBackup+1 {
		t.Errorf("the server on the restored database: %d players, want %d", n, inBackup+1)
	}
}

func TestRestoreRefusesWhatIsNotAVitrineDatabase(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	data := t.TempDir()
	s := startServe(t, data, nil)
	s.stop()
	if err := s.wait(t); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "other.db")
	conn, _ := sql.Open("sqlite", "file:"+other)
	if _, err := conn.Exec(`CREATE TABLE notes (id INTEGER)`); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	text := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(text, []byte(strings.Repeat("not a database\n", 100)), 0o644)

	for name, file := range map[string]string{"another SQLite database": other, "a text file": text} {
		t.Run(name, func(t *testing.T) {
			code, _, errs := run(t, "restore", "--data", data, file)
			if code != 1 || !strings.Contains(errs, "not a Vitrine database") {
				t.Errorf("exit %d: %s; want 1 and the reason", code, errs)
			}
			if _, err := os.Stat(filepath.Join(data, sqliteFile+".bak")); err == nil {
				t.Error("the database was replaced")
			}
		})
	}
}

func TestBackupOnPostgreSQLPointsToPgDump(t *testing.T) {
	t.Setenv("DATABASE_URL", "postgres://vitrine@127.0.0.1:1/vitrine")
	for cmd, tool := range map[string]string{"backup": "pg_dump", "restore": "pg_restore"} {
		code, _, errs := run(t, cmd, filepath.Join(t.TempDir(), "x.db"))
		if code != 2 || !strings.Contains(errs, tool) {
			t.Errorf("%s on PostgreSQL: exit %d: %s; want 2 and %s", cmd, code, errs, tool)
		}
	}
}
