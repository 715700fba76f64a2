package media

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"log/slog"
	"math"
	"os"
	"path"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/ids"
	"vitrine/internal/names"
	"vitrine/internal/objects"
	"vitrine/internal/tenant"
)

// PolicyTTL is how long an upload policy stays valid: long enough for a
// 200 MB video on a slow shop connection.
const PolicyTTL = time.Hour

// Service holds the library's rules.
type Service struct {
	db     *db.DB
	store  objects.Store
	tools  Tools
	now    func() time.Time
	log    *slog.Logger
	usages []Usage
	decode chan struct{} // bounds concurrent image decodes (memory)
}

// NewService builds the library on a database and an object store. tools
// may be zero (no ffprobe/ffmpeg).
func NewService(d *db.DB, store objects.Store, tools Tools, now func() time.Time, log *slog.Logger) *Service {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &Service{db: d, store: store, tools: tools, now: now, log: log, decode: make(chan struct{}, 2)}
}

// AddUsage plugs in a domain that references media. Call it while wiring,
// before serving.
func (s *Service) AddUsage(u Usage) { s.usages = append(s.usages, u) }

// Store is the object store behind the library.
func (s *Service) Store() objects.Store { return s.store }

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
		Volume: &volume, LimitByHour: &limitByHour,
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

// checkAndAdd checks the object at key (already out of the staging area)
// and adds it to the library. refused tells that the file itself was at
// fault and was deleted.
func (s *Service) checkAndAdd(ctx context.Context, t tenant.Tenant, key string, declared Format, in RegisterInput) (m Media, refused bool, err error) {
	obj, info, err := s.store.Open(ctx, key)
	if errors.Is(err, objects.ErrNotFound) {
		return Media{}, false, ErrUploadMissing
	}
	if err != nil {
		s.log.Error("open uploaded object", "key", key, "err", err)
		return Media{}, false, ErrStorageOffline
	}
	defer obj.Close()
	refuse := func(cause error) (Media, bool, error) {
		if err := s.store.Delete(context.WithoutCancel(ctx), key); err != nil {
			s.log.Error("delete refused upload", "key", key, "err", err)
		}
		return Media{}, true, cause
	}

	if info.Size == 0 {
		return refuse(ErrEmptyFile)
	}
	if info.Size > maxSize(in.Type) {
		return refuse(tooLarge(in.Type))
	}
	head := make([]byte, 512)
	n, err := obj.ReadAt(head, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return Media{}, false, fmt.Errorf("read uploaded object: %w", err)
	}
	format, ok := Sniff(head[:n])
	if !ok {
		return refuse(ErrUnsupported)
	}
	if format != declared {
		return refuse(fault.WithMsg(fault.Unprocessable, 1003, fmt.Sprintf(
			"O arquivo foi enviado como %s, mas o conteúdo é %s. Envie-o com a extensão correta.",
			strings.ToUpper(declared.Name), strings.ToUpper(format.Name))))
	}

	now := s.now().UnixMilli()
	m = Media{
		ID: ids.New(), Name: in.Name, Type: format.Kind, FilePath: key, Folder: in.Folder,
		Size: info.Size, ContentType: format.ContentType, Volume: *in.Volume, LimitByHour: *in.LimitByHour,
		CreatedAt: now, UpdatedAt: now,
	}
	var thumb []byte
	if format.Kind == Image {
		thumb, err = s.analyzeImage(obj, format, info.Size, &m)
	} else {
		thumb, err = s.analyzeVideo(ctx, obj, key, format, info.Size, &m)
		m.DisplayTime = videoDisplayTime(m.Duration, in.DisplayTime)
	}
	if err != nil {
		if _, ok := fault.As(err); ok {
			return refuse(err)
		}
		return Media{}, false, err
	}
	if m.Type == Image {
		m.Volume = 0
	}

	if thumb != nil {
		thumbKey := t.Slug + "/thumbs/" + m.ID + ".jpg"
		if _, err := s.store.Put(ctx, thumbKey, bytes.NewReader(thumb), objects.PutOptions{
			ContentType: "image/jpeg", Size: int64(len(thumb)),
		}); err != nil {
			s.log.Error("store thumbnail", "key", thumbKey, "err", err)
			return Media{}, false, ErrStorageOffline
		}
		m.thumbnailPath = thumbKey
	}
	if err := insertMedia(ctx, s.db, t.ID, m); err != nil {
		if m.thumbnailPath != "" {
			_ = s.store.Delete(context.WithoutCancel(ctx), m.thumbnailPath)
		}
		if db.IsUniqueViolation(err) {
			return Media{}, false, ErrAlreadyDone
		}
		return Media{}, false, err
	}
	s.present(&m, t)
	return m, false, nil
}

// videoDisplayTime is the floor of the duration, else what the browser
// measured, else the default.
func videoDisplayTime(duration float64, given *float64) int {
	if duration >= 1 {
		return int(math.Floor(duration))
	}
	if given != nil && *given >= 1 && *given < 1e6 {
		return int(math.Floor(*given))
	}
	return DefaultDisplayTime
}

