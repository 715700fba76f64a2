package schedule

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"

	"vitrine/internal/fault"
	"vitrine/internal/playback"
)

// AllDays is the weekday mask of every day.
const AllDays = 127

// library tells what the franchise's media are, for the entries that name
// them.
type library map[string]libraryMedia

type libraryMedia struct {
	Name, Type  string
	DisplayTime int // seconds; 0 for images
}

// build validates the entries a client sent and turns them into stored
// entries: every entry has an id (100105), media entries name a media of the
// franchise (100101), ad slots have positions and a length (100106), and the
// rules are well formed. A slot without an id gets one from newID.
func build(in []EntryInput, media library, newID func() string) ([]Entry, error) {
	if len(in) > MaxEntries {
		return nil, ErrTooManyEntries
	}
	out := make([]Entry, 0, len(in))
	for i, e := range in {
		entry, err := buildEntry(e, media, newID)
		if err != nil {
			if f, ok := fault.As(err); ok && f.Msg != "" {
				return nil, fault.WithMsg(f.Kind, f.Code, fmt.Sprintf("Mídia %d: %s", i+1, f.Msg))
			}
			return nil, err
		}
		out = append(out, entry)
	}
	return out, nil
}

// IsSlot tells an ad slot from a media entry: any of its fields marks it.
func (e EntryInput) IsSlot() bool {
	return e.IsAd || e.AdSlots != nil || e.AdTime != nil || e.AdFallbackMediaID != ""
}

func buildEntry(in EntryInput, media library, newID func() string) (Entry, error) {
	e := Entry{
		ID: strings.TrimSpace(in.ID), Name: strings.TrimSpace(in.Name), Dok: AllDays, Enabled: true,
		Stretch: in.Stretch, TimeGap: []string{},
	}
	if in.IsSlot() {
		if e.ID == "" {
			e.ID = newID()
		}
		return e, buildSlot(&e, in, media)
	}
	if e.ID == "" {
		return e, ErrEntryWithoutID
	}
	m, ok := media[e.ID]
	if !ok {
		return e, ErrMediaNotFound
	}
	e.Type = m.Type
	if e.Name == "" {
		e.Name = m.Name
	}
	if len([]rune(e.Name)) > 200 {
		return e, fault.Invalidf("O nome pode ter no máximo 200 caracteres.")
	}
	// A video plays its length unless told otherwise; an image names no
	// length in the library: it plays the default, stored as such so the
	// entry reads back as it plays.
	def := m.DisplayTime
	if def <= 0 {
		def = DefaultDuration
	}
	r, err := CheckRules(in.Rules(), def, 0, e.Type == "image")
	if err != nil {
		return e, err
	}
	e.DisplayTime, e.Dok, e.Enabled, e.StartDate, e.EndDate = r.DisplayTime, r.Dok, r.Enabled, r.StartDate, r.EndDate
	e.TimeGap, e.LimitByHour, e.Volume = r.TimeGap, r.LimitByHour, r.Volume
	return e, nil
}

// RuleInput is what a client sends of an item's playing rules (a schedule
// entry's, or an advertisement's media's); nil or empty takes the default.
type RuleInput struct {
	DisplayTime *float64
	Dok         *int
	Enabled     *bool
	StartDate   *int64
	EndDate     *int64
	TimeGap     []string
	LimitByHour *int
	Volume      *float64
}

// Rules are an item's playing rules, checked.
type Rules struct {
	DisplayTime int // seconds
	Dok         int
	Enabled     bool
	StartDate   int64
	EndDate     int64
	TimeGap     []string
	LimitByHour int
	Volume      float64
}

// Rules is the entry's rule fields.
func (in EntryInput) Rules() RuleInput {
	return RuleInput{DisplayTime: in.DisplayTime, Dok: in.Dok, Enabled: in.Enabled, StartDate: in.StartDate,
		EndDate: in.EndDate, TimeGap: in.TimeGap, LimitByHour: in.LimitByHour, Volume: in.Volume}
}

