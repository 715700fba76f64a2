package dbtest

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// Cluster is a PostgreSQL server of the test's own (initdb in a temporary
// folder, on a free loopback port), so the test may restart it.
type Cluster struct {
	URL  string // postgres://postgres@127.0.0.1:PORT/postgres?sslmode=disable
	bin  string
	data string
	log  string
	cred *syscall.Credential // the user the server runs as (postgres when the test is root)
}

// StartCluster creates and starts a private PostgreSQL server, stopped when
// the test ends. It skips the test when the PostgreSQL binaries are not
// installed, or when running as root and there is no postgres user to run
// them as (PostgreSQL refuses to run as root).
func StartCluster(t testing.TB) *Cluster {
	t.Helper()
	bin := postgresBin()
	if bin == "" {
		t.Skip("the PostgreSQL server binaries (initdb, pg_ctl in /usr/lib/postgresql/*/bin or PATH) are not installed")
	}
	c := &Cluster{bin: bin}
	dir := t.TempDir()
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skip("running as root and there is no postgres user to run a PostgreSQL server as")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		c.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		// The server's user must reach the folder: t.TempDir's parent is
		// private to root.
		if err := os.Chmod(filepath.Dir(dir), 0o711); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Skipf("cannot give the folder to the postgres user: %v", err)
		}
	}
	c.data = filepath.Join(dir, "data")
	c.log = filepath.Join(dir, "server.log")
	port := freePort(t)

	c.run(t, "initdb", "-D", c.data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
	conf := fmt.Sprintf("\nport = %d\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\n"+
		"max_connections = 100\nshared_buffers = 16MB\nfsync = off\nsynchronous_commit = off\nfull_page_writes = off\n",
		port, dir)
	f, err := os.OpenFile(filepath.Join(c.data, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString(conf)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	c.run(t, "pg_ctl", "-D", c.data, "-l", c.log, "-w", "-t", "30", "start")
	t.Cleanup(func() {
		cmd := c.command("pg_ctl", "-D", c.data, "-m", "immediate", "-w", "stop")
		_ = cmd.Run()
	})
	c.URL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	return c
}

// Restart is `pg_ctl restart -m fast`: the server ends every session (57P01)
// and comes back on the same port; it returns once the server accepts
// connections again.
func (c *Cluster) Restart(t testing.TB) {
	t.Helper()
	c.run(t, "pg_ctl", "-D", c.data, "-l", c.log, "-m", "fast", "-w", "-t", "30", "restart")
}

func (c *Cluster) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(c.bin, name), args...)
	cmd.Env = append(os.Environ(), "LC_ALL=C", "LANG=C")
	cmd.Dir = os.TempDir()
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	}
	return cmd
}

func (c *Cluster) run(t testing.TB, name string, args ...string) {
	t.Helper()
	cmd := c.command(name, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Run(); err != nil {
		serverLog, _ := os.ReadFile(c.log)
		t.Fatalf("%s: %v\n%s\n%s", name, err, out.Bytes(), serverLog)
	}
	t.Logf("%s took %v", name, time.Since(start).Round(time.Millisecond))
}

// postgresBin finds the folder of initdb and pg_ctl: the newest
// /usr/lib/postgresql/N/bin, else PATH.
func postgresBin() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return vi > vj
	})
	for _, d := range dirs {
		if isFile(filepath.Join(d, "initdb")) && isFile(filepath.Join(d, "pg_ctl")) {
			return d
		}
	}
	initdb, err := exec.LookPath("initdb")
	if err != nil {
		return ""
	}
	if _, err := exec.LookPath("pg_ctl"); err != nil {
		return ""
	}
	return filepath.Dir(initdb)
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}

func freePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
