package objects_test

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net"
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

// Opened as the server opens it, an S3 bucket serves the library to anyone
// with an address, keeps staged uploads private, and lists nothing.
func TestS3LibraryIsPublishedForBrowsers(t *testing.T) {
	srv := miniotest.Start(t)
	ctx := context.Background()
	store, status, err := objects.New(ctx, objects.Config{StorageURL: srv.StorageURL(), ConsoleOrigin: "http://vitrine.test"})
	if err != nil {
		t.Fatal(err)
	}
	if status.Warning != "" {
		t.Fatalf("warning on a bucket the server may configure: %s", status.Warning)
	}
	for _, key := range []string{"loja/media/foto.png", "loja/thumbs/foto.jpg", "uploads/loja.foto.png", "uploads/media.foto.png"} {
		if _, err := store.Put(ctx, key, strings.NewReader("bytes"), objects.PutOptions{Size: 5}); err != nil {
			t.Fatal(err)
		}
	}
	anonymous := func(url string) int {
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for key, want := range map[string]int{
		"loja/media/foto.png":    200,
		"loja/thumbs/foto.jpg":   200,
		"uploads/loja.foto.png":  403,
		"uploads/media.foto.png": 403,
	} {
		if got := anonymous(store.URL(key)); got != want {
			t.Errorf("anonymous GET %s: %d, want %d", key, got, want)
		}
	}
	if got := anonymous("http://" + srv.Endpoint + "/" + srv.Bucket + "/"); got != 403 {
		t.Errorf("anonymous listing of the bucket: %d, want 403", got)
	}
}

// When the media address does not serve the bucket's objects, the start-up
// check says what to configure.
func TestS3WarnsWhenMediaCannotBeRead(t *testing.T) {
	srv := miniotest.Start(t)
	dead := httptestServer(t)
	_, status, err := objects.New(context.Background(), objects.Config{StorageURL: srv.StorageURL(), MediaURL: dead})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(status.Warning, "VITRINE_MEDIA_URL") {
		t.Fatalf("warning %q does not say what to configure", status.Warning)
	}
}

// httptestServer answers 404 to everything, like a CDN not wired to the bucket.
func httptestServer(t *testing.T) string {
	s := &http.Server{Handler: http.NotFoundHandler()}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go s.Serve(ln)
	t.Cleanup(func() { s.Close() })
	return "http://" + ln.Addr().String() + "/midia"
}
