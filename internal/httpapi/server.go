// Package httpapi is the HTTP face of Vitrine: the JSON API under /api, the
// embedded web apps with SPA fallback, and the mapping of domain errors to
// status codes and the spec's error bodies.
package httpapi

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"time"

	"vitrine/api"
	"vitrine/internal/advertise"
	"vitrine/internal/alerts"
	"vitrine/internal/apitoken"
	"vitrine/internal/audit"
	"vitrine/internal/auth"
	"vitrine/internal/change"
	"vitrine/internal/command"
	"vitrine/internal/device"
	"vitrine/internal/display"
	"vitrine/internal/fault"
	"vitrine/internal/footerdata"
	"vitrine/internal/franchise"
	"vitrine/internal/localcontent"
	"vitrine/internal/media"
	"vitrine/internal/metrics"
	"vitrine/internal/outbox"
	"vitrine/internal/override"
	"vitrine/internal/schedule"
	"vitrine/internal/screen"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

// Deps is what the server needs from the rest of the application: the
// domain services, never the database itself.
type Deps struct {
	Log *slog.Logger
	// LogText, when set, is the writer Log's slog.TextHandler writes to: the
	// access log's lines are then written to it directly, in the same
	// format (a call for a kept list is otherwise a fifth slog's). It must
	// take concurrent writes of whole lines (an *os.File does).
	LogText io.Writer
	Now     func() time.Time
	WebFS   fs.FS // built console (index.html, assets/); may be empty
	// Health tells whether the database answers; Database names its kind
	// ("sqlite", "postgres") in /api/health.
	Health   func(ctx context.Context) error
	Database string
	// Changes, when set, is the change signal; the overview cache listens to it.
	Changes *change.Bus
	// Committed, when set, carries this process's own changes at their
	// commit (the same bus as Changes on a single server): the overview
	// cache listens to it too, so a call following a write on this
	// replica never gets the answer from before it.
	Committed *change.Bus
	// Timeouts of API calls; zero fields take the defaults.
	Timeouts Timeouts
	// Storage is what the operator must configure for browsers to read
	// media from the object store; "" when all is well.
	Storage string
	// TrustedProxies are the load balancers whose X-Forwarded-For is
	// believed when telling the caller's address (login throttling).
	TrustedProxies []netip.Prefix

	Accounts   *auth.Service
	Franchises *franchise.Service
	Stores     *store.Service
	Displays   *display.Service
	Commands   *command.Service
	Media      *media.Service
	Schedules  *schedule.Service
	Devices    *device.Service
	Ads        *advertise.Service
	Alerts     *alerts.Service
	Overrides  *override.Service
	Local      *localcontent.Service
	// Tokens are the groups' API tokens ('Integrações'); nil refuses them.
	Tokens *apitoken.Service
	// TokenRate is the calls one API token may make per minute; 0 = no limit.
	TokenRate int
	// Audit reads the audit trail back ('Atividade').
	Audit *audit.Log
	// Screens composes what TVs show, as their players receive it (the
	// live view of a TV); nil answers the live view 503.
	Screens *screen.Builder
	// NewDevicesPerAddress limits the new players one address announces in
	// 10 minutes; 0 = no limit.
	NewDevicesPerAddress int
	// Footer fetches the weather and quotes players show; nil leaves them out.
	Footer *footerdata.Service
	// Hub holds the players' sockets; nil serves 503 on /api/device/ws.
	// Serve is given the client's address (its sockets in the auth phase
	// are bounded) and returns an error only before upgrading.
	Hub interface {
		Serve(w http.ResponseWriter, r *http.Request, addr string) error
	}
	// Outbox records what providers report about delivered messages;
	// WhatsAppHook checks the reports of WhatsApp's status webhook.
	Outbox       *outbox.Worker
	WhatsAppHook outbox.WhatsAppWebhook
	// Metrics records request times and upload bytes; nil records nothing.
	Metrics *metrics.Metrics
}

// Timeouts bound an API call.
type Timeouts struct {
	// Request bounds the work of a call (default 15 s).
	Request time.Duration
	// Slow bounds the calls marked slow in the route list (default 2 min):
	// registering a media probes and thumbnails the uploaded file.
	Slow time.Duration
	// Body bounds the arrival of a call's body (default 30 s): at most 1 MiB
	// of JSON; files go to /files/upload, which has limits of its own.
	Body time.Duration
}

func (t Timeouts) withDefaults() Timeouts {
	if t.Request <= 0 {
		t.Request = 15 * time.Second
	}
	if t.Slow <= 0 {
		t.Slow = 2 * time.Minute
	}
	if t.Body <= 0 {
		t.Body = 30 * time.Second
	}
	return t
}

