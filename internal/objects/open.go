package objects

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"time"
)

// Config chooses and configures the backend.
type Config struct {
	StorageURL   string // empty = local folder DataDir/objects; s3://… = S3-compatible
	MediaURL     string // public base of objects; empty = /files (local) or the bucket's address (S3)
	DataDir      string
	UploadSecret string // signs local upload policies; empty = DataDir/upload-secret, made once
	// ConsoleOrigin is where the console runs (VITRINE_PUBLIC_URL's
	// origin): the bucket's CORS rule lets it post uploads and read files.
	ConsoleOrigin string
	Now           func() time.Time
	Log           *slog.Logger
}

// Status is the state of the store as /api/health reports it.
type Status struct {
	// Warning is what the operator must configure for browsers to read
	// media; "" when all is well.
	Warning string
}

// New opens the configured store. For S3 it creates the bucket if needed
// and publishes the library (Publish); the returned status says what is
// still missing.
func New(ctx context.Context, c Config) (Store, Status, error) {
	if c.StorageURL != "" {
		sc, err := ParseS3URL(c.StorageURL)
		if err != nil {
			return nil, Status{}, err
		}
		s, err := NewS3(sc, c.MediaURL)
		if err != nil {
			return nil, Status{}, err
		}
		// A storage outage at start-up should not keep the console down;
		// uploads fail with a clear error until the bucket answers.
		checkCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := s.EnsureBucket(checkCtx, sc.Region); err != nil {
			if c.Log != nil {
				c.Log.Warn("object storage not ready", "err", err)
			}
			return s, Status{Warning: "armazenamento indisponível: " + err.Error()}, nil
		}
		st := Status{Warning: s.Publish(checkCtx, c.ConsoleOrigin)}
		if st.Warning != "" && c.Log != nil {
			c.Log.Warn("media files are not readable by browsers", "fix", st.Warning)
		}
		return s, st, nil
	}
	secret := []byte(c.UploadSecret)
	if len(secret) > 0 && len(secret) < 32 {
		return nil, Status{}, errors.New("VITRINE_UPLOAD_SECRET must have at least 32 characters")
	}
	if len(secret) == 0 {
		var err error
		secret, err = LoadSecret(filepath.Join(c.DataDir, "upload-secret"))
		if err != nil {
			return nil, Status{}, err
		}
	}
	base := c.MediaURL
	if base == "" {
		base = "/files"
	}
	l, err := NewLocal(filepath.Join(c.DataDir, "objects"), base, NewSigner(secret, c.Now))
	return l, Status{}, err
}
