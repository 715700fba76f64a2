// Package override is the emergency override (DESIGN.md, Fleet operations):
// a full-screen message — title, text, colours and optionally an image or a
// video of the library — that a person holding the permission puts on every
// TV of a franchise, on chosen stores or on chosen TVs, from now or a chosen
// start to a chosen end, or until someone clears it. It is part of each
// reached TV's screen with the highest priority: the player shows it over
// schedule and footer between its start and end on its own clock (an
// offline player still ends it on time), also while its store is closed and
// its screen rests. Starting and clearing are changes like any other
// (change.Change with Overrides), pushed to the players within a second.
// Who started and who cleared each override is kept, and which TVs
// acknowledged receiving it.
package override

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"vitrine/internal/fault"
)

// Targets.
const (
	All      = "all"      // every TV of the franchise, those added later too
	Stores   = "stores"   // every TV of the chosen stores
	Displays = "displays" // the chosen TVs
)

// Limits and defaults.
const (
	MaxTitle          = 80
	MaxText           = 500
	MaxTargets        = 2000
	DefaultBackground = "#B91C1C"
	DefaultColor      = "#FFFFFF"
	// MinContrast is the WCAG contrast ratio a message's colours must reach
	// (large text, read from a distance).
	MinContrast = 3.0
	// RecentEnded is how long an ended override stays in the list.
	RecentEnded = 7 * 24 * time.Hour
)

// State of an override at a moment.
const (
	StateScheduled = "scheduled"
	StateActive    = "active"
	StateEnded     = "ended"
	StateCleared   = "cleared"
)

// Input is the body of a start.
type Input struct {
	Target     string   `json:"target"`
	Stores     []string `json:"stores"`   // store slugs, with target "stores"
	Displays   []string `json:"displays"` // TV ids, with target "displays"
	Title      string   `json:"title"`
	Text       string   `json:"text"`
	Background string   `json:"background"` // #RRGGBB, default DefaultBackground
	Color      string   `json:"color"`      // #RRGGBB, default DefaultColor
	Media      string   `json:"media"`      // library media id, "" = none
	StartsAt   int64    `json:"startsAt"`   // epoch ms, 0 = now
	EndsAt     int64    `json:"endsAt"`     // epoch ms, 0 = until cleared
}

// Actor is the person starting or clearing an override.
type Actor struct {
	UserID      string
	Name        string
	AdminUserID string // the administrator impersonating them, "" = none
}

// Override is one override as the console lists it.
type Override struct {
	ID          string   `json:"id"`
	Target      string   `json:"target"`
	TargetNames []string `json:"targetNames"` // the chosen stores' or TVs' names, sorted
	Title       string   `json:"title"`
	Text        string   `json:"text"`
	Background  string   `json:"background"`
	Color       string   `json:"color"`
	Media       *Media   `json:"media"`
	StartsAt    int64    `json:"startsAt"`
	EndsAt      int64    `json:"endsAt"` // 0 = until cleared
	State       string   `json:"state"`
	StartedBy   string   `json:"startedBy"` // the person's name
	ClearedAt   int64    `json:"clearedAt"` // 0 = not cleared
	ClearedBy   string   `json:"clearedBy"`
	Reach       int      `json:"reach"` // TVs the target names now
	Acked       int      `json:"acked"` // TVs that acknowledged it
	CreatedAt   int64    `json:"createdAt"`

	targetIDs []string
}

// Media is the library file shown with the message.
type Media struct {
	ID   string `json:"id"`
	Type string `json:"type"` // image | video
	URL  string `json:"url"`
}

// Player is an override as a TV's screen carries it: the player shows it
// from Start until End (0: until a push takes it away) on its own clock.
type Player struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	Text       string `json:"text"`
	Background string `json:"background"`
	Color      string `json:"color"`
	Media      *Media `json:"media"`
	Start      int64  `json:"start"`
	End        int64  `json:"end"`
}

// TV names a TV for ForScreens.
type TV struct {
	DisplayID string
	StoreID   string
}

// Errors of this domain.
var (
	ErrNotFound     = fault.WithMsg(fault.NotFound, 1003, "Mensagem de emergência não encontrada.")
	ErrEnded        = fault.WithMsg(fault.Conflict, 1003, "Esta mensagem já foi encerrada.")
	ErrTarget       = fault.Invalidf("Escolha onde exibir a mensagem: todas as TVs, lojas ou TVs.")
	ErrNoStores     = fault.Invalidf("Escolha ao menos uma loja.")
	ErrNoDisplays   = fault.Invalidf("Escolha ao menos uma TV.")
	ErrTooMany      = fault.Invalidf("Escolha no máximo %d lojas ou TVs.", MaxTargets)
	ErrNoTV         = fault.Invalidf("Nenhuma TV recebe esta mensagem: escolha lojas ou TVs com televisores cadastrados.")
	ErrTitle        = fault.Invalidf("Digite o título da mensagem.")
	ErrTitleLong    = fault.Invalidf("O título pode ter até %d caracteres.", MaxTitle)
	ErrTextLong     = fault.Invalidf("O texto pode ter até %d caracteres.", MaxText)
	ErrColor        = fault.Invalidf("Cor inválida: use o formato #RRGGBB.")
	ErrContrast     = fault.Invalidf("As cores do fundo e do texto têm pouco contraste: escolha cores que se leiam de longe.")
	ErrEndBefore    = fault.Invalidf("O fim deve ser depois do início.")
	ErrEndPast      = fault.Invalidf("O fim deve ser no futuro.")
	ErrMedia        = fault.Invalidf("Mídia não encontrada na biblioteca.")
	ErrMediaType    = fault.Invalidf("A mídia deve ser uma imagem ou um vídeo.")
	errUnknownStore = "Loja não encontrada: %s."
	errUnknownTV    = "TV não encontrada: %s."
)

var hexColor = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// normalize checks in's text and colours and fills the defaults; targets,
// media and times are checked by the service, which reads the franchise.
func normalize(in *Input) error {
	in.Title = strings.TrimSpace(in.Title)
	in.Text = strings.TrimSpace(in.Text)
	switch in.Target {
	case All, Stores, Displays:
	default:
		return ErrTarget
	}
	if in.Title == "" {
		return ErrTitle
	}
	if utf8.RuneCountInString(in.Title) > MaxTitle {
		return ErrTitleLong
	}
	if utf8.RuneCountInString(in.Text) > MaxText {
		return ErrTextLong
	}
	if in.Background == "" {
		in.Background = DefaultBackground
	}
	if in.Color == "" {
		in.Color = DefaultColor
	}
	if !hexColor.MatchString(in.Background) || !hexColor.MatchString(in.Color) {
		return ErrColor
	}
	in.Background, in.Color = strings.ToUpper(in.Background), strings.ToUpper(in.Color)
	if Contrast(in.Background, in.Color) < MinContrast {
		return ErrContrast
	}
	return nil
}

// Contrast is the WCAG 2 contrast ratio of two #RRGGBB colours (1 to 21).
func Contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(hex string) float64 {
	v, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil {
		return 0
	}
	ch := func(c uint64) float64 {
		s := float64(c) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(v>>16&0xff) + 0.7152*ch(v>>8&0xff) + 0.0722*ch(v&0xff)
}

// state tells what o is at now (epoch ms).
func (o *Override) state(now int64) string {
	switch {
	case o.ClearedAt != 0:
		return StateCleared
	case o.EndsAt != 0 && o.EndsAt <= now:
		return StateEnded
	case o.StartsAt > now:
		return StateScheduled
	}
	return StateActive
}

func unknown(format, what string) error { return fault.Invalidf(format, what) }
