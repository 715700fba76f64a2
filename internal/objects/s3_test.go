package objects_test

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"vitrine/internal/objects"
	"vitrine/internal/objects/miniotest"
)

func TestParseS3URL(t *testing.T) {
	c, err := objects.ParseS3URL("s3://AK:S%2FK@minio.local:9000/midia?secure=false&region=sa-east-1")
	if err != nil {
		t.Fatal(err)
	}
	want := objects.S3Config{Endpoint: "minio.local:9000", AccessKey: "AK", SecretKey: "S/K", Bucket: "midia", Secure: false, Region: "sa-east-1"}
	if c != want {
		t.Fatalf("got %+v, want %+v", c, want)
	}
	for _, bad := range []string{"http://a/b", "s3://AK:SK@host", "s3://AK:SK@host/a/b", "s3://h/b?secure=talvez"} {
		if _, err := objects.ParseS3URL(bad); err == nil {
			t.Errorf("ParseS3URL(%q) accepted", bad)
		}
	}
}

func TestS3Store(t *testing.T) {
	srv := miniotest.Start(t)
	open := func(t *testing.T) objects.Store {
		cfg, err := objects.ParseS3URL(srv.StorageURL())
		if err != nil {
			t.Fatal(err)
		}
		s, err := objects.NewS3(cfg, "https://cdn.example.com/m/")
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	storeContract(t, open)

	t.Run("media URLs use the CDN base", func(t *testing.T) {
		if got := open(t).URL("a/media/x.png"); got != "https://cdn.example.com/m/a/media/x.png" {
			t.Fatalf("URL = %q", got)
		}
	})

	ctx := context.Background()
	s := open(t)
	policy := func(key string, expires time.Time) objects.Upload {
		up, err := s.PresignUpload(ctx, objects.UploadPolicy{Key: key, ContentType: "image/png", MaxSize: 1024, Expires: expires})
		if err != nil {
			t.Fatal(err)
		}
		return up
	}
	t.Run("a browser-style POST with the presigned policy stores the file", func(t *testing.T) {
		up := policy("loja-a/media/ok.png", time.Now().Add(time.Hour))
		if up.Fields["key"] != "loja-a/media/ok.png" || up.Fields["Content-Type"] != "image/png" || up.Fields["policy"] == "" {
			t.Fatalf("fields %v", up.Fields)
		}
		res := postForm(t, up.URL, up.Fields, bytes.Repeat([]byte{1}, 100))
		if res.StatusCode != http.StatusNoContent {
			t.Fatalf("status %d: %s", res.StatusCode, body(res))
		}
		st, err := s.Stat(ctx, "loja-a/media/ok.png")
		if err != nil || st.Size != 100 || st.ContentType != "image/png" {
			t.Fatalf("stored %+v, %v", st, err)
		}
	})
	refusals := []struct {
		name   string
		key    string
		fields map[string]string
		size   int
		expiry time.Duration
	}{
		{"a file over the policy's size", "loja-a/media/big.png", nil, 2048, time.Hour},
		{"another franchise's key", "loja-a/media/x.png", map[string]string{"key": "loja-b/media/x.png"}, 10, time.Hour},
		{"another content type", "loja-a/media/y.png", map[string]string{"Content-Type": "text/html"}, 10, time.Hour},
		{"an expired policy", "loja-a/media/late.png", nil, 10, -time.Minute},
	}
	for _, c := range refusals {
		t.Run(c.name+" is refused by the bucket", func(t *testing.T) {
			up := policy(c.key, time.Now().Add(c.expiry))
			for k, v := range c.fields {
				up.Fields[k] = v
			}
			res := postForm(t, up.URL, up.Fields, bytes.Repeat([]byte{1}, c.size))
			if res.StatusCode < 400 {
				t.Fatalf("status %d", res.StatusCode)
			}
			for _, key := range []string{c.key, up.Fields["key"]} {
				if _, err := s.Stat(ctx, key); err == nil {
					t.Fatalf("object %s stored", key)
				}
			}
		})
	}
}

// postForm sends fields then the file, as the console does.
func postForm(t *testing.T, url string, fields map[string]string, file []byte) *http.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	fw, _ := mw.CreateFormFile("file", "f.bin")
	fw.Write(file)
	mw.Close()
	res, err := http.Post(url, mw.FormDataContentType(), &buf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

func body(res *http.Response) string {
	b, _ := io.ReadAll(res.Body)
	return strings.TrimSpace(string(b))
}
