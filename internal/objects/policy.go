package objects

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"
)

// Errors of a local upload policy check.
var (
	ErrPolicyInvalid  = errors.New("objects: upload policy missing, malformed or tampered with")
	ErrPolicyExpired  = errors.New("objects: upload policy expired")
	ErrPolicyMismatch = errors.New("objects: upload fields differ from the signed policy")
)

// Form fields of a local upload, named like their S3 counterparts.
const (
	FieldKey         = "key"
	FieldContentType = "Content-Type"
	FieldPolicy      = "policy"
	FieldSignature   = "x-vitrine-signature"
)

// Signer signs and checks the upload policies of the local store with
// HMAC-SHA256. The policy travels in the form (like S3's), so the server keeps
// no state between handing it out and receiving the file.
type Signer struct {
	secret []byte
	now    func() time.Time
}

// NewSigner returns a signer with secret; now is the clock expiry is checked
// against (time.Now when nil).
func NewSigner(secret []byte, now func() time.Time) *Signer {
	if now == nil {
		now = time.Now
	}
	return &Signer{secret: append([]byte(nil), secret...), now: now}
}

type policyDoc struct {
	Key         string `json:"key"`
	ContentType string `json:"contentType"`
	MaxSize     int64  `json:"maxSize"`
	Expires     int64  `json:"expires"` // epoch ms
}

// Sign returns the form fields that carry policy p.
func (s *Signer) Sign(p UploadPolicy) map[string]string {
	doc, _ := json.Marshal(policyDoc{
		Key: p.Key, ContentType: p.ContentType, MaxSize: p.MaxSize, Expires: p.Expires.UnixMilli(),
	})
	enc := base64.RawURLEncoding.EncodeToString(doc)
	return map[string]string{
		FieldKey:         p.Key,
		FieldContentType: p.ContentType,
		FieldPolicy:      enc,
		FieldSignature:   s.mac(enc),
	}
}

// Verify checks the fields of an upload form: a policy signed by this
// server, not expired, naming the same key and content type as the form.
func (s *Signer) Verify(fields map[string]string) (UploadPolicy, error) {
	enc, sig := fields[FieldPolicy], fields[FieldSignature]
	if enc == "" || sig == "" || !hmac.Equal([]byte(sig), []byte(s.mac(enc))) {
		return UploadPolicy{}, ErrPolicyInvalid
	}
	raw, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return UploadPolicy{}, ErrPolicyInvalid
	}
	var doc policyDoc
	if err := json.Unmarshal(raw, &doc); err != nil || doc.Key == "" || doc.MaxSize <= 0 {
		return UploadPolicy{}, ErrPolicyInvalid
	}
	p := UploadPolicy{Key: doc.Key, ContentType: doc.ContentType, MaxSize: doc.MaxSize, Expires: time.UnixMilli(doc.Expires)}
	if !s.now().Before(p.Expires) {
		return UploadPolicy{}, ErrPolicyExpired
	}
	if fields[FieldKey] != p.Key || fields[FieldContentType] != p.ContentType || !ValidKey(p.Key) {
		return UploadPolicy{}, ErrPolicyMismatch
	}
	return p, nil
}

func (s *Signer) mac(policy string) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("vitrine-upload-v1\n"))
	m.Write([]byte(policy))
	return hex.EncodeToString(m.Sum(nil))
}

func randomSecret() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("objects: no randomness: " + err.Error())
	}
	return hex.EncodeToString(b)
}
