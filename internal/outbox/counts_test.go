package outbox_test

import (
	"context"
	"errors"
	"maps"
	"testing"
	"time"

	"vitrine/internal/outbox"
	"vitrine/internal/testutil"
)

func TestCountsAndFailedAttemptsFollowDeliveries(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		d := testutil.NewDB(t, engine)
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		sender := &flaky{fails: 1}
		w := outbox.NewWorker(d, map[string]outbox.Sender{
			outbox.Email: sender,
			outbox.WhatsApp: outbox.SenderFunc(func(context.Context, outbox.Message) error {
				return &outbox.PermanentError{Err: errors.New("número inválido")}
			}),
		}, clock.Now, quiet)
		failed := map[string]int{}
		w.Failed = func(channel string) { failed[channel]++ }
		counts := func() map[string]int {
			t.Helper()
			c, err := outbox.Counts(context.Background(), d)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		if got := counts(); !maps.Equal(got, map[string]int{outbox.Pending: 0, outbox.Sent: 0, outbox.Failed: 0}) {
			t.Fatalf("an empty outbox counts %v", got)
		}
		enqueue(t, d, w, outbox.Message{Channel: outbox.Email, Recipient: "ana@example.com", Subject: "Oi", Body: "Olá"})
		enqueue(t, d, w, outbox.Message{Channel: outbox.WhatsApp, Recipient: "5511999990000", Body: "Olá"})
		if got := counts(); got[outbox.Pending] != 2 {
			t.Fatalf("two messages enqueued count %v", got)
		}

		deliver(t, w) // the e-mail fails once, the WhatsApp message for good
		if got := counts(); got[outbox.Pending] != 1 || got[outbox.Failed] != 1 || got[outbox.Sent] != 0 {
			t.Fatalf("after the first pass %v", got)
		}
		clock.Advance(time.Hour)
		deliver(t, w)
		if got := counts(); got[outbox.Pending] != 0 || got[outbox.Failed] != 1 || got[outbox.Sent] != 1 {
			t.Fatalf("after the retry %v", got)
		}
		if !maps.Equal(failed, map[string]int{outbox.Email: 1, outbox.WhatsApp: 1}) {
			t.Errorf("failed attempts told %v, want one per channel", failed)
		}
	})
}