// CheckRules checks an item's rules, in the spec's Portuguese: display time
// a whole number of seconds (displayTime when absent), weekdays 0..127
// (every day when absent), enabled unless told otherwise, an end not before
// the start, "HH:MM@HH:MM" windows, a limit per hour of 0..3600, a volume of
// 0..1 (volume when absent; always 0 for an image).
func CheckRules(in RuleInput, displayTime int, volume float64, image bool) (Rules, error) {
	r := Rules{DisplayTime: displayTime, Dok: AllDays, Enabled: true, TimeGap: []string{}, Volume: volume}
	if in.DisplayTime != nil {
		d := *in.DisplayTime
		if math.IsNaN(d) || d <= 0 || d > MaxDisplayTime || d != math.Trunc(d) {
			return r, fault.Invalidf("O tempo de exibição deve ser um número inteiro de segundos maior que 0.")
		}
		r.DisplayTime = int(d)
	}
	if in.Dok != nil {
		if *in.Dok < 0 || *in.Dok > AllDays {
			return r, fault.Invalidf("Dias da semana inválidos (dok de 0 a 127).")
		}
		r.Dok = *in.Dok
	}
	if in.Enabled != nil {
		r.Enabled = *in.Enabled
	}
	if in.StartDate != nil {
		r.StartDate = *in.StartDate
	}
	if in.EndDate != nil {
		r.EndDate = *in.EndDate
	}
	if r.StartDate < 0 || r.EndDate < 0 || (r.StartDate > 0 && r.EndDate > 0 && r.EndDate < r.StartDate) {
		return r, fault.Invalidf("A data final deve ser posterior à inicial.")
	}
	for _, w := range in.TimeGap {
		w = strings.TrimSpace(w)
		if !ValidWindow(w) {
			return r, fault.Invalidf("Faixa de horário inválida: %q (use HH:MM@HH:MM).", w)
		}
		r.TimeGap = append(r.TimeGap, w)
	}
	if in.LimitByHour != nil {
		if *in.LimitByHour < 0 || *in.LimitByHour > MaxLimitByHour {
			return r, fault.Invalidf("O limite por hora deve ser um número inteiro de 0 a %d.", MaxLimitByHour)
		}
		r.LimitByHour = *in.LimitByHour
	}
	if in.Volume != nil {
		v := *in.Volume
		if math.IsNaN(v) || v < 0 || v > 1 {
			return r, fault.Invalidf("O volume deve estar entre 0 e 1.")
		}
		r.Volume = v
	}
	if image {
		r.Volume = 0
	}
	return r, nil
}

// MaxLimitByHour is the highest plays-per-hour limit (one a second).
const MaxLimitByHour = 3600

func buildSlot(e *Entry, in EntryInput, media library) error {
	e.IsAd = true
	if e.Name == "" {
		e.Name = "Slot"
	}
	if in.AdSlots == nil || in.AdTime == nil || *in.AdSlots <= 0 || *in.AdTime <= 0 {
		return ErrSlotWithout
	}
	if *in.AdSlots > MaxSlots || *in.AdTime > MaxAdTime {
		return fault.Invalidf("Uma vaga pode ter no máximo %d anúncios de até %d segundos.", MaxSlots, MaxAdTime)
	}
	e.AdSlots, e.AdTime = *in.AdSlots, *in.AdTime
	if in.DisplayTimeJumpStart != nil {
		if *in.DisplayTimeJumpStart < 0 || *in.DisplayTimeJumpStart > MaxDisplayTime {
			return fault.Invalidf("Tempo inválido para a vaga.")
		}
		e.DisplayTimeJumpStart = *in.DisplayTimeJumpStart
	}
	e.DisplayTime = e.AdSlots * e.AdTime
	if fb := strings.TrimSpace(in.AdFallbackMediaID); fb != "" {
		if _, ok := media[fb]; !ok {
			return ErrMediaNotFound
		}
		e.AdFallbackMediaID = fb
	}
	return nil
}

// ValidWindow tells whether w is a time window "HH:MM@HH:MM" (the grammar
// of the playback rules).
func ValidWindow(w string) bool {
	_, err := playback.ParseWindow(w)
	return err == nil
}

// Playback is the entry as the playback rules read it.
func (e Entry) Playback() playback.Entry {
	dok, enabled := e.Dok, e.Enabled
	return playback.Entry{
		ID: e.ID, Name: e.Name, Type: e.Type, FilePath: e.FilePath, DisplayTime: float64(e.DisplayTime),
		Dok: &dok, Enabled: &enabled, Stretch: e.Stretch, StartDate: e.StartDate, EndDate: e.EndDate,
		TimeGap: e.TimeGap, LimitByHour: e.LimitByHour, Volume: e.Volume,
		DisplayTimeJumpStart: float64(e.DisplayTimeJumpStart), IsAd: e.IsAd, AdSlots: e.AdSlots,
		AdTime: float64(e.AdTime), AdFallbackMediaID: e.AdFallbackMediaID,
	}
}

// Seconds is how long one entry plays in a pass (the playback rules: an ad
// slot adSlots × adTime, else displayTimeJumpStart; a media its display
// time; else 10 s).
func (e Entry) Seconds() int {
	return int(playback.Duration(e.Playback()) / time.Second)
}

// duration is the length of one pass over every entry.
func duration(entries []Entry) int {
	total := 0
	for _, e := range entries {
		total += e.Seconds()
	}
	return total
}

// contentHash identifies what a screen plays: the entries and the footer.
func contentHash(entries []Entry, bar *BottomBar) string {
	doc, _ := json.Marshal(struct {
		Entries   []Entry    `json:"e"`
		BottomBar *BottomBar `json:"b"`
	}{entries, bar})
	sum := sha256.Sum256(doc)
	return hex.EncodeToString(sum[:12])
}
