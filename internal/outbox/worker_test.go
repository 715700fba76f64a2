package outbox_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"vitrine/internal/db"
	"vitrine/internal/outbox"
	"vitrine/internal/testutil"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// flaky fails its first n deliveries, then succeeds.
type flaky struct {
	mu    sync.Mutex
	fails int
	calls int
}

func (f *flaky) Send(ctx context.Context, m outbox.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	if f.calls <= f.fails {
		return fmt.Errorf("provider unavailable (attempt %d)", f.calls)
	}
	return nil
}

func enqueue(t *testing.T, d *db.DB, w *outbox.Worker, m outbox.Message) string {
	t.Helper()
	m.ID = fmt.Sprintf("m-%d", time.Now().UnixNano())
	if err := w.Enqueue(context.Background(), d, m); err != nil {
		t.Fatal(err)
	}
	return m.ID
}

func get(t *testing.T, d *db.DB, id string) outbox.Message {
	t.Helper()
	m, err := outbox.Get(context.Background(), d, id)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func deliver(t *testing.T, w *outbox.Worker) int {
	t.Helper()
	n, err := w.DeliverDue(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAFailedDeliveryIsRetriedAfterItsBackoff(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		d := testutil.NewDB(t, engine)
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		sender := &flaky{fails: 2}
		w := outbox.NewWorker(d, map[string]outbox.Sender{outbox.Email: sender}, clock.Now, quiet)
		w.Backoff = outbox.ExponentialBackoff(time.Minute, time.Hour)
		id := enqueue(t, d, w, outbox.Message{Channel: outbox.Email, Recipient: "ana@example.com", Subject: "Oi", Body: "Olá"})

		if n := deliver(t, w); n != 0 {
			t.Fatalf("first attempt fails, but %d sent", n)
		}
		m := get(t, d, id)
		if m.Status != outbox.Pending || m.Attempts != 1 || !strings.Contains(m.LastError, "attempt 1") {
			t.Fatalf("after a failure: %+v", m)
		}
		if deliver(t, w); sender.calls != 1 {
			t.Fatalf("retried before the backoff passed (%d calls)", sender.calls)
		}
		clock.Advance(time.Minute)
		deliver(t, w)
		if m := get(t, d, id); m.Attempts != 2 || m.Status != outbox.Pending {
			t.Fatalf("second attempt: %+v", m)
		}
		clock.Advance(time.Minute) // the second backoff is twice the first
		if deliver(t, w); sender.calls != 2 {
			t.Fatalf("backoff must double: %d calls", sender.calls)
		}
		clock.Advance(time.Minute)
		if n := deliver(t, w); n != 1 {
			t.Fatalf("third attempt should deliver, sent %d", n)
		}
		m = get(t, d, id)
		if m.Status != outbox.Sent || m.Attempts != 3 || m.LastError != "" || !m.SentAt.Equal(clock.Now().Truncate(time.Millisecond)) {
			t.Fatalf("delivered: %+v", m)
		}
		if deliver(t, w); sender.calls != 3 {
			t.Fatalf("a sent message is sent again (%d calls)", sender.calls)
		}
	})
}

func TestAMessageThatNeverGoesThroughEndsFailed(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		d := testutil.NewDB(t, engine)
		clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		sender := &flaky{fails: 1 << 30}
		w := outbox.NewWorker(d, map[string]outbox.Sender{outbox.WhatsApp: sender}, clock.Now, quiet)
		w.MaxAttempts = 4
		id := enqueue(t, d, w, outbox.Message{Channel: outbox.WhatsApp, Recipient: "5511987654321", Body: "Olá"})
		orphan := enqueue(t, d, w, outbox.Message{Channel: "pombo", Recipient: "x", Body: "?"})

		for range 10 {
			deliver(t, w)
			clock.Advance(24 * time.Hour)
		}
		m := get(t, d, id)
		if m.Status != outbox.Failed || m.Attempts != 4 || !strings.Contains(m.LastError, "attempt 4") {
			t.Fatalf("after every attempt failed: %+v", m)
		}
		if sender.calls != 4 {
			t.Fatalf("%d deliveries for MaxAttempts 4", sender.calls)
		}
		if m := get(t, d, orphan); m.Status != outbox.Failed || !strings.Contains(m.LastError, "no sender") {
			t.Fatalf("a channel without a sender must end failed, saying why: %+v", m)
		}
	})
}

func TestTwoWorkersNeverSendTheSameMessageTwice(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		d := testutil.NewDB(t, engine)
		var mu sync.Mutex
		seen := map[string]int{}
		count := outbox.SenderFunc(func(ctx context.Context, m outbox.Message) error {
			mu.Lock()
			defer mu.Unlock()
			seen[m.ID]++
			return nil
		})
		senders := map[string]outbox.Sender{outbox.Email: count}
		a := outbox.NewWorker(d, senders, nil, quiet)
		b := outbox.NewWorker(d, senders, nil, quiet)
		const total = 60
		for i := range total {
			if err := outbox.Enqueue(context.Background(), d, outbox.Message{
				ID: fmt.Sprintf("m%03d", i), Channel: outbox.Email, Recipient: "x@example.com", Body: "b",
			}); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		var sent atomic.Int64
		for _, w := range []*outbox.Worker{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := w.DeliverDue(context.Background())
				if err != nil {
					t.Error(err)
				}
				sent.Add(int64(n))
			}()
		}
		wg.Wait()
		if len(seen) != total || sent.Load() != total {
			t.Fatalf("%d distinct messages delivered, %d reported, want %d", len(seen), sent.Load(), total)
		}
		for id, n := range seen {
			if n != 1 {
				t.Errorf("%s delivered %d times", id, n)
			}
		}
	})
}

