package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrine/internal/ids"
	"vitrine/internal/testutil"
)

// concurrently runs n calls at once and returns their answers in order.
func concurrently(t *testing.T, n int, call func(i int) *testutil.Response) []*testutil.Response {
	t.Helper()
	out := make([]*testutil.Response, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			out[i] = call(i)
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// doQuiet is TestApp.Do for goroutines: a transport failure comes back as
// status 0 with the error as body, since only the test's own goroutine may
// stop the test.
func doQuiet(a *testutil.TestApp, method, path, token string, body any) *testutil.Response {
	var rd io.Reader
	if body != nil {
		j, err := json.Marshal(body)
		if err != nil {
			return &testutil.Response{Body: []byte(err.Error())}
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, a.URL+path, rd)
	if err != nil {
		return &testutil.Response{Body: []byte(err.Error())}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return &testutil.Response{Body: []byte(err.Error())}
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return &testutil.Response{Body: []byte(err.Error())}
	}
	return &testutil.Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// seedMedia inserts a media row straight into the database.
func seedMedia(t *testing.T, a *testutil.TestApp, franchiseID, name string) string {
	t.Helper()
	id := ids.New()
	now := a.Now().UnixMilli()
	_, err := a.DB.ExecContext(context.Background(), `
		INSERT INTO media (id, franchise_id, name, type, folder, file_path, thumbnail_path, content_type,
		    size, width, height, duration_ms, fps, display_time, volume, limit_by_hour, created_at, updated_at)
		VALUES (?, ?, ?, 'image', '', ?, '', 'image/png', 10, 1, 1, 0, 0, 0, 0, 0, ?, ?)`,
		id, franchiseID, name, "x/media/"+id+".png", now, now)
	if err != nil {
		t.Fatalf("seed media: %v", err)
	}
	return id
}

// seedRede makes the franchise "rede" of a user ana, with the store Centro,
// one TV (device code device) in it and one media.
func seedRede(t *testing.T, a *testutil.TestApp, device string) (ana testutil.SeededUser, tvID, mediaID string) {
	t.Helper()
	ana = a.SeedUser(t, "ana@example.com", "")
	rede := a.SeedFranchise(t, "rede", "Rede", ana)
	mustStatus(t, a.Do(t, "POST", "/api/store/rede", ana.Token, storeBody("Centro")), 201)
	a.ReserveDevices(t, device)
	r := a.Do(t, "POST", "/api/display/rede/centro", ana.Token, map[string]any{"name": "TV", "device": device})
	mustStatus(t, r, 201)
	var tv struct {
		Display struct{ ID string } `json:"display"`
	}
	r.Decode(t, &tv)
	return ana, tv.Display.ID, seedMedia(t, a, rede, "foto")
}

// Two groups of operators edit different fields of one row at the same
// moment; every acknowledged edit must survive: the row ends with one of
// each group's values, never with a field put back to what it was.
func TestConcurrentEditsOfDifferentFieldsAllSurvive(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana, tvID, mediaID := seedRede(t, a, "LOST01")

		cases := []struct {
			name       string
			path       string
			fieldA     string
			fieldB     string
			read       func(t *testing.T) (a, b string)
			resetA     string
			resetB     string
			wantStatus int
		}{
			{name: "TV name and detail", path: "/api/display/rede/centro/" + tvID,
				fieldA: "name", fieldB: "detail", resetA: "TV", resetB: "", wantStatus: 200,
				read: func(t *testing.T) (string, string) {
					var got struct {
						DisplayList []struct{ ID, Name, Detail string } `json:"displayList"`
					}
					a.Do(t, "GET", "/api/display/rede/centro", ana.Token, nil).Decode(t, &got)
					for _, d := range got.DisplayList {
						if d.ID == tvID {
							return d.Name, d.Detail
						}
					}
					t.Fatal("TV not listed")
					return "", ""
				}},
			{name: "store tag and social name", path: "/api/store/rede/centro",
				fieldA: "tag", fieldB: "social", resetA: "", resetB: "", wantStatus: 200,
				read: func(t *testing.T) (string, string) {
					var got struct {
						StoreList []struct{ Slug, Tag, Social string } `json:"storeList"`
					}
					a.Do(t, "GET", "/api/store/rede", ana.Token, nil).Decode(t, &got)
					return got.StoreList[0].Tag, got.StoreList[0].Social
				}},
			{name: "franchise city and state", path: "/api/franchise/rede",
				fieldA: "city", fieldB: "state", resetA: "", resetB: "", wantStatus: 200,
				read: func(t *testing.T) (string, string) {
					var got struct {
						FranchiseList []struct{ Slug, City, State string } `json:"franchiseList"`
					}
					a.Do(t, "GET", "/api/franchise", ana.Token, nil).Decode(t, &got)
					return got.FranchiseList[0].City, got.FranchiseList[0].State
				}},
			{name: "media name and folder", path: "/api/media/rede/" + mediaID,
				fieldA: "name", fieldB: "folder", resetA: "foto", resetB: "", wantStatus: 200,
				read: func(t *testing.T) (string, string) {
					var got struct {
						MediaList []struct{ ID, Name, Folder string } `json:"mediaList"`
					}
					a.Do(t, "GET", "/api/media/rede", ana.Token, nil).Decode(t, &got)
					for _, m := range got.MediaList {
						if m.ID == mediaID {
							return m.Name, m.Folder
						}
					}
					t.Fatal("media not listed")
					return "", ""
				}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				for round := range 4 {
					mustStatus(t, a.Do(t, "POST", tc.path, ana.Token,
						map[string]any{tc.fieldA: tc.resetA, tc.fieldB: tc.resetB}), tc.wantStatus)
					answers := concurrently(t, 20, func(i int) *testutil.Response {
						field := tc.fieldA
						if i%2 == 1 {
							field = tc.fieldB
						}
						return doQuiet(a, "POST", tc.path, ana.Token, map[string]any{field: fmt.Sprintf("v%d", i)})
					})
					for i, r := range answers {
						if r.Status != tc.wantStatus {
							t.Fatalf("round %d, edit %d: status %d %s", round, i, r.Status, r.Body)
						}
					}
					gotA, gotB := tc.read(t)
					if !strings.HasPrefix(gotA, "v") || !strings.HasPrefix(gotB, "v") {
						t.Fatalf("round %d: %s=%q %s=%q — an acknowledged edit was lost", round, tc.fieldA, gotA, tc.fieldB, gotB)
					}
				}
			})
		}
	})
}

// Fifty operators create at once stores, or groups, whose names differ only in
// punctuation, so all of them derive the same slug: each gets its own slug,
// none a 500.
func TestSameNameCreatedAtOnceGetsOneSlugEach(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		a.SeedFranchise(t, "rede", "Rede", ana)
		for _, tc := range []struct {
			name, path string
			body       func(i int) any
			slug       func(t *testing.T, r *testutil.Response) string
		}{
			{"stores", "/api/store/rede", func(i int) any { return storeBody("Loja Igual" + strings.Repeat("!", i+1)) }, func(t *testing.T, r *testutil.Response) string {
				var b struct{ Store struct{ Slug string } }
				r.Decode(t, &b)
				return b.Store.Slug
			}},
			{"groups", "/api/franchise", func(i int) any { return map[string]any{"name": "Grupo Igual" + strings.Repeat("!", i+1)} }, func(t *testing.T, r *testutil.Response) string {
				var b struct{ Franchise struct{ Slug string } }
				r.Decode(t, &b)
				return b.Franchise.Slug
			}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				answers := concurrently(t, 50, func(i int) *testutil.Response {
					return doQuiet(a, "POST", tc.path, ana.Token, tc.body(i))
				})
				slugs := map[string]bool{}
				for i, r := range answers {
					if r.Status != 201 {
						t.Fatalf("creation %d: status %d %s", i, r.Status, r.Body)
					}
					slugs[tc.slug(t, r)] = true
				}
				if len(slugs) != 50 {
					t.Fatalf("%d distinct slugs for 50 creations", len(slugs))
				}
			})
		}
	})
}