// Server routes requests to the domain handlers.
type Server struct {
	Deps
	mux    *http.ServeMux
	routes []string
	// reaches are the routes' declared callers (scope.go), by pattern.
	reaches map[string]reach
	slow    map[string]bool // route patterns allowed the Slow timeout
	// streams are route patterns that hold their connection open (the
	// players' sockets): no request or body time limit applies.
	streams map[string]bool
	static  http.Handler
	// headers are the security headers of every answer.
	headers http.Header

	snapshots  snapshotCache  // overview answers per franchise and revision
	principals principalCache // the callers of the overview's lists
	events     eventStreams   // the consoles' event streams by franchise
	hellos     *windowLimiter // players' hellos per client address
	// tokenScopes are the scope an API token needs on each route
	// (routes.go); a route missing from it refuses tokens.
	tokenScopes map[string]apitoken.Scope
	tokenCalls  *windowLimiter // API tokens' calls per token per minute
}

// New builds the server with every route registered.
func New(d Deps) *Server {
	if d.Now == nil {
		d.Now = time.Now
	}
	d.Timeouts = d.Timeouts.withDefaults()
	// The body rules decode checks, read from the contract now: a contract
	// they cannot be read from stops the server here, not its calls later.
	api.Bodies()
	s := &Server{Deps: d, mux: http.NewServeMux(), slow: map[string]bool{}, streams: map[string]bool{}, reaches: map[string]reach{}}
	if d.NewDevicesPerAddress > 0 {
		s.hellos = newWindowLimiter(d.NewDevicesPerAddress, helloWindow)
	}
	if d.TokenRate > 0 {
		s.tokenCalls = newWindowLimiter(d.TokenRate, time.Minute)
	}
	s.tokenScopes = tokenScopes()
	s.static = newStaticHandler(d.WebFS)
	s.headers = s.securityHeaders()
	s.registerRoutes()
	s.mux.HandleFunc("/api", s.unmatched)
	s.mux.HandleFunc("/api/", s.unmatched)
	s.mux.Handle("/", s.static)
	if d.Displays != nil {
		s.events.statusOf = func(ctx context.Context, t tenant.Tenant, ids []string) ([]displayStatus, error) {
			list, err := d.Displays.ListFranchise(ctx, t)
			if err != nil {
				return nil, err
			}
			out := []displayStatus{}
			for _, x := range list {
				if slices.Contains(ids, x.ID) {
					problems := x.Problems
					if problems == nil {
						problems = []display.Problem{}
					}
					out = append(out, displayStatus{ID: x.ID, Store: x.Store, Connected: x.Connected, LastConnectionAck: x.LastConnectionAck,
						AckedHash: x.AckedHash, AckedAt: x.AckedAt, Problems: problems})
				}
			}
			return out, nil
		}
	}
	if d.Changes != nil {
		d.Changes.Subscribe(s.snapshots.forget)
		d.Changes.Subscribe(s.principals.forget)
		if d.Committed != nil && d.Committed != d.Changes {
			d.Committed.Subscribe(s.snapshots.forget)
			d.Committed.Subscribe(s.principals.forget)
		}
		d.Changes.Subscribe(s.events.deliver)
	}
	return s
}

// Routes lists every API route pattern served ("GET /api/user/detail").
func (s *Server) Routes() []string { return append([]string(nil), s.routes...) }

// route sends a request to its handler (ServeHTTP wraps it with the access
// log and the metrics). The mux finds it in one look: an API route's handler
// (register: its checks and time limits come with it), the API's not-found
// answer (unmatched: an unknown path, or a method the path does not take),
// or the web apps.
func (s *Server) route(w http.ResponseWriter, r *http.Request) {
	setHeaders(w, s.headers)
	s.mux.ServeHTTP(w, r)
}

// unmatched answers an API call no route takes.
func (s *Server) unmatched(w http.ResponseWriter, r *http.Request) {
	if hasControl(r) {
		writeError(w, r, s.Log, errControlChar)
		return
	}
	writeJSON(w, http.StatusNotFound, errorBody{Error: true, StatusCode: 1003, Msg: "Rota não encontrada."})
}