func TestEnqueueWakesTheWorker(t *testing.T) {
	d := testutil.NewDB(t, "sqlite")
	got := make(chan outbox.Message, 1)
	w := outbox.NewWorker(d, map[string]outbox.Sender{outbox.Email: outbox.SenderFunc(
		func(ctx context.Context, m outbox.Message) error { got <- m; return nil })}, nil, quiet)
	w.PollInterval = time.Hour // only a wake-up can deliver in time
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()

	// Enqueued inside a transaction that commits a little later: the worker
	// must still pick it up without waiting for its poll interval.
	err := d.InTx(context.Background(), func(tx *db.Tx) error {
		if err := w.Enqueue(context.Background(), tx, outbox.Message{
			Channel: outbox.Email, Recipient: "ana@example.com", Subject: "Oi", Body: "Olá",
		}); err != nil {
			return err
		}
		time.Sleep(300 * time.Millisecond) // the request goes on with other work
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-got:
		if m.Recipient != "ana@example.com" || m.Subject != "Oi" {
			t.Fatalf("delivered %+v", m)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("an enqueued message waited for the poll interval")
	}
}

func TestEmailOverSMTPWithRetry(t *testing.T) {
	srv := testutil.NewSMTPServer(t)
	srv.FailNext(1)
	sender, err := outbox.NewEmail(srv.URL(), "Vitrine <nao-responda@vitrine.test>", quiet)
	if err != nil {
		t.Fatal(err)
	}
	d := testutil.NewDB(t, "sqlite")
	clock := testutil.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	w := outbox.NewWorker(d, map[string]outbox.Sender{outbox.Email: sender}, clock.Now, quiet)
	id := enqueue(t, d, w, outbox.Message{Channel: outbox.Email, Recipient: "ana@example.com",
		Subject: "Recuperação de senha", Body: "Olá, Ana!\n\nAbra o link.\n", HTML: "<p>Olá, Ana!</p>"})

	deliver(t, w)
	if m := get(t, d, id); m.Status != outbox.Pending || !strings.Contains(m.LastError, "451") {
		t.Fatalf("a 451 from the server must be retried, with its reason kept: %+v", m)
	}
	clock.Advance(time.Hour)
	if n := deliver(t, w); n != 1 {
		t.Fatalf("retry sent %d", n)
	}
	mails := srv.Mails()
	if len(mails) != 1 {
		t.Fatalf("%d mails received", len(mails))
	}
	c := mails[0].Decode(t)
	if mails[0].From != "nao-responda@vitrine.test" || len(mails[0].To) != 1 || mails[0].To[0] != "ana@example.com" {
		t.Errorf("envelope %s -> %v", mails[0].From, mails[0].To)
	}
	if c.Subject != "Recuperação de senha" || c.Text != "Olá, Ana!\n\nAbra o link.\n" || c.HTML != "<p>Olá, Ana!</p>" {
		t.Errorf("mail %q text %q html %q", c.Subject, c.Text, c.HTML)
	}
}

func TestSMTPURL(t *testing.T) {
	for _, c := range []struct {
		url string
		ok  bool
	}{
		{"smtp://mail.example.com", true},
		{"smtp://user:p%40ss@mail.example.com:2525", true},
		{"smtps://user:pass@mail.example.com", true},
		{"http://mail.example.com", false},
		{"smtp://", false},
		{"smtp://mail.example.com:porta", false},
	} {
		_, err := outbox.NewEmailSender(c.url, "Vitrine <nao-responda@vitrine.test>")
		if (err == nil) != c.ok {
			t.Errorf("%s: err %v", c.url, err)
		}
		if err != nil && strings.Contains(err.Error(), "pass") {
			t.Errorf("%s: the error shows the password: %v", c.url, err)
		}
	}
	if _, err := outbox.NewEmailSender("smtp://mail.example.com", "não é endereço"); err == nil {
		t.Error("a bad sender address must be refused")
	}
	s, err := outbox.NewEmail("", "x@y.z", quiet)
	if err != nil || s.Send(context.Background(), outbox.Message{Recipient: "a@b.c"}) != nil {
		t.Errorf("without SMTP_URL mails are logged: %v", err)
	}
}

func TestAMessageBeingSentWhenTheServerStopsIsSentOnceAndRecorded(t *testing.T) {
	d := testutil.NewDB(t, "sqlite")
	started, release := make(chan struct{}), make(chan struct{})
	var calls atomic.Int32
	slow := outbox.SenderFunc(func(ctx context.Context, m outbox.Message) error {
		calls.Add(1)
		close(started)
		select { // an SMTP conversation still under way when the stop comes
		case <-release:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
	w := outbox.NewWorker(d, map[string]outbox.Sender{outbox.Email: slow}, nil, quiet)
	first := enqueue(t, d, w, outbox.Message{Channel: outbox.Email, Recipient: "ana@example.com", Subject: "Oi", Body: "Olá"})
	second := enqueue(t, d, w, outbox.Message{Channel: outbox.Email, Recipient: "bia@example.com", Subject: "Oi", Body: "Olá"})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	<-started
	cancel()
	close(release)
	<-done

	if m := get(t, d, first); m.Status != outbox.Sent {
		t.Errorf("the message being sent: %s, want sent", m.Status)
	}
	if m := get(t, d, second); m.Status != outbox.Pending || m.Attempts != 0 {
		t.Errorf("the next message: %s after %d attempts, want pending and untouched", m.Status, m.Attempts)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("%d deliveries, want 1", n)
	}
}
