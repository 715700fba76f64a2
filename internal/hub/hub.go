// Package hub holds the players' WebSocket connections on one replica and
// pushes to them: a playlist when a player connects and within a second of
// any change to what its screen shows, and the remote commands an
// administrator sends. Changes arrive on the franchise change signal (in
// process, or from other replicas through PostgreSQL LISTEN/NOTIFY), so a
// change made through any replica reaches a player connected to any other.
//
// The hub is built for many thousands of idle connections: one goroutine
// per connection (its reader), a fixed pool of writers shared by all, a
// small bounded queue per connection (a player that reads too slowly is
// dropped and reconnects), and one encoded schedule shared by every screen
// that shows it. Every way a socket ends — a bad frame, a slow reader, a
// takeover, silence, shutdown — releases it within CloseWithin whatever the
// box does, and the sockets one device token or one address (in the auth
// phase) may hold are bounded, so misbehaving boxes cannot exhaust the
// server's files. TV status goes to the database in batches: on connect, on
// disconnect, and when the stored ack is a few minutes old — never on every
// ack.
package hub

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/change"
	"vitrine/internal/display"
	"vitrine/internal/fault"
	"vitrine/internal/ids"
	"vitrine/internal/screen"
)

// Devices authenticates players (device.Service).
type Devices interface {
	// Authenticate returns the device code of the holder of token.
	Authenticate(ctx context.Context, token string) (string, error)
}

// Screens reads the TVs players are paired with and encodes what they show
// (screen.Builder).
type Screens interface {
	// TVs returns the TVs registered with the codes, by code.
	TVs(ctx context.Context, codes []string) (map[string]screen.TV, error)
	// EncodeTVs encodes TVs' own parts of their screens, in order.
	EncodeTVs(ctx context.Context, tvs []screen.TV) ([][]byte, error)
	// EncodeOverrides encodes the value of the overrides field of TVs'
	// parts, in order (see screen.WithOverrides).
	EncodeOverrides(ctx context.Context, tvs []screen.TV) ([][]byte, error)
	// EncodeSchedule encodes a schedule for players ("null" when gone),
	// with a version that changes whenever the bytes may.
	EncodeSchedule(ctx context.Context, franchiseID, scheduleID string) (data []byte, version string, err error)
	// Forget drops cached encodings a change made stale.
	Forget(c change.Change)
}

// StatusWriter records TV status (display.Service).
type StatusWriter interface {
	// RecordStatus writes TV status changes.
	RecordStatus(ctx context.Context, batch []display.Status) error
	// RecordHealth writes the players' health reports.
	RecordHealth(ctx context.Context, batch []display.HealthReport) error
}

// Source is what the hub needs of the domains.
type Source interface {
	Devices
	Screens
	StatusWriter
}

// Sources makes a Source of the three domains behind it.
type Sources struct {
	Devices
	Screens
	StatusWriter
}

// Close codes the hub uses (docs/device-protocol.md).
const (
	CloseMalformed    websocket.StatusCode = 4400 // a frame that is not JSON, or an unknown type
	CloseUnauthorized websocket.StatusCode = 4401 // no auth frame in time, or an unknown token
	CloseTooSlow      websocket.StatusCode = 4408 // the send queue filled
	CloseReplaced     websocket.StatusCode = 4409 // a newer connection of the same device took over
	CloseTooMany      websocket.StatusCode = 1013 // the device's token holds PerDevice sockets already
	CloseTryLater     websocket.StatusCode = 1013 // its first playlist could not be read (the database slow or gone)
)

// ErrTooManyPending refuses an upgrade from an address that holds
// PendingPerAddress sockets still in the auth phase.
var ErrTooManyPending = fault.WithMsg(fault.TooMany, 1003,
	"Muitas conexões de televisores deste endereço aguardando autenticação. Tente novamente em instantes.")

// Options tune a hub; zero values take the defaults.
type Options struct {
	AuthWithin  time.Duration // time for the auth frame (10 s)
	IdleTimeout time.Duration // silence after which a connection is dropped (90 s; players ack every 30 s)
	AckEvery    time.Duration // how old the stored ack may grow before it is written again (3 min)
	// WatchFor is how long a live view opened on a TV (change.Change.Watch)
	// has its player's acknowledged schedules recorded at once
	// (display.WatchFor); otherwise they ride on the status written every
	// AckEvery, and on the close.
	WatchFor    time.Duration
	FlushEvery  time.Duration // how often status changes are written (500 ms)
	WriteWithin time.Duration // time for one frame to be written (10 s)
	// CloseWithin is the time a closing socket gets to write its close
	// frame and read the player's answer; then its TCP connection is
	// closed whatever the player does (3 s).
	CloseWithin time.Duration
	// PerDevice bounds the sockets one device token holds, closing ones
	// included (4): a player reconnecting takes over its previous socket,
	// which may need CloseWithin to end; a token opening sockets in a loop
	// gets 1013.
	PerDevice int
	// PendingPerAddress bounds the sockets from one client address still
	// in the auth phase (256; negative = no limit). A player sends its
	// auth frame at once, so this phase lasts milliseconds: a store's
	// boxes behind one NAT stay far below it even when they all reconnect
	// together.
	PendingPerAddress int
	QueueSize         int // frames waiting per connection before it is dropped (8)
	Writers           int // goroutines writing frames (64)
	// Acked, when set, is told how long each changed playlist took from
	// being queued for a player to the player's ack (the push latency).
	Acked func(time.Duration)
	// OverridesAcked, when set, is told which emergency overrides the
	// player of a TV acknowledged (each once per connection).
	OverridesAcked func(displayID string, overrideIDs []string)
}

func (o *Options) defaults() {
	set := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	set(&o.AuthWithin, 10*time.Second)
	set(&o.IdleTimeout, 90*time.Second)
	set(&o.AckEvery, 3*time.Minute)
	set(&o.WatchFor, display.WatchFor)
	set(&o.FlushEvery, 500*time.Millisecond)
	set(&o.WriteWithin, 10*time.Second)
	set(&o.CloseWithin, 3*time.Second)
	if o.PerDevice <= 0 {
		o.PerDevice = 4
	}
	if o.PendingPerAddress == 0 {
		o.PendingPerAddress = 256
	}
	if o.QueueSize <= 0 {
		o.QueueSize = 8
	}
	if o.Writers <= 0 {
		o.Writers = 64
	}
}

