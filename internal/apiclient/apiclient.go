// Package apiclient is a small client of Vitrine's HTTP API for the programs
// and tests that drive a running server from outside, as the console and the
// players do: JSON calls with a session token, the console's direct upload of
// a media file, and a player's socket.
package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"

	"github.com/coder/websocket"
)

// Client calls one server's API (or a balancer in front of several).
type Client struct {
	Base  string // http://host:port, without a trailing slash
	Token string // the session sent as a bearer token; "" for none
	HTTP  *http.Client
}

// Error is an answer with another status than the one expected.
type Error struct {
	Method, Path string
	Status       int
	Body         string
	Header       http.Header
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s %s: %d %s", e.Method, e.Path, e.Status, strings.TrimSpace(e.Body))
}

func (c *Client) httpClient() *http.Client {
	if c.HTTP == nil {
		return http.DefaultClient
	}
	return c.HTTP
}

// Do sends body (if not nil) as JSON to Base+path and decodes the answer
// into out (if not nil). An answer with another status than want is an
// *Error.
func (c *Client) Do(ctx context.Context, method, path string, body, out any, want int) error {
	_, err := c.Send(ctx, method, path, body, out, want)
	return err
}

// Send is Do that also returns the answer's headers, such as the one a
// balancer adds to name the replica that answered.
func (c *Client) Send(ctx context.Context, method, path string, body, out any, want int) (http.Header, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.Base+path, rd)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	res, err := c.httpClient().Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != want {
		return nil, &Error{Method: method, Path: path, Status: res.StatusCode, Body: string(b), Header: res.Header}
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return nil, fmt.Errorf("%s %s: %w", method, path, err)
		}
	}
	return res.Header, nil
}

// Login signs in with an e-mail and password and keeps the session's token
// for the calls that follow.
func (c *Client) Login(ctx context.Context, email, password string) error {
	var login struct {
		Token string `json:"token"`
	}
	if err := c.Do(ctx, "POST", "/api/user/auth", map[string]string{"email": email, "auth": password}, &login, 200); err != nil {
		return err
	}
	c.Token = login.Token
	return nil
}

// Policy is where and with which signed form fields a file goes straight
// to storage (an S3 POST policy, or the local store's counterpart).
type Policy struct {
	URL    string // absolute
	Fields map[string]string
	Key    string // the file's path in storage, for the registration
}

// Policy asks for an upload policy for a file of kind ("image" or "video")
// and contentType in franchise's library (GET /api/media/file/{franchise}).
func (c *Client) Policy(ctx context.Context, franchise, kind, contentType string) (Policy, error) {
	return c.policy(ctx, "/api/media/file/"+franchise, kind, contentType)
}

func (c *Client) policy(ctx context.Context, path, kind, contentType string) (Policy, error) {
	var pol struct {
		Data struct {
			URL    string            `json:"url"`
			Fields map[string]string `json:"fields"`
		} `json:"data"`
	}
	q := url.Values{"type": {kind}, "contentType": {contentType}}
	if err := c.Do(ctx, "GET", path+"?"+q.Encode(), nil, &pol, 200); err != nil {
		return Policy{}, err
	}
	p := Policy{URL: pol.Data.URL, Fields: pol.Data.Fields, Key: pol.Data.Fields["key"]}
	if strings.HasPrefix(p.URL, "/") {
		p.URL = c.Base + p.URL
	}
	return p, nil
}

// Register adds the file stored at key to franchise's library as a media
// named name (POST /api/media/{franchise}) and returns the media's id.
func (c *Client) Register(ctx context.Context, franchise, name, kind, key string) (string, error) {
	return c.register(ctx, "/api/media/"+franchise, name, kind, key)
}

func (c *Client) register(ctx context.Context, path, name, kind, key string) (string, error) {
	var m struct {
		Media struct {
			ID string `json:"id"`
		} `json:"media"`
	}
	reg := map[string]any{"name": name, "type": kind, "filePath": key}
	if err := c.Do(ctx, "POST", path, reg, &m, 201); err != nil {
		return "", err
	}
	return m.Media.ID, nil
}

// Upload puts file in franchise's library with the console's flow: a
// policy, the multipart POST it names (straight to storage, which may be
// another host), then the registration. It returns the media's id.
func (c *Client) Upload(ctx context.Context, franchise, name, kind, contentType string, file []byte) (string, error) {
	return c.upload(ctx, "/api/media/file/"+franchise, "/api/media/"+franchise, name, kind, contentType, file)
}

// UploadLocal puts file in the store's own folder (local content) with the
// same flow, and returns the media's id.
func (c *Client) UploadLocal(ctx context.Context, franchise, store, name, kind, contentType string, file []byte) (string, error) {
	base := "/api/local/" + franchise + "/" + store
	return c.upload(ctx, base+"/file", base+"/media", name, kind, contentType, file)
}

func (c *Client) upload(ctx context.Context, policyPath, registerPath, name, kind, contentType string, file []byte) (string, error) {
	pol, err := c.policy(ctx, policyPath, kind, contentType)
	if err != nil {
		return "", err
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range pol.Fields {
		if err := mw.WriteField(k, v); err != nil {
			return "", err
		}
	}
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		return "", err
	}
	fw.Write(file)
	if err := mw.Close(); err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", pol.URL, &body)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := c.httpClient().Do(req)
	if err != nil {
		return "", err
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode/100 != 2 {
		return "", &Error{Method: "POST", Path: pol.URL, Status: res.StatusCode, Body: string(b), Header: res.Header}
	}
	return c.register(ctx, registerPath, name, kind, pol.Key)
}

// ConnectPlayer opens a player's socket at base (docs/device-protocol.md)
// and sends the auth frame with the device's token; the server's frames
// are then the caller's to read. opts may be nil.
func ConnectPlayer(ctx context.Context, base, deviceToken string, opts *websocket.DialOptions) (*websocket.Conn, *http.Response, error) {
	ws, res, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/device/ws", opts)
	if err != nil {
		return nil, res, err
	}
	ws.SetReadLimit(1 << 20)
	auth, _ := json.Marshal(map[string]string{"type": "auth", "token": deviceToken})
	if err := ws.Write(ctx, websocket.MessageText, auth); err != nil {
		ws.CloseNow()
		return nil, res, err
	}
	return ws, res, nil
}

// PNG encodes a width×height image whose pixels pixel gives, for a poster
// to upload.
func PNG(width, height int, pixel func(x, y int) color.RGBA) []byte {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for y := range height {
		for x := range width {
			img.SetRGBA(x, y, pixel(x, y))
		}
	}
	var b bytes.Buffer
	png.Encode(&b, img) // writing to memory cannot fail
	return b.Bytes()
}
