package advertise

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vitrine/internal/audit"
	"vitrine/internal/change"
	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/media"
	"vitrine/internal/schedule"
	"vitrine/internal/tenant"
)

// buildMedia validates an advertisement's media list against the
// franchise's library: every item names a media of the franchise (100105,
// 100101), no item is an ad slot, and the rules are well formed.
// displayTime is what an item without one plays; stored is the list saved
// before, whose older items keep their days and windows
// (schedule.CheckRulesKeeping).
func (s *Service) buildMedia(ctx context.Context, t tenant.Tenant, in []MediaInput, displayTime int, stored []MediaItem) ([]MediaItem, error) {
	if len(in) > MaxMedia {
		return nil, ErrTooManyMedia
	}
	var idList []string
	for _, m := range in {
		if id := strings.TrimSpace(m.ID); id != "" {
			idList = append(idList, id)
		}
	}
	found, err := s.library.ByIDs(ctx, t, slices.Compact(slices.Sorted(slices.Values(idList))))
	if err != nil {
		return nil, err
	}
	out := make([]MediaItem, 0, len(in))
	for i, m := range in {
		item, err := buildItem(m, found, displayTime, stored)
		if err != nil {
			name := strings.TrimSpace(m.Name)
			if name == "" {
				name = found[strings.TrimSpace(m.ID)].Name
			}
			return nil, schedule.At(err, i, false, name)
		}
		out = append(out, item)
	}
	return out, nil
}

func buildItem(in MediaInput, library map[string]media.Media, displayTime int, stored []MediaItem) (MediaItem, error) {
	if in.IsSlot() {
		return MediaItem{}, ErrSlotInAd
	}
	it := MediaItem{ID: strings.TrimSpace(in.ID), Name: strings.TrimSpace(in.Name)}
	if it.ID == "" {
		return it, ErrMediaWithoutID
	}
	m, ok := library[it.ID]
	if !ok {
		return it, ErrMediaNotFound
	}
	if it.Name == "" {
		it.Name = m.Name
	}
	if utf8.RuneCountInString(it.Name) > 200 {
		return it, fault.Invalidf("O nome pode ter no máximo 200 caracteres.")
	}
	kept := func(r schedule.Rules) bool {
		return slices.ContainsFunc(stored, func(old MediaItem) bool { return old.ID == it.ID && schedule.SameWhen(old.Dok, old.TimeGap, r) })
	}
	r, err := schedule.CheckRulesKeeping(in.Rules(), displayTime, m.Volume, m.Type == media.Image, kept)
	if err != nil {
		return it, err
	}
	it.DisplayTime, it.Dok, it.Enabled, it.StartDate, it.EndDate = r.DisplayTime, r.Dok, r.Enabled, r.StartDate, r.EndDate
	it.TimeGap, it.LimitByHour, it.Volume = r.TimeGap, r.LimitByHour, r.Volume
	return it, nil
}

// checkPeriod refuses media dated entirely outside the advertisement's
// booked period (startsAt..endsAt, epoch ms): they would never play, and a
// sold advertisement would show nothing on its TVs. The message names the
// media, its dates and the booked period, in the franchise's zone. Both are
// calendar days named in that zone (each TV plays them on its own clock,
// playback.DatesOn), so they are compared as days, never as instants.
func checkPeriod(items []MediaItem, startsAt, endsAt int64, loc *time.Location) error {
	day := func(ms int64) string { return time.UnixMilli(ms).In(loc).Format("02/01/2006") }
	key := func(ms int64) string { return time.UnixMilli(ms).In(loc).Format("20060102") }
	for i, it := range items {
		before := it.EndDate > 0 && key(it.EndDate) < key(startsAt)
		after := it.StartDate > 0 && key(it.StartDate) > key(endsAt)
		if !before && !after {
			continue
		}
		var dates string
		switch {
		case it.StartDate > 0 && it.EndDate > 0 && it.EndDate-it.StartDate < schedule.Forever/2:
			dates = day(it.StartDate) + " a " + day(it.EndDate)
		case it.StartDate > 0:
			dates = "a partir de " + day(it.StartDate)
		default:
			dates = "até " + day(it.EndDate)
		}
		return schedule.At(fault.WithMsg(fault.Invalid, 100142, fmt.Sprintf(
			"as datas da mídia (%s) ficam fora do período contratado do anúncio (%s a %s), então ela nunca seria exibida. Ajuste as datas da mídia para dentro desse período ou deixe-as em branco.",
			dates, day(startsAt), day(endsAt))), i, false, it.Name)
	}
	return nil
}