// bound gives an API call its route's time limits: the body must arrive in
// time (a client dripping a byte every few seconds is cut off), and the work
// must end in time: a database that stopped answering turns into a 503
// within seconds, not a call hanging for the whole outage. The calls that
// hold their connection open (streams) have none (and no bound to release).
func (s *Server) bound(w http.ResponseWriter, r *http.Request, pattern string) (*http.Request, *deadlineCtx) {
	if s.streams[pattern] {
		return r, nil
	}
	timeout, body := s.Timeouts.Request, s.Timeouts.Body
	if s.slow[pattern] {
		timeout, body = s.Timeouts.Slow, s.Timeouts.Slow
	}
	now := startedAt(r.Context())
	if r.Body != nil && r.Body != http.NoBody {
		_ = http.NewResponseController(w).SetReadDeadline(now.Add(body))
	}
	if a, ok := r.Context().(*access); ok && !a.bounded {
		// The request's own context, not waited on yet: bounded in place,
		// without a copy of the request.
		a.deadline, a.bounded = now.Add(timeout), true
		return r, &a.deadlineCtx
	}
	ctx := withDeadline(r.Context(), now.Add(timeout))
	return r.WithContext(ctx), ctx
}

// hasControl tells whether the request's path or query names a control
// character (a NUL byte sent as %00, say), refused like one in a body.
func hasControl(r *http.Request) bool {
	if strings.ContainsFunc(r.URL.Path, isControl) {
		return true
	}
	if r.URL.RawQuery == "" {
		return false
	}
	for k, vs := range r.URL.Query() {
		if strings.ContainsFunc(k, isControl) {
			return true
		}
		for _, v := range vs {
			if strings.ContainsFunc(v, isControl) {
				return true
			}
		}
	}
	return false
}

type handlerFunc func(w http.ResponseWriter, r *http.Request) error

type userHandlerFunc func(w http.ResponseWriter, r *http.Request, p *auth.Principal) error

type tenantHandlerFunc func(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error

// public registers a route that needs no token.
func (s *Server) public(pattern string, h handlerFunc) {
	s.declare(pattern, reachPublic)
	s.register(pattern, func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			writeError(w, r, s.Log, err)
		}
	})
}

// user registers a route for any signed-in caller acting on their own
// account or groups.
func (s *Server) user(pattern string, h userHandlerFunc) {
	s.declare(pattern, reachAccount)
	s.signedIn(pattern, h)
}

// signedIn registers a route for a signed-in caller; the helpers that call
// it have declared the route's reach. Writes made through an impersonation
// session are recorded in the audit log with both users.
func (s *Server) signedIn(pattern string, h userHandlerFunc) {
	s.register(pattern, func(w http.ResponseWriter, r *http.Request) {
		p, err := s.authenticate(w, r, pattern)
		if err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		r = withCaller(r.WithContext(auth.WithPrincipal(r.Context(), p)), p)
		if err := h(w, r, p); err != nil {
			writeError(w, r, s.Log, err)
		}
		if p.AdminUserID != "" && r.Method != http.MethodGet && r.Method != http.MethodHead {
			s.audit(r, p, answeredStatus(r.Context()))
		}
	})
}

// permitted registers a route for callers holding perm themselves (not
// through impersonation): dispA or userA.
func (s *Server) permitted(pattern, perm string, h userHandlerFunc) {
	s.declare(pattern, reachAdmin)
	s.signedIn(pattern, func(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
		if p.Permissions[perm] != 1 {
			return fault.ErrForbidden
		}
		return h(w, r, p)
	})
}

// admin registers a route for administrators (a non-empty permission map).
func (s *Server) admin(pattern string, h userHandlerFunc) {
	s.declare(pattern, reachAdmin)
	s.signedIn(pattern, func(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
		if !p.IsAdmin() {
			return fault.ErrForbidden
		}
		return h(w, r, p)
	})
}

// member registers a route acting in the group named by the path's
// {franchise} (or {slug}) for the members rc admits: others get 403/1403,
// whether or not the group exists; a store of the path outside a scoped
// member's stores is not found. The handler gets the caller too.
func (s *Server) member(pattern string, rc reach, h func(w http.ResponseWriter, r *http.Request, p *auth.Principal, t tenant.Tenant) error) {
	s.declare(pattern, rc)
	s.signedIn(pattern, func(w http.ResponseWriter, r *http.Request, p *auth.Principal) error {
		slug := r.PathValue("franchise")
		if slug == "" {
			slug = r.PathValue("slug")
		}
		t, err := p.Tenant(slug)
		if err != nil {
			return err
		}
		if err := within(r, &t, rc); err != nil {
			return err
		}
		return h(w, r, p, t)
	})
}

