// Package device is the TV boxes (players): a player announces itself with
// a hello and receives a short device code, shown on its screen until an
// operator registers a TV with that code, and a device token that opens
// only the device routes. It owns the devices table; what a paired player
// shows is composed by internal/screen.
package device

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"strings"
	"time"
	"vitrine/internal/names"

	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/ids"
)

// Alphabet is the characters of a device code: no pair that reads alike on
// a TV across a room (0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B).
const Alphabet = "ACDEFHJKMNPRTUVWXY3479"

// CodeLength is the number of characters of a device code.
const CodeLength = 6

// Errors of this domain.
var (
	// ErrHelloIncomplete is a hello without the player's version.
	ErrHelloIncomplete = fault.New(fault.Invalid, 100141) // "Detalhes do display ausentes."
	// ErrUnknownToken is a device token no player holds (never issued, or
	// the device was forgotten).
	ErrUnknownToken = fault.ErrUnauthorized
)

// HelloInput is what a player says when it starts.
type HelloInput struct {
	Token   string `json:"token"`   // the token it kept, "" on its first start
	Version string `json:"version"` // the player's version
}

// Hello is the answer to a hello.
type Hello struct {
	Device string `json:"device"` // the code to show
	Token  string `json:"token"`  // the token to keep
	Paired bool   `json:"paired"` // a TV is registered with the code
}

// Service holds the rules for devices.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// NewService returns the device service.
func NewService(d *db.DB, now func() time.Time) *Service {
	return &Service{db: d, now: now}
}

// Hello answers a player's start: a known token keeps its code and token;
// no token, or one nobody holds, gets a new code and a new token.
func (s *Service) Hello(ctx context.Context, in HelloInput, userAgent string) (Hello, error) {
	version := strings.TrimSpace(in.Version)
	if version == "" {
		return Hello{}, ErrHelloIncomplete
	}
	version = names.Clip(version, 40)
	userAgent = names.Clip(userAgent, 300)
	now := s.now().UnixMilli()
	if in.Token != "" {
		code, err := s.touchToken(ctx, ids.Hash(in.Token), version, userAgent, now)
		if err == nil {
			paired, err := Paired(ctx, s.db, code)
			return Hello{Device: code, Token: in.Token, Paired: paired}, err
		}
		if !errors.Is(err, ErrUnknownToken) {
			return Hello{}, err
		}
	}
	token := "dev_" + ids.Secret(32)
	for range 10 {
		code := NewCode()
		_, err := s.db.ExecContext(ctx, `
			INSERT INTO devices (code, token_hash, version, user_agent, created_at, last_seen_at)
			VALUES (?, ?, ?, ?, ?, ?)`, code, ids.Hash(token), version, userAgent, now, now)
		if db.IsUniqueViolation(err) {
			continue // the code was taken: draw another
		}
		if err != nil {
			return Hello{}, err
		}
		return Hello{Device: code, Token: token}, nil
	}
	return Hello{}, fault.ErrBusy
}

func (s *Service) touchToken(ctx context.Context, hash, version, userAgent string, now int64) (string, error) {
	var code string
	err := s.db.QueryRowContext(ctx, `
		UPDATE devices SET version = ?, user_agent = ?, last_seen_at = ?
		WHERE token_hash = ? RETURNING code`, version, userAgent, now, hash).Scan(&code)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrUnknownToken
	}
	return code, err
}

// Authenticate returns the code of the device holding token.
func (s *Service) Authenticate(ctx context.Context, token string) (string, error) {
	if token == "" || len(token) > 200 {
		return "", ErrUnknownToken
	}
	var code string
	err := s.db.QueryRowContext(ctx, `SELECT code FROM devices WHERE token_hash = ?`, ids.Hash(token)).Scan(&code)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrUnknownToken
	}
	return code, err
}

// Reserve records codes as announced without a player behind them (the
// demo's TVs): a TV may be registered with them, and no hello draws them.
func (s *Service) Reserve(ctx context.Context, codes ...string) error {
	now := s.now().UnixMilli()
	for _, code := range codes {
		var err error
		if s.db.Dialect() == db.Postgres {
			_, err = s.db.ExecContext(ctx, `INSERT INTO devices (code, created_at, last_seen_at)
				VALUES (?, ?, ?) ON CONFLICT (code) DO NOTHING`, code, now, now)
		} else {
			_, err = s.db.ExecContext(ctx, `INSERT OR IGNORE INTO devices (code, created_at, last_seen_at)
				VALUES (?, ?, ?)`, code, now, now)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Forget removes the devices not seen since before and paired with no TV:
// boxes that announced themselves and were never registered.
func (s *Service) Forget(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `
		DELETE FROM devices WHERE last_seen_at < ? AND token_hash IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM displays d WHERE d.device = devices.code)`, before.UnixMilli())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Paired tells whether a TV is registered with code.
func Paired(ctx context.Context, q db.Querier, code string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM displays WHERE device = ?`, code).Scan(&n)
	return n > 0, err
}

// NewCode draws a random device code.
func NewCode() string {
	// Bytes at or above the last whole multiple of the alphabet's length
	// are drawn again, so every character is equally likely.
	limit := byte(256 / len(Alphabet) * len(Alphabet))
	out := make([]byte, 0, CodeLength)
	buf := make([]byte, 2*CodeLength)
	for len(out) < CodeLength {
		if _, err := rand.Read(buf); err != nil {
			panic("device: no randomness: " + err.Error())
		}
		for _, b := range buf {
			if b < limit && len(out) < CodeLength {
				out = append(out, Alphabet[int(b)%len(Alphabet)])
			}
		}
	}
	return string(out)
}
