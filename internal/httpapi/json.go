package httpapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"vitrine/api"
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

// largeGzipMin is the size from which writeLargeJSON sends an answer gzipped
// to clients that take it.
const largeGzipMin = 4 << 10

// largeGzip keeps gzip writers (each holds some hundreds of kilobytes of
// compressor state) from one answer to the next.
var largeGzip = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return zw
}}

// writeLargeJSON answers 200 with body, a JSON document that may run to
// megabytes (the ad map, a library of thousands of files): gzipped when the
// client takes it, at the fastest level, which still shrinks such lists
// some 10 to 30 times.
func writeLargeJSON(w http.ResponseWriter, r *http.Request, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Add("Vary", "Accept-Encoding")
	if len(body) >= largeGzipMin && acceptsGzip(r.Header.Get("Accept-Encoding")) {
		z := bytes.NewBuffer(make([]byte, 0, len(body)/8))
		zw := largeGzip.Get().(*gzip.Writer)
		zw.Reset(z)
		_, _ = zw.Write(body)
		_ = zw.Close()
		largeGzip.Put(zw)
		h.Set("Content-Encoding", "gzip")
		body = z.Bytes()
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// decode reads a JSON object body into dst. Malformed JSON, a value other
// than an object (null too), a wrong type or a trailing value is 400/1003; so
// is a body that lacks a field the contract requires of the route
// (api.Bodies), or sends one as null where the contract does not allow it:
// a call missing what it must say never changes anything. A body over 1 MiB
// is 413.
func decode(w http.ResponseWriter, r *http.Request, dst any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(r.Body)
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return err
		}
		if errors.Is(err, io.EOF) {
			return fault.Invalidf("O corpo da solicitação está vazio.")
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return fault.ErrSlowRequest
		}
		return fault.ErrBadRequest
	}
	if dec.More() {
		return fault.ErrBadRequest
	}
	if err := checkRequired(raw, api.Bodies()[r.Pattern]); err != nil {
		return err
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return fault.ErrBadRequest
	}
	return checkText(reflect.ValueOf(dst))
}

// checkRequired refuses a body that is not a JSON object, or that lacks a
// field body requires (or holds it as null where null is not one of its
// values): the first such field answers its contract's code and message.
// A null body lacks every field.
func checkRequired(raw json.RawMessage, body api.Body) error {
	if raw[0] != '{' && (string(raw) != "null" || len(body.Required) == 0) {
		return fault.ErrBadRequest
	}
	if len(body.Required) == 0 {
		return nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return fault.ErrBadRequest
	}
	for _, f := range body.Required {
		v, ok := fields[f.Name]
		if !ok || string(v) == "null" && !f.Nullable {
			return fault.WithMsg(fault.Invalid, f.Code, f.Msg)
		}
	}
	return nil
}

// errControlChar refuses text holding control characters: a NUL byte, for
// one, cannot be stored by PostgreSQL, and none belongs in a name. Tabs and
// line breaks stay allowed (messages have several lines).
var errControlChar = fault.Invalidf("O texto contém caracteres de controle não permitidos.")

// isControl is a C0 control character other than tab and line breaks, or DEL.
func isControl(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7f
}

// checkText walks a decoded body and refuses any string with a control
// character, so both databases answer the same clear 400.
func checkText(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return checkText(v.Elem())
	case reflect.String:
		if strings.ContainsFunc(v.String(), isControl) {
			return errControlChar
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				if err := checkText(v.Field(i)); err != nil {
					return err
				}
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if err := checkText(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			if err := checkText(iter.Key()); err != nil {
				return err
			}
			if err := checkText(iter.Value()); err != nil {
				return err
			}
		}
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