func (s *Service) analyzeImage(obj objects.Object, f Format, size int64, m *Media) ([]byte, error) {
	if _, err := obj.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	cfg, _, err := image.DecodeConfig(bufio.NewReaderSize(obj, 64<<10))
	if err != nil {
		return nil, ErrCorrupt
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, ErrBadResolution
	}
	m.Width, m.Height = cfg.Width, cfg.Height
	if f == GIF {
		// A complete GIF ends with its trailer byte.
		last := make([]byte, 1)
		if _, err := obj.ReadAt(last, size-1); err != nil || last[0] != 0x3B {
			return nil, ErrCorrupt
		}
	}
	s.decode <- struct{}{}
	defer func() { <-s.decode }()
	if _, err := obj.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	img, _, err := image.Decode(bufio.NewReaderSize(obj, 64<<10))
	if err != nil {
		return nil, ErrCorrupt
	}
	return thumbnail(img)
}

func (s *Service) analyzeVideo(ctx context.Context, obj objects.Object, key string, f Format, size int64, m *Media) ([]byte, error) {
	var (
		v   VideoInfo
		err error
	)
	if f == MP4 {
		v, err = inspectMP4(obj, size)
	} else {
		v, err = inspectAVI(obj, size)
	}
	if errors.Is(err, errTruncated) {
		return nil, ErrCorrupt
	}
	if err != nil {
		return nil, err
	}
	var thumb []byte
	if s.tools.FFprobe != "" || s.tools.FFmpeg != "" {
		file, cleanup, err := s.localFile(ctx, key, obj)
		if err != nil {
			return nil, err
		}
		defer cleanup()
		if s.tools.FFprobe != "" {
			pv, err := s.tools.Probe(ctx, file)
			if err != nil {
				s.log.Info("ffprobe refused an upload", "key", key, "err", err)
				return nil, ErrCorrupt
			}
			v = mergeInfo(pv, v)
		}
		if s.tools.FFmpeg != "" {
			at := math.Min(1, v.Duration/2)
			thumb, err = s.tools.Frame(ctx, file, at)
			if err != nil {
				s.log.Warn("video thumbnail", "key", key, "err", err)
				thumb = nil
			}
		}
	}
	if v.Width <= 0 || v.Height <= 0 {
		return nil, fault.WithMsg(fault.Unprocessable, 1003, "O arquivo não contém uma faixa de vídeo.")
	}
	m.Width, m.Height = v.Width, v.Height
	m.Duration = math.Round(v.Duration*1000) / 1000
	m.FPS = math.Round(v.FPS*100) / 100
	return thumb, nil
}

// mergeInfo prefers the first (ffprobe) figures, falling back on the second.
func mergeInfo(a, b VideoInfo) VideoInfo {
	if a.Width == 0 || a.Height == 0 {
		a.Width, a.Height = b.Width, b.Height
	}
	if a.Duration == 0 {
		a.Duration = b.Duration
	}
	if a.FPS == 0 {
		a.FPS = b.FPS
	}
	return a
}

// localFile gives the external tools a file: the object itself on the local
// store, else a temporary copy streamed from the bucket.
func (s *Service) localFile(ctx context.Context, key string, obj objects.Object) (string, func(), error) {
	if fl, ok := s.store.(objects.Filer); ok {
		p, err := fl.Path(key)
		return p, func() {}, err
	}
	tmp, err := os.CreateTemp("", "vitrine-media-*")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { tmp.Close(); os.Remove(tmp.Name()) }
	if _, err := obj.Seek(0, io.SeekStart); err != nil {
		cleanup()
		return "", nil, err
	}
	if _, err := io.CopyBuffer(tmp, obj, make([]byte, 256<<10)); err != nil {
		cleanup()
		return "", nil, err
	}
	return tmp.Name(), cleanup, tmp.Close()
}

// List returns the franchise's library, sorted by name in natural order,
// and the same media arranged in the folder tree.
func (s *Service) List(ctx context.Context, t tenant.Tenant) (Library, error) {
	list, err := listMedia(ctx, s.db, t.ID)
	if err != nil {
		return Library{}, err
	}
	slices.SortStableFunc(list, func(a, b Media) int {
		if c := names.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return cmp.Compare(a.CreatedAt, b.CreatedAt)
	})
	if err := s.attachSchedules(ctx, t, list); err != nil {
		return Library{}, err
	}
	for i := range list {
		s.present(&list[i], t)
	}
	return Library{MediaList: list, FolderMap: BuildTree(list)}, nil
}

