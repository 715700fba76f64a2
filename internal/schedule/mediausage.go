// Media usage: what the media library asks of schedules (media.Usage) —
// which schedules play a media, and what a media's change or deletion
// does to them.

package schedule

import (
	"context"
	"slices"

	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/media"
	"vitrine/internal/names"
)

// SchedulesUsing names, for each of mediaIDs that is used, the schedules
// that play it (media.Usage).
func (s *Service) SchedulesUsing(ctx context.Context, q db.Querier, franchiseID string, ids []string) (map[string][]media.ScheduleRef, error) {
	rows, err := listRows(ctx, q, franchiseID)
	if err != nil {
		return nil, err
	}
	wanted := make(map[string]bool, len(ids))
	for _, id := range ids {
		wanted[id] = true
	}
	out := map[string][]media.ScheduleRef{}
	for _, r := range rows {
		for _, id := range mediaIDs(r.Entries) {
			if wanted[id] {
				out[id] = append(out[id], media.ScheduleRef{ID: r.ID, Name: r.Name})
			}
		}
	}
	for id := range out {
		slices.SortFunc(out[id], func(a, b media.ScheduleRef) int { return names.Compare(a.Name, b.Name) })
	}
	return out, nil
}

// DetachMedia removes deleted media from every schedule of the franchise:
// their entries go, and ad slots that fell back on them fall back on nothing
// (media.Usage). It runs in the media delete's transaction, where each
// schedule changed is recorded.
func (s *Service) DetachMedia(ctx context.Context, q db.Querier, franchiseID string, ids []string) error {
	gone := make(map[string]bool, len(ids))
	for _, id := range ids {
		gone[id] = true
	}
	rows, err := listRows(ctx, q, franchiseID)
	if err != nil {
		return err
	}
	for _, r := range rows {
		changed := false
		kept := r.Entries[:0:0]
		for _, e := range r.Entries {
			switch {
			case !e.IsAd && !e.IsLocal && gone[e.ID]:
				changed = true
				continue
			case e.IsAd && gone[e.AdFallbackMediaID]:
				e.AdFallbackMediaID = ""
				changed = true
			case e.IsLocal && gone[e.LocalFallbackMediaID]:
				e.LocalFallbackMediaID = ""
				changed = true
			}
			kept = append(kept, e)
		}
		if !changed {
			continue
		}
		was := r
		r.Entries = kept
		if tx, ok := q.(*db.Tx); ok {
			s.record(ctx, tx, franchiseID, r, scheduleChanged(was, r))
		}
		r.Hash = contentHash(r.Entries, r.BottomBar)
		r.UpdatedAt = s.now().UnixMilli()
		if err := updateRow(ctx, q, franchiseID, r); err != nil {
			return err
		}
		if err := s.touch(ctx, q, franchiseID, r.ID); err != nil {
			return err
		}
	}
	return nil
}

// MediaChanged announces that library media changed (renamed, new volume)
// to the schedules that play them, so their players receive them again
// (media.Usage). It runs in the media update's transaction.
func (s *Service) MediaChanged(ctx context.Context, q db.Querier, franchiseID string, ids []string) error {
	using, err := s.SchedulesUsing(ctx, q, franchiseID, ids)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	var schedules []string
	for _, refs := range using {
		for _, ref := range refs {
			if !seen[ref.ID] {
				seen[ref.ID] = true
				schedules = append(schedules, ref.ID)
			}
		}
	}
	if len(schedules) == 0 {
		return nil
	}
	return s.changes.Touch(ctx, q, change.Change{FranchiseID: franchiseID, Schedules: schedules})
}
