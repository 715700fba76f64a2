// The player's view: a schedule as the player on a TV receives it, with
// the library media its entries name.

package schedule

import (
	"context"

	"vitrine/internal/tenant"
)

// PlayerSchedule is a schedule as a player receives it: the entries as
// stored and every library media they name (ad-slot fallbacks included),
// keyed by id. A media deleted since the save is absent, and the player
// skips its entry.
type PlayerSchedule struct {
	ID        string                 `json:"id"`
	Name      string                 `json:"name"`
	Hash      string                 `json:"hash"`
	Entries   []Entry                `json:"entries"`
	Media     map[string]PlayerMedia `json:"media"`
	BottomBar *BottomBar             `json:"bottomBar"`
	// UpdatedAt is when the entries last changed: a schedule's loop counts
	// from it, on the screens and in "what plays now" alike.
	UpdatedAt int64 `json:"updatedAt"`
}

// PlayerMedia is a library media as a player needs it.
type PlayerMedia struct {
	Name         string  `json:"name"`
	Type         string  `json:"type"`
	URL          string  `json:"url"`
	ThumbnailURL string  `json:"thumbnailUrl,omitempty"`
	Duration     float64 `json:"duration,omitempty"`
}

// ForPlayer returns the schedule id of the franchise for its players.
func (s *Service) ForPlayer(ctx context.Context, t tenant.Tenant, id string) (PlayerSchedule, error) {
	r, err := getRow(ctx, s.db, t.ID, id, false)
	if err != nil {
		return PlayerSchedule{}, err
	}
	lib, err := s.library.ByIDs(ctx, t, mediaIDs(r.Entries))
	if err != nil {
		return PlayerSchedule{}, err
	}
	out := PlayerSchedule{ID: r.ID, Name: r.Name, Hash: r.Hash, Entries: r.Entries,
		Media: make(map[string]PlayerMedia, len(lib)), BottomBar: r.BottomBar, UpdatedAt: r.UpdatedAt}
	if out.Entries == nil {
		out.Entries = []Entry{}
	}
	for id, m := range lib {
		out.Media[id] = PlayerMedia{Name: m.Name, Type: m.Type, URL: m.URL, ThumbnailURL: m.ThumbnailURL, Duration: m.Duration}
	}
	return out, nil
}
