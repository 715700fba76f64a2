package main

import (
	"database/sql"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // CREATE / DROP DATABASE of the run's own database

	"vitrine/internal/freeport"
)

// cluster is everything the run started.
type cluster struct {
	opts        options
	dir         string
	databaseURL string
	minioBin    string

	minio       *process
	storageURL  string
	replicas    [2]*replica
	nginx       *process
	lb          string    // http://127.0.0.1:PORT, the balancer
	pinned      [2]string // nginx in front of one replica each, for the "other replica" calls
	withMetrics bool
}

// process is a child process; it dies with this program.
type process struct {
	name string
	cmd  *exec.Cmd
	exit chan struct{}
}

func start(name, logPath string, env []string, bin string, args ...string) (*process, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &process{name: name, cmd: cmd, exit: make(chan struct{})}
	go func() { cmd.Wait(); logFile.Close(); close(p.exit) }()
	return p, nil
}

func (p *process) alive() bool {
	select {
	case <-p.exit:
		return false
	default:
		return true
	}
}

// stop sends sig and waits up to limit for the exit, then kills.
func (p *process) stop(sig os.Signal, limit time.Duration) (time.Duration, int) {
	began := time.Now()
	if p.alive() {
		p.cmd.Process.Signal(sig)
		select {
		case <-p.exit:
		case <-time.After(limit):
			logf("%s did not stop within %s of %v: killed", p.name, limit, sig)
			p.cmd.Process.Kill()
			<-p.exit
		}
	}
	return time.Since(began), p.cmd.ProcessState.ExitCode()
}

// replica is one `vitrine serve`.
type replica struct {
	*process
	name        string
	addr        string // 127.0.0.1:PORT
	metricsAddr string
	dataDir     string
	logPath     string
}

func (c *cluster) startMinIO() error {
	port, err := freeport.Loopback()
	if err != nil {
		return err
	}
	console, err := freeport.Loopback()
	if err != nil {
		return err
	}
	endpoint := "127.0.0.1:" + strconv.Itoa(port)
	env := append(os.Environ(), "MINIO_ROOT_USER=vitrinecluster", "MINIO_ROOT_PASSWORD=vitrinecluster-secret",
		"MINIO_BROWSER=off", "MINIO_UPDATE=off")
	c.minio, err = start("minio", filepath.Join(c.dir, "minio.log"), env, c.minioBin,
		"server", "--quiet", "--address", endpoint, "--console-address", "127.0.0.1:"+strconv.Itoa(console),
		filepath.Join(c.dir, "minio-data"))
	if err != nil {
		return err
	}
	// The first replica creates the bucket and makes its media public.
	c.storageURL = "s3://vitrinecluster:vitrinecluster-secret@" + endpoint + "/media?secure=false&region=us-east-1"
	return waitHTTP(c.minio, "http://"+endpoint+"/minio/health/ready", 60*time.Second)
}

// startReplica starts replica i (0 or 1): on free ports the first time,
// on the same ones again after a stop.
func (c *cluster) startReplica(i int) error {
	r := c.replicas[i]
	if r == nil {
		port, err := freeport.Loopback()
		if err != nil {
			return err
		}
		mport, err := freeport.Loopback()
		if err != nil {
			return err
		}
		name := fmt.Sprintf("replica%d", i+1)
		r = &replica{name: name, addr: "127.0.0.1:" + strconv.Itoa(port), metricsAddr: "127.0.0.1:" + strconv.Itoa(mport),
			dataDir: filepath.Join(c.dir, name), logPath: filepath.Join(c.dir, name+".log")}
		c.replicas[i] = r
	}
	env := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"),
		"DATABASE_URL=" + c.databaseURL,
		"STORAGE_URL=" + c.storageURL,
		"VITRINE_PUBLIC_URL=" + c.lb,
		"VITRINE_TRUSTED_PROXIES=127.0.0.1",
		"VITRINE_ADMIN_EMAIL=" + adminEmail, "VITRINE_ADMIN_PASSWORD=" + adminPassword,
		"VITRINE_NEW_DEVICES_PER_ADDRESS=0",
		"VITRINE_SHUTDOWN_TIMEOUT=30s",
	}
	if c.withMetrics {
		env = append(env, "VITRINE_METRICS_ADDR="+r.metricsAddr)
	}
	p, err := start(r.name, r.logPath, env, c.opts.binary, "serve", "--addr", r.addr, "--data", r.dataDir, "--log-level", "warn")
	if err != nil {
		return err
	}
	r.process = p
	return waitHTTP(p, "http://"+r.addr+"/api/health", 60*time.Second)
}

