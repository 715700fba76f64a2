package display_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"vitrine/internal/display"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

func TestParseReportRefusesBadReports(t *testing.T) {
	good := `{"version":"1.2.3","browser":"Chrome 120","screen":"1920x1080","uptime":60,"storageUsed":10,"storageQuota":100,"cached":2,"allCached":true,"clockOffset":-300,"lastError":{"media":"a.mp4","message":"decode","at":1764100000000}}`
	r, err := display.ParseReport([]byte(good))
	if err != nil || r.Screen != "1920x1080" || r.LastError == nil || r.LastError.Media != "a.mp4" {
		t.Fatalf("good report: %+v %v", r, err)
	}
	for _, bad := range []string{
		`nope`, `[]`, `{"uptime":-1}`, `{"storageUsed":-5}`, `{"cached":1000000}`,
		`{"version":"` + strings.Repeat("v", 65) + `"}`,
		`{"browser":"a\nb"}`, `{"screen":"` + strings.Repeat("9", 17) + `"}`,
		`{"clockOffset":999999999999999}`, `{"uptime":"1"}`,
		`{"lastError":{"media":"a","message":"` + strings.Repeat("m", 301) + `","at":1}}`,
		`{"lastError":{"media":"a","message":"m","at":0}}`,
		`{"storageQuota":` + fmt.Sprint(int64(1)<<52) + `}`,
	} {
		if _, err := display.ParseReport([]byte(bad)); !errors.Is(err, display.ErrBadReport) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// A report's texts are single lines of printable characters: one holding a
// line break or any other control character, in any of its text fields, is
// refused whole; accents and other letters pass.
func TestParseReportRefusesControlCharactersInText(t *testing.T) {
	texts := []struct {
		name string
		text string
		ok   bool
	}{
		{"accents and symbols", "ação é ñ ü € 🎬", true},
		{"plain words", "decode failed", true},
		{"a line feed", "falha\nno vídeo", false},
		{"a carriage return", "falha\rno vídeo", false},
		{"a Windows line break", "falha\r\n", false},
		{"a NUL", "falha\x00", false},
		{"a tab", "falha\tvídeo", false},
		{"an escape sequence", "\x1b[31mfalha", false},
		{"a bell", "falha\x07", false},
		{"DEL", "falha\x7f", false},
		{"a C1 next line", "falha\u0085vídeo", false},
		{"a C1 control sequence", "falha\u009b31m", false},
		{"a line separator", "falha\u2028vídeo", false},
		{"a paragraph separator", "falha\u2029vídeo", false},
	}
	fields := []struct {
		name  string
		build func(text string) map[string]any
	}{
		{"version", func(s string) map[string]any { return map[string]any{"version": s} }},
		{"browser", func(s string) map[string]any { return map[string]any{"browser": s} }},
		{"screen", func(s string) map[string]any { return map[string]any{"screen": s} }},
		{"lastError.media", func(s string) map[string]any {
			return map[string]any{"lastError": map[string]any{"media": s, "message": "falhou", "at": 1764100000000}}
		}},
		{"lastError.message", func(s string) map[string]any {
			return map[string]any{"lastError": map[string]any{"media": "a.mp4", "message": s, "at": 1764100000000}}
		}},
	}
	for _, f := range fields {
		for _, tc := range texts {
			t.Run(f.name+" with "+tc.name, func(t *testing.T) {
				raw, err := json.Marshal(f.build(tc.text))
				if err != nil {
					t.Fatal(err)
				}
				_, err = display.ParseReport(raw)
				if tc.ok && err != nil {
					t.Fatalf("%s refused: %v", raw, err)
				}
				if !tc.ok && !errors.Is(err, display.ErrBadReport) {
					t.Fatalf("%s accepted (%v)", raw, err)
				}
			})
		}
	}
}

func TestHealthKeepsTheLatestReportAndTheLastErrors(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(engine, func(t *testing.T) {
			f := newFixtureOn(t, engine)
			ctx := context.Background()
			d := f.create(t, "loja-a", "TV Caixa", "AAAAAA", "s1")
			other := f.create(t, "loja-b", "TV Vitrine", "CCCCCC", "")
			h, err := f.svc.Health(ctx, f.t, "loja-a", d.ID)
			if err != nil || h.Reported || h.Report != nil || len(h.Problems) != 0 {
				t.Fatalf("never reported: %+v %v", h, err)
			}
			now := f.clock.Now().UnixMilli()
			rep := display.Report{Version: "v1", Browser: "Chrome 120", Screen: "1920x1080", Uptime: 5,
				StorageUsed: 95, StorageQuota: 100, Cached: 2, AllCached: false, ClockOffset: 2 * 60_000}
			record := func(id string, r display.Report) {
				t.Helper()
				if err := f.svc.RecordHealth(ctx, []display.HealthReport{{DisplayID: id, FranchiseID: "f1", Report: r, At: f.clock.Now().UnixMilli()}}); err != nil {
					t.Fatal(err)
				}
			}
			record(d.ID, rep)
			h, err = f.svc.Health(ctx, f.t, "loja-a", d.ID)
			if err != nil || !h.Reported || h.ReportedAt != now || h.Report.Screen != "1920x1080" {
				t.Fatalf("reported: %+v %v", h, err)
			}
			codes := func(ps []display.Problem) string {
				var out []string
				for _, p := range ps {
					if p.Label == "" {
						t.Errorf("problem %s has no label", p.Code)
					}
					out = append(out, p.Code)
				}
				return strings.Join(out, ",")
			}
			if got := codes(h.Problems); got != "uncached,storage,clock" {
				t.Fatalf("problems %q", got)
			}
			// Twelve playback errors, one per report: the last ten are kept, newest first.
			rep = display.Report{Version: "v1", Screen: "1920x1080", AllCached: true, StorageQuota: 100}
			for i := range 12 {
				f.clock.Advance(time.Minute)
				e := display.PlaybackError{Media: fmt.Sprintf("m%d.mp4", i), Message: "falhou", At: f.clock.Now().UnixMilli()}
				rep.LastError = &e
				record(d.ID, rep)
				record(d.ID, rep) // the same error again counts once
			}
			h, _ = f.svc.Health(ctx, f.t, "loja-a", d.ID)
			if len(h.Errors) != display.KeptErrors || h.Errors[0].Media != "m11.mp4" || h.Errors[9].Media != "m2.mp4" {
				b, _ := json.Marshal(h.Errors)
				t.Fatalf("errors %s", b)
			}
			if got := codes(h.Problems); got != "errors" {
				t.Fatalf("problems %q", got)
			}
			list, err := f.svc.ListFranchise(ctx, f.t)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range list {
				if want := map[string]string{d.ID: "errors", other.ID: ""}[x.ID]; codes(x.Problems) != want {
					t.Fatalf("%s listed with %q, want %q", x.Name, codes(x.Problems), want)
				}
			}
			// An hour after the third newest error, the errors are no longer repeated.
			f.clock.Advance(display.ErrorsWindow - time.Minute)
			h, _ = f.svc.Health(ctx, f.t, "loja-a", d.ID)
			if len(h.Problems) != 0 {
				t.Fatalf("problems an hour later: %q", codes(h.Problems))
			}
			// Tenant isolation: another franchise, the wrong store, an unknown TV.
			outsider := tenant.Tenant{Franchise: tenant.Franchise{ID: "f2", Slug: "outra"}}
			if _, err := f.svc.Health(ctx, outsider, "loja-a", d.ID); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("another franchise: %v", err)
			}
			if _, err := f.svc.Health(ctx, f.t, "loja-b", d.ID); !errors.Is(err, display.ErrNotFound) {
				t.Fatalf("the wrong store: %v", err)
			}
			// A report naming a TV of another franchise is not stored.
			if err := f.svc.RecordHealth(ctx, []display.HealthReport{{DisplayID: other.ID, FranchiseID: "f2", Report: rep, At: 1}}); err != nil {
				t.Fatal(err)
			}
			if h, _ := f.svc.Health(ctx, f.t, "loja-b", other.ID); h.Reported {
				t.Fatal("a report under another franchise was stored")
			}
		})
	}
}