var framePool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// MaxFrame is the largest frame a player may send.
const MaxFrame = 4096

// Hub holds this replica's player connections.
type Hub struct {
	src  Source
	log  *slog.Logger
	now  func() time.Time
	opts Options

	mu          sync.RWMutex
	byCode      map[string]*conn
	byDisplay   map[string]*conn
	byFranchise map[string]map[*conn]struct{}
	unpaired    map[*conn]struct{}
	closing     bool
	// perDevice counts each device code's sockets from registration until
	// released; pending holds the sockets in the auth phase and
	// pendingFrom counts them by client address.
	perDevice   map[string]int
	pending     map[net.Conn]struct{}
	pendingFrom map[string]int

	changes  chan change.Change
	connects chan *conn  // authenticated connections waiting for their first playlist
	overflow atomic.Bool // changes were dropped: resolve every connection again
	work     chan *conn
	status   chan display.Status
	health   chan display.HealthReport
	flushNow chan struct{} // a live view waits for a status: flush without waiting for the tick
	stop     chan struct{}
	done     sync.WaitGroup
	conns    sync.WaitGroup
	stopOnce sync.Once

	// reads numbers each read of the sources for pushes (screens and
	// schedules), taken before reading: a later number read data at least as
	// new, so a frame read earlier never replaces one read later.
	reads atomic.Int64

	// Pushed counts playlist frames written (for tests and metrics).
	Pushed atomic.Int64
	// Rechecked counts playlists sent again because the player acked
	// another schedule than the one written (for tests and metrics).
	Rechecked atomic.Int64
}

// New starts a hub; Close stops it.
func New(src Source, log *slog.Logger, now func() time.Time, opts Options) *Hub {
	opts.defaults()
	h := &Hub{
		src: src, log: log, now: now, opts: opts,
		byCode: map[string]*conn{}, byDisplay: map[string]*conn{},
		byFranchise: map[string]map[*conn]struct{}{}, unpaired: map[*conn]struct{}{},
		perDevice: map[string]int{}, pending: map[net.Conn]struct{}{}, pendingFrom: map[string]int{},
		changes:  make(chan change.Change, 4096),
		connects: make(chan *conn, 4096),
		work:     make(chan *conn, 4096),
		status:   make(chan display.Status, 4096),
		health:   make(chan display.HealthReport, 4096),
		flushNow: make(chan struct{}, 1),
		stop:     make(chan struct{}),
	}
	h.done.Add(3 + opts.Writers + greeters)
	go h.sweep()
	go h.follow()
	go h.flushStatus()
	for range greeters {
		go h.greet()
	}
	for range opts.Writers {
		go h.write()
	}
	return h
}

// Notify hands the hub a committed change; it never blocks (the change
// signal's subscribers must not).
func (h *Hub) Notify(c change.Change) {
	select {
	case h.changes <- c:
	default:
		h.overflow.Store(true)
		select {
		case h.changes <- change.Change{}: // wake the follower if it sleeps
		default:
		}
	}
}

// Connected returns how many players are connected to this replica.
func (h *Hub) Connected() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.byCode)
}

// Close closes every connection with 1012 (players reconnect at once,
// reaching another replica), those still in the auth phase included,
// records those TVs offline and stops the hub.
func (h *Hub) Close(ctx context.Context) {
	h.mu.Lock()
	h.closing = true
	all := make([]*conn, 0, len(h.byCode))
	for _, c := range h.byCode {
		all = append(all, c)
	}
	for nc := range h.pending {
		nc.SetReadDeadline(longAgo) // the auth read ends; authenticate sees closing
	}
	h.mu.Unlock()
	for _, c := range all {
		c.close(websocket.StatusServiceRestart, "servidor reiniciando")
	}
	waited := make(chan struct{})
	go func() { h.conns.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-ctx.Done():
	}
	h.stopOnce.Do(func() { close(h.stop) })
	h.done.Wait()
}

// conn is one player's connection.
type conn struct {
	h    *Hub
	ws   *websocket.Conn
	nc   net.Conn      // the connection under ws, for its deadlines
	br   *bufio.Reader // ws's read buffer: the reader goroutine reads plain frames from it itself
	id   string        // connection id, recorded with the TV's online flag
	code string

	// Guarded by h.mu.
	tv         screen.TV
	paired     bool
	tvJSON     []byte // the TV's part of its screen, encoded, kept while the TV stays
	resolvedAt int64  // the read (h.reads) the TV above comes from
	tvJSONAt   int64  // the read tvJSON comes from (behind resolvedAt while a resolve encodes)

	qmu   sync.Mutex
	queue []frame
	// scheduled is set while a writer owns c: from the frame that
	// scheduled it until its queue is empty, so that c's frames are written
	// by one writer at a time, in the order they were queued.
	scheduled bool
	dead      bool
	// The newest playlist (or unpaired frame) queued: its read (h.reads),
	// its schedule version and TV part (to skip repeats) and the schedule
	// hash the player acks once it shows it.
	queuedAt      int64
	queuedVersion string
	queuedTV      []byte
	queuedHash    string
	writtenAt     int64                // when a writer last finished writing c's playlists (monotonic ns; 0 = never)
	recheckedAt   int64                // when an ack naming another schedule last made c's playlist be sent again (monotonic ns)
	closeCode     websocket.StatusCode // why the hub closed the socket (0 = it did not)
	closeReason   string

	// wmu is held while the hub writes to the socket; once wended is set
	// (before the close frame) it writes no more.
	wmu     sync.Mutex
	wended  bool
	writeBy time.Time // the socket's write deadline
	// ending is set before the socket's release sets its deadline: no
	// write moves that deadline further.
	ending atomic.Bool

	// pairedWith is the TV above while paired (nil otherwise), for the
	// reader goroutine's acks without taking the hub's lock.
	pairedWith atomic.Pointer[pairedTV]

	lastAckWritten time.Time // when an online status was last reported for the TV; guarded by ackMu
	// The schedule hash the player last acknowledged, for which TV, when
	// (epoch ms) and whether it is recorded, guarded by ackMu: the reader
	// goroutine acks, a live view's watch and the close record it.
	ackMu        sync.Mutex
	ackedHash    string
	hashFor      string
	ackedAt      int64
	hashRecorded bool
	// watchedUntil is when (epoch ms) the live view watching this
	// connection's TV stops: until then each new hash is recorded at once.
	watchedUntil atomic.Int64
	// Overrides this player acknowledged on the TV overridesFor (reader
	// goroutine only): a connection paired with another TV starts over.
	ackedOverrides []string
	overridesFor   string
	// The player's last health report written and when (reader goroutine
	// only), and whether a bad one was logged on this connection.
	lastHealth        display.Report
	lastHealthWritten time.Time
	badHealthLogged   bool
	lastFrame         atomic.Int64
	// greeted is set (under qmu) once the playlist of the connect is
	// queued: only later playlists, sent because something changed, are
	// timed to their ack.
	greeted bool
	// pushedAt is when the oldest playlist written and not yet acked was
	// queued (monotonic nanoseconds; 0 = none).
	pushedAt atomic.Int64
}

