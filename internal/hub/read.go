package hub

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/gobwas/ws"
)

// Reading: the hub reads a player's socket only when the kernel says it
// has bytes (a poller, poll_linux.go), into the poller's own buffer, and
// parses the frames in them with the WebSocket library's public frame
// functions (ws.ReadHeader, ws.CheckHeader, ws.Cipher). An idle socket
// holds no goroutine and no buffer: only the start of a frame that has not
// all come yet is kept (c.in), and the fragments of a message not yet
// whole (c.msg), both at most MaxFrame and a header.

// pollRead is the size of a poller's buffer: a read takes all a player
// sent since the last one.
const pollRead = 32 << 10

// headerScratch is where frame headers are read (ws.ReadHeaderBuffer takes
// a reader): each reading goroutine has its own, so that reading a frame
// allocates nothing.
type headerScratch struct {
	rd bytes.Reader
	hb [ws.MaxHeaderSize]byte
}

// consume handles the bytes p just read from c's socket, after those kept
// from earlier reads, reading headers in sc. In the auth phase it stops
// after the first message (c.authMsg), keeping what follows for the reads
// after authentication.
func (c *conn) consume(p []byte, sc *headerScratch) {
	if len(c.in) > 0 {
		p = append(c.in, p...)
		c.in = nil
	}
	rd, hb := &sc.rd, sc.hb[:0]
	for len(p) > 0 {
		if c.skip > 0 {
			n := int(min(c.skip, int64(len(p))))
			p, c.skip = p[n:], c.skip-int64(n)
			continue
		}
		if c.code == "" && c.authMsg != nil && !c.readOver.Load() {
			break // the auth phase reads one message
		}
		rd.Reset(p)
		hdr, err := ws.ReadHeaderBuffer(rd, hb)
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break // the rest of the header is still on its way
		}
		at := len(p) - rd.Len()
		if c.readOver.Load() {
			// Released: everything but the player's close frame is
			// dropped unread.
			if hdr.OpCode == ws.OpClose && err == nil {
				if int64(len(p)-at) < hdr.Length {
					break
				}
				c.end(0, "", true)
			}
			c.skip, p = hdr.Length, p[at:]
			if err != nil {
				return
			}
			continue
		}
		state := ws.StateServerSide
		if c.msgOp != 0 {
			state |= ws.StateFragmented
		}
		if err == nil {
			err = ws.CheckHeader(hdr, state)
		}
		if err != nil {
			// Ended as a broken stream is (1001, as before the hub read
			// frames itself; docs/device-protocol.md names no other).
			code, reason := c.endCode(ws.StatusGoingAway, "conexão encerrada")
			c.end(code, reason, false)
			return // nothing after a frame that cannot be read can be
		}
		if !hdr.OpCode.IsControl() && int64(len(c.msg))+hdr.Length > MaxFrame {
			// Its bytes are dropped as they come; the player gets 1009.
			c.skip, p = hdr.Length, p[at:]
			code, reason := c.endCode(ws.StatusMessageTooBig, "quadro grande demais")
			c.end(code, reason, false)
			continue
		}
		if int64(len(p)-at) < hdr.Length {
			break // the rest of the frame is still on its way
		}
		payload := p[at : at+int(hdr.Length)]
		p = p[at+int(hdr.Length):]
		ws.Cipher(payload, hdr.Mask, 0)
		switch hdr.OpCode {
		case ws.OpPing:
			c.lastFrame.Store(c.h.now().UnixNano())
			c.h.enqueue(c, frame{op: ws.OpPong, body: bytes.Clone(payload)})
		case ws.OpPong:
			c.lastFrame.Store(c.h.now().UnixNano())
		case ws.OpClose:
			// The player closes: its code is echoed, and the socket is
			// shut once the echo is written.
			code, _ := ws.ParseCloseFrameData(payload)
			if code == 0 {
				code = ws.StatusNormalClosure
			}
			c.end(code, "", true)
		default:
			op, data := hdr.OpCode, payload
			if !hdr.Fin || c.msgOp != 0 {
				if c.msgOp == 0 {
					c.msgOp = op
				}
				c.msg = append(c.msg, payload...)
				if !hdr.Fin {
					continue
				}
				op, data = c.msgOp, c.msg
				c.msg, c.msgOp = nil, 0
			}
			if c.code == "" {
				c.authMsg = bytes.Clone(data)
				if op != ws.OpText {
					c.authMsg = []byte{} // not text: refused like a bad auth frame
				}
				continue
			}
			c.message(op, data)
		}
	}
	if len(p) > 0 {
		c.in = bytes.Clone(p)
	}
}

// endCode is the code a socket ends with when its reading ends for
// another reason than the hub's: the hub's own when it closed the socket
// meanwhile, 1012 while the hub closes, else code.
func (c *conn) endCode(code ws.StatusCode, reason string) (ws.StatusCode, string) {
	c.qmu.Lock()
	hc, hr := c.closeCode, c.closeReason
	c.qmu.Unlock()
	if hc != 0 {
		return hc, hr
	}
	c.h.mu.RLock()
	closing := c.h.closing
	c.h.mu.RUnlock()
	if closing {
		return closeRestart, "servidor reiniciando"
	}
	return code, reason
}

