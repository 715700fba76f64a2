package footerdata

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// AwesomeAPI is the QuoteProvider backed by AwesomeAPI's currency quotes,
// which need no key: one request asks for every currency against the real
// (/json/last/USD-BRL,EUR-BRL) and each answers its bid and its change in
// percent. The zero value is ready to use.
type AwesomeAPI struct {
	// BaseURL is the API's base address,
	// https://economia.awesomeapi.com.br when empty.
	BaseURL string
	// Client makes the requests; one with a 5-second timeout when nil.
	Client *http.Client
}

// awesomeQuote is one pair in AwesomeAPI's answer; numbers come as strings.
type awesomeQuote struct {
	Code      string `json:"code"`
	CodeIn    string `json:"codein"`
	Bid       string `json:"bid"`
	PctChange string `json:"pctChange"`
}

// Quotes returns the quotes of assets against the real. Codes that are not
// three to five capital letters, and BRL, are not asked for. AwesomeAPI
// refuses a whole request (404) when one of its pairs is unknown; the
// currencies are then asked for one by one, so that the known ones are still
// quoted.
func (a *AwesomeAPI) Quotes(ctx context.Context, assets []string) (map[string]Quote, error) {
	codes := make([]string, 0, len(assets))
	for _, c := range assets {
		if assetCode.MatchString(c) && c != "BRL" && !slices.Contains(codes, c) {
			codes = append(codes, c)
		}
	}
	out := map[string]Quote{}
	if len(codes) == 0 {
		return out, nil
	}
	err := a.fetch(ctx, codes, out)
	if !isNotFound(err) {
		return out, err
	}
	if len(codes) == 1 {
		return out, nil // the one currency asked for is unknown
	}
	var failed error
	for _, c := range codes {
		if err := a.fetch(ctx, []string{c}, out); err != nil && !isNotFound(err) {
			failed = err
			if ctx.Err() != nil {
				break
			}
		}
	}
	return out, failed
}

func isNotFound(err error) bool {
	var se *statusError
	return errors.As(err, &se) && se.status == http.StatusNotFound
}

// fetch asks for codes in one request and adds the quotes read to out.
func (a *AwesomeAPI) fetch(ctx context.Context, codes []string, out map[string]Quote) error {
	pairs := make([]string, len(codes))
	for i, c := range codes {
		pairs[i] = c + "-BRL"
	}
	client := a.Client
	if client == nil {
		client = defaultClient
	}
	var answer map[string]awesomeQuote
	address := base(a.BaseURL, "https://economia.awesomeapi.com.br") + "/json/last/" + strings.Join(pairs, ",")
	if err := getJSON(ctx, client, address, &answer); err != nil {
		return err
	}
	for _, c := range codes {
		q, ok := answer[c+"BRL"]
		if !ok {
			continue
		}
		bid, err := strconv.ParseFloat(strings.TrimSpace(q.Bid), 64)
		if err != nil || bid <= 0 {
			continue
		}
		pct, err := strconv.ParseFloat(strings.TrimSpace(q.PctChange), 64)
		if err != nil {
			pct = 0
		}
		out[c] = Quote{Asset: c, Bid: bid, PctChange: pct}
	}
	return nil
}