// pairedTV names the TV a connection is paired with.
type pairedTV struct{ displayID, franchiseID string }

// frame is one message to write: its parts are written one after the other
// into a single WebSocket message, so the shared schedule bytes are never
// copied per connection.
type frame struct {
	parts    [][]byte
	playlist bool  // a playlist or the unpaired frame: what the screen shows
	read     int64 // a playlist's read (h.reads): one read earlier than the last queued is stale
	queued   int64 // when a changed playlist was queued (monotonic ns), to time its ack; 0 = untimed
	// What a playlist shows: its schedule's version (unpairedVersion for
	// the unpaired frame) and its TV part. A playlist the same as the last
	// one queued is skipped unless how says otherwise.
	version string
	tvJSON  []byte
	how     pushKind
}

// pushKind says why a playlist is sent.
type pushKind uint8

const (
	pushChanged  pushKind = iota // something changed: skipped when the same as the last one sent, timed to its ack
	pushGreeting                 // the first of a connection: always sent, untimed
	pushRecheck                  // the player acked another schedule than the one sent: always sent, untimed
)

// unpairedVersion stands for the unpaired frame's contents.
const unpairedVersion = "\x00unpaired"

// scheduleHash is the schedule hash a player acks for a playlist whose
// schedule has version (the hash, then "#" and the build).
func scheduleHash(version string) string {
	if version == unpairedVersion {
		return ""
	}
	hash, _, _ := strings.Cut(version, "#")
	return hash
}

// Acks naming another schedule than the one sent are believed only once
// the player had ackGrace to apply what was written last; then its
// playlist is sent again, at most once per recheckEvery per connection.
const (
	ackGrace     = time.Second
	recheckEvery = 30 * time.Second
)

// epoch anchors monotonic: nanoseconds since the process started, immune to
// changes of the wall clock.
var epoch = time.Now()

func monotonic() int64 { return int64(time.Since(epoch)) + 1 }

// playlistHead starts the frames the player acks (not the unpaired one).
var playlistHead = []byte(`{"type":"playlist"`)

// Serve upgrades the request to a player connection and serves it until it
// closes. addr is the client's address (behind trusted proxies, the one
// they name): an address holding PendingPerAddress sockets still in the
// auth phase is refused with ErrTooManyPending before the upgrade.
func (h *Hub) Serve(w http.ResponseWriter, r *http.Request, addr string) error {
	if !h.admit(addr) {
		return ErrTooManyPending
	}
	sb := &smallBuffers{ResponseWriter: w, within: h.opts.WriteWithin}
	ws, err := websocket.Accept(sb, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		h.leavePending(addr, nil)
		return nil // Accept wrote the error response
	}
	nc, br, lw := sb.conn, sb.reader, sb.writer
	ws.SetReadLimit(MaxFrame)
	// The auth frame is read under a deadline on the connection (the
	// library's context deadline would drop it without the close frame),
	// set before the socket is listed: Close ends the listed ones' reads.
	nc.SetReadDeadline(time.Now().Add(h.opts.AuthWithin))
	h.mu.Lock()
	h.pending[nc] = struct{}{}
	if h.closing {
		nc.SetReadDeadline(longAgo)
	}
	h.mu.Unlock()
	h.conns.Add(1)
	// The connection is served from a goroutine of its own, so that the
	// handler returns: net/http then drops the request, the response and
	// the handler's stack, which would otherwise live as long as the socket.
	go func() {
		defer h.conns.Done()
		code, why, reason := h.authenticate(ws, nc)
		if why != 0 {
			h.release(ws, nc, lw, why, reason)
			h.leavePending(addr, nc) // counted until released: closing sockets hold files too
			return
		}
		// The library read the auth frame through a reader of the bytes
		// the upgrade's request left buffered followed by the connection;
		// its first read took those bytes, so once nothing else waits in
		// br, br may read the connection straight. (Go's poller must
		// try each read itself: it forgets, as a read begins, that data
		// came since the last one, so a read that waited first could
		// wait for the frame after the one already there.)
		if br.Buffered() == 0 {
			br.Reset(nc)
		}
		c := &conn{h: h, ws: ws, nc: nc, br: br, id: ids.Secret(12), code: code}
		c.lastFrame.Store(h.now().UnixNano())
		if why, reason := h.register(c); why != 0 {
			h.release(ws, nc, lw, why, reason)
			h.leavePending(addr, nc)
			return
		}
		h.leavePending(addr, nc) // counted by its device from here
		why, reason = c.serve()
		h.unregister(c)
		by := time.Now().Add(h.opts.CloseWithin)
		c.ending.Store(true)
		nc.SetDeadline(by) // a write blocked on a player that does not read ends by then
		c.endWrites()
		h.releaseBy(ws, nc, lw, why, reason, by)
		h.mu.Lock()
		if h.perDevice[code]--; h.perDevice[code] <= 0 {
			delete(h.perDevice, code)
		}
		h.mu.Unlock()
	}()
	return nil
}

