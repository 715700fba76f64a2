// Upload staging: signed upload policies into the staging area, the
// registration that moves an upload into the library, and the sweep of
// uploads never registered.

package media

import (
	"context"
	"errors"
	"io"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"vitrine/internal/fault"
	"vitrine/internal/ids"
	"vitrine/internal/objects"
	"vitrine/internal/tenant"
)

// PolicyTTL is how long an upload policy stays valid: long enough for a
// 200 MB video on a slow shop connection.
const PolicyTTL = time.Hour

// UploadPolicy signs a direct upload of one file of kind (image or video)
// and contentType under the franchise's prefix.
func (s *Service) UploadPolicy(ctx context.Context, t tenant.Tenant, kind, contentType string) (objects.Upload, error) {
	if kind != Image && kind != Video {
		return objects.Upload{}, ErrBadType
	}
	f, ok := FormatForUpload(kind, contentType)
	if !ok {
		return objects.Upload{}, ErrUnsupported
	}
	up, err := s.store.PresignUpload(ctx, objects.UploadPolicy{
		Key:         uploadPrefix(t) + ids.New() + "." + f.Ext,
		ContentType: f.ContentType,
		MaxSize:     maxSize(kind),
		Expires:     s.now().Add(PolicyTTL),
	})
	if err != nil {
		s.log.Error("sign upload policy", "err", err)
		return objects.Upload{}, ErrStorageOffline
	}
	return up, nil
}

// Uploads land in a staging area, uploads/{franchise}.{id}.{ext}, the only
// keys a policy ever names. Registering moves the object to the library,
// {franchise}/media/{id}.{ext}, before checking its bytes, so a policy used
// again (it stays valid for its hour) can only write to the staging area:
// never over a file already checked and playing. What stays in the staging
// area — uploads never registered, or a policy used twice — is removed after
// StagingTTL by SweepUploads. Staged keys have no folder of their own, so
// the bucket's public paths (objects.PublicPaths) never match them.
const StagingRoot = "uploads/"

// StagingTTL is how long an unregistered upload is kept.
const StagingTTL = 24 * time.Hour

func uploadPrefix(t tenant.Tenant) string { return StagingRoot + t.Slug + "." }

// libraryKey is where the upload at key goes once registered: the same file
// name under the franchise's library. ok is false for a key outside the
// staging area.
func libraryKey(key string) (string, bool) {
	name, ok := strings.CutPrefix(key, StagingRoot)
	if !ok || strings.Contains(name, "/") {
		return "", false
	}
	slug, file, ok := strings.Cut(name, ".")
	if !ok || slug == "" || file == "" {
		return "", false
	}
	return slug + "/media/" + file, true
}

// UploadUsed tells whether the upload policy for key was already used: its
// file is in the library. The local store's upload endpoint refuses a second
// upload then; S3 cannot be asked, and what it receives stays in the staging
// area until swept.
func (s *Service) UploadUsed(ctx context.Context, key string) (bool, error) {
	final, ok := libraryKey(key)
	if !ok {
		return false, nil
	}
	_, err := s.store.Stat(ctx, final)
	if errors.Is(err, objects.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// SweepUploads deletes the staged uploads older than StagingTTL and tells
// how many went.
func (s *Service) SweepUploads(ctx context.Context) (int, error) {
	stale, err := s.store.List(ctx, StagingRoot, s.now().Add(-StagingTTL))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, obj := range stale {
		if err := s.store.Delete(ctx, obj.Key); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Register checks an uploaded object and adds it to the library. A file
// that is not what it claims (format, size, integrity) is refused and its
// object deleted, so nothing half-registered stays behind.
func (s *Service) Register(ctx context.Context, t tenant.Tenant, in RegisterInput) (Media, error) {
	name := strings.TrimSpace(in.Name)
	if name == "" {
		return Media{}, fault.ErrNameRequired
	}
	if utf8.RuneCountInString(name) > 200 {
		return Media{}, fault.Invalidf("O nome pode ter no máximo 200 caracteres.")
	}
	kind := in.Type
	if kind != Image && kind != Video {
		return Media{}, ErrBadType
	}
	folder, err := NormalizeFolder(in.Folder)
	if err != nil {
		return Media{}, err
	}
	volume, limitByHour, err := checkExtras(0, 0, in.Volume, in.LimitByHour)
	if err != nil {
		return Media{}, err
	}

	// The key must be one this franchise was given: anything else, another
	// tenant's upload included, is "not found" and left untouched.
	staged := strings.TrimPrefix(strings.TrimSpace(in.FilePath), "/")
	prefix := uploadPrefix(t)
	if !strings.HasPrefix(staged, prefix) || strings.Contains(staged[len(prefix):], "/") || !objects.ValidKey(staged) {
		return Media{}, ErrUploadMissing
	}
	key, _ := libraryKey(staged)
	declared, ok := formatByExt(strings.TrimPrefix(path.Ext(key), "."))
	if !ok {
		return Media{}, ErrUploadMissing
	}
	if _, ok := FormatForUpload(kind, declared.ContentType); !ok {
		return Media{}, fault.Invalidf("O tipo informado (%s) não corresponde ao arquivo enviado.", kind)
	}
	if taken, err := filePathTaken(ctx, s.db, key); err != nil {
		return Media{}, err
	} else if taken {
		return Media{}, ErrAlreadyDone
	}

	// Out of the staging area first, then checked: the bytes checked are
	// the bytes kept.
	_, err = s.store.Move(ctx, staged, key)
	if errors.Is(err, objects.ErrNotFound) {
		return Media{}, ErrUploadMissing
	}
	if errors.Is(err, objects.ErrExists) {
		return Media{}, ErrAlreadyDone
	}
	if err != nil {
		s.log.Error("move uploaded object", "key", staged, "err", err)
		return Media{}, ErrStorageOffline
	}
	m, refused, err := s.checkAndAdd(ctx, t, key, declared, RegisterInput{
		Name: name, Type: kind, Folder: folder, DisplayTime: in.DisplayTime,
		Volume: &volume, LimitByHour: &limitByHour, StoreID: in.StoreID,
	})
	if err != nil && !refused && !errors.Is(err, ErrAlreadyDone) {
		// Not the file's fault: put it back where its policy put it, so the
		// console can register it again.
		if _, merr := s.store.Move(context.WithoutCancel(ctx), key, staged); merr != nil {
			s.log.Error("return upload to staging", "key", key, "err", merr)
		}
	}
	return m, err
}

// Import adds a file the server itself holds (the demo's slides) the way an
// upload is added: staged, then registered and checked.
func (s *Service) Import(ctx context.Context, t tenant.Tenant, in RegisterInput, ext string, r io.Reader) (Media, error) {
	f, ok := formatByExt(ext)
	if !ok {
		return Media{}, ErrUnsupported
	}
	key := uploadPrefix(t) + ids.New() + "." + f.Ext
	if _, err := s.store.Put(ctx, key, r, objects.PutOptions{ContentType: f.ContentType, Size: -1, MaxSize: maxSize(in.Type)}); err != nil {
		return Media{}, err
	}
	in.FilePath = key
	return s.Register(ctx, t, in)
}
