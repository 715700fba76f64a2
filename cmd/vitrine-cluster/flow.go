package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"vitrine/internal/apiclient"
	"vitrine/internal/freeport"
)

var client = &http.Client{Timeout: 60 * time.Second}

// api calls the API at base (the balancer or a pinned entrance) with
// token, "" for none.
func api(base, token string) *apiclient.Client {
	return &apiclient.Client{Base: base, Token: token, HTTP: client}
}

// upstream is the replica that finally answered, from nginx's list.
func upstream(h http.Header) string {
	v := h.Get("X-Vitrine-Upstream")
	if i := strings.LastIndex(v, ","); i >= 0 {
		v = v[i+1:]
	}
	return strings.TrimSpace(v)
}

// event is what the player saw: a frame or the end of its socket.
type event struct {
	at    time.Time
	kind  string // "playlist", "unpaired", …, or "closed"
	hash  string
	close websocket.StatusCode
}

// player is a TV box speaking docs/device-protocol.md through the balancer.
type player struct {
	token  string
	events chan event
	ws     *websocket.Conn
}

// connect opens a socket through base and authenticates; frames then
// arrive on p.events. It returns the replica that holds the socket.
func (p *player) connect(base string) (string, error) {
	ctx, cancel := timeoutCtx(10 * time.Second)
	defer cancel()
	ws, res, err := apiclient.ConnectPlayer(ctx, base, p.token, nil)
	if err != nil {
		return "", err
	}
	p.ws = ws
	go p.read(ws)
	return upstream(res.Header), nil
}

func (p *player) read(ws *websocket.Conn) {
	for {
		_, data, err := ws.Read(context.Background())
		now := time.Now()
		if err != nil {
			p.events <- event{at: now, kind: "closed", close: websocket.CloseStatus(err)}
			return
		}
		var f struct {
			Type     string `json:"type"`
			Schedule *struct {
				Hash string `json:"hash"`
			} `json:"schedule"`
		}
		json.Unmarshal(data, &f)
		e := event{at: now, kind: f.Type}
		if f.Schedule != nil {
			e.hash = f.Schedule.Hash
		}
		if f.Type == "playlist" {
			// Acked right after applying, as the player does.
			ack, _ := json.Marshal(map[string]string{"type": "ack", "hash": e.hash})
			ctx, cancel := timeoutCtx(5 * time.Second)
			ws.Write(ctx, websocket.MessageText, ack)
			cancel()
		}
		p.events <- e
	}
}

// await returns the first event that match accepts, within limit.
func (p *player) await(limit time.Duration, what string, match func(event) bool) (event, error) {
	deadline := time.After(limit)
	for {
		select {
		case e := <-p.events:
			if match(e) {
				return e, nil
			}
		case <-deadline:
			return event{}, fmt.Errorf("the player got no %s within %s", what, limit)
		}
	}
}

// pngFile is the poster the flow uploads: a gradient, so that it does not
// compress to almost nothing.
func pngFile() []byte {
	return apiclient.PNG(320, 180, func(x, y int) color.RGBA { return color.RGBA{uint8(4 * (y*320 + x)), 90, 160, 255} })
}

// load keeps calling the API through the balancer, as consoles and players
// do, counting the calls that failed.
type load struct {
	sent   atomic.Int64
	mu     sync.Mutex
	failed []string
	stop   context.CancelFunc
	wg     sync.WaitGroup
}

func startLoad(lb, token, franchise, schedule, deviceToken string) *load {
	ctx, cancel := context.WithCancel(context.Background())
	l := &load{stop: cancel}
	// The calls go on without ctx: the last one in flight at the end finishes.
	bg := context.Background()
	console, box := api(lb, token), api(lb, "")
	calls := []func() error{
		func() error { return console.Do(bg, "GET", "/api/schedule/"+franchise+"/"+schedule, nil, nil, 200) },
		func() error { return console.Do(bg, "GET", "/api/media/"+franchise, nil, nil, 200) },
		func() error { // a TV box starting again: a POST, a write
			return box.Do(bg, "POST", "/api/device/hello", map[string]string{"version": "cluster", "token": deviceToken}, nil, 200)
		},
	}
	for _, do := range calls {
		l.wg.Add(1)
		go func() {
			defer l.wg.Done()
			for ctx.Err() == nil {
				err := do()
				l.sent.Add(1)
				if err != nil {
					l.mu.Lock()
					l.failed = append(l.failed, fmt.Sprintf("%s: %v", time.Now().Format("15:04:05.000"), err))
					l.mu.Unlock()
				}
			}
		}()
	}
	return l
}

func (l *load) end() (int, []string) {
	l.stop()
	l.wg.Wait()
	return int(l.sent.Load()), l.failed
}

