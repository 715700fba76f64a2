package main

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// checkMetrics reads both replicas' /metrics: each must have counted the
// requests nginx sent it, and the replica holding the player must count
// it as connected.
func (c *cluster) checkMetrics(res *result, playerOn int) error {
	for i, r := range c.replicas {
		m, err := scrape("http://" + r.metricsAddr + "/metrics")
		if err != nil {
			return fmt.Errorf("%s metrics: %w", r.name, err)
		}
		requests := m["vitrine_http_request_duration_seconds_count"]
		players := m["vitrine_players_connected"]
		if requests == 0 {
			return fmt.Errorf("%s metrics show no requests", r.name)
		}
		if want := map[bool]float64{true: 1, false: 0}[i == playerOn]; players != want {
			return fmt.Errorf("%s metrics show %v players connected, want %v", r.name, players, want)
		}
		res.metrics = append(res.metrics, fmt.Sprintf("%s counted %.0f requests, %.0f player(s) connected, %.0f push acks",
			r.name, requests, players, m["vitrine_push_ack_seconds_count"]))
	}
	return nil
}

// scrape sums each metric's samples over their labels.
func scrape(u string) (map[string]float64, error) {
	res, err := client.Get(u)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		return nil, fmt.Errorf("GET %s: %d", u, res.StatusCode)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		name, rest, _ := strings.Cut(line, " ")
		if i := strings.IndexByte(name, '{'); i >= 0 {
			// Labels may hold spaces: the value follows the closing brace.
			end := strings.LastIndexByte(line, '}')
			name, rest = line[:i], strings.TrimSpace(line[end+1:])
		}
		v, err := strconv.ParseFloat(strings.Fields(rest)[0], 64)
		if err == nil {
			out[name] += v
		}
	}
	return out, sc.Err()
}
