package advertise

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"vitrine/internal/db"
	"vitrine/internal/display"
	"vitrine/internal/fault"
	"vitrine/internal/schedule"
)

// target is one screen of a booking: the TV, the schedule it plays, and
// the ad slot taken (or, before the choice, the slots that could be).
type target struct {
	DisplayID, DisplayName, StoreID, StoreSlug, ScheduleID string
	Slot                                                   slot
	// candidates are the slots to choose from, in order, when the client
	// left the choice to the server; empty once Slot is set.
	candidates []slot
}

func (t target) slots() []slot {
	if len(t.candidates) > 0 {
		return t.candidates
	}
	return []slot{t.Slot}
}

// resolve checks the screens of a new advertisement against what they play
// now and returns them in the order sent: each TV is the franchise's, plays
// the schedule the client saw, and that schedule has the slot asked for
// (or, with none asked, slots long enough to choose from), each position at
// least displayTime long. The schedules stay locked against saves until the
// transaction ends.
func resolve(ctx context.Context, q db.Querier, franchiseID string, in []BookingInput, displayTime int) ([]target, error) {
	idList := make([]string, len(in))
	for i, b := range in {
		idList[i] = b.DisplayID
	}
	tvs, err := display.Placements(ctx, q, franchiseID, idList)
	if err != nil {
		return nil, err
	}
	var scheduleIDs []string
	for _, b := range in {
		t, ok := tvs[b.DisplayID]
		if !ok {
			return nil, ErrDisplay
		}
		if t.ScheduleID == "" {
			return nil, fault.WithMsg(fault.Invalid, 100142, fmt.Sprintf(
				"O televisor “%s” não tem programação. Você precisa vincular uma programação para continuar.", t.Name))
		}
		if b.ScheduleID != "" && b.ScheduleID != t.ScheduleID {
			return nil, fault.WithMsg(fault.Conflict, 100142, fmt.Sprintf(
				"A programação do televisor “%s” mudou. Recarregue o calendário e escolha de novo.", t.Name))
		}
		if b.StoreSlug != "" && b.StoreSlug != t.StoreSlug {
			return nil, fault.WithMsg(fault.Invalid, 100142, fmt.Sprintf("O televisor “%s” não é da loja %s.", t.Name, b.StoreSlug))
		}
		scheduleIDs = append(scheduleIDs, t.ScheduleID)
	}
	slices.Sort(scheduleIDs)
	slotsBySchedule, err := schedule.AdSlots(ctx, q, franchiseID, slices.Compact(scheduleIDs), true)
	if err != nil {
		return nil, err
	}
	out := make([]target, len(in))
	for i, b := range in {
		t := tvs[b.DisplayID]
		out[i] = target{DisplayID: t.ID, DisplayName: t.Name, StoreID: t.StoreID, StoreSlug: t.StoreSlug, ScheduleID: t.ScheduleID}
		slots := slotsBySchedule[t.ScheduleID]
		if len(slots) == 0 {
			return nil, fault.WithMsg(fault.Invalid, 100106, fmt.Sprintf(
				"A programação do televisor “%s” não tem vagas para anúncios.", t.Name))
		}
		if b.SlotID != "" {
			k := slices.IndexFunc(slots, func(s slot) bool { return s.ID == b.SlotID })
			if k < 0 {
				return nil, fault.WithMsg(fault.Conflict, 100142, fmt.Sprintf(
					"A vaga escolhida não existe mais na programação do televisor “%s”. Recarregue o calendário.", t.Name))
			}
			if slots[k].AdTime < displayTime {
				return nil, tooShort(displayTime, t.Name, slots[k].AdTime)
			}
			out[i].Slot = slots[k]
			continue
		}
		longest := 0
		for _, s := range slots {
			longest = max(longest, s.AdTime)
			if s.AdTime >= displayTime {
				out[i].candidates = append(out[i].candidates, s)
			}
		}
		if len(out[i].candidates) == 0 {
			return nil, tooShort(displayTime, t.Name, longest)
		}
	}
	return out, nil
}

func tooShort(displayTime int, tvName string, adTime int) error {
	return fault.WithMsg(fault.Invalid, 100142, fmt.Sprintf(
		"O tempo de exibição do anúncio (%d s) é maior que a duração da vaga (%d s) no televisor “%s”. Use no máximo %d s.", displayTime, adTime, tvName, adTime))
}

// slotDay is one ad slot of one TV on one day.
type slotDay struct {
	display, slot string
	day           Day
}

// positions is which of a slot's positions are taken on a day (bit p−1 for
// position p; a slot has at most schedule.MaxSlots = 100 positions).
type positions [2]uint64

func (p *positions) take(n int)      { p[(n-1)/64] |= 1 << ((n - 1) % 64) }
func (p positions) taken(n int) bool { return p[(n-1)/64]&(1<<((n-1)%64)) != 0 }
func (p positions) firstFree(total int) int {
	for n := 1; n <= total && n <= 128; n++ {
		if !p.taken(n) {
			return n
		}
	}
	return 0
}

