package httpapi_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"vitrine/internal/config"
	"vitrine/internal/media/mediatest"
	"vitrine/internal/objects"
	"vitrine/internal/objects/miniotest"
	"vitrine/internal/testutil"
)

// An upload policy stays valid for its hour, but sends one file into the
// library: used again, it cannot replace the checked bytes, and uploads never
// registered are swept after a day. Tried on the local store and on S3.
func TestAnUploadPolicySendsOneFile(t *testing.T) {
	for _, store := range []string{"local", "s3"} {
		t.Run(store, func(t *testing.T) {
			clock := testutil.NewClock(time.Now())
			opts := []testutil.Option{testutil.WithClock(clock.Now)}
			if store == "s3" {
				srv := miniotest.Start(t)
				opts = append(opts, testutil.WithConfig(func(c *config.Config) { c.StorageURL = srv.StorageURL() }))
			}
			a := testutil.NewApp(t, "sqlite", opts...)
			u := a.SeedUser(t, "ana@loja.com", "")
			a.SeedFranchise(t, "loja", "Loja", u)
			ctx := context.Background()
			objs := a.Media.Store()

			p := policy(t, a, u.Token, "loja", "image", "image/png")
			staged := p.Data.Fields["key"]
			if !strings.HasPrefix(staged, "uploads/loja.") {
				t.Fatalf("the policy names %q, not a staging key of the franchise", staged)
			}
			original := mediatest.PNG(64, 48)
			if r := postBytes(t, a, p.Data.URL, p.Data.Fields, original); r.Status != 204 {
				t.Fatalf("upload: %d %s", r.Status, r.Body)
			}
			m := register(t, a, u.Token, "loja", map[string]any{"name": "Foto", "type": "image", "filePath": staged})
			if want := "loja/media/" + strings.TrimPrefix(staged, "uploads/loja."); m.FilePath != want {
				t.Fatalf("registered at %q, want %q", m.FilePath, want)
			}
			if _, err := objs.Stat(ctx, staged); !errors.Is(err, objects.ErrNotFound) {
				t.Fatalf("the staging copy is still there: %v", err)
			}

			t.Run("the same policy cannot replace the registered file", func(t *testing.T) {
				other := mediatest.PNG(640, 480)
				r := postBytes(t, a, p.Data.URL, p.Data.Fields, other)
				if store == "local" && (r.Status != 403 || r.Code() != 1403) {
					t.Fatalf("second upload with one policy: %d %s", r.Status, r.Body)
				}
				info, err := objs.Stat(ctx, m.FilePath)
				if err != nil || info.Size != int64(len(original)) {
					t.Fatalf("the registered file changed: %+v %v", info, err)
				}
				again := a.Do(t, "POST", "/api/media/loja", u.Token, map[string]any{"name": "De novo", "type": "image", "filePath": staged})
				if again.Status != 409 {
					t.Fatalf("registering the policy's key again: %d %s", again.Status, again.Body)
				}
				if info, _ := objs.Stat(ctx, m.FilePath); info.Size != int64(len(original)) {
					t.Fatal("registering again replaced the file")
				}
			})

			if store == "local" {
				t.Run("staged files are not served", func(t *testing.T) {
					q := policy(t, a, u.Token, "loja", "image", "image/png")
					postBytes(t, a, q.Data.URL, q.Data.Fields, mediatest.PNG(8, 8))
					if r := get(t, a.URL+"/files/"+q.Data.Fields["key"]); r.Status != 404 {
						t.Fatalf("GET a staged file: %d", r.Status)
					}
				})
			}

			t.Run("uploads never registered are removed after a day", func(t *testing.T) {
				q := policy(t, a, u.Token, "loja", "image", "image/png")
				if r := postBytes(t, a, q.Data.URL, q.Data.Fields, mediatest.PNG(8, 8)); r.Status != 204 {
					t.Fatalf("upload: %d %s", r.Status, r.Body)
				}
				if n, err := a.Media.SweepUploads(ctx); err != nil || n != 0 {
					t.Fatalf("a fresh upload was swept: %d %v", n, err)
				}
				clock.Advance(25 * time.Hour)
				if _, err := a.Media.SweepUploads(ctx); err != nil {
					t.Fatal(err)
				}
				if _, err := objs.Stat(ctx, q.Data.Fields["key"]); !errors.Is(err, objects.ErrNotFound) {
					t.Fatalf("a day-old unregistered upload survived: %v", err)
				}
				if _, err := objs.Stat(ctx, m.FilePath); err != nil {
					t.Fatalf("the sweep touched the library: %v", err)
				}
			})

		})
	}
}
