// Package app wires Vitrine together: config -> database -> domain services
// -> background workers -> HTTP server. It holds no rules of its own.
package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"vitrine/internal/advertise"
	"vitrine/internal/alerts"
	"vitrine/internal/apitoken"
	"vitrine/internal/audit"
	"vitrine/internal/auth"
	"vitrine/internal/change"
	"vitrine/internal/command"
	"vitrine/internal/config"
	"vitrine/internal/db"
	"vitrine/internal/device"
	"vitrine/internal/display"
	"vitrine/internal/footerdata"
	"vitrine/internal/franchise"
	"vitrine/internal/httpapi"
	"vitrine/internal/hub"
	"vitrine/internal/localcontent"
	"vitrine/internal/media"
	"vitrine/internal/metrics"
	"vitrine/internal/objects"
	"vitrine/internal/outbox"
	"vitrine/internal/override"
	"vitrine/internal/schedule"
	"vitrine/internal/screen"
	"vitrine/internal/store"
	"vitrine/web"
)

// Options are test seams; production uses the zero value.
type Options struct {
	Now func() time.Time // clock; time.Now when nil
	Log *slog.Logger     // logger; JSON-less text to stderr when nil
	// LogText is the writer Log's slog.TextHandler writes to, when it is
	// one: the access log's lines are written to it directly (httpapi.Deps).
	LogText io.Writer
	// Timeouts of API calls; the defaults when zero.
	Timeouts httpapi.Timeouts
	// Weather and Quotes feed the players' footers; the public providers
	// (Open-Meteo, AwesomeAPI) when nil.
	Weather footerdata.WeatherProvider
	Quotes  footerdata.QuoteProvider
}

// App is a running Vitrine instance.
type App struct {
	Config config.Config
	DB     *db.DB
	Log    *slog.Logger
	Now    func() time.Time
	Server *httpapi.Server
	Media  *media.Service

	Accounts *auth.Service
	// Outbox delivers e-mails and WhatsApp messages; Enqueue wakes it.
	Outbox *outbox.Worker

	Franchises *franchise.Service
	Stores     *store.Service
	Displays   *display.Service
	Commands   *command.Service
	Schedules  *schedule.Service
	Devices    *device.Service
	Ads        *advertise.Service
	Alerts     *alerts.Service
	Overrides  *override.Service
	Local      *localcontent.Service
	Tokens     *apitoken.Service
	// Hub holds the players' connections to this replica.
	Hub *hub.Hub
	// Changes is the in-process change signal every domain announces on.
	Changes *change.Bus
	// Metrics are this instance's numbers, served by ServeMetrics.
	Metrics *metrics.Metrics

	workers []func(ctx context.Context)
	// listening is closed once changes from other replicas are heard (nil
	// on SQLite).
	listening <-chan struct{}
	wg        sync.WaitGroup
	cancel    context.CancelFunc
}