// admit counts a socket from addr in the auth phase, unless addr holds
// PendingPerAddress already.
func (h *Hub) admit(addr string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if limit := h.opts.PendingPerAddress; limit > 0 && h.pendingFrom[addr] >= limit {
		return false
	}
	h.pendingFrom[addr]++
	return true
}

// leavePending ends a socket's auth phase (nc nil: it never upgraded).
func (h *Hub) leavePending(addr string, nc net.Conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if nc != nil {
		delete(h.pending, nc)
	}
	if h.pendingFrom[addr]--; h.pendingFrom[addr] <= 0 {
		delete(h.pendingFrom, addr)
	}
}

// longAgo is a deadline in the past: it ends a blocked read or write at
// once.
var longAgo = time.Unix(1, 0)

// release ends a socket within CloseWithin whatever the player does: the
// close frame is written (unless one was already) and the player's answer
// awaited under one deadline on the connection, then the connection is
// closed. It runs on the socket's own goroutine: closing costs no goroutine
// or timer beyond the connection's deadline.
func (h *Hub) release(ws *websocket.Conn, nc net.Conn, lw *libraryWriter, code websocket.StatusCode, reason string) {
	h.releaseBy(ws, nc, lw, code, reason, time.Now().Add(h.opts.CloseWithin))
}

// releaseBy is release with the deadline by, which the library's writes
// through lw keep.
func (h *Hub) releaseBy(ws *websocket.Conn, nc net.Conn, lw *libraryWriter, code websocket.StatusCode, reason string, by time.Time) {
	lw.fix()
	nc.SetDeadline(by)
	ws.Close(code, reason)
	nc.Close() // ws.Close has closed it on every path; this makes sure
}

// serve sends c its first playlist and handles its frames until the socket
// ends; it returns the close code and reason to end it with.
func (c *conn) serve() (websocket.StatusCode, string) {
	h := c.h
	select {
	case h.connects <- c: // a greeter sends its first playlist
	case <-h.stop:
		return websocket.StatusServiceRestart, "servidor reiniciando"
	}
	return c.read()
}

// Greeting: connections' first playlists are read a batch at a time — up
// to greetBatch connections that arrived within greetWait of the first —
// so a replica's players reconnecting together read their screens and
// bookings a few hundred at a time; a lone connection waits greetWait.
const (
	greeters   = 4
	greetBatch = 256
	greetWait  = 2 * time.Millisecond
)

// greet is one of the goroutines sending new connections their playlist.
func (h *Hub) greet() {
	defer h.done.Done()
	for {
		var batch []*conn
		select {
		case <-h.stop:
			return
		case c := <-h.connects:
			batch = append(batch, c)
		}
		wait := time.NewTimer(greetWait)
	collect:
		for len(batch) < greetBatch {
			select {
			case c := <-h.connects:
				batch = append(batch, c)
			case <-wait.C:
				break collect
			case <-h.stop:
				wait.Stop()
				return
			}
		}
		wait.Stop()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		failed := h.resolve(ctx, batch, pushGreeting)
		cancel()
		// A player greeted with nothing would wait on its socket for a
		// playlist nobody sends: it is told to come back, with its backoff.
		for _, c := range failed {
			c.close(CloseTryLater, "servidor ocupado; tente de novo")
		}
		for _, c := range batch {
			c.qmu.Lock()
			c.greeted = true
			c.qmu.Unlock()
		}
	}
}

// sweep closes the connections silent for longer than IdleTimeout (one
// timer for the hub rather than one per read).
func (h *Hub) sweep() {
	defer h.done.Done()
	tick := time.NewTicker(h.opts.IdleTimeout / 9)
	defer tick.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-tick.C:
		}
		limit := h.now().Add(-h.opts.IdleTimeout).UnixNano()
		var idle []*conn
		h.mu.RLock()
		for _, c := range h.byCode {
			if c.lastFrame.Load() < limit {
				idle = append(idle, c)
			}
		}
		h.mu.RUnlock()
		for _, c := range idle {
			c.close(websocket.StatusGoingAway, "sem sinal do player")
		}
	}
}

// authenticate reads the auth frame (due within AuthWithin of the upgrade,
// by the connection's read deadline). A refusal returns its close code.
func (h *Hub) authenticate(ws *websocket.Conn, nc net.Conn) (code string, refused websocket.StatusCode, reason string) {
	typ, data, err := ws.Read(context.Background())
	h.mu.RLock()
	closing := h.closing
	h.mu.RUnlock()
	switch {
	case closing:
		return "", websocket.StatusServiceRestart, "servidor reiniciando"
	case errors.Is(err, websocket.ErrMessageTooBig):
		return "", websocket.StatusMessageTooBig, "quadro grande demais" // the library sent 1009 already
	case err != nil:
		return "", CloseUnauthorized, "autenticação ausente"
	}
	var msg struct {
		Type  string `json:"type"`
		Token string `json:"token"`
	}
	if typ != websocket.MessageText || json.Unmarshal(data, &msg) != nil || msg.Type != "auth" {
		return "", CloseUnauthorized, "o primeiro quadro deve ser auth"
	}
	ctx, cancel := context.WithTimeout(context.Background(), h.opts.AuthWithin)
	defer cancel()
	code, err = h.src.Authenticate(ctx, msg.Token)
	if err != nil {
		return "", CloseUnauthorized, "token desconhecido"
	}
	nc.SetReadDeadline(time.Time{})
	return code, 0, ""
}

// register indexes c under its code, closing an older connection of the
// same device; a refusal returns its close code.
func (h *Hub) register(c *conn) (websocket.StatusCode, string) {
	h.mu.Lock()
	if h.closing {
		h.mu.Unlock()
		return websocket.StatusServiceRestart, "servidor reiniciando"
	}
	if h.perDevice[c.code] >= h.opts.PerDevice {
		h.mu.Unlock()
		return CloseTooMany, "conexões demais deste dispositivo"
	}
	h.perDevice[c.code]++
	old := h.byCode[c.code]
	if old != nil {
		h.removeLocked(old)
	}
	h.byCode[c.code] = c
	h.unpaired[c] = struct{}{}
	h.mu.Unlock()
	if old != nil {
		old.close(CloseReplaced, "outra conexão deste dispositivo assumiu")
	}
	return 0, ""
}

