// Package config reads the server's typed settings from command-line flags and
// environment variables. Secrets may also come from files named by *_FILE
// variables. The result is passed around as a value; there is no global config.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/mail"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is everything `vitrine serve` can be told.
type Config struct {
	Addr          string // listen address
	DataDir       string // SQLite file, local objects, generated secrets
	DatabaseURL   string // empty = SQLite in DataDir; postgres://… = PostgreSQL
	SMTPURL       string // smtp://user:pass@host:port; empty = mails kept in the outbox and logged
	MailFrom      string // sender of e-mails; empty = "Vitrine <nao-responda@HOST of PublicURL>"
	PublicURL     string // base of links sent by e-mail
	AdminEmail    string
	AdminPassword string
	OpenSignup    bool // POST /api/user/register without a token
	// TrustedProxies are load balancers whose X-Forwarded-For names the caller.
	TrustedProxies []netip.Prefix
	Demo           bool // seed a demo franchise

	// MetricsAddr is where GET /metrics is served (Prometheus); empty = off.
	// Never the public address: the numbers are for the operator only.
	MetricsAddr string
	// Profiles adds Go's profiles (/debug/pprof/) to the metrics listener:
	// off unless asked for, as a profile costs CPU while it is taken.
	Profiles bool

	StorageURL string // empty = local objects folder; s3://ACCESS:SECRET@host:port/bucket?secure=false&region=…
	MediaURL   string // public base of media files (CDN); empty = /files on this server
	// UploadSecret signs local upload policies; empty = a random secret kept in DataDir/upload-secret.
	UploadSecret string
	// SecretKey seals the secrets kept in the database (a group's single
	// sign-on client secret); empty = they cannot be saved.
	SecretKey string

	WhatsAppToken   string
	WhatsAppPhoneID string
	WhatsAppAPIURL  string // base address of the Cloud API; tests point it at a fake
	// WhatsAppTemplate and WhatsAppLanguage name the approved template store
	// messages are sent in; WhatsAppFreeText sends plain text instead.
	WhatsAppTemplate string
	WhatsAppLanguage string
	WhatsAppFreeText bool
	// WhatsAppVerifyToken and WhatsAppAppSecret enable the status webhook.
	WhatsAppVerifyToken string
	WhatsAppAppSecret   string
	// ZenviaToken and ZenviaFrom send the offline alerts' SMS through
	// Zenvia (its API at ZenviaAPIURL); without them SMS are logged.
	ZenviaToken  string
	ZenviaFrom   string
	ZenviaAPIURL string

	// NewDevicesPerAddress is how many new players one address may
	// announce in 10 minutes; 0 = no limit.
	NewDevicesPerAddress int
	// TokenRate is how many calls one API token ('Integrações') may make
	// per minute; 0 = no limit.
	TokenRate int
	// PendingSocketsPerAddress is how many player sockets one address may
	// hold before they authenticate; 0 = no limit.
	PendingSocketsPerAddress int

	// ShutdownTimeout is how long a stopping server waits for requests in
	// flight (uploads above all) before it closes their connections.
	ShutdownTimeout time.Duration
	// AuditRetention is how long audit records are kept; older ones are
	// purged every hour.
	AuditRetention time.Duration

	LogLevel string
}

// DefaultAuditRetention is how long audit records are kept unless
// VITRINE_AUDIT_RETENTION says otherwise: one year.
const DefaultAuditRetention = 365 * 24 * time.Hour

