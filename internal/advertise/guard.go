// The ads center's rules over other domains: what a schedule save, a TV
// move, a store delete may not take from positions already sold. Each is
// asked through an interface the other domain declares (schedule.Guards,
// display.BookingGuard, store.RemovalGuard); internal/app/rules.go plugs
// them in.

package advertise

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"vitrine/internal/db"
	"vitrine/internal/display"
	"vitrine/internal/fault"
	"vitrine/internal/names"
)

// SlotsChanging is the ads center as schedule.Guards: a schedule save
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
	today, displays, err := s.bookableFromToday(ctx, q, franchiseID, scheduleID)
	if err != nil {
		return err
	}
	list, err := heldPositions(ctx, q, franchiseID, today, slices.Sorted(maps.Keys(dropped)), displays)
	if err != nil {
		return err
	}
	groups := map[slotDay][]heldPosition{}
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
			if err := movePosition(ctx, q, k, h.position, p); err != nil {
				return err
			}
		}
	}
	return nil
}

// SlotsShortening is the ads center as schedule.Guards: a schedule
// save that gives an ad slot shorter positions (shortened maps the slot to
// its new seconds) is refused, naming the advertisements, when one booked
// there from today on, on a TV playing the schedule, plays longer: it would
// be cut short on the screens.
func (s *Service) SlotsShortening(ctx context.Context, q db.Querier, franchiseID, scheduleID string, shortened map[string]int) error {
	if len(shortened) == 0 {
		return nil
	}
	today, displays, err := s.bookableFromToday(ctx, q, franchiseID, scheduleID)
	if err != nil {
		return err
	}
	list, err := bookedLengths(ctx, q, franchiseID, today, slices.Sorted(maps.Keys(shortened)), displays)
	if err != nil {
		return err
	}
	var longer []string
	longest, limit := 0, 0
	for _, b := range list {
		if b.seconds > shortened[b.slot] {
			longer = append(longer, b.name)
			if b.seconds > longest {
				longest, limit = b.seconds, shortened[b.slot]
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

// bookableFromToday is what a slot guard looks at: today (the earliest
// among the stores' zones) and the TVs playing the schedule, whose
// positions from today on are sold or may be.
func (s *Service) bookableFromToday(ctx context.Context, q db.Querier, franchiseID, scheduleID string) (Day, []string, error) {
	today, err := s.earliestToday(ctx, q, franchiseID)
	if err != nil {
		return 0, nil, err
	}
	displays, err := display.Playing(ctx, q, franchiseID, scheduleID)
	if err != nil {
		return 0, nil, err
	}
	return today, displays, nil
}

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
	sold, err := s.soldOn(ctx, q, franchiseID, displayIDs)
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
	displays, err := display.InStore(ctx, q, franchiseID, storeID)
	if err != nil || len(displays) == 0 {
		return err
	}
	sold, err := s.soldOn(ctx, q, franchiseID, displays)
	if err != nil || len(sold) == 0 {
		return err
	}
	return fault.WithMsg(fault.Conflict, 100142, fmt.Sprintf(
		"Esta loja tem televisores com vagas vendidas %s %s. Exclua esses anúncios antes de excluir a loja.",
		toAds(sold), joinNames(sold)))
}

// soldOn names, in order, the advertisements holding positions from today
// (the earliest among the stores' zones) on, on the TVs displays.
func (s *Service) soldOn(ctx context.Context, q db.Querier, franchiseID string, displays []string) ([]string, error) {
	today, err := s.earliestToday(ctx, q, franchiseID)
	if err != nil {
		return nil, err
	}
	list, err := soldNames(ctx, q, franchiseID, today, displays)
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
