package httpapi_test

import (
	"bufio"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"vitrine/internal/app"
	"vitrine/internal/config"
	"vitrine/internal/httpapi"
	"vitrine/internal/testutil"
)

// Control characters in any text, and numbers beyond their range, are a
// clear 400 with the same message on both databases — never a 500.
func TestBadTextAndNumbersAreRefusedTheSameOnBothDatabases(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana, tvID, mediaID := seedRede(t, a, "NUL001")

		for _, tc := range []struct {
			name, method, path, body string
		}{
			{"a NUL in a store name", "POST", "/api/store/rede", `{"name":"Lo\u0000ja","region":"S","state":"SP","city":"X"}`},
			{"a NUL in a contact", "POST", "/api/store/rede/centro", `{"contacts":[{"name":"A\u0000","role":"G","phone":"11987654321"}]}`},
			{"a NUL in a TV name", "POST", "/api/display/rede/centro/" + tvID, `{"name":"T\u0000V"}`},
			{"a NUL in a TV detail", "POST", "/api/display/rede/centro/" + tvID, `{"detail":"\u0000"}`},
			{"a NUL in a device code", "POST", "/api/display/rede/centro", `{"name":"TV","device":"AB\u0000C"}`},
			{"a NUL in a group name", "POST", "/api/franchise", `{"name":"G\u0000"}`},
			{"a NUL in a media name", "POST", "/api/media/rede/" + mediaID, `{"name":"f\u0000"}`},
			{"a bell in a message", "POST", "/api/store/rede/notify", `{"message":"oi\u0007","storeSlugList":["centro"]}`},
			{"a NUL in the path", "GET", "/api/display/rede/cen%00tro", ""},
			{"a NUL in a store slug to update", "POST", "/api/store/rede/%00", `{"name":"X"}`},
			{"a NUL in a query", "GET", "/api/media/file/rede?type=image&contentType=image/png%00", ""},
			{"an hourly limit beyond 32 bits", "POST", "/api/media/rede/" + mediaID, `{"limitByHour":2147483648}`},
			{"an hourly limit beyond one a second", "POST", "/api/media/rede/" + mediaID, `{"limitByHour":3601}`},
			{"an orientation beyond 64 bits", "POST", "/api/display/rede/centro/" + tvID, `{"contentOrientation":1e30}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var body any
				if tc.body != "" {
					body = tc.body
				}
				r := a.Do(t, tc.method, tc.path, ana.Token, body)
				if r.Status != 400 || r.Code() != 1003 {
					t.Fatalf("status %d code %d: %s", r.Status, r.Code(), r.Body)
				}
			})
		}
		t.Run("line breaks and tabs in a message stay allowed", func(t *testing.T) {
			r := a.Do(t, "POST", "/api/store/rede/notify", ana.Token, `{"message":"linha 1\nlinha 2\tfim","storeSlugList":["centro"]}`)
			mustStatus(t, r, 202)
		})
		t.Run("nothing was stored", func(t *testing.T) {
			r := a.Do(t, "GET", "/api/store/rede", ana.Token, nil)
			mustStatus(t, r, 200)
			if strings.Contains(string(r.Body), `\u0000`) || strings.Count(string(r.Body), `"slug"`) != 1 {
				t.Fatalf("stores after the refusals: %s", r.Body)
			}
		})
	})
}

// With the database gone, calls answer 503 with a message to try again.
func TestCallsAnswer503WhenTheDatabaseIsGone(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		a.SeedFranchise(t, "rede", "Rede", ana)
		a.DB.Close()
		for _, path := range []string{"/api/store/rede", "/api/franchise", "/api/user/detail"} {
			r := a.Do(t, "GET", path, ana.Token, nil)
			if r.Status != 503 || !strings.Contains(string(r.Body), "Serviço indisponível, tente novamente.") {
				t.Errorf("GET %s: %d %s", path, r.Status, r.Body)
			}
		}
	})
}

// blackHole forwards TCP connections to target until cut, then swallows
// every byte in both directions, like a network that drops packets.
type blackHole struct {
	ln     net.Listener
	target string
	cut    atomic.Bool
	wg     sync.WaitGroup

	mu    sync.Mutex
	conns []net.Conn // both ends of every connection forwarded, closed at the end
}

func newBlackHole(t *testing.T, target string) *blackHole {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	b := &blackHole{ln: ln, target: target}
	// Every connection is closed rather than waited for: one whose bytes were
	// swallowed may be waiting for an answer that never comes (pgx's cancel
	// request of the query that timed out waits 15 s for one).
	t.Cleanup(func() {
		ln.Close()
		b.mu.Lock()
		for _, c := range b.conns {
			c.Close()
		}
		b.mu.Unlock()
		b.wg.Wait()
	})
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			b.mu.Lock()
			b.conns = append(b.conns, c, up)
			b.mu.Unlock()
			b.wg.Add(2)
			go b.pipe(c, up)
			go b.pipe(up, c)
		}
	}()
	return b
}

func (b *blackHole) pipe(from, to net.Conn) {
	defer b.wg.Done()
	defer to.Close()
	defer from.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := from.Read(buf)
		if n > 0 && !b.cut.Load() {
			if _, werr := to.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// With PostgreSQL's packets dropped, a call answers 503 within its time
// limit instead of hanging for the whole outage, and once the network is
// back calls work again without a restart.
func TestADatabaseThatStopsAnsweringGives503InTime(t *testing.T) {
	if len(testutil.Engines()) < 2 {
		t.Skip("TEST_DATABASE_URL is not set")
	}
	var hole *blackHole
	a := testutil.NewApp(t, "postgres", func(c *config.Config, o *app.Options) {
		u, err := url.Parse(c.DatabaseURL)
		if err != nil {
			t.Fatal(err)
		}
		hole = newBlackHole(t, u.Host)
		u.Host = hole.ln.Addr().String()
		c.DatabaseURL = u.String()
		o.Timeouts = httpapi.Timeouts{Request: 2 * time.Second}
	})
	ana := a.SeedUser(t, "ana@example.com", "")
	a.SeedFranchise(t, "rede", "Rede", ana)
	mustStatus(t, a.Do(t, "GET", "/api/store/rede", ana.Token, nil), 200)

	hole.cut.Store(true)
	start := time.Now()
	r := a.Do(t, "GET", "/api/store/rede", ana.Token, nil)
	took := time.Since(start)
	if r.Status != 503 || !strings.Contains(string(r.Body), "Serviço indisponível") {
		t.Fatalf("during the outage: %d %s", r.Status, r.Body)
	}
	if took > 10*time.Second {
		t.Fatalf("the answer took %v", took)
	}

	t.Logf("answered 503 in %v", took)
	hole.cut.Store(false)
	back := time.Now()
	defer func() { t.Logf("working again after %v", time.Since(back)) }()
	testutil.Eventually(t, 20*time.Second, func() bool {
		return a.Do(t, "GET", "/api/store/rede", ana.Token, nil).Status == 200
	}, "calls to work again after the outage")
}

// A body sent a byte at a time, slower than the body time limit allows, is
// cut off instead of holding the connection.
func TestASlowDrippedBodyIsCutOff(t *testing.T) {
	a := testutil.NewApp(t, "sqlite", func(_ *config.Config, o *app.Options) {
		o.Timeouts = httpapi.Timeouts{Body: 500 * time.Millisecond}
	})
	ana := a.SeedUser(t, "ana@example.com", "")
	a.SeedFranchise(t, "rede", "Rede", ana)
	u, _ := url.Parse(a.URL)
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	body := `{"name":"Loja Lenta","region":"S","state":"SP","city":"X"}`
	fmt.Fprintf(c, "POST /api/store/rede HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n",
		u.Host, ana.Token, len(body))
	go func() {
		for i := range body {
			if _, err := c.Write([]byte{body[i]}); err != nil {
				return
			}
			time.Sleep(300 * time.Millisecond)
		}
	}()
	start := time.Now()
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	status, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		t.Fatalf("no answer to a dripped body: %v", err)
	}
	if !strings.Contains(status, " 408 ") {
		t.Fatalf("answer to a dripped body: %q", status)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("the dripped body was held %v", took)
	}
	r := a.Do(t, "GET", "/api/store/rede", ana.Token, nil)
	mustStatus(t, r, 200)
	if !strings.Contains(string(r.Body), `{"storeList":[`) {
		t.Fatalf("the store list is not a list: %s", r.Body)
	}
	if strings.Contains(string(r.Body), "Loja Lenta") {
		t.Fatal("the dripped store was created")
	}
}
