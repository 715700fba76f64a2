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

	"vitrine/internal/tenant"
)

// The overview of a large franchise asks for every store and every TV of it
// at once (megabytes of JSON), and many operators keep it open. Reading,
// sorting and encoding that on every call would tie up the database and the
// CPU, so those answers are kept encoded (and gzipped) in memory per
// franchise, labelled with the franchise's revision. Every change to what
// they show bumps the revision in its own transaction (franchise.Changes), so
// one cheap query tells whether the kept answer is current — on any replica.
// The change signal also drops this replica's stale answers at once, so a
// busy franchise does not keep old megabytes alive until its next read.
// Small answers are not kept: they are cheaper to rebuild than to hold.
const (
	snapshotMinSize    = 32 << 10
	snapshotMaxEntries = 64
	snapshotBuildTime  = 30 * time.Second
)

type snapshot struct {
	revision int64
	ready    chan struct{} // closed once built
	plain    []byte
	gzipped  []byte
	etag     string
	err      error
	used     time.Time
}

type snapshotKey struct {
	franchiseID string
	kind        string // "stores", "displays"
}

type snapshotCache struct {
	mu      sync.Mutex
	entries map[snapshotKey]*snapshot
}

// forget drops the franchise's finished answers older than revision rev.
func (c *snapshotCache) forget(franchiseID string, rev int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.entries {
		if k.franchiseID != franchiseID || e.revision >= rev {
			continue
		}
		select {
		case <-e.ready:
			delete(c.entries, k)
		default: // still building: its waiters hold it; a newer read replaces it
		}
	}
}

// get returns the answer for key at revision rev or newer, building it with
// build when there is none. Concurrent callers share one build.
func (c *snapshotCache) get(ctx context.Context, key snapshotKey, rev int64, build func(ctx context.Context) ([]byte, error)) (*snapshot, error) {
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[snapshotKey]*snapshot{}
	}
	e := c.entries[key]
	if e == nil || e.revision < rev {
		e = &snapshot{revision: rev, ready: make(chan struct{})}
		c.entries[key] = e
		c.evict()
		c.mu.Unlock()
		// The build outlives the request that started it: others wait for it.
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), snapshotBuildTime)
		c.fill(bctx, key, e, build)
		cancel()
	} else {
		e.used = time.Now()
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
	defer close(e.ready)
	e.plain, e.err = build(ctx)
	if e.err == nil {
		var z bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&z, gzip.DefaultCompression)
		_, _ = zw.Write(e.plain)
		_ = zw.Close()
		e.gzipped = z.Bytes()
		sum := sha256.Sum256(e.plain)
		e.etag = `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
	}
	e.used = time.Now()
	if e.err != nil || len(e.plain) < snapshotMinSize {
		c.mu.Lock()
		if c.entries[key] == e {
			delete(c.entries, key)
		}
		c.mu.Unlock()
	}
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

// writeSnapshot answers a GET with the franchise-wide list named kind,
// built by list when the kept one is older than the franchise's revision.
// It honours If-None-Match (304) and Accept-Encoding: gzip.
//
// Only the whole franchise's answer is kept: a member scoped to some of its
// stores gets theirs built for the call (a few stores' worth).
func (s *Server) writeSnapshot(w http.ResponseWriter, r *http.Request, t tenant.Tenant, kind string, list func(ctx context.Context) (any, error)) error {
	if !t.Whole() {
		v, err := list(r.Context())
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "private, no-store")
		writeJSON(w, http.StatusOK, v)
		return nil
	}
	// The revision is read before the data, so a kept answer is never older
	// than its label.
	rev, err := s.Franchises.Revision(r.Context(), t.ID)
	if err != nil {
		return err
	}
	snap, err := s.snapshots.get(r.Context(), snapshotKey{t.ID, kind}, rev, func(ctx context.Context) ([]byte, error) {
		v, err := list(ctx)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := json.NewEncoder(&buf).Encode(v); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	})
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Cache-Control", "private, no-cache")
	h.Set("ETag", snap.etag)
	h.Add("Vary", "Accept-Encoding")
	if etagMatches(r.Header.Get("If-None-Match"), snap.etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	body := snap.plain
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		body = snap.gzipped
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
	return nil
}

func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

func acceptsGzip(header string) bool { return accepts(header, "gzip") }
