package app

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"vitrine/internal/config"
)

func TestServeAnswersMetricsOnTheirOwnAddressWhileItRuns(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	metricsAddr := ln.Addr().String()
	ln.Close()
	cfg, err := config.Parse([]string{"--addr", "127.0.0.1:0", "--data", t.TempDir(), "--log-level", "error"},
		func(k string) string {
			if k == "VITRINE_METRICS_ADDR" {
				return metricsAddr
			}
			return ""
		}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, cfg, io.Discard) }()

	scrape := func() (string, error) {
		res, err := http.Get("http://" + metricsAddr + "/metrics")
		if err != nil {
			return "", err
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		return string(b), err
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		body, err := scrape()
		if err == nil && strings.Contains(body, "vitrine_players_connected 0") &&
			strings.Contains(body, `go_sql_max_open_connections{db_name="sqlite"} 8`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no metrics at %s within 30 s: %v %.300s", metricsAddr, err, body)
		}
		time.Sleep(50 * time.Millisecond)
	}

	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("Serve did not return within 60 s of its stop")
	}
	if _, err := scrape(); err == nil {
		t.Error("metrics still answered after Serve returned")
	}
}
