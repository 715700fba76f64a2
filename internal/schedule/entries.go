package schedule

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"slices"
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

// build validates the entries a client sent (stored: the list saved before,
// whose older rows keep their rules; CheckRulesKeeping) and turns them into stored
// entries: every entry has an id (100105), media entries name a media of the
// franchise (100101), ad slots have positions and a length (100106), and the
// rules are well formed. A slot without an id gets one from newID.
func build(in []EntryInput, media library, newID func() string, stored []Entry) ([]Entry, error) {
	if len(in) > MaxEntries {
		return nil, ErrTooManyEntries
	}
	out := make([]Entry, 0, len(in))
	for i, e := range in {
		entry, err := buildEntry(e, media, newID, stored)
		if err != nil {
			name := strings.TrimSpace(e.Name)
			if name == "" {
				name = media[strings.TrimSpace(e.ID)].Name
			}
			if e.IsLocal {
				return nil, AtSpace(err, i)
			}
			return nil, At(err, i, e.IsSlot(), name)
		}
		out = append(out, entry)
	}
	return out, nil
}

// At puts where in a list an item's error lies before its message: the ad
// slot, or the media by name, and its position (0 = first, shown as 1), so
// the operator knows which row to fix.
func At(err error, i int, slot bool, name string) error {
	f, ok := fault.As(err)
	if !ok || f.Msg == "" {
		return err
	}
	switch {
	case slot:
		return fault.WithMsg(f.Kind, f.Code, fmt.Sprintf("Vaga de anúncios (posição %d): %s", i+1, f.Msg))
	case name == "":
		return fault.WithMsg(f.Kind, f.Code, fmt.Sprintf("Mídia na posição %d: %s", i+1, f.Msg))
	default:
		return fault.WithMsg(f.Kind, f.Code, fmt.Sprintf("Mídia “%s” (posição %d): %s", name, i+1, f.Msg))
	}
}

// AtSpace puts where a local space's error lies before its message.
func AtSpace(err error, i int) error {
	f, ok := fault.As(err)
	if !ok || f.Msg == "" {
		return err
	}
	return fault.WithMsg(f.Kind, f.Code, fmt.Sprintf("Espaço local (posição %d): %s", i+1, f.Msg))
}

// IsSlot tells an ad slot from a media entry: any of its fields marks it.
func (e EntryInput) IsSlot() bool {
	return e.IsAd || e.AdSlots != nil || e.AdTime != nil || e.AdFallbackMediaID != ""
}