// Update renames, moves, or changes the volume and hourly limit of a media.
// Only the fields sent change; the row is locked from read to write, so two
// operators editing the same media at once both keep their edit.
func (s *Service) Update(ctx context.Context, t tenant.Tenant, id string, in UpdateInput) (Media, error) {
	if in.ID != "" && in.ID != id {
		return Media{}, fault.Invalidf("O id do corpo não corresponde ao da rota.")
	}
	var name, folder string
	if in.Name != nil {
		name = strings.TrimSpace(*in.Name)
		if name == "" {
			return Media{}, fault.ErrNameRequired
		}
		if utf8.RuneCountInString(name) > 200 {
			return Media{}, fault.Invalidf("O nome pode ter no máximo 200 caracteres.")
		}
	}
	if in.Folder != nil {
		var err error
		if folder, err = NormalizeFolder(*in.Folder); err != nil {
			return Media{}, err
		}
	}
	var m Media
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if m, err = lockMedia(ctx, tx, t.ID, id); err != nil {
			return err
		}
		if in.Name != nil {
			m.Name = name
		}
		if in.Folder != nil {
			m.Folder = folder
		}
		if m.Volume, m.LimitByHour, err = checkExtras(m.Volume, m.LimitByHour, in.Volume, in.LimitByHour); err != nil {
			return err
		}
		if m.Type == Image {
			m.Volume = 0
		}
		m.UpdatedAt = s.now().UnixMilli()
		if err := updateMedia(ctx, tx, t.ID, m); err != nil {
			return err
		}
		for _, u := range s.usages {
			if err := u.MediaChanged(ctx, tx, t.ID, []string{id}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Media{}, err
	}
	one := []Media{m}
	if err := s.attachSchedules(ctx, t, one); err != nil {
		return Media{}, err
	}
	m = one[0]
	s.present(&m, t)
	return m, nil
}

// Delete removes media from every schedule and advertisement that uses
// them, then deletes their rows, files and thumbnails. Either every id is
// found and deleted, or nothing is.
func (s *Service) Delete(ctx context.Context, t tenant.Tenant, idList []string) error {
	if len(idList) == 0 {
		return ErrMissingID
	}
	if len(idList) > MaxDeleteIDs {
		return ErrTooManyIDs
	}
	unique := make([]string, 0, len(idList))
	seen := make(map[string]bool, len(idList))
	for _, id := range idList {
		id = strings.TrimSpace(id)
		if id == "" {
			return ErrMissingID
		}
		if !seen[id] {
			seen[id] = true
			unique = append(unique, id)
		}
	}
	var gone []Media
	// A booking of an advertisement that shows these media may lock the
	// same rows in another order: PostgreSQL then aborts one of the two.
	err := s.db.InTxRetrying(ctx, func(tx *db.Tx) error {
		found, err := getMediaByIDs(ctx, tx, t.ID, unique)
		if err != nil {
			return err
		}
		if len(found) != len(unique) {
			return ErrNotFound
		}
		for _, u := range s.usages {
			if err := u.DetachMedia(ctx, tx, t.ID, unique); err != nil {
				return err
			}
		}
		if _, err := deleteMedia(ctx, tx, t.ID, unique); err != nil {
			return err
		}
		gone = found
		return nil
	})
	if err != nil {
		return err
	}
	// The rows are gone; a file that cannot be removed now is only wasted
	// space, so it is logged rather than failing the call.
	bg := context.WithoutCancel(ctx)
	for _, m := range gone {
		for _, key := range []string{m.FilePath, m.thumbnailPath} {
			if key == "" {
				continue
			}
			if err := s.store.Delete(bg, key); err != nil {
				s.log.Error("delete media object", "key", key, "err", err)
			}
		}
	}
	return nil
}

// ByIDs returns the franchise's media among ids, by id, with their
// addresses; ids that are not media of the franchise are simply absent.
func (s *Service) ByIDs(ctx context.Context, t tenant.Tenant, ids []string) (map[string]Media, error) {
	found, err := getMediaByIDs(ctx, s.db, t.ID, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Media, len(found))
	for _, m := range found {
		s.present(&m, t)
		out[m.ID] = m
	}
	return out, nil
}

func (s *Service) attachSchedules(ctx context.Context, t tenant.Tenant, list []Media) error {
	if len(s.usages) == 0 || len(list) == 0 {
		return nil
	}
	idList := make([]string, len(list))
	for i, m := range list {
		idList[i] = m.ID
	}
	for _, u := range s.usages {
		used, err := u.SchedulesUsing(ctx, s.db, t.ID, idList)
		if err != nil {
			return err
		}
		for i := range list {
			list[i].Schedules = append(list[i].Schedules, used[list[i].ID]...)
		}
	}
	return nil
}

func (s *Service) present(m *Media, t tenant.Tenant) {
	m.URL = s.store.URL(m.FilePath)
	if m.thumbnailPath != "" {
		m.ThumbnailURL = s.store.URL(m.thumbnailPath)
	}
	m.Franchise = t.Slug
	if m.Type == Image {
		m.DisplayTime = 0
	}
	if m.Schedules == nil {
		m.Schedules = []ScheduleRef{}
	}
}

func checkExtras(volume float64, limitByHour int, v *float64, l *int) (float64, int, error) {
	if v != nil {
		if math.IsNaN(*v) || *v < 0 || *v > 1 {
			return 0, 0, ErrVolumeRange
		}
		volume = *v
	}
	if l != nil {
		if *l < 0 || *l > MaxLimitByHour {
			return 0, 0, ErrLimitByHour
		}
		limitByHour = *l
	}
	return volume, limitByHour, nil
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
