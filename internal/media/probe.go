// Probing: the checks of an uploaded file's bytes (real format, size,
// dimensions, duration, frame rate) and its thumbnail, before it joins the
// library.

package media

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"strings"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/ids"
	"vitrine/internal/objects"
	"vitrine/internal/tenant"
)

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
		ID: ids.New(), Name: in.Name, Type: format.Kind, FilePath: key, Folder: in.Folder, storeID: in.StoreID,
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
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := insertMedia(ctx, tx, t.ID, m); err != nil {
			return err
		}
		audit.Record(ctx, tx, audit.Entry{FranchiseID: t.ID, Kind: audit.KindMedia, ID: m.ID, Name: m.Name,
			Action: audit.ActionCreate, Changes: audit.Diff(nil, audited(m)), At: s.now()})
		return nil
	})
	if err != nil {
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