// New opens storage and builds every service; call Start to run the
// background workers and Close to release everything.
func New(ctx context.Context, cfg config.Config, opts Options) (*App, error) {
	a := &App{Config: cfg, Now: opts.Now, Log: opts.Log}
	if a.Now == nil {
		a.Now = time.Now
	}
	logText := opts.LogText
	if a.Log == nil {
		a.Log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: parseLevel(cfg.LogLevel)}))
		logText = os.Stderr
	}
	a.Metrics = metrics.New(a.Log)
	var err error
	a.DB, err = db.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	a.Changes = change.NewBus()
	var publisher change.Publisher = a.Changes
	// On SQLite every change is this process's own, delivered on its commit.
	committed := a.Changes
	if a.DB.Dialect() == db.Postgres {
		// Replicas share changes through the database itself.
		notify, err := change.NewPGNotify(ctx, a.DB)
		if err != nil {
			a.DB.Close()
			return nil, err
		}
		// The overview's kept answers also hear this replica's own changes
		// at their commit, before the notification comes back.
		committed = change.NewBus()
		publisher = change.Both{Remote: notify, Local: committed}
		a.workers = append(a.workers, func(ctx context.Context) {
			notify.Listen(ctx, cfg.DatabaseURL, a.Changes, a.Log)
		})
		a.listening = notify.Ready()
	}
	changes := franchise.NewChanges(publisher)
	a.Franchises = franchise.NewService(a.DB, a.Now)
	if err := a.newOutbox(cfg); err != nil {
		a.DB.Close()
		return nil, err
	}
	a.Accounts = auth.NewService(a.DB, a.Now, a.Outbox.Enqueue, publisher,
		auth.Config{PublicURL: cfg.PublicURL, OpenSignup: cfg.OpenSignup, SecretKey: cfg.SecretKey}, a.Log)
	a.Stores = store.NewService(a.DB, a.Now, a.Outbox.Enqueue, changes)
	a.Displays = display.NewService(a.DB, a.Now, changes)
	a.Commands = command.NewService(a.DB, a.Now, changes)
	objectStore, storage, err := objects.New(ctx, objects.Config{
		StorageURL: cfg.StorageURL, MediaURL: cfg.MediaURL, DataDir: cfg.DataDir,
		UploadSecret: cfg.UploadSecret, ConsoleOrigin: origin(cfg.PublicURL), Now: a.Now, Log: a.Log,
	})
	if err != nil {
		a.DB.Close()
		return nil, err
	}
	a.Media = media.NewService(a.DB, objectStore, media.FindTools(), a.Now, a.Log)
	a.Schedules = schedule.NewService(a.DB, a.Now, changes, a.Media)
	a.workers = append(a.workers, func(ctx context.Context) { a.Schedules.RunKeeper(ctx, time.Second, a.Log) })
	a.Ads = advertise.NewService(a.DB, a.Now, changes, a.Media)
	a.Alerts = alerts.NewService(a.DB, a.Now, a.Outbox.Enqueue, a.Accounts.OfflineAlertEmails, a.openClock(), a.Log)
	a.workers = append(a.workers, func(ctx context.Context) { a.Alerts.Run(ctx, 30*time.Second) })
	a.Overrides = override.NewService(a.DB, a.Now, changes, a.Media, a.Log)
	a.workers = append(a.workers, func(ctx context.Context) { a.Overrides.Run(ctx, 200*time.Millisecond) })
	a.Local = localcontent.NewService(localcontent.Config{DB: a.DB, Now: a.Now, Changes: changes, Stores: a.Stores,
		Displays: a.Displays, Schedules: a.Schedules, Library: a.Media, Enqueue: a.Outbox.Enqueue,
		People: a.localPeople, Approvers: a.localApprovers, PublicURL: cfg.PublicURL, Log: a.Log})
	a.workers = append(a.workers, a.Local.Run)
	a.Tokens = apitoken.NewService(apitoken.Config{DB: a.DB, Now: a.Now})
	a.wireRules()
	a.workers = append(a.workers, a.sweepUploads)
	a.Devices = device.NewService(a.DB, a.Now)
	pending := cfg.PendingSocketsPerAddress
	if pending == 0 {
		pending = -1 // the hub's "no limit"
	}
	screens := screen.NewBuilder(a.Displays, a.Schedules, a.Franchises, a.Stores, a.Ads, a.Stores)
	screens.SetOverrides(a.Overrides)
	screens.SetLocal(a.Local)
	webFS := web.Dist()
	a.Hub = hub.New(hub.Sources{Devices: a.Devices, Screens: screens, StatusWriter: a.Displays}, a.Log, a.Now,
		hub.Options{Acked: a.Metrics.PushAcked, PendingPerAddress: pending, OverridesAcked: a.Overrides.Acked,
			PlayerBuild: web.PlayerBuild(webFS)})
	a.Changes.Subscribe(a.Hub.Notify)
	weather, quotes := opts.Weather, opts.Quotes
	if weather == nil {
		weather = &footerdata.OpenMeteo{}
	}
	if quotes == nil {
		quotes = &footerdata.AwesomeAPI{}
	}
	footer := footerdata.New(weather, quotes, a.Now, a.Log)
	a.workers = append(a.workers, a.expireCommands, a.forgetDevices, a.turnAdDays, a.purgeAudit)
	a.Server = httpapi.New(httpapi.Deps{
		Log:       a.Log,
		LogText:   logText,
		Now:       a.Now,
		WebFS:     webFS,
		Health:    a.DB.Ping,
		Database:  a.DB.Dialect().String(),
		Changes:   a.Changes,
		Committed: committed,
		Timeouts:  opts.Timeouts,
		Storage:   storage.Warning,

		TrustedProxies: cfg.TrustedProxies,
		Accounts:       a.Accounts,
		Franchises:     a.Franchises,
		Stores:         a.Stores,
		Displays:       a.Displays,
		Commands:       a.Commands,
		Media:          a.Media,
		Schedules:      a.Schedules,
		Devices:        a.Devices,
		Ads:            a.Ads,
		Alerts:         a.Alerts,
		Overrides:      a.Overrides,
		Local:          a.Local,
		Tokens:         a.Tokens,
		TokenRate:      cfg.TokenRate,
		Audit:          audit.NewLog(a.DB),
		Screens:        screens,
		Hub:            a.Hub,
		Footer:         footer,

		NewDevicesPerAddress: cfg.NewDevicesPerAddress,
		Outbox:               a.Outbox,
		WhatsAppHook:         outbox.WhatsAppWebhook{VerifyToken: cfg.WhatsAppVerifyToken, AppSecret: cfg.WhatsAppAppSecret},
		Metrics:              a.Metrics,
	})
	a.watch()
	return a, nil
}

