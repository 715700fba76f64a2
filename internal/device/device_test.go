package device_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"vitrine/internal/device"
	"vitrine/internal/testutil"
)

// A code is read across a room: no two of its characters look alike, and
// every character of the alphabet is drawn.
func TestDeviceCodesAreReadableAcrossARoom(t *testing.T) {
	for _, c := range "0O1IL2Z5S6G8B" {
		if strings.ContainsRune(device.Alphabet, c) {
			t.Errorf("the alphabet has %q, which reads like another character", c)
		}
	}
	seen := map[rune]bool{}
	for range 500 {
		code := device.NewCode()
		if len(code) != device.CodeLength {
			t.Fatalf("code %q has %d characters, want %d", code, len(code), device.CodeLength)
		}
		for _, c := range code {
			if !strings.ContainsRune(device.Alphabet, c) {
				t.Fatalf("code %q has %q, outside the alphabet", code, c)
			}
			seen[c] = true
		}
	}
	if len(seen) != len(device.Alphabet) {
		t.Errorf("500 codes drew %d of the %d characters", len(seen), len(device.Alphabet))
	}
}

// A player's hello: the first gets a code and a token; the token keeps its
// code; a token nobody holds gets a new pair; a hello without a version is
// refused.
func TestAPlayerKeepsItsCodeWithItsToken(t *testing.T) {
	d := testutil.NewDB(t, "sqlite")
	clock := testutil.NewClock(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))
	svc := device.NewService(d, clock.Now)
	ctx := context.Background()
	if _, err := svc.Hello(ctx, device.HelloInput{Version: "  "}, "kiosk"); !errors.Is(err, device.ErrHelloIncomplete) {
		t.Fatalf("hello without a version: %v", err)
	}
	first, err := svc.Hello(ctx, device.HelloInput{Version: "1.0"}, "kiosk")
	if err != nil || len(first.Device) != device.CodeLength || !strings.HasPrefix(first.Token, "dev_") || first.Paired {
		t.Fatalf("first hello: %+v, %v", first, err)
	}
	again, err := svc.Hello(ctx, device.HelloInput{Token: first.Token, Version: "1.1"}, "kiosk")
	if err != nil || again != first {
		t.Fatalf("hello with its token: %+v, %v; want %+v", again, err, first)
	}
	stranger, err := svc.Hello(ctx, device.HelloInput{Token: "dev_nobody", Version: "1.0"}, "kiosk")
	if err != nil || stranger.Device == first.Device || stranger.Token == "dev_nobody" {
		t.Fatalf("hello with an unknown token: %+v, %v", stranger, err)
	}
	if code, err := svc.Authenticate(ctx, first.Token); err != nil || code != first.Device {
		t.Fatalf("Authenticate: %q, %v", code, err)
	}
	for _, token := range []string{"", "dev_nobody", strings.Repeat("x", 201)} {
		if _, err := svc.Authenticate(ctx, token); !errors.Is(err, device.ErrUnknownToken) {
			t.Errorf("Authenticate(%.10q…): %v", token, err)
		}
	}
}

// Boxes that announced themselves and were never registered are forgotten
// once unseen for long; reserved codes (no player behind them) stay.
func TestUnpairedBoxesAreForgotten(t *testing.T) {
	d := testutil.NewDB(t, "sqlite")
	clock := testutil.NewClock(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))
	svc := device.NewService(d, clock.Now)
	ctx := context.Background()
	if err := svc.Reserve(ctx, "KKKKKK"); err != nil {
		t.Fatal(err)
	}
	old, err := svc.Hello(ctx, device.HelloInput{Version: "1.0"}, "kiosk")
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(31 * 24 * time.Hour)
	recent, err := svc.Hello(ctx, device.HelloInput{Version: "1.0"}, "kiosk")
	if err != nil {
		t.Fatal(err)
	}
	n, err := svc.Forget(ctx, clock.Now().Add(-30*24*time.Hour))
	if err != nil || n != 1 {
		t.Fatalf("forgot %d, %v; want the old box only (not the reserved code)", n, err)
	}
	if _, err := svc.Authenticate(ctx, old.Token); !errors.Is(err, device.ErrUnknownToken) {
		t.Errorf("the forgotten box still authenticates: %v", err)
	}
	if code, err := svc.Authenticate(ctx, recent.Token); err != nil || code != recent.Device {
		t.Errorf("the recent box: %q, %v", code, err)
	}
}
