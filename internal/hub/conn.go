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
//
// Its fields are laid out by the job that touches them, so that a push
// reads and writes few cache lines per player: with 10,000 players a
// push's connections no longer fit a small processor cache, and each line
// is then a read from memory (docs/performance.md, "Players: push
// fan-out", 2026-12-06, fourth). Each group marked "line" fits one 64-byte
// line (TestConnHotFieldsShareLines); the fields a push does not touch
// come last.
type conn struct {
	// Line: the reader's way in, and what the writer and the reader share
	// per ack.
	h    *Hub
	sock socket // how the hub writes to it and closes it (sock.go)
	code string // the device code, once authenticated
	// lastFrame is when the player's last frame was read (Unix ns).
	lastFrame atomic.Int64
	// pushedAt is when the oldest playlist written and not yet acked was
	// queued (monotonic nanoseconds; 0 = none).
	pushedAt atomic.Int64
	// pairedWith is the TV the connection is paired with (nil otherwise),
	// for the reader goroutine's acks without taking the hub's lock.
	pairedWith atomic.Pointer[pairedTV]

	// Line: the reading state, owned by whoever reads the socket (the auth
	// phase's goroutine, then a poller): see read.go.
	in       []byte      // the start of a frame not yet whole
	msg      []byte      // the fragments of a message not yet whole
	skip     int64       // bytes of a frame still to be discarded
	readOver atomic.Bool // the socket is being released: only the player's close frame counts
	msgOp    ws.OpCode   // that message's opcode (0: none in progress)

	// Line: the schedule hash the player last acknowledged, for which TV,
	// when (epoch ms) and whether it is recorded, guarded by ackMu: the
	// reader goroutine acks, a live view's watch and the close record it.
	ackMu     sync.Mutex
	ackedHash string
	hashFor   *pairedTV // the pairing the hash was acked in (see sameTV)
	ackedAt   int64
	// lastAckWritten is when an online status was last reported for the
	// TV (Unix ns of h.now).
	lastAckWritten int64
	// watchedUntil is when (epoch ms) the live view watching this
	// connection's TV stops: until then each new hash is recorded at once.
	watchedUntil atomic.Int64
	hashRecorded bool

	// Line: the queue, guarded by qmu.
	queue []frame
	// The newest playlist (or unpaired frame) queued: its schedule version
	// (to skip repeats and, before "#", the hash the player acks once it
	// shows it), its read (h.reads), its TV part and overrides.
	queuedVersion string
	writtenAt     int64 // when a writer last finished writing c's playlists (monotonic ns; 0 = never)
	qmu           sync.Mutex
	// scheduled is set while a writer owns c: from the frame that
	// scheduled it until its queue is empty, so that c's frames are written
	// by one writer at a time, in the order they were queued.
	scheduled bool
	dead      bool
	// greeted is set once the playlist of the connect is queued: only
	// later playlists, sent because something changed, are timed to their
	// ack.
	greeted bool
	// Line: the rest of what enqueue reads, guarded by qmu.
	queuedAt    int64
	queuedTV    []byte
	queuedOver  []byte
	recheckedAt int64 // when an ack naming another schedule last made c's playlist be sent again (monotonic ns)

	// Line: writing. wmu is held while the hub writes to the socket; once
	// wended is set (before the close frame) it writes no more.
	wmu    sync.Mutex
	wended bool
	// ending is set before the socket's release sets its deadline: no
	// write moves that deadline further.
	ending atomic.Bool
	// sentTV is the TV part of the last playlist written whole (nil before
	// one, and after the unpaired frame or a recheck): a playlist whose TV
	// part is the same goes with "screen":"same" (docs/device-protocol.md).
	sentTV  []byte
	writeBy time.Time // the socket's write deadline

	// Line: the TV's part of the screen, guarded by h.mu, and the TV's ids
	// (the first of tv's fields) on the line after it.
	tvJSON     []byte // the TV's part of its screen, encoded, kept while the TV stays
	overrides  []byte // the overrides that reach the TV, encoded (shared by the TVs they reach)
	resolvedAt int64  // the read (h.reads) the TV above comes from
	paired     bool
	tv         screen.TV
	tvJSONAt   int64 // the read tvJSON comes from (behind resolvedAt while a resolve encodes)
	ids        tvIDs // keeps tv's shared ids canonical (resolve.go, shareIDs)

	// What a push does not touch.
	nc   net.Conn // the player's socket, read by the auth phase's goroutine
	poll *poller  // the poller reading the socket after the auth phase (nil: a goroutine of its own)
	addr string   // the client's address, counted while the socket is in the auth phase
	id   string   // connection id, recorded with the TV's online flag

	// Guarded by h.mu: the socket is counted among its address's pending
	// ones (auth phase) or among its device's, until it is shut.
	pendingPhase bool
	counted      bool

	authMsg []byte // the auth phase's first message (reading state)

	// How the socket ends (lifecycle.go), guarded by endMu.
	endMu     sync.Mutex
	finishing bool        // release started
	closeSent bool        // the close frame was written (or could not be)
	answered  bool        // the player's close frame (or the end of its stream) came
	shutDone  bool        // the TCP connection is closed
	shutTimer *time.Timer // closes it CloseWithin after the close frame

	closeCode   ws.StatusCode // why the hub closed the socket (0 = it did not); guarded by qmu
	closeReason string

	// Overrides this player acknowledged on the TV overridesFor (reader
	// goroutine only): a connection paired with another TV starts over.
	ackedOverrides []string
	overridesFor   string
	// The player's last health report written and when (reader goroutine
	// only), and whether a bad one was logged on this connection.
	lastHealth        display.Report
	lastHealthWritten time.Time
	badHealthLogged   bool
}

