package schedule

import (
	"net/url"
	"regexp"
	"strings"

	"vitrine/internal/fault"
)

// BottomBar is a schedule's footer (spec 2 §3): clock, weather and currency
// quotes under the media. A part left out is not shown.
type BottomBar struct {
	Height  int      `json:"height"`
	BgColor string   `json:"bgColor"`
	Color   string   `json:"color"`
	FSize   int      `json:"fSize"`
	FWeight int      `json:"fWeight"`
	Logo    string   `json:"logo,omitempty"`
	Clock   *Clock   `json:"clock,omitempty"`
	Weather *Weather `json:"weather,omitempty"`
	Quote   *Quote   `json:"quote,omitempty"`
}

// Clock is the footer's clock.
type Clock struct {
	Color string `json:"color"`
	FSize int    `json:"fSize"`
}

// Weather is the footer's weather for the store's city.
type Weather struct {
	FontSize int `json:"fontSize"`
}

// Quote is the footer's currency quotes against the real.
type Quote struct {
	Coins []Coin     `json:"coins"`
	Style QuoteStyle `json:"style"`
}

// Coin is one currency quoted.
type Coin struct {
	Asset  string `json:"asset"`
	Symbol string `json:"symbol"`
	Icon   string `json:"icon,omitempty"`
}

// QuoteStyle draws the quotes.
type QuoteStyle struct {
	Gap      int    `json:"gap"`
	FontSize int    `json:"fontSize"`
	Green    string `json:"green"`
	Red      string `json:"red"`
}

// Currencies are the coins a footer may quote, with their symbols.
var Currencies = map[string]string{
	"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CHF": "CHF", "CAD": "$", "AUD": "$",
	"DKK": "kr", "NOK": "kr", "SEK": "kr",
}

var hexColor = regexp.MustCompile(`^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)

// check validates a footer against spec 2's limits: height 24–160, font
// sizes and gap 16–160, weights 100–900 in steps of 100, colours #RGB or
// #RRGGBB, a logo given by an http(s) address, known currencies.
func (b *BottomBar) check() error {
	if b == nil {
		return nil
	}
	between := func(v, lo, hi int, what string) error {
		if v < lo || v > hi {
			return fault.Invalidf("%s deve estar entre %d e %d.", what, lo, hi)
		}
		return nil
	}
	color := func(c, what string) error {
		if !hexColor.MatchString(c) {
			return fault.Invalidf("%s deve ser uma cor no formato #RRGGBB.", what)
		}
		return nil
	}
	checks := []error{
		between(b.Height, 24, 160, "A altura"),
		between(b.FSize, 16, 160, "O tamanho da fonte"),
		color(b.BgColor, "A cor de fundo"),
		color(b.Color, "A cor do texto"),
	}
	if b.FWeight < 100 || b.FWeight > 900 || b.FWeight%100 != 0 {
		checks = append(checks, fault.Invalidf("O peso da fonte deve ser de 100 a 900, em passos de 100."))
	}
	if b.Logo = strings.TrimSpace(b.Logo); b.Logo != "" {
		u, err := url.Parse(b.Logo)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(b.Logo) > 2000 {
			checks = append(checks, fault.Invalidf("O logo deve ser um endereço http(s)."))
		}
	}
	if b.Clock != nil {
		checks = append(checks, between(b.Clock.FSize, 16, 160, "O tamanho do relógio"), color(b.Clock.Color, "A cor do relógio"))
	}
	if b.Weather != nil {
		checks = append(checks, between(b.Weather.FontSize, 16, 160, "O tamanho do clima"))
	}
	if q := b.Quote; q != nil {
		checks = append(checks,
			between(q.Style.Gap, 16, 160, "O espaçamento das cotações"),
			between(q.Style.FontSize, 16, 160, "O tamanho das cotações"),
			color(q.Style.Green, "A cor de alta"), color(q.Style.Red, "A cor de baixa"))
		if len(q.Coins) == 0 || len(q.Coins) > len(Currencies) {
			checks = append(checks, fault.Invalidf("Escolha de 1 a %d moedas.", len(Currencies)))
		}
		seen := map[string]bool{}
		for i := range q.Coins {
			c := &q.Coins[i]
			c.Asset = strings.ToUpper(strings.TrimSpace(c.Asset))
			symbol, ok := Currencies[c.Asset]
			if !ok || seen[c.Asset] {
				checks = append(checks, fault.Invalidf("Moeda inválida: %q.", c.Asset))
				continue
			}
			seen[c.Asset] = true
			c.Symbol = symbol
			if len(c.Icon) > 500 {
				checks = append(checks, fault.Invalidf("O ícone da moeda é longo demais."))
			}
		}
	}
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	return nil
}
