// Package dbtest breaks PostgreSQL connections for tests: a TCP proxy that
// cuts the connections passing through it, and a private PostgreSQL server
// that a test may restart without disturbing anyone else's.
package dbtest

import (
	"bytes"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net"
	"net/url"
	"os"
	"sync"
	"sync/atomic"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL driver "pgx"
)

// Proxy forwards TCP connections on loopback to a PostgreSQL server, and
// cuts them on demand.
type Proxy struct {
	ln     net.Listener
	target string
	wg     sync.WaitGroup

	mu     sync.Mutex
	live   map[*link]struct{}
	needle []byte // cut the next connection whose answer holds it

	cuts atomic.Int64
}

// link is one client connection and its connection to the server.
type link struct {
	client, server net.Conn
}

// Through starts a proxy to the server of databaseURL and returns it with
// the address to use instead (the same but for host and port).
func Through(t testing.TB, databaseURL string) (*Proxy, string) {
	t.Helper()
	u, err := url.Parse(databaseURL)
	if err != nil {
		t.Fatalf("database address: %v", err)
	}
	p := NewProxy(t, u.Host)
	u.Host = p.ln.Addr().String()
	return p, u.String()
}

// NewProxy starts a proxy to target (host:port), closed when the test ends.
func NewProxy(t testing.TB, target string) *Proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{ln: ln, target: target, live: map[*link]struct{}{}}
	t.Cleanup(func() {
		ln.Close()
		p.CutAll(true)
		p.wg.Wait()
	})
	p.wg.Add(1)
	go p.accept()
	return p
}

func (p *Proxy) accept() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		s, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		l := &link{client: c, server: s}
		p.mu.Lock()
		p.live[l] = struct{}{}
		p.mu.Unlock()
		p.wg.Add(2)
		go p.pipe(l, c, s, false)
		go p.pipe(l, s, c, true)
	}
}

// pipe copies one direction of l; fromServer tells which.
func (p *Proxy) pipe(l *link, from, to net.Conn, fromServer bool) {
	defer p.wg.Done()
	defer p.drop(l, false)
	buf := make([]byte, 32<<10)
	for {
		n, err := from.Read(buf)
		if n > 0 {
			if fromServer && p.takeNeedle(buf[:n]) {
				// The server answered; the client never hears it. Counted
				// before the reset: the client may retry and its caller
				// read Cuts before this goroutine runs again.
				p.cuts.Add(1)
				p.drop(l, true)
				return
			}
			if _, werr := to.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// takeNeedle reports (once) whether chunk holds the armed needle.
func (p *Proxy) takeNeedle(chunk []byte) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.needle == nil || !bytes.Contains(chunk, p.needle) {
		return false
	}
	p.needle = nil
	return true
}

// drop closes both ends of l: reset sends TCP resets, otherwise they end
// normally (FIN), as a server that closes its sessions does.
func (p *Proxy) drop(l *link, reset bool) {
	p.mu.Lock()
	_, ok := p.live[l]
	delete(p.live, l)
	p.mu.Unlock()
	if !ok {
		return
	}
	for _, c := range []net.Conn{l.client, l.server} {
		if tc, isTCP := c.(*net.TCPConn); isTCP && reset {
			_ = tc.SetLinger(0) // close with RST
		}
		c.Close()
	}
}

// CutAll ends every connection open through the proxy, with TCP resets or
// (graceful) with a normal close, and returns how many it ended. The pool
// on the other side does not notice until it uses them.
func (p *Proxy) CutAll(graceful bool) int {
	p.mu.Lock()
	links := make([]*link, 0, len(p.live))
	for l := range p.live {
		links = append(links, l)
	}
	p.mu.Unlock()
	for _, l := range links {
		p.drop(l, !graceful)
	}
	p.cuts.Add(int64(len(links)))
	return len(links)
}

// CutOnAnswer arms the proxy to reset the next connection whose answer from
// the server holds needle, before the client receives that answer: the
// request reached the server and was carried out, the client only sees its
// connection break. For example "COMMIT" (a transaction's commit) or a
// value a SELECT returns.
func (p *Proxy) CutOnAnswer(needle string) {
	p.mu.Lock()
	p.needle = []byte(needle)
	p.mu.Unlock()
}

// Armed tells whether a CutOnAnswer has not fired yet.
func (p *Proxy) Armed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.needle != nil
}

// Close stops accepting connections: new ones are refused, as by a server
// that is down. Open ones stay until CutAll.
func (p *Proxy) Close() { p.ln.Close() }

// Cuts counts the connections the proxy has cut.
func (p *Proxy) Cuts() int { return int(p.cuts.Load()) }

// Live counts the connections open through the proxy.
func (p *Proxy) Live() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.live)
}

// Schema creates a schema of the test's own in TEST_DATABASE_URL's database
// (dropped when the test ends) and returns an address whose search_path
// points at it. It skips the test when TEST_DATABASE_URL is not set.
func Schema(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL is not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	var n [6]byte
	_, _ = rand.Read(n[:])
	schema := "t_" + hex.EncodeToString(n[:])
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("postgres: create schema: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			t.Logf("postgres: drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
