package advertise

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"vitrine/internal/db"
	"vitrine/internal/fault"
	"vitrine/internal/names"
	"vitrine/internal/schedule"
)

// SlotsChanging is the ads center as a schedule.SlotGuard: a schedule save
// (or delete) that takes positions away from its ad slots — dropped maps
// each such slot to the positions it keeps — is refused, naming the
// advertisements, when more positions are booked on some day from today on
// a TV playing the schedule than the slot keeps. When the bookings fit, the
// ones numbered above the new count move down to free positions, so every
// booking keeps a position that exists. It runs in the save's transaction,
// which holds the schedule row: no booking of its slots can run meanwhile.
func (s *Service) SlotsChanging(ctx context.Context, q db.Querier, franchiseID, scheduleID string, dropped map[string]int) error {
	if len(dropped) == 0 {
		return nil
	}
	loc, err := s.zone(ctx, q, franchiseID)
	if err != nil {
		return err
	}
	today := DayOf(s.now().UnixMilli(), loc)
	slotIDs := slices.Sorted(maps.Keys(dropped))
	type held struct {
		slotDay
		position int
		adName   string
	}
	var list []held
	for _, chunk := range db.Chunks(slotIDs) {
		part, err := db.Collect(ctx, q, func(sc db.Scanner) (held, error) {
			var h held
			err := sc.Scan(&h.display, &h.slot, &h.day, &h.position, &h.adName)
			return h, err
		}, `SELECT b.display_id, b.slot_id, b.day, b.position, a.name
			FROM ad_bookings b JOIN advertisements a ON a.id = b.advertisement_id
			WHERE b.franchise_id = ? AND b.day >= ? AND b.slot_id IN (`+db.Placeholders(len(chunk))+`)
			  AND b.display_id IN (SELECT id FROM displays WHERE franchise_id = ? AND schedule_id = ?)`,
			append(append([]any{franchiseID, int(today)}, db.Args(chunk)...), franchiseID, scheduleID)...)
		if err != nil {
			return err
		}
		list = append(list, part...)
	}
	groups := map[slotDay][]held{}
	for _, h := range list {
		groups[h.slotDay] = append(groups[h.slotDay], h)
	}
	var refused []string
	for k, g := range groups {
		if len(g) > dropped[k.slot] {
			for _, h := range g {
				refused = append(refused, h.adName)
			}
		}
	}
	if len(refused) > 0 {
		slices.SortFunc(refused, names.Compare)
		refused = slices.Compact(refused)
		return fault.WithMsg(fault.Conflict, 100142, fmt.Sprintf(
			"Esta alteração tira da programação vagas já vendidas %s %s. Exclua esses anúncios ou mude as datas deles antes de reduzir ou remover as vagas.",
			toAds(refused), joinNames(refused)))
	}
	// Everything fits: bring positions above the new count down.
	for k, g := range groups {
		keep := dropped[k.slot]
		var taken positions
		for _, h := range g {
			if h.position <= keep {
				taken.take(h.position)
			}
		}
		for _, h := range g {
			if h.position <= keep {
				continue
			}
			p := taken.firstFree(keep)
			taken.take(p)
			_, err := q.ExecContext(ctx, `UPDATE ad_bookings SET position = ?
				WHERE display_id = ? AND slot_id = ? AND day = ? AND position = ?`,
				p, k.display, k.slot, int(k.day), h.position)
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// SlotsShortening is the ads center as a schedule.SlotTimeGuard: a schedule
// save that gives an ad slot shorter positions (shortened maps the slot to
// its new seconds) is refused, naming the advertisements, when one booked
// there from today on, on a TV playing the schedule, plays longer: it would
// be cut short on the screens.
func (s *Service) SlotsShortening(ctx context.Context, q db.Querier, franchiseID, scheduleID string, shortened map[string]int) error {
	if len(shortened) == 0 {
		return nil
	}
	loc, err := s.zone(ctx, q, franchiseID)
	if err != nil {
		return err
	}
	today := DayOf(s.now().UnixMilli(), loc)
	slotIDs := slices.Sorted(maps.Keys(shortened))
	type booked struct {
		slot, name string
		seconds    int
	}
	var longer []string
	longest, limit := 0, 0
	for _, chunk := range db.Chunks(slotIDs) {
		list, err := db.Collect(ctx, q, func(sc db.Scanner) (booked, error) {
			var b booked
			err := sc.Scan(&b.slot, &b.name, &b.seconds)
			return b, err
		}, `SELECT DISTINCT b.slot_id, a.name, a.display_time
			FROM ad_bookings b JOIN advertisements a ON a.id = b.advertisement_id
			WHERE b.franchise_id = ? AND b.day >= ? AND b.slot_id IN (`+db.Placeholders(len(chunk))+`)
			  AND b.display_id IN (SELECT id FROM displays WHERE franchise_id = ? AND schedule_id = ?)`,
			append(append([]any{franchiseID, int(today)}, db.Args(chunk)...), franchiseID, scheduleID)...)
		if err != nil {
			return err
		}
		for _, b := range list {
			if b.seconds > shortened[b.slot] {
				longer = append(longer, b.name)
				if b.seconds > longest {
					longest, limit = b.seconds, shortened[b.slot]
				}
			}
		}
	}
	if len(longer) == 0 {
		return nil
	}
	slices.SortFunc(longer, names.Compare)
	longer = slices.Compact(longer)
	return fault.WithMsg(fault.Conflict, 100142, fmt.Sprintf(
		"A duração da vaga (%d s) fica menor que o tempo de exibição %s %s (até %d s). Use pelo menos %d s ou reduza o tempo de exibição desses anúncios antes.",
		limit, toAdsOf(longer), joinNames(longer), longest, longest))
}

var _ schedule.SlotTimeGuard = (*Service)(nil)

func toAdsOf(list []string) string {
	if len(list) > 1 {
		return "dos anúncios"
	}
	return "do anúncio"
}

// DisplaysLeaving is the ads center as a display.BookingGuard: TVs with
// positions sold from today on may neither be deleted nor moved to another
// schedule (the positions belong to the ad slots of the one they play);
// the refusal names the advertisements to delete first.
func (s *Service) DisplaysLeaving(ctx context.Context, q db.Querier, franchiseID string, displayIDs []string) error {
	sold, err := s.soldOn(ctx, q, franchiseID, `b.display_id IN (`+db.Placeholders(len(displayIDs))+`)`, db.Args(displayIDs)...)
	if err != nil || len(sold) == 0 {
		return err
	}
	return fault.WithMsg(fault.Conflict, 100142, fmt.Sprintf(
		"Este televisor tem vagas vendidas %s %s. Exclua esses anúncios antes de trocar a programação ou excluir o televisor.",
		toAds(sold), joinNames(sold)))
}

// StoreRemoving is the ads center as a store.RemovalGuard: a store whose
// TVs have positions sold from today on is not deleted.
func (s *Service) StoreRemoving(ctx context.Context, q db.Querier, franchiseID, storeID string) error {
	sold, err := s.soldOn(ctx, q, franchiseID, `b.display_id IN (SELECT id FROM displays WHERE store_id = ?)`, storeID)
	if err != nil || len(sold) == 0 {
		return err
	}
	return fault.WithMsg(fault.Conflict, 100142, fmt.Sprintf(
		"Esta loja tem televisores com vagas vendidas %s %s. Exclua esses anúncios antes de excluir a loja.",
		toAds(sold), joinNames(sold)))
}

// soldOn names, in order, the advertisements holding positions from today
// on on the TVs that where selects.
func (s *Service) soldOn(ctx context.Context, q db.Querier, franchiseID, where string, args ...any) ([]string, error) {
	loc, err := s.zone(ctx, q, franchiseID)
	if err != nil {
		return nil, err
	}
	today := DayOf(s.now().UnixMilli(), loc)
	list, err := db.Collect(ctx, q, db.ScanString, `SELECT DISTINCT a.name FROM ad_bookings b
		JOIN advertisements a ON a.id = b.advertisement_id
		WHERE b.franchise_id = ? AND b.day >= ? AND `+where,
		append([]any{franchiseID, int(today)}, args...)...)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(list, names.Compare)
	return list, nil
}

func toAds(list []string) string {
	if len(list) > 1 {
		return "aos anúncios"
	}
	return "ao anúncio"
}
