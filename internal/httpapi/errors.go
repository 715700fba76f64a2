package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"vitrine/api"
	"vitrine/internal/db"
	"vitrine/internal/fault"
)

// errorBody is the spec's error object.
type errorBody struct {
	Error      bool   `json:"error"`
	StatusCode int    `json:"statusCode"`
	Msg        string `json:"msg"`
}

var kindStatus = map[fault.Kind]int{
	fault.Invalid:       http.StatusBadRequest,
	fault.Unauthorized:  http.StatusUnauthorized,
	fault.Forbidden:     http.StatusForbidden,
	fault.NotFound:      http.StatusNotFound,
	fault.Conflict:      http.StatusConflict,
	fault.TooLarge:      http.StatusRequestEntityTooLarge,
	fault.Unprocessable: http.StatusUnprocessableEntity,
	fault.TooMany:       http.StatusTooManyRequests,
	fault.Unavailable:   http.StatusServiceUnavailable,
	fault.Timeout:       http.StatusRequestTimeout,
}

// errorStatus is the HTTP status writeError answers err with.
func errorStatus(err error) int {
	if f, ok := fault.As(err); ok {
		if status := kindStatus[f.Kind]; status != 0 {
			return status
		}
		return http.StatusBadRequest
	}
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return http.StatusRequestEntityTooLarge
	}
	if db.IsUnavailable(err) {
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// writeError turns any error into the JSON error body. Faults carry their own
// status and code; an outage (the database unreachable, out of time, or its
// connection broken under the call: db.IsUnavailable) is 503
// fault.ErrUnavailable; anything else is a 500 whose details go to the log
// only.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	ctx := r.Context()
	if _, isFault := fault.As(err); !isFault {
		timedOut := expired(ctx)
		if timedOut || (ctx.Err() == nil && db.IsUnavailable(err)) {
			log.Warn("request failed: database unavailable", "request_id", requestID(ctx), "method", r.Method, "path", r.URL.Path, "err", err)
			err = fault.ErrUnavailable
		}
	}
	status := errorStatus(err)
	if f, ok := fault.As(err); ok {
		msg := f.Msg
		if msg == "" {
			msg = api.Message(f.Code)
		}
		writeJSON(w, status, errorBody{Error: true, StatusCode: f.Code, Msg: msg})
		return
	}
	if status == http.StatusRequestEntityTooLarge {
		writeJSON(w, status, errorBody{Error: true, StatusCode: 1003, Msg: "A solicitação é grande demais."})
		return
	}
	if ctx.Err() != nil {
		// The client went away; nobody reads this answer.
		return
	}
	log.Error("request failed", "request_id", requestID(ctx), "method", r.Method, "path", r.URL.Path, "err", err)
	writeJSON(w, http.StatusInternalServerError, errorBody{Error: true, StatusCode: 1500, Msg: api.Message(1500)})
}