// Usage is the text of `vitrine --help`.
const Usage = `vitrine — digital-signage management server

Usage:
  vitrine serve [flags]     start the server
  vitrine backup FILE       write a consistent copy of the SQLite database to FILE, also while a server runs
  vitrine restore FILE      put a backup back as the SQLite database (the servers using the data folder
                            must be stopped; the replaced database is kept as vitrine.db.bak)
  vitrine audit verify [--group SLUG]
                            check that no audit record was changed or removed, each group's chain
                            and the platform's (or one group's); exits 1 when one was
  vitrine --help            show this text

backup, restore and audit read --data / VITRINE_DATA and DATABASE_URL like serve; on PostgreSQL use
pg_dump and pg_restore instead (docs/operations.md, "Backups").

Flags of serve (each also read from the environment variable shown):
  --addr ADDR        VITRINE_ADDR         listen address (default 127.0.0.1:8080)
  --data DIR         VITRINE_DATA         data folder: SQLite file, local media objects (default ./data)
  --demo             VITRINE_DEMO=1       seed a demo franchise and print its login
  --log-level LEVEL  VITRINE_LOG_LEVEL    debug, info, warn or error (default info)

Environment:
  DATABASE_URL            empty = SQLite file in the data folder; postgres://user:pass@host:5432/db = PostgreSQL
  SMTP_URL                smtp://user:pass@host:port (smtps:// for implicit TLS); empty = mails are only
                          logged and kept in the outbox
  VITRINE_MAIL_FROM       sender of e-mails (default "Vitrine <nao-responda@HOST>", HOST from the public URL)
  VITRINE_PUBLIC_URL      public address of the console, used in e-mailed links (default http://ADDR)
  VITRINE_TRUSTED_PROXIES load balancers (addresses or CIDRs, comma-separated) whose X-Forwarded-For
                          header names the caller's address, for login throttling, and whose
                          X-Request-Id is kept
  VITRINE_METRICS_ADDR    serve GET /metrics (Prometheus) on this address, e.g. 127.0.0.1:9090; a
                          listener of its own, never the public one (default empty: off)
  VITRINE_PPROF=1         also serve Go's profiles (/debug/pprof/, e.g. profile?seconds=10) on the
                          metrics listener (default off)
  VITRINE_ADMIN_EMAIL     with VITRINE_ADMIN_PASSWORD: on start, create this verified administrator
  VITRINE_ADMIN_PASSWORD  (permissions dispA and userA) when no user has that e-mail
  VITRINE_OPEN_SIGNUP=1   allow POST /api/user/register without a token (users must verify their e-mail)
  VITRINE_NEW_DEVICES_PER_ADDRESS  new TV boxes one address may announce in 10 minutes (default 60;
                          0 = no limit); boxes that already have a token are never limited
  VITRINE_TOKEN_RATE      calls one API token ('Integrações') may make per minute (default 600; 0 = no
                          limit); beyond it 429 with Retry-After
  VITRINE_PENDING_SOCKETS_PER_ADDRESS  player sockets one address may hold before they authenticate
                          (default 256; 0 = no limit); a box authenticates within milliseconds
  VITRINE_SHUTDOWN_TIMEOUT  on SIGTERM, how long requests in flight (uploads) may take to finish before
                          their connections are closed (default 30s; a Go duration: 90s, 2m)
  VITRINE_AUDIT_RETENTION  how long the audit trail ('Atividade') keeps a record; older ones are purged
                          every hour (default 8760h, one year; a Go duration)
  STORAGE_URL             empty = DATA/objects; s3://ACCESS:SECRET@host:port/bucket?secure=false&region=…
  VITRINE_MEDIA_URL       public (CDN) base address of media files; default /files on this server
  VITRINE_UPLOAD_SECRET   signs uploads to local storage (at least 32 characters); default: made once and
                          kept in DATA/upload-secret
  VITRINE_SECRET_KEY      seals (AES-256-GCM) the secrets kept in the database: a group's single sign-on
                          client secret (at least 32 characters; keep it: a new key cannot open what the
                          old one sealed); without it no client secret can be saved
  WHATSAPP_TOKEN          with WHATSAPP_PHONE_ID: deliver store messages through the WhatsApp Cloud API;
  WHATSAPP_PHONE_ID       otherwise they are logged
  WHATSAPP_API_URL        base address of the Cloud API (default https://graph.facebook.com/v20.0)
  WHATSAPP_TEMPLATE       approved message template store messages are sent in (required with the Cloud
                          API: WhatsApp opens conversations only with templates); the operator's text is
                          its one body parameter, {{1}}
  WHATSAPP_TEMPLATE_LANGUAGE  the template's language code (default pt_BR)
  WHATSAPP_FREE_TEXT=1    send plain text instead of a template (only reaches numbers that wrote to the
                          business in the last 24 hours)
  WHATSAPP_VERIFY_TOKEN   with WHATSAPP_APP_SECRET: accept the Cloud API's status webhook at
  WHATSAPP_APP_SECRET     /api/whatsapp/webhook (subscription check with the token; every notification
                          signed with the app secret) and show delivered / read / failed per message
  ZENVIA_TOKEN            with ZENVIA_FROM: send the offline alerts' SMS through Zenvia (the API token,
  ZENVIA_FROM             sent as X-API-TOKEN, and the sender id of the account's SMS channel);
                          otherwise they are logged
  ZENVIA_API_URL          base address of Zenvia's API (default https://api.zenvia.com)

Secrets may be read from files instead: DATABASE_URL_FILE, SMTP_URL_FILE, VITRINE_ADMIN_PASSWORD_FILE,
STORAGE_URL_FILE, VITRINE_UPLOAD_SECRET_FILE, VITRINE_SECRET_KEY_FILE, WHATSAPP_TOKEN_FILE, WHATSAPP_APP_SECRET_FILE, ZENVIA_TOKEN_FILE.
`

