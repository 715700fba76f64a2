package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"

	"vitrine/internal/testutil"
)

// The franchise-wide lists of a large franchise are served from memory until
// something they show changes; every change is visible on the next call.
func TestLargeListsFollowEveryChange(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		id := a.SeedFranchise(t, "rede", "Rede", ana)
		seedFranchiseData(t, a, id, 100, 2) // well over the size kept in memory

		get := func(path, etag string, gz bool) (*http.Response, []byte) {
			t.Helper()
			req, _ := http.NewRequest("GET", a.URL+path, nil)
			req.Header.Set("Authorization", "Bearer "+ana.Token)
			if etag != "" {
				req.Header.Set("If-None-Match", etag)
			}
			if gz {
				req.Header.Set("Accept-Encoding", "gzip")
			}
			res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			if res.Header.Get("Content-Encoding") == "gzip" {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				body, _ = io.ReadAll(zr)
			}
			return res, body
		}

		res, body := get("/api/display/rede", "", true)
		if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(string(body), `"displayList":[`) {
			t.Fatalf("gzipped list: %d %q", res.StatusCode, res.Header)
		}
		etag := res.Header.Get("ETag")
		if etag == "" {
			t.Fatal("no ETag")
		}
		if res, _ := get("/api/display/rede", etag, false); res.StatusCode != http.StatusNotModified {
			t.Fatalf("unchanged list with its ETag: %d, want 304", res.StatusCode)
		}
		if _, plain := get("/api/display/rede", "", false); !bytes.Equal(plain, body) {
			t.Fatal("plain and gzipped answers differ")
		}

		// A new TV shows up at once, with a new ETag.
		a.ReserveDevices(t, "NOVA01")
		mustStatus(t, a.Do(t, "POST", "/api/display/rede/loja-7", ana.Token, map[string]any{"name": "Aaa Nova", "device": "NOVA01"}), 201)
		res, body = get("/api/display/rede", etag, false)
		if res.StatusCode != 200 || !strings.Contains(string(body), `"name":"Aaa Nova"`) || res.Header.Get("ETag") == etag {
			t.Fatalf("after a new TV: %d, ETag %s", res.StatusCode, res.Header.Get("ETag"))
		}

		// A store's new contact and its TV count too.
		res, before := get("/api/store/rede", "", true)
		// Zuleica's absence means something only in the list with loja-7 in it.
		if res.StatusCode != 200 || !strings.Contains(string(before), `"slug":"loja-7","name":"Loja 7"`) {
			t.Fatalf("store list before the change: %d %s", res.StatusCode, before[:min(len(before), 400)])
		}
		mustStatus(t, a.Do(t, "POST", "/api/store/rede/loja-7", ana.Token,
			map[string]any{"contacts": []map[string]any{contact("Zuleica", "21912345678")}}), 200)
		res, after := get("/api/store/rede", "", true)
		if res.StatusCode != 200 {
			t.Fatalf("store list after the change: %d %s", res.StatusCode, after[:min(len(after), 400)])
		}
		if strings.Contains(string(before), "Zuleica") || !strings.Contains(string(after), "Zuleica") {
			t.Fatal("the store list did not follow the contact change")
		}
		if !strings.Contains(string(after), `"slug":"loja-7","name":"Loja 7","region":"Sudeste","state":"SP","city":"São Paulo","franchise":"rede","social":"","document":"","tag":"","phone":"","timeZone":"America/Sao_Paulo","contacts":[{"name":"Zuleica","role":"Gerente","phone":"21912345678","receiveNotify":true}],"displays":3`) {
			t.Fatalf("loja-7 in the list: %s", after[:min(len(after), 400)])
		}

		// A deleted store's TVs leave the overview.
		mustStatus(t, a.Do(t, "DELETE", "/api/store/rede/loja-7", ana.Token, nil), 200)
		res, body = get("/api/display/rede", "", true)
		// The other stores' TVs are still there: the answer is the list.
		if res.StatusCode != 200 || !strings.Contains(string(body), `"store":"loja-8"`) {
			t.Fatalf("overview after the delete: %d %s", res.StatusCode, body[:min(len(body), 400)])
		}
		if strings.Contains(string(body), `"store":"loja-7"`) {
			t.Fatal("the deleted store's TVs are still listed")
		}
		r := a.Do(t, "GET", "/api/franchise", ana.Token, nil)
		mustStatus(t, r, 200)
		if !bytes.Contains(r.Body, []byte(`"stores":99,"displays":198`)) {
			t.Fatalf("counts: %s", r.Body)
		}
	})
}
