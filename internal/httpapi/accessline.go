package httpapi

import (
	"io"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"
)

// The access log's line is written by hand when the log is slog's text
// handler over a writer the server knows (Deps.LogText): a call for a kept
// list costs a few microseconds, and slog's record, its attributes and its
// general text handler were a fifth of them. The line is the one
// slog.TextHandler writes for the same record, byte for byte
// (TestAccessLineIsTheTextHandlers), so the log reads and parses alike.

// accessLine is what one access log line tells.
type accessLine struct {
	at        time.Time
	level     slog.Level
	id        string
	method    string
	route     string
	routeText string // route as the line writes it (appendText), when known ahead; "" has it written
	status    int
	duration  time.Duration
	bytes     int64
	client    string
	franchise string // "" leaves it out
}

var linePool = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// writeAccessLine writes l to w in one Write.
func writeAccessLine(w io.Writer, l *accessLine) {
	bp := linePool.Get().(*[]byte)
	b := appendAccessLine((*bp)[:0], l)
	_, _ = w.Write(b)
	*bp = b
	linePool.Put(bp)
}

func appendAccessLine(b []byte, l *accessLine) []byte {
	b = append(b, "time="...)
	b = appendMillis(b, l.at.Round(0))
	b = append(b, " level="...)
	b = appendText(b, l.level.String())
	b = append(b, " msg=request request_id="...)
	b = appendText(b, l.id)
	b = append(b, " method="...)
	b = appendText(b, l.method)
	b = append(b, " route="...)
	if l.routeText != "" {
		b = append(b, l.routeText...)
	} else {
		b = appendText(b, l.route)
	}
	b = append(b, " status="...)
	b = strconv.AppendInt(b, int64(l.status), 10)
	b = append(b, " duration="...)
	b = append(b, l.duration.String()...)
	b = append(b, " bytes="...)
	b = strconv.AppendInt(b, l.bytes, 10)
	b = append(b, " client="...)
	b = appendText(b, l.client)
	if l.franchise != "" {
		b = append(b, " franchise="...)
		b = appendText(b, l.franchise)
	}
	return append(b, '\n')
}

// appendMillis writes t as RFC 3339 with exactly three digits of
// milliseconds, as the text handler does. Its date, time to the second and
// zone are written once a second (lastSecond) for every line of it.
func appendMillis(b []byte, t time.Time) []byte {
	sec := t.Unix()
	s := lastSecond.Load()
	if s == nil || s.unix != sec || s.loc != t.Location() {
		s = &second{unix: sec, loc: t.Location(),
			date: t.AppendFormat(nil, "2006-01-02T15:04:05"), zone: t.AppendFormat(nil, "Z07:00")}
		lastSecond.Store(s)
	}
	ms := t.Nanosecond() / int(time.Millisecond)
	b = append(b, s.date...)
	b = append(b, '.', byte('0'+ms/100), byte('0'+ms/10%10), byte('0'+ms%10))
	return append(b, s.zone...)
}

// second is the text of a second in a zone: what the access lines of that
// second share.
type second struct {
	unix       int64
	loc        *time.Location
	date, zone []byte
}

var lastSecond atomic.Pointer[second]

// appendText writes s bare, or quoted when the text handler would quote
// it: empty, or holding a space, '=', '"', an ASCII control character
// (not DEL), a space or a character that is not printable beyond ASCII, or
// bytes that are not UTF-8.
func appendText(b []byte, s string) []byte {
	if needsQuote(s) {
		return strconv.AppendQuote(b, s)
	}
	return append(b, s...)
}

func needsQuote(s string) bool {
	if s == "" {
		return true
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c <= ' ' || c == '=' || c == '"' {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r) {
			return true
		}
		i += size
	}
	return false
}