// scoped registers a route acting in the group of the path (member) whose
// handler needs only the tenant.
func (s *Server) scoped(pattern string, rc reach, h tenantHandlerFunc) {
	s.member(pattern, rc, func(w http.ResponseWriter, r *http.Request, _ *auth.Principal, t tenant.Tenant) error {
		return h(w, r, t)
	})
}

// scopedIf is scoped for callers allowed by may (checked after membership
// and reach): the footer editor for administrators, the ad slot modal for
// holders of the ads-center permission.
func (s *Server) scopedIf(pattern string, rc reach, may func(p *auth.Principal) bool, h tenantHandlerFunc) {
	s.member(pattern, rc, func(w http.ResponseWriter, r *http.Request, p *auth.Principal, t tenant.Tenant) error {
		if !may(p) {
			return fault.ErrForbidden
		}
		return h(w, r, t)
	})
}

// impersonating is scoped for impersonation sessions whose administrator
// holds perm (dispA: box commands). Spec 1: remote commands "run only with
// an impersonation token" — an administrator acts on a franchise's TVs as
// one of its operators, and both are recorded.
func (s *Server) impersonating(pattern string, rc reach, perm string, h tenantHandlerFunc) {
	s.member(pattern, rc, func(w http.ResponseWriter, r *http.Request, p *auth.Principal, t tenant.Tenant) error {
		if p.AdminUserID == "" || p.AdminPermissions[perm] != 1 {
			return fault.ErrForbidden
		}
		return h(w, r, t)
	})
}

func (s *Server) register(pattern string, h http.HandlerFunc) {
	path := pattern[strings.IndexByte(pattern, ' ')+1:]
	api := path == "/api" || strings.HasPrefix(path, "/api/")
	routeText := string(appendText(nil, pattern)) // as the access line writes it
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if a, ok := r.Context().Value(accessKey{}).(*access); ok {
			a.route, a.routeText, a.franchise = r.Pattern, routeText, r.PathValue("franchise")
		}
		if api {
			if hasControl(r) {
				writeError(w, r, s.Log, errControlChar)
				return
			}
			var bounded *deadlineCtx
			if r, bounded = s.bound(w, r, pattern); bounded != nil {
				defer bounded.release()
			}
		}
		if writes(r) { // the audit trail's who, from where
			r = r.WithContext(audit.WithActor(r.Context(), audit.Actor{
				Address: s.clientIP(r), RequestID: requestID(r.Context()),
			}))
		}
		h(w, r)
	})
	if strings.Contains(pattern, " /api/") {
		s.routes = append(s.routes, pattern)
	}
}

// withCaller makes p who acts in the audit trail of r's changes (the
// administrator behind an impersonation too).
// optionalCaller is the signed-in caller of a public route that also
// serves one (an administrator registering a user, a member accepting an
// invitation): nil without a token, an error for a token that is not a
// session; the request it returns carries the caller as the actor.
func (s *Server) optionalCaller(r *http.Request) (*auth.Principal, *http.Request, error) {
	token := bearer(r)
	if token == "" {
		return nil, r, nil
	}
	p, err := s.Accounts.Authenticate(r.Context(), token)
	if err != nil {
		return nil, r, err
	}
	return p, withCaller(r, p), nil
}

func withCaller(r *http.Request, p *auth.Principal) *http.Request {
	if !writes(r) {
		return r
	}
	a := audit.ActorFrom(r.Context())
	a.UserID, a.Email, a.AdminID, a.AdminEmail = p.UserID, p.Email, p.AdminUserID, p.AdminEmail
	a.TokenID, a.TokenName = p.TokenID, p.TokenName
	return r.WithContext(audit.WithActor(r.Context(), a))
}

// writes tells whether a request may change something.
func writes(r *http.Request) bool {
	return r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodOptions
}

func (s *Server) audit(r *http.Request, p *auth.Principal, status int) {
	err := s.Accounts.Audit(r.Context(), auth.AuditEntry{
		At: s.Now(), UserID: p.UserID, AdminUserID: p.AdminUserID,
		Method: r.Method, Path: r.URL.Path, Status: status,
	})
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

func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.Health(ctx); err != nil {
		s.Log.Warn("health check: database unreachable", "err", err)
		return fault.WithMsg(fault.Unavailable, 1500, "Banco de dados indisponível.")
	}
	storage := "ok"
	if s.Storage != "" {
		storage = s.Storage
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": s.Database, "storage": storage})
	return nil
}

// openAPI serves the API contract, so API users and their tools can fetch it
// from any running server.
func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, "openapi.yaml", time.Time{}, bytes.NewReader(api.OpenAPI))
	return nil
}
