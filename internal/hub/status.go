package hub

import (
	"bytes"
	"context"
	"slices"
	"time"

	"vitrine/internal/display"
)

// acked takes note of an ack. A new schedule hash is recorded at once
// while a live view watches the TV; otherwise it waits for the next status
// written, which an ack writes when the stored one is AckEvery old, or for
// the close. After a push every player acks a new hash: a row written per
// TV then cost more than the push itself, for a live view few TVs have
// open. now is when the ack was read.
func (c *conn) acked(hash string, now time.Time) {
	h := c.h
	tv := c.pairedWith.Load()
	if tv == nil {
		return
	}
	c.ackMu.Lock()
	// A content hash is 24 characters: a longer one is none of ours and
	// is not recorded (the ack still counts).
	if len(hash) <= 64 && (!sameTV(c.hashFor, tv) || c.ackedHash != hash) {
		c.ackedHash, c.ackedAt, c.hashRecorded = hash, now.UnixMilli(), false
	}
	if len(hash) <= 64 {
		c.hashFor = tv // the same TV's newest pairing: the next ack compares no ids
	}
	pending := sameTV(c.hashFor, tv) && !c.hashRecorded
	if now.UnixNano()-c.lastAckWritten < int64(h.opts.AckEvery) && !(pending && c.watchedUntil.Load() > now.UnixMilli()) {
		c.ackMu.Unlock()
		return
	}
	s := display.Status{DisplayID: tv.displayID, FranchiseID: tv.franchiseID,
		ConnectionID: c.id, Online: true, Ack: now.UnixMilli()}
	c.takeHash(&s)
	c.lastAckWritten = now.UnixNano()
	c.ackMu.Unlock()
	h.report(s)
}

// takeHash adds to s, a status of s.DisplayID, the hash its player
// acknowledged when not yet recorded, and counts it as recorded; ackMu is
// held.
func (c *conn) takeHash(s *display.Status) {
	if c.hashFor != nil && c.hashFor.displayID == s.DisplayID && !c.hashRecorded {
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
// acknowledged on this connection, among those its playlist carries (a
// player cannot confirm an override it was not sent: ids are unique, and an
// override is in the overrides' encoding as an object opening with its id).
func (c *conn) overridesAcked(list []string) {
	h := c.h
	if h.opts.OverridesAcked == nil || len(list) > 16 {
		return
	}
	h.mu.RLock()
	paired, displayID, part := c.paired, c.tv.DisplayID, c.overrides
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

// carries tells whether the encoded overrides hold an object whose id is id.
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
