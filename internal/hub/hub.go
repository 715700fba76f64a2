// Package hub holds the players' WebSocket connections on one replica and
// pushes to them: a playlist when a player connects and within a second of
// any change to what its screen shows, and the remote commands an
// administrator sends. Changes arrive on the franchise change signal (in
// process, or from other replicas through PostgreSQL LISTEN/NOTIFY), so a
// change made through any replica reaches a player connected to any other.
//
// The hub is built for many thousands of idle connections: an idle
// connection holds no goroutine and no buffer (a few pollers read every
// socket when the kernel says it has bytes, poll_linux.go; WebSocket frames
// are read and written through github.com/gobwas/ws's public frame
// functions), a fixed pool of writers shared by all, a
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
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gobwas/ws"

	"vitrine/internal/change"
	"vitrine/internal/display"
	"vitrine/internal/fault"
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
	// EncodeScreens encodes TVs' own parts of their screens without their
	// overrides, and apart the value of each one's "overrides" field, in
	// order.
	EncodeScreens(ctx context.Context, tvs []screen.TV) (parts, overrides [][]byte, err error)
	// EncodeOverrides encodes the value of TVs' "overrides" fields, in
	// order; TVs reached by the same overrides share the bytes.
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
	CloseMalformed    = 4400 // a frame that is not JSON, or an unknown type
	CloseUnauthorized = 4401 // no auth frame in time, or an unknown token
	CloseTooSlow      = 4408 // the send queue filled
	CloseReplaced     = 4409 // a newer connection of the same device took over
	CloseTooMany      = 1013 // the device's token holds PerDevice sockets already
	CloseTryLater     = 1013 // its first playlist could not be read (the database slow or gone)

	closeRestart ws.StatusCode = 1012 // the server is restarting (RFC 6455 registry; not among the library's names)
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
	// PlayerBuild names the build of the player page this server serves
	// (its entry script, web.PlayerBuild); each player is told it once
	// authenticated, and one running another build reloads its page. Empty
	// when the page is not built: nothing is sent.
	PlayerBuild string
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
	// buildFrame tells a player the build of the page this server serves
	// (nil: none is sent).
	buildFrame []byte

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
	ready    *readyQueue // connections with frames to write
	status   chan display.Status
	health   chan display.HealthReport
	flushNow chan struct{} // a live view waits for a status: flush without waiting for the tick
	stop     chan struct{}
	done     sync.WaitGroup
	conns    sync.WaitGroup // sockets upgraded and not yet shut
	polls    []*poller      // the pollers reading sockets (none: a goroutine reads each)
	nextPoll atomic.Uint32
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
		ready:    newReadyQueue(opts.Writers),
		status:   make(chan display.Status, 4096),
		health:   make(chan display.HealthReport, 4096),
		flushNow: make(chan struct{}, 1),
		stop:     make(chan struct{}),
	}
	if opts.PlayerBuild != "" {
		h.buildFrame, _ = json.Marshal(struct {
			Type   string `json:"type"`
			Player string `json:"player"`
		}{"build", opts.PlayerBuild})
	}
	h.startPollers()
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
		c.close(closeRestart, "servidor reiniciando")
	}
	waited := make(chan struct{})
	go func() { h.conns.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-ctx.Done():
	}
	h.stopOnce.Do(func() {
		close(h.stop)
		for _, p := range h.polls {
			p.stop() // its wait for events ends
		}
	})
	h.done.Wait()
}
