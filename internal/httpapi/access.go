package httpapi

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"vitrine/internal/ids"
	"vitrine/internal/metrics"
)

// RequestIDHeader names the id every answer carries, and the one a trusted
// proxy may hand in so that its log and ours name a request alike.
const RequestIDHeader = "X-Request-Id"

// maxRequestID bounds an id taken from a proxy.
const maxRequestID = 64

// healthRoute is logged at Debug: load balancers ask every few seconds.
const healthRoute = "GET /api/health"

// access is what the access log and the metrics learn about a request while
// it is served: the route pattern and franchise are filled in by the route's
// handler (register), since only the mux knows them. It is the request's
// context too, which it extends with itself and bounds by its route's time
// limit once the route is known (bound): one allocation per request for
// the four.
type access struct {
	deadlineCtx
	start     time.Time
	id        string
	idHeader  [1]string // the X-Request-Id header's value: id
	route     string
	routeText string // route as the access line writes it
	franchise string
	w         accessWriter
}

type accessKey struct{}

func (a *access) Value(key any) any {
	if _, ok := key.(accessKey); ok {
		return a
	}
	return a.deadlineCtx.Value(key)
}

// answeredStatus is the status of the answer written so far to the
// request being served (200 before anything is written).
func answeredStatus(ctx context.Context) int {
	if a, ok := ctx.Value(accessKey{}).(*access); ok {
		return a.w.answered()
	}
	return http.StatusOK
}

// startedAt is when the request being served came (the clock read once for
// what it does), now outside one.
func startedAt(ctx context.Context) time.Time {
	if a, ok := ctx.Value(accessKey{}).(*access); ok {
		return a.start
	}
	return time.Now()
}

// requestID returns the id of the request being served, "" outside one.
func requestID(ctx context.Context) string {
	if a, ok := ctx.Value(accessKey{}).(*access); ok {
		return a.id
	}
	return ""
}

// ServeHTTP serves one request: it names it (X-Request-Id), routes it, then
// writes its access log line and records its time by route pattern (served:
// its record and log line are not on the stack while the request is served).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	acc := &access{deadlineCtx: deadlineCtx{Context: r.Context()}, start: time.Now(), id: s.requestID(r)}
	acc.idHeader[0] = acc.id
	w.Header()[RequestIDHeader] = acc.idHeader[:] // the key as it is written: canonical
	acc.w.ResponseWriter = w
	r = r.WithContext(acc)
	s.route(&acc.w, r)
	s.served(r, acc)
}

// served records the request acc has served: its time by route, its access
// log line.
func (s *Server) served(r *http.Request, acc *access) {
	aw := &acc.w
	end := time.Now()
	elapsed := end.Sub(acc.start)

	route := acc.route
	if route == "" {
		route = metrics.RouteStatic
		if strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/api" {
			route = metrics.RouteUnmatched
		}
	}
	status := aw.answered()
	s.Metrics.ObserveRequest(route, status, elapsed)

	level := slog.LevelInfo
	if acc.route == healthRoute {
		level = slog.LevelDebug
	}
	handler := s.Log.Handler()
	if !handler.Enabled(r.Context(), level) {
		return
	}
	// Never the query string: links and webhooks carry codes and tokens there.
	line := accessLine{at: end, level: level, id: acc.id, method: r.Method, route: route, routeText: acc.routeText, status: status,
		duration: elapsed, bytes: aw.bytes, client: s.clientIP(r), franchise: acc.franchise}
	if s.LogText != nil {
		writeAccessLine(s.LogText, &line)
		return
	}
	_ = handler.Handle(r.Context(), line.record())
}

// record is the line as a log record, for a handler other than the text
// handler Deps.LogText names. It names no source line (always the same
// one): no stack walk.
func (l *accessLine) record() slog.Record {
	rec := slog.NewRecord(l.at, l.level, "request", 0)
	rec.AddAttrs(
		slog.String("request_id", l.id),
		slog.String("method", l.method),
		slog.String("route", l.route),
		slog.Int("status", l.status),
		slog.Duration("duration", l.duration),
		slog.Int64("bytes", l.bytes),
		slog.String("client", l.client),
	)
	if l.franchise != "" {
		rec.AddAttrs(slog.String("franchise", l.franchise))
	}
	return rec
}

// requestID is the id a trusted proxy sent when it is well formed, else a
// new one. A caller reaching the server directly cannot choose its id, so
// it cannot pass its requests off as someone else's in the log.
func (s *Server) requestID(r *http.Request) string {
	if id := r.Header.Get(RequestIDHeader); id != "" && validRequestID(id) && s.fromTrustedProxy(r) {
		return id
	}
	return newRequestID()
}

// A request's own id is a prefix drawn once per process (72 random bits:
// replicas and restarts do not share it) and the count of requests named
// so far, in base 36: unique, cheap, and nothing to guess that matters.
var (
	requestPrefix = ids.Secret(9) + "-"
	requestCount  atomic.Uint64
)

func newRequestID() string {
	var b [32]byte
	n := copy(b[:], requestPrefix)
	return string(strconv.AppendUint(b[:n], requestCount.Add(1), 36))
}

// fromTrustedProxy tells whether the connection comes from one of the
// trusted proxies.
func (s *Server) fromTrustedProxy(r *http.Request) bool {
	if len(s.TrustedProxies) == 0 {
		return false
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	return err == nil && s.trusted(addr)
}

// validRequestID accepts up to 64 letters, digits and - _ . : (UUIDs,
// nginx's $request_id, AWS trace ids), nothing that could break a log line.
func validRequestID(id string) bool {
	if len(id) > maxRequestID {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '-', c == '_', c == '.', c == ':':
		default:
			return false
		}
	}
	return true
}

// accessWriter notes the status and the bytes of an answer. It hands
// http.ResponseController (deadlines, flushing, hijacking for the players'
// sockets) the writer underneath through Unwrap, and keeps the server's
// sendfile path through ReadFrom.
type accessWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

// answered is the status written, or 200 when nothing was (a handler that
// writes nothing answers 200).
func (w *accessWriter) answered() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

func (w *accessWriter) WriteHeader(code int) {
	if w.status == 0 || w.status < 200 && code >= 200 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *accessWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

func (w *accessWriter) ReadFrom(src io.Reader) (int64, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := io.Copy(w.ResponseWriter, src)
	w.bytes += n
	return n, err
}

func (w *accessWriter) Flush() {
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

func (w *accessWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(w.ResponseWriter).Hijack()
}

func (w *accessWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// HijackedStatus records the status a handler answered on the connection
// it took over (a WebSocket handshake's 101, or its refusal), which no
// WriteHeader saw.
func (w *accessWriter) HijackedStatus(code int) {
	if w.status == 0 {
		w.status = code
	}
}