// Lists far beyond any real use are refused before any work, with a clear
// 400, on both databases.
func TestHugeListsAreRefusedCheaply(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		a.SeedFranchise(t, "rede", "Rede", ana)
		slugs := make([]string, 40000)
		idList := make([]string, 40000)
		for i := range slugs {
			slugs[i] = fmt.Sprintf("loja-%d", i)
			idList[i] = fmt.Sprintf("m%d", i)
		}
		for _, tc := range []struct {
			name, method, path string
			body               any
		}{
			{"a message to 40,000 stores", "POST", "/api/store/rede/notify",
				map[string]any{"message": "Olá", "storeSlugList": slugs}},
			{"deleting 40,000 media", "DELETE", "/api/media/rede/" + strings.Join(idList, ","), nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				start := time.Now()
				r := a.Do(t, tc.method, tc.path, ana.Token, tc.body)
				if r.Status != 400 || r.Code() != 1003 {
					t.Fatalf("status %d code %d: %s", r.Status, r.Code(), r.Body)
				}
				if !strings.Contains(string(r.Body), "no máximo") {
					t.Errorf("the message does not say the limit: %s", r.Body)
				}
				t.Logf("answered in %v", time.Since(start))
			})
		}
		t.Run("a message to 600 stores that exist is sent in chunks", func(t *testing.T) {
			many := make([]string, 0, 600)
			for i := range 600 {
				name := fmt.Sprintf("Filial %d", i)
				r := a.Do(t, "POST", "/api/store/rede", ana.Token,
					storeBody(name, contact("Gerente", fmt.Sprintf("1198765%04d", i))))
				mustStatus(t, r, 201)
				var b struct{ Store struct{ Slug string } }
				r.Decode(t, &b)
				many = append(many, b.Store.Slug)
			}
			r := a.Do(t, "POST", "/api/store/rede/notify", ana.Token, map[string]any{"message": "Olá", "storeSlugList": many})
			mustStatus(t, r, 202)
			if !strings.Contains(string(r.Body), `"queued":600`) {
				t.Fatalf("queued: %s", r.Body)
			}
		})
	})
}
