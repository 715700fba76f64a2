package localcontent

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"vitrine/internal/audit"
	"vitrine/internal/db"
	"vitrine/internal/display"
	"vitrine/internal/media"
	"vitrine/internal/schedule"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// parseCursor reads the cursor of a page of 'Aprovações' ("" = the first).
func parseCursor(s string) (cursor, error) {
	if s == "" {
		return cursor{}, nil
	}
	at, id, ok := strings.Cut(s, ".")
	n, err := strconv.ParseInt(at, 10, 64)
	if !ok || err != nil || id == "" || len(id) > 64 {
		return cursor{}, ErrCursor
	}
	return cursor{at: n, id: id}, nil
}

// Approvals lists what waits for approval in the franchise, oldest sent
// first, a page of limit (0 = DefaultPage) after the cursor.
func (s *Service) Approvals(ctx context.Context, t tenant.Tenant, after string, limit int) (ApprovalList, error) {
	if limit == 0 {
		limit = DefaultPage
	}
	if limit < 1 || limit > MaxPage {
		return ApprovalList{}, ErrLimit
	}
	c, err := parseCursor(after)
	if err != nil {
		return ApprovalList{}, err
	}
	total, err := waiting(ctx, s.db, t.ID)
	if err != nil {
		return ApprovalList{}, err
	}
	rows, err := waitingPage(ctx, s.db, t.ID, c, limit+1)
	if err != nil {
		return ApprovalList{}, err
	}
	out := ApprovalList{Items: []Approval{}, Total: total}
	if len(rows) > limit {
		rows = rows[:limit]
		last := rows[len(rows)-1]
		out.Next = cursor{at: last.SentAt, id: last.ID}.String()
	}
	if len(rows) == 0 {
		return out, nil
	}
	ctxs, err := s.describe(ctx, t, rows)
	if err != nil {
		return ApprovalList{}, err
	}
	for _, r := range rows {
		d := ctxs.of(r)
		a := Approval{ID: r.ID, Store: StoreRef{Slug: d.store.Slug, Name: d.store.Name}, ScheduleID: r.ScheduleID,
			ScheduleName: d.schedule.Name, SpaceID: r.SpaceID, SpaceName: d.space.Name, LocalTime: d.space.LocalTime,
			Live: present(r.live(), ctxs.media), SentBy: ctxs.people[r.SentBy].Name,
			SentByEmail: ctxs.people[r.SentBy].Email, SentAt: r.SentAt,
			ContentOrientation: ctxs.orientation[[2]string{r.StoreID, r.ScheduleID}], BottomBar: d.schedule.BottomBar}
		if dr := present(r.draft(), ctxs.media); dr != nil {
			a.Draft = *dr
		}
		out.Items = append(out.Items, a)
	}
	return out, nil
}

// described is what names and previews a list of items: their stores,
// schedules, media, people and the orientation of the TVs showing them.
type described struct {
	stores      map[string]store.Ref
	schedules   map[string]schedule.Schedule
	media       map[string]media.Media
	people      map[string]Person
	orientation map[[2]string]int
}

type itemContext struct {
	store    store.Ref
	schedule schedule.Schedule
	space    schedule.Entry
}

func (d described) of(r row) itemContext {
	c := itemContext{store: d.stores[r.StoreID], schedule: d.schedules[r.ScheduleID]}
	for _, e := range c.schedule.Media {
		if e.IsLocal && e.ID == r.SpaceID {
			c.space = e
			break
		}
	}
	if c.space.Name == "" {
		c.space.Name = "Espaço local"
	}
	return c
}

func (s *Service) describe(ctx context.Context, t tenant.Tenant, rows []row) (described, error) {
	d := described{stores: map[string]store.Ref{}, schedules: map[string]schedule.Schedule{}}
	var storeIDs, mediaIDs, userIDs []string
	for _, r := range rows {
		storeIDs = append(storeIDs, r.StoreID)
		mediaIDs = append(mediaIDs, r.MediaID, r.DraftMediaID)
		userIDs = append(userIDs, r.SentBy, r.DecidedBy)
		if _, ok := d.schedules[r.ScheduleID]; !ok {
			sc, err := s.schedules.Get(ctx, t, r.ScheduleID, false)
			if err != nil && !errors.Is(err, schedule.ErrNotFound) {
				return d, err
			}
			d.schedules[r.ScheduleID] = sc
		}
	}
	refs, err := s.stores.Refs(ctx, t.ID)
	if err != nil {
		return d, err
	}
	for _, ref := range refs {
		d.stores[ref.ID] = ref
	}
	if d.media, err = s.library.LocalByIDs(ctx, t, compactIDs(mediaIDs)); err != nil {
		return d, err
	}
	if d.people, err = s.people(ctx, s.db, compactIDs(userIDs)); err != nil {
		return d, err
	}
	d.orientation, err = display.Orientations(ctx, s.db, t.ID, compactIDs(storeIDs))
	return d, err
}

// Decide approves or refuses waiting items. An item no longer waiting
// (decided or removed meanwhile) is left out of the count. Approved items
// reach their stores' TVs at once; each sender gets one e-mail naming the
// decisions on what they sent.
func (s *Service) Decide(ctx context.Context, t tenant.Tenant, in Decision) (int, error) {
	approve := in.Decision == "approve"
	if !approve && in.Decision != "reject" {
		return 0, ErrDecision
	}
	list := compactIDs(in.IDs)
	if len(list) == 0 {
		return 0, ErrNoIDs
	}
	if len(list) > MaxDecide {
		return 0, ErrTooManyIDs
	}
	reason := strings.TrimSpace(in.Reason)
	if !approve && reason == "" {
		return 0, ErrReason
	}
	if utf8.RuneCountInString(reason) > MaxReason {
		return 0, ErrReasonLong
	}
	if approve {
		reason = ""
	}
	var decided int
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		rows, err := waitingByIDs(ctx, tx, t.ID, list)
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return nil
		}
		d, err := s.describe(ctx, t, rows)
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		var stores []string
		bySender := map[string][]decidedItem{}
		for _, was := range rows {
			r := was
			r.DecidedBy, r.DecidedAt = t.UserID, now
			action := audit.ActionReject
			if approve {
				action = audit.ActionApprove
				r.State, r.Reason = Approved, ""
				r.setLive(r.draft())
				r.setDraft(nil)
				stores = append(stores, r.StoreID)
			} else {
				r.State, r.Reason = Rejected, reason
			}
			if err := updateRow(ctx, tx, r); err != nil {
				return err
			}
			c := d.of(was)
			name := d.media[was.DraftMediaID].Name
			s.recordDecision(ctx, tx, t, r, was, action, name, c.schedule.Name, c.space.Name)
			bySender[was.SentBy] = append(bySender[was.SentBy], decidedItem{store: c.store.Name, schedule: c.schedule.Name,
				space: c.space.Name, media: name})
		}
		decided = len(rows)
		if err := s.mailDecisions(ctx, tx, t, bySender, d.people, approve, reason); err != nil {
			return err
		}
		told := make([]string, len(rows))
		for i, r := range rows {
			told[i] = r.StoreID
		}
		if err := s.tell(ctx, tx, t.ID, told...); err != nil {
			return err
		}
		if len(stores) > 0 {
			return s.push(ctx, tx, t.ID, stores...)
		}
		return nil
	})
	return decided, err
}
