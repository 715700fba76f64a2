package app

import (
	"strings"
	"testing"
)

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		var out, errs strings.Builder
		if code := Main(args, &out, &errs); code != 0 {
			t.Errorf("%v: exit %d", args, code)
		}
		if !strings.Contains(out.String(), "vitrine serve [flags]") || !strings.Contains(out.String(), "SMTP_URL") {
			t.Errorf("%v: %s", args, out.String())
		}
	}
	var out, errs strings.Builder
	if code := Main(nil, &out, &errs); code != 2 || !strings.Contains(out.String(), "Usage:") {
		t.Errorf("no command: exit %d, %s", code, out.String())
	}
	out.Reset()
	if code := Main([]string{"serve", "--help"}, &out, &errs); code != 0 || !strings.Contains(errs.String(), "VITRINE_DEMO") {
		t.Errorf("serve --help: exit %d, %s", code, errs.String())
	}
	errs.Reset()
	if code := Main([]string{"launch"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), `unknown command "launch"`) {
		t.Errorf("unknown command: exit %d, %s", code, errs.String())
	}
	errs.Reset()
	if code := Main([]string{"serve", "--addr"}, &out, &errs); code != 2 {
		t.Errorf("a flag without its value: exit %d", code)
	}
}
