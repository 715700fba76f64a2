package display

import (
	"context"

	"vitrine/internal/db"
)

// Paired is what the player of a TV needs to know of it: the TV registered
// with the player's device code, its store and its schedule.
type Paired struct {
	DisplayID          string
	Name               string
	Device             string
	FranchiseID        string
	StoreID            string
	Store              string // store slug
	StoreName          string
	StoreCity          string
	StoreState         string
	ContentOrientation int
	ScheduleID         string // "" when none
}

// PairedByDevice returns the TVs registered with the codes, keyed by code;
// codes without a TV are absent.
func (s *Service) PairedByDevice(ctx context.Context, codes []string) (map[string]Paired, error) {
	out := make(map[string]Paired, len(codes))
	for _, chunk := range db.Chunks(codes) {
		rows, err := s.db.QueryContext(ctx, `
			SELECT d.id, d.name, d.device, d.franchise_id, d.store_id, st.slug, st.name, st.city, st.state,
			       d.content_orientation, COALESCE(d.schedule_id, '')
			FROM displays d JOIN stores st ON st.id = d.store_id
			WHERE d.device IN (`+db.Placeholders(len(chunk))+`)`, db.Args(chunk)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var p Paired
			if err := rows.Scan(&p.DisplayID, &p.Name, &p.Device, &p.FranchiseID, &p.StoreID,
				&p.Store, &p.StoreName, &p.StoreCity, &p.StoreState, &p.ContentOrientation, &p.ScheduleID); err != nil {
				rows.Close()
				return nil, err
			}
			out[p.Device] = p
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}
