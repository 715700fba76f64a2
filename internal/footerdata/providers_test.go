package footerdata

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"
)

func TestOpenMeteoReadsTheForecast(t *testing.T) {
	f := newFakeWeb(t)
	w, err := f.weather().Weather(context.Background(), " São  Paulo ", "SP")
	if err != nil {
		t.Fatal(err)
	}
	want := Weather{City: "São Paulo", Temperature: 24.3, Min: 17.6, Max: 27.1, Code: 3, Description: "Parcialmente nublado"}
	if w != want {
		t.Fatalf("Weather = %+v, want %+v", w, want)
	}
	geo, fc := f.geoQueries[0], f.forecastQs[0]
	for k, v := range map[string]string{"name": "São Paulo", "count": "10", "language": "pt", "format": "json", "countryCode": "BR"} {
		if geo.Get(k) != v {
			t.Errorf("geocoding %s = %q, want %q", k, geo.Get(k), v)
		}
	}
	for k, v := range map[string]string{"latitude": "-23.5475", "longitude": "-46.63611", "current": "temperature_2m,weather_code",
		"daily": "temperature_2m_max,temperature_2m_min", "timezone": "auto", "forecast_days": "1"} {
		if fc.Get(k) != v {
			t.Errorf("forecast %s = %q, want %q", k, fc.Get(k), v)
		}
	}
}

func TestOpenMeteoPicksThePlaceInTheStoresState(t *testing.T) {
	cases := []struct{ state, latitude string }{
		{"RS", "-28.66972"},
		{"rs", "-28.66972"},
		{"Rio Grande do Sul", "-28.66972"},
		{"rio grande do sul", "-28.66972"},
		{"PB", "-6.8175"},
		{"Paraiba", "-6.8175"}, // accents folded
		{"PI", "-9.07444"},
		{"", "-9.07444"},   // no state: the first place found
		{"SP", "-9.07444"}, // no Bom Jesus in the state: the first place found
		{"Atlântida", "-9.07444"},
	}
	for _, c := range cases {
		f := newFakeWeb(t)
		if _, err := f.weather().Weather(context.Background(), "Bom Jesus", c.state); err != nil {
			t.Fatalf("%q: %v", c.state, err)
		}
		if got := f.forecastQs[0].Get("latitude"); got != c.latitude {
			t.Errorf("state %q: forecast asked at latitude %s, want %s", c.state, got, c.latitude)
		}
	}
}

func TestOpenMeteoRemembersPlacesForADay(t *testing.T) {
	f := newFakeWeb(t)
	clock := newFakeClock()
	o := f.weather()
	o.Now = clock.Now
	ctx := context.Background()
	for _, state := range []string{"SP", "São Paulo", "sao paulo"} {
		if _, err := o.Weather(ctx, "São Paulo", state); err != nil {
			t.Fatal(err)
		}
	}
	if h := f.hits(); h[0] != 1 || h[1] != 3 {
		t.Fatalf("geocoding/forecast hits = %d/%d, want 1/3", h[0], h[1])
	}
	clock.Advance(23 * time.Hour)
	o.Weather(ctx, "SAO PAULO", "SP")
	if h := f.hits(); h[0] != 1 {
		t.Fatalf("geocoding asked again within a day (%d hits)", h[0])
	}
	clock.Advance(time.Hour)
	o.Weather(ctx, "São Paulo", "SP")
	if h := f.hits(); h[0] != 2 {
		t.Fatalf("geocoding hits after a day = %d, want 2", h[0])
	}
}

func TestOpenMeteoCityNotFound(t *testing.T) {
	f := newFakeWeb(t)
	o := f.weather()
	for range 2 {
		if _, err := o.Weather(context.Background(), "Cidade Que Não Existe", "SP"); !errors.Is(err, errNotFound) {
			t.Fatalf("err = %v, want errNotFound", err)
		}
	}
	if h := f.hits(); h[0] != 1 || h[1] != 0 {
		t.Fatalf("geocoding/forecast hits = %d/%d, want 1/0 (a city not found is remembered)", h[0], h[1])
	}
}

