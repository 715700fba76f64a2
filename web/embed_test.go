package web

import (
	"testing"
	"testing/fstest"
)

func TestPlayerBuildIsThePagesModuleScript(t *testing.T) {
	for _, c := range []struct {
		page, want string
	}{
		{`<head><script type="module" crossorigin src="/assets/player-B1a2c3.js"></script><link rel="stylesheet" crossorigin href="/assets/player-x9.css"></head>`, "/assets/player-B1a2c3.js"},
		{`<script type="module" src="/assets/player-Zz.js"></script>`, "/assets/player-Zz.js"},
		{`<script src="/assets/other.js"></script>`, ""},
		{`<html></html>`, ""},
	} {
		fsys := fstest.MapFS{"player.html": {Data: []byte(c.page)}}
		if got := PlayerBuild(fsys); got != c.want {
			t.Errorf("PlayerBuild(%s) = %q, want %q", c.page, got, c.want)
		}
	}
	if got := PlayerBuild(fstest.MapFS{}); got != "" {
		t.Errorf("without a page: %q", got)
	}
	if got := PlayerBuild(nil); got != "" {
		t.Errorf("without a build: %q", got)
	}
}
