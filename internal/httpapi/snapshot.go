package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/tenant"
)

// The overview of a large franchise asks for every store and every TV of it
// at once (megabytes of JSON), and many operators keep it open. Reading,
// sorting and encoding that on every call would tie up the database and the
// CPU, so those answers are kept encoded (and gzipped) in memory per
// franchise, labelled with the franchise's revision. Every change to what
// they show bumps the revision in its own transaction (franchise.Changes) and
// announces it on the change signal, which drops the kept answers older than
// it: this process's own changes at their commit (Deps.Committed), other
// replicas' through the database's notifications. So a kept answer is
// served as it is, without asking the database; once it has gone
// snapshotTrust without the database confirming its revision, the next call
// reads the revision (one indexed query) before serving it, which bounds
// what a lost signal could cost (a write by another process on the same
// SQLite file, which no signal reaches). One read confirms the answer for
// every call: while calls keep coming, the first past half of snapshotTrust
// has the revision read in the background and is served, as are the others
// meanwhile; a call that finds the trust run out reads it, and those that
// come during that read wait for it. Were every call to read the revision
// itself at the trust's end, the fifty consoles of a busy franchise would
// all stop at once every second, each waiting for its own query.
// Small answers are not kept: they are cheaper to rebuild than to hold.
const (
	snapshotMinSize    = 32 << 10
	snapshotMaxEntries = 64
	snapshotBuildTime  = 30 * time.Second
	snapshotTrust      = time.Second
	snapshotCheckTime  = 2 * time.Second // a background confirmation's bound
)

type snapshot struct {
	revision int64
	ready    chan struct{} // closed once built
	plain    []byte
	gzipped  []byte
	etag     string
	err      error
	// The header values of the answer, made once: its ETag and the
	// Content-Length of each encoding.
	etagHeader, plainLength, gzippedLength []string
	used                                   time.Time
	// checked is when the database last said the franchise's revision was
	// at most revision (the cache's mu).
	checked time.Time
	// stale is set when a change newer than revision came while the answer
	// was being built, or a confirmation found the revision moved on: its
	// waiters get it, later calls build again (mu).
	stale bool
	// confirming is closed when the confirmation of the revision in
	// flight ends; nil when none is (mu).
	confirming chan struct{}
}

// Header values the snapshots' answers share.
var (
	privateNoCache  = headerValue("private, no-cache")
	jsonContentType = headerValue("application/json; charset=utf-8")
	gzipEncoding    = headerValue("gzip")
	varyEncoding    = headerValue("Accept-Encoding")
)

// headerValue is a header's value to share between answers: without room
// to grow, an append to it copies it.
func headerValue(v string) []string { return []string{v}[:1:1] }

type snapshotKey struct {
	franchiseID string
	kind        string // "stores", "displays"
}

type snapshotCache struct {
	mu      sync.Mutex
	entries map[snapshotKey]*snapshot
}

func isReady(e *snapshot) bool {
	select {
	case <-e.ready:
		return true
	default:
		return false
	}
}

// forget drops the answers a change may have made stale: the franchise's
// answers older than its revision, or every answer after a change naming no
// franchise that may touch anything (notifications may have been missed).
// Changes that bump no revision (remote commands, news for the consoles,
// live views, access ended) change no list.
func (c *snapshotCache) forget(ch change.Change) {
	all := ch.FranchiseID == "" && ch.Everywhere()
	if !all && (ch.FranchiseID == "" || ch.Revision == 0) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.entries {
		if !all && (k.franchiseID != ch.FranchiseID || e.revision >= ch.Revision) {
			continue
		}
		if isReady(e) {
			delete(c.entries, k)
		} else {
			e.stale = true // still building: its waiters hold it; the next call builds again
		}
	}
}

// How a kept answer may be used, as fresh tells.
type keptUse int

const (
	keptNone    keptUse = iota // none to serve: build it (rebuildSnapshot)
	keptServe                  // serve it
	keptConfirm                // serve it, and confirm its revision in the background
	keptCheck                  // its trust ran out: confirm its revision, then look again
	keptWait                   // its trust ran out: wait for the confirmation in flight, then look again
)

