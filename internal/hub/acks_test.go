package hub

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/change"
	"vitrine/internal/display"
)

func startAckHub(t *testing.T, src *fakeSource, opts Options) (*Hub, *httptest.Server) {
	t.Helper()
	opts.FlushEvery = 20 * time.Millisecond
	h := New(src, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now, opts)
	srv := serveHub(t, h)
	return h, srv
}

func sendAck(t *testing.T, ws *websocket.Conn, frame map[string]any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	frame["type"] = "ack"
	b, _ := json.Marshal(frame)
	if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
}

// greetedPlayer starts a hub with opts and connects the player of TV1 to
// it, which has read its first playlist.
func greetedPlayer(t *testing.T, opts Options) (*Hub, *fakeSource, *websocket.Conn) {
	t.Helper()
	src := &fakeSource{}
	h, srv := startAckHub(t, src, opts)
	ws := dialHub(t, srv.URL, "dev_TV1")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, _, err := ws.Read(ctx); err != nil {
		t.Fatal(err)
	}
	return h, src, ws
}

// hashesAcked lists the hashes recorded as acknowledged, in order, as
// "TV:hash".
func hashesAcked(src *fakeSource) []string {
	src.mu.Lock()
	defer src.mu.Unlock()
	var out []string
	for _, s := range src.status {
		if s.HashAcked {
			out = append(out, s.DisplayID+":"+s.Hash)
		}
	}
	return out
}

// The hash a player acknowledges is recorded at once while a live view
// watches its TV, each new hash once; unwatched, it waits for the status
// written every AckEvery or for the close. A hash that is none of ours is
// not recorded, and its ack keeps the connection.
func TestAckedHashIsRecordedWhileWatched(t *testing.T) {
	h, src, ws := greetedPlayer(t, Options{WatchFor: 300 * time.Millisecond})
	// Unwatched: new hashes wait (the connection's status was written
	// when it paired).
	sendAck(t, ws, map[string]any{"hash": "aaa"})
	sendAck(t, ws, map[string]any{"hash": "bbb"})
	time.Sleep(100 * time.Millisecond) // flushes pass: nothing new
	if got := hashesAcked(src); len(got) != 0 {
		t.Fatalf("unwatched: recorded %v", got)
	}

	// A live view opens: the pending hash is recorded at once, with the
	// time it was acked, then each new one.
	h.Notify(change.Change{FranchiseID: "f", Watch: []string{"TV1"}})
	waitFor(t, func() bool { return len(hashesAcked(src)) == 1 }, "the pending hash recorded on the watch")
	sendAck(t, ws, map[string]any{"hash": "bbb"})
	sendAck(t, ws, map[string]any{"hash": string(make([]byte, 65))})
	sendAck(t, ws, map[string]any{"hash": "ccc"})
	waitFor(t, func() bool { return len(hashesAcked(src)) == 2 }, "the new hash recorded")
	sendAck(t, ws, map[string]any{"hash": ""}) // the schedule was unlinked: nothing to play
	waitFor(t, func() bool { return len(hashesAcked(src)) == 3 }, "the empty hash recorded")
	time.Sleep(60 * time.Millisecond) // a flush more: nothing else arrives
	if got, want := hashesAcked(src), []string{"TV1:bbb", "TV1:ccc", "TV1:"}; !slices.Equal(got, want) {
		t.Fatalf("recorded %v, want %v", got, want)
	}
	src.mu.Lock()
	last := src.status[len(src.status)-1]
	var watchStatus display.Status
	for _, s := range src.status {
		if s.Hash == "bbb" {
			watchStatus = s
		}
	}
	src.mu.Unlock()
	if !last.Online || last.Ack == 0 || last.ConnectionID == "" {
		t.Fatalf("the hash did not ride on an online status: %+v", last)
	}
	if watchStatus.AckedAt == 0 || watchStatus.AckedAt > watchStatus.Ack {
		t.Fatalf("the pending hash lost its time: %+v", watchStatus)
	}
	if h.Connected() != 1 {
		t.Fatal("an odd hash closed the connection")
	}

	// The watch ends: a new hash waits again, and rides on the close.
	time.Sleep(350 * time.Millisecond)
	sendAck(t, ws, map[string]any{"hash": "ddd"})
	time.Sleep(100 * time.Millisecond)
	if n := len(hashesAcked(src)); n != 3 {
		t.Fatalf("recorded after the watch ended: %v", hashesAcked(src))
	}
	ws.Close(websocket.StatusNormalClosure, "")
	waitFor(t, func() bool { return len(hashesAcked(src)) == 4 }, "the hash on the close")
	src.mu.Lock()
	last = src.status[len(src.status)-1]
	src.mu.Unlock()
	if last.Online || last.Hash != "ddd" || !last.HashAcked {
		t.Fatalf("the close did not carry the pending hash: %+v", last)
	}
}

