// Package miniotest starts a real MinIO server for tests of the S3 backend.
// The binary is $MINIO_BIN, else $VITRINE_TOOLS/minio or
// ~/.cache/vitrine-tools/minio (made by scripts/ensure-minio.sh), else minio
// on PATH; when none can be started
// the test is skipped with the reason.
package miniotest

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vitrine/internal/freeport"
	"vitrine/internal/objects"
)

// Server is a running MinIO with one empty bucket.
type Server struct {
	Endpoint  string // host:port
	AccessKey string
	SecretKey string
	Bucket    string
}

// StorageURL is the STORAGE_URL that reaches the server's bucket.
func (s Server) StorageURL() string {
	return fmt.Sprintf("s3://%s:%s@%s/%s?secure=false&region=us-east-1", s.AccessKey, s.SecretKey, s.Endpoint, s.Bucket)
}

// Binary finds the MinIO server program, or "".
func Binary() string {
	if b := os.Getenv("MINIO_BIN"); b != "" {
		return b
	}
	home, _ := os.UserHomeDir()
	candidates := []string{filepath.Join(home, ".cache/vitrine-tools/minio"), "/root/.cache/vitrine-tools/minio"}
	if d := os.Getenv("VITRINE_TOOLS"); d != "" {
		candidates = append([]string{filepath.Join(d, "minio")}, candidates...)
	}
	for _, p := range candidates {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	if p, err := exec.LookPath("minio"); err == nil {
		return p
	}
	return ""
}

// Start runs a MinIO server for the test on a free port with a temporary
// data folder, waits until it answers, creates a bucket and stops it all
// at the end of the test.
func Start(t testing.TB) Server {
	t.Helper()
	bin := Binary()
	if bin == "" {
		t.Skip("no MinIO server binary: run scripts/ensure-minio.sh (or set MINIO_BIN) to test the S3 backend")
	}
	port, err := freeport.Loopback()
	if err != nil {
		t.Skipf("no free port for MinIO: %v", err)
	}
	consolePort, err := freeport.Loopback()
	if err != nil {
		t.Skipf("no free port for MinIO: %v", err)
	}
	s := Server{Endpoint: fmt.Sprintf("127.0.0.1:%d", port), AccessKey: "vitrinetest", SecretKey: "vitrinetest-secret", Bucket: "media"}
	dir := t.TempDir()
	cmd := exec.Command(bin, "server", "--quiet", "--address", s.Endpoint,
		"--console-address", fmt.Sprintf("127.0.0.1:%d", consolePort), dir)
	cmd.Env = append(os.Environ(), "MINIO_ROOT_USER="+s.AccessKey, "MINIO_ROOT_PASSWORD="+s.SecretKey,
		"MINIO_BROWSER=off", "MINIO_UPDATE=off")
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot start MinIO (%s): %v", bin, err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})

	deadline := time.Now().Add(60 * time.Second)
	for {
		res, err := http.Get("http://" + s.Endpoint + "/minio/health/ready")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		select {
		case <-exited:
			t.Skipf("MinIO exited before it was ready: %s", out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Skipf("MinIO did not become ready within 60 s: %s", out.String())
		}
		time.Sleep(100 * time.Millisecond)
	}

	cfg, err := objects.ParseS3URL(s.StorageURL())
	if err != nil {
		t.Fatal(err)
	}
	store, err := objects.NewS3(cfg, "")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := store.EnsureBucket(ctx, cfg.Region); err != nil {
		t.Fatalf("create bucket: %v", err)
	}
	return s
}