func buildEntry(in EntryInput, media library, newID func() string, stored []Entry) (Entry, error) {
	e := Entry{
		ID: strings.TrimSpace(in.ID), Name: strings.TrimSpace(in.Name), Dok: AllDays, Enabled: true,
		Stretch: in.Stretch, TimeGap: []string{},
	}
	if in.IsLocal {
		if e.ID == "" {
			e.ID = newID()
		}
		return e, buildSpace(&e, in, media)
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
	// A media entry the stored list already plays on these days and windows
	// keeps them, even where today's rules would refuse them.
	kept := func(r Rules) bool {
		return slices.ContainsFunc(stored, func(old Entry) bool {
			return !old.IsAd && !old.IsLocal && old.ID == e.ID && SameWhen(old.Dok, old.TimeGap, r)
		})
	}
	r, err := CheckRulesKeeping(in.Rules(), def, 0, e.Type == "image", kept)
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
	Dok         *float64
	Enabled     *bool
	StartDate   *int64
	EndDate     *int64
	TimeGap     []string
	LimitByHour *float64
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

// whole reads v as a whole number from lo to hi.
func whole(v float64, lo, hi int) (int, bool) {
	if math.IsNaN(v) || v != math.Trunc(v) || v < float64(lo) || v > float64(hi) {
		return 0, false
	}
	return int(v), true
}

// Messages of the rules, each naming its field and bounds; the console's
// forms say the same (web/src/features/schedules/media-form.ts, schemas.ts).
var (
	ErrDisplayTime = fault.Invalidf("O tempo de exibição deve ser um número inteiro de 1 a %d segundos.", MaxDisplayTime)
	ErrNoWeekday   = fault.Invalidf("Selecione pelo menos um dia da semana.")
	ErrWeekdays    = fault.Invalidf("Dias da semana inválidos: dok deve ser um número inteiro de 1 a %d.", AllDays)
	ErrDates       = fault.Invalidf("A data final deve ser posterior à inicial.")
	ErrLimitByHour = fault.Invalidf("O limite de inserções por hora deve ser um número inteiro de 0 a %d (0 = sem limite).", MaxLimitByHour)
	ErrVolume      = fault.Invalidf("O volume deve ser um número de 0 a 1.")
	ErrTooManyGaps = fault.Invalidf("Uma mídia pode ter no máximo %d faixas de horário.", MaxWindows)
	ErrSlotCount   = fault.Invalidf("A quantidade de anúncios da vaga deve ser um número inteiro de 1 a %d.", MaxSlots)
	ErrSlotTime    = fault.Invalidf("A duração de cada anúncio da vaga deve ser um número inteiro de 1 a %d segundos.", MaxAdTime)
	ErrJumpStart   = fault.Invalidf("O tempo da vaga deve ser um número inteiro de 0 a %d segundos.", MaxDisplayTime)
)

// MaxWindows is how many time windows one item may have.
const MaxWindows = 48

// CheckRules checks an item's rules, in the spec's Portuguese: display time
// a whole number of seconds (displayTime when absent), at least one weekday
// (every day when absent), enabled unless told otherwise, an end not before
// the start, time windows (CheckWindows), a limit per hour of 0..3600, a
// volume of 0..1 (volume when absent; always 0 for an image).
func CheckRules(in RuleInput, displayTime int, volume float64, image bool) (Rules, error) {
	return checkRules(in, displayTime, volume, image, false)
}

// CheckRulesKeeping is CheckRules for an item of a list saved again: rules
// that older versions accepted and today's refuse (no weekday, a window
// starting where it ends, overlapping windows) pass when kept says the
// stored list already holds the item with those weekdays and windows, so
// that one old row never blocks saving the others (it shows as what it
// plays; docs/schedules.md). Anything the operator typed anew is checked in
// full.
func CheckRulesKeeping(in RuleInput, displayTime int, volume float64, image bool, kept func(Rules) bool) (Rules, error) {
	r, err := checkRules(in, displayTime, volume, image, false)
	if err == nil || kept == nil {
		return r, err
	}
	old, lenientErr := checkRules(in, displayTime, volume, image, true)
	if lenientErr != nil {
		return old, lenientErr
	}
	if kept(old) {
		return old, nil
	}
	return r, err
}

// SameWhen tells whether two items play on the same weekdays in the same
// windows (in any order).
func SameWhen(dok int, timeGap []string, other Rules) bool {
	if dok != other.Dok || len(timeGap) != len(other.TimeGap) {
		return false
	}
	return slices.Equal(slices.Sorted(slices.Values(timeGap)), slices.Sorted(slices.Values(other.TimeGap)))
}

// checkRules is CheckRules; lenient lets through, as given, what older
// versions stored (no weekday, windows starting where they end or
// overlapping, unsorted).
func checkRules(in RuleInput, displayTime int, volume float64, image, lenient bool) (Rules, error) {
	r := Rules{DisplayTime: displayTime, Dok: AllDays, Enabled: true, TimeGap: []string{}, Volume: volume}
	var ok bool
	if in.DisplayTime != nil {
		if r.DisplayTime, ok = whole(*in.DisplayTime, 1, MaxDisplayTime); !ok {
			return r, ErrDisplayTime
		}
	}
	if in.Dok != nil {
		low := 1
		if lenient {
			low = 0
		}
		if *in.Dok == 0 && !lenient {
			return r, ErrNoWeekday
		}
		if r.Dok, ok = whole(*in.Dok, low, AllDays); !ok {
			return r, ErrWeekdays
		}
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
		return r, ErrDates
	}
	gaps, err := CheckWindows(in.TimeGap)
	if lenient {
		gaps, err = readWindows(in.TimeGap)
	}
	if err != nil {
		return r, err
	}
	r.TimeGap = gaps
	if in.LimitByHour != nil {
		if r.LimitByHour, ok = whole(*in.LimitByHour, 0, MaxLimitByHour); !ok {
			return r, ErrLimitByHour
		}
	}
	if in.Volume != nil {
		v := *in.Volume
		if math.IsNaN(v) || v < 0 || v > 1 {
			return r, ErrVolume
		}
		r.Volume = v
	}
	if image {
		r.Volume = 0
	}
	return r, nil
}

// CheckWindows checks an item's time windows and returns them sorted by
// their start: each is "HH:MM@HH:MM", none starts and ends at the same
// minute (the playback rules would play it all day, while it reads as an
// empty window), and no two share a minute. Overlapping windows are refused,
// not merged: the operator typed two ranges, and the message says which two
// collide and the single range that would cover both (docs/schedules.md).
func CheckWindows(timeGap []string) ([]string, error) {
	if len(timeGap) > MaxWindows {
		return nil, ErrTooManyGaps
	}
	type parsed struct {
		text string
		w    playback.Window
	}
	list := make([]parsed, 0, len(timeGap))
	for _, text := range timeGap {
		text = strings.TrimSpace(text)
		w, err := playback.ParseWindow(text)
		if err != nil {
			return nil, fault.Invalidf("Faixa de horário inválida: %q (use HH:MM@HH:MM, de 00:00 a 23:59).", text)
		}
		if w.Start == w.End {
			return nil, fault.Invalidf("A faixa de horário %s começa e termina no mesmo horário. Escolha um horário final diferente do inicial; para exibir o dia todo, não adicione faixas.", windowText(text))
		}
		list = append(list, parsed{text, w})
	}
	slices.SortStableFunc(list, func(a, b parsed) int {
		if a.w.Start != b.w.Start {
			return a.w.Start - b.w.Start
		}
		return a.w.End - b.w.End
	})
	for i := range list {
		for j := i + 1; j < len(list); j++ {
			if overlap(list[i].w, list[j].w) {
				return nil, fault.Invalidf("As faixas de horário %s e %s se sobrepõem. Ajuste os horários ou use uma só faixa.",
					windowText(list[i].text), windowText(list[j].text))
			}
		}
	}
	out := make([]string, len(list))
	for i, p := range list {
		out[i] = p.text
	}
	return out, nil
}

// readWindows checks only the grammar of the windows, keeping them as given.
func readWindows(timeGap []string) ([]string, error) {
	if len(timeGap) > MaxWindows {
		return nil, ErrTooManyGaps
	}
	out := make([]string, 0, len(timeGap))
	for _, text := range timeGap {
		text = strings.TrimSpace(text)
		if _, err := playback.ParseWindow(text); err != nil {
			return nil, fault.Invalidf("Faixa de horário inválida: %q (use HH:MM@HH:MM, de 00:00 a 23:59).", text)
		}
		out = append(out, text)
	}
	return out, nil
}

// windowText is "HH:MM às HH:MM", as the console lists windows.
func windowText(w string) string { return strings.Replace(w, "@", " às ", 1) }

// overlap tells whether two windows share a minute of the day.
func overlap(a, b playback.Window) bool {
	for m := range 24 * 60 {
		if a.Contains(m) && b.Contains(m) {
			return true
		}
	}
	return false
}

// MaxLimitByHour is the highest plays-per-hour limit (one a second).
const MaxLimitByHour = 3600

// Bounds of a local space's time per item.
const (
	MinLocalTime = 5
	MaxLocalTime = 300
)

// Messages of a local space.
var (
	ErrLocalTime     = fault.Invalidf("A duração de cada item do espaço local deve ser um número inteiro de %d a %d segundos.", MinLocalTime, MaxLocalTime)
	ErrLocalTimeNone = fault.Invalidf("Informe a duração de cada item do espaço local (de %d a %d segundos).", MinLocalTime, MaxLocalTime)
	ErrLocalMixed    = fault.Invalidf("Um espaço local não pode ser também uma vaga de anúncios.")
)

// buildSpace checks a local space ('Espaço local'): a name (by default
// 'Espaço local'), the seconds each of a store's items plays (5–300), an
// optional fallback from the network's library, and the rules every entry
// has. Its displayTime is one item's.
func buildSpace(e *Entry, in EntryInput, media library) error {
	e.IsLocal = true
	if e.Name == "" {
		e.Name = "Espaço local"
	}
	if len([]rune(e.Name)) > 200 {
		return fault.Invalidf("O nome pode ter no máximo 200 caracteres.")
	}
	if in.IsAd || in.AdSlots != nil || in.AdTime != nil || in.AdFallbackMediaID != "" {
		return ErrLocalMixed
	}
	if in.LocalTime == nil {
		return ErrLocalTimeNone
	}
	var ok bool
	if e.LocalTime, ok = whole(*in.LocalTime, MinLocalTime, MaxLocalTime); !ok {
		return ErrLocalTime
	}
	if fb := strings.TrimSpace(in.LocalFallbackMediaID); fb != "" {
		if _, ok := media[fb]; !ok {
			return ErrMediaNotFound
		}
		e.LocalFallbackMediaID = fb
	}
	rules := in.Rules()
	rules.DisplayTime, rules.Volume = nil, nil
	r, err := CheckRules(rules, e.LocalTime, 0, false)
	if err != nil {
		return err
	}
	e.DisplayTime, e.Dok, e.Enabled, e.StartDate, e.EndDate = e.LocalTime, r.Dok, r.Enabled, r.StartDate, r.EndDate
	e.TimeGap, e.LimitByHour = r.TimeGap, r.LimitByHour
	return nil
}

func buildSlot(e *Entry, in EntryInput, media library) error {
	e.IsAd = true
	if e.Name == "" {
		e.Name = "Slot"
	}
	if in.AdSlots == nil || in.AdTime == nil {
		return ErrSlotWithout
	}
	var ok bool
	if e.AdSlots, ok = whole(*in.AdSlots, 1, MaxSlots); !ok {
		return ErrSlotCount
	}
	if e.AdTime, ok = whole(*in.AdTime, 1, MaxAdTime); !ok {
		return ErrSlotTime
	}
	if in.DisplayTimeJumpStart != nil {
		if e.DisplayTimeJumpStart, ok = whole(*in.DisplayTimeJumpStart, 0, MaxDisplayTime); !ok {
			return ErrJumpStart
		}
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
		IsLocal: e.IsLocal, LocalTime: float64(e.LocalTime), LocalFallbackMediaID: e.LocalFallbackMediaID,
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
