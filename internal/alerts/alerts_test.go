package alerts_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrine/internal/alerts"
	"vitrine/internal/config"
	"vitrine/internal/display"
	"vitrine/internal/outbox"
	"vitrine/internal/outbox/zenviatest"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

var saoPaulo, _ = time.LoadLocation("America/Sao_Paulo")

// fixture is a franchise with one store, Centro, whose contact Ana
// receives notifications (Bruno does not), one TV "Caixa 1", an operator
// who opted in to the alert e-mails and one who did not, and alerts on
// after 60 minutes on every channel.
type fixture struct {
	t      *testing.T
	a      *testutil.TestApp
	clock  *testutil.Clock
	smtp   *testutil.SMTPServer
	tenant tenant.Tenant
	tv     string
	conn   int
	up     bool // the player is connected and acks every minute
	admin  testutil.SeededUser
}

func newFixture(t *testing.T, engine string, opts ...testutil.Option) *fixture {
	t.Helper()
	f := &fixture{t: t, clock: testutil.NewClock(time.Date(2026, 11, 25, 12, 0, 0, 0, saoPaulo)), smtp: testutil.NewSMTPServer(t)}
	f.a = testutil.NewApp(t, engine, append([]testutil.Option{testutil.WithClock(f.clock.Now),
		testutil.WithConfig(func(c *config.Config) { c.SMTPURL = f.smtp.URL() })}, opts...)...)
	u := f.a.Unique()
	admin := f.a.SeedUser(t, "adm-"+u+"@example.com", `{"dispA":1}`)
	op := f.a.SeedUser(t, "op-"+u+"@example.com", "")
	quiet := f.a.SeedUser(t, "quiet-"+u+"@example.com", "")
	slug := "rede-" + u
	id := f.a.SeedFranchise(t, slug, "Rede", admin, op, quiet)
	f.admin = admin
	f.tenant = tenant.Tenant{Franchise: tenant.Franchise{ID: id, Slug: slug, Name: "Rede"}}
	f.must(f.a.Do(t, "POST", "/api/user/detail", op.Token, map[string]any{"name": "Olga", "offlineAlertEmail": true}), 200)
	f.must(f.a.Do(t, "POST", "/api/store/"+slug, admin.Token, map[string]any{
		"name": "Centro", "region": "Sudeste", "state": "SP", "city": "São Paulo",
		"contacts": []map[string]any{
			{"name": "Ana", "role": "Gerente", "phone": "(81) 98765-4321"},
			{"name": "Bruno", "role": "Caixa", "phone": "81912345678", "receiveNotify": false},
		},
	}), 201)
	code, _ := f.a.AnnounceDevice(t)
	r := f.a.Do(t, "POST", "/api/display/"+slug+"/centro", admin.Token, map[string]any{"name": "Caixa 1", "device": code})
	f.must(r, 201)
	var created struct{ Display struct{ ID string } }
	r.Decode(t, &created)
	f.tv = created.Display.ID
	f.must(f.a.Do(t, "POST", "/api/alerts/"+slug, admin.Token, map[string]any{
		"enabled": true, "delayMinutes": 60, "channels": []string{"sms", "whatsapp", "email"},
	}), 200)
	return f
}

