package display

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/tenant"
)

// TV health (DESIGN.md, Fleet operations): each player reports, with its
// acks, what it is and how it fares. The server keeps the latest report per
// TV and its last KeptErrors playback errors, and derives the problems the
// console flags.

// KeptErrors is how many playback errors are kept per TV.
const KeptErrors = 10

// Bounds of a report's fields: a report outside them is refused whole.
const (
	maxVersion = 64
	maxBrowser = 160
	maxScreen  = 16
	maxMedia   = 200
	maxMessage = 300
	maxBytes   = int64(1) << 50 // storage figures (1 PiB)
	maxCached  = 100_000
	maxUptime  = int64(10 * 365 * 24 * 3600) // seconds
	maxOffset  = int64(10 * 365 * 24 * 3600 * 1000)
)

// PlaybackError is a media a player failed to play.
type PlaybackError struct {
	Media   string `json:"media"`   // the media's name (or id)
	Message string `json:"message"` // what the browser said
	At      int64  `json:"at"`      // epoch ms on the server's clock (the player corrects its own)
}

// Report is what a player says of itself (the "health" of an ack frame).
type Report struct {
	Version      string         `json:"version"`      // the player build
	Browser      string         `json:"browser"`      // short user agent
	Screen       string         `json:"screen"`       // resolution, "1920x1080"
	Uptime       int64          `json:"uptime"`       // seconds since the player started
	StorageUsed  int64          `json:"storageUsed"`  // bytes (navigator.storage.estimate)
	StorageQuota int64          `json:"storageQuota"` // bytes, 0 = unknown
	Cached       int            `json:"cached"`       // media files in the player's cache
	AllCached    bool           `json:"allCached"`    // every file of the current playlist is cached
	ClockOffset  int64          `json:"clockOffset"`  // player clock minus server clock, ms
	LastError    *PlaybackError `json:"lastError,omitempty"`
}

// ErrBadReport is a report outside the bounds of its fields.
var ErrBadReport = errors.New("relatório de saúde inválido")

// ParseReport decodes and validates a report sent by a player.
func ParseReport(raw []byte) (Report, error) {
	var r Report
	if err := json.Unmarshal(raw, &r); err != nil {
		return Report{}, ErrBadReport
	}
	text := func(s string, max int) bool {
		return utf8.RuneCountInString(s) <= max && utf8.ValidString(s) && !strings.ContainsFunc(s, notInReport)
	}
	ok := text(r.Version, maxVersion) && text(r.Browser, maxBrowser) && text(r.Screen, maxScreen) &&
		r.Uptime >= 0 && r.Uptime <= maxUptime &&
		r.StorageUsed >= 0 && r.StorageUsed <= maxBytes && r.StorageQuota >= 0 && r.StorageQuota <= maxBytes &&
		r.Cached >= 0 && r.Cached <= maxCached &&
		r.ClockOffset >= -maxOffset && r.ClockOffset <= maxOffset
	if ok && r.LastError != nil {
		e := r.LastError
		ok = text(e.Media, maxMedia) && text(e.Message, maxMessage) && e.At > 0 && e.At < 1e14
	}
	if !ok {
		return Report{}, ErrBadReport
	}
	return r, nil
}

// notInReport is what a report's text may not hold: line breaks (U+2028
// and U+2029 too) and every other control character — C0 (NUL, tab,
// escape…), DEL and C1. A report's texts are one line each, shown as
// they are in the console and the logs.
func notInReport(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029'
}

// Same tells whether two reports differ only in what changes all the time
// (uptime, storage by less than a megabyte, clock offset by less than 5 s):
// such a report is not written again until the stored one grows old.
func Same(a, b Report) bool {
	near := func(x, y, d int64) bool { return x-y < d && y-x < d }
	sameErr := (a.LastError == nil) == (b.LastError == nil) && (a.LastError == nil || *a.LastError == *b.LastError)
	return a.Version == b.Version && a.Browser == b.Browser && a.Screen == b.Screen &&
		near(a.StorageUsed, b.StorageUsed, 1<<20) && a.StorageQuota == b.StorageQuota &&
		a.Cached == b.Cached && a.AllCached == b.AllCached &&
		near(a.ClockOffset, b.ClockOffset, 5000) && sameErr && (b.Uptime >= a.Uptime)
}

