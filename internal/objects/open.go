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
	Now          func() time.Time
	Log          *slog.Logger
}

// New opens the configured store.
func New(ctx context.Context, c Config) (Store, error) {
	if c.StorageURL != "" {
		sc, err := ParseS3URL(c.StorageURL)
		if err != nil {
			return nil, err
		}
		s, err := NewS3(sc, c.MediaURL)
		if err != nil {
			return nil, err
		}
		// A storage outage at start-up should not keep the console down;
		// uploads fail with a clear error until the bucket answers.
		checkCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if err := s.EnsureBucket(checkCtx, sc.Region); err != nil && c.Log != nil {
			c.Log.Warn("object storage not ready", "err", err)
		}
		return s, nil
	}
	secret := []byte(c.UploadSecret)
	if len(secret) > 0 && len(secret) < 32 {
		return nil, errors.New("VITRINE_UPLOAD_SECRET must have at least 32 characters")
	}
	if len(secret) == 0 {
		var err error
		secret, err = LoadSecret(filepath.Join(c.DataDir, "upload-secret"))
		if err != nil {
			return nil, err
		}
	}
	base := c.MediaURL
	if base == "" {
		base = "/files"
	}
	return NewLocal(filepath.Join(c.DataDir, "objects"), base, NewSigner(secret, c.Now))
}