func (f *fixture) must(r *testutil.Response, status int) {
	f.t.Helper()
	if r.Status != status {
		f.t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
}

// online and offline report the TV's player connecting (and acking) or
// closing its connection now.
func (f *fixture) online() {
	f.t.Helper()
	f.conn++
	f.status(true)
}

func (f *fixture) offline() { f.t.Helper(); f.status(false) }

func (f *fixture) status(on bool) {
	f.t.Helper()
	f.up = on
	err := f.a.Displays.RecordStatus(context.Background(), []display.Status{{
		DisplayID: f.tv, FranchiseID: f.tenant.ID, ConnectionID: fmt.Sprint("c", f.conn), Online: on,
		Ack: f.clock.Now().UnixMilli(),
	}})
	if err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) tick(svc *alerts.Service, want int) {
	f.t.Helper()
	if svc == nil {
		svc = f.a.Alerts
	}
	if f.up {
		f.status(true) // its latest ack
	}
	n, err := svc.Tick(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
	if n != want {
		f.t.Fatalf("%s: tick queued %d messages, want %d", f.clock.Now().In(saoPaulo).Format("02/01 15:04"), n, want)
	}
}

// sent returns the alert messages, oldest first, as "kind channel recipient".
func (f *fixture) sent() ([]string, []alerts.Sent) {
	f.t.Helper()
	list, err := f.a.Alerts.Sent(context.Background(), f.tenant)
	if err != nil {
		f.t.Fatal(err)
	}
	var out []string
	for i := len(list) - 1; i >= 0; i-- {
		out = append(out, list[i].Kind+" "+list[i].Channel+" "+list[i].Recipient)
	}
	return out, list
}

func TestAnOutageIsAlertedOnceAndItsEndNoticed(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		f.online()
		f.tick(nil, 0)
		f.clock.Advance(time.Minute)
		f.offline() // 12:01
		f.tick(nil, 0)
		f.clock.Advance(59 * time.Minute)
		f.tick(nil, 0) // exactly 59 minutes
		f.clock.Advance(time.Minute)
		f.tick(nil, 3) // 60 minutes: SMS and WhatsApp to Ana, e-mail to the operator
		f.tick(nil, 0)
		f.clock.Advance(2 * time.Hour)
		f.tick(nil, 0) // never repeated within the outage

		off, err := f.a.Alerts.Offline(context.Background(), f.tenant)
		if err != nil || len(off) != 1 || off[0].Name != "Caixa 1" || off[0].StoreName != "Centro" ||
			off[0].Since != time.Date(2026, 11, 25, 12, 1, 0, 0, saoPaulo).UnixMilli() || off[0].AlertedAt == 0 {
			t.Fatalf("offline now: %+v, %v", off, err)
		}

		f.online() // 15:01
		f.tick(nil, 0)
		f.clock.Advance(alerts.Settle - time.Minute)
		f.tick(nil, 0)
		f.clock.Advance(time.Minute)
		f.tick(nil, 3)
		f.tick(nil, 0)

		got, list := f.sent()
		opEmail := ""
		for _, m := range list {
			if m.Channel == "email" {
				opEmail = m.Recipient
			}
		}
		want := []string{"offline sms 5581987654321", "offline whatsapp 5581987654321", "offline email " + opEmail,
			"back sms 5581987654321", "back whatsapp 5581987654321", "back email " + opEmail}
		if strings.Join(got, "\n") != strings.Join(want, "\n") || !strings.HasPrefix(opEmail, "op-") {
			t.Fatalf("sent:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		bodies := map[string]string{}
		for _, m := range list {
			bodies[m.Kind] = m.Body
		}
		if b := bodies["offline"]; b != `Vitrine: a TV "Caixa 1" da loja Centro está offline desde 25/11 12:01.` {
			t.Errorf("offline text %q", b)
		}
		if b := bodies["back"]; b != `Vitrine: a TV "Caixa 1" da loja Centro voltou a ficar online após 3 h offline.` {
			t.Errorf("back text %q", b)
		}
		// The outbox delivers them: the e-mails through a real SMTP exchange.
		testutil.Eventually(t, 10*time.Second, func() bool {
			_, list := f.sent()
			for _, m := range list {
				if m.Status != outbox.Sent {
					return false
				}
			}
			return len(f.smtp.Mails()) == 2
		}, "the alert messages delivered")
		mail := f.smtp.Mails()[0].Decode(t)
		if !strings.Contains(mail.Subject, "TV offline: Caixa 1 (Centro)") || !strings.Contains(mail.Text, "offline desde 25/11 12:01") {
			t.Errorf("mail %q: %q", mail.Subject, mail.Text)
		}
	})
}

func TestAFlappingTVIsOneOutage(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		f.online()
		f.clock.Advance(time.Minute)
		f.offline()
		f.tick(nil, 0)
		// Back for a few minutes before the delay, down again: no message.
		f.clock.Advance(20 * time.Minute) // 12:21: 20 minutes dark
		f.online()
		f.tick(nil, 0)
		f.clock.Advance(3 * time.Minute)
		f.offline() // 12:24
		f.tick(nil, 0)
		// The 3 minutes back do not count: 60 minutes dark at 13:04, not
		// 13:01; one alert.
		f.clock.Advance(37 * time.Minute)
		f.tick(nil, 0)
		f.clock.Advance(3 * time.Minute)
		f.tick(nil, 3)
		for range 3 { // it keeps coming back briefly and dropping
			f.clock.Advance(5 * time.Minute)
			f.online()
			f.tick(nil, 0)
			f.clock.Advance(alerts.Settle - time.Minute)
			f.tick(nil, 0)
			f.offline()
			f.tick(nil, 0)
		}
		f.clock.Advance(time.Minute)
		f.online()
		f.tick(nil, 0)
		f.clock.Advance(alerts.Settle)
		f.tick(nil, 3) // one back notice, for the whole outage
		got, list := f.sent()
		if len(got) != 6 {
			t.Fatalf("sent %q", got)
		}
		// Its texts: dark since 12:24 after 20 minutes dark from 12:01;
		// back after 20 + 45 + 5 + 5 + 1 minutes dark (1 h 46 min of wall
		// time since the first drop).
		if want := `Vitrine: a TV "Caixa 1" da loja Centro está offline desde 25/11 12:24 (1 h offline no total, em quedas desde 25/11 12:01).`; list[5].Body != want {
			t.Errorf("offline text %q, want %q", list[5].Body, want)
		}
		if want := `Vitrine: a TV "Caixa 1" da loja Centro voltou a ficar online após 1 h 16 min offline.`; list[0].Body != want {
			t.Errorf("back text %q, want %q", list[0].Body, want)
		}
		// A new outage afterwards counts on its own.
		f.clock.Advance(time.Hour)
		f.offline()
		f.tick(nil, 0)
		f.clock.Advance(time.Hour)
		f.tick(nil, 3)
	})
}