// fresh returns the kept answer for key and how it may be used at now: it
// is served when built, not made stale by a change since, and its revision
// confirmed within snapshotTrust. Past half of that, the first call is
// asked to confirm the revision (keptConfirm); once the trust has run out,
// the first call is asked to (keptCheck) and the others wait (keptWait);
// confirmed is closed when that confirmation ends.
func (c *snapshotCache) fresh(key snapshotKey, now time.Time) (e *snapshot, use keptUse, confirmed <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e = c.entries[key]
	if e == nil || e.stale || !isReady(e) || e.err != nil {
		return nil, keptNone, nil
	}
	age := now.Sub(e.checked)
	if age >= snapshotTrust {
		if e.confirming != nil {
			return e, keptWait, e.confirming
		}
		e.confirming = make(chan struct{})
		return e, keptCheck, e.confirming
	}
	e.used = now
	if age >= snapshotTrust/2 && e.confirming == nil {
		e.confirming = make(chan struct{})
		return e, keptConfirm, e.confirming
	}
	return e, keptServe, nil
}

// confirmed ends the confirmation of e's revision, read at readAt: rev
// is the franchise's revision then. A newer one (a change whose signal was
// lost) makes e stale; after an error the next call past the trust reads
// it again.
func (c *snapshotCache) confirmed(e *snapshot, rev int64, readAt time.Time, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case err != nil:
	case rev > e.revision:
		e.stale = true
	case readAt.After(e.checked):
		e.checked = readAt
	}
	if e.confirming != nil {
		close(e.confirming)
		e.confirming = nil
	}
}

// get returns the answer for key at revision rev or newer, building it with
// build when there is none; readAt is when rev was read. Concurrent callers
// share one build.
func (c *snapshotCache) get(ctx context.Context, key snapshotKey, rev int64, readAt time.Time, build func(ctx context.Context) ([]byte, error)) (*snapshot, error) {
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[snapshotKey]*snapshot{}
	}
	e := c.entries[key]
	if e == nil || e.revision < rev || e.stale {
		e = &snapshot{revision: rev, ready: make(chan struct{}), checked: readAt}
		c.entries[key] = e
		c.evict()
		c.mu.Unlock()
		// The build outlives the request that started it: others wait for it.
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), snapshotBuildTime)
		c.fill(bctx, key, e, build)
		cancel()
	} else {
		e.used = time.Now()
		if readAt.After(e.checked) {
			e.checked = readAt
		}
		c.mu.Unlock()
	}
	select {
	case <-e.ready:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return e, e.err
}