// HealthReport is a report a hub hands over for storage.
type HealthReport struct {
	DisplayID   string
	FranchiseID string
	Report      Report
	At          int64 // epoch ms it arrived
}

// Problem is something wrong with a TV, by its latest report.
type Problem struct {
	Code  string `json:"code"`  // uncached | storage | clock | errors
	Label string `json:"label"` // pt-BR
}

// The problems (docs/operations.md, TV health).
var problemLabels = map[string]string{
	"uncached": "Arquivos da programação fora do cache",
	"storage":  "Armazenamento quase cheio",
	"clock":    "Relógio com mais de um minuto de diferença",
	"errors":   "Erros de reprodução repetidos",
}

var problemOrder = []string{"uncached", "storage", "clock", "errors"}

// Thresholds of the problems.
const (
	StorageFull    = 0.9         // used / quota above it: storage almost full
	ClockOff       = time.Minute // |clock offset| above it: clock off
	RepeatedErrors = 3           // errors within ErrorsWindow: repeated
	ErrorsWindow   = time.Hour
)

// reportProblems are the problems a report shows by itself (the repeated
// errors depend on the time asked: see problemsAt).
func reportProblems(r Report) []string {
	var out []string
	if !r.AllCached {
		out = append(out, "uncached")
	}
	if r.StorageQuota > 0 && float64(r.StorageUsed) > StorageFull*float64(r.StorageQuota) {
		out = append(out, "storage")
	}
	if r.ClockOffset > ClockOff.Milliseconds() || -r.ClockOffset > ClockOff.Milliseconds() {
		out = append(out, "clock")
	}
	return out
}

// problemsAt are the problems of a stored row at now: the report's own, and
// repeated errors when the RepeatedErrors-th newest error is within
// ErrorsWindow of now. The one place the rule lives.
func problemsAt(stored string, errorsSince int64, now time.Time) []Problem {
	var codes []string
	if stored != "" {
		codes = strings.Split(stored, ",")
	}
	if errorsSince > 0 && now.Sub(time.UnixMilli(errorsSince)) <= ErrorsWindow {
		codes = append(codes, "errors")
	}
	var out []Problem
	for _, c := range problemOrder {
		if slices.Contains(codes, c) {
			out = append(out, Problem{Code: c, Label: problemLabels[c]})
		}
	}
	return out
}

// Health is a TV's latest report as the API shows it.
type Health struct {
	Reported   bool            `json:"reported"`   // false: its player never reported
	ReportedAt int64           `json:"reportedAt"` // epoch ms, 0 = never
	Report     *Report         `json:"report"`     // null when never reported
	Errors     []PlaybackError `json:"errors"`     // the last playback errors, newest first
	Problems   []Problem       `json:"problems"`
}

// RecordHealth writes a batch of reports (one per TV, the newest winning),
// one transaction per franchise: each report replaces the TV's latest, its
// last error joins the kept ones when new. A franchise whose TVs' problems
// changed has its revision bumped so the TV lists follow.
func (s *Service) RecordHealth(ctx context.Context, batch []HealthReport) error {
	byFranchise := map[string]map[string]HealthReport{}
	for _, r := range batch {
		m := byFranchise[r.FranchiseID]
		if m == nil {
			m = map[string]HealthReport{}
			byFranchise[r.FranchiseID] = m
		}
		m[r.DisplayID] = r
	}
	var errs []error
	for franchiseID, reports := range byFranchise {
		errs = append(errs, s.db.InTx(ctx, func(tx *db.Tx) error {
			return recordHealth(ctx, tx, s, franchiseID, reports)
		}))
	}
	return errors.Join(errs...)
}

