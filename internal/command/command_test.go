package command_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/command"
	"vitrine/internal/db"
	"vitrine/internal/display"
	"vitrine/internal/franchise"
	"vitrine/internal/tenant"
	"vitrine/internal/testutil"
)

func TestAJobSentAndUnansweredTimesOutAtItsDeadline(t *testing.T) {
	now := time.UnixMilli(1_000_000)
	for _, tc := range []struct {
		stored   string
		deadline int64
		want     string
	}{
		{command.Sent, 1_000_000, command.Sent},       // at the deadline: still waiting
		{command.Sent, 999_999, command.Timeout},      // past it
		{command.Done, 999_999, command.Done},         // answered in time, read later
		{command.Failed, 999_999, command.Failed},     // idem
		{command.Timeout, 2_000_000, command.Timeout}, // swept already
	} {
		if got := command.Status(tc.stored, tc.deadline, now); got != tc.want {
			t.Errorf("Status(%q, deadline %d) = %q, want %q", tc.stored, tc.deadline, got, tc.want)
		}
	}
}

func TestOperationsAndTheirTime(t *testing.T) {
	for _, op := range []string{"restartDevice", "screenshot", "recordVideo", "identifyDevice",
		"identifyVersion", "clearSchedule", "clearDb", "clearMedia"} {
		if !command.ValidOperation(op) {
			t.Errorf("%s refused", op)
		}
	}
	for _, op := range []string{"", "reboot", "RestartDevice"} {
		if command.ValidOperation(op) {
			t.Errorf("%q accepted", op)
		}
	}
	if command.AnswerWithin("recordVideo") != 2*time.Minute || command.AnswerWithin("screenshot") != time.Minute {
		t.Error("a clip gets two minutes to come back, everything else one")
	}
}

type fixture struct {
	db      *db.DB
	clock   *testutil.Clock
	svc     *command.Service
	tvs     *display.Service
	t       tenant.Tenant
	tv      string
	mu      sync.Mutex
	changes []change.Change
}

// newFixture is a franchise with a store loja-a and one TV on device AAAAAA
// whose player connected just now, on SQLite.
func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{db: testutil.NewDB(t, "sqlite"), clock: testutil.NewClock(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))}
	bus := change.NewBus()
	bus.Subscribe(func(c change.Change) { f.mu.Lock(); f.changes = append(f.changes, c); f.mu.Unlock() })
	changes := franchise.NewChanges(bus)
	f.svc = command.NewService(f.db, f.clock.Now, changes)
	f.tvs = display.NewService(f.db, f.clock.Now, changes)
	f.t = tenant.Tenant{Franchise: tenant.Franchise{ID: "f1", Slug: "grupo"}, UserID: "u1"}
	ctx := context.Background()
	now := f.clock.Now().UnixMilli()
	for _, q := range []string{
		`INSERT INTO franchises (id, slug, name, created_at, updated_at) VALUES ('f1', 'grupo', 'Grupo', ?, ?)`,
		`INSERT INTO stores (id, franchise_id, slug, name, region, state, city, created_at, updated_at)
			VALUES ('st-a', 'f1', 'loja-a', 'Loja A', 'Sudeste', 'SP', 'Campinas', ?, ?)`,
		`INSERT INTO devices (code, created_at, last_seen_at) VALUES ('AAAAAA', ?, ?)`,
	} {
		if _, err := f.db.ExecContext(ctx, q, now, now); err != nil {
			t.Fatal(err)
		}
	}
	name, code := "Balcão", "AAAAAA"
	d, err := f.tvs.Create(ctx, f.t, "loja-a", display.Input{Name: &name, Device: &code})
	if err != nil {
		t.Fatal(err)
	}
	f.tv = d.ID
	if err := f.tvs.RecordStatus(ctx, []display.Status{{DisplayID: d.ID, FranchiseID: "f1", ConnectionID: "c1", Online: true, Ack: now}}); err != nil {
		t.Fatal(err)
	}
	return f
}

// A command is a job for the TV's player: sent only to an online TV,
// announced for the replica holding the player, answered once by that
// player, timed out when it does not answer.
func TestACommandIsAJobWithOneAnswer(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if _, err := f.svc.Send(ctx, f.t, "loja-a", f.tv, "reboot"); !errors.Is(err, command.ErrOperation) {
		t.Fatalf("unknown operation: %v", err)
	}
	f.mu.Lock()
	f.changes = nil
	f.mu.Unlock()
	id, err := f.svc.Send(ctx, f.t, "loja-a", f.tv, "identifyVersion")
	if err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	announced := f.changes
	f.mu.Unlock()
	if len(announced) != 1 || len(announced[0].Commands) != 1 || announced[0].Commands[0] != (change.Command{ID: id, DisplayID: f.tv, Operation: "identifyVersion"}) ||
		announced[0].TouchesScreens() {
		t.Fatalf("announced %+v, want the job alone", announced)
	}
	if _, err := f.svc.JobFor(ctx, "CCCCCC", id); !errors.Is(err, command.ErrNotFound) {
		t.Fatalf("another player's answer: %v", err)
	}
	job, err := f.svc.JobFor(ctx, "AAAAAA", id)
	if err != nil || job.DisplayID != f.tv || job.FranchiseID != "f1" || job.Operation != "identifyVersion" {
		t.Fatalf("job %+v, %v", job, err)
	}
	if err := f.svc.Complete(ctx, job, command.Answer{OK: true, Text: " 1.4.2 "}); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Complete(ctx, job, command.Answer{OK: false, Error: "again"}); !errors.Is(err, command.ErrAnswered) {
		t.Fatalf("a second answer: %v", err)
	}
	if _, err := f.svc.JobFor(ctx, "AAAAAA", id); !errors.Is(err, command.ErrAnswered) {
		t.Fatalf("the job after its answer: %v", err)
	}

	late, err := f.svc.Send(ctx, f.t, "loja-a", f.tv, "screenshot")
	if err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(command.AnswerWithin("screenshot") + time.Second)
	list, err := f.svc.List(ctx, f.t, "loja-a", f.tv)
	if err != nil || len(list) != 2 || list[0].ID != late || list[0].Status != command.Timeout ||
		list[1].Status != command.Done || list[1].Result != "1.4.2" {
		t.Fatalf("list %+v, %v", list, err)
	}
	if n, err := f.svc.Expire(ctx); err != nil || n != 1 {
		t.Fatalf("expired %d, %v", n, err)
	}
	counts, err := f.svc.Counts(ctx)
	if err != nil || counts[command.Done] != 1 || counts[command.Timeout] != 1 || counts[command.Sent] != 0 {
		t.Fatalf("counts %v, %v", counts, err)
	}

	// The player's last ack is now older than the Offline rule allows.
	f.clock.Advance(display.OfflineAfter)
	if _, err := f.svc.Send(ctx, f.t, "loja-a", f.tv, "restartDevice"); !errors.Is(err, display.ErrDeviceNotConnected) {
		t.Fatalf("an offline TV: %v", err)
	}
	if _, err := f.svc.List(ctx, f.t, "loja-b", f.tv); err == nil {
		t.Fatal("a TV's jobs read through a store that is not its own")
	}

	// A TV's jobs go with it.
	if err := f.tvs.Delete(ctx, f.t, "loja-a", f.tv); err != nil {
		t.Fatal(err)
	}
	if counts, err := f.svc.Counts(ctx); err != nil || counts[command.Done]+counts[command.Timeout] != 0 {
		t.Fatalf("jobs left after their TV: %v, %v", counts, err)
	}
}
