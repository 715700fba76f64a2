package hub

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/coder/websocket"
)

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
