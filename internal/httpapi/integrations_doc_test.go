package httpapi_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"vitrine/internal/testutil"
)

// docExample is the shell block of docs/integrations.md that follows the
// marker, as the reader copies it.
func docExample(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "integrations.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(raw), "<!-- integrations-example -->\n```sh\n")
	if !ok {
		t.Fatal("docs/integrations.md has no ```sh block after <!-- integrations-example -->")
	}
	block, _, ok := strings.Cut(rest, "\n```")
	if !ok {
		t.Fatal("the example's block is not closed")
	}
	return block
}

// The example of docs/integrations.md runs as written, with bash, curl
// and jq, against a server: a price system's token uploads an image
// through the signed upload policy, registers it and puts it at the end of
// a schedule, whose other entries keep their rules.
func TestTheIntegrationsExampleRunsAsDocumented(t *testing.T) {
	for _, tool := range []string{"bash", "curl", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	script := docExample(t)
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		f := tokenFixture(t, a)
		kept := seedMedia(t, a, f.id, "Vitrine da semana")
		mustStatus(t, a.Do(t, "POST", "/api/schedule/"+f.slug+"/"+f.closed, f.nina.Token,
			map[string]any{"media": []map[string]any{{"id": kept, "displayTime": 20, "dok": 62, "timeGap": []string{"08:00@12:00"}}}}), 200)
		tok := newToken(t, a, f.slug, f.nina.Token, map[string]any{"name": "Sistema de preços", "scopes": []string{"read", "media", "schedules"}})

		dir := t.TempDir()
		img := image.NewRGBA(image.Rect(0, 0, 64, 32))
		for x := range 64 {
			for y := range 32 {
				img.Set(x, y, color.RGBA{R: uint8(x * 4), G: 120, B: uint8(y * 8), A: 255})
			}
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "oferta.png"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.CommandContext(context.Background(), "bash", "-c", script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "VITRINE_URL="+a.URL, "VITRINE_TOKEN="+tok.Secret, "GROUP="+f.slug, "SCHEDULE="+f.closed)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("the example failed: %v\n%s", err, out)
		}
		if got := strings.TrimSpace(string(out)); got != "Rede só: 2 itens" {
			t.Errorf("the example printed %q", got)
		}

		r := a.Do(t, "GET", "/api/schedule/"+f.slug+"/"+f.closed+"?fullMedia=true", f.nina.Token, nil)
		mustStatus(t, r, 200)
		var detail struct {
			Media []struct {
				ID, Name, Type string
				DisplayTime    int
				Dok            int
				TimeGap        []string
			}
		}
		r.Decode(t, &detail)
		if len(detail.Media) != 2 {
			t.Fatalf("entries after the example: %+v", detail.Media)
		}
		first, added := detail.Media[0], detail.Media[1]
		if first.ID != kept || first.DisplayTime != 20 || first.Dok != 62 || len(first.TimeGap) != 1 {
			t.Errorf("the entry already there lost its rules: %+v", first)
		}
		if added.Name != "Oferta do dia" || added.Type != "image" || added.DisplayTime != 15 {
			t.Errorf("the entry added: %+v", added)
		}
		// Both changes are the token's in the audit trail.
		r = a.Do(t, "GET", "/api/audit/"+f.slug, f.nina.Token, nil)
		mustStatus(t, r, 200)
		var trail struct {
			Records []struct{ Kind, TokenName string }
		}
		r.Decode(t, &trail)
		byToken := map[string]bool{}
		for _, rec := range trail.Records {
			if rec.TokenName == "Sistema de preços" {
				byToken[rec.Kind] = true
			}
		}
		if !byToken["media"] || !byToken["entry"] && !byToken["schedule"] {
			t.Errorf("the token's records: %+v", trail.Records)
		}
	})
}
