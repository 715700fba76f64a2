package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// player is one TV box: a socket, the time each schedule hash first
// arrived, and the last hash applied (what it acks).
type player struct {
	code, token string
	replica     int
	ws          *rawSocket

	first chan struct{} // closed on the first playlist
	once  sync.Once
	done  chan struct{} // closed when the socket ends

	mu      sync.Mutex
	arrived map[string]time.Time
	hash    string
	// overrides are the emergency overrides of the last playlist (what
	// it acks); arrived["ov:"+ids] is when that set last began.
	overrides []string
	// playlistLen is the bytes of the last playlist that brought a new
	// schedule hash (a save's: the kernel floor's message); an override's
	// or an approval's playlist, which carries the TV's whole screen, is
	// not counted.
	playlistLen int
	playlists   int   // playlist frames received
	closed      error // why the socket ended, nil while open
	ovNoted     bool  // arrived has the key of the overrides' set shown

	// news counts what the reader recorded (an arrival, the close): a
	// round's wait looks into the player again only when it moved.
	news atomic.Int64
}

// dialer is shared by the storm's players' upgrade requests and the
// storm's health checks; the sockets leave its pool once upgraded.
var dialer = &http.Client{Transport: &http.Transport{
	DialContext:     (&net.Dialer{Timeout: 30 * time.Second}).DialContext,
	MaxIdleConns:    0,
	IdleConnTimeout: time.Second,
}}

// connect opens the socket, authenticates and starts the reader; it
// returns once the first playlist arrived.
func (p *player) connect(ctx context.Context, base string) error {
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	ws, err := dialRaw(ctx, base, "/api/device/ws")
	if err != nil {
		return err
	}
	auth, _ := json.Marshal(map[string]string{"type": "auth", "token": p.token})
	if err := ws.WriteText(auth); err != nil {
		ws.Close()
		return err
	}
	p.ws = ws
	p.first = make(chan struct{})
	p.done = make(chan struct{})
	p.arrived = map[string]time.Time{}
	ws.start(p.message, p.ended)
	select {
	case <-p.first:
		return nil
	case <-p.done:
		_, why := p.state()
		return fmt.Errorf("closed before the first playlist: %w", why)
	case <-ctx.Done():
		ws.Close()
		return fmt.Errorf("no playlist within 60 s")
	}
}

// message records a playlist's arrival and acks it, as the player does
// right after applying one; data is valid during the call only.
func (p *player) message(data []byte) {
	now := time.Now()
	typ, hash := frameInfo(data)
	var ovs []string
	p.mu.Lock()
	if typ == "playlist" {
		if _, seen := p.arrived[hash]; !seen {
			p.arrived[hash] = now
			p.playlistLen = len(data)
		}
		p.hash = hash
		p.playlists++
		ovs = overrideIDs(data)
		if !slices.Equal(ovs, p.overrides) || !p.ovNoted {
			p.arrived["ov:"+strings.Join(ovs, ",")] = now
			p.ovNoted = true
		}
		p.overrides = ovs
	}
	if m := watched.Load(); m != nil && bytes.Contains(data, *m) {
		if key := "mark:" + string(*m); p.arrived[key].IsZero() {
			p.arrived[key] = now
		}
	}
	p.mu.Unlock()
	p.news.Add(1)
	if typ == "playlist" {
		p.once.Do(func() { close(p.first) })
		p.ack(hash, ovs)
	}
}

// ended records why the socket ended.
func (p *player) ended(why error) {
	p.mu.Lock()
	p.closed = why
	p.mu.Unlock()
	p.news.Add(1)
	close(p.done)
}

// ack sends {"type":"ack","hash":…}, naming the playlist's overrides.
func (p *player) ack(hash string, overrides []string) {
	// No deadline of its own: a socket the server stops reading ends the
	// player's reader, and the round's time-out bounds the wait.
	p.ws.WriteText(ackFrame(hash, overrides))
}

func (p *player) state() (hash string, closed error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.hash, p.closed
}

// acked is what the player acks now: its schedule's hash and overrides.
func (p *player) acked() (hash string, overrides []string, closed error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.hash, p.overrides, p.closed
}