func TestOpenMeteoFailures(t *testing.T) {
	f := newFakeWeb(t)
	f.set(func(f *fakeWeb) { f.weatherStatus = http.StatusBadRequest })
	_, err := f.weather().Weather(context.Background(), "São Paulo", "SP")
	var se *statusError
	if !errors.As(err, &se) || se.status != http.StatusBadRequest {
		t.Fatalf("err = %v, want HTTP 400", err)
	}
	// A failed geocoding is not remembered.
	f.set(func(f *fakeWeb) { f.weatherStatus = 0 })
	if _, err := f.weather().Weather(context.Background(), "São Paulo", "SP"); err != nil {
		t.Fatal(err)
	}
}

func TestAwesomeAPIReadsQuotesInOneRequest(t *testing.T) {
	f := newFakeWeb(t)
	got, err := f.quotes().Quotes(context.Background(), []string{"USD", "EUR", "JPY", "BRL", "usd", "US", "TOOLONG", "U$D", "USD"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Quote{
		"USD": {Asset: "USD", Bid: 5.3134, PctChange: 0.12},
		"EUR": {Asset: "EUR", Bid: 6.1032, PctChange: -0.35},
		"JPY": {Asset: "JPY", Bid: 0.0351, PctChange: 0},
	}
	if len(got) != len(want) {
		t.Fatalf("Quotes = %+v, want %+v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("Quotes[%s] = %+v, want %+v", k, got[k], v)
		}
	}
	if len(f.quotePaths) != 1 || f.quotePaths[0] != "/json/last/USD-BRL,EUR-BRL,JPY-BRL" {
		t.Fatalf("requests = %q, want one for USD-BRL,EUR-BRL,JPY-BRL", f.quotePaths)
	}
}

func TestAwesomeAPIUnknownCurrency(t *testing.T) {
	f := newFakeWeb(t)
	got, err := f.quotes().Quotes(context.Background(), []string{"USD", "XYZ", "EUR"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got["USD"].Bid != 5.3134 || got["EUR"].Bid != 6.1032 {
		t.Fatalf("Quotes = %+v, want USD and EUR", got)
	}
	got, err = f.quotes().Quotes(context.Background(), []string{"XYZ"})
	if err != nil || len(got) != 0 {
		t.Fatalf("Quotes(XYZ) = %+v, %v; want nothing, no error", got, err)
	}
}

func TestAwesomeAPIFailure(t *testing.T) {
	f := newFakeWeb(t)
	f.set(func(f *fakeWeb) { f.quoteStatus = http.StatusTooManyRequests })
	if _, err := f.quotes().Quotes(context.Background(), []string{"USD", "EUR"}); err == nil {
		t.Fatal("an HTTP 429 gave no error")
	}
	if n := f.quoteHits.Load(); n != 1 {
		t.Fatalf("%d requests, want 1", n)
	}
}

func TestDescribe(t *testing.T) {
	cases := map[int]string{
		0: "Céu limpo", 1: "Parcialmente nublado", 3: "Parcialmente nublado", 45: "Neblina", 48: "Neblina",
		51: "Garoa", 57: "Garoa", 61: "Chuva", 67: "Chuva", 71: "Neve", 77: "Neve",
		80: "Pancadas de chuva", 82: "Pancadas de chuva", 95: "Tempestade", 99: "Tempestade", 4: "", -1: "",
	}
	for code, want := range cases {
		if got := Describe(code); got != want {
			t.Errorf("Describe(%d) = %q, want %q", code, got, want)
		}
	}
}

func TestStateName(t *testing.T) {
	for in, want := range map[string]string{"SP": "São Paulo", " df ": "Distrito Federal", "Goiás": "Goiás", "": "", "XX": "XX"} {
		if got := StateName(in); got != want {
			t.Errorf("StateName(%q) = %q, want %q", in, got, want)
		}
	}
}
