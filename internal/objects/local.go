package objects

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// UploadPath is where browsers post files for the local store.
const UploadPath = "/files/upload"

// tmpDir holds uploads in progress; keys cannot start with a dot, so it is
// never served nor overwritten by an object.
const tmpDir = ".tmp"

// Local keeps objects as files under one folder. Every access goes through
// an os.Root, so no key (nor a symlink planted in the folder) reaches a file
// outside it.
type Local struct {
	dir     string
	root    *os.Root
	baseURL string // public base of objects, without trailing slash
	signer  *Signer
}

// NewLocal opens (creating it if needed) the objects folder dir. baseURL is
// the public address objects are served from ("/files" or a CDN in front of
// it); secret signs upload policies.
func NewLocal(dir, baseURL string, signer *Signer) (*Local, error) {
	if err := os.MkdirAll(filepath.Join(dir, tmpDir), 0o755); err != nil {
		return nil, fmt.Errorf("objects folder: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("objects folder: %w", err)
	}
	removeStale(filepath.Join(dir, tmpDir), 24*time.Hour)
	return &Local{dir: dir, root: root, baseURL: strings.TrimRight(baseURL, "/"), signer: signer}, nil
}

// Close releases the folder handle.
func (l *Local) Close() error { return l.root.Close() }

// Signer returns the policy signer that the upload endpoint verifies with.
func (l *Local) Signer() *Signer { return l.signer }

func (l *Local) Put(ctx context.Context, key string, r io.Reader, opts PutOptions) (Info, error) {
	if err := checkKey(key); err != nil {
		return Info{}, err
	}
	if opts.MaxSize > 0 && opts.Size > opts.MaxSize {
		return Info{}, ErrTooLarge
	}
	tmp, err := os.CreateTemp(filepath.Join(l.dir, tmpDir), "put-*")
	if err != nil {
		return Info{}, err
	}
	tmpName := path.Join(tmpDir, filepath.Base(tmp.Name()))
	committed := false
	defer func() {
		if !committed {
			tmp.Close()
			_ = l.root.Remove(tmpName)
		}
	}()
	buf := make([]byte, 256<<10)
	if _, err := io.CopyBuffer(tmp, ctxReader{ctx, limit(r, opts.MaxSize)}, buf); err != nil {
		return Info{}, err
	}
	if err := tmp.Close(); err != nil {
		return Info{}, err
	}
	if dir := path.Dir(key); dir != "." {
		if err := l.root.MkdirAll(dir, 0o755); err != nil {
			return Info{}, err
		}
	}
	if err := l.root.Rename(tmpName, key); err != nil {
		return Info{}, err
	}
	committed = true
	st, err := l.root.Stat(key)
	if err != nil {
		return Info{}, err
	}
	return l.info(key, st), nil
}

func (l *Local) Open(ctx context.Context, key string) (Object, Info, error) {
	if err := checkKey(key); err != nil {
		return nil, Info{}, ErrNotFound
	}
	f, err := l.root.Open(key)
	if err != nil {
		return nil, Info{}, notFound(err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Info{}, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, Info{}, ErrNotFound
	}
	return f, l.info(key, st), nil
}

func (l *Local) Stat(ctx context.Context, key string) (Info, error) {
	if err := checkKey(key); err != nil {
		return Info{}, ErrNotFound
	}
	st, err := l.root.Stat(key)
	if err != nil {
		return Info{}, notFound(err)
	}
	if !st.Mode().IsRegular() {
		return Info{}, ErrNotFound
	}
	return l.info(key, st), nil
}

func (l *Local) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	err := l.root.Remove(key)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

func (l *Local) Move(ctx context.Context, from, to string) (Info, error) {
	if err := checkKey(from); err != nil {
		return Info{}, ErrNotFound
	}
	if err := checkKey(to); err != nil {
		return Info{}, err
	}
	if _, err := l.Stat(ctx, to); err == nil {
		return Info{}, ErrExists
	} else if !errors.Is(err, ErrNotFound) {
		return Info{}, err
	}
	if dir := path.Dir(to); dir != "." {
		if err := l.root.MkdirAll(dir, 0o755); err != nil {
			return Info{}, err
		}
	}
	if err := l.root.Rename(from, to); err != nil {
		return Info{}, notFound(err)
	}
	st, err := l.root.Stat(to)
	if err != nil {
		return Info{}, err
	}
	return l.info(to, st), nil
}

func (l *Local) List(ctx context.Context, prefix string, olderThan time.Time) ([]Info, error) {
	var out []Info
	err := fs.WalkDir(l.root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			if p != "." && (strings.HasPrefix(d.Name(), ".") || !(strings.HasPrefix(p+"/", prefix) || strings.HasPrefix(prefix, p+"/"))) {
				return fs.SkipDir // private folders, and folders outside prefix
			}
			return nil
		}
		if !strings.HasPrefix(p, prefix) || !ValidKey(p) {
			return nil
		}
		st, err := d.Info()
		if err != nil {
			return nil // removed meanwhile
		}
		if st.Mode().IsRegular() && st.ModTime().Before(olderThan) {
			out = append(out, l.info(p, st))
		}
		return ctx.Err()
	})
	return out, err
}

