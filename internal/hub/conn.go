package hub

import (
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gobwas/ws"

	"vitrine/internal/display"
	"vitrine/internal/screen"
)

// conn is one player's connection.
type conn struct {
	h    *Hub
	nc   net.Conn // the player's socket, read by the auth phase's goroutine
	sock socket   // how the hub writes to it and closes it (sock.go)
	poll *poller  // the poller reading the socket after the auth phase (nil: a goroutine of its own)
	addr string   // the client's address, counted while the socket is in the auth phase
	id   string   // connection id, recorded with the TV's online flag
	code string   // the device code, once authenticated

	// Guarded by h.mu: the socket is counted among its address's pending
	// ones (auth phase) or among its device's, until it is shut.
	pendingPhase bool
	counted      bool

	// The reading state, owned by whoever reads the socket (the auth
	// phase's goroutine, then a poller): see read.go.
	in       []byte      // the start of a frame not yet whole
	msg      []byte      // the fragments of a message not yet whole
	msgOp    ws.OpCode   // that message's opcode (0: none in progress)
	skip     int64       // bytes of a frame still to be discarded
	authMsg  []byte      // the auth phase's first message
	readOver atomic.Bool // the socket is being released: only the player's close frame counts

	// How the socket ends (lifecycle.go), guarded by endMu.
	endMu     sync.Mutex
	finishing bool        // release started
	closeSent bool        // the close frame was written (or could not be)
	answered  bool        // the player's close frame (or the end of its stream) came
	shutDone  bool        // the TCP connection is closed
	shutTimer *time.Timer // closes it CloseWithin after the close frame

	// Guarded by h.mu.
	tv         screen.TV
	paired     bool
	tvJSON     []byte // the TV's part of its screen, encoded, kept while the TV stays
	overrides  []byte // the overrides that reach the TV, encoded (shared by the TVs they reach)
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
	// its schedule version, TV part and overrides (to skip repeats) and the schedule
	// hash the player acks once it shows it.
	queuedAt      int64
	queuedVersion string
	queuedTV      []byte
	queuedOver    []byte
	queuedHash    string
	writtenAt     int64         // when a writer last finished writing c's playlists (monotonic ns; 0 = never)
	recheckedAt   int64         // when an ack naming another schedule last made c's playlist be sent again (monotonic ns)
	closeCode     ws.StatusCode // why the hub closed the socket (0 = it did not)
	closeReason   string

	// wmu is held while the hub writes to the socket; once wended is set
	// (before the close frame) it writes no more.
	wmu     sync.Mutex
	wended  bool
	writeBy time.Time // the socket's write deadline
	// sentTV is the TV part of the last playlist written whole (nil before
	// one, and after the unpaired frame or a recheck): a playlist whose TV
	// part is the same goes with "screen":"same" (docs/device-protocol.md).
	sentTV []byte
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

// frame is one message to write. A playlist with a screen is its round's
// head, then the TV's part, its overrides and its schedule, each shared
// with other frames and written as it is (never copied per connection);
// any other frame is body alone.
type frame struct {
	// The message's bytes: a playlist's head (up to its "screen" key),
	// else the whole message.
	body []byte
	// A playlist's TV part, overrides and schedule (screen set). The TV part
	// and overrides also tell whether it repeats the one queued before.
	tvJSON, overrides, schedule []byte
	// What a playlist shows: its schedule's version (unpairedVersion for
	// the unpaired frame). A playlist the same as the last one queued is
	// skipped unless how says otherwise.
	version string
	read    int64     // a playlist's read (h.reads): one read earlier than the last queued is stale
	queued  int64     // when a changed playlist was queued (monotonic ns), to time its ack; 0 = untimed
	op      ws.OpCode // a control frame's opcode (a pong); 0 for a text message
	// playlist: what the screen shows (a playlist or the unpaired frame);
	// screen: a playlist with a screen, the frame the player acks.
	playlist, screen bool
	how              pushKind
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
