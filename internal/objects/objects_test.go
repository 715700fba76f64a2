package objects_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrine/internal/objects"
)

func TestValidKey(t *testing.T) {
	for key, want := range map[string]bool{
		"loja/media/0190-abc.png": true,
		"a":                       true,
		"":                        false,
		"/etc/passwd":             false,
		"loja/../outra/x.png":     false,
		"loja/./x.png":            false,
		"loja//x.png":             false,
		".tmp/put-1":              false,
		"loja/.hidden":            false,
		`loja\..\x`:               false,
		"loja/x y.png":            false,
		"loja/x%2e.png":           false,
		"loja/x.png/":             false,
		strings.Repeat("a", 600):  false,
	} {
		if got := objects.ValidKey(key); got != want {
			t.Errorf("ValidKey(%q) = %v, want %v", key, got, want)
		}
	}
}

func TestSignedPolicy(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	s := objects.NewSigner([]byte(strings.Repeat("k", 32)), clock)
	pol := objects.UploadPolicy{Key: "loja-a/media/1.png", ContentType: "image/png", MaxSize: 10485760, Expires: now.Add(time.Hour)}
	fields := s.Sign(pol)

	t.Run("the fields of a signed policy verify and carry it back", func(t *testing.T) {
		got, err := s.Verify(fields)
		if err != nil {
			t.Fatal(err)
		}
		if got.Key != pol.Key || got.ContentType != pol.ContentType || got.MaxSize != pol.MaxSize || !got.Expires.Equal(pol.Expires) {
			t.Fatalf("verified policy %+v, want %+v", got, pol)
		}
	})

	with := func(k, v string) map[string]string {
		c := map[string]string{}
		for a, b := range fields {
			c[a] = b
		}
		if v == "\x00" {
			delete(c, k)
		} else {
			c[k] = v
		}
		return c
	}
	other := objects.NewSigner([]byte(strings.Repeat("x", 32)), clock).Sign(pol)
	bigger := pol
	bigger.MaxSize = 1 << 40
	forged := s.Sign(bigger)[objects.FieldPolicy] // a valid policy text, paired with another signature

	cases := []struct {
		name   string
		fields map[string]string
		want   error
	}{
		{"another franchise's key in the form", with(objects.FieldKey, "loja-b/media/1.png"), objects.ErrPolicyMismatch},
		{"another content type in the form", with(objects.FieldContentType, "text/html"), objects.ErrPolicyMismatch},
		{"policy swapped for a larger one", with(objects.FieldPolicy, forged), objects.ErrPolicyInvalid},
		{"signature altered", with(objects.FieldSignature, strings.Repeat("0", 64)), objects.ErrPolicyInvalid},
		{"signature missing", with(objects.FieldSignature, "\x00"), objects.ErrPolicyInvalid},
		{"policy missing", with(objects.FieldPolicy, "\x00"), objects.ErrPolicyInvalid},
		{"signed with another secret", other, objects.ErrPolicyInvalid},
	}
	for _, c := range cases {
		t.Run(c.name+" is refused", func(t *testing.T) {
			if _, err := s.Verify(c.fields); !errors.Is(err, c.want) {
				t.Fatalf("Verify = %v, want %v", err, c.want)
			}
		})
	}

	t.Run("an expired policy is refused", func(t *testing.T) {
		later := objects.NewSigner([]byte(strings.Repeat("k", 32)), func() time.Time { return now.Add(time.Hour) })
		if _, err := later.Verify(fields); !errors.Is(err, objects.ErrPolicyExpired) {
			t.Fatalf("Verify after expiry = %v", err)
		}
	})
}

func newLocal(t *testing.T) (*objects.Local, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "objects")
	l, err := objects.NewLocal(dir, "/files", objects.NewSigner([]byte(strings.Repeat("k", 32)), nil))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l, dir
}

func TestLocalStore(t *testing.T) {
	storeContract(t, func(t *testing.T) objects.Store { l, _ := newLocal(t); return l })

	t.Run("an oversized put leaves no file, not even a partial one", func(t *testing.T) {
		l, dir := newLocal(t)
		_, err := l.Put(context.Background(), "a/media/big.mp4", bytes.NewReader(make([]byte, 1000)),
			objects.PutOptions{Size: -1, MaxSize: 999})
		if !errors.Is(err, objects.ErrTooLarge) {
			t.Fatalf("Put = %v, want ErrTooLarge", err)
		}
		if files := listFiles(t, dir); len(files) != 0 {
			t.Fatalf("files left behind: %v", files)
		}
	})

	t.Run("a symlink planted in the folder does not lead outside", func(t *testing.T) {
		l, dir := newLocal(t)
		secret := filepath.Join(t.TempDir(), "secret.txt")
		os.WriteFile(secret, []byte("segredo"), 0o600)
		os.MkdirAll(filepath.Join(dir, "a"), 0o755)
		if err := os.Symlink(secret, filepath.Join(dir, "a", "link.txt")); err != nil {
			t.Skip("no symlinks here")
		}
		if _, _, err := l.Open(context.Background(), "a/link.txt"); err == nil {
			t.Fatal("a symlink to a file outside the objects folder was opened")
		}
	})

	t.Run("local URLs are under /files", func(t *testing.T) {
		l, _ := newLocal(t)
		if got := l.URL("a/media/x.png"); got != "/files/a/media/x.png" {
			t.Fatalf("URL = %q", got)
		}
	})
}

