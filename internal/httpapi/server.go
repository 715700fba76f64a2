// Package httpapi is the HTTP face of Vitrine: the JSON API under /api, the
// embedded web apps with SPA fallback, and the mapping of domain errors to
// status codes and the spec's error bodies.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"vitrine/internal/auth"
	"vitrine/internal/db"
	"vitrine/internal/display"
	"vitrine/internal/fault"
	"vitrine/internal/franchise"
	"vitrine/internal/ids"
	"vitrine/internal/media"
	"vitrine/internal/store"
)

// Deps is what the server needs from the rest of the application.
type Deps struct {
	DB     *db.DB
	Log    *slog.Logger
	Now    func() time.Time
	WebFS  fs.FS // built console (index.html, assets/); may be empty
	Health func(ctx context.Context) error
	// TrustedProxies are the load balancers whose X-Forwarded-For is
	// believed when telling the caller's address (login throttling).
	TrustedProxies []netip.Prefix

	Accounts   *auth.Service
	Franchises *franchise.Service
	Stores     *store.Service
	Displays   *display.Service
	Media      *media.Service
}

// Server routes requests to the domain handlers.
type Server struct {
	Deps
	mux    *http.ServeMux
	routes []string
	static http.Handler

	snapshots snapshotCache // overview answers per franchise and revision
}

// New builds the server with every route registered.
func New(d Deps) *Server {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Health == nil {
		d.Health = d.DB.Ping
	}
	s := &Server{Deps: d, mux: http.NewServeMux()}
	s.static = newStaticHandler(d.WebFS)
	s.registerRoutes()
	return s
}

// Routes lists every API route pattern served ("GET /api/user/detail").
func (s *Server) Routes() []string { return append([]string(nil), s.routes...) }

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/api" {
		if _, pattern := s.mux.Handler(r); pattern == "" {
			writeJSON(w, http.StatusNotFound, errorBody{Error: true, StatusCode: 1003, Msg: "Rota não encontrada."})
			return
		}
		s.mux.ServeHTTP(w, r)
		return
	}
	if _, pattern := s.mux.Handler(r); pattern != "" {
		s.mux.ServeHTTP(w, r)
		return
	}
	s.static.ServeHTTP(w, r)
}

type handlerFunc func(w http.ResponseWriter, r *http.Request) error

type userHandlerFunc func(w http.ResponseWriter, r *http.Request, p *auth.Principal) error

// public registers a route that needs no token.
func (s *Server) public(pattern string, h handlerFunc) {
	s.register(pattern, func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			writeError(w, r, s.Log, err)
		}
	})
}

// user registers a route for any signed-in caller. Writes made through an
// impersonation session are recorded in the audit log with both users.
func (s *Server) user(pattern string, h userHandlerFunc) {
	s.register(pattern, func(w http.ResponseWriter, r *http.Request) {
		p, err := auth.Authenticate(r.Context(), s.DB, bearer(r), s.Now())
		if err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		r = r.WithContext(auth.WithPrincipal(r.Context(), p))
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		if err := h(rec, r, p); err != nil {
			writeError(rec, r, s.Log, err)
		}
		if p.AdminUserID != "" && r.Method != http.MethodGet && r.Method != http.MethodHead {
			s.audit(r, p, rec.status)
		}
	})
}

// permitted registers a route for callers holding perm themselves (not
// through impersonation): dispA or userA.
func (s *Server) permitted(pattern, perm string, h userHandlerFunc) {
	s.user(pattern, func(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
		if p.Permissions[perm] != 1 {
			return fault.ErrForbidden
		}
		return h(w, r, p)
	})
}

func (s *Server) register(pattern string, h http.HandlerFunc) {
	s.mux.HandleFunc(pattern, h)
	if strings.Contains(pattern, " /api/") {
		s.routes = append(s.routes, pattern)
	}
}

func (s *Server) audit(r *http.Request, p *auth.Principal, status int) {
	// Detached from the request so a client hanging up does not lose the record.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 5*time.Second)
	defer cancel()
	_, err := s.DB.ExecContext(ctx, `
		INSERT INTO audit_log (id, at, user_id, admin_user_id, method, path, status)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		ids.New(), s.Now().UnixMilli(), p.UserID, p.AdminUserID, r.Method, r.URL.Path, status)
	if err != nil {
		s.Log.Error("audit log write failed", "err", err, "user", p.UserID, "admin", p.AdminUserID)
	}
}

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "Bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// clientIP is the caller's address, used to throttle login attempts. Behind
// trusted proxies it is the nearest address in X-Forwarded-For that is not
// one of them (the leftmost entries are whatever the client claimed).
func (s *Server) clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil || !s.trusted(addr) {
		return host
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(h, ",")...)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		addr = hop.Unmap()
		if !s.trusted(addr) {
			break
		}
	}
	return addr.String()
}

func (s *Server) trusted(addr netip.Addr) bool {
	addr = addr.Unmap()
	for _, p := range s.TrustedProxies {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

type statusRecorder struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
}

func (s *statusRecorder) WriteHeader(code int) {
	if !s.wroteHeader {
		s.status, s.wroteHeader = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.Health(ctx); err != nil {
		s.Log.Warn("health check: database unreachable", "err", err)
		return fault.WithMsg(fault.Unavailable, 1500, "Banco de dados indisponível.")
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": s.DB.Dialect().String()})
	return nil
}
