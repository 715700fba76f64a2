package main

import (
	"encoding/json"
	"slices"
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	var d []time.Duration
	for i := 1; i <= 100; i++ {
		d = append(d, time.Duration(i)*time.Millisecond)
	}
	for _, c := range []struct {
		q    float64
		want time.Duration
	}{{0.5, 50 * time.Millisecond}, {0.99, 99 * time.Millisecond}, {1, 100 * time.Millisecond}, {0.001, time.Millisecond}} {
		if got := percentile(d, c.q); got != c.want {
			t.Errorf("percentile(1..100 ms, %v) = %v, want %v", c.q, got, c.want)
		}
	}
	if got := percentile(nil, 0.99); got != 0 {
		t.Errorf("percentile of nothing = %v", got)
	}
	s := summarize([]time.Duration{3, 1, 2})
	if s.N != 3 || s.P50 != 2 || s.P99 != 3 || s.Max != 3 {
		t.Errorf("summarize = %+v", s)
	}
}

func TestParseGC(t *testing.T) {
	g, ok := parseGC("gc 12 @31.412s 1%: 0.032+4.1+0.020 ms clock, 0.064+0.51/3.9/0+0.041 ms cpu, 180->182->96 MB, 190 MB goal, 40 MB stacks, 1 MB globals, 2 P (forced)")
	if !ok || g.Num != 12 || g.HeapLive != 96 || g.Stacks != 40 || g.Goal != 190 || !g.Forced {
		t.Fatalf("parseGC = %+v, %v", g, ok)
	}
	if _, ok := parseGC(`time=2026-11-23T10:00:00Z level=WARN msg="x"`); ok {
		t.Fatal("a log line parsed as a GC line")
	}
}

func TestFrameInfo(t *testing.T) {
	for _, c := range []struct{ frame, typ, hash string }{
		{`{"type":"playlist","serverTime":1,"screen":{"name":"x"},"schedule":{"id":"s","name":"n","hash":"abc","entries":[]}}`, "playlist", "abc"},
		{`{"type":"playlist","serverTime":1,"screen":{},"schedule":null}`, "playlist", ""},
		{`{"device":"K7M3QX","type":"unpaired"}`, "unpaired", ""},
		{`{"serverTime":1,"type":"playlist","schedule":{"hash":"h2"}}`, "playlist", "h2"},
	} {
		typ, hash := frameInfo([]byte(c.frame))
		if typ != c.typ || hash != c.hash {
			t.Errorf("frameInfo(%s) = %q %q, want %q %q", c.frame, typ, hash, c.typ, c.hash)
		}
	}
}

func TestOverrideIDsAgreeWithEncodingJSON(t *testing.T) {
	for _, c := range []struct {
		frame string
		want  []string
	}{
		{`{"screen":{"name":"x"},"overrides":[]}`, nil},
		{`{"screen":"same","overrides":null}`, nil},
		{`{"screen":{"name":"x"}}`, nil},
		{`{"screen":{"name":"\"overrides\":[{\"id\":\"x\"}]"},"overrides":[{"id":"o1","title":"Fogo","text":"a \"}] b","media":{"id":"m","type":"image","url":"/u"},"start":1,"end":0}],"schedule":null}`, []string{"o1"}},
		{`{"screen":"same","overrides":[{"id":"o1","title":"[{"},{"id":"o2","title":"x\\","media":null}]}`, []string{"o1", "o2"}},
		// Not as the server writes it: read through encoding/json.
		{`{"screen":"same","overrides":[{"title":"x","id":"o3"}, {"id":"o\u00344"}]}`, []string{"o3", "o44"}},
	} {
		if got := overrideIDs([]byte(c.frame)); !slices.Equal(got, c.want) {
			t.Errorf("overrideIDs(%s) = %q, want %q", c.frame, got, c.want)
		}
	}
}

func TestAckFrameIsJSON(t *testing.T) {
	for _, c := range []struct {
		hash      string
		overrides []string
	}{{"abc", nil}, {"", []string{"o1", "o2"}}, {`a"b\c`, []string{"é", "\n"}}} {
		var got struct {
			Type      string   `json:"type"`
			Hash      string   `json:"hash"`
			Overrides []string `json:"overrides"`
		}
		b := ackFrame(c.hash, c.overrides)
		if err := json.Unmarshal(b, &got); err != nil || got.Type != "ack" || got.Hash != c.hash || !slices.Equal(got.Overrides, c.overrides) {
			t.Errorf("ackFrame(%q, %q) = %s (%v)", c.hash, c.overrides, b, err)
		}
	}
}
