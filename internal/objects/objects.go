// Package objects stores media files: a folder on local disk by default, or
// an S3-compatible bucket (MinIO, AWS) in production. Browsers upload
// straight to the store with a short-lived signed policy — an S3 presigned
// POST, or for the local folder an HMAC-signed policy checked by the server's
// upload endpoint — so no media file ever passes whole through memory.
package objects

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Sentinel errors of every backend.
var (
	ErrNotFound   = errors.New("objects: not found")
	ErrTooLarge   = errors.New("objects: object exceeds its size limit")
	ErrInvalidKey = errors.New("objects: invalid key")
	ErrExists     = errors.New("objects: an object is already at the destination")
)

// Info describes a stored object.
type Info struct {
	Key         string
	Size        int64
	ContentType string
	ModTime     time.Time
	ETag        string
}

// Object is an open stored object. Seek and ReadAt read byte ranges without
// fetching the whole object (the S3 backend issues ranged GETs).
type Object interface {
	io.Reader
	io.ReaderAt
	io.Seeker
	io.Closer
}

// PutOptions tell Put what it writes.
type PutOptions struct {
	ContentType string
	Size        int64 // bytes when known, -1 otherwise
	MaxSize     int64 // refuse with ErrTooLarge beyond this many bytes; 0 = no limit
}

// UploadPolicy is what a browser may upload once: one key, one content type,
// at most MaxSize bytes, before Expires.
type UploadPolicy struct {
	Key         string
	ContentType string
	MaxSize     int64
	Expires     time.Time
}

// Upload is the answer handed to the browser: it posts a multipart form with
// Fields first, in any order, then the file in a part named "file", to URL.
type Upload struct {
	URL    string            `json:"url"`
	Fields map[string]string `json:"fields"`
}

// Store is an object storage backend.
type Store interface {
	// Put writes the reader's bytes under key, all or nothing: on any error,
	// ErrTooLarge included, no object is left at key.
	Put(ctx context.Context, key string, r io.Reader, opts PutOptions) (Info, error)
	// Open returns the object for reading, or ErrNotFound.
	Open(ctx context.Context, key string) (Object, Info, error)
	// Stat describes the object, or ErrNotFound.
	Stat(ctx context.Context, key string) (Info, error)
	// Delete removes the object; a missing object is not an error.
	Delete(ctx context.Context, key string) error
	// Move puts the object at from under the key to and removes it from
	// from: ErrNotFound when from is missing, ErrExists when to is taken
	// (nothing is ever replaced by a move).
	Move(ctx context.Context, from, to string) (Info, error)
	// List describes the objects whose keys start with prefix and that were
	// last written before olderThan.
	List(ctx context.Context, prefix string, olderThan time.Time) ([]Info, error)
	// PresignUpload signs a policy for a direct browser upload.
	PresignUpload(ctx context.Context, p UploadPolicy) (Upload, error)
	// URL is the public address of the object (CDN or this server's /files).
	URL(key string) string
	// Origins are the other sites browsers reach for this store: where
	// media are read from and uploads posted to ("https://cdn.example.com");
	// none when everything goes through this server.
	Origins() []string
}

// originOf returns the scheme://host of an absolute address, or "".
func originOf(address string) string {
	u, err := url.Parse(address)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

func origins(addresses ...string) []string {
	var out []string
	for _, a := range addresses {
		if o := originOf(a); o != "" && !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}

// Filer is implemented by stores whose objects are files on this machine,
// so tools such as ffprobe can read them in place.
type Filer interface {
	Path(key string) (string, error)
}

// ValidKey reports whether key is a safe object key: slash-separated
// segments of letters, digits, '.', '_' and '-', none empty, none starting
// with a dot (so no "..", and the local store's private folders stay
// unreachable).
func ValidKey(key string) bool {
	if key == "" || len(key) > 512 {
		return false
	}
	for _, seg := range strings.Split(key, "/") {
		if seg == "" || seg[0] == '.' {
			return false
		}
		for i := 0; i < len(seg); i++ {
			c := seg[i]
			switch {
			case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '_', c == '-':
			default:
				return false
			}
		}
	}
	return true
}

func checkKey(key string) error {
	if !ValidKey(key) {
		return fmt.Errorf("%w: %q", ErrInvalidKey, key)
	}
	return nil
}

// limitedReader returns ErrTooLarge once more than n bytes have been read.
type limitedReader struct {
	r io.Reader
	n int64 // bytes still allowed
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n < 0 {
		return 0, ErrTooLarge
	}
	if int64(len(p)) > l.n+1 {
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	if l.n < 0 {
		return n, ErrTooLarge
	}
	return n, err
}

// limit wraps r so that reading past max bytes fails with ErrTooLarge.
func limit(r io.Reader, max int64) io.Reader {
	if max <= 0 {
		return r
	}
	return &limitedReader{r: r, n: max}
}
