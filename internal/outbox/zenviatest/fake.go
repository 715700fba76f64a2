// Package zenviatest is a local stand-in for Zenvia's SMS API that checks
// every request exactly as Zenvia documents it (POST
// /v2/channels/sms/messages, X-API-TOKEN, a JSON body of from, to —
// "55" + area code + number — and one text content) and answers like
// Zenvia: 200 with the message's id, or the status a test asks for.
package zenviatest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sync"
	"testing"
)

// SMS is one message the fake accepted.
type SMS struct {
	ID, From, To, Text string
}

// Server is the fake.
type Server struct {
	Token, From string // what a request must carry

	srv      *httptest.Server
	mu       sync.Mutex
	accepted []SMS
	refusals []string // requests the fake found malformed, with why
	fail     []int    // statuses to answer the next requests with
}

// New starts a fake expecting token and the sender id from.
func New(t testing.TB, token, from string) *Server {
	s := &Server{Token: token, From: from}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

// URL is the fake's base address (ZENVIA_API_URL).
func (s *Server) URL() string { return s.srv.URL }

// FailNext answers the next requests with these statuses, in turn.
func (s *Server) FailNext(statuses ...int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = append(s.fail, statuses...)
}

// Accepted returns the messages accepted so far.
func (s *Server) Accepted() []SMS {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]SMS{}, s.accepted...)
}

// Refusals returns why malformed requests were refused (none when every
// request was as documented).
func (s *Server) Refusals() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string{}, s.refusals...)
}

var number = regexp.MustCompile(`^55[1-9][0-9]9?[0-9]{8}$`)

type content struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type body struct {
	From     string    `json:"from"`
	To       string    `json:"to"`
	Contents []content `json:"contents"`
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	refuse := func(status int, code, why string) {
		s.mu.Lock()
		s.refusals = append(s.refusals, why)
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(map[string]string{"code": code, "message": why})
	}
	switch {
	case r.Method != http.MethodPost || r.URL.Path != "/v2/channels/sms/messages":
		refuse(http.StatusNotFound, "NOT_FOUND", fmt.Sprintf("%s %s is not Zenvia's SMS endpoint", r.Method, r.URL.Path))
		return
	case r.Header.Get("X-API-TOKEN") != s.Token:
		refuse(http.StatusUnauthorized, "AUTHENTICATION_ERROR", "X-API-TOKEN missing or wrong")
		return
	case r.Header.Get("Content-Type") != "application/json":
		refuse(http.StatusUnsupportedMediaType, "VALIDATION_ERROR", "Content-Type must be application/json")
		return
	}
	data, _ := io.ReadAll(r.Body)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var b body
	if err := dec.Decode(&b); err != nil {
		refuse(http.StatusBadRequest, "VALIDATION_ERROR", "body: "+err.Error())
		return
	}
	switch {
	case b.From != s.From:
		refuse(http.StatusBadRequest, "VALIDATION_ERROR", fmt.Sprintf("from %q is not the channel's sender id", b.From))
		return
	case !number.MatchString(b.To):
		refuse(http.StatusBadRequest, "VALIDATION_ERROR", fmt.Sprintf("to %q is not 55 + area code + number", b.To))
		return
	case len(b.Contents) != 1 || b.Contents[0].Type != "text" || b.Contents[0].Text == "":
		refuse(http.StatusBadRequest, "VALIDATION_ERROR", "contents must be one text content")
		return
	}
	s.mu.Lock()
	if len(s.fail) > 0 {
		status := s.fail[0]
		s.fail = s.fail[1:]
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(map[string]string{"code": "ERROR", "message": http.StatusText(status)})
		return
	}
	sms := SMS{ID: fmt.Sprintf("zv-%d", len(s.accepted)+1), From: b.From, To: b.To, Text: b.Contents[0].Text}
	s.accepted = append(s.accepted, sms)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": sms.ID, "from": sms.From, "to": sms.To, "direction": "OUT", "channel": "sms",
		"contents": b.Contents,
	})
}
