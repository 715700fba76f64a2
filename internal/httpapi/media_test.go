package httpapi_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/jpeg"
	"io"
	"math"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"vitrine/internal/config"
	"vitrine/internal/db"
	"vitrine/internal/media"
	"vitrine/internal/media/mediatest"
	"vitrine/internal/objects/miniotest"
	"vitrine/internal/testutil"
)

type policyBody struct {
	Data struct {
		URL    string            `json:"url"`
		Fields map[string]string `json:"fields"`
	} `json:"data"`
}

type mediaBody struct {
	Media media.Media `json:"media"`
}

type libraryBody struct {
	MediaList []media.Media `json:"mediaList"`
	FolderMap media.Folder  `json:"folderMap"`
}

// policy asks for an upload policy and fails the test unless it is granted.
func policy(t *testing.T, a *testutil.TestApp, token, slug, kind, contentType string) policyBody {
	t.Helper()
	r := a.Do(t, "GET", fmt.Sprintf("/api/media/file/%s?type=%s&contentType=%s", slug, kind, contentType), token, nil)
	if r.Status != 200 {
		t.Fatalf("upload policy: %d %s", r.Status, r.Body)
	}
	var p policyBody
	r.Decode(t, &p)
	return p
}

// postUpload posts fields then the file, as the browser does, to the
// policy's URL (relative URLs go to the app). The body is streamed; like a
// browser's, it has a Content-Length when size is known (>= 0).
func postUpload(t testing.TB, a *testutil.TestApp, url string, fields map[string]string, file io.Reader, size int64) *testutil.Response {
	t.Helper()
	if strings.HasPrefix(url, "/") {
		url = a.URL + url
	}
	var head bytes.Buffer
	mw := multipart.NewWriter(&head)
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	if _, err := mw.CreateFormFile("file", "arquivo"); err != nil {
		t.Fatal(err)
	}
	prefix := append([]byte(nil), head.Bytes()...)
	head.Reset()
	mw.Close()
	suffix := head.Bytes()
	req, err := http.NewRequest("POST", url, io.MultiReader(bytes.NewReader(prefix), file, bytes.NewReader(suffix)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if size >= 0 {
		req.ContentLength = int64(len(prefix)) + size + int64(len(suffix))
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("upload: %v", err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return &testutil.Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// postBytes is postUpload of a file held in memory.
func postBytes(t testing.TB, a *testutil.TestApp, url string, fields map[string]string, data []byte) *testutil.Response {
	t.Helper()
	return postUpload(t, a, url, fields, bytes.NewReader(data), int64(len(data)))
}

// upload gets a policy and posts data with it; it returns the object key.
func upload(t *testing.T, a *testutil.TestApp, token, slug, kind, contentType string, data []byte) string {
	t.Helper()
	p := policy(t, a, token, slug, kind, contentType)
	if r := postBytes(t, a, p.Data.URL, p.Data.Fields, data); r.Status != 204 {
		t.Fatalf("upload: %d %s", r.Status, r.Body)
	}
	return p.Data.Fields["key"]
}

func register(t *testing.T, a *testutil.TestApp, token, slug string, body map[string]any) media.Media {
	t.Helper()
	r := a.Do(t, "POST", "/api/media/"+slug, token, body)
	if r.Status != 201 {
		t.Fatalf("register: %d %s", r.Status, r.Body)
	}
	var m mediaBody
	r.Decode(t, &m)
	return m.Media
}

func library(t *testing.T, a *testutil.TestApp, token, slug string) libraryBody {
	t.Helper()
	r := a.Do(t, "GET", "/api/media/"+slug, token, nil)
	if r.Status != 200 {
		t.Fatalf("list: %d %s", r.Status, r.Body)
	}
	var l libraryBody
	r.Decode(t, &l)
	return l
}

func get(t *testing.T, url string, header ...string) *testutil.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return &testutil.Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// objectFiles lists the stored files of the local store (the private
// folder of uploads in progress included).
func objectFiles(t *testing.T, a *testutil.TestApp) []string {
	t.Helper()
	var out []string
	root := filepath.Join(a.Config.DataDir, "objects")
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

func TestMediaLibraryFlow(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		alice := a.SeedUser(t, "alice@loja-a.com", "")
		a.SeedFranchise(t, "loja-a", "Loja A", alice)

		key := upload(t, a, alice.Token, "loja-a", "image", "image/png", mediatest.PNG(640, 480))
		if !strings.HasPrefix(key, "loja-a/media/") || !strings.HasSuffix(key, ".png") {
			t.Fatalf("key %q is not under the franchise's prefix", key)
		}

		t.Run("the uploaded file is served with type, range, ETag and cache headers", func(t *testing.T) {
			r := get(t, a.URL+"/files/"+key)
			if r.Status != 200 || r.Header.Get("Content-Type") != "image/png" || r.Header.Get("ETag") == "" ||
				!strings.Contains(r.Header.Get("Cache-Control"), "max-age=31536000") {
				t.Fatalf("GET file: %d %v", r.Status, r.Header)
			}
			part := get(t, a.URL+"/files/"+key, "Range", "bytes=0-7")
			if part.Status != 206 || string(part.Body) != "\x89PNG\r\n\x1a\n" {
				t.Fatalf("range: %d %q", part.Status, part.Body)
			}
			again := get(t, a.URL+"/files/"+key, "If-None-Match", r.Header.Get("ETag"))
			if again.Status != 304 {
				t.Fatalf("conditional GET: %d", again.Status)
			}
		})

		banner := register(t, a, alice.Token, "loja-a", map[string]any{
			"name": "Banner 10", "type": "image", "folder": "|Campanhas|Natal", "displayTime": 10, "filePath": key})
		t.Run("an image is registered with its real size and a thumbnail", func(t *testing.T) {
			m := banner
			if m.Type != "image" || m.Width != 640 || m.Height != 480 || m.ContentType != "image/png" ||
				m.Folder != "Campanhas|Natal" || m.DisplayTime != 0 || m.FilePath != key ||
				m.URL != "/files/"+key || m.Franchise != "loja-a" || m.Size == 0 || m.Schedules == nil {
				t.Fatalf("registered %+v", m)
			}
			th := get(t, a.URL+m.ThumbnailURL)
			if th.Status != 200 || th.Header.Get("Content-Type") != "image/jpeg" {
				t.Fatalf("thumbnail %q: %d", m.ThumbnailURL, th.Status)
			}
			cfg, err := jpeg.DecodeConfig(bytes.NewReader(th.Body))
			if err != nil || cfg.Width != media.ThumbWidth || cfg.Height != 240 {
				t.Fatalf("thumbnail %+v %v", cfg, err)
			}
		})
		t.Run("the same upload cannot be registered twice", func(t *testing.T) {
			r := a.Do(t, "POST", "/api/media/loja-a", alice.Token, map[string]any{"name": "x", "type": "image", "filePath": key})
			if r.Status != 409 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
		})

		photo := register(t, a, alice.Token, "loja-a", map[string]any{"name": "Banner 9", "type": "image", "folder": "",
			"filePath": upload(t, a, alice.Token, "loja-a", "image", "image/jpeg", mediatest.JPEG(300, 200))})
		anim := register(t, a, alice.Token, "loja-a", map[string]any{"name": "banner 2", "type": "video", "folder": "Campanhas",
			"filePath": upload(t, a, alice.Token, "loja-a", "video", "image/gif", mediatest.GIF(40, 30))})
		if photo.ContentType != "image/jpeg" || photo.Width != 300 || anim.ContentType != "image/gif" || anim.Type != "image" || anim.Height != 30 {
			t.Fatalf("jpeg %+v\ngif %+v", photo, anim)
		}

		t.Run("the list is in natural order and the folder map nests folders", func(t *testing.T) {
			l := library(t, a, alice.Token, "loja-a")
			var names []string
			for _, m := range l.MediaList {
				names = append(names, m.Name)
			}
			if strings.Join(names, ",") != "banner 2,Banner 9,Banner 10" {
				t.Fatalf("order %q", names)
			}
			root := l.FolderMap
			if len(root.Media) != 1 || root.Media[0].ID != photo.ID || len(root.Folders) != 1 {
				t.Fatalf("root %+v", root)
			}
			camp := root.Folders[0]
			if camp.Name != "Campanhas" || camp.Path != "Campanhas" || len(camp.Media) != 1 || camp.Media[0].ID != anim.ID ||
				len(camp.Folders) != 1 || camp.Folders[0].Path != "Campanhas|Natal" || camp.Folders[0].Media[0].ID != banner.ID {
				t.Fatalf("Campanhas %+v", camp)
			}
		})

		bob := a.SeedUser(t, "bob@loja-b.com", "")
		a.SeedFranchise(t, "loja-b", "Loja B", bob)
		a.Run(t, []testutil.Scenario{
			{Name: "rename and move to the root", Method: "POST", Path: "/api/media/loja-a/" + banner.ID, Token: alice.Token,
				Body: map[string]any{"id": banner.ID, "name": " Banner Natal ", "folder": ""}, Status: 200,
				Contains: []string{`"name":"Banner Natal"`, `"folder":""`}},
			{Name: "move into a new nested folder", Method: "POST", Path: "/api/media/loja-a/" + banner.ID, Token: alice.Token,
				Body: map[string]any{"folder": "Campanhas|2026"}, Status: 200, Contains: []string{`"folder":"Campanhas|2026"`, `"name":"Banner Natal"`}},
			{Name: "a blank name is refused", Method: "POST", Path: "/api/media/loja-a/" + banner.ID, Token: alice.Token,
				Body: map[string]any{"name": "  "}, Status: 400, Code: 1141},
			{Name: "an id in the body that differs from the path is refused", Method: "POST", Path: "/api/media/loja-a/" + banner.ID, Token: alice.Token,
				Body: map[string]any{"id": photo.ID, "name": "x"}, Status: 400, Code: 1003},
			{Name: "an unknown media is 100101", Method: "POST", Path: "/api/media/loja-a/nao-existe", Token: alice.Token,
				Body: map[string]any{"name": "x"}, Status: 404, Code: 100101},
			{Name: "another franchise's caller gets 1403", Method: "POST", Path: "/api/media/loja-a/" + banner.ID, Token: bob.Token,
				Body: map[string]any{"name": "x"}, Status: 403, Code: 1403},
			{Name: "another franchise's caller cannot list", Method: "GET", Path: "/api/media/loja-a", Token: bob.Token,
				Status: 403, Code: 1403, Absent: []string{"Banner"}},
			{Name: "another franchise's media through one's own franchise is 100101", Method: "POST", Path: "/api/media/loja-b/" + banner.ID,
				Token: bob.Token, Body: map[string]any{"name": "x"}, Status: 404, Code: 100101, Absent: []string{"Banner"}},
			{Name: "another franchise's media cannot be deleted", Method: "DELETE", Path: "/api/media/loja-b/" + banner.ID,
				Token: bob.Token, Status: 404, Code: 100101},
			{Name: "the other franchise's library is empty", Method: "GET", Path: "/api/media/loja-b", Token: bob.Token,
				Status: 200, Contains: []string{`"mediaList":[]`}, Absent: []string{"Banner"}},
			{Name: "without a token", Method: "GET", Path: "/api/media/loja-a", Status: 401, Code: 1022},
			{Name: "a delete naming an unknown id deletes nothing", Method: "DELETE", Path: "/api/media/loja-a/" + banner.ID + ",nao-existe",
				Token: alice.Token, Status: 404, Code: 100101},
			{Name: "an empty id in the list is 100105", Method: "DELETE", Path: "/api/media/loja-a/" + banner.ID + ",",
				Token: alice.Token, Status: 400, Code: 100105},
		})
		if n := len(library(t, a, alice.Token, "loja-a").MediaList); n != 3 {
			t.Fatalf("after refused deletes: %d media, want 3", n)
		}

		t.Run("deleting several media removes their rows, files and thumbnails", func(t *testing.T) {
			r := a.Do(t, "DELETE", "/api/media/loja-a/"+banner.ID+","+anim.ID, alice.Token, nil)
			if r.Status != 200 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			l := library(t, a, alice.Token, "loja-a")
			if len(l.MediaList) != 1 || l.MediaList[0].ID != photo.ID || len(l.FolderMap.Folders) != 0 {
				t.Fatalf("left %+v", l)
			}
			for _, u := range []string{banner.URL, banner.ThumbnailURL, anim.URL, anim.ThumbnailURL} {
				if r := get(t, a.URL+u); r.Status != 404 {
					t.Errorf("%s still served: %d", u, r.Status)
				}
			}
			if r := get(t, a.URL+photo.URL); r.Status != 200 {
				t.Errorf("the media kept was deleted too: %d", r.Status)
			}
		})
	})
}

func TestVideosAreMeasuredAndGetAThumbnail(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	u := a.SeedUser(t, "video@loja.com", "")
	a.SeedFranchise(t, "loja", "Loja", u)
	for _, c := range []struct{ ext, ct string }{{"mp4", "video/mp4"}, {"avi", "video/x-msvideo"}} {
		t.Run(c.ext, func(t *testing.T) {
			data := mediatest.Video(t, c.ext, 320, 240, 25, 3.5)
			m := register(t, a, u.Token, "loja", map[string]any{"name": "Vídeo " + c.ext, "type": "video", "displayTime": 99,
				"filePath": upload(t, a, u.Token, "loja", "video", c.ct, data)})
			if m.Type != "video" || m.Width != 320 || m.Height != 240 || math.Abs(m.Duration-3.5) > 0.2 ||
				m.DisplayTime != 3 || math.Abs(m.FPS-25) > 0.5 || m.ContentType != media.MP4.ContentType && c.ext == "mp4" {
				t.Fatalf("registered %+v", m)
			}
			// Video thumbnails come from ffmpeg, which made the video above.
			if r := get(t, a.URL+m.ThumbnailURL); m.ThumbnailURL == "" || r.Status != 200 || r.Header.Get("Content-Type") != "image/jpeg" {
				t.Fatalf("thumbnail %q: %d", m.ThumbnailURL, r.Status)
			}
			if r := get(t, a.URL+m.URL, "Range", "bytes=100-199"); r.Status != 206 || len(r.Body) != 100 {
				t.Fatalf("seek in the video: %d, %d bytes", r.Status, len(r.Body))
			}
		})
	}
}

func TestBadUploadsAreRefusedAndLeaveNothing(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		var offset atomic.Int64
		clock := func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }
		a := testutil.NewApp(t, engine, testutil.WithClock(clock))
		alice := a.SeedUser(t, "alice@a.com", "")
		bob := a.SeedUser(t, "bob@b.com", "")
		a.SeedFranchise(t, "loja-a", "Loja A", alice)
		a.SeedFranchise(t, "loja-b", "Loja B", bob)

		noLeftovers := func(t *testing.T) {
			t.Helper()
			if files := objectFiles(t, a); len(files) != 0 {
				t.Fatalf("files left in storage: %v", files)
			}
			if l := library(t, a, alice.Token, "loja-a"); len(l.MediaList) != 0 {
				t.Fatalf("media registered: %+v", l.MediaList)
			}
		}
		// registerRefused uploads data under a policy for contentType and
		// expects the registration to fail with status and a message part.
		registerRefused := func(t *testing.T, kind, contentType string, data []byte, status int, msg string) {
			t.Helper()
			key := upload(t, a, alice.Token, "loja-a", kind, contentType, data)
			r := a.Do(t, "POST", "/api/media/loja-a", alice.Token, map[string]any{"name": "x", "type": kind, "filePath": key})
			if r.Status != status || !strings.Contains(string(r.Body), msg) || r.Code() == 0 {
				t.Fatalf("register: %d %s; want %d with %q", r.Status, r.Body, status, msg)
			}
			noLeftovers(t)
		}

		a.Run(t, []testutil.Scenario{
			{Name: "a policy for an unknown kind", Method: "GET", Path: "/api/media/file/loja-a?type=audio&contentType=audio/mpeg",
				Token: alice.Token, Status: 400, Code: 1003},
			{Name: "a policy for an unsupported format", Method: "GET", Path: "/api/media/file/loja-a?type=image&contentType=image/webp",
				Token: alice.Token, Status: 422, Contains: []string{"Formato não suportado"}},
			{Name: "a policy for a video through the image modal", Method: "GET", Path: "/api/media/file/loja-a?type=image&contentType=video/mp4",
				Token: alice.Token, Status: 422},
			{Name: "a policy for another franchise", Method: "GET", Path: "/api/media/file/loja-b?type=image&contentType=image/png",
				Token: alice.Token, Status: 403, Code: 1403},
		})

		t.Run("an image over 10 MB is cut off while it streams", func(t *testing.T) {
			p := policy(t, a, alice.Token, "loja-a", "image", "image/png")
			big := io.MultiReader(bytes.NewReader(mediatest.PNG(10, 10)), io.LimitReader(zeros{}, media.MaxImageSize))
			r := postUpload(t, a, p.Data.URL, p.Data.Fields, big, -1)
			if r.Status != 413 || !strings.Contains(string(r.Body), "10 MB") {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			noLeftovers(t)
		})
		t.Run("an image of exactly 10 MB is accepted", func(t *testing.T) {
			p := policy(t, a, alice.Token, "loja-a", "image", "image/png")
			r := postUpload(t, a, p.Data.URL, p.Data.Fields, io.LimitReader(zeros{}, media.MaxImageSize), media.MaxImageSize)
			if r.Status != 204 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			// Zeros are no PNG: registering refuses it and deletes the object.
			r2 := a.Do(t, "POST", "/api/media/loja-a", alice.Token, map[string]any{"name": "x", "type": "image", "filePath": p.Data.Fields["key"]})
			if r2.Status != 422 {
				t.Fatalf("%d %s", r2.Status, r2.Body)
			}
			noLeftovers(t)
		})
		t.Run("a text file posing as a PNG is refused and deleted", func(t *testing.T) {
			registerRefused(t, "image", "image/png", []byte("<html>não sou uma imagem</html>"), 422, "Formato não suportado")
		})
		t.Run("a JPEG renamed .png is refused and deleted", func(t *testing.T) {
			registerRefused(t, "image", "image/png", mediatest.JPEG(20, 20), 422, "o conteúdo é JPEG")
		})
		t.Run("a truncated PNG is refused and deleted", func(t *testing.T) {
			png := mediatest.PNG(200, 200)
			registerRefused(t, "image", "image/png", png[:len(png)/2], 422, "incompleto ou corrompido")
		})
		t.Run("a truncated GIF is refused and deleted", func(t *testing.T) {
			g := mediatest.GIF(50, 50)
			registerRefused(t, "image", "image/gif", g[:len(g)-20], 422, "incompleto ou corrompido")
		})
		t.Run("an empty file is refused and deleted", func(t *testing.T) {
			p := policy(t, a, alice.Token, "loja-a", "image", "image/png")
			if r := postBytes(t, a, p.Data.URL, p.Data.Fields, nil); r.Status != 204 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			r := a.Do(t, "POST", "/api/media/loja-a", alice.Token, map[string]any{"name": "x", "type": "image", "filePath": p.Data.Fields["key"]})
			if r.Status != 422 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			noLeftovers(t)
		})
		t.Run("a truncated MP4 is refused and deleted", func(t *testing.T) {
			v := mediatest.Video(t, "mp4", 160, 120, 25, 2)
			registerRefused(t, "video", "video/mp4", v[:len(v)*3/4], 422, "incompleto ou corrompido")
		})

		t.Run("an expired policy is refused", func(t *testing.T) {
			p := policy(t, a, alice.Token, "loja-a", "image", "image/png")
			offset.Store(int64(media.PolicyTTL + time.Minute))
			defer offset.Store(0)
			r := postBytes(t, a, p.Data.URL, p.Data.Fields, mediatest.PNG(4, 4))
			if r.Status != 403 || !strings.Contains(string(r.Body), "expirou") {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			noLeftovers(t)
		})
		tampered := []struct{ name, field, value string }{
			{"a policy rewritten to another franchise's key", "key", "loja-b/media/0190aaaa-0000-7000-8000-000000000000.png"},
			{"a policy whose content type was changed", "Content-Type", "text/html"},
			{"a policy whose signature was changed", "x-vitrine-signature", strings.Repeat("a", 64)},
			{"a policy whose document was changed", "policy", "eyJrZXkiOiJsb2phLWIvbWVkaWEveC5wbmciLCJtYXhTaXplIjo5OTk5OTk5OTk5fQ"},
		}
		for _, c := range tampered {
			t.Run(c.name+" is refused", func(t *testing.T) {
				p := policy(t, a, alice.Token, "loja-a", "image", "image/png")
				p.Data.Fields[c.field] = c.value
				r := postBytes(t, a, p.Data.URL, p.Data.Fields, mediatest.PNG(4, 4))
				if r.Status != 403 || r.Code() != 1403 {
					t.Fatalf("%d %s", r.Status, r.Body)
				}
				noLeftovers(t)
			})
		}
		t.Run("a form without the policy is refused", func(t *testing.T) {
			r := postBytes(t, a, "/files/upload", map[string]string{"key": "loja-a/media/x.png"}, mediatest.PNG(4, 4))
			if r.Status != 403 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			noLeftovers(t)
		})

		t.Run("another franchise's upload cannot be registered, nor is it deleted", func(t *testing.T) {
			key := upload(t, a, alice.Token, "loja-a", "image", "image/png", mediatest.PNG(10, 10))
			r := a.Do(t, "POST", "/api/media/loja-b", bob.Token, map[string]any{"name": "x", "type": "image", "filePath": key})
			if r.Status != 404 || r.Code() != 100102 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			m := register(t, a, alice.Token, "loja-a", map[string]any{"name": "minha", "type": "image", "filePath": key})
			if r := a.Do(t, "DELETE", "/api/media/loja-a/"+m.ID, alice.Token, nil); r.Status != 200 {
				t.Fatalf("cleanup: %d", r.Status)
			}
			noLeftovers(t)
		})
		a.Run(t, []testutil.Scenario{
			{Name: "registering a file that was never uploaded", Method: "POST", Path: "/api/media/loja-a", Token: alice.Token,
				Body:   map[string]any{"name": "x", "type": "image", "filePath": "loja-a/media/0190aaaa-0000-7000-8000-000000000000.png"},
				Status: 404, Code: 100102},
			{Name: "registering a path that climbs out", Method: "POST", Path: "/api/media/loja-a", Token: alice.Token,
				Body: map[string]any{"name": "x", "type": "image", "filePath": "loja-a/media/../../loja-b/media/x.png"}, Status: 404, Code: 100102},
			{Name: "registering without a name", Method: "POST", Path: "/api/media/loja-a", Token: alice.Token,
				Body: map[string]any{"type": "image", "filePath": "loja-a/media/x.png"}, Status: 400, Code: 1141},
			{Name: "registering with a bad body", Method: "POST", Path: "/api/media/loja-a", Token: alice.Token,
				Body: "{name:", Status: 400, Code: 1003},
			{Name: "the private folder of uploads in progress is not served", Method: "GET", Path: "/files/.tmp/x", Status: 404},
		})
		secret, err := os.ReadFile(filepath.Join(a.Config.DataDir, "upload-secret"))
		if err != nil || len(secret) < 32 {
			t.Fatalf("upload secret: %v", err)
		}
		for _, p := range []string{"/files/../upload-secret", "/files/..%2fupload-secret", "/files/%2e%2e/upload-secret", "/files/loja-a/../../upload-secret"} {
			if r := get(t, a.URL+p); bytes.Contains(r.Body, bytes.TrimSpace(secret)) {
				t.Fatalf("%s served the upload secret", p)
			}
		}
	})
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// fakeUsage stands in for the schedules and ads domains.
type fakeUsage struct {
	mu       sync.Mutex
	uses     map[string][]media.ScheduleRef
	detached []string
	fail     bool
}

func (f *fakeUsage) SchedulesUsing(ctx context.Context, q db.Querier, franchiseID string, ids []string) (map[string][]media.ScheduleRef, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string][]media.ScheduleRef{}
	for _, id := range ids {
		if s, ok := f.uses[id]; ok {
			out[id] = s
		}
	}
	return out, nil
}

func (f *fakeUsage) DetachMedia(ctx context.Context, tx db.Querier, franchiseID string, ids []string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail {
		return errors.New("schedules unavailable")
	}
	f.detached = append(f.detached, ids...)
	return nil
}

func TestDeleteDetachesMediaFromSchedules(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		u := a.SeedUser(t, "u@loja.com", "")
		a.SeedFranchise(t, "loja", "Loja", u)
		m := register(t, a, u.Token, "loja", map[string]any{"name": "Oferta", "type": "image",
			"filePath": upload(t, a, u.Token, "loja", "image", "image/png", mediatest.PNG(10, 10))})
		usage := &fakeUsage{uses: map[string][]media.ScheduleRef{m.ID: {{ID: "s1", Name: "Vitrine de Natal"}}}}
		a.Media.AddUsage(usage)

		l := library(t, a, u.Token, "loja")
		if got := l.MediaList[0].Schedules; len(got) != 1 || got[0].Name != "Vitrine de Natal" {
			t.Fatalf("schedules of the media: %+v", got)
		}
		usage.fail = true
		if r := a.Do(t, "DELETE", "/api/media/loja/"+m.ID, u.Token, nil); r.Status != 500 {
			t.Fatalf("delete while schedules fail: %d %s", r.Status, r.Body)
		}
		if len(library(t, a, u.Token, "loja").MediaList) != 1 || get(t, a.URL+m.URL).Status != 200 {
			t.Fatal("a failed detach still deleted the media")
		}
		usage.fail = false
		if r := a.Do(t, "DELETE", "/api/media/loja/"+m.ID, u.Token, nil); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		if strings.Join(usage.detached, ",") != m.ID {
			t.Fatalf("detached %v", usage.detached)
		}
	})
}

// The whole flow against a real S3 server: the browser posts to the bucket
// with the presigned policy, then registers the file.
func TestMediaOnS3(t *testing.T) {
	srv := miniotest.Start(t)
	a := testutil.NewApp(t, "sqlite", testutil.WithConfig(func(c *config.Config) {
		c.StorageURL = srv.StorageURL()
		c.MediaURL = "https://cdn.example.com/midia"
	}))
	u := a.SeedUser(t, "s3@loja.com", "")
	a.SeedFranchise(t, "loja", "Loja", u)

	p := policy(t, a, u.Token, "loja", "image", "image/jpeg")
	if !strings.Contains(p.Data.URL, srv.Endpoint) || p.Data.Fields["x-amz-signature"] == "" {
		t.Fatalf("not an S3 presigned POST: %+v", p.Data)
	}
	if r := postBytes(t, a, p.Data.URL, p.Data.Fields, mediatest.JPEG(800, 600)); r.Status != 204 {
		t.Fatalf("upload to the bucket: %d %s", r.Status, r.Body)
	}
	m := register(t, a, u.Token, "loja", map[string]any{"name": "Foto", "type": "image", "filePath": p.Data.Fields["key"]})
	if m.Width != 800 || m.URL != "https://cdn.example.com/midia/"+m.FilePath || !strings.HasPrefix(m.ThumbnailURL, "https://cdn.example.com/midia/loja/thumbs/") {
		t.Fatalf("registered %+v", m)
	}
	t.Run("a file that is no image is refused and deleted from the bucket", func(t *testing.T) {
		p := policy(t, a, u.Token, "loja", "image", "image/png")
		postBytes(t, a, p.Data.URL, p.Data.Fields, []byte("não é PNG"))
		r := a.Do(t, "POST", "/api/media/loja", u.Token, map[string]any{"name": "x", "type": "image", "filePath": p.Data.Fields["key"]})
		if r.Status != 422 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		if _, err := a.Media.Store().Stat(context.Background(), p.Data.Fields["key"]); err == nil {
			t.Fatal("the refused object is still in the bucket")
		}
	})
	t.Run("delete removes the object and thumbnail from the bucket", func(t *testing.T) {
		if r := a.Do(t, "DELETE", "/api/media/loja/"+m.ID, u.Token, nil); r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		for _, key := range []string{m.FilePath, strings.TrimPrefix(m.ThumbnailURL, "https://cdn.example.com/midia/")} {
			if _, err := a.Media.Store().Stat(context.Background(), key); err == nil {
				t.Errorf("%s still in the bucket", key)
			}
		}
	})
	t.Run("local file routes do not serve with S3 storage", func(t *testing.T) {
		if r := get(t, a.URL+"/files/"+m.FilePath); r.Status != 404 {
			t.Fatalf("%d", r.Status)
		}
	})
}