// run is the smoke flow.
func (c *cluster) run() (result, error) {
	var res result
	ctx := context.Background()
	began := time.Now()
	help, _ := exec.Command(c.opts.binary, "--help").Output()
	c.withMetrics = strings.Contains(string(help), "VITRINE_METRICS_ADDR")

	logf("starting MinIO")
	if err := c.startMinIO(); err != nil {
		return res, err
	}
	// The balancer's address is the replicas' public address; nginx needs
	// the replicas' ports first, so the address is chosen before both.
	lbPort, err := freeport.Loopback()
	if err != nil {
		return res, err
	}
	c.lb = fmt.Sprintf("http://127.0.0.1:%d", lbPort)
	for i := range c.replicas {
		logf("starting replica %d", i+1)
		if err := c.startReplica(i); err != nil {
			return res, err
		}
	}
	logf("starting nginx")
	if err := c.startNginx(); err != nil {
		return res, err
	}
	lb := c.lb
	name := func(addr string) string {
		for _, r := range c.replicas {
			if r.addr == addr {
				return r.name
			}
		}
		return addr
	}

	// Log in and set up a franchise, through the balancer.
	console, box := api(lb, ""), api(lb, "")
	if err := console.Login(ctx, adminEmail, adminPassword); err != nil {
		return res, fmt.Errorf("log in: %w", err)
	}
	token := console.Token
	pinned := [2]*apiclient.Client{api(c.pinned[0], token), api(c.pinned[1], token)}
	var fr struct {
		Franchise struct {
			Slug string `json:"slug"`
		} `json:"franchise"`
	}
	if err := console.Do(ctx, "POST", "/api/franchise", map[string]any{"name": "Rede Cluster"}, &fr, 201); err != nil {
		return res, err
	}
	franchise := fr.Franchise.Slug
	var st struct {
		Store struct {
			Slug string `json:"slug"`
		} `json:"store"`
	}
	store := map[string]any{"name": "Loja Centro", "region": "Sudeste", "state": "SP", "city": "São Paulo", "contacts": []any{}}
	if err := console.Do(ctx, "POST", "/api/store/"+franchise, store, &st, 201); err != nil {
		return res, err
	}

	// Upload through replica 1, read through replica 2.
	file := pngFile()
	mediaID, err := pinned[0].Upload(ctx, franchise, "Cartaz", "image", "image/png", file)
	if err != nil {
		return res, fmt.Errorf("upload through %s: %w", c.replicas[0].name, err)
	}
	var lib struct {
		MediaList []struct {
			ID  string `json:"id"`
			URL string `json:"url"`
		} `json:"mediaList"`
	}
	if err := pinned[1].Do(ctx, "GET", "/api/media/"+franchise, nil, &lib, 200); err != nil {
		return res, err
	}
	mediaURL := ""
	for _, m := range lib.MediaList {
		if m.ID == mediaID {
			mediaURL = m.URL
		}
	}
	if mediaURL == "" {
		return res, fmt.Errorf("%s does not list the media uploaded through %s", c.replicas[1].name, c.replicas[0].name)
	}
	if strings.HasPrefix(mediaURL, "/") {
		mediaURL = c.pinned[1] + mediaURL
	}
	got, err := client.Get(mediaURL)
	if err != nil {
		return res, err
	}
	body, _ := io.ReadAll(got.Body)
	got.Body.Close()
	if got.StatusCode != 200 || !bytes.Equal(body, file) {
		return res, fmt.Errorf("reading %s: %d, %d bytes (want the %d uploaded)", mediaURL, got.StatusCode, len(body), len(file))
	}
	res.uploadBytes = len(file)
	res.mediaReplicas = [2]string{c.replicas[0].name, c.replicas[1].name}
	logf("upload through %s read back through %s: %d bytes", c.replicas[0].name, c.replicas[1].name, len(file))

	// A schedule, and a TV box that follows it.
	var sc struct {
		Schedule struct {
			ID string `json:"id"`
		} `json:"schedule"`
	}
	if err := console.Do(ctx, "POST", "/api/schedule/"+franchise, map[string]any{"name": "Vitrine"}, &sc, 201); err != nil {
		return res, err
	}
	schedule := sc.Schedule.ID
	save := func(through *apiclient.Client, round int) (string, time.Time, error) {
		var out struct {
			Schedule struct {
				Hash string `json:"hash"`
			} `json:"schedule"`
		}
		at := time.Now()
		err := through.Do(ctx, "POST", "/api/schedule/"+franchise+"/"+schedule,
			map[string]any{"media": []map[string]any{{"id": mediaID, "displayTime": 5 + round}}}, &out, 200)
		return out.Schedule.Hash, at, err
	}
	hash, _, err := save(console, 0)
	if err != nil {
		return res, err
	}
	var hello struct {
		Device string `json:"device"`
		Token  string `json:"token"`
	}
	if err := box.Do(ctx, "POST", "/api/device/hello", map[string]string{"version": "cluster"}, &hello, 200); err != nil {
		return res, err
	}
	tv := map[string]any{"name": "TV Vitrine", "device": hello.Device, "scheduleId": schedule}
	if err := console.Do(ctx, "POST", "/api/display/"+franchise+"/"+st.Store.Slug, tv, nil, 201); err != nil {
		return res, err
	}
	p := &player{token: hello.Token, events: make(chan event, 256)}
	at, err := p.connect(lb)
	if err != nil {
		return res, fmt.Errorf("the player's socket through nginx: %w", err)
	}
	if _, err := p.await(10*time.Second, "first playlist", func(e event) bool { return e.kind == "playlist" && e.hash == hash }); err != nil {
		return res, err
	}
	on := 0
	if at == c.replicas[1].addr {
		on = 1
	} else if at != c.replicas[0].addr {
		return res, fmt.Errorf("cannot tell which replica holds the player's socket (%q)", at)
	}
	logf("player connected through nginx to %s", name(at))

	// Saves through the other replica reach the player.
	other := pinned[1-on]
	for round := 1; round <= 5; round++ {
		h, saved, err := save(other, round)
		if err != nil {
			return res, err
		}
		e, err := p.await(10*time.Second, "pushed playlist", func(e event) bool { return e.kind == "playlist" && e.hash == h })
		if err != nil {
			return res, err
		}
		res.push = append(res.push, e.at.Sub(saved))
		hash = h
	}
	logf("push latency through nginx: median %s", ms(median(res.push)))

	if c.withMetrics {
		if err := c.checkMetrics(&res, on); err != nil {
			return res, err
		}
	} else {
		res.metrics = append(res.metrics, "not checked: this build has no VITRINE_METRICS_ADDR")
	}

	// Rolling restart: the player's replica first, then the other, with
	// calls going on all along.
	l := startLoad(lb, token, franchise, schedule, hello.Token)
	time.Sleep(time.Second) // some calls before the first stop
	for step := 0; step < 2; step++ {
		r := c.replicas[on]
		logf("SIGTERM to %s (holds the player)", r.name)
		signalled := time.Now()
		r.cmd.Process.Signal(syscall.SIGTERM)
		closed, err := p.await(10*time.Second, "close of its socket", func(e event) bool { return e.kind == "closed" })
		if err != nil {
			l.end()
			return res, err
		}
		if closed.close != websocket.StatusServiceRestart {
			l.end()
			return res, fmt.Errorf("the player's socket closed with %d, want 1012", closed.close)
		}
		// The player reconnects at once, through the balancer.
		var now string
		for {
			now, err = p.connect(lb)
			if err == nil || time.Since(closed.at) > 10*time.Second {
				break
			}
		}
		if err != nil {
			l.end()
			return res, fmt.Errorf("the player could not reconnect: %w", err)
		}
		back, err := p.await(10*time.Second, "playlist after reconnecting", func(e event) bool { return e.kind == "playlist" && e.hash == hash })
		if err != nil {
			l.end()
			return res, err
		}
		res.dark = append(res.dark, back.at.Sub(closed.at))
		logf("player back on %s after %s dark", name(now), ms(back.at.Sub(closed.at)))
		if now == r.addr {
			l.end()
			return res, fmt.Errorf("the player reconnected to the stopping replica")
		}

		_, code := r.stop(syscall.SIGTERM, 40*time.Second)
		if code != 0 {
			l.end()
			return res, fmt.Errorf("%s exited with %d after SIGTERM, want 0", r.name, code)
		}
		res.stops = append(res.stops, time.Since(signalled))
		logf("%s exited 0; starting it again", r.name)
		if err := c.startReplica(on); err != nil {
			l.end()
			return res, err
		}
		// nginx leaves a replica it saw fail alone for fail_timeout; the next
		// one may stop only once this one takes requests again.
		if err := c.awaitInRotation(r.addr, 20*time.Second); err != nil {
			l.end()
			return res, err
		}
		on = 1 - on
		if now != c.replicas[on].addr {
			l.end()
			return res, fmt.Errorf("the player is on %s, want %s", name(now), c.replicas[on].name)
		}
	}
	time.Sleep(time.Second) // calls after the last restart
	res.requests, res.failed = l.end()

	// The player keeps following saves after the restarts.
	h, saved, err := save(console, 9)
	if err != nil {
		return res, err
	}
	e, err := p.await(10*time.Second, "playlist saved after the restarts", func(e event) bool { return e.kind == "playlist" && e.hash == h })
	if err != nil {
		return res, err
	}
	res.push = append(res.push, e.at.Sub(saved))
	res.took = time.Since(began)
	if len(res.failed) > 0 {
		return res, fmt.Errorf("%d of %d calls failed during the restart; first: %s", len(res.failed), res.requests,
			strings.Join(res.failed[:min(3, len(res.failed))], "; "))
	}
	return res, nil
}

// awaitInRotation waits until nginx sends requests to the replica at addr.
func (c *cluster) awaitInRotation(addr string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if h, err := api(c.lb, "").Send(context.Background(), "GET", "/api/health", nil, nil, 200); err == nil && upstream(h) == addr {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("nginx did not send requests to %s within %s of its restart", addr, limit)
}