// storeContract is what every backend must do.
func storeContract(t *testing.T, open func(t *testing.T) objects.Store) {
	ctx := context.Background()
	t.Run("put, stat, open a range, delete", func(t *testing.T) {
		s := open(t)
		data := []byte("0123456789abcdefghij")
		info, err := s.Put(ctx, "loja/media/x.png", bytes.NewReader(data), objects.PutOptions{ContentType: "image/png", Size: int64(len(data))})
		if err != nil {
			t.Fatal(err)
		}
		if info.Size != int64(len(data)) {
			t.Fatalf("size %d", info.Size)
		}
		st, err := s.Stat(ctx, "loja/media/x.png")
		if err != nil || st.Size != int64(len(data)) || st.ContentType != "image/png" {
			t.Fatalf("Stat = %+v, %v", st, err)
		}
		obj, _, err := s.Open(ctx, "loja/media/x.png")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := obj.Seek(10, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		part := make([]byte, 5)
		if _, err := io.ReadFull(obj, part); err != nil || string(part) != "abcde" {
			t.Fatalf("range read %q, %v", part, err)
		}
		at := make([]byte, 3)
		if _, err := obj.ReadAt(at, 17); err != nil && !errors.Is(err, io.EOF) || string(at) != "hij" {
			t.Fatalf("ReadAt %q, %v", at, err)
		}
		obj.Close()
		if err := s.Delete(ctx, "loja/media/x.png"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Stat(ctx, "loja/media/x.png"); !errors.Is(err, objects.ErrNotFound) {
			t.Fatalf("Stat after delete = %v", err)
		}
		if err := s.Delete(ctx, "loja/media/x.png"); err != nil {
			t.Fatalf("deleting a missing object: %v", err)
		}
	})
	t.Run("a missing object is ErrNotFound", func(t *testing.T) {
		s := open(t)
		if _, _, err := s.Open(ctx, "loja/media/none.png"); !errors.Is(err, objects.ErrNotFound) {
			t.Fatalf("Open = %v", err)
		}
	})
	t.Run("keys that climb out are refused", func(t *testing.T) {
		s := open(t)
		for _, key := range []string{"../x", "/etc/passwd", "a/../../x", ".tmp/x"} {
			if _, err := s.Put(ctx, key, strings.NewReader("x"), objects.PutOptions{Size: 1}); !errors.Is(err, objects.ErrInvalidKey) {
				t.Errorf("Put(%q) = %v", key, err)
			}
			if _, _, err := s.Open(ctx, key); !errors.Is(err, objects.ErrNotFound) {
				t.Errorf("Open(%q) = %v", key, err)
			}
		}
	})
	t.Run("a put over its limit is refused and leaves no object", func(t *testing.T) {
		s := open(t)
		_, err := s.Put(ctx, "loja/media/big.png", bytes.NewReader(make([]byte, 2048)), objects.PutOptions{Size: -1, MaxSize: 1024})
		if !errors.Is(err, objects.ErrTooLarge) {
			t.Fatalf("Put = %v", err)
		}
		if _, err := s.Stat(ctx, "loja/media/big.png"); !errors.Is(err, objects.ErrNotFound) {
			t.Fatalf("object left behind: %v", err)
		}
	})
	t.Run("move takes an object out of the staging area and never replaces one", func(t *testing.T) {
		s := open(t)
		put := func(key, data string) {
			t.Helper()
			if _, err := s.Put(ctx, key, strings.NewReader(data), objects.PutOptions{ContentType: "image/png", Size: int64(len(data))}); err != nil {
				t.Fatal(err)
			}
		}
		put("uploads/loja.m1.png", "primeiro")
		info, err := s.Move(ctx, "uploads/loja.m1.png", "loja/media/m1.png")
		if err != nil || info.Size != int64(len("primeiro")) {
			t.Fatalf("Move = %+v, %v", info, err)
		}
		if _, err := s.Stat(ctx, "uploads/loja.m1.png"); !errors.Is(err, objects.ErrNotFound) {
			t.Fatalf("the source is still there: %v", err)
		}
		put("uploads/loja.m1.png", "segundo")
		if _, err := s.Move(ctx, "uploads/loja.m1.png", "loja/media/m1.png"); !errors.Is(err, objects.ErrExists) {
			t.Fatalf("a move over an object: %v", err)
		}
		obj, _, err := s.Open(ctx, "loja/media/m1.png")
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(obj)
		obj.Close()
		if string(got) != "primeiro" {
			t.Fatalf("the moved object became %q", got)
		}
		if _, err := s.Move(ctx, "uploads/none.png", "loja/media/none.png"); !errors.Is(err, objects.ErrNotFound) {
			t.Fatalf("moving a missing object: %v", err)
		}
	})
	t.Run("list finds the objects under a prefix older than a time", func(t *testing.T) {
		s := open(t)
		for _, key := range []string{"uploads/a.1.png", "uploads/b.2.png", "loja/media/3.png"} {
			if _, err := s.Put(ctx, key, strings.NewReader("x"), objects.PutOptions{Size: 1}); err != nil {
				t.Fatal(err)
			}
		}
		none, err := s.List(ctx, "uploads/", time.Now().Add(-time.Hour))
		if err != nil || len(none) != 0 {
			t.Fatalf("List of fresh objects = %v, %v", none, err)
		}
		old, err := s.List(ctx, "uploads/", time.Now().Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, o := range old {
			keys = append(keys, o.Key)
		}
		slices.Sort(keys)
		if !slices.Contains(keys, "uploads/a.1.png") || !slices.Contains(keys, "uploads/b.2.png") || slices.Contains(keys, "loja/media/3.png") {
			t.Fatalf("List = %v", keys)
		}
	})
}

func listFiles(t *testing.T, dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}
