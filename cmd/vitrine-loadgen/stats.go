package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// percentile returns the nearest-rank q-quantile (0 < q <= 1) of sorted,
// or 0 for an empty slice.
func percentile(sorted []time.Duration, q float64) time.Duration {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	rank := int(q*float64(n) + 0.999999999) // ceil without float surprises at exact ranks
	rank = min(max(rank, 1), n)
	return sorted[rank-1]
}

// summary is p50 / p99 / max of a set of latencies.
type summary struct {
	N                  int
	Min, P50, P99, Max time.Duration
}

func summarize(d []time.Duration) summary {
	s := slices.Clone(d)
	slices.Sort(s)
	out := summary{N: len(s), P50: percentile(s, 0.50), P99: percentile(s, 0.99)}
	if len(s) > 0 {
		out.Min, out.Max = s[0], s[len(s)-1]
	}
	return out
}

// gcLine is one line of GODEBUG=gctrace=1 output: the live heap marked by
// the cycle and the goroutine stack bytes it scanned, in MB as the runtime
// prints them.
type gcLine struct {
	Num       int
	HeapStart int // MB at the start of the cycle
	HeapEnd   int // MB at the end of marking
	HeapLive  int // MB marked live
	Goal      int
	Stacks    int // MB of goroutine stack scanned: the used part of every stack, not what is allocated
	Globals   int
	Forced    bool
	At        time.Time // when the generator read the line (the end of the cycle)
}

var gcRe = regexp.MustCompile(`^gc (\d+) @[\d.]+s \d+%: .*?, (\d+)->(\d+)->(\d+) MB, (\d+) MB goal, (\d+) MB stacks, (\d+) MB globals`)

// parseGC reads a gctrace line; ok is false for any other line.
func parseGC(line string) (g gcLine, ok bool) {
	m := gcRe.FindStringSubmatch(line)
	if m == nil {
		return gcLine{}, false
	}
	n := make([]int, len(m))
	for i := 1; i < len(m); i++ {
		n[i], _ = strconv.Atoi(m[i])
	}
	return gcLine{Num: n[1], HeapStart: n[2], HeapEnd: n[3], HeapLive: n[4], Goal: n[5], Stacks: n[6], Globals: n[7],
		Forced: strings.HasSuffix(strings.TrimSpace(line), "(forced)")}, true
}

// overrideIDs reads the ids of a playlist's emergency overrides: by hand
// when the list is as the server writes it (each override's id first),
// else through encoding/json.
func overrideIDs(b []byte) []string {
	i := bytes.Index(b, []byte(`"overrides":`))
	if i < 0 {
		return nil
	}
	rest := b[i+len(`"overrides":`):]
	if bytes.HasPrefix(rest, []byte(`[]`)) || bytes.HasPrefix(rest, []byte(`null`)) {
		return nil
	}
	if ids, ok := scanOverrideIDs(rest); ok {
		return ids
	}
	var list []struct {
		ID string `json:"id"`
	}
	if json.NewDecoder(bytes.NewReader(rest)).Decode(&list) != nil {
		return nil
	}
	ids := make([]string, len(list))
	for k, o := range list {
		ids[k] = o.ID
	}
	return ids
}

// scanOverrideIDs reads [{"id":"…",…},…] from the start of b: each
// object's first key must be its id, without escapes; the rest of each
// object is skipped (strings, nested objects and arrays).
func scanOverrideIDs(b []byte) (ids []string, ok bool) {
	const head = `{"id":"`
	if len(b) == 0 || b[0] != '[' {
		return nil, false
	}
	b = b[1:]
	for {
		if !bytes.HasPrefix(b, []byte(head)) {
			return nil, false
		}
		b = b[len(head):]
		end := bytes.IndexByte(b, '"')
		if end < 0 || bytes.IndexByte(b[:end], '\\') >= 0 {
			return nil, false
		}
		ids = append(ids, string(b[:end]))
		b = b[end+1:]
		// Skip to the end of this object.
		depth, inString := 1, false
		for depth > 0 {
			if len(b) == 0 {
				return nil, false
			}
			c := b[0]
			b = b[1:]
			switch {
			case inString && c == '\\':
				if len(b) == 0 {
					return nil, false
				}
				b = b[1:]
			case c == '"':
				inString = !inString
			case inString:
			case c == '{' || c == '[':
				depth++
			case c == '}' || c == ']':
				depth--
			}
		}
		if len(b) == 0 {
			return nil, false
		}
		switch b[0] {
		case ',':
			b = b[1:]
		case ']':
			return ids, true
		default:
			return nil, false
		}
	}
}

// frameInfo returns the type of a server frame and, for a playlist, its
// schedule hash ("" when the TV has no schedule). It looks for the fields
// by hand first: the generator shares the server's cores, and a full decode
// of every frame would take CPU from the server being measured.
func frameInfo(b []byte) (typ, hash string) {
	if bytes.HasPrefix(b, []byte(`{"type":"playlist"`)) {
		i := bytes.Index(b, []byte(`"schedule":{`))
		if i < 0 {
			return "playlist", ""
		}
		rest := b[i+len(`"schedule":{`):]
		// The schedule object starts with its id, name and hash.
		if j := bytes.Index(rest, []byte(`"hash":"`)); j >= 0 && j < 512 {
			rest = rest[j+len(`"hash":"`):]
			if k := bytes.IndexByte(rest, '"'); k >= 0 {
				return "playlist", string(rest[:k])
			}
		}
	}
	var f struct {
		Type     string `json:"type"`
		Schedule *struct {
			Hash string `json:"hash"`
		} `json:"schedule"`
	}
	if json.Unmarshal(b, &f) != nil {
		return "", ""
	}
	if f.Schedule != nil {
		hash = f.Schedule.Hash
	}
	return f.Type, hash
}

// ms formats a duration in milliseconds, or seconds past 10 s.
func ms(d time.Duration) string {
	if d >= 10*time.Second {
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
}

// kb formats a byte count in KB (1,024 bytes).
func kb(b float64) string {
	return fmt.Sprintf("%.1f KB", b/1024)
}
