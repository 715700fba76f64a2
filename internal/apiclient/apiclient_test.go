package apiclient_test

import (
	"bytes"
	"context"
	"errors"
	"image/color"
	"io"
	"net/http"
	"strings"
	"testing"

	"vitrine/internal/apiclient"
	"vitrine/internal/config"
	"vitrine/internal/testutil"
)

const (
	adminEmail    = "admin@apiclient.test"
	adminPassword = "Admin#Vitrine1"
)

func newServer(t *testing.T) *testutil.TestApp {
	return testutil.NewApp(t, "sqlite", testutil.WithConfig(func(c *config.Config) {
		c.AdminEmail, c.AdminPassword = adminEmail, adminPassword
	}))
}

func TestAnUnexpectedStatusIsAnErrorWithTheStatusAndBody(t *testing.T) {
	a := newServer(t)
	c := &apiclient.Client{Base: a.URL}
	err := c.Login(context.Background(), adminEmail, "not the password")
	var apiErr *apiclient.Error
	if !errors.As(err, &apiErr) {
		t.Fatalf("Login with a wrong password: %v, want an *apiclient.Error", err)
	}
	if apiErr.Status != http.StatusUnauthorized || apiErr.Method != "POST" || apiErr.Path != "/api/user/auth" || apiErr.Body == "" {
		t.Errorf("got %s %s: %d %q, want POST /api/user/auth: 401 with the API's error body",
			apiErr.Method, apiErr.Path, apiErr.Status, apiErr.Body)
	}
	if c.Token != "" {
		t.Errorf("a failed login left the token %q", c.Token)
	}
}

func TestAnUploadIsListedAndServesTheSameBytes(t *testing.T) {
	a := newServer(t)
	ctx := context.Background()
	c := &apiclient.Client{Base: a.URL}
	if err := c.Login(ctx, adminEmail, adminPassword); err != nil {
		t.Fatal(err)
	}
	var fr struct {
		Franchise struct {
			Slug string `json:"slug"`
		} `json:"franchise"`
	}
	if err := c.Do(ctx, "POST", "/api/franchise", map[string]any{"name": "Rede Cliente"}, &fr, 201); err != nil {
		t.Fatal(err)
	}
	file := apiclient.PNG(64, 36, func(x, y int) color.RGBA { return color.RGBA{uint8(x), uint8(y), 160, 255} })

	id, err := c.Upload(ctx, fr.Franchise.Slug, "Cartaz", "image", "image/png", file)
	if err != nil {
		t.Fatal(err)
	}

	var lib struct {
		MediaList []struct {
			ID   string `json:"id"`
			Name string `json:"name"`
			URL  string `json:"url"`
		} `json:"mediaList"`
	}
	if err := c.Do(ctx, "GET", "/api/media/"+fr.Franchise.Slug, nil, &lib, 200); err != nil {
		t.Fatal(err)
	}
	if len(lib.MediaList) != 1 || lib.MediaList[0].ID != id || lib.MediaList[0].Name != "Cartaz" {
		t.Fatalf("the library holds %+v, want the one media %s named Cartaz", lib.MediaList, id)
	}
	u := lib.MediaList[0].URL
	if strings.HasPrefix(u, "/") {
		u = a.URL + u
	}
	res, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !bytes.Equal(got, file) {
		t.Errorf("GET %s: %d, %d bytes; want 200 with the %d uploaded", u, res.StatusCode, len(got), len(file))
	}
}