// newOutbox builds the delivery worker with a sender per channel: SMTP or
// the log for e-mail, the WhatsApp Cloud API or the log for WhatsApp.
func (a *App) newOutbox(cfg config.Config) error {
	from := cfg.MailFrom
	if from == "" {
		from = "Vitrine <nao-responda@localhost>"
	}
	email, err := outbox.NewEmail(cfg.SMTPURL, from, a.Log)
	if err != nil {
		return err
	}
	whatsApp := outbox.WhatsAppConfig{
		Token: cfg.WhatsAppToken, PhoneID: cfg.WhatsAppPhoneID, BaseURL: cfg.WhatsAppAPIURL,
		Template: cfg.WhatsAppTemplate, Language: cfg.WhatsAppLanguage, FreeText: cfg.WhatsAppFreeText,
	}
	if err := whatsApp.Validate(); err != nil {
		return err
	}
	zenvia := outbox.ZenviaConfig{Token: cfg.ZenviaToken, From: cfg.ZenviaFrom, BaseURL: cfg.ZenviaAPIURL}
	if err := zenvia.Validate(); err != nil {
		return err
	}
	a.Outbox = outbox.NewWorker(a.DB, map[string]outbox.Sender{
		outbox.Email:    email,
		outbox.WhatsApp: outbox.NewWhatsApp(whatsApp, a.Log),
		outbox.SMS:      outbox.NewSMS(zenvia, a.Log),
	}, a.Now, a.Log)
	a.workers = append(a.workers, a.Outbox.Run, a.pruneAccounts)
	return nil
}

// pruneAccounts deletes expired sessions and codes every hour.
// openClock answers, for the offline alerts, how long a TV's store was
// open (its opening hours; a store without them is open all day) and its
// time zone (the store's own).
func (a *App) openClock() alerts.OpenClock { return storeClock{a.Stores} }

type storeClock struct{ stores *store.Service }

func (c storeClock) hours(ctx context.Context, franchiseID, storeID string) (store.OpeningHours, error) {
	got, err := c.stores.HoursByID(ctx, franchiseID, []string{storeID})
	if err != nil {
		return store.OpeningHours{}, err
	}
	o, ok := got[storeID]
	if !ok {
		return store.OpeningHours{}, fmt.Errorf("store %s of franchise %s not found", storeID, franchiseID)
	}
	return o, nil
}

func (c storeClock) OpenDuration(ctx context.Context, franchiseID, storeID string, from, to time.Time) (time.Duration, error) {
	o, err := c.hours(ctx, franchiseID, storeID)
	if err != nil {
		return 0, err
	}
	return o.OpenDuration(from, to), nil
}

func (c storeClock) Location(ctx context.Context, franchiseID, storeID string) (*time.Location, error) {
	o, err := c.hours(ctx, franchiseID, storeID)
	if err != nil {
		return nil, err
	}
	return o.Location(), nil
}