// received counts the playlist frames the player got so far.
func (p *player) received() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.playlists
}

func (p *player) arrival(hash string) (time.Time, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	t, ok := p.arrived[hash]
	return t, ok
}

// connectAll connects the players, at most conc dialling at once.
func connectAll(ctx context.Context, players []*player, bases []string, conc int) error {
	return parallel(ctx, len(players), conc, "players connected", func(ctx context.Context, i int) error {
		p := players[i]
		return p.connect(ctx, bases[p.replica])
	})
}

// ackLoop has every player ack every period, spread evenly over it (a
// real player acks every 30 s from its own start), until ctx ends.
func ackLoop(ctx context.Context, players []*player, period time.Duration, sent *atomic.Int64) {
	spread(ctx, len(players), period, func(i int) {
		p := players[i]
		if hash, ovs, closed := p.acked(); closed == nil {
			p.ack(hash, ovs)
			sent.Add(1)
		}
	})
}

// spread calls each(i) for every i below n once a period, the n spread
// evenly over it, until ctx ends.
func spread(ctx context.Context, n int, period time.Duration, each func(i int)) {
	const slots = 300
	tick := time.NewTicker(period / slots)
	defer tick.Stop()
	for slot := 0; ; slot = (slot + 1) % slots {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		for i := slot; i < n; i += slots {
			each(i)
		}
	}
}

// round is one save and the players' new playlists.
type round struct {
	label    string // what was pushed ("" = a schedule save, numbered)
	hash     string
	saveTook time.Duration
	lat      []time.Duration // per player that got it
	perRep   [][]time.Duration
	missing  int
	// CPU used from the save until the round ended: by the servers, and
	// by this generator (its players read and ack on the same cores).
	serverCPU, genCPU time.Duration
}

// awaitRound waits until every open player has the playlist with hash (or
// timeout) and collects each one's time from start. A hash "ov:ids" waits
// for the playlist whose emergency overrides are ids, arrived after start.
func awaitRound(players []*player, replicas int, hash string, start time.Time, timeout time.Duration) round {
	r := round{hash: hash, perRep: make([][]time.Duration, replicas)}
	deadline := time.Now().Add(timeout)
	type waiting struct {
		p    *player
		seen int64 // p.news when last looked into; -1: never
	}
	pending := make([]waiting, len(players))
	for i, p := range players {
		pending[i] = waiting{p, -1}
	}
	for len(pending) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		kept := pending[:0]
		for _, w := range pending {
			// The generator shares the server's cores: a player is looked
			// into (its lock, its map) only when its reader recorded something.
			if n := w.p.news.Load(); n != w.seen {
				w.seen = n
				if t, ok := w.p.arrival(hash); ok && !t.Before(start) {
					continue
				}
				if _, closed := w.p.state(); closed != nil {
					continue
				}
			}
			kept = append(kept, w)
		}
		pending = kept
	}
	for _, p := range players {
		t, ok := p.arrival(hash)
		if !ok || t.Before(start) {
			r.missing++
			continue
		}
		d := t.Sub(start)
		r.lat = append(r.lat, d)
		r.perRep[p.replica] = append(r.perRep[p.replica], d)
	}
	return r
}

// openCount counts players whose socket is open, and the first reason one closed.
func openCount(players []*player) (open int, why error) {
	for _, p := range players {
		if _, closed := p.state(); closed == nil {
			open++
		} else if why == nil {
			why = closed
		}
	}
	return open, why
}

// ackFrame is {"type":"ack","hash":…[,"overrides":[…]]}, written without
// encoding/json (the generator shares the server's cores).
func ackFrame(hash string, overrides []string) []byte {
	b := make([]byte, 0, 48+len(hash)+len(overrides)*32)
	b = append(b, `{"type":"ack","hash":`...)
	b = appendJSONString(b, hash)
	if len(overrides) > 0 {
		b = append(b, `,"overrides":[`...)
		for i, id := range overrides {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, id)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendJSONString appends s as a JSON string.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