// businessHours is a store open 08:00–18:00 every day, in São Paulo.
type businessHours struct{}

func (businessHours) OpenDuration(_ context.Context, _, _ string, from, to time.Time) (time.Duration, error) {
	var open time.Duration
	for t := from.In(saoPaulo).Truncate(time.Minute); t.Before(to); t = t.Add(time.Minute) {
		if h := t.In(saoPaulo).Hour(); h >= 8 && h < 18 {
			open += time.Minute
		}
	}
	return open, nil
}

func (businessHours) Location(context.Context, string, string) (*time.Location, error) {
	return saoPaulo, nil
}

func TestTimeWhileTheStoreIsClosedDoesNotCount(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		f.a.Alerts.SetClock(businessHours{})
		f.online()
		f.clock.Advance(5*time.Hour + 30*time.Minute) // 17:30
		f.offline()
		f.tick(nil, 0)
		f.clock.Advance(14 * time.Hour) // 07:30 next day: 30 open minutes
		f.tick(nil, 0)
		f.clock.Advance(59 * time.Minute) // 08:29: 59
		f.tick(nil, 0)
		f.clock.Advance(time.Minute) // 08:30: 60
		f.tick(nil, 3)
		_, list := f.sent()
		if list[0].Body != `Vitrine: a TV "Caixa 1" da loja Centro está offline desde 25/11 17:30.` {
			t.Fatalf("text %q", list[0].Body)
		}
	})
}

func TestARestartInTheMiddleLosesAndRepeatsNothing(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		restarted := func() *alerts.Service {
			return alerts.NewService(f.a.DB, f.clock.Now, f.a.Outbox.Enqueue, f.a.Accounts.OfflineAlertEmails, nil, f.a.Log)
		}
		f.online()
		f.clock.Advance(time.Minute)
		f.offline()
		f.tick(restarted(), 0) // the outage is stored
		f.clock.Advance(time.Hour)
		f.tick(restarted(), 3) // a new process alerts from the stored since-time
		f.tick(restarted(), 0)
		f.online()
		f.tick(restarted(), 0) // back noted
		f.clock.Advance(alerts.Settle)
		f.tick(restarted(), 3) // and the notice goes out from yet another one
		f.tick(restarted(), 0)
	})
}