func (a *App) pruneAccounts(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if err := a.Accounts.Prune(ctx); err != nil && ctx.Err() == nil {
			a.Log.Warn("pruning expired sessions failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// sweepUploads removes, every hour, the uploads never registered.
func (a *App) sweepUploads(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if n, err := a.Media.SweepUploads(ctx); err != nil && ctx.Err() == nil {
			a.Log.Warn("sweeping unregistered uploads failed", "err", err)
		} else if n > 0 {
			a.Log.Info("unregistered uploads removed", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// expireCommands marks, every 10 seconds, the command jobs whose players did
// not answer in time.
func (a *App) expireCommands(ctx context.Context) {
	t := time.NewTicker(10 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if _, err := a.Commands.Expire(ctx); err != nil && ctx.Err() == nil {
			a.Log.Warn("expiring command jobs failed", "err", err)
		}
	}
}

// forgetDevices removes, every day, the players that announced themselves
// and were neither registered as a TV nor seen for 30 days.
func (a *App) forgetDevices(ctx context.Context) {
	t := time.NewTicker(24 * time.Hour)
	defer t.Stop()
	for {
		if n, err := a.Devices.Forget(ctx, a.Now().Add(-30*24*time.Hour)); err != nil && ctx.Err() == nil {
			a.Log.Warn("forgetting unregistered players failed", "err", err)
		} else if n > 0 {
			a.Log.Info("unregistered players forgotten", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Start runs the background workers until Close.
func (a *App) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	a.cancel = cancel
	for _, w := range a.workers {
		a.wg.Add(1)
		go func() {
			defer a.wg.Done()
			w(ctx)
		}()
	}
	if a.listening != nil {
		select {
		case <-a.listening:
		case <-time.After(10 * time.Second):
			a.Log.Warn("not yet listening for changes from other replicas; going on")
		}
	}
}

// Close closes the players' connections (they reconnect to another
// replica), stops the workers and closes the database.
func (a *App) Close() {
	closing, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	a.Hub.Close(closing)
	cancel()
	if a.cancel != nil {
		a.cancel()
	}
	a.wg.Wait()
	if c, ok := a.Media.Store().(io.Closer); ok {
		c.Close()
	}
	a.DB.Close()
}

// Main is the command line: `vitrine serve [flags]`, backup, restore,
// `vitrine audit verify`, `vitrine --help`.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, config.Usage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "backup" || args[0] == "restore" {
		return backupCommand(args[0], args[1:], stdout, stderr)
	}
	if args[0] == "audit" {
		return auditCommand(args[1:], stdout, stderr)
	}
	if args[0] != "serve" {
		fmt.Fprintf(stderr, "unknown command %q\n\n%s", args[0], config.Usage)
		return 2
	}
	cfg, err := config.Parse(args[1:], os.Getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "vitrine:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := Serve(ctx, cfg, stdout); err != nil {
		fmt.Fprintln(stderr, "vitrine:", err)
		return 1
	}
	return 0
}

// Serve runs the server until ctx ends, then stops gracefully (stop).
func Serve(ctx context.Context, cfg config.Config, stdout io.Writer) error {
	// Held while serving, so that a restore knows the folder is in use.
	lock, err := lockData(cfg.DataDir, false)
	if err != nil {
		return err
	}
	defer lock.Close()
	a, err := New(ctx, cfg, Options{})
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.Bootstrap(ctx, stdout); err != nil {
		return err
	}
	a.Start()
	if cfg.MetricsAddr != "" {
		addr, stop, err := a.ServeMetrics(cfg.MetricsAddr, cfg.Profiles)
		if err != nil {
			return err
		}
		defer stop()
		a.Log.Info("metrics listening", "url", "http://"+addr.String()+"/metrics")
	}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	fresh := newFreshConns()
	srv := &http.Server{
		Handler:           a.Server,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ConnState:         fresh.track,
	}
	a.Log.Info("vitrine listening", "url", "http://"+ln.Addr().String(), "database", a.DB.Dialect().String())
	fmt.Fprintf(stdout, "Vitrine is running on http://%s\n", ln.Addr().String())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	return a.stop(srv, ln, fresh)
}

// Bootstrap creates the configured administrator and, with --demo, the demo
// data. Both are idempotent.
func (a *App) Bootstrap(ctx context.Context, stdout io.Writer) error {
	if a.Config.AdminEmail != "" {
		created, err := a.Accounts.EnsureAdmin(ctx, a.Config.AdminEmail, a.Config.AdminPassword)
		if err != nil {
			return fmt.Errorf("administrator: %w", err)
		}
		if created {
			a.Log.Info("administrator created", "email", a.Config.AdminEmail)
		}
	}
	if a.Config.Demo {
		if err := a.seedDemo(ctx, stdout); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
	}
	return nil
}

// origin is the scheme://host of an address, or "".
func origin(address string) string {
	u, err := url.Parse(address)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

func parseLevel(s string) slog.Level {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return slog.LevelInfo
	}
	return l
}

// turnAdDays sends, every minute, the players whose week of advertisements
// gains a day with bookings when their franchise's day turns.
func (a *App) turnAdDays(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		if n, err := a.Ads.DayTurned(ctx); err != nil && ctx.Err() == nil {
			a.Log.Warn("sending the new day's advertisements failed", "err", err)
		} else if n > 0 {
			a.Log.Info("new day's advertisements sent", "displays", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// localPeople names users for local content (auth.Service.People).
func (a *App) localPeople(ctx context.Context, q db.Querier, ids []string) (map[string]localcontent.Person, error) {
	got, err := a.Accounts.People(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]localcontent.Person, len(got))
	for id, p := range got {
		out[id] = localcontent.Person{Name: p.Name, Email: p.Email}
	}
	return out, nil
}

// localApprovers lists a group's content approvers for local content's
// digest (auth.Service.ContentApprovers).
func (a *App) localApprovers(ctx context.Context, q db.Querier, franchiseID string) ([]localcontent.Person, error) {
	got, err := a.Accounts.ContentApprovers(ctx, q, franchiseID)
	if err != nil {
		return nil, err
	}
	out := make([]localcontent.Person, len(got))
	for i, p := range got {
		out[i] = localcontent.Person{Name: p.Name, Email: p.Email}
	}
	return out, nil
}
