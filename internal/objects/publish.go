package objects

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/minio/minio-go/v7/pkg/cors"

	"vitrine/internal/ids"
)

// PublicPaths are the key patterns browsers and players read without
// credentials: each franchise's library and thumbnails. Uploads waiting in
// the staging area are not among them.
var PublicPaths = []string{"*/media/*", "*/thumbs/*"}

// Publish makes the bucket serve the library as deployed: anyone may read
// (GetObject only, no listing) the objects under PublicPaths, and the
// console's origin may post uploads and read files across origins (CORS).
// When the credentials may not change the bucket (a managed bucket behind a
// CDN named by VITRINE_MEDIA_URL), it checks instead that a freshly written
// object can be read at the media address. It returns "" when browsers can
// read media, otherwise what the operator must configure.
func (s *S3) Publish(ctx context.Context, consoleOrigin string) string {
	policyErr := s.client.SetBucketPolicy(ctx, s.bucket, s.readPolicy())
	if consoleOrigin != "" {
		rule := cors.Rule{
			AllowedOrigin: []string{consoleOrigin},
			AllowedMethod: []string{http.MethodGet, http.MethodHead, http.MethodPost},
			AllowedHeader: []string{"*"},
			ExposeHeader:  []string{"ETag"},
			MaxAgeSeconds: 3600,
		}
		// MinIO answers every origin by default and refuses this call;
		// that is fine, so the answer is not checked.
		_ = s.client.SetBucketCors(ctx, s.bucket, cors.NewConfig([]cors.Rule{rule}))
	}
	if err := s.probe(ctx); err != nil {
		if policyErr != nil {
			return fmt.Sprintf("os arquivos de mídia não podem ser lidos em %s (%v) e a política do bucket não pôde ser aplicada (%v): "+
				"permita leitura pública (GetObject) de %s no bucket %s ou aponte VITRINE_MEDIA_URL para uma CDN que leia o bucket",
				s.baseURL, err, policyErr, strings.Join(PublicPaths, ", "), s.bucket)
		}
		return fmt.Sprintf("os arquivos de mídia não podem ser lidos em %s (%v): verifique VITRINE_MEDIA_URL", s.baseURL, err)
	}
	return ""
}

// readPolicy is the bucket policy letting anyone read PublicPaths.
func (s *S3) readPolicy() string {
	resources := make([]string, len(PublicPaths))
	for i, p := range PublicPaths {
		resources[i] = "arn:aws:s3:::" + s.bucket + "/" + p
	}
	doc, _ := json.Marshal(map[string]any{
		"Version": "2012-10-17",
		"Statement": []map[string]any{{
			"Sid":       "VitrinePublicMedia",
			"Effect":    "Allow",
			"Principal": map[string]any{"AWS": []string{"*"}},
			"Action":    []string{"s3:GetObject"},
			"Resource":  resources,
		}},
	})
	return string(doc)
}

// probe writes a small object where media live and reads it back through
// the public media address, as a browser would.
func (s *S3) probe(ctx context.Context) error {
	key := "vitrine-probe/thumbs/" + ids.New() + ".txt"
	body := []byte("vitrine " + time.Now().UTC().Format(time.RFC3339))
	if _, err := s.Put(ctx, key, bytes.NewReader(body), PutOptions{ContentType: "text/plain", Size: int64(len(body))}); err != nil {
		return fmt.Errorf("gravar um arquivo de teste: %w", err)
	}
	defer func() { _ = s.Delete(context.WithoutCancel(ctx), key) }()
	if !strings.HasPrefix(s.baseURL, "http://") && !strings.HasPrefix(s.baseURL, "https://") {
		return nil // a relative media address is this server's business
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL(key), nil)
	if err != nil {
		return err
	}
	res, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	got, _ := io.ReadAll(io.LimitReader(res.Body, 1<<10))
	if res.StatusCode != http.StatusOK || !bytes.Equal(got, body) {
		return fmt.Errorf("HTTP %d", res.StatusCode)
	}
	return nil
}
