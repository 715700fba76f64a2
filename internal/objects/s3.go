package objects

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3 keeps objects in a bucket of an S3-compatible service.
type S3 struct {
	client  *minio.Client
	bucket  string
	baseURL string // public base of objects, without trailing slash
}

// S3Config is a parsed STORAGE_URL.
type S3Config struct {
	Endpoint  string // host:port
	AccessKey string
	SecretKey string
	Bucket    string
	Secure    bool
	Region    string
}

// ParseS3URL reads s3://ACCESS:SECRET@host:port/bucket?secure=false&region=….
// secure defaults to true.
func ParseS3URL(raw string) (S3Config, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "s3" {
		return S3Config{}, errors.New("STORAGE_URL must look like s3://ACCESS:SECRET@host:port/bucket")
	}
	c := S3Config{Endpoint: u.Host, Bucket: strings.Trim(u.Path, "/"), Secure: true, Region: u.Query().Get("region")}
	if u.User != nil {
		c.AccessKey = u.User.Username()
		c.SecretKey, _ = u.User.Password()
	}
	if v := u.Query().Get("secure"); v != "" {
		c.Secure, err = strconv.ParseBool(v)
		if err != nil {
			return S3Config{}, fmt.Errorf("STORAGE_URL: secure=%q is not a boolean", v)
		}
	}
	if c.Endpoint == "" || c.Bucket == "" || strings.Contains(c.Bucket, "/") {
		return S3Config{}, errors.New("STORAGE_URL needs a host and one bucket name: s3://ACCESS:SECRET@host:port/bucket")
	}
	return c, nil
}

// NewS3 connects to the bucket described by c. mediaURL is the public base of
// objects (a CDN); empty means the bucket's own address.
func NewS3(c S3Config, mediaURL string) (*S3, error) {
	client, err := minio.New(c.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(c.AccessKey, c.SecretKey, ""),
		Secure: c.Secure,
		Region: c.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	if mediaURL == "" {
		mediaURL = client.EndpointURL().String() + "/" + c.Bucket
	}
	return &S3{client: client, bucket: c.Bucket, baseURL: strings.TrimRight(mediaURL, "/")}, nil
}

// EnsureBucket creates the bucket when it does not exist yet.
func (s *S3) EnsureBucket(ctx context.Context, region string) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("storage: bucket %s: %w", s.bucket, err)
	}
	if ok {
		return nil
	}
	if err := s.client.MakeBucket(ctx, s.bucket, minio.MakeBucketOptions{Region: region}); err != nil {
		return fmt.Errorf("storage: create bucket %s: %w", s.bucket, err)
	}
	return nil
}

func (s *S3) Put(ctx context.Context, key string, r io.Reader, opts PutOptions) (Info, error) {
	if err := checkKey(key); err != nil {
		return Info{}, err
	}
	if opts.MaxSize > 0 && opts.Size > opts.MaxSize {
		return Info{}, ErrTooLarge
	}
	size := opts.Size
	if size == 0 {
		size = -1
	}
	// A failed or oversized upload is aborted by the client, so nothing is
	// stored under key. Unknown sizes go in 5 MiB parts to bound memory.
	info, err := s.client.PutObject(ctx, s.bucket, key, limit(r, opts.MaxSize), size, minio.PutObjectOptions{
		ContentType: opts.ContentType,
		PartSize:    5 << 20,
	})
	if err != nil {
		if errors.Is(err, ErrTooLarge) {
			return Info{}, ErrTooLarge
		}
		return Info{}, err
	}
	return Info{Key: key, Size: info.Size, ContentType: opts.ContentType, ModTime: info.LastModified, ETag: `"` + info.ETag + `"`}, nil
}

func (s *S3) Open(ctx context.Context, key string) (Object, Info, error) {
	if err := checkKey(key); err != nil {
		return nil, Info{}, ErrNotFound
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, Info{}, s3Err(err)
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		return nil, Info{}, s3Err(err)
	}
	return obj, s3Info(st), nil
}

func (s *S3) Stat(ctx context.Context, key string) (Info, error) {
	if err := checkKey(key); err != nil {
		return Info{}, ErrNotFound
	}
	st, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	if err != nil {
		return Info{}, s3Err(err)
	}
	return s3Info(st), nil
}

func (s *S3) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{})
	if err != nil && errors.Is(s3Err(err), ErrNotFound) {
		return nil
	}
	return err
}

func (s *S3) Move(ctx context.Context, from, to string) (Info, error) {
	if err := checkKey(from); err != nil {
		return Info{}, ErrNotFound
	}
	if err := checkKey(to); err != nil {
		return Info{}, err
	}
	if _, err := s.Stat(ctx, to); err == nil {
		return Info{}, ErrExists
	} else if !errors.Is(err, ErrNotFound) {
		return Info{}, err
	}
	_, err := s.client.CopyObject(ctx,
		minio.CopyDestOptions{Bucket: s.bucket, Object: to},
		minio.CopySrcOptions{Bucket: s.bucket, Object: from})
	if err != nil {
		return Info{}, s3Err(err)
	}
	if err := s.Delete(ctx, from); err != nil {
		return Info{}, err
	}
	return s.Stat(ctx, to)
}

func (s *S3) List(ctx context.Context, prefix string, olderThan time.Time) ([]Info, error) {
	var out []Info
	for obj := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if obj.Err != nil {
			return nil, obj.Err
		}
		if obj.LastModified.Before(olderThan) && ValidKey(obj.Key) {
			out = append(out, s3Info(obj))
		}
	}
	return out, nil
}

// PresignUpload returns an S3 presigned POST policy: the bucket accepts one
// object at exactly p.Key, with p.ContentType, of 1 to p.MaxSize bytes,
// until p.Expires.
func (s *S3) PresignUpload(ctx context.Context, p UploadPolicy) (Upload, error) {
	if err := checkKey(p.Key); err != nil {
		return Upload{}, err
	}
	pol := minio.NewPostPolicy()
	for _, err := range []error{
		pol.SetBucket(s.bucket),
		pol.SetKey(p.Key),
		pol.SetContentType(p.ContentType),
		pol.SetContentLengthRange(1, p.MaxSize),
		pol.SetExpires(p.Expires.UTC()),
	} {
		if err != nil {
			return Upload{}, err
		}
	}
	u, fields, err := s.client.PresignedPostPolicy(ctx, pol)
	if err != nil {
		return Upload{}, err
	}
	return Upload{URL: u.String(), Fields: fields}, nil
}

func (s *S3) URL(key string) string { return s.baseURL + "/" + key }

// Origins are the media base (bucket or CDN) and the bucket's endpoint,
// where browsers post uploads.
func (s *S3) Origins() []string { return origins(s.baseURL, s.client.EndpointURL().String()) }

func s3Info(st minio.ObjectInfo) Info {
	return Info{Key: st.Key, Size: st.Size, ContentType: st.ContentType, ModTime: st.LastModified, ETag: `"` + st.ETag + `"`}
}

func s3Err(err error) error {
	resp := minio.ToErrorResponse(err)
	if resp.Code == "NoSuchKey" || resp.Code == "NotFound" || resp.StatusCode == http.StatusNotFound {
		return fmt.Errorf("%w: %v", ErrNotFound, err)
	}
	return err
}