func (h *Hub) unregister(c *conn) {
	h.mu.Lock()
	wasPaired := c.paired
	tv := c.tv
	current := h.byCode[c.code] == c
	if current {
		h.removeLocked(c)
	}
	h.mu.Unlock()
	c.qmu.Lock()
	c.dead = true
	c.queue = nil
	c.qmu.Unlock()
	if wasPaired {
		// The close carries the last hash acknowledged and not yet recorded:
		// the live view of an offline TV shows what its player last had.
		s := display.Status{DisplayID: tv.DisplayID, FranchiseID: tv.FranchiseID,
			ConnectionID: c.id, Online: false, Ack: h.now().UnixMilli()}
		c.ackMu.Lock()
		c.takeHash(&s)
		c.ackMu.Unlock()
		h.report(s)
	}
}

// removeLocked drops c from every index; h.mu is held.
func (h *Hub) removeLocked(c *conn) {
	if h.byCode[c.code] == c {
		delete(h.byCode, c.code)
	}
	delete(h.unpaired, c)
	if c.paired {
		if h.byDisplay[c.tv.DisplayID] == c {
			delete(h.byDisplay, c.tv.DisplayID)
		}
		if set := h.byFranchise[c.tv.FranchiseID]; set != nil {
			delete(set, c)
			if len(set) == 0 {
				delete(h.byFranchise, c.tv.FranchiseID)
			}
		}
	}
}

// read handles the player's frames until the connection ends; it returns
// the close code and reason to end it with.
func (c *conn) read() (websocket.StatusCode, string) {
	h := c.h
	for {
		typ, data, buf, err := c.readFrame()
		if err != nil {
			// The library may have answered a close frame already: no
			// playlist may follow it.
			c.ending.Store(true)
			// Closed by the hub (its deadline ended the read), too big
			// (1009 sent by the library), or by the player or the network.
			c.qmu.Lock()
			code, reason := c.closeCode, c.closeReason
			c.qmu.Unlock()
			if code != 0 {
				return code, reason
			}
			h.mu.RLock()
			closing := h.closing
			h.mu.RUnlock()
			if closing {
				return websocket.StatusServiceRestart, "servidor reiniciando"
			}
			if errors.Is(err, websocket.ErrMessageTooBig) {
				return websocket.StatusMessageTooBig, "quadro grande demais"
			}
			return websocket.StatusGoingAway, "conexão encerrada"
		}
		c.lastFrame.Store(h.now().UnixNano())
		var msg struct {
			Type      string          `json:"type"`
			Hash      string          `json:"hash"`
			Overrides []string        `json:"overrides"`
			Health    json.RawMessage `json:"health"`
		}
		bad := typ != websocket.MessageText
		if !bad {
			if hash, overrides, ok := plainAck(data); ok {
				msg.Type, msg.Hash, msg.Overrides = "ack", hash, overrides
			} else {
				bad = json.Unmarshal(data, &msg) != nil
			}
		}
		readPool.Put(buf) // nothing of msg refers to it
		if bad {
			return CloseMalformed, "quadro inválido"
		}
		switch msg.Type {
		case "ack":
			if at := c.pushedAt.Swap(0); at != 0 && h.opts.Acked != nil {
				h.opts.Acked(time.Duration(monotonic() - at))
			}
			c.acked(msg.Hash)
			c.checkAck(msg.Hash)
			if len(msg.Overrides) > 0 {
				c.overridesAcked(msg.Overrides)
			}
			if len(msg.Health) > 0 && string(msg.Health) != "null" {
				c.healthReported(msg.Health)
			}
		case "auth":
			// A repeated auth frame changes nothing.
		default:
			return CloseMalformed, "tipo de quadro desconhecido"
		}
	}
}

// checkAck compares the schedule an ack names with the one of the newest
// playlist written: when they differ although everything queued was
// written ackGrace ago, the player does not show what the hub believes it
// does (a frame lost or applied out of order), and its playlist is read and
// sent again.
func (c *conn) checkAck(hash string) {
	h := c.h
	now := monotonic()
	c.qmu.Lock()
	stale := !c.dead && !c.scheduled && c.writtenAt != 0 && hash != c.queuedHash &&
		now-c.writtenAt >= int64(ackGrace) && (c.recheckedAt == 0 || now-c.recheckedAt >= int64(recheckEvery))
	want := c.queuedHash
	if stale {
		c.recheckedAt = now
	}
	c.qmu.Unlock()
	if !stale {
		return
	}
	h.Rechecked.Add(1)
	h.log.Warn("player acked another schedule than the one sent; sending its playlist again",
		"device", c.code, "acked", hash, "sent", want)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	h.resolve(ctx, []*conn{c}, pushRecheck)
}

// plainAck reads the frame players send most — an ack naming its
// schedule's hash and, while overrides show, their ids:
// {"type":"ack","hash":"…","overrides":["…",…]}, the keys in any order —
// without the reflection of encoding/json, when it is written as players
// write it: no spaces, every value of letters, digits, '-' and '_'.
// Anything else (a health report, escapes, spaces) goes to encoding/json.
func plainAck(data []byte) (hash string, overrides []string, ok bool) {
	if len(data) < 2 || data[0] != '{' || data[len(data)-1] != '}' {
		return "", nil, false
	}
	p := data[1 : len(data)-1]
	var sawType, sawHash, sawOverrides bool
	for len(p) > 0 {
		key, rest, ok := plainString(p)
		if !ok || len(rest) == 0 || rest[0] != ':' {
			return "", nil, false
		}
		p = rest[1:]
		switch string(key) {
		case "type":
			v, rest, ok := plainString(p)
			if !ok || sawType || string(v) != "ack" {
				return "", nil, false
			}
			sawType, p = true, rest
		case "hash":
			v, rest, ok := plainString(p)
			if !ok || sawHash {
				return "", nil, false
			}
			sawHash, hash, p = true, string(v), rest
		case "overrides":
			if sawOverrides || len(p) == 0 || p[0] != '[' {
				return "", nil, false
			}
			sawOverrides, p = true, p[1:]
			for len(p) > 0 && p[0] != ']' {
				if len(overrides) > 0 {
					if p[0] != ',' {
						return "", nil, false
					}
					p = p[1:]
				}
				v, rest, ok := plainString(p)
				if !ok {
					return "", nil, false
				}
				overrides, p = append(overrides, string(v)), rest
			}
			if len(p) == 0 {
				return "", nil, false
			}
			p = p[1:]
		default:
			return "", nil, false
		}
		if len(p) > 0 {
			if p[0] != ',' || len(p) == 1 {
				return "", nil, false
			}
			p = p[1:]
		}
	}
	return hash, overrides, sawType && sawHash
}

