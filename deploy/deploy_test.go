// Package deploy holds the files an operator installs beside bin/vitrine
// (systemd units, the nginx balancer, the Grafana dashboard, Prometheus
// alerting rules); its test checks the dashboard and the rules against the
// metrics a replica really serves.
package deploy

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"vitrine/internal/app"
	"vitrine/internal/config"
	"vitrine/internal/metrics"
)

// exported returns every series name a replica's GET /metrics serves: the
// families of its registry, with the _bucket, _sum and _count series of
// histograms and summaries. One observation of each labelled metric makes
// it appear.
func exported(t *testing.T) map[string]bool {
	t.Helper()
	a, err := app.New(context.Background(), config.Config{
		DataDir: t.TempDir(), Addr: "127.0.0.1:0", PublicURL: "http://x", LogLevel: "error",
	}, app.Options{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	a.Metrics.ObserveRequest("GET /api/health", 200, time.Millisecond)
	a.Metrics.AddUploadBytes(metrics.UploadMedia, 1)
	a.Metrics.DeliveryFailed("email")
	a.Metrics.PushAcked(time.Millisecond)

	rec := httptest.NewRecorder()
	a.Metrics.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	names := map[string]bool{}
	sc := bufio.NewScanner(rec.Body)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 4 || f[0] != "#" || f[1] != "TYPE" {
			continue
		}
		names[f[2]] = true
		if f[3] == "histogram" || f[3] == "summary" {
			for _, suffix := range []string{"_bucket", "_sum", "_count"} {
				names[f[2]+suffix] = true
			}
		}
	}
	for _, want := range []string{"vitrine_players_connected", "vitrine_tvs", "go_sql_in_use_connections", "process_open_fds"} {
		if !names[want] {
			t.Fatalf("%s missing from the scrape (%d names): the test reads the wrong output", want, len(names))
		}
	}
	return names
}

var (
	quoted    = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\$\w+`)
	seriesRef = regexp.MustCompile(`\b(?:vitrine|go|process)_[a-zA-Z0-9_:]*|\bup\b`)
)

// seriesIn returns the series names a PromQL expression reads, leaving out
// label values and dashboard variables.
func seriesIn(expr string) []string {
	return seriesRef.FindAllString(quoted.ReplaceAllString(expr, `""`), -1)
}

// synthetic are the series Prometheus adds to every scrape itself.
var synthetic = map[string]bool{"up": true}

type dashboard struct {
	UID           string `json:"uid"`
	Title         string `json:"title"`
	SchemaVersion int    `json:"schemaVersion"`
	Templating    struct {
		List []struct {
			Name string `json:"name"`
			Type string `json:"type"`
		} `json:"list"`
	} `json:"templating"`
	Panels []struct {
		ID         int    `json:"id"`
		Type       string `json:"type"`
		Title      string `json:"title"`
		Datasource *struct {
			Type string `json:"type"`
			UID  string `json:"uid"`
		} `json:"datasource"`
		GridPos struct{ H, W, X, Y int } `json:"gridPos"`
		Targets []struct {
			RefID string `json:"refId"`
			Expr  string `json:"expr"`
		} `json:"targets"`
	} `json:"panels"`
}

func TestTheDashboardReadsOnlyExportedMetrics(t *testing.T) {
	raw, err := os.ReadFile("grafana/vitrine.json")
	if err != nil {
		t.Fatal(err)
	}
	var d dashboard
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	if err := dec.Decode(&d); err != nil {
		t.Fatalf("grafana/vitrine.json is not valid JSON: %v", err)
	}
	if dec.More() {
		t.Fatal("grafana/vitrine.json has data after its object")
	}
	if d.UID == "" || d.Title == "" || d.SchemaVersion == 0 || len(d.Panels) == 0 {
		t.Fatalf("uid %q, title %q, schemaVersion %d, %d panels: not a dashboard", d.UID, d.Title, d.SchemaVersion, len(d.Panels))
	}
	if !slices.ContainsFunc(d.Templating.List, func(v struct {
		Name string `json:"name"`
		Type string `json:"type"`
	}) bool {
		return v.Name == "datasource" && v.Type == "datasource"
	}) {
		t.Fatal("no datasource variable: the dashboard would be tied to one Grafana's data source")
	}

	names := exported(t)
	ids := map[int]bool{}
	read := map[string]bool{}
	for _, p := range d.Panels {
		if ids[p.ID] {
			t.Errorf("panel id %d used twice", p.ID)
		}
		ids[p.ID] = true
		if p.GridPos.W < 1 || p.GridPos.X < 0 || p.GridPos.X+p.GridPos.W > 24 || p.GridPos.H < 1 {
			t.Errorf("panel %q: gridPos %+v outside Grafana's 24 columns", p.Title, p.GridPos)
		}
		if p.Type == "row" {
			continue
		}
		if p.Title == "" || len(p.Targets) == 0 {
			t.Errorf("panel %d (%q) has no title or no query", p.ID, p.Title)
		}
		if p.Datasource == nil || p.Datasource.Type != "prometheus" || p.Datasource.UID != "${datasource}" {
			t.Errorf("panel %q: data source %+v, want prometheus ${datasource}", p.Title, p.Datasource)
		}
		refs := map[string]bool{}
		for _, tg := range p.Targets {
			if tg.RefID == "" || refs[tg.RefID] {
				t.Errorf("panel %q: refId %q empty or repeated", p.Title, tg.RefID)
			}
			refs[tg.RefID] = true
			used := seriesIn(tg.Expr)
			if len(used) == 0 {
				t.Errorf("panel %q: %q reads no Vitrine series", p.Title, tg.Expr)
			}
			for _, n := range used {
				read[n] = true
				if !names[n] && !synthetic[n] {
					t.Errorf("panel %q reads %s, which no replica exports", p.Title, n)
				}
			}
		}
	}
	for _, want := range []string{
		"vitrine_http_request_duration_seconds_count", "vitrine_push_ack_seconds_bucket", "vitrine_players_connected",
		"vitrine_tvs", "vitrine_outbox_delivery_failures_total", "go_sql_in_use_connections",
	} {
		if !read[want] {
			t.Errorf("no panel shows %s", want)
		}
	}
}

type ruleFile struct {
	Groups []struct {
		Name  string `yaml:"name"`
		Rules []struct {
			Alert       string            `yaml:"alert"`
			Expr        string            `yaml:"expr"`
			For         string            `yaml:"for"`
			Labels      map[string]string `yaml:"labels"`
			Annotations map[string]string `yaml:"annotations"`
		} `yaml:"rules"`
	} `yaml:"groups"`
}

func TestTheAlertRulesReadOnlyExportedMetrics(t *testing.T) {
	raw, err := os.ReadFile("prometheus/rules.yml")
	if err != nil {
		t.Fatal(err)
	}
	var f ruleFile
	if err := yaml.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	names := exported(t)
	read := map[string]bool{}
	alerts := 0
	for _, g := range f.Groups {
		for _, r := range g.Rules {
			alerts++
			if r.Alert == "" || r.Annotations["summary"] == "" || r.Annotations["description"] == "" {
				t.Errorf("rule %q: an alert needs a name, a summary and a description", r.Alert)
			}
			if s := r.Labels["severity"]; s != "critical" && s != "warning" {
				t.Errorf("rule %q: severity %q, want critical or warning", r.Alert, s)
			}
			for _, n := range seriesIn(r.Expr) {
				read[n] = true
				if !names[n] && !synthetic[n] {
					t.Errorf("rule %q reads %s, which no replica exports", r.Alert, n)
				}
			}
		}
	}
	if alerts == 0 {
		t.Fatal("no alerting rules")
	}
	for _, want := range []string{
		"vitrine_http_request_duration_seconds_count", "vitrine_push_ack_seconds_bucket", "vitrine_players_connected",
		"vitrine_outbox_delivery_failures_total", "go_sql_in_use_connections",
	} {
		if !read[want] {
			t.Errorf("no rule watches %s", want)
		}
	}
}

func TestSeriesNamesAreFoundInPromQL(t *testing.T) {
	got := seriesIn(`sum by (route) (rate(vitrine_http_request_duration_seconds_count{job="$job", route!~"GET /api/go_x"}[$__rate_interval])) / up`)
	want := []string{"vitrine_http_request_duration_seconds_count", "up"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}
