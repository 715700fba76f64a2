// Package api holds the HTTP contract shared by the server and the web apps:
// the OpenAPI description of every route and the error-code catalogue.
package api

import (
	_ "embed"
	"encoding/json"
	"strconv"
)

//go:embed openapi.yaml
var OpenAPI []byte

//go:embed errors.json
var errorsJSON []byte

var catalogue struct {
	Unknown string            `json:"unknown"`
	Codes   map[string]string `json:"codes"`
}

func init() {
	if err := json.Unmarshal(errorsJSON, &catalogue); err != nil {
		panic("api: errors.json is not valid: " + err.Error())
	}
}

// Message returns the pt-BR message for an API error code, or the catalogue's
// fallback for codes it does not list.
func Message(code int) string {
	if m, ok := catalogue.Codes[strconv.Itoa(code)]; ok {
		return m
	}
	return catalogue.Unknown
}

// Codes lists every code in the catalogue.
func Codes() []int {
	out := make([]int, 0, len(catalogue.Codes))
	for k := range catalogue.Codes {
		n, _ := strconv.Atoi(k)
		out = append(out, n)
	}
	return out
}
