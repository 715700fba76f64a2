// Command vitrine-cluster runs the cluster recipe of deploy/ on loopback and
// checks it end to end (`make test-cluster`): a fresh PostgreSQL database,
// a MinIO server, two bin/vitrine replicas sharing both, and nginx with
// deploy/nginx/vitrine.conf in front of them. Through the balancer only, it
// logs in, uploads a media through one replica and reads it through the
// other, follows a player that receives schedules saved through the other
// replica, restarts both replicas one after the other with SIGTERM while a
// client keeps calling the API, and reads both replicas' metrics. It prints
// the push latency, the requests that failed during the restart and how
// long the player was dark (docs/performance.md, "Cluster").
//
// It exits 0 when the flow passes, 1 when it fails, and prints
// "test-cluster: skipped (…)" and exits 0 when nginx, MinIO or PostgreSQL
// is not at hand.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"vitrine/internal/objects/miniotest"
)

const (
	adminEmail    = "admin@cluster.test"
	adminPassword = "Cluster#Vitrine1"
)

type options struct {
	binary, database, nginx, site string
	keep                          bool
}

var logStart = time.Now()

func logf(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "[%5.1fs] "+format+"\n", append([]any{time.Since(logStart).Seconds()}, a...)...)
}

// skip says why the test cannot run here and ends the program with 0.
func skip(format string, a ...any) {
	why := strings.Join(strings.Fields(fmt.Sprintf(format, a...)), " ")
	fmt.Printf("test-cluster: skipped (%s)\n", why)
	os.Exit(0)
}

func main() {
	var o options
	defaultDB := os.Getenv("TEST_DATABASE_URL")
	if defaultDB == "" {
		defaultDB = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	}
	flag.StringVar(&o.binary, "binary", "./bin/vitrine", "the server binary (make build)")
	flag.StringVar(&o.database, "database", defaultDB, "a PostgreSQL database to connect to; a fresh database is created beside it and dropped at the end")
	flag.StringVar(&o.nginx, "nginx", "", "the nginx binary (default: nginx on PATH or /usr/sbin/nginx)")
	flag.StringVar(&o.site, "site", "deploy/nginx/vitrine.conf", "the nginx site configuration to run")
	flag.BoolVar(&o.keep, "keep", false, "keep the run's folder (logs, configurations)")
	flag.Parse()

	if _, err := os.Stat(o.binary); err != nil {
		fmt.Fprintf(os.Stderr, "vitrine-cluster: %s: %v (make build)\n", o.binary, err)
		os.Exit(1)
	}
	if o.nginx == "" {
		o.nginx, _ = exec.LookPath("nginx")
		if o.nginx == "" {
			if _, err := os.Stat("/usr/sbin/nginx"); err == nil {
				o.nginx = "/usr/sbin/nginx"
			}
		}
	}
	if o.nginx == "" {
		skip("no nginx: apt-get install nginx, or scripts/ensure-nginx.sh as root")
	}
	minio := miniotest.Binary()
	if minio == "" {
		skip("no MinIO server binary: scripts/ensure-minio.sh builds one")
	}
	dbURL, dropDB, err := freshDatabase(o.database)
	if err != nil {
		skip("no PostgreSQL at %s: %v", redact(o.database), err)
	}
	dir, err := os.MkdirTemp("", "vitrine-cluster-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "vitrine-cluster:", err)
		os.Exit(1)
	}
	c := &cluster{opts: o, dir: dir, databaseURL: dbURL, minioBin: minio}
	res, err := c.run()
	c.shutdown()
	dropDB()
	if err != nil {
		logf("FAILED: %v", err)
		logf("logs and configurations are kept in %s", dir)
		for _, r := range c.replicas {
			if r != nil {
				tail(r.logPath, 15)
			}
		}
		tail(filepath.Join(dir, "nginx", "error.log"), 15)
		fmt.Println("test-cluster: FAILED")
		os.Exit(1)
	}
	if o.keep {
		logf("the run's folder: %s", dir)
	} else {
		os.RemoveAll(dir)
	}
	res.print()
}

// result is what the run measured.
type result struct {
	took          time.Duration
	push          []time.Duration // save on the other replica -> playlist at the player
	dark          []time.Duration // 1012 close -> the playlist again, one per restart
	stops         []time.Duration // SIGTERM -> the replica's exit
	requests      int
	failed        []string
	metrics       []string // one line per replica
	uploadBytes   int
	mediaReplicas [2]string
}

func (r result) print() {
	fmt.Printf("test-cluster: passed in %.1f s (2 replicas, PostgreSQL, MinIO, nginx with deploy/nginx/vitrine.conf)\n", r.took.Seconds())
	fmt.Printf("  upload: %d bytes registered through %s, read back through %s\n", r.uploadBytes, r.mediaReplicas[0], r.mediaReplicas[1])
	fmt.Printf("  push latency through nginx (save on the other replica -> playlist at the player): median %s, max %s over %d saves\n",
		ms(median(r.push)), ms(slices.Max(r.push)), len(r.push))
	fmt.Printf("  rolling restart (SIGTERM, start again, then the next replica): SIGTERM to exit 0 in %s\n", joinMS(r.stops))
	fmt.Printf("  requests through nginx during the restart: %d sent, %d failed\n", r.requests, len(r.failed))
	fmt.Printf("  player dark time (1012 close -> playlist from the other replica): %s\n", joinMS(r.dark))
	for _, m := range r.metrics {
		fmt.Printf("  metrics: %s\n", m)
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d.Microseconds())/1000) }

func joinMS(ds []time.Duration) string {
	var parts []string
	for _, d := range ds {
		parts = append(parts, ms(d))
	}
	return strings.Join(parts, ", ")
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// tail prints the last n lines of a log file.
func tail(path string, n int) {
	b, err := os.ReadFile(path)
	if err != nil {
		return
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	fmt.Fprintf(os.Stderr, "--- %s (last %d lines)\n%s\n", path, len(lines), strings.Join(lines, "\n"))
}

func timeoutCtx(d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), d)
}