// plainString reads the JSON string at the start of p when it holds only
// letters, digits, '-' and '_', and returns its contents and what follows.
func plainString(p []byte) (value, rest []byte, ok bool) {
	if len(p) < 2 || p[0] != '"' {
		return nil, nil, false
	}
	for i := 1; i < len(p); i++ {
		switch b := p[i]; {
		case b == '"':
			return p[1:i], p[i+1:], true
		case b >= '0' && b <= '9', b >= 'a' && b <= 'z', b >= 'A' && b <= 'Z', b == '-', b == '_':
		default:
			return nil, nil, false
		}
	}
	return nil, nil, false
}

// readPool holds the buffers players' frames are read into, one at a time
// per connection while it reads: an idle connection holds none.
var readPool = sync.Pool{New: func() any { return bytes.NewBuffer(make([]byte, 0, 1024)) }}

// readFrame reads the player's next message into a pooled buffer, which
// the caller puts back once done with data.
func (c *conn) readFrame() (websocket.MessageType, []byte, *bytes.Buffer, error) {
	if data, buf, ok := c.plainFrame(); ok {
		return websocket.MessageText, data, buf, nil
	}
	typ, r, err := c.ws.Reader(context.Background())
	if err != nil {
		return 0, nil, nil, err
	}
	buf := readPool.Get().(*bytes.Buffer)
	buf.Reset()
	if _, err := buf.ReadFrom(r); err != nil {
		readPool.Put(buf)
		return 0, nil, nil, err
	}
	return typ, buf.Bytes(), buf, nil
}

// plainFrame reads the frame players send most — a whole text message in
// one masked frame (an ack), small enough for the read buffer — straight
// from the buffer the WebSocket library reads through, and unmasks it into
// a pooled buffer. The library's read of the same frame cost half as much
// again as the system call that brought it (a mutex taken through a
// channel three times, the header read a byte at a time, a closed check
// per read; docs/performance.md). Anything else — a control frame (ping,
// close), a fragment, a frame too big for the buffer, a read error — is
// left where it is for the library, which reads it (the error again) and
// answers as the protocol says; a frame is taken whole or not at all, so
// the two never read out of step.
func (c *conn) plainFrame() ([]byte, *bytes.Buffer, bool) {
	br := c.br
	head, err := br.Peek(2)
	if err != nil {
		return nil, nil, false
	}
	// Final, no extension bits, text; masked, as a client's frames are.
	if head[0] != 0x81 || head[1]&0x80 == 0 {
		return nil, nil, false
	}
	n, at := int(head[1]&0x7f), 2
	switch n {
	case 126:
		ext, err := br.Peek(4)
		if err != nil {
			return nil, nil, false
		}
		n, at = int(binary.BigEndian.Uint16(ext[2:])), 4
	case 127:
		return nil, nil, false
	}
	if n > MaxFrame || at+4+n > br.Size() {
		return nil, nil, false
	}
	frame, err := br.Peek(at + 4 + n)
	if err != nil {
		return nil, nil, false
	}
	key := frame[at : at+4]
	buf := readPool.Get().(*bytes.Buffer)
	buf.Reset()
	buf.Write(frame[at+4:])
	data := buf.Bytes()
	for i := range data {
		data[i] ^= key[i&3]
	}
	br.Discard(at + 4 + n)
	return data, buf, true
}

// acked takes note of an ack. A new schedule hash is recorded at once
// while a live view watches the TV; otherwise it waits for the next status
// written, which an ack writes when the stored one is AckEvery old, or for
// the close. After a push every player acks a new hash: a row written per
// TV then cost more than the push itself, for a live view few TVs have
// open.
func (c *conn) acked(hash string) {
	h := c.h
	tv := c.pairedWith.Load()
	if tv == nil {
		return
	}
	now := h.now()
	c.ackMu.Lock()
	// A content hash is 24 characters: a longer one is none of ours and
	// is not recorded (the ack still counts).
	if len(hash) <= 64 && (c.hashFor != tv.displayID || c.ackedHash != hash) {
		c.ackedHash, c.hashFor, c.ackedAt, c.hashRecorded = hash, tv.displayID, now.UnixMilli(), false
	}
	pending := c.hashFor == tv.displayID && !c.hashRecorded
	if now.Sub(c.lastAckWritten) < h.opts.AckEvery && !(pending && c.watchedUntil.Load() > now.UnixMilli()) {
		c.ackMu.Unlock()
		return
	}
	s := display.Status{DisplayID: tv.displayID, FranchiseID: tv.franchiseID,
		ConnectionID: c.id, Online: true, Ack: now.UnixMilli()}
	c.takeHash(&s)
	c.lastAckWritten = now
	c.ackMu.Unlock()
	h.report(s)
}

// takeHash adds to s, a status of s.DisplayID, the hash its player
// acknowledged when not yet recorded, and counts it as recorded; ackMu is
// held.
func (c *conn) takeHash(s *display.Status) {
	if c.hashFor == s.DisplayID && !c.hashRecorded {
		s.Hash, s.HashAcked, s.AckedAt = c.ackedHash, true, c.ackedAt
		c.hashRecorded = true
	}
}

