package arch_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

const module = "vitrine/internal/"

// importers lists, for the packages that sit on top, the only packages that
// may import them. Everything else — the domains side by side — may not: a
// domain takes a tenant.Tenant and never sees a session, a request or the
// wiring.
var importers = map[string][]string{
	"app":     {"cmd/vitrine", "testutil"},
	"httpapi": {"app", "testutil"},
	"auth":    {"app", "httpapi", "testutil"},
}

type pkg struct {
	ImportPath string
	Imports    []string
}

func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", "vitrine/...")
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var list []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		list = append(list, p)
	}
	if len(list) < 10 {
		t.Fatalf("go list found only %d packages", len(list))
	}
	return list
}

func short(path string) string {
	path = strings.TrimPrefix(path, "vitrine/")
	return strings.TrimPrefix(path, "internal/")
}

func importViolations(list []pkg) []string {
	var out []string
	for _, p := range list {
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			allowed, guarded := importers[short(imp)]
			if guarded && !slices.Contains(allowed, short(p.ImportPath)) {
				out = append(out, short(p.ImportPath)+" imports "+short(imp))
			}
		}
	}
	return out
}

// Domains sit side by side: none imports auth, httpapi or app.
func TestDomainsDoNotImportTheLayersAboveThem(t *testing.T) {
	for _, v := range importViolations(listPackages(t)) {
		t.Errorf("%s: only %v may import it", v, importers)
	}
}

// onlyImports lists, for packages kept narrow on purpose, the only packages
// of the module they may import.
var onlyImports = map[string][]string{
	// The hub is transport: players' sockets. It asks change what a change
	// means for screens, screen for what a TV shows, and display only for
	// the TV status it reports.
	"hub": {"change", "screen", "display", "fault", "ids"},
	// A device is the box's identity (code and token), nothing more.
	"device": {"db", "fault", "ids", "names"},
}

// composers are the only packages that may import the domains a screen is
// made of all together: the screen package composes the payload, app wires.
var composers = []string{"screen", "app", "httpapi", "testutil"}

var screenParts = []string{"display", "schedule", "franchise", "advertise"}

func shapeViolations(list []pkg) []string {
	var out []string
	for _, p := range list {
		name := short(p.ImportPath)
		allowed, narrow := onlyImports[name]
		parts := 0
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			if narrow && !slices.Contains(allowed, short(imp)) {
				out = append(out, name+" imports "+short(imp))
			}
			if slices.Contains(screenParts, short(imp)) {
				parts++
			}
		}
		if parts == len(screenParts) && !slices.Contains(composers, name) {
			out = append(out, name+" composes a screen")
		}
	}
	return out
}

// What a TV shows is composed in internal/screen only; the hub and the
// device stay narrow.
func TestScreensAreComposedInOnePlace(t *testing.T) {
	for _, v := range shapeViolations(listPackages(t)) {
		t.Error(v)
	}
}

func TestShapeRuleSeesTheHubReachingADomain(t *testing.T) {
	all := []string{module + "display", module + "schedule", module + "franchise", module + "advertise"}
	got := shapeViolations([]pkg{
		{ImportPath: module + "hub", Imports: []string{module + "change", module + "schedule"}},
		{ImportPath: module + "device", Imports: all},
		{ImportPath: module + "screen", Imports: all},
	})
	want := []string{"hub imports schedule", "device imports display", "device imports schedule",
		"device imports franchise", "device imports advertise", "device composes a screen"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q", got)
	}
}

func TestImportRuleSeesADomainImportingAuth(t *testing.T) {
	got := importViolations([]pkg{
		{ImportPath: module + "store", Imports: []string{module + "auth", module + "db"}},
		{ImportPath: module + "httpapi", Imports: []string{module + "auth", module + "store"}},
	})
	if !slices.Equal(got, []string{"store imports auth"}) {
		t.Fatalf("got %q", got)
	}
}

// owners names the one package that owns each table: only it reads or writes
// the table in SQL. Other packages go through its functions.
var owners = map[string]string{
	"users":                "auth",
	"sessions":             "auth",
	"user_codes":           "auth",
	"login_failures":       "auth",
	"audit_log":            "auth",
	"audit_chains":         "audit",
	"audit_records":        "audit",
	"local_items":          "localcontent",
	"local_digests":        "localcontent",
	"api_tokens":           "apitoken",
	"api_token_stores":     "apitoken",
	"franchises":           "franchise",
	"user_franchises":      "franchise",
	"membership_stores":    "franchise",
	"invitations":          "auth",
	"sso_providers":        "auth",
	"sso_domains":          "auth",
	"sso_logins":           "auth",
	"sso_codes":            "auth",
	"team_departures":      "auth",
	"stores":               "store",
	"store_contacts":       "store",
	"store_hours":          "store",
	"store_messages":       "store",
	"displays":             "display",
	"display_commands":     "command",
	"schedules":            "schedule",
	"schedule_payloads":    "schedule",
	"media":                "media",
	"outbox":               "outbox",
	"devices":              "device",
	"advertisements":       "advertise",
	"ad_displays":          "advertise",
	"ad_bookings":          "advertise",
	"ad_plays":             "advertise",
	"alert_settings":       "alerts",
	"display_alerts":       "alerts",
	"display_health":       "display",
	"alert_messages":       "alerts",
	"overrides":            "override",
	"override_acks":        "override", // until 20261126150000
	"override_ack_batches": "override",
}