// startNginx runs the site configuration with this run's ports, as this
// user, with every path in the run's folder.
func (c *cluster) startNginx() error {
	site, err := os.ReadFile(c.opts.site)
	if err != nil {
		return err
	}
	lbPort := strings.TrimPrefix(c.lb, "http://127.0.0.1:")
	text := string(site)
	for old, repl := range map[string]string{
		"server 127.0.0.1:8081": "server " + c.replicas[0].addr,
		"server 127.0.0.1:8082": "server " + c.replicas[1].addr,
		"listen 80;":            "listen 127.0.0.1:" + lbPort + ";",
		"listen [::]:80;":       "",
		"/var/log/nginx/":       filepath.Join(c.dir, "nginx") + "/",
	} {
		if !strings.Contains(text, old) {
			return fmt.Errorf("%s has no %q to point at this run", c.opts.site, old)
		}
		text = strings.ReplaceAll(text, old, repl)
	}
	// Pinned entrances, one per replica, only for the calls that must reach
	// a given replica ("upload through one, read through the other").
	for i, r := range c.replicas {
		port, err := freeport.Loopback()
		if err != nil {
			return err
		}
		c.pinned[i] = fmt.Sprintf("http://127.0.0.1:%d", port)
		text += fmt.Sprintf(`
server {
    listen 127.0.0.1:%d;
    client_max_body_size 51m;
    location / {
        proxy_pass http://%s;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
}
`, port, r.addr)
	}
	ngx := filepath.Join(c.dir, "nginx")
	for _, d := range []string{"", "body", "proxy", "fastcgi", "uwsgi", "scgi"} {
		if err := os.MkdirAll(filepath.Join(ngx, d), 0o755); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(ngx, "vitrine.conf"), []byte(text), 0o644); err != nil {
		return err
	}
	user := ""
	if os.Getuid() == 0 {
		user = "user root;" // workers would otherwise run as nobody, without access to the run's folder
	}
	main := fmt.Sprintf(`%s
daemon off;
worker_processes 1;
pid %[2]s/nginx.pid;
error_log %[2]s/error.log warn;
events { worker_connections 1024; }
http {
    client_body_temp_path %[2]s/body;
    proxy_temp_path %[2]s/proxy;
    fastcgi_temp_path %[2]s/fastcgi;
    uwsgi_temp_path %[2]s/uwsgi;
    scgi_temp_path %[2]s/scgi;
    # Which replica answered, for the test only (the site file adds no headers).
    add_header X-Vitrine-Upstream $upstream_addr always;
    include %[2]s/vitrine.conf;
}
`, user, ngx)
	conf := filepath.Join(ngx, "nginx.conf")
	if err := os.WriteFile(conf, []byte(main), 0o644); err != nil {
		return err
	}
	check := exec.Command(c.opts.nginx, "-t", "-p", ngx+"/", "-c", conf, "-e", filepath.Join(ngx, "error.log"))
	if out, err := check.CombinedOutput(); err != nil {
		return fmt.Errorf("nginx -t: %v: %s", err, out)
	}
	c.nginx, err = start("nginx", filepath.Join(ngx, "stderr.log"), os.Environ(), c.opts.nginx,
		"-p", ngx+"/", "-c", conf, "-e", filepath.Join(ngx, "error.log"))
	if err != nil {
		return err
	}
	return waitHTTP(c.nginx, c.lb+"/api/health", 20*time.Second)
}

// shutdown stops whatever is still running.
func (c *cluster) shutdown() {
	for _, r := range c.replicas {
		if r != nil && r.process != nil {
			r.stop(syscall.SIGTERM, 40*time.Second)
		}
	}
	if c.nginx != nil {
		c.nginx.stop(syscall.SIGQUIT, 10*time.Second)
	}
	if c.minio != nil {
		c.minio.stop(syscall.SIGTERM, 10*time.Second)
	}
}

// waitHTTP polls u until it answers 200, p exits or the limit passes.
func waitHTTP(p *process, u string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		res, err := http.Get(u)
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return nil
			}
		}
		select {
		case <-p.exit:
			return fmt.Errorf("%s exited at start (%v)", p.name, p.cmd.ProcessState)
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s: %s did not answer 200 within %s", p.name, u, limit)
		}
	}
}

// freshDatabase creates an empty database on the server base points at and
// returns its address and a function that drops it.
func freshDatabase(base string) (string, func(), error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", nil, err
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	ctx, cancel := timeoutCtx(10 * time.Second)
	defer cancel()
	if err := admin.PingContext(ctx); err != nil {
		admin.Close()
		return "", nil, err
	}
	name := fmt.Sprintf("vitrine_cluster_%d_%d", time.Now().Unix(), os.Getpid())
	if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+name); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("create database %s: %w", name, err)
	}
	drop := func() {
		ctx, cancel := timeoutCtx(30 * time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`); err != nil {
			logf("drop database %s: %v (drop it by hand)", name, err)
		}
		admin.Close()
	}
	u.Path = "/" + name
	q := u.Query()
	if q.Get("sslmode") == "" {
		q.Set("sslmode", "disable")
	}
	q.Del("search_path")
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}

// redact hides a password in a database address.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "the database address"
	}
	return u.Redacted()
}
