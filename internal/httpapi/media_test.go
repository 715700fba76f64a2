package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/jpeg"
	"io"
	"math"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"slices"
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
func policy(t testing.TB, a *testutil.TestApp, token, slug, kind, contentType string) policyBody {
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

// mediaFixture is a franchise of alice's and one of bob's, made for one
// case alone.
type mediaFixture struct {
	t          *testing.T
	a          *testutil.TestApp
	alice, bob testutil.SeededUser
	la, lb     string // slugs of alice's and bob's franchise
}

func newMediaFixture(t *testing.T, a *testutil.TestApp) *mediaFixture {
	t.Helper()
	u := a.Unique()
	f := &mediaFixture{t: t, a: a, la: "loja-a-" + u, lb: "loja-b-" + u}
	f.alice = a.SeedUser(t, "alice-"+u+"@loja-a.com", "")
	f.bob = a.SeedUser(t, "bob-"+u+"@loja-b.com", "")
	a.SeedFranchise(t, f.la, "Loja A", f.alice)
	a.SeedFranchise(t, f.lb, "Loja B", f.bob)
	return f
}

// upload sends a file to alice's franchise and returns its key.
func (f *mediaFixture) upload(kind, contentType string, data []byte) string {
	f.t.Helper()
	return upload(f.t, f.a, f.alice.Token, f.la, kind, contentType, data)
}

// register adds an upload to alice's library.
func (f *mediaFixture) register(body map[string]any) media.Media {
	f.t.Helper()
	return register(f.t, f.a, f.alice.Token, f.la, body)
}

// library is alice's library.
func (f *mediaFixture) library() libraryBody {
	f.t.Helper()
	return library(f.t, f.a, f.alice.Token, f.la)
}

// banner registers "Banner 10", a 640×480 PNG in Campanhas|Natal.
func (f *mediaFixture) banner() media.Media {
	f.t.Helper()
	return f.register(map[string]any{"name": "Banner 10", "type": "image", "folder": "|Campanhas|Natal", "displayTime": 10,
		"filePath": f.upload("image", "image/png", mediatest.PNG(640, 480))})
}

// photo registers "Banner 9", a 300×200 JPEG at the root.
func (f *mediaFixture) photo() media.Media {
	f.t.Helper()
	return f.register(map[string]any{"name": "Banner 9", "type": "image", "folder": "",
		"filePath": f.upload("image", "image/jpeg", mediatest.JPEG(300, 200))})
}

// anim registers "banner 2", a 40×30 GIF sent through the video modal, in
// Campanhas.
func (f *mediaFixture) anim() media.Media {
	f.t.Helper()
	return f.register(map[string]any{"name": "banner 2", "type": "video", "folder": "Campanhas",
		"filePath": f.upload("video", "image/gif", mediatest.GIF(40, 30))})
}

// bannerFixture is a mediaFixture whose library holds the banner.
type bannerFixture struct {
	*mediaFixture
	banner media.Media
}

// kept checks that the banner is still in alice's library.
func (f *bannerFixture) kept(t *testing.T, _ *testutil.Response) {
	t.Helper()
	l := library(t, f.a, f.alice.Token, f.la)
	if !slices.ContainsFunc(l.MediaList, func(m media.Media) bool { return m.ID == f.banner.ID }) {
		t.Errorf("the banner is gone: %+v", l.MediaList)
	}
}

func TestMediaLibraryFlow(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)

		t.Run("an upload waits in the franchise's staging area, not served", func(t *testing.T) {
			f := newMediaFixture(t, a)
			key := f.upload("image", "image/png", mediatest.PNG(640, 480))
			if !strings.HasPrefix(key, "uploads/"+f.la+".") || !strings.HasSuffix(key, ".png") {
				t.Fatalf("key %q is not in the franchise's staging area", key)
			}
			if r := get(t, a.URL+"/files/"+key); r.Status != 404 {
				t.Fatalf("GET a staged file: %d", r.Status)
			}
		})
		t.Run("the registered file is served with type, range, ETag and cache headers", func(t *testing.T) {
			f := newMediaFixture(t, a)
			key := f.upload("image", "image/png", mediatest.PNG(640, 480))
			m := f.register(map[string]any{"name": "Servido", "type": "image", "filePath": key})
			if !strings.HasPrefix(m.FilePath, f.la+"/media/") {
				t.Fatalf("registered at %q, not in the franchise's library", m.FilePath)
			}
			r := get(t, a.URL+m.URL)
			if r.Status != 200 || r.Header.Get("Content-Type") != "image/png" || r.Header.Get("ETag") == "" ||
				!strings.Contains(r.Header.Get("Cache-Control"), "max-age=31536000") {
				t.Fatalf("GET file: %d %v", r.Status, r.Header)
			}
			part := get(t, a.URL+m.URL, "Range", "bytes=0-7")
			if part.Status != 206 || string(part.Body) != "\x89PNG\r\n\x1a\n" {
				t.Fatalf("range: %d %q", part.Status, part.Body)
			}
			again := get(t, a.URL+m.URL, "If-None-Match", r.Header.Get("ETag"))
			if again.Status != 304 {
				t.Fatalf("conditional GET: %d", again.Status)
			}
		})
		t.Run("an image is registered with its real size and a thumbnail", func(t *testing.T) {
			f := newMediaFixture(t, a)
			key := f.upload("image", "image/png", mediatest.PNG(640, 480))
			m := f.register(map[string]any{"name": "Banner 10", "type": "image", "folder": "|Campanhas|Natal", "displayTime": 10, "filePath": key})
			library := f.la + "/media/" + strings.TrimPrefix(key, "uploads/"+f.la+".")
			if m.Type != "image" || m.Width != 640 || m.Height != 480 || m.ContentType != "image/png" ||
				m.Folder != "Campanhas|Natal" || m.DisplayTime != 0 || m.FilePath != library ||
				m.URL != "/files/"+library || m.Franchise != f.la || m.Size == 0 || m.Schedules == nil {
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
			f := newMediaFixture(t, a)
			key := f.upload("image", "image/png", mediatest.PNG(64, 48))
			f.register(map[string]any{"name": "Banner 10", "type": "image", "filePath": key})
			r := a.Do(t, "POST", "/api/media/"+f.la, f.alice.Token, map[string]any{"name": "x", "type": "image", "filePath": key})
			if r.Status != 409 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
		})
		t.Run("a JPEG and a GIF are measured, and a GIF sent as a video is an image", func(t *testing.T) {
			f := newMediaFixture(t, a)
			photo, anim := f.photo(), f.anim()
			if photo.ContentType != "image/jpeg" || photo.Width != 300 || anim.ContentType != "image/gif" || anim.Type != "image" || anim.Height != 30 {
				t.Fatalf("jpeg %+v\ngif %+v", photo, anim)
			}
		})
		t.Run("the list is in natural order and the folder map nests folders", func(t *testing.T) {
			f := newMediaFixture(t, a)
			banner, photo, anim := f.banner(), f.photo(), f.anim()
			l := f.library()
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
		t.Run("only=folderMap sends the folder tree alone, with every file once", func(t *testing.T) {
			f := newMediaFixture(t, a)
			f.banner()
			f.photo()
			f.anim()
			full := f.library()
			r := a.Do(t, "GET", "/api/media/"+f.la+"?only=folderMap", f.alice.Token, nil)
			if r.Status != 200 || strings.Contains(string(r.Body), `"mediaList"`) {
				t.Fatalf("only=folderMap: %d %s", r.Status, r.Body)
			}
			var tree libraryBody
			r.Decode(t, &tree)
			want, _ := json.Marshal(full.FolderMap)
			got, _ := json.Marshal(tree.FolderMap)
			if string(got) != string(want) {
				t.Fatalf("tree\n%s\nwant the full answer's\n%s", got, want)
			}
		})

		// Cases on alice's library with the banner in it.
		newBannerFixture := func(t *testing.T) *bannerFixture {
			f := newMediaFixture(t, a)
			return &bannerFixture{mediaFixture: f, banner: f.banner()}
		}
		testutil.RunCases(t, a, newBannerFixture, []testutil.Case[*bannerFixture]{
			{Name: "rename and move to the root", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/media/" + f.la + "/" + f.banner.ID, Token: f.alice.Token,
					Body: map[string]any{"id": f.banner.ID, "name": " Banner Natal ", "folder": ""}, Status: 200,
					Contains: []string{`"name":"Banner Natal"`, `"folder":""`}}
			}},
			{Name: "move into a new nested folder, keeping the name", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/media/" + f.la + "/" + f.banner.ID, Token: f.alice.Token,
					Body: map[string]any{"folder": "Campanhas|2026"}, Status: 200, Contains: []string{`"folder":"Campanhas|2026"`, `"name":"Banner 10"`}}
			}},
			{Name: "a blank name is refused", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/media/" + f.la + "/" + f.banner.ID, Token: f.alice.Token,
					Body: map[string]any{"name": "  "}, Status: 400, Code: 1141}
			}},
			{Name: "an id in the body that differs from the path is refused", Scenario: func(f *bannerFixture) testutil.Scenario {
				photo := f.photo()
				return testutil.Scenario{Method: "POST", Path: "/api/media/" + f.la + "/" + f.banner.ID, Token: f.alice.Token,
					Body: map[string]any{"id": photo.ID, "name": "x"}, Status: 400, Code: 1003}
			}},
			{Name: "an unknown media is 100101", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/media/" + f.la + "/nao-existe", Token: f.alice.Token,
					Body: map[string]any{"name": "x"}, Status: 404, Code: 100101}
			}},
			{Name: "another franchise's caller gets 1403", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/media/" + f.la + "/" + f.banner.ID, Token: f.bob.Token,
					Body: map[string]any{"name": "x"}, Status: 403, Code: 1403}
			}},
			{Name: "another franchise's caller cannot list", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/media/" + f.la, Token: f.bob.Token,
					Status: 403, Code: 1403, Absent: []string{"Banner"}}
			}},
			{Name: "another franchise's media through one's own franchise is 100101", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/media/" + f.lb + "/" + f.banner.ID, Token: f.bob.Token,
					Body: map[string]any{"name": "x"}, Status: 404, Code: 100101, Absent: []string{"Banner"}}
			}},
			{Name: "another franchise's media cannot be deleted", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "DELETE", Path: "/api/media/" + f.lb + "/" + f.banner.ID, Token: f.bob.Token,
					Status: 404, Code: 100101, Check: f.kept}
			}},
			{Name: "the other franchise's library is empty", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/media/" + f.lb, Token: f.bob.Token,
					Status: 200, Contains: []string{`"mediaList":[]`}, Absent: []string{"Banner"}}
			}},
			{Name: "without a token", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/media/" + f.la, Status: 401, Code: 1022}
			}},
			{Name: "only= names nothing but folderMap", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/media/" + f.la + "?only=mediaList", Token: f.alice.Token,
					Status: 400, Code: 1003, Contains: []string{"O parâmetro only aceita apenas folderMap."}, Absent: []string{"Banner"}}
			}},
			{Name: "another franchise's caller cannot list the tree", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/media/" + f.la + "?only=folderMap", Token: f.bob.Token,
					Status: 403, Code: 1403, Absent: []string{"Banner"}}
			}},
			{Name: "a delete naming an unknown id deletes nothing", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "DELETE", Path: "/api/media/" + f.la + "/" + f.banner.ID + ",nao-existe", Token: f.alice.Token,
					Status: 404, Code: 100101, Check: f.kept}
			}},
			{Name: "an empty id in the list is 100105", Scenario: func(f *bannerFixture) testutil.Scenario {
				return testutil.Scenario{Method: "DELETE", Path: "/api/media/" + f.la + "/" + f.banner.ID + ",", Token: f.alice.Token,
					Status: 400, Code: 100105, Check: f.kept}
			}},
		})

		t.Run("deleting several media removes their rows, files and thumbnails", func(t *testing.T) {
			f := newMediaFixture(t, a)
			banner, photo, anim := f.banner(), f.photo(), f.anim()
			for _, u := range []string{banner.URL, banner.ThumbnailURL, anim.URL, anim.ThumbnailURL, photo.URL} {
				if r := get(t, a.URL+u); r.Status != 200 {
					t.Fatalf("%s not served before the delete: %d", u, r.Status)
				}
			}
			r := a.Do(t, "DELETE", "/api/media/"+f.la+"/"+banner.ID+","+anim.ID, f.alice.Token, nil)
			if r.Status != 200 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			l := f.library()
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

// uploadFixture is a mediaFixture that remembers which files storage held
// when it was made, so a case sees only what it left behind itself.
type uploadFixture struct {
	*mediaFixture
	before []string
}

// noLeftovers checks that storage holds no file the case added and that
// alice's library is empty.
func (f *uploadFixture) noLeftovers(t *testing.T) {
	t.Helper()
	var left []string
	for _, file := range objectFiles(t, f.a) {
		if !slices.Contains(f.before, file) {
			left = append(left, file)
		}
	}
	if len(left) != 0 {
		t.Fatalf("files left in storage: %v", left)
	}
	if l := library(t, f.a, f.alice.Token, f.la); len(l.MediaList) != 0 {
		t.Fatalf("media registered: %+v", l.MediaList)
	}
}

// registerRefused uploads data under a policy for contentType and expects
// the registration to fail with status and a message part, leaving nothing.
func (f *uploadFixture) registerRefused(kind, contentType string, data []byte, status int, msg string) {
	f.t.Helper()
	key := f.upload(kind, contentType, data)
	r := f.a.Do(f.t, "POST", "/api/media/"+f.la, f.alice.Token, map[string]any{"name": "x", "type": kind, "filePath": key})
	if r.Status != status || !strings.Contains(string(r.Body), msg) || r.Code() == 0 {
		f.t.Fatalf("register: %d %s; want %d with %q", r.Status, r.Body, status, msg)
	}
	f.noLeftovers(f.t)
}

func TestBadUploadsAreRefusedAndLeaveNothing(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		var offset atomic.Int64
		clock := func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }
		a := testutil.NewApp(t, engine, testutil.WithClock(clock))
		newUploadFixture := func(t *testing.T) *uploadFixture {
			return &uploadFixture{mediaFixture: newMediaFixture(t, a), before: objectFiles(t, a)}
		}

		testutil.RunCases(t, a, newUploadFixture, []testutil.Case[*uploadFixture]{
			{Name: "a policy for an unknown kind", Scenario: func(f *uploadFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/media/file/" + f.la + "?type=audio&contentType=audio/mpeg",
					Token: f.alice.Token, Status: 400, Code: 1003}
			}},
			{Name: "a policy for an unsupported format", Scenario: func(f *uploadFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/media/file/" + f.la + "?type=image&contentType=image/webp",
					Token: f.alice.Token, Status: 422, Contains: []string{"Formato não suportado"}}
			}},
			{Name: "a policy for a video through the image modal", Scenario: func(f *uploadFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/media/file/" + f.la + "?type=image&contentType=video/mp4",
					Token: f.alice.Token, Status: 422}
			}},
			{Name: "a policy for another franchise", Scenario: func(f *uploadFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/api/media/file/" + f.lb + "?type=image&contentType=image/png",
					Token: f.alice.Token, Status: 403, Code: 1403}
			}},
		})

		t.Run("an image over 10 MB is cut off while it streams", func(t *testing.T) {
			f := newUploadFixture(t)
			p := policy(t, a, f.alice.Token, f.la, "image", "image/png")
			big := io.MultiReader(bytes.NewReader(mediatest.PNG(10, 10)), io.LimitReader(zeros{}, media.MaxImageSize))
			r := postUpload(t, a, p.Data.URL, p.Data.Fields, big, -1)
			if r.Status != 413 || !strings.Contains(string(r.Body), "10 MB") {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			f.noLeftovers(t)
		})
		t.Run("an image of exactly 10 MB is accepted", func(t *testing.T) {
			f := newUploadFixture(t)
			p := policy(t, a, f.alice.Token, f.la, "image", "image/png")
			r := postUpload(t, a, p.Data.URL, p.Data.Fields, io.LimitReader(zeros{}, media.MaxImageSize), media.MaxImageSize)
			if r.Status != 204 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			// Zeros are no PNG: registering refuses it and deletes the object.
			r2 := a.Do(t, "POST", "/api/media/"+f.la, f.alice.Token, map[string]any{"name": "x", "type": "image", "filePath": p.Data.Fields["key"]})
			if r2.Status != 422 {
				t.Fatalf("%d %s", r2.Status, r2.Body)
			}
			f.noLeftovers(t)
		})
		t.Run("a text file posing as a PNG is refused and deleted", func(t *testing.T) {
			newUploadFixture(t).registerRefused("image", "image/png", []byte("<html>não sou uma imagem</html>"), 422, "Formato não suportado")
		})
		t.Run("a JPEG renamed .png is refused and deleted", func(t *testing.T) {
			newUploadFixture(t).registerRefused("image", "image/png", mediatest.JPEG(20, 20), 422, "o conteúdo é JPEG")
		})
		t.Run("a truncated PNG is refused and deleted", func(t *testing.T) {
			png := mediatest.PNG(200, 200)
			newUploadFixture(t).registerRefused("image", "image/png", png[:len(png)/2], 422, "incompleto ou corrompido")
		})
		t.Run("a truncated GIF is refused and deleted", func(t *testing.T) {
			g := mediatest.GIF(50, 50)
			newUploadFixture(t).registerRefused("image", "image/gif", g[:len(g)-20], 422, "incompleto ou corrompido")
		})
		t.Run("an empty file is refused and deleted", func(t *testing.T) {
			f := newUploadFixture(t)
			p := policy(t, a, f.alice.Token, f.la, "image", "image/png")
			if r := postBytes(t, a, p.Data.URL, p.Data.Fields, nil); r.Status != 204 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			r := a.Do(t, "POST", "/api/media/"+f.la, f.alice.Token, map[string]any{"name": "x", "type": "image", "filePath": p.Data.Fields["key"]})
			if r.Status != 422 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			f.noLeftovers(t)
		})
		t.Run("a truncated MP4 is refused and deleted", func(t *testing.T) {
			v := mediatest.Video(t, "mp4", 160, 120, 25, 2)
			newUploadFixture(t).registerRefused("video", "video/mp4", v[:len(v)*3/4], 422, "incompleto ou corrompido")
		})

		t.Run("an expired policy is refused", func(t *testing.T) {
			f := newUploadFixture(t)
			p := policy(t, a, f.alice.Token, f.la, "image", "image/png")
			offset.Store(int64(media.PolicyTTL + time.Minute))
			t.Cleanup(func() { offset.Store(0) })
			r := postBytes(t, a, p.Data.URL, p.Data.Fields, mediatest.PNG(4, 4))
			if r.Status != 403 || !strings.Contains(string(r.Body), "expirou") {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			f.noLeftovers(t)
		})
		// The fields to tamper with; the value may name the other franchise as {lb}.
		tampered := []struct{ name, field, value string }{
			{"a policy rewritten to another franchise's key", "key", "{lb}/media/0190aaaa-0000-7000-8000-000000000000.png"},
			{"a policy whose content type was changed", "Content-Type", "text/html"},
			{"a policy whose signature was changed", "x-vitrine-signature", strings.Repeat("a", 64)},
			{"a policy whose document was changed", "policy", "eyJrZXkiOiJsb2phLWIvbWVkaWEveC5wbmciLCJtYXhTaXplIjo5OTk5OTk5OTk5fQ"},
		}
		for _, c := range tampered {
			t.Run(c.name+" is refused", func(t *testing.T) {
				f := newUploadFixture(t)
				p := policy(t, a, f.alice.Token, f.la, "image", "image/png")
				p.Data.Fields[c.field] = strings.ReplaceAll(c.value, "{lb}", f.lb)
				r := postBytes(t, a, p.Data.URL, p.Data.Fields, mediatest.PNG(4, 4))
				if r.Status != 403 || r.Code() != 1403 {
					t.Fatalf("%d %s", r.Status, r.Body)
				}
				f.noLeftovers(t)
			})
		}
		t.Run("a form without the policy is refused", func(t *testing.T) {
			f := newUploadFixture(t)
			r := postBytes(t, a, "/files/upload", map[string]string{"key": f.la + "/media/x.png"}, mediatest.PNG(4, 4))
			if r.Status != 403 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			f.noLeftovers(t)
		})

		t.Run("another franchise's upload cannot be registered, nor is it deleted", func(t *testing.T) {
			f := newUploadFixture(t)
			key := f.upload("image", "image/png", mediatest.PNG(10, 10))
			r := a.Do(t, "POST", "/api/media/"+f.lb, f.bob.Token, map[string]any{"name": "x", "type": "image", "filePath": key})
			if r.Status != 404 || r.Code() != 100102 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			m := f.register(map[string]any{"name": "minha", "type": "image", "filePath": key})
			if r := a.Do(t, "DELETE", "/api/media/"+f.la+"/"+m.ID, f.alice.Token, nil); r.Status != 200 {
				t.Fatalf("cleanup: %d", r.Status)
			}
			f.noLeftovers(t)
		})
		testutil.RunCases(t, a, newUploadFixture, []testutil.Case[*uploadFixture]{
			{Name: "registering a file that was never uploaded", Scenario: func(f *uploadFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/media/" + f.la, Token: f.alice.Token,
					Body:   map[string]any{"name": "x", "type": "image", "filePath": f.la + "/media/0190aaaa-0000-7000-8000-000000000000.png"},
					Status: 404, Code: 100102}
			}},
			{Name: "registering a path that climbs out", Scenario: func(f *uploadFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/media/" + f.la, Token: f.alice.Token,
					Body: map[string]any{"name": "x", "type": "image", "filePath": f.la + "/media/../../" + f.lb + "/media/x.png"}, Status: 404, Code: 100102}
			}},
			{Name: "registering without a name", Scenario: func(f *uploadFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/media/" + f.la, Token: f.alice.Token,
					Body: map[string]any{"type": "image", "filePath": f.la + "/media/x.png"}, Status: 400, Code: 1141}
			}},
			{Name: "registering with a bad body", Scenario: func(f *uploadFixture) testutil.Scenario {
				return testutil.Scenario{Method: "POST", Path: "/api/media/" + f.la, Token: f.alice.Token,
					Body: "{name:", Status: 400, Code: 1003}
			}},
			{Name: "the private folder of uploads in progress is not served", Scenario: func(f *uploadFixture) testutil.Scenario {
				return testutil.Scenario{Method: "GET", Path: "/files/.tmp/x", Status: 404}
			}},
		})

		t.Run("the upload secret is never served", func(t *testing.T) {
			secret, err := os.ReadFile(filepath.Join(a.Config.DataDir, "upload-secret"))
			if err != nil || len(secret) < 32 {
				t.Fatalf("upload secret: %v", err)
			}
			for _, c := range []struct {
				path  string
				files bool // answered by /files; otherwise the path leaves it and the console answers
			}{
				{"/files/../upload-secret", false},
				{"/files/..%2fupload-secret", true},
				{"/files/%2e%2e/upload-secret", true},
				{"/files/loja-a/../../upload-secret", false},
			} {
				r := get(t, a.URL+c.path)
				fileNotFound := r.Status == 404 && strings.Contains(string(r.Body), "Arquivo não encontrado.")
				console := r.Status == 200 && strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") ||
					r.Status == 404 && strings.Contains(string(r.Body), "console not built")
				if c.files && !fileNotFound || !c.files && !console {
					t.Errorf("%s: %d %s %.200s", c.path, r.Status, r.Header.Get("Content-Type"), r.Body)
					continue
				}
				if bytes.Contains(r.Body, bytes.TrimSpace(secret)) {
					t.Errorf("%s served the upload secret", c.path)
				}
			}
		})
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

