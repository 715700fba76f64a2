// Package metrics keeps the numbers an operator watches — request times,
// the database pool, the outbox, connected players, push latency, command
// jobs, upload bytes — and serves them in the Prometheus text format on a
// listener of their own (VITRINE_METRICS_ADDR), never on the public port.
// Every instance has a registry of its own, so several apps in one process
// (tests, replicas) never share or collide on a metric.
//
// The observing methods are safe on a nil *Metrics: code that records a
// number never needs to know whether metrics are on.
package metrics

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Route labels of requests no route pattern matched: an API path that does
// not exist, and the console's files (with its fallback to index.html).
const (
	RouteUnmatched = "unmatched"
	RouteStatic    = "static"
)

// Upload kinds of vitrine_upload_bytes_total.
const (
	UploadMedia         = "media"          // a library file sent to POST /files/upload
	UploadCommandResult = "command_result" // a screenshot or video a player sends back
)

// queryTimeout bounds each query a scrape runs, so a slow database delays a
// scrape by seconds at most and never piles scrapes up.
const queryTimeout = 2 * time.Second

// Metrics is one app's registry and the metrics it records.
type Metrics struct {
	reg *prometheus.Registry
	log *slog.Logger

	requests *prometheus.HistogramVec
	// requestsBy are requests' children by route and status, looked up
	// once each (the vector's own look-up hashes both labels and formats
	// the status on every call): replaced whole when one is added, read
	// without a lock.
	requestsBy       atomic.Pointer[map[routeStatus]prometheus.Observer]
	requestsByMu     sync.Mutex
	uploadBytes      *prometheus.CounterVec
	deliveryFailures *prometheus.CounterVec
	pushAck          prometheus.Histogram
}

// New returns a registry holding the Go runtime and process collectors and
// the app's own metrics; Watch* add the ones read at scrape time.
func New(log *slog.Logger) *Metrics {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		log: log,
		requests: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "vitrine_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route pattern and status code (the players' socket: time to upgrade).",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route", "code"}),
		uploadBytes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "vitrine_upload_bytes_total",
			Help: "Bytes of files received and stored by this replica, by kind (media, command_result).",
		}, []string{"kind"}),
		deliveryFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "vitrine_outbox_delivery_failures_total",
			Help: "Failed delivery attempts of outbox messages, by channel (each retry counts).",
		}, []string{"channel"}),
		pushAck: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "vitrine_push_ack_seconds",
			Help:    "Time from queuing a changed playlist for a player to the player's ack of it.",
			Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60},
		}),
	}
	m.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.uploadBytes, m.deliveryFailures, m.pushAck,
	)
	return m
}

// Handler serves the registry in the Prometheus text format. A metric
// whose query fails is left out (and logged); the others are still served.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{
		ErrorLog:      errorLog{m.log},
		ErrorHandling: promhttp.ContinueOnError,
		Registry:      m.reg,
	})
}

// ObserveRequest records one answered request. route is the route pattern
// that matched ("GET /api/store/{franchise}"), RouteUnmatched or
// RouteStatic — never a raw path, so the label's values stay few.
func (m *Metrics) ObserveRequest(route string, status int, d time.Duration) {
	if m == nil {
		return
	}
	key := routeStatus{route, status}
	if by := m.requestsBy.Load(); by != nil {
		if o, ok := (*by)[key]; ok {
			o.Observe(d.Seconds())
			return
		}
	}
	m.requestObserver(key).Observe(d.Seconds())
}

type routeStatus struct {
	route  string
	status int
}

// requestObserver adds the child of key to requestsBy.
func (m *Metrics) requestObserver(key routeStatus) prometheus.Observer {
	m.requestsByMu.Lock()
	defer m.requestsByMu.Unlock()
	by := map[routeStatus]prometheus.Observer{}
	if old := m.requestsBy.Load(); old != nil {
		if o, ok := (*old)[key]; ok {
			return o
		}
		maps.Copy(by, *old)
	}
	o := m.requests.WithLabelValues(key.route, strconv.Itoa(key.status))
	by[key] = o
	m.requestsBy.Store(&by)
	return o
}

// AddUploadBytes counts n bytes of a file received and stored.
func (m *Metrics) AddUploadBytes(kind string, n int64) {
	if m == nil || n <= 0 {
		return
	}
	m.uploadBytes.WithLabelValues(kind).Add(float64(n))
}

// DeliveryFailed counts one failed delivery attempt on channel.
func (m *Metrics) DeliveryFailed(channel string) {
	if m == nil {
		return
	}
	m.deliveryFailures.WithLabelValues(channel).Inc()
}

// PushAcked records the time from queuing a playlist to the player's ack.
func (m *Metrics) PushAcked(d time.Duration) {
	if m == nil {
		return
	}
	m.pushAck.Observe(d.Seconds())
}

// WatchDB exports the connection pool's statistics (go_sql_*), read at
// scrape time, labelled db_name=name.
func (m *Metrics) WatchDB(pool *sql.DB, name string) {
	m.reg.MustRegister(collectors.NewDBStatsCollector(pool, name))
}

// WatchPlayers exports vitrine_players_connected, read at scrape time.
func (m *Metrics) WatchPlayers(connected func() int) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "vitrine_players_connected",
		Help: "Players (TV boxes) holding an authenticated socket to this replica.",
	}, func() float64 { return float64(connected()) }))
}

// WatchCounts exports a gauge with one label whose values count asks the
// database at scrape time (rows per state, say), within a short time limit.
func (m *Metrics) WatchCounts(name, help, label string, count func(ctx context.Context) (map[string]int, error)) {
	m.reg.MustRegister(&countCollector{
		desc:  prometheus.NewDesc(name, help, []string{label}, nil),
		count: count,
	})
}

type countCollector struct {
	desc  *prometheus.Desc
	count func(ctx context.Context) (map[string]int, error)
}

func (c *countCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *countCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), queryTimeout)
	defer cancel()
	counts, err := c.count(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, err)
		return
	}
	for value, n := range counts {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(n), value)
	}
}

// errorLog hands the handler's collection errors to the app's log.
type errorLog struct{ log *slog.Logger }

func (e errorLog) Println(v ...any) {
	e.log.Warn("metrics: collecting failed", "err", fmt.Sprint(v...))
}