// gone ends c once its stream ended or failed: nothing more can be read.
func (c *conn) gone() {
	c.unpoll()
	code, reason := c.endCode(ws.StatusGoingAway, "conexão encerrada")
	c.end(code, reason, true)
}

// message handles one of the player's messages (after authentication);
// data is only valid during the call.
func (c *conn) message(op ws.OpCode, data []byte) {
	h := c.h
	now := h.now()
	c.lastFrame.Store(now.UnixNano())
	type message struct {
		Type      string          `json:"type"`
		Hash      string          `json:"hash"`
		Overrides []string        `json:"overrides"`
		Health    json.RawMessage `json:"health"`
	}
	var msg message
	var hash []byte // the hash an ack names, read in place when plain
	bad := op != ws.OpText
	if !bad {
		if plain, overrides, ok := plainAck(data); ok {
			msg.Type, msg.Overrides, hash = "ack", overrides, plain
		} else {
			var full message // decoded apart: what json decodes into is allocated
			bad = json.Unmarshal(data, &full) != nil
			msg, hash = full, []byte(full.Hash)
		}
	}
	if bad {
		c.end(CloseMalformed, "quadro inválido", false)
		return
	}
	switch msg.Type {
	case "ack":
		mono := monotonic()
		if at := c.pushedAt.Swap(0); at != 0 && h.opts.Acked != nil {
			h.opts.Acked(time.Duration(mono - at))
		}
		c.acked(c.checkAck(hash, mono), now)
		if len(msg.Overrides) > 0 {
			c.overridesAcked(msg.Overrides)
		}
		if len(msg.Health) > 0 && string(msg.Health) != "null" {
			c.healthReported(msg.Health)
		}
	case "auth":
		// A repeated auth frame changes nothing.
	default:
		c.end(CloseMalformed, "tipo de quadro desconhecido", false)
	}
}

// checkAck compares the schedule an ack names with the one of the newest
// playlist written (now is monotonic): when they differ although everything
// queued was written ackGrace ago, the player does not show what the hub
// believes it does (a frame lost or applied out of order), and its playlist
// is read and sent again. It returns the hash as a string: the queued
// playlist's own when the ack names it, as after every push, so that an ack
// makes no string and the comparisons that follow find the same bytes.
func (c *conn) checkAck(hash []byte, now int64) string {
	h := c.h
	c.qmu.Lock()
	want := scheduleHash(c.queuedVersion)
	same := string(hash) == want
	stale := !same && !c.dead && !c.scheduled && c.writtenAt != 0 &&
		now-c.writtenAt >= int64(ackGrace) && (c.recheckedAt == 0 || now-c.recheckedAt >= int64(recheckEvery))
	if stale {
		c.recheckedAt = now
	}
	c.qmu.Unlock()
	if same {
		return want
	}
	acked := string(hash)
	if !stale {
		return acked
	}
	h.Rechecked.Add(1)
	h.log.Warn("player acked another schedule than the one sent; sending its playlist again",
		"device", c.code, "acked", acked, "sent", want)
	go func() { // off the poller, which reads every socket it watches
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		h.resolve(ctx, []*conn{c}, pushRecheck)
	}()
	return acked
}

// plainAck reads the frame players send most — an ack naming its
// schedule's hash and, while overrides show, their ids:
// {"type":"ack","hash":"…","overrides":["…",…]}, the keys in any order —
// without the reflection of encoding/json, when it is written as players
// write it: no spaces, every value of letters, digits, '-' and '_'.
// Anything else (a health report, escapes, spaces) goes to encoding/json.
// The hash returned is a part of data.
func plainAck(data []byte) (hash []byte, overrides []string, ok bool) {
	if len(data) < 2 || data[0] != '{' || data[len(data)-1] != '}' {
		return nil, nil, false
	}
	p := data[1 : len(data)-1]
	var sawType, sawHash, sawOverrides bool
	for len(p) > 0 {
		key, rest, ok := plainString(p)
		if !ok || len(rest) == 0 || rest[0] != ':' {
			return nil, nil, false
		}
		p = rest[1:]
		switch string(key) {
		case "type":
			v, rest, ok := plainString(p)
			if !ok || sawType || string(v) != "ack" {
				return nil, nil, false
			}
			sawType, p = true, rest
		case "hash":
			v, rest, ok := plainString(p)
			if !ok || sawHash {
				return nil, nil, false
			}
			sawHash, hash, p = true, v, rest
		case "overrides":
			if sawOverrides || len(p) == 0 || p[0] != '[' {
				return nil, nil, false
			}
			sawOverrides, p = true, p[1:]
			for len(p) > 0 && p[0] != ']' {
				if len(overrides) > 0 {
					if p[0] != ',' {
						return nil, nil, false
					}
					p = p[1:]
				}
				v, rest, ok := plainString(p)
				if !ok {
					return nil, nil, false
				}
				overrides, p = append(overrides, string(v)), rest
			}
			if len(p) == 0 {
				return nil, nil, false
			}
			p = p[1:]
		default:
			return nil, nil, false
		}
		if len(p) > 0 {
			if p[0] != ',' || len(p) == 1 {
				return nil, nil, false
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