func (c *snapshotCache) fill(ctx context.Context, key snapshotKey, e *snapshot, build func(ctx context.Context) ([]byte, error)) {
	plain, err := build(ctx)
	var gz []byte
	var etag string
	if err == nil {
		var z bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&z, gzip.DefaultCompression)
		_, _ = zw.Write(plain)
		_ = zw.Close()
		gz = z.Bytes()
		sum := sha256.Sum256(plain)
		etag = `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
	}
	c.mu.Lock()
	e.plain, e.gzipped, e.etag, e.err = plain, gz, etag, err
	e.etagHeader, e.plainLength, e.gzippedLength = headerValue(etag), headerValue(strconv.Itoa(len(plain))), headerValue(strconv.Itoa(len(gz)))
	e.used = time.Now()
	if (err != nil || len(plain) < snapshotMinSize) && c.entries[key] == e {
		delete(c.entries, key)
	}
	close(e.ready)
	c.mu.Unlock()
}

// evict drops the least recently used finished entry when there are too
// many. Called with c.mu held.
func (c *snapshotCache) evict() {
	if len(c.entries) <= snapshotMaxEntries {
		return
	}
	var oldestKey snapshotKey
	var oldest time.Time
	found := false
	for k, e := range c.entries {
		select {
		case <-e.ready:
		default:
			continue // still building
		}
		if !found || e.used.Before(oldest) {
			oldestKey, oldest, found = k, e.used, true
		}
	}
	if found {
		delete(c.entries, oldestKey)
	}
}

// listFunc reads a franchise-wide list for t, the answer a kept list
// keeps (encoded as JSON).
type listFunc func(ctx context.Context, t tenant.Tenant) (any, error)

// snapshotAnswer readies the answer to a GET of the franchise-wide list
// named kind, read by list when the kept one is older than the franchise's
// revision: it sets the answer's headers and returns its body, to be sent
// with 200 by the caller; nil when the answer is written already. It
// honours If-None-Match (304) and Accept-Encoding: gzip.
//
// Only the whole franchise's answer is kept: a member scoped to some of its
// stores gets theirs read and written for the call (a few stores' worth).
func (s *Server) snapshotAnswer(w http.ResponseWriter, r *http.Request, t *tenant.Tenant, kind string, list listFunc) ([]byte, error) {
	if !t.Whole() {
		return nil, writeScopedList(w, r, *t, list)
	}
	key := snapshotKey{t.ID, kind}
	var snap *snapshot
	if s.Changes != nil { // without the change signal, every call asks the database
		snap = s.snapshots.kept(r.Context(), key, s.Franchises)
	}
	if snap == nil {
		var err error
		if snap, err = s.rebuildSnapshot(r, *t, key, list); err != nil {
			return nil, err
		}
	}
	// The headers' keys are written in their canonical form and the fixed
	// values shared (no capacity to append to): the answers of the big
	// lists come at thousands a second.
	h := w.Header()
	h["Cache-Control"] = privateNoCache
	h["Etag"] = snap.etagHeader
	if vary := h["Vary"]; len(vary) > 0 {
		h["Vary"] = append(vary, "Accept-Encoding")
	} else {
		h["Vary"] = varyEncoding
	}
	if etagMatches(r.Header.Get("If-None-Match"), snap.etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil, nil
	}
	h["Content-Type"] = jsonContentType
	body, length := snap.plain, snap.plainLength
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		h["Content-Encoding"] = gzipEncoding
		body, length = snap.gzipped, snap.gzippedLength
	}
	h["Content-Length"] = length
	return body, nil
}

// writeScopedList answers with the list of the stores t covers, read for
// the call and kept nowhere.
func writeScopedList(w http.ResponseWriter, r *http.Request, t tenant.Tenant, list listFunc) error {
	v, err := list(r.Context(), t)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "private, no-store")
	writeJSON(w, http.StatusOK, v)
	return nil
}

// revisionReader reads a franchise's revision (franchise.Service).
type revisionReader interface {
	Revision(ctx context.Context, franchiseID string) (int64, error)
}

// kept returns the kept answer for key when it may be served, having its
// revision confirmed as fresh asks; nil when it is to be built (or its
// confirmation failed, or ctx ended while waiting for it). A confirmation
// started always ends (confirmed), whoever stops waiting for it.
func (c *snapshotCache) kept(ctx context.Context, key snapshotKey, revisions revisionReader) *snapshot {
	now := startedAt(ctx)
	for look := 0; look < 2; look++ {
		e, use, confirmed := c.fresh(key, now)
		switch use {
		case keptServe:
			return e
		case keptConfirm:
			go c.confirm(ctx, e, key.franchiseID, revisions)
			return e
		case keptCheck, keptWait:
			if use == keptCheck {
				go c.confirm(ctx, e, key.franchiseID, revisions)
			}
			if look > 0 {
				return nil // confirmed in vain: read and built as without a kept answer
			}
			select {
			case <-confirmed:
			case <-ctx.Done():
				return nil
			}
			now = time.Now()
		default:
			return nil
		}
	}
	return nil
}

// confirm reads the franchise's revision for the kept answer e, for the
// call that asked and the others (ctx's values, not its end).
func (c *snapshotCache) confirm(ctx context.Context, e *snapshot, franchiseID string, revisions revisionReader) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), snapshotCheckTime)
	defer cancel()
	readAt := time.Now()
	rev, err := revisions.Revision(ctx, franchiseID)
	c.confirmed(e, rev, readAt, err)
}

// rebuildSnapshot reads the franchise's revision, then returns the kept
// answer at that revision or builds it. The revision is read before the
// data, so a kept answer is never older than its label.
func (s *Server) rebuildSnapshot(r *http.Request, t tenant.Tenant, key snapshotKey, list listFunc) (*snapshot, error) {
	readAt := time.Now()
	rev, err := s.Franchises.Revision(r.Context(), t.ID)
	if err != nil {
		return nil, err
	}
	return s.snapshots.get(r.Context(), key, rev, readAt, func(ctx context.Context) ([]byte, error) {
		v, err := list(ctx, t)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := json.NewEncoder(&buf).Encode(v); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	})
}

func etagMatches(header, etag string) bool {
	for t := range strings.SplitSeq(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

func acceptsGzip(header string) bool { return accepts(header, "gzip") }
