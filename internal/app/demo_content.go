package app

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"vitrine/internal/display"
	"vitrine/internal/media"
	"vitrine/internal/schedule"
	"vitrine/internal/tenant"
)

// DemoSchedule is the name of the demo's schedule, linked to the demo TVs.
const DemoSchedule = "Programação Demonstração"

// demoSlides are the demo's images: a title, a line under it, and colours.
var demoSlides = []struct {
	name, title, line string
	from, to          color.RGBA
}{
	{"Boas-vindas", "Bem-vindo à Vitrine", "Sua rede de telas em um só lugar", color.RGBA{0x1e, 0x3a, 0x8a, 255}, color.RGBA{0x3b, 0x82, 0xf6, 255}},
	{"Oferta da semana", "Oferta da semana", "Café especial com 20% de desconto", color.RGBA{0x9a, 0x34, 0x12, 255}, color.RGBA{0xf9, 0x73, 0x16, 255}},
	{"Horário de funcionamento", "Aberto todos os dias", "Das 8h às 22h", color.RGBA{0x06, 0x5f, 0x46, 255}, color.RGBA{0x10, 0xb9, 0x81, 255}},
}

// seedDemoSchedule gives the demo franchise three slides, a schedule that
// plays them and a local space with a footer, and links it to every demo TV. It does nothing
// when the schedule exists.
func (a *App) seedDemoSchedule(ctx context.Context, t tenant.Tenant) error {
	list, err := a.Schedules.List(ctx, t)
	if err != nil {
		return err
	}
	for _, s := range list {
		if s.Name == DemoSchedule {
			return nil
		}
	}
	var entries []schedule.EntryInput
	for _, slide := range demoSlides {
		img, err := drawSlide(slide.title, slide.line, slide.from, slide.to)
		if err != nil {
			return err
		}
		seconds := 8.0
		m, err := a.Media.Import(ctx, t, media.RegisterInput{
			Name: slide.name, Type: media.Image, Folder: "Demonstração", DisplayTime: &seconds,
		}, "png", bytes.NewReader(img))
		if err != nil {
			return fmt.Errorf("demo slide %s: %w", slide.name, err)
		}
		entries = append(entries, schedule.EntryInput{ID: m.ID, Name: m.Name, DisplayTime: &seconds})
	}
	// A local space: each store puts its own there ('Conteúdo local'); a
	// store with nothing approved shows the opening hours' slide.
	perItem := 10.0
	entries = append(entries, schedule.EntryInput{IsLocal: true, Name: "Recados da loja", LocalTime: &perItem,
		LocalFallbackMediaID: entries[len(entries)-1].ID})
	name := DemoSchedule
	// The demo franchisee may link their TVs to it ('Disponível para franqueados').
	available := true
	sc, err := a.Schedules.Create(ctx, t, schedule.Input{Name: &name, ForFranchisees: &available})
	if err != nil {
		return err
	}
	if _, err := a.Schedules.Update(ctx, t, sc.ID, schedule.Input{Media: &entries}); err != nil {
		return err
	}
	bar := &schedule.BottomBar{
		Height: 72, BgColor: "#0f172a", Color: "#f8fafc", FSize: 26, FWeight: 600,
		Clock:   &schedule.Clock{Color: "#f8fafc", FSize: 28},
		Weather: &schedule.Weather{FontSize: 24},
		Quote: &schedule.Quote{
			Coins: []schedule.Coin{{Asset: "USD", Symbol: "US$"}, {Asset: "EUR", Symbol: "€"}},
			Style: schedule.QuoteStyle{Gap: 24, FontSize: 22, Green: "#22c55e", Red: "#ef4444"},
		},
	}
	if _, err := a.Schedules.SetFooter(ctx, t, sc.ID, bar); err != nil {
		return err
	}
	tvs, err := a.Displays.ListFranchise(ctx, t)
	if err != nil {
		return err
	}
	for _, tv := range tvs {
		if _, err := a.Displays.Update(ctx, t, tv.Store, tv.ID, display.Input{ScheduleID: &sc.ID}); err != nil {
			return err
		}
	}
	return nil
}

// drawSlide draws a 1280×720 slide: a diagonal gradient, a title and a line.
func drawSlide(title, line string, from, to color.RGBA) ([]byte, error) {
	const w, h = 1280, 720
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			t := float64(x+y) / float64(w+h)
			mix := func(a, b uint8) uint8 { return uint8(float64(a)*(1-t) + float64(b)*t) }
			img.SetRGBA(x, y, color.RGBA{mix(from.R, to.R), mix(from.G, to.G), mix(from.B, to.B), 255})
		}
	}
	titleFace, err := face(gobold.TTF, 72)
	if err != nil {
		return nil, err
	}
	lineFace, err := face(goregular.TTF, 40)
	if err != nil {
		return nil, err
	}
	centred(img, titleFace, title, h/2-10)
	centred(img, lineFace, line, h/2+60)
	var out bytes.Buffer
	if err := png.Encode(&out, img); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func face(ttf []byte, size float64) (font.Face, error) {
	f, err := opentype.Parse(ttf)
	if err != nil {
		return nil, err
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
}

// centred writes text in white, centred horizontally, on the baseline y.
func centred(img draw.Image, f font.Face, text string, y int) {
	d := &font.Drawer{Dst: img, Src: image.NewUniform(color.White), Face: f}
	width := d.MeasureString(text)
	d.Dot = fixed.Point26_6{X: (fixed.I(img.Bounds().Dx()) - width) / 2, Y: fixed.I(y)}
	d.DrawString(text)
}