// reads are the few places that read another package's table inside one of
// their own queries, where a second round trip would cost more than the
// coupling: each is a join or a count, never a write.
var reads = map[string][]string{
	"display":   {"stores", "devices"},    // the store of each TV, joined; a code a player announced
	"device":    {"displays"},             // whether a TV is registered with a code
	"command":   {"displays"},             // a job's TV, joined, to answer only its own player
	"store":     {"displays"},             // the number of TVs per store
	"franchise": {"stores", "displays"},   // the counters Touch keeps on the franchise row
	"schedule":  {"displays"},             // the number of TVs linked to each schedule; the hashes TVs acked, kept
	"override":  {"displays", "stores"},   // the TVs and stores an override's target names
	"alerts":    {"displays"},             // the TVs of a franchisee's stores, for the alerts sent about them
	"apitoken":  {"franchises", "stores"}, // a token's group and stores, joined on every call it makes
}

var (
	writeSQL = regexp.MustCompile(`(?i)\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_]+)`)
	readSQL  = regexp.MustCompile(`(?i)\b(?:FROM|JOIN)\s+([a-z_]+)`)
)

// tableUses returns, per package directory under internal/, the tables its
// non-test Go files name in SQL, split into writes and reads.
func tableUses(t *testing.T) (writes, readsOf map[string]map[string]bool) {
	writes, readsOf = map[string]map[string]bool{}, map[string]map[string]bool{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../")))
		if dir == "testutil" || strings.HasSuffix(dir, "test") {
			return nil // test fixtures write rows directly
		}
		add := func(m map[string]map[string]bool, re *regexp.Regexp) {
			for _, match := range re.FindAllStringSubmatch(string(src), -1) {
				table := strings.ToLower(match[1])
				if _, known := owners[table]; !known {
					continue
				}
				if m[dir] == nil {
					m[dir] = map[string]bool{}
				}
				m[dir][table] = true
			}
		}
		add(writes, writeSQL)
		add(readsOf, readSQL)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return writes, readsOf
}

func ownershipViolations(writes, readsOf map[string]map[string]bool) []string {
	var problems []string
	for dir, tables := range writes {
		for table := range tables {
			if owners[table] != dir {
				problems = append(problems, dir+" writes "+table+" (owned by "+owners[table]+")")
			}
		}
	}
	for dir, tables := range readsOf {
		for table := range tables {
			if owners[table] != dir && !slices.Contains(reads[dir], table) {
				problems = append(problems, dir+" reads "+table+" (owned by "+owners[table]+")")
			}
		}
	}
	sort.Strings(problems)
	return problems
}

func TestEveryTableHasOneOwner(t *testing.T) {
	writes, readsOf := tableUses(t)
	if !writes["store"]["stores"] || !readsOf["auth"]["users"] {
		t.Fatalf("the scan missed SQL it must find: writes %v, reads %v", writes, readsOf)
	}
	for _, p := range ownershipViolations(writes, readsOf) {
		t.Error(p)
	}
}

func TestOwnershipRuleSeesAForeignWriteAndRead(t *testing.T) {
	got := ownershipViolations(
		map[string]map[string]bool{"store": {"stores": true, "displays": true}},
		map[string]map[string]bool{"display": {"schedules": true, "stores": true}},
	)
	want := []string{"display reads schedules (owned by schedule)", "store writes displays (owned by display)"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q", got)
	}
}

// Every table the migrations create has an owner above, so a new table
// cannot escape the ownership test.
func TestEveryMigratedTableIsListed(t *testing.T) {
	files, err := filepath.Glob("../db/migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations found: %v", err)
	}
	create := regexp.MustCompile(`(?i)\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_]+)`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range create.FindAllStringSubmatch(string(src), -1) {
			if _, ok := owners[strings.ToLower(m[1])]; !ok {
				t.Errorf("%s creates table %s, which has no owner in owners", filepath.Base(f), m[1])
			}
		}
	}
}

// inSQLStore are the domains whose SQL is all in their sqlstore.go: a
// reader finds every query of the domain in one file, and its rules in the
// others.
var inSQLStore = []string{"advertise", "franchise", "media", "schedule", "store"}

func TestDomainSQLIsInSQLStore(t *testing.T) {
	for _, dir := range inSQLStore {
		files, err := filepath.Glob(filepath.Join("..", dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files found: %v", dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || filepath.Base(f) == "sqlstore.go" {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, re := range []*regexp.Regexp{writeSQL, readSQL} {
				for _, m := range re.FindAllStringSubmatch(string(src), -1) {
					if _, table := owners[strings.ToLower(m[1])]; table {
						t.Errorf("%s/%s: SQL on %s belongs in sqlstore.go (%q)", dir, filepath.Base(f), m[1], m[0])
					}
				}
			}
		}
	}
}