// pairedTV names the TV a connection is paired with.
type pairedTV struct{ displayID, franchiseID string }

// sameTV tells whether the pairings p and q (either nil) name the same TV:
// the same pairing, as for every ack after the first, is told without
// reading either.
func sameTV(p, q *pairedTV) bool {
	return p == q || (p != nil && q != nil && p.displayID == q.displayID)
}

// frame is one message to write. A playlist with a screen is its round's
// head, then the TV's part, its overrides and its schedule, each shared
// with other frames and written as it is (never copied per connection);
// any other frame is body alone. A frame is 128 bytes (TestFrameSize): a
// queue of one, which is what a push leaves most queues, takes two cache
// lines.
type frame struct {
	// The message's bytes: a playlist's head (up to its "screen" key),
	// else the whole message.
	body []byte
	// A playlist's TV part and overrides (screen set). They also tell
	// whether it repeats the one queued before.
	tvJSON, overrides []byte
	// What a playlist shows: its schedule, encoded (screen set), and its
	// version (unpairedSchedule for the unpaired frame). A playlist the
	// same as the last one queued is skipped unless how says otherwise.
	schedule *encodedSchedule
	read     int64     // a playlist's read (h.reads): one read earlier than the last queued is stale
	queued   int64     // when a changed playlist was queued (monotonic ns), to time its ack; 0 = untimed
	op       ws.OpCode // a control frame's opcode (a pong); 0 for a text message
	// playlist: what the screen shows (a playlist or the unpaired frame);
	// screen: a playlist with a screen, the frame the player acks.
	playlist, screen bool
	how              pushKind
	_                [24]byte // to 128 bytes, a size class of the allocator: a frame alone starts a line
}

// version is the version of what the frame shows ("" for no playlist).
func (f *frame) version() string {
	if f.schedule == nil {
		return ""
	}
	return f.schedule.version
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

// unpairedSchedule is the unpaired frame's: no schedule, its own version.
var unpairedSchedule = &encodedSchedule{version: unpairedVersion}

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
