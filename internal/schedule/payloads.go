package schedule

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"vitrine/internal/tenant"
)

// KeptVersions is how many versions of a schedule, as players received
// them, are kept by content hash (besides every version a TV still shows).
// A schedule's versions are pruned to that many once it holds more than
// twice as many: a prune reads the acknowledged version of every TV of the
// franchise, so it comes once in KeptVersions+1 saves (each save adds one
// version), not on each.
const KeptVersions = 8

// kept is an encoded schedule waiting to be kept.
type kept struct {
	franchiseID, scheduleID, hash string
	data                          []byte
	at                            int64
}

// Keep queues a schedule as players receive it (PlayerSchedule, encoded)
// to be kept by its content hash: the live view of a TV whose player has
// not confirmed the latest version shows the one it confirmed. It never
// blocks — the screens encode a schedule once per version and must not
// wait for a write —; when the queue is full the version is not kept.
func (s *Service) Keep(franchiseID, scheduleID, hash string, data []byte) {
	if hash == "" || len(data) == 0 {
		return
	}
	select {
	case s.keep <- kept{franchiseID, scheduleID, hash, data, s.now().UnixMilli()}:
	default:
	}
}

// RunKeeper writes the queued versions every interval until ctx ends.
func (s *Service) RunKeeper(ctx context.Context, every time.Duration, log *slog.Logger) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			s.flushKept(wctx, log)
			cancel()
			return
		case <-tick.C:
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			s.flushKept(wctx, log)
			cancel()
		}
	}
}

// FlushKept writes the queued versions now (tests).
func (s *Service) FlushKept(ctx context.Context) error { return s.writeKept(ctx, s.drainKept()) }

func (s *Service) flushKept(ctx context.Context, log *slog.Logger) {
	batch := s.drainKept()
	if err := s.writeKept(ctx, batch); err != nil && log != nil {
		log.Warn("schedule versions not kept", "err", err, "versions", len(batch))
	}
}

func (s *Service) drainKept() []kept {
	var batch []kept
	for {
		select {
		case k := <-s.keep:
			batch = append(batch, k)
		default:
			return batch
		}
	}
}

// writeKept stores the versions, then prunes each schedule it touched that
// holds more than twice KeptVersions to the KeptVersions latest, sparing
// every hash a TV of the franchise last acknowledged (its live view still
// shows it).
func (s *Service) writeKept(ctx context.Context, batch []kept) error {
	if len(batch) == 0 {
		return nil
	}
	type scheduleKey struct{ franchiseID, scheduleID string }
	touched := map[scheduleKey]bool{}
	var errs []error
	for _, k := range batch {
		if err := keepPayload(ctx, s.db, k.franchiseID, k.scheduleID, k.hash, k.data, k.at); err != nil {
			errs = append(errs, err)
			continue
		}
		touched[scheduleKey{k.franchiseID, k.scheduleID}] = true
	}
	franchises := map[string]bool{}
	for k := range touched {
		franchises[k.franchiseID] = true
		n, err := countPayloads(ctx, s.db, k.franchiseID, k.scheduleID)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if n > 2*KeptVersions {
			errs = append(errs, prunePayloads(ctx, s.db, k.franchiseID, k.scheduleID, KeptVersions))
		}
	}
	// Versions of deleted schedules go once no TV shows them.
	for franchiseID := range franchises {
		errs = append(errs, pruneDeletedPayloads(ctx, s.db, franchiseID))
	}
	return errors.Join(errs...)
}

// Acknowledged returns the kept version of a schedule of the franchise
// with the content hash a TV's player acknowledged — of the schedule id
// when it has one (the TV's current schedule), otherwise the latest kept
// of any schedule with that content —; found is false when none is kept.
func (s *Service) Acknowledged(ctx context.Context, t tenant.Tenant, scheduleID, hash string) (sc PlayerSchedule, found bool, err error) {
	if hash == "" {
		return PlayerSchedule{}, false, nil
	}
	payload, err := payloadByHash(ctx, s.db, t.ID, scheduleID, hash)
	if errors.Is(err, sql.ErrNoRows) {
		return PlayerSchedule{}, false, nil
	}
	if err != nil {
		return PlayerSchedule{}, false, err
	}
	if err := json.Unmarshal([]byte(payload), &sc); err != nil {
		return PlayerSchedule{}, false, err
	}
	return sc, true, nil
}
