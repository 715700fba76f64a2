package footerdata

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"vitrine/internal/names"
)

// defaultClient is the HTTP client of providers that are given none: a
// provider that does not answer within 5 seconds has failed.
var defaultClient = &http.Client{Timeout: 5 * time.Second}

// maxBody bounds the answers read from providers.
const maxBody = 1 << 20

// ufNames spells out the Brazilian states by their UF.
var ufNames = map[string]string{
	"AC": "Acre", "AL": "Alagoas", "AP": "Amapá", "AM": "Amazonas", "BA": "Bahia",
	"CE": "Ceará", "DF": "Distrito Federal", "ES": "Espírito Santo", "GO": "Goiás",
	"MA": "Maranhão", "MT": "Mato Grosso", "MS": "Mato Grosso do Sul", "MG": "Minas Gerais",
	"PA": "Pará", "PB": "Paraíba", "PR": "Paraná", "PE": "Pernambuco", "PI": "Piauí",
	"RJ": "Rio de Janeiro", "RN": "Rio Grande do Norte", "RS": "Rio Grande do Sul",
	"RO": "Rondônia", "RR": "Roraima", "SC": "Santa Catarina", "SP": "São Paulo",
	"SE": "Sergipe", "TO": "Tocantins",
}

// StateName spells out a Brazilian state given by its UF ("sp" → "São
// Paulo"); anything else is returned trimmed, as given.
func StateName(state string) string {
	state = strings.TrimSpace(state)
	if name, ok := ufNames[strings.ToUpper(state)]; ok {
		return name
	}
	return state
}

// OpenMeteo is the WeatherProvider backed by Open-Meteo, which needs no key:
// the city is located with its geocoding API (among Brazilian places, the
// one in the store's state, else the first found) and its forecast gives
// the temperature and weather code now and today's minimum and maximum.
// Places located are remembered for a day. The zero value is ready to use.
type OpenMeteo struct {
	// GeocodingURL is the geocoding API's base address,
	// https://geocoding-api.open-meteo.com when empty.
	GeocodingURL string
	// ForecastURL is the forecast API's base address,
	// https://api.open-meteo.com when empty.
	ForecastURL string
	// Client makes the requests; one with a 5-second timeout when nil.
	Client *http.Client
	// Now is the clock the place cache reads; time.Now when nil.
	Now func() time.Time

	mu     sync.Mutex
	places map[string]place
}

// place is a located city, or a city not found (found false), with the time
// the answer stops being used.
type place struct {
	name     string
	lat, lon float64
	found    bool
	expires  time.Time
}

const (
	placeTTL       = 24 * time.Hour
	maxPlaces      = 4096
	geocodingCount = 10
)

// errNotFound says the geocoding API knows no Brazilian place of that name.
var errNotFound = errors.New("city not found")

// Weather returns the weather now in city, located in state when several
// Brazilian places share the name.
func (o *OpenMeteo) Weather(ctx context.Context, city, state string) (Weather, error) {
	city = strings.Join(strings.Fields(city), " ")
	if city == "" {
		return Weather{}, errNotFound
	}
	p, err := o.locate(ctx, city, state)
	if err != nil {
		return Weather{}, err
	}
	w, err := o.forecast(ctx, p.lat, p.lon)
	if err != nil {
		return Weather{}, err
	}
	w.City = p.name
	if w.City == "" {
		w.City = city
	}
	return w, nil
}

func (o *OpenMeteo) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

func (o *OpenMeteo) client() *http.Client {
	if o.Client != nil {
		return o.Client
	}
	return defaultClient
}

// locate finds city's coordinates, from the place cache when it has them.
func (o *OpenMeteo) locate(ctx context.Context, city, state string) (place, error) {
	key := placeKey(city, state)
	now := o.now()
	o.mu.Lock()
	p, ok := o.places[key]
	o.mu.Unlock()
	if !ok || !now.Before(p.expires) {
		var err error
		p, err = o.geocode(ctx, city, state)
		if err != nil {
			return place{}, err
		}
		p.expires = now.Add(placeTTL)
		o.remember(key, p, now)
	}
	if !p.found {
		return place{}, fmt.Errorf("%w: %q", errNotFound, city)
	}
	return p, nil
}

// remember stores a place, dropping expired ones once the cache is large.
func (o *OpenMeteo) remember(key string, p place, now time.Time) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.places == nil {
		o.places = map[string]place{}
	}
	if len(o.places) >= maxPlaces {
		for k, old := range o.places {
			if !now.Before(old.expires) {
				delete(o.places, k)
			}
		}
		if len(o.places) >= maxPlaces {
			clear(o.places) // all fresh: start over rather than grow without bound
		}
	}
	o.places[key] = p
}

