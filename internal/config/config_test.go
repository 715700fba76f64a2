package config

import (
	"errors"
	"flag"
	"io"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestDefaults(t *testing.T) {
	c, err := Parse(nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if c.Addr != "127.0.0.1:8080" || c.DataDir != filepath.Join(wd, "data") || c.DatabaseURL != "" ||
		c.SMTPURL != "" || c.OpenSignup || c.Demo || c.LogLevel != "info" {
		t.Errorf("defaults: %+v", c)
	}
	if c.PublicURL != "http://127.0.0.1:8080" {
		t.Errorf("public URL defaults to the listen address, got %q", c.PublicURL)
	}
	if c.MailFrom != "Vitrine <nao-responda@127.0.0.1>" {
		t.Errorf("mail sender %q", c.MailFrom)
	}
	if c.PendingSocketsPerAddress != 256 {
		t.Errorf("pending sockets per address %d", c.PendingSocketsPerAddress)
	}
	if c.AuditRetention != DefaultAuditRetention || DefaultAuditRetention != 365*24*time.Hour {
		t.Errorf("audit retention %v, want a year", c.AuditRetention)
	}
}

func TestEnvironmentAndFlags(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(secret, []byte("Segredo#2026\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{
		"VITRINE_ADDR":                        "0.0.0.0:9000",
		"VITRINE_DATA":                        "/srv/vitrine",
		"DATABASE_URL":                        "postgres://vitrine@db:5432/vitrine",
		"SMTP_URL":                            "smtps://user:pass@mail.example.com",
		"VITRINE_MAIL_FROM":                   "Rede Sul <avisos@redesul.com.br>",
		"VITRINE_PUBLIC_URL":                  "https://painel.redesul.com.br/",
		"VITRINE_ADMIN_EMAIL":                 "admin@redesul.com.br",
		"VITRINE_ADMIN_PASSWORD_FILE":         secret,
		"VITRINE_OPEN_SIGNUP":                 "1",
		"VITRINE_DEMO":                        "true",
		"VITRINE_TRUSTED_PROXIES":             "10.0.0.0/8, 192.168.1.10",
		"VITRINE_METRICS_ADDR":                "127.0.0.1:9090",
		"VITRINE_PENDING_SOCKETS_PER_ADDRESS": "1000",
		"VITRINE_AUDIT_RETENTION":             "2160h",
	}
	c, err := Parse(nil, env(vars), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "0.0.0.0:9000" || c.DataDir != "/srv/vitrine" || c.DatabaseURL != vars["DATABASE_URL"] ||
		c.SMTPURL != vars["SMTP_URL"] || c.MailFrom != vars["VITRINE_MAIL_FROM"] ||
		c.PublicURL != "https://painel.redesul.com.br" || c.AdminEmail != "admin@redesul.com.br" ||
		c.AdminPassword != "Segredo#2026" || !c.OpenSignup || !c.Demo || c.MetricsAddr != "127.0.0.1:9090" {
		t.Errorf("from the environment: %+v", c)
	}
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.10/32")}
	if len(c.TrustedProxies) != 2 || c.TrustedProxies[0] != want[0] || c.TrustedProxies[1] != want[1] {
		t.Errorf("trusted proxies %v", c.TrustedProxies)
	}
	if c.PendingSocketsPerAddress != 1000 {
		t.Errorf("pending sockets per address %d", c.PendingSocketsPerAddress)
	}
	if c.AuditRetention != 90*24*time.Hour {
		t.Errorf("audit retention %v", c.AuditRetention)
	}

	c, err = Parse([]string{"--addr", "127.0.0.1:7000", "--data=/tmp/v", "--demo=false", "--log-level", "debug"}, env(vars), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:7000" || c.DataDir != "/tmp/v" || c.Demo || c.LogLevel != "debug" {
		t.Errorf("flags win over the environment: %+v", c)
	}
}

func TestBadSettingsAreRefused(t *testing.T) {
	for name, vars := range map[string]map[string]string{
		"admin e-mail without password":   {"VITRINE_ADMIN_EMAIL": "a@b.com"},
		"admin password without e-mail":   {"VITRINE_ADMIN_PASSWORD": "Segredo#2026"},
		"a database that is not postgres": {"DATABASE_URL": "mysql://x"},
		"a bad proxy address":             {"VITRINE_TRUSTED_PROXIES": "10.0.0.0/33"},
		"a bad mail sender":               {"VITRINE_MAIL_FROM": "não é endereço"},
		"metrics on the public address":   {"VITRINE_ADDR": "127.0.0.1:8080", "VITRINE_METRICS_ADDR": "127.0.0.1:8080"},
		"a negative socket bound":         {"VITRINE_PENDING_SOCKETS_PER_ADDRESS": "-1"},
		"a retention that is no duration": {"VITRINE_AUDIT_RETENTION": "1 ano"},
		"a retention of nothing":          {"VITRINE_AUDIT_RETENTION": "0s"},
	} {
		if _, err := Parse(nil, env(vars), io.Discard); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := Parse([]string{"--nope"}, env(nil), io.Discard); err == nil {
		t.Error("an unknown flag is accepted")
	}
	if _, err := Parse([]string{"extra"}, env(nil), io.Discard); err == nil {
		t.Error("a stray argument is accepted")
	}
	var out strings.Builder
	if _, err := Parse([]string{"--help"}, env(nil), &out); !errors.Is(err, flag.ErrHelp) || !strings.Contains(out.String(), "VITRINE_ADMIN_EMAIL") {
		t.Errorf("serve --help: %v %s", err, out.String())
	}
}

func TestUsageNamesEverySetting(t *testing.T) {
	for _, name := range []string{"--addr", "VITRINE_ADDR", "--data", "VITRINE_DATA", "--demo", "DATABASE_URL",
		"SMTP_URL", "VITRINE_MAIL_FROM", "VITRINE_PUBLIC_URL", "VITRINE_ADMIN_EMAIL", "VITRINE_ADMIN_PASSWORD",
		"VITRINE_OPEN_SIGNUP", "VITRINE_TRUSTED_PROXIES", "VITRINE_METRICS_ADDR", "VITRINE_PPROF", "VITRINE_PENDING_SOCKETS_PER_ADDRESS", "VITRINE_AUDIT_RETENTION", "STORAGE_URL", "WHATSAPP_TOKEN", "--log-level"} {
		if !strings.Contains(Usage, name) {
			t.Errorf("--help does not mention %s", name)
		}
	}
}