func TestReplicasRacingSendEachMessageOnce(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		replica := testutil.NewReplica(t, f.a)
		services := []*alerts.Service{f.a.Alerts, replica.Alerts}
		f.online()
		f.clock.Advance(time.Minute)
		f.offline()
		f.tick(nil, 0)
		f.clock.Advance(time.Hour)
		race := func() int { return racing(t, slices.Repeat(services, 4)...) } // eight passes, four each
		if n := race(); n != 3 {
			t.Fatalf("the racing replicas queued %d alert messages, want 3", n)
		}
		f.online()
		f.tick(nil, 0)
		f.clock.Advance(alerts.Settle)
		f.status(true)
		if n := race(); n != 3 {
			t.Fatalf("the racing replicas queued %d back notices, want 3", n)
		}
		if got, _ := f.sent(); len(got) != 6 {
			t.Fatalf("sent %q", got)
		}
	})
}

// racing runs a pass of each service at once and returns how many messages
// they queued in all.
func racing(t *testing.T, services ...*alerts.Service) int {
	t.Helper()
	var mu sync.Mutex
	var wg sync.WaitGroup
	total := 0
	for _, s := range services {
		wg.Go(func() {
			n, err := s.Tick(context.Background())
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			total += n
			mu.Unlock()
		})
	}
	wg.Wait()
	return total
}

func TestAlertsOffSendNothing(t *testing.T) {
	f := newFixture(t, "sqlite")
	if _, err := f.a.Alerts.SaveSettings(context.Background(), f.tenant, alerts.Input{Enabled: new(bool)}); err != nil {
		t.Fatal(err)
	}
	f.online()
	f.clock.Advance(time.Minute)
	f.offline()
	f.tick(nil, 0)
	f.clock.Advance(72 * time.Hour)
	f.tick(nil, 0)
	off, _ := f.a.Alerts.Offline(context.Background(), f.tenant)
	if len(off) != 1 || off[0].AlertedAt != 0 {
		t.Fatalf("offline now %+v", off)
	}
}