// Parse reads flags (args after the "serve" word) over the environment.
func Parse(args []string, getenv func(string) string, stderr io.Writer) (Config, error) {
	c, rest, err := ParseCommand(args, getenv, stderr)
	if err == nil && len(rest) > 0 {
		return Config{}, fmt.Errorf("unexpected argument %q", rest[0])
	}
	return c, err
}

// ParseCommand reads flags like Parse, before or after other arguments, and
// returns those arguments (the FILE of backup and restore).
func ParseCommand(args []string, getenv func(string) string, stderr io.Writer) (Config, []string, error) {
	env := func(key, def string) string {
		if v := getenv(key); v != "" {
			return v
		}
		if path := getenv(key + "_FILE"); path != "" {
			b, err := os.ReadFile(path)
			if err == nil {
				return strings.TrimSpace(string(b))
			}
		}
		return def
	}
	truthy := func(v string) bool {
		switch strings.ToLower(v) {
		case "1", "true", "yes", "on":
			return true
		}
		return false
	}

	c := Config{
		DatabaseURL:     env("DATABASE_URL", ""),
		SMTPURL:         env("SMTP_URL", ""),
		MailFrom:        env("VITRINE_MAIL_FROM", ""),
		PublicURL:       env("VITRINE_PUBLIC_URL", ""),
		AdminEmail:      env("VITRINE_ADMIN_EMAIL", ""),
		AdminPassword:   env("VITRINE_ADMIN_PASSWORD", ""),
		OpenSignup:      truthy(env("VITRINE_OPEN_SIGNUP", "")),
		MetricsAddr:     env("VITRINE_METRICS_ADDR", ""),
		Profiles:        truthy(env("VITRINE_PPROF", "")),
		StorageURL:      env("STORAGE_URL", ""),
		MediaURL:        env("VITRINE_MEDIA_URL", ""),
		UploadSecret:    env("VITRINE_UPLOAD_SECRET", ""),
		SecretKey:       env("VITRINE_SECRET_KEY", ""),
		WhatsAppToken:   env("WHATSAPP_TOKEN", ""),
		WhatsAppPhoneID: env("WHATSAPP_PHONE_ID", ""),
		WhatsAppAPIURL:  env("WHATSAPP_API_URL", ""),

		WhatsAppTemplate:    env("WHATSAPP_TEMPLATE", ""),
		WhatsAppLanguage:    env("WHATSAPP_TEMPLATE_LANGUAGE", "pt_BR"),
		WhatsAppFreeText:    truthy(env("WHATSAPP_FREE_TEXT", "")),
		WhatsAppVerifyToken: env("WHATSAPP_VERIFY_TOKEN", ""),
		WhatsAppAppSecret:   env("WHATSAPP_APP_SECRET", ""),
		ZenviaToken:         env("ZENVIA_TOKEN", ""),
		ZenviaFrom:          env("ZENVIA_FROM", ""),
		ZenviaAPIURL:        env("ZENVIA_API_URL", ""),
	}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, Usage) }
	fs.StringVar(&c.Addr, "addr", env("VITRINE_ADDR", "127.0.0.1:8080"), "listen address")
	fs.StringVar(&c.DataDir, "data", env("VITRINE_DATA", "./data"), "data folder")
	fs.BoolVar(&c.Demo, "demo", truthy(env("VITRINE_DEMO", "")), "seed a demo franchise")
	fs.StringVar(&c.LogLevel, "log-level", env("VITRINE_LOG_LEVEL", "info"), "log level")
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return Config{}, nil, err
		}
		if fs.NArg() == 0 {
			break
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
	devices, err := strconv.Atoi(env("VITRINE_NEW_DEVICES_PER_ADDRESS", "60"))
	if err != nil || devices < 0 {
		return Config{}, nil, fmt.Errorf("VITRINE_NEW_DEVICES_PER_ADDRESS: a number of devices, 0 for no limit")
	}
	c.NewDevicesPerAddress = devices
	rate, err := strconv.Atoi(env("VITRINE_TOKEN_RATE", "600"))
	if err != nil || rate < 0 {
		return Config{}, nil, fmt.Errorf("VITRINE_TOKEN_RATE: a number of calls per minute, 0 for no limit")
	}
	c.TokenRate = rate
	pending, err := strconv.Atoi(env("VITRINE_PENDING_SOCKETS_PER_ADDRESS", "256"))
	if err != nil || pending < 0 {
		return Config{}, nil, fmt.Errorf("VITRINE_PENDING_SOCKETS_PER_ADDRESS: a number of sockets, 0 for no limit")
	}
	c.PendingSocketsPerAddress = pending
	c.ShutdownTimeout, err = time.ParseDuration(env("VITRINE_SHUTDOWN_TIMEOUT", "30s"))
	if err != nil || c.ShutdownTimeout <= 0 {
		return Config{}, nil, fmt.Errorf("VITRINE_SHUTDOWN_TIMEOUT: a duration such as 30s or 2m")
	}
	c.AuditRetention, err = time.ParseDuration(env("VITRINE_AUDIT_RETENTION", DefaultAuditRetention.String()))
	if err != nil || c.AuditRetention <= 0 {
		return Config{}, nil, fmt.Errorf("VITRINE_AUDIT_RETENTION: a duration such as 8760h (one year) or 2160h")
	}
	proxies, err := parsePrefixes(env("VITRINE_TRUSTED_PROXIES", ""))
	if err != nil {
		return Config{}, nil, fmt.Errorf("VITRINE_TRUSTED_PROXIES: %w", err)
	}
	c.TrustedProxies = proxies
	return c, rest, c.normalize()
}