// A TV unwatched has its hash recorded with the status written when the
// stored one is AckEvery old.
func TestAckedHashRidesOnThePeriodicStatus(t *testing.T) {
	_, src, ws := greetedPlayer(t, Options{AckEvery: 150 * time.Millisecond})
	sendAck(t, ws, map[string]any{"hash": "aaa"})
	sendAck(t, ws, map[string]any{"hash": "bbb"})
	time.Sleep(200 * time.Millisecond)
	if got := hashesAcked(src); len(got) != 0 {
		t.Fatalf("recorded before AckEvery: %v", got)
	}
	sendAck(t, ws, map[string]any{"hash": "bbb"}) // the periodic ack, AckEvery later
	waitFor(t, func() bool { return len(hashesAcked(src)) == 1 }, "the hash on the periodic status")
	if got, want := hashesAcked(src), []string{"TV1:bbb"}; !slices.Equal(got, want) {
		t.Fatalf("recorded %v, want %v", got, want)
	}
}

// A connection paired with another TV (the box moved, or its TV was
// registered again) acknowledges for that TV from scratch: the overrides
// and the hash it acked for the old TV are recorded again for the new one.
// Only overrides its TV carries are taken.
func TestAcksStartOverOnAnotherTV(t *testing.T) {
	src := &fakeSource{overrides: []string{"ov1"}}
	var mu sync.Mutex
	var overrideAcks []string
	h, srv := startAckHub(t, src, Options{OverridesAcked: func(displayID string, ids []string) {
		mu.Lock()
		defer mu.Unlock()
		for _, id := range ids {
			overrideAcks = append(overrideAcks, displayID+":"+id)
		}
	}})
	acks := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(overrideAcks)
	}
	ws := dialHub(t, srv.URL, "dev_BOX")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, _, err := ws.Read(ctx); err != nil {
		t.Fatal(err)
	}
	h.Notify(change.Change{FranchiseID: "f", Watch: []string{"BOX"}}) // a live view: hashes recorded at once
	sendAck(t, ws, map[string]any{"hash": "aaa", "overrides": []string{"ov-of-another-tv", "ov1"}})
	waitFor(t, func() bool { return len(acks()) == 1 && len(hashesAcked(src)) == 1 }, "the first acks")

	src.mu.Lock()
	src.moved = map[string]string{"BOX": "TV2"}
	src.mu.Unlock()
	h.Notify(change.Change{FranchiseID: "f", Displays: []string{"BOX", "TV2"}, Revision: 1})
	if _, _, err := ws.Read(ctx); err != nil { // the new TV's playlist
		t.Fatal(err)
	}
	h.Notify(change.Change{FranchiseID: "f", Watch: []string{"TV2"}})
	sendAck(t, ws, map[string]any{"hash": "aaa", "overrides": []string{"ov1"}})
	waitFor(t, func() bool { return len(acks()) == 2 && len(hashesAcked(src)) == 2 }, "the acks for the new TV")
	if got, want := acks(), []string{"BOX:ov1", "TV2:ov1"}; !slices.Equal(got, want) {
		t.Fatalf("override acks %v, want %v", got, want)
	}
	if got, want := hashesAcked(src), []string{"BOX:aaa", "TV2:aaa"}; !slices.Equal(got, want) {
		t.Fatalf("hashes %v, want %v", got, want)
	}
	// Acked again on the same TV: nothing new.
	sendAck(t, ws, map[string]any{"hash": "aaa", "overrides": []string{"ov1"}})
	time.Sleep(60 * time.Millisecond)
	if len(acks()) != 2 || len(hashesAcked(src)) != 2 {
		t.Fatalf("repeated acks recorded: %v %v", acks(), hashesAcked(src))
	}
}