func TestDurationsReadLikeAPerson(t *testing.T) {
	for d, want := range map[time.Duration]string{
		20 * time.Second:              "1 min",
		45 * time.Minute:              "45 min",
		2*time.Hour + 15*time.Minute:  "2 h 15 min",
		3 * time.Hour:                 "3 h",
		50 * time.Hour:                "2 d 2 h",
		48*time.Hour + 10*time.Minute: "2 d",
	} {
		if got := alerts.Duration(d); got != want {
			t.Errorf("Duration(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestTheStoresOwnHoursAndZoneCount(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		store := "/api/store/" + f.tenant.Slug + "/centro"
		f.must(f.a.Do(t, "POST", store, f.admin.Token, map[string]any{"timeZone": "America/Rio_Branco"}), 200)
		day := []map[string]string{{"start": "08:00", "end": "18:00"}}
		week := [][]map[string]string{day, day, day, day, day, day, day}
		f.must(f.a.Do(t, "PUT", store+"/hours", f.admin.Token, map[string]any{"hours": map[string]any{"week": week}}), 200)
		f.online()
		f.clock.Advance(5*time.Hour + 30*time.Minute) // 17:30 in São Paulo, 15:30 in Rio Branco
		f.offline()
		f.tick(nil, 0)
		f.clock.Advance(2*time.Hour + 29*time.Minute) // 17:59 there: 149 open minutes
		f.tick(nil, 3)
		_, list := f.sent()
		if want := `Vitrine: a TV "Caixa 1" da loja Centro está offline desde 25/11 15:30.`; list[0].Body != want {
			t.Fatalf("text %q, want %q", list[0].Body, want)
		}
	})
}

func TestClosedHoursHoldTheAlertUntilTheStoreOpens(t *testing.T) {
	f := newFixture(t, "sqlite")
	store := "/api/store/" + f.tenant.Slug + "/centro"
	day := []map[string]string{{"start": "08:00", "end": "18:00"}}
	week := [][]map[string]string{day, day, day, day, day, day, day}
	f.must(f.a.Do(t, "PUT", store+"/hours", f.admin.Token, map[string]any{"hours": map[string]any{"week": week}}), 200)
	f.online()
	f.clock.Advance(5*time.Hour + 30*time.Minute) // 17:30
	f.offline()
	f.tick(nil, 0)
	f.clock.Advance(14*time.Hour + 59*time.Minute) // 08:29 next day: 59 open minutes
	f.tick(nil, 0)
	f.clock.Advance(time.Minute)
	f.tick(nil, 3)
}

func TestSMSGoThroughZenviaAndAreRetried(t *testing.T) {
	fake := zenviatest.New(t, "tok-123", "vitrine")
	f := newFixture(t, "sqlite", testutil.WithConfig(func(c *config.Config) {
		c.ZenviaToken, c.ZenviaFrom, c.ZenviaAPIURL = "tok-123", "vitrine", fake.URL()
	}))
	fake.FailNext(http.StatusServiceUnavailable)
	f.online()
	f.clock.Advance(time.Minute)
	f.offline()
	f.tick(nil, 0)
	f.clock.Advance(time.Hour)
	f.tick(nil, 3)
	sms := func() alerts.Sent {
		_, list := f.sent()
		for _, m := range list {
			if m.Channel == alerts.SMS {
				return m
			}
		}
		t.Fatal("no SMS")
		return alerts.Sent{}
	}
	testutil.Eventually(t, 10*time.Second, func() bool {
		m, _ := outbox.Get(context.Background(), f.a.DB, sms().ID)
		return m.Attempts == 1 && strings.Contains(m.LastError, "503")
	}, "the first attempt refused with 503, recorded")
	if m := sms(); m.Status != outbox.Pending {
		t.Fatalf("after a 503 the SMS is %q, want pending (retried)", m.Status)
	}
	f.clock.Advance(time.Minute) // past the first backoff
	f.a.Outbox.Wake()
	testutil.Eventually(t, 10*time.Second, func() bool { return sms().Status == outbox.Sent }, "the SMS sent on retry")
	got := fake.Accepted()
	if len(got) != 1 || got[0].To != "5581987654321" ||
		got[0].Text != `Vitrine: a TV "Caixa 1" da loja Centro está offline desde 25/11 12:01.` {
		t.Fatalf("Zenvia got %+v (refusals %q)", got, fake.Refusals())
	}
	if m, _ := outbox.Get(context.Background(), f.a.DB, sms().ID); m.ProviderID != "zv-1" {
		t.Fatalf("provider id %q", m.ProviderID)
	}
}

// BenchmarkTick is one pass of the offline alerts over 10,000 TVs of 200
// stores, 100 of them offline (on PostgreSQL with TEST_DATABASE_URL).
func BenchmarkTick(b *testing.B) {
	for _, engine := range []string{"sqlite", "postgres"} {
		b.Run(engine, func(b *testing.B) {
			clock := testutil.NewClock(time.Date(2026, 11, 25, 12, 0, 0, 0, saoPaulo))
			a := testutil.NewApp(b, engine, testutil.WithClock(clock.Now))
			u := a.Unique()
			fid := a.SeedFranchise(b, "rede-"+u, "Rede", a.SeedUser(b, "adm-"+u+"@example.com", `{"dispA":1}`))
			ctx := context.Background()
			now := clock.Now().UnixMilli()
			exec := func(q string, args ...any) {
				if _, err := a.DB.ExecContext(ctx, q, args...); err != nil {
					b.Fatal(err)
				}
			}
			for s := range 200 {
				exec(`INSERT INTO stores (id, franchise_id, slug, name, region, state, city, created_at, updated_at)
					VALUES (?, ?, ?, ?, 'Sudeste', 'SP', 'Campinas', ?, ?)`, fmt.Sprint(u, "-st", s), fid, fmt.Sprint("loja-", s), fmt.Sprint("Loja ", s), now, now)
			}
			for i := range 10000 {
				connected, ack := 1, now
				if i%100 == 0 {
					connected, ack = 0, now-2*time.Hour.Milliseconds()
				}
				exec(`INSERT INTO displays (id, franchise_id, store_id, name, device, connected, last_connection_ack, created_at, updated_at)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, fmt.Sprint(u, "-tv", i), fid, fmt.Sprint(u, "-st", i%200), fmt.Sprint("TV ", i),
					fmt.Sprintf("%s%06d", strings.ToUpper(u), i), connected, ack, now, now)
			}
			if _, err := a.Alerts.Tick(ctx); err != nil { // the first steps (nothing to send: alerts are off)
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				if _, err := a.Alerts.Tick(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// caseClock is a case's store: open but for its closed intervals, in its
// zone.
type caseClock struct {
	c   alerts.Case
	loc *time.Location
}

func (k caseClock) OpenDuration(_ context.Context, _, _ string, from, to time.Time) (time.Duration, error) {
	return k.c.Open(from, to), nil
}

func (k caseClock) Location(context.Context, string, string) (*time.Location, error) {
	return k.loc, nil
}

// The service runs every case of api/alert-cases.json on both databases:
// the TV's player connects, acks and closes as the looks say, each look is
// a pass (of a server started just before it on a restart, of two racing
// replicas when the case says so), and what it queues, the text sent and
// the real offline time /alerts shows are the case's.
func TestSharedAlertCasesThroughTheService(t *testing.T) {
	file := alerts.LoadCases(t)
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		for _, c := range file.Cases {
			t.Run(c.Name, func(t *testing.T) {
				f := newFixture(t, engine)
				clock := caseClock{c, c.Location(t)}
				f.a.Alerts.SetClock(clock)
				var replica *alerts.Service
				for _, l := range c.Looks {
					if l.Replicas > 1 {
						r := testutil.NewReplica(t, f.a)
						r.Alerts.SetClock(clock)
						replica = r.Alerts
						break
					}
				}
				ctx := context.Background()
				acks := c.Acks()
				sending := func(on bool) {
					_, err := f.a.Alerts.SaveSettings(ctx, f.tenant, alerts.Input{Enabled: &on,
						DelayMinutes: &c.DelayMinutes, Channels: &[]string{alerts.SMS}})
					if err != nil {
						t.Fatal(err)
					}
				}
				sending(c.Sending(0))
				svc := f.a.Alerts
				for i, l := range c.Looks {
					f.clock.Advance(l.At.Sub(f.clock.Now()))
					at := l.At.Format(time.TimeOnly)
					if i > 0 && c.Sending(i) != c.Sending(i-1) {
						sending(c.Sending(i))
					}
					switch {
					case l.TV == "online" && !f.up:
						f.conn++
						fallthrough
					case l.TV == "online" || f.up:
						f.up = l.TV == "online"
						err := f.a.Displays.RecordStatus(ctx, []display.Status{{DisplayID: f.tv, FranchiseID: f.tenant.ID,
							ConnectionID: fmt.Sprint("c", f.conn), Online: f.up, Ack: acks[i].UnixMilli()}})
						if err != nil {
							t.Fatal(err)
						}
					}
					if l.Restart {
						svc = alerts.NewService(f.a.DB, f.clock.Now, f.a.Outbox.Enqueue, f.a.Accounts.OfflineAlertEmails, clock, f.a.Log)
					}
					passes := []*alerts.Service{svc}
					if l.Replicas > 1 {
						passes = append(passes, replica)
					}
					queued := racing(t, passes...)
					want := 0
					if l.Sent != "" {
						want = 1 // Ana's SMS
					}
					if queued != want {
						t.Fatalf("%s: queued %d messages, want %d", at, queued, want)
					}
					if want == 1 {
						if _, list := f.sent(); list[0].Body != l.Sent {
							t.Errorf("%s: sent %q, want %q", at, list[0].Body, l.Sent)
						}
					}
					if l.TV != "offline" {
						continue
					}
					off, err := svc.Offline(ctx, f.tenant)
					if err != nil || len(off) != 1 {
						t.Fatalf("%s: offline now %+v, %v", at, off, err)
					}
					shown := time.Duration(off[0].EarlierOfflineMs)*time.Millisecond + l.At.Sub(time.UnixMilli(off[0].Since))
					switch {
					case l.OfflineSeconds == nil && off[0].Since != 0:
						t.Errorf("%s: listed offline since %v, want a TV that never connected", at, off[0].Since)
					case l.OfflineSeconds != nil && shown.Seconds() != *l.OfflineSeconds:
						t.Errorf("%s: /alerts shows %v offline, want %vs", at, shown, *l.OfflineSeconds)
					}
				}
			})
		}
	})
}