// watch starts or renews the live view's watch of c's TV until the epoch
// ms until, and reports c's status at once: the connection is open now,
// with the hash its player last acknowledged when not yet recorded. The
// live view that asked waits for this status.
func (c *conn) watch(now time.Time, until int64) {
	tv := c.pairedWith.Load()
	if tv == nil {
		return
	}
	c.watchedUntil.Store(until)
	s := display.Status{DisplayID: tv.displayID, FranchiseID: tv.franchiseID,
		ConnectionID: c.id, Online: true, Ack: now.UnixMilli()}
	c.ackMu.Lock()
	c.takeHash(&s)
	c.ackMu.Unlock()
	c.h.report(s)
}

// healthReported validates a health report and queues it for the next
// flush when it changed (display.Same) or the stored one is AckEvery old. A
// bad report is dropped (logged once per connection); the ack that carried
// it still counts and the connection stays.
func (c *conn) healthReported(raw []byte) {
	h := c.h
	r, err := display.ParseReport(raw)
	if err != nil {
		if !c.badHealthLogged {
			c.badHealthLogged = true
			h.log.Warn("bad TV health report dropped", "device", c.code, "bytes", len(raw))
		}
		return
	}
	now := h.now()
	if !c.lastHealthWritten.IsZero() && now.Sub(c.lastHealthWritten) < h.opts.AckEvery && display.Same(c.lastHealth, r) {
		return
	}
	h.mu.RLock()
	paired, tv := c.paired, c.tv
	h.mu.RUnlock()
	if !paired {
		return
	}
	c.lastHealth, c.lastHealthWritten = r, now
	select {
	case h.health <- display.HealthReport{DisplayID: tv.DisplayID, FranchiseID: tv.FranchiseID, Report: r, At: now.UnixMilli()}:
	case <-h.stop:
	}
}

// overridesAcked tells OverridesAcked of the overrides not yet
// acknowledged on this connection, among those its TV's part carries (a
// player cannot confirm an override it was not sent: ids are unique, and an
// override is in the part as an object opening with its id).
func (c *conn) overridesAcked(list []string) {
	h := c.h
	if h.opts.OverridesAcked == nil || len(list) > 16 {
		return
	}
	h.mu.RLock()
	paired, displayID, part := c.paired, c.tv.DisplayID, c.tvJSON
	h.mu.RUnlock()
	if !paired {
		return
	}
	if c.overridesFor != displayID {
		// Paired with another TV since (the box moved, or its TV was
		// registered again): that TV has acknowledged none of them.
		c.ackedOverrides, c.overridesFor = nil, displayID
	}
	var fresh []string
	for _, id := range list {
		if len(id) > 64 || slices.Contains(c.ackedOverrides, id) || slices.Contains(fresh, id) || !carries(part, id) {
			continue
		}
		fresh = append(fresh, id)
	}
	if len(fresh) == 0 {
		return
	}
	c.ackedOverrides = append(c.ackedOverrides, fresh...)
	if len(c.ackedOverrides) > 64 {
		c.ackedOverrides = c.ackedOverrides[len(c.ackedOverrides)-64:]
	}
	h.opts.OverridesAcked(displayID, fresh)
}

// carries tells whether the TV part holds an object whose id is id.
func carries(part []byte, id string) bool {
	at := 0
	for {
		i := bytes.Index(part[at:], objectID)
		if i < 0 {
			return false
		}
		at += i + len(objectID)
		if rest := part[at:]; len(rest) > len(id) && string(rest[:len(id)]) == id && rest[len(id)] == '"' {
			return true
		}
	}
}

// objectID opens an object whose first field is its id.
var objectID = []byte(`{"id":"`)

// close ends c with code: the connection's read deadline passes at once,
// which ends its reader's read; the reader then releases the socket (a
// write blocked on a player that does not read ends by release's
// deadline; one in progress finishes, so the close frame still follows
// it). It never blocks the hub.
func (c *conn) close(code websocket.StatusCode, reason string) {
	c.qmu.Lock()
	c.dead = true
	c.queue = nil
	if c.closeCode == 0 {
		c.closeCode, c.closeReason = code, reason
	}
	c.qmu.Unlock()
	c.nc.SetReadDeadline(longAgo)
}

// enqueue adds a frame to c's queue and schedules a writer; a full queue
// means the player reads too slowly: it is dropped and reconnects.
func (c *conn) enqueue(f frame) {
	c.qmu.Lock()
	if c.dead {
		c.qmu.Unlock()
		return
	}
	if len(c.queue) >= c.h.opts.QueueSize {
		c.qmu.Unlock()
		c.close(CloseTooSlow, "fila de envio cheia")
		return
	}
	if f.playlist {
		if f.read < c.queuedAt {
			// Read before the playlist already queued (a connect racing a
			// change): what it carries is older.
			c.qmu.Unlock()
			return
		}
		c.queuedAt = f.read
		if f.how == pushChanged && f.version == c.queuedVersion && bytes.Equal(f.tvJSON, c.queuedTV) {
			c.qmu.Unlock()
			return // the player has it, or will have it from the one queued
		}
		c.queuedVersion, c.queuedTV, c.queuedHash = f.version, f.tvJSON, scheduleHash(f.version)
		if c.greeted && f.how == pushChanged && c.h.opts.Acked != nil && len(f.parts) > 0 && bytes.HasPrefix(f.parts[0], playlistHead) {
			f.queued = monotonic()
		}
		// A newer playlist replaces one not yet written (and is timed from
		// the older one's queuing: the change it carries waited since then).
		kept := c.queue[:0]
		for _, q := range c.queue {
			if !q.playlist {
				kept = append(kept, q)
			} else if q.queued != 0 && f.queued != 0 {
				f.queued = min(f.queued, q.queued)
			}
		}
		c.queue = kept
	}
	c.queue = append(c.queue, f)
	schedule := !c.scheduled
	c.scheduled = true
	c.qmu.Unlock()
	if schedule {
		select {
		case c.h.work <- c:
		case <-c.h.stop:
		}
	}
}

// write is one of the pool's writers.
func (h *Hub) write() {
	defer h.done.Done()
	var scratch writeScratch
	for {
		select {
		case <-h.stop:
			return
		case c := <-h.work:
			h.writeAll(c, &scratch)
		}
	}
}

