package config

import (
	"io"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestShutdownTimeout(t *testing.T) {
	cases := []struct {
		name, value string
		want        time.Duration
		err         bool
	}{
		{name: "unset: 30 seconds", want: 30 * time.Second},
		{name: "a Go duration", value: "2m", want: 2 * time.Minute},
		{name: "a bare number is refused", value: "90", err: true},
		{name: "zero is refused", value: "0s", err: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse(nil, env(map[string]string{"VITRINE_SHUTDOWN_TIMEOUT": tc.value}), io.Discard)
			if tc.err {
				if err == nil || !strings.Contains(err.Error(), "VITRINE_SHUTDOWN_TIMEOUT") {
					t.Fatalf("err %v, want one naming VITRINE_SHUTDOWN_TIMEOUT", err)
				}
				return
			}
			if err != nil || c.ShutdownTimeout != tc.want {
				t.Fatalf("%v, %v; want %v", c.ShutdownTimeout, err, tc.want)
			}
		})
	}
}

func TestParseCommandTakesFlagsOnEitherSideOfTheFile(t *testing.T) {
	for _, args := range [][]string{
		{"--data", "/srv/vitrine", "backup.db"},
		{"backup.db", "--data", "/srv/vitrine"},
	} {
		c, rest, err := ParseCommand(args, env(nil), io.Discard)
		if err != nil || c.DataDir != "/srv/vitrine" || !slices.Equal(rest, []string{"backup.db"}) {
			t.Errorf("%v: data %q, rest %v, %v", args, c.DataDir, rest, err)
		}
	}
	if _, err := Parse([]string{"backup.db"}, env(nil), io.Discard); err == nil {
		t.Error("serve takes no file, but Parse accepted one")
	}
}
