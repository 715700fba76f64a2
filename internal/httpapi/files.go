package httpapi

import (
	"errors"
	"io"
	"net/http"
	"os"
	"path"
	"strings"
	"time"

	"vitrine/internal/fault"
	"vitrine/internal/media"
	"vitrine/internal/metrics"
	"vitrine/internal/objects"
)

// Upload refusals, in the words the upload modal shows.
var (
	errUploadForm     = fault.Invalidf("Envie o arquivo como formulário multipart, com os campos da autorização antes do campo file.")
	errUploadNoFile   = fault.Invalidf("O formulário não contém o arquivo (campo file).")
	errUploadPolicy   = fault.WithMsg(fault.Forbidden, 1403, "Autorização de envio inválida. Solicite o envio novamente.")
	errUploadExpired  = fault.WithMsg(fault.Forbidden, 1403, "A autorização de envio expirou. Envie o arquivo novamente.")
	errUploadMismatch = fault.WithMsg(fault.Forbidden, 1403, "Os campos do envio não correspondem à autorização.")
	errUploadUsed     = fault.WithMsg(fault.Forbidden, 1403, "Esta autorização de envio já foi usada. Solicite o envio novamente.")
)

// localStore is the store when it is the local folder; /files serves and
// receives only for it (with S3 the browser talks to the bucket).
func (s *Server) localStore() (*objects.Local, bool) {
	if s.Media == nil {
		return nil, false
	}
	l, ok := s.Media.Store().(*objects.Local)
	return l, ok
}

// POST /files/upload — the local store's counterpart of an S3 POST upload:
// form fields carrying a signed policy, then the file, streamed to disk.
// Answers 204 like S3. A file over the policy's size is refused while it
// streams and leaves nothing behind.
func (s *Server) uploadFile(w http.ResponseWriter, r *http.Request) error {
	store, ok := s.localStore()
	if !ok {
		http.NotFound(w, r)
		return nil
	}
	r.Body = http.MaxBytesReader(w, newPacedBody(w, r), media.MaxVideoSize+1<<20)
	mr, err := r.MultipartReader()
	if err != nil {
		return errUploadForm
	}
	fields := map[string]string{}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return errUploadNoFile
		}
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				return err
			}
			if errors.Is(err, fault.ErrSlowRequest) {
				return fault.ErrSlowRequest
			}
			return errUploadForm
		}
		name := part.FormName()
		if name != "file" {
			if len(fields) >= 32 {
				return errUploadForm
			}
			v, err := io.ReadAll(io.LimitReader(part, 8<<10+1))
			if err != nil || len(v) > 8<<10 {
				return errUploadForm
			}
			fields[name] = string(v)
			continue
		}
		pol, err := store.Signer().Verify(fields)
		switch {
		case errors.Is(err, objects.ErrPolicyExpired):
			return errUploadExpired
		case errors.Is(err, objects.ErrPolicyMismatch):
			return errUploadMismatch
		case err != nil:
			return errUploadPolicy
		}
		// A policy is good for one file: once it is in the library, the
		// same policy cannot send another.
		if used, err := s.Media.UploadUsed(r.Context(), pol.Key); err != nil {
			return err
		} else if used {
			return errUploadUsed
		}
		stored, err := store.Put(r.Context(), pol.Key, part, objects.PutOptions{
			ContentType: pol.ContentType, Size: -1, MaxSize: pol.MaxSize,
		})
		if errors.Is(err, objects.ErrTooLarge) {
			if pol.MaxSize <= media.MaxImageSize {
				return media.ErrImageTooLarge
			}
			return media.ErrVideoTooLarge
		}
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				return err
			}
			if errors.Is(err, fault.ErrSlowRequest) {
				return fault.ErrSlowRequest
			}
			if r.Context().Err() != nil {
				return r.Context().Err()
			}
			return err
		}
		s.Metrics.AddUploadBytes(metrics.UploadMedia, stored.Size)
		// Parts after the file are ignored, as S3 does.
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
}

// GET /files/{path...} — objects of the local store, with Range (videos
// seek), ETag and long cache lifetimes: keys are never reused.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request) error {
	store, ok := s.localStore()
	if !ok {
		http.NotFound(w, r)
		return nil
	}
	key := r.PathValue("path")
	if !public(key) {
		// Uploads not yet checked and registered, and the screenshots
		// players send back, are nobody's to read here.
		http.Error(w, "Arquivo não encontrado.", http.StatusNotFound)
		return nil
	}
	obj, info, err := store.Open(r.Context(), key)
	if errors.Is(err, objects.ErrNotFound) {
		http.Error(w, "Arquivo não encontrado.", http.StatusNotFound)
		return nil
	}
	if err != nil {
		return err
	}
	defer obj.Close()
	h := w.Header()
	h.Set("Content-Type", info.ContentType)
	h.Set("ETag", info.ETag)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", info.ModTime, obj)
	return nil
}

// Upload pacing: a file may take long to arrive over a slow link, but it has
// to keep arriving. Each read must bring data within UploadIdleTimeout, and
// the whole body must arrive within UploadBaseTimeout plus the time its
// declared length takes at UploadMinRate, so a client dripping a byte every
// few seconds cannot hold a connection and its buffers for hours.
const (
	UploadIdleTimeout = 60 * time.Second
	UploadBaseTimeout = 5 * time.Minute
	UploadMinRate     = 64 << 10 // bytes per second
)

type pacedBody struct {
	body  io.ReadCloser
	rc    *http.ResponseController
	until time.Time
}

func newPacedBody(w http.ResponseWriter, r *http.Request) io.ReadCloser {
	size := max(r.ContentLength, 0)
	total := UploadBaseTimeout + time.Duration(size/UploadMinRate)*time.Second
	return &pacedBody{body: r.Body, rc: http.NewResponseController(w), until: time.Now().Add(total)}
}

func (p *pacedBody) Read(b []byte) (int, error) {
	deadline := time.Now().Add(UploadIdleTimeout)
	if p.until.Before(deadline) {
		deadline = p.until
	}
	_ = p.rc.SetReadDeadline(deadline)
	n, err := p.body.Read(b)
	if err != nil && errors.Is(err, os.ErrDeadlineExceeded) {
		return n, fault.ErrSlowRequest
	}
	return n, err
}

func (p *pacedBody) Close() error { return p.body.Close() }

// public tells whether key is one of the objects anybody may read: the
// library's files and thumbnails, as objects.PublicPaths grants on S3.
func public(key string) bool {
	if strings.HasPrefix(key, media.StagingRoot) {
		return false
	}
	for _, pattern := range objects.PublicPaths {
		if ok, _ := path.Match(pattern, key); ok {
			return true
		}
	}
	return false
}