// book takes, for the advertisement adID, one position of each target's
// slot on each of days: the lowest free one. Concurrent bookings of one
// slot of one TV run one after the other (an advisory lock per slot on
// PostgreSQL; SQLite runs write transactions one at a time), and the
// positions' primary key refuses a double booking whatever happens: a
// booking that loses the race fails with a unique violation and is tried
// again by the caller. A target without a chosen slot gets the first of its
// candidates free on every day. Nothing is written unless every day of
// every target has a position. It returns the targets with their slots.
func book(ctx context.Context, tx *db.Tx, franchiseID, adID string, targets []target, days []Day) ([]target, error) {
	if len(days) == 0 || len(targets) == 0 {
		return targets, nil
	}
	var keys, displays []string
	for _, t := range targets {
		displays = append(displays, t.DisplayID)
		for _, s := range t.slots() {
			keys = append(keys, "advertise:"+t.DisplayID+":"+s.ID)
		}
	}
	slices.Sort(keys) // always the same order: no deadlock between two bookings
	for _, k := range slices.Compact(keys) {
		if err := db.LockKey(ctx, tx, k); err != nil {
			return nil, err
		}
	}
	from, to := slices.Min(days), slices.Max(days)
	taken, err := takenPositions(ctx, tx, displays, from, to)
	if err != nil {
		return nil, err
	}
	var rows [][]any
	out := make([]target, len(targets))
	for i, t := range targets {
		var full Day // the first day without a free position, of the last slot tried
		chosen := false
		for _, s := range t.slots() {
			picked := make([]int, len(days))
			full = 0
			for j, d := range days {
				p := taken[slotDay{t.DisplayID, s.ID, d}].firstFree(s.Positions)
				if p == 0 {
					full = d
					break
				}
				picked[j] = p
			}
			if full != 0 {
				continue
			}
			for j, d := range days {
				rows = append(rows, []any{t.DisplayID, s.ID, int(d), picked[j], adID, franchiseID, t.ScheduleID})
			}
			t.Slot, t.candidates, chosen = s, nil, true
			break
		}
		if !chosen {
			return nil, fault.WithMsg(fault.Conflict, 100142, fmt.Sprintf(
				"Não há mais vagas disponíveis no televisor “%s” no dia %s.", t.DisplayName, full.Text()))
		}
		out[i] = t
	}
	if err := insertBookings(ctx, tx, rows); err != nil {
		return nil, err
	}
	return out, nil
}

// bookedScreens returns the screens of an advertisement as targets, with
// the slot each holds as the TV's schedule has it now. A screen whose TV no
// longer plays that slot (linked to another schedule since, the slot
// removed once its days were over) is returned with lost set, its Slot
// holding only the id.
func bookedScreens(ctx context.Context, q db.Querier, franchiseID, adID string, share bool) (targets []target, lost []bool, err error) {
	list, err := screenSlots(ctx, q, adID)
	if err != nil || len(list) == 0 {
		return nil, nil, err
	}
	idList := make([]string, len(list))
	for i, b := range list {
		idList[i] = b.display
	}
	tvs, err := display.Placements(ctx, q, franchiseID, idList)
	if err != nil {
		return nil, nil, err
	}
	var scheduleIDs []string
	for _, t := range tvs {
		if t.ScheduleID != "" {
			scheduleIDs = append(scheduleIDs, t.ScheduleID)
		}
	}
	slices.Sort(scheduleIDs)
	slotsBySchedule, err := schedule.AdSlots(ctx, q, franchiseID, slices.Compact(scheduleIDs), share)
	if err != nil {
		return nil, nil, err
	}
	for _, b := range list {
		t := tvs[b.display]
		tg := target{DisplayID: b.display, DisplayName: t.Name, StoreID: t.StoreID, StoreSlug: t.StoreSlug, ScheduleID: b.schedule,
			Slot: slot{ID: b.slot}}
		i := slices.IndexFunc(slotsBySchedule[t.ScheduleID], func(s slot) bool { return s.ID == b.slot })
		if i >= 0 {
			tg.Slot = slotsBySchedule[t.ScheduleID][i]
		}
		targets = append(targets, tg)
		lost = append(lost, i < 0)
	}
	return targets, lost, nil
}

// screensOf lists the screens an advertisement was sold on, with their
// names and stores (a TV removed since is gone from the list).
func screensOf(ctx context.Context, q db.Querier, franchiseID, adID string) ([]Screen, error) {
	list, err := screenSlots(ctx, q, adID)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	idList := make([]string, len(list))
	for i, b := range list {
		idList[i] = b.display
	}
	tvs, err := display.Placements(ctx, q, franchiseID, idList)
	if err != nil {
		return nil, err
	}
	out := make([]Screen, 0, len(list))
	for _, b := range list {
		if tv, ok := tvs[b.display]; ok {
			out = append(out, Screen{DisplayID: b.display, Name: tv.Name, StoreSlug: tv.StoreSlug,
				StoreName: tv.StoreName, ScheduleID: b.schedule, SlotID: b.slot})
		}
	}
	return out, nil
}

// joinNames lists names for a message: "A", "A e B", "A, B e C".
func joinNames(list []string) string {
	quoted := make([]string, len(list))
	for i, n := range list {
		quoted[i] = "'" + n + "'"
	}
	if len(quoted) <= 1 {
		return strings.Join(quoted, "")
	}
	return strings.Join(quoted[:len(quoted)-1], ", ") + " e " + quoted[len(quoted)-1]
}