func (c *Config) normalize() error {
	if c.SecretKey != "" && len(c.SecretKey) < 32 {
		return errors.New("VITRINE_SECRET_KEY: at least 32 characters (e.g. openssl rand -base64 32)")
	}
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.Addr
	}
	c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	public, err := url.Parse(c.PublicURL)
	if err != nil {
		return fmt.Errorf("VITRINE_PUBLIC_URL: %w", err)
	}
	if c.MailFrom == "" {
		host := public.Hostname()
		if host == "" {
			host = "localhost"
		}
		c.MailFrom = "Vitrine <nao-responda@" + host + ">"
	}
	if _, err := mail.ParseAddress(c.MailFrom); err != nil {
		return fmt.Errorf("VITRINE_MAIL_FROM %q is not an e-mail address", c.MailFrom)
	}
	if (c.AdminEmail == "") != (c.AdminPassword == "") {
		return errors.New("VITRINE_ADMIN_EMAIL and VITRINE_ADMIN_PASSWORD must be set together")
	}
	abs, err := filepath.Abs(c.DataDir)
	if err != nil {
		return fmt.Errorf("--data: %w", err)
	}
	c.DataDir = abs
	if c.MetricsAddr != "" && c.MetricsAddr == c.Addr {
		return errors.New("VITRINE_METRICS_ADDR must not be the listen address: metrics stay off the public port")
	}
	if c.DatabaseURL != "" && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		return errors.New("DATABASE_URL must be empty (SQLite) or a postgres:// address")
	}
	return nil
}

// parsePrefixes reads a comma-separated list of addresses and CIDR ranges.
func parsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if strings.Contains(item, "/") {
			p, err := netip.ParsePrefix(item)
			if err != nil {
				return nil, err
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, err
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}