// geocodingAnswer is the part of the geocoding API's answer read here.
type geocodingAnswer struct {
	Results []struct {
		Name      string  `json:"name"`
		Latitude  float64 `json:"latitude"`
		Longitude float64 `json:"longitude"`
		Admin1    string  `json:"admin1"`
	} `json:"results"`
}

// geocode asks the geocoding API for city among Brazilian places and picks
// the one whose first-level division is the state.
func (o *OpenMeteo) geocode(ctx context.Context, city, state string) (place, error) {
	q := url.Values{}
	q.Set("name", city)
	q.Set("count", strconv.Itoa(geocodingCount))
	q.Set("language", "pt")
	q.Set("format", "json")
	q.Set("countryCode", "BR")
	var a geocodingAnswer
	if err := getJSON(ctx, o.client(), base(o.GeocodingURL, "https://geocoding-api.open-meteo.com")+"/v1/search?"+q.Encode(), &a); err != nil {
		return place{}, fmt.Errorf("geocoding: %w", err)
	}
	if len(a.Results) == 0 {
		return place{found: false}, nil
	}
	pick := a.Results[0]
	if want := names.Fold(StateName(state)); want != "" {
		for _, r := range a.Results {
			if names.Fold(strings.TrimSpace(r.Admin1)) == want {
				pick = r
				break
			}
		}
	}
	return place{name: pick.Name, lat: pick.Latitude, lon: pick.Longitude, found: true}, nil
}

// forecastAnswer is the part of the forecast API's answer read here.
type forecastAnswer struct {
	Current *struct {
		Temperature *float64 `json:"temperature_2m"`
		WeatherCode *int     `json:"weather_code"`
	} `json:"current"`
	Daily struct {
		Max []*float64 `json:"temperature_2m_max"`
		Min []*float64 `json:"temperature_2m_min"`
	} `json:"daily"`
}

// forecast asks for the weather now and today's range at a point.
func (o *OpenMeteo) forecast(ctx context.Context, lat, lon float64) (Weather, error) {
	q := url.Values{}
	q.Set("latitude", strconv.FormatFloat(lat, 'f', -1, 64))
	q.Set("longitude", strconv.FormatFloat(lon, 'f', -1, 64))
	q.Set("current", "temperature_2m,weather_code")
	q.Set("daily", "temperature_2m_max,temperature_2m_min")
	q.Set("timezone", "auto")
	q.Set("forecast_days", "1")
	var a forecastAnswer
	if err := getJSON(ctx, o.client(), base(o.ForecastURL, "https://api.open-meteo.com")+"/v1/forecast?"+q.Encode(), &a); err != nil {
		return Weather{}, fmt.Errorf("forecast: %w", err)
	}
	if a.Current == nil || a.Current.Temperature == nil || a.Current.WeatherCode == nil {
		return Weather{}, errors.New("forecast: no current weather in the answer")
	}
	w := Weather{Temperature: *a.Current.Temperature, Code: *a.Current.WeatherCode}
	w.Min, w.Max = w.Temperature, w.Temperature
	if len(a.Daily.Min) > 0 && a.Daily.Min[0] != nil {
		w.Min = *a.Daily.Min[0]
	}
	if len(a.Daily.Max) > 0 && a.Daily.Max[0] != nil {
		w.Max = *a.Daily.Max[0]
	}
	w.Description = Describe(w.Code)
	return w, nil
}

// base returns a configured base address without its trailing slash, or def.
func base(configured, def string) string {
	if configured == "" {
		return def
	}
	return strings.TrimRight(configured, "/")
}

// statusError is a provider's answer other than 200 OK.
type statusError struct {
	status int
	body   string
}

func (e *statusError) Error() string {
	if e.body == "" {
		return fmt.Sprintf("HTTP %d", e.status)
	}
	return fmt.Sprintf("HTTP %d: %s", e.status, e.body)
}

// getJSON fetches address and decodes its JSON answer into v. An answer
// other than 200 is a *statusError carrying the start of its body.
func getJSON(ctx context.Context, c *http.Client, address string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, address, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "vitrine")
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	body := io.LimitReader(res.Body, maxBody)
	if res.StatusCode != http.StatusOK {
		snippet, _ := io.ReadAll(io.LimitReader(body, 200))
		return &statusError{status: res.StatusCode, body: strings.TrimSpace(string(snippet))}
	}
	if err := json.NewDecoder(body).Decode(v); err != nil {
		return fmt.Errorf("decoding the answer: %w", err)
	}
	return nil
}
