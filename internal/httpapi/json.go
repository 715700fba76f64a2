package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"vitrine/internal/fault"
)

// maxBody is the largest JSON body accepted; uploads go to /files, not here.
const maxBody = 1 << 20

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// decode reads a JSON object body into dst. Malformed JSON, a wrong type or a
// trailing value is 400/1003; a body over 1 MiB is 413.
func decode(w http.ResponseWriter, r *http.Request, dst any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(dst); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return err
		}
		if errors.Is(err, io.EOF) {
			return fault.Invalidf("O corpo da solicitação está vazio.")
		}
		return fault.ErrBadRequest
	}
	if dec.More() {
		return fault.ErrBadRequest
	}
	return nil
}

// decodeOptional is decode for calls whose body may be absent.
func decodeOptional(w http.ResponseWriter, r *http.Request, dst any) error {
	if r.ContentLength == 0 {
		return nil
	}
	return decode(w, r, dst)
}