func (l *Local) PresignUpload(ctx context.Context, p UploadPolicy) (Upload, error) {
	if err := checkKey(p.Key); err != nil {
		return Upload{}, err
	}
	return Upload{URL: UploadPath, Fields: l.signer.Sign(p)}, nil
}

func (l *Local) URL(key string) string { return l.baseURL + "/" + key }

func (l *Local) Origins() []string { return origins(l.baseURL) }

// Path is the file holding key, for tools that read files in place.
func (l *Local) Path(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return filepath.Join(l.dir, filepath.FromSlash(key)), nil
}

func (l *Local) info(key string, st fs.FileInfo) Info {
	return Info{
		Key:         key,
		Size:        st.Size(),
		ContentType: ContentTypeOf(key),
		ModTime:     st.ModTime(),
		ETag:        fmt.Sprintf(`"%x-%x"`, st.ModTime().UnixNano(), st.Size()),
	}
}

// ContentTypeOf is the media type served for a key, from its extension.
func ContentTypeOf(key string) string {
	switch strings.ToLower(path.Ext(key)) {
	case ".png":
		return "image/png"
	case ".jpg", ".jpeg":
		return "image/jpeg"
	case ".gif":
		return "image/gif"
	case ".mp4":
		return "video/mp4"
	case ".avi":
		return "video/x-msvideo"
	case ".webp":
		return "image/webp"
	}
	if t := mime.TypeByExtension(path.Ext(key)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// removeStale deletes uploads left half-written by a crash.
func removeStale(dir string, age time.Duration) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > age {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

func notFound(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return ErrNotFound
	}
	return err
}

// ctxReader stops a long copy when the request is abandoned.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// LoadSecret returns the upload-signing secret kept in file, creating it
// with fresh random bytes the first time.
func LoadSecret(file string) ([]byte, error) {
	b, err := os.ReadFile(file)
	if err == nil {
		if s := strings.TrimSpace(string(b)); len(s) >= 32 {
			return []byte(s), nil
		}
		return nil, fmt.Errorf("upload secret %s: shorter than 32 characters", file)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	secret := randomSecret()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		// Another process created it at the same moment; use theirs.
		time.Sleep(100 * time.Millisecond)
		b, err := os.ReadFile(file)
		if err != nil || len(strings.TrimSpace(string(b))) < 32 {
			return nil, fmt.Errorf("upload secret %s: unreadable or incomplete", file)
		}
		return []byte(strings.TrimSpace(string(b))), nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if _, err := f.WriteString(secret + "\n"); err != nil {
		return nil, err
	}
	return []byte(secret), f.Sync()
}