// writeAll writes c's frames until its queue is empty. c stays scheduled
// meanwhile: frames queued during a write wait for this writer, never
// racing it on another, so a player gets its frames in the order they were
// queued (an older playlist never lands after a newer one).
func (h *Hub) writeAll(c *conn, scratch *writeScratch) {
	wrote := false
	for {
		c.qmu.Lock()
		if wrote {
			c.writtenAt = monotonic()
		}
		frames := c.queue
		c.queue = nil
		if len(frames) == 0 || c.dead {
			c.scheduled = false
			c.qmu.Unlock()
			return
		}
		c.qmu.Unlock()
		if err := h.writeFrames(c, frames, scratch); err != nil {
			c.close(websocket.StatusGoingAway, "falha ao enviar")
			wrote = false
			continue
		}
		wrote = false
		for _, f := range frames {
			if f.playlist {
				wrote = true
				h.Pushed.Add(1)
			}
		}
	}
}

// writeFrames writes frames to c's socket as WebSocket text messages, in
// one system call: each frame's header and its parts as they are (the
// schedule's bytes, shared by every screen that shows it, are never copied
// per connection). The hub writes its messages itself rather than through
// the WebSocket library, whose write copies the message into the socket's
// small buffer and writes it in two calls, under a time-out context armed
// per message. The library still writes its control frames (the close
// frame, pongs), each in one call of its own, so they never land inside one
// of these; none is written after c's writes ended (endWrites).
func (h *Hub) writeFrames(c *conn, frames []frame, scratch *writeScratch) error {
	scratch.heads = scratch.heads[:0]
	for _, f := range frames {
		if f.queued != 0 {
			// Noted before writing: the player may ack before the write returns.
			c.pushedAt.CompareAndSwap(0, f.queued)
		}
		n := 0
		for _, p := range f.parts {
			n += len(p)
		}
		scratch.heads = textHeader(scratch.heads, n)
	}
	bufs := scratch.bufs[:0]
	at := 0
	for _, f := range frames {
		n := textHeaderLen(f.parts)
		bufs = append(bufs, scratch.heads[at:at+n:at+n])
		at += n
		bufs = append(bufs, f.parts...)
	}
	scratch.bufs = bufs
	defer clear(scratch.bufs[:cap(scratch.bufs)]) // the writer keeps no frame alive
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.wended || c.ending.Load() {
		return net.ErrClosed
	}
	// The write deadline is moved only once half of WriteWithin has passed
	// (moving it costs more than the clock read): a write still gets
	// between half of WriteWithin and all of it.
	if now := time.Now(); c.writeBy.Sub(now) < h.opts.WriteWithin/2 {
		c.writeBy = now.Add(h.opts.WriteWithin)
		if err := c.nc.SetWriteDeadline(c.writeBy); err != nil {
			return err
		}
		if c.ending.Load() {
			return net.ErrClosed // the release's deadline, set meanwhile, must stand
		}
	}
	switch c.nc.(type) {
	case *net.TCPConn, *net.UnixConn: // written with one writev
		_, err := bufs.WriteTo(c.nc)
		return err
	}
	buf := framePool.Get().(*bytes.Buffer) // one Write, whatever the connection
	defer framePool.Put(buf)
	buf.Reset()
	for _, b := range bufs {
		buf.Write(b)
	}
	_, err := c.nc.Write(buf.Bytes())
	return err
}

// writeScratch is a writer's own memory for the buffers it hands the
// socket, reused from one write to the next.
type writeScratch struct {
	heads []byte
	bufs  net.Buffers
}

// textHeaderLen is the length of the header of a message of parts.
func textHeaderLen(parts [][]byte) int {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	switch {
	case n <= 125:
		return 2
	case n <= 0xFFFF:
		return 4
	default:
		return 10
	}
}

// textHeader appends to dst the header of a whole (final), unmasked text
// message of n bytes (RFC 6455, 5.2).
func textHeader(dst []byte, n int) []byte {
	dst = append(dst, 0x81)
	switch {
	case n <= 125:
		return append(dst, byte(n))
	case n <= 0xFFFF:
		return append(dst, 126, byte(n>>8), byte(n))
	default:
		return binary.BigEndian.AppendUint64(append(dst, 127), uint64(n))
	}
}

// endWrites ends the hub's writes to c's socket: one in progress finishes
// (or fails by the connection's deadline, which the caller has set), none
// follows, and the library may write its close frame.
func (c *conn) endWrites() {
	c.wmu.Lock()
	c.wended = true
	c.wmu.Unlock()
}

// report queues a status change for the next flush.
func (h *Hub) report(s display.Status) {
	select {
	case h.status <- s:
	case <-h.stop:
	}
}

// flushStatus writes the queued status changes in batches.
func (h *Hub) flushStatus() {
	defer h.done.Done()
	tick := time.NewTicker(h.opts.FlushEvery)
	defer tick.Stop()
	var batch []display.Status
	var reports []display.HealthReport
	flush := func() {
		if len(batch) > 0 {
			ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
			if err := h.src.RecordStatus(ctx, batch); err != nil {
				h.log.Warn("TV status not recorded", "err", err, "changes", len(batch))
			}
			cancel()
			batch = batch[:0]
		}
		if len(reports) > 0 {
			ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
			if err := h.src.RecordHealth(ctx, reports); err != nil {
				h.log.Warn("TV health not recorded", "err", err, "reports", len(reports))
			}
			cancel()
			reports = reports[:0]
		}
	}
	for {
		select {
		case s := <-h.status:
			batch = append(batch, s)
			if len(batch) >= 1000 {
				flush()
			}
		case r := <-h.health:
			reports = append(reports, r)
			if len(reports) >= 1000 {
				flush()
			}
		case <-tick.C:
			flush()
		case <-h.flushNow:
			// The statuses reported before the signal are queued already.
			for drained := false; !drained; {
				select {
				case s := <-h.status:
					batch = append(batch, s)
				default:
					drained = true
				}
			}
			flush()
		case <-h.stop:
			for {
				select {
				case s := <-h.status:
					batch = append(batch, s)
				case r := <-h.health:
					reports = append(reports, r)
				default:
					flush()
					return
				}
			}
		}
	}
}