func recordHealth(ctx context.Context, tx *db.Tx, s *Service, franchiseID string, reports map[string]HealthReport) error {
	ids := make([]string, 0, len(reports))
	for id := range reports {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	type old struct {
		errors   []PlaybackError
		problems string
		since    int64
	}
	before := map[string]old{}
	for chunk := range slices.Chunk(ids, 500) {
		args := []any{franchiseID}
		for _, id := range chunk {
			args = append(args, id)
		}
		rows, err := tx.QueryContext(ctx, `SELECT display_id, errors, problems, errors_since FROM display_health
			WHERE franchise_id = ? AND display_id IN (?`+strings.Repeat(", ?", len(chunk)-1)+`)`, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id, list string
			var o old
			if err := rows.Scan(&id, &list, &o.problems, &o.since); err != nil {
				rows.Close()
				return err
			}
			_ = json.Unmarshal([]byte(list), &o.errors)
			before[id] = o
		}
		if err := rows.Close(); err != nil {
			return err
		}
	}
	var touched []string
	for _, id := range ids {
		r := reports[id]
		o := before[id]
		list := o.errors
		if e := r.Report.LastError; e != nil && !slices.Contains(list, *e) {
			list = append([]PlaybackError{*e}, list...)
			slices.SortStableFunc(list, func(a, b PlaybackError) int { return int(b.At - a.At) })
			if len(list) > KeptErrors {
				list = list[:KeptErrors]
			}
		}
		if list == nil {
			list = []PlaybackError{}
		}
		var since int64
		if len(list) >= RepeatedErrors {
			since = list[RepeatedErrors-1].At
		}
		problems := strings.Join(reportProblems(r.Report), ",")
		report, _ := json.Marshal(r.Report)
		listJSON, _ := json.Marshal(list)
		res, err := tx.ExecContext(ctx, `INSERT INTO display_health
			(display_id, franchise_id, report, errors, problems, errors_since, reported_at)
			SELECT id, franchise_id, ?, ?, ?, ?, ? FROM displays WHERE id = ? AND franchise_id = ?
			ON CONFLICT (display_id) DO UPDATE SET report = excluded.report, errors = excluded.errors,
				problems = excluded.problems, errors_since = excluded.errors_since, reported_at = excluded.reported_at`,
			string(report), string(listJSON), problems, since, r.At, id, franchiseID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n > 0 && (problems != o.problems || since != o.since) {
			touched = append(touched, id)
		}
	}
	if len(touched) == 0 {
		return nil
	}
	return s.changes.Touch(ctx, tx, change.Change{FranchiseID: franchiseID, Displays: touched, StatusOnly: true})
}

// Health returns the latest report of a TV of a store of the franchise.
func (s *Service) Health(ctx context.Context, t tenant.Tenant, storeSlug, id string) (Health, error) {
	if err := Check(ctx, s.db, t.ID, storeSlug, id); err != nil {
		return Health{}, err
	}
	var report, list, problems string
	var since, at int64
	err := s.db.QueryRowContext(ctx, `SELECT report, errors, problems, errors_since, reported_at
		FROM display_health WHERE display_id = ? AND franchise_id = ?`, id, t.ID).
		Scan(&report, &list, &problems, &since, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return Health{Errors: []PlaybackError{}, Problems: []Problem{}}, nil
	}
	if err != nil {
		return Health{}, err
	}
	h := Health{Reported: true, ReportedAt: at, Report: &Report{}, Errors: []PlaybackError{}}
	if err := json.Unmarshal([]byte(report), h.Report); err != nil {
		return Health{}, err
	}
	if err := json.Unmarshal([]byte(list), &h.Errors); err != nil {
		return Health{}, err
	}
	h.Problems = problemsAt(problems, since, s.now())
	if h.Problems == nil {
		h.Problems = []Problem{}
	}
	return h, nil
}
