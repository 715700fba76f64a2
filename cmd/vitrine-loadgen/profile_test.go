package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/http/pprof"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A profile asked for a minute ends when the run says so, and is written
// whole (gzipped, as Go's profiles are).
func TestTheProfileEndsWhenStopped(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	file := filepath.Join(t.TempDir(), "cpu.pprof")
	start := time.Now()
	stop, err := profileUntil(srv.URL, file, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	busy := time.Now().Add(300 * time.Millisecond)
	for x := 0; time.Now().Before(busy); x++ {
		_ = x * x
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Fatalf("the profile ended %s after it began", took)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
		t.Fatalf("not a gzipped profile: %d bytes, %q…", len(b), b[:min(len(b), 16)])
	}
	if err := stop(); err != nil {
		t.Fatalf("a second stop: %v", err)
	}
}