// withLibrary fills the items' kind and addresses from the library; an item
// whose media is gone keeps only its rules.
func (s *Service) withLibrary(ctx context.Context, t tenant.Tenant, items []MediaItem) error {
	if len(items) == 0 {
		return nil
	}
	idList := make([]string, len(items))
	for i, it := range items {
		idList[i] = it.ID
	}
	found, err := s.library.ByIDs(ctx, t, slices.Compact(slices.Sorted(slices.Values(idList))))
	if err != nil {
		return err
	}
	for i := range items {
		if m, ok := found[items[i].ID]; ok {
			items[i].Type, items[i].FilePath, items[i].URL, items[i].ThumbnailURL = m.Type, m.FilePath, m.URL, m.ThumbnailURL
		}
	}
	return nil
}

// The ads center as a media.Usage: advertisements are not schedules, so
// they add nothing to the schedules a media lists; deleting a media takes
// it out of every advertisement, and a changed media is sent again to the
// screens that play it.

// SchedulesUsing names no schedules: advertisements are not schedules.
func (s *Service) SchedulesUsing(context.Context, db.Querier, string, []string) (map[string][]media.ScheduleRef, error) {
	return nil, nil
}

// DetachMedia removes deleted media from every advertisement of the
// franchise, in the media delete's transaction, where each advertisement
// changed is recorded.
func (s *Service) DetachMedia(ctx context.Context, q db.Querier, franchiseID string, mediaIDs []string) error {
	return s.forAdsUsing(ctx, q, franchiseID, mediaIDs, func(r *row, gone map[string]bool) bool {
		kept := r.Media[:0:0]
		for _, it := range r.Media {
			if !gone[it.ID] {
				kept = append(kept, it)
			}
		}
		r.Media = kept
		return true
	})
}

// MediaChanged announces a changed media to the screens of the
// advertisements that play it.
func (s *Service) MediaChanged(ctx context.Context, q db.Querier, franchiseID string, mediaIDs []string) error {
	return s.forAdsUsing(ctx, q, franchiseID, mediaIDs, func(*row, map[string]bool) bool { return false })
}

// forAdsUsing runs edit on each advertisement that plays one of mediaIDs,
// stores those edit changed, and announces the change to their screens.
func (s *Service) forAdsUsing(ctx context.Context, q db.Querier, franchiseID string, mediaIDs []string, edit func(r *row, ids map[string]bool) bool) error {
	wanted := make(map[string]bool, len(mediaIDs))
	for _, id := range mediaIDs {
		wanted[id] = true
	}
	rows, err := listRows(ctx, q, franchiseID)
	if err != nil {
		return err
	}
	var displays []string
	for _, r := range rows {
		uses := slices.ContainsFunc(r.Media, func(it MediaItem) bool { return wanted[it.ID] })
		if !uses {
			continue
		}
		was := r
		if edit(&r, wanted) {
			if tx, ok := q.(*db.Tx); ok {
				s.record(ctx, tx, franchiseID, r, audit.ActionUpdate, audit.Diff(auditOf(was, nil), auditOf(r, nil)))
			}
			r.UpdatedAt = s.now().UnixMilli()
			if err := updateRow(ctx, q, franchiseID, r); err != nil {
				return err
			}
		}
		screens, err := displaysOf(ctx, q, r.ID)
		if err != nil {
			return err
		}
		displays = append(displays, screens...)
	}
	if len(displays) == 0 {
		return nil
	}
	slices.Sort(displays)
	return s.changes.Touch(ctx, q, change.Change{FranchiseID: franchiseID, Displays: slices.Compact(displays)})
}