func (f *fakeUsage) MediaChanged(ctx context.Context, tx db.Querier, franchiseID string, ids []string) error {
	return nil
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

	// photo uploads a JPEG to the bucket and registers it.
	photo := func(t *testing.T) media.Media {
		t.Helper()
		p := policy(t, a, u.Token, "loja", "image", "image/jpeg")
		if !strings.Contains(p.Data.URL, srv.Endpoint) || p.Data.Fields["x-amz-signature"] == "" {
			t.Fatalf("not an S3 presigned POST: %+v", p.Data)
		}
		if r := postBytes(t, a, p.Data.URL, p.Data.Fields, mediatest.JPEG(800, 600)); r.Status != 204 {
			t.Fatalf("upload to the bucket: %d %s", r.Status, r.Body)
		}
		return register(t, a, u.Token, "loja", map[string]any{"name": "Foto", "type": "image", "filePath": p.Data.Fields["key"]})
	}
	inBucket := func(t *testing.T, key string) bool {
		t.Helper()
		_, err := a.Media.Store().Stat(context.Background(), key)
		return err == nil
	}
	thumbKey := func(m media.Media) string {
		return strings.TrimPrefix(m.ThumbnailURL, "https://cdn.example.com/midia/")
	}

	t.Run("a file posted to the bucket is registered with CDN addresses", func(t *testing.T) {
		m := photo(t)
		if m.Width != 800 || m.URL != "https://cdn.example.com/midia/"+m.FilePath || !strings.HasPrefix(m.ThumbnailURL, "https://cdn.example.com/midia/loja/thumbs/") {
			t.Fatalf("registered %+v", m)
		}
	})
	t.Run("a file that is no image is refused and deleted from the bucket", func(t *testing.T) {
		p := policy(t, a, u.Token, "loja", "image", "image/png")
		if r := postBytes(t, a, p.Data.URL, p.Data.Fields, []byte("não é PNG")); r.Status != 204 {
			t.Fatalf("upload to the bucket: %d %s", r.Status, r.Body)
		}
		if !inBucket(t, p.Data.Fields["key"]) {
			t.Fatal("the upload is not in the bucket")
		}
		r := a.Do(t, "POST", "/api/media/loja", u.Token, map[string]any{"name": "x", "type": "image", "filePath": p.Data.Fields["key"]})
		if r.Status != 422 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		if inBucket(t, p.Data.Fields["key"]) {
			t.Fatal("the refused object is still in the bucket")
		}
	})
	t.Run("delete removes the object and thumbnail from the bucket", func(t *testing.T) {
		m := photo(t)
		for _, key := range []string{m.FilePath, thumbKey(m)} {
			if !inBucket(t, key) {
				t.Fatalf("%s is not in the bucket before the delete", key)
			}
		}
		if r := a.Do(t, "DELETE", "/api/media/loja/"+m.ID, u.Token, nil); r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		for _, key := range []string{m.FilePath, thumbKey(m)} {
			if inBucket(t, key) {
				t.Errorf("%s still in the bucket", key)
			}
		}
	})
	t.Run("local file routes do not serve with S3 storage", func(t *testing.T) {
		m := photo(t)
		if !inBucket(t, m.FilePath) {
			t.Fatalf("%s is not in the bucket", m.FilePath)
		}
		if r := get(t, a.URL+"/files/"+m.FilePath); r.Status != 404 {
			t.Fatalf("%d", r.Status)
		}
	})
}
