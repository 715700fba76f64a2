package main

import (
	"context"
	"fmt"
	"image/color"

	"vitrine/internal/apiclient"
)

// Local content under load (-local-spaces): the schedule holds that many
// 'Espaço local' entries and every store fills each with one image of its
// own folder, approved through 'Aprovações' before the saves are timed. A
// save then pushes a schedule whose spaces each store fills differently:
// the stores' items ride in each TV's own part of its screen, sent when it
// connects and when its store's content changes, so the saves' figures are
// set beside a run without spaces.

// spaceID names the i-th local space of the run's schedule.
func spaceID(i int) string { return fmt.Sprintf("espaco-%d", i+1) }

// spaceEntries are the schedule's local spaces as a save sends them.
func spaceEntries(f *fixture) []map[string]any {
	out := make([]map[string]any, len(f.spaces))
	for i, id := range f.spaces {
		out[i] = map[string]any{"id": id, "isLocal": true, "name": fmt.Sprintf("Espaço %d", i+1), "localTime": 10}
	}
	return out
}

// seedLocal uploads an image into each store's folder, puts it in each of
// the schedule's spaces, and approves everything, 500 items a decision.
func seedLocal(ctx context.Context, a *apiclient.Client, f *fixture, workers int) error {
	if len(f.spaces) == 0 {
		return nil
	}
	file := apiclient.PNG(96, 54, func(int, int) color.RGBA { return color.RGBA{30, 160, 60, 255} })
	err := parallel(ctx, len(f.stores), workers, "stores' local content sent", func(ctx context.Context, i int) error {
		store := f.stores[i]
		id, err := a.UploadLocal(ctx, f.franchise, store, "Recado "+store, "image", "image/png", file)
		if err != nil {
			return err
		}
		for _, sp := range f.spaces {
			body := map[string]any{"scheduleId": f.schedule, "spaceId": sp, "mediaId": id}
			if err := a.Do(ctx, "POST", "/api/local/"+f.franchise+"/"+store+"/items", body, nil, 201); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	approved := 0
	for {
		var page struct {
			Total int `json:"total"`
			Items []struct {
				ID string `json:"id"`
			} `json:"items"`
		}
		if err := a.Do(ctx, "GET", "/api/approvals/"+f.franchise+"?limit=500", nil, &page, 200); err != nil {
			return err
		}
		if len(page.Items) == 0 {
			break
		}
		ids := make([]string, len(page.Items))
		for i, it := range page.Items {
			ids[i] = it.ID
		}
		if err := a.Do(ctx, "POST", "/api/approvals/"+f.franchise, map[string]any{"ids": ids, "decision": "approve"}, nil, 200); err != nil {
			return err
		}
		approved += len(ids)
	}
	logf("local content: %d spaces filled by %d stores, %d items approved", len(f.spaces), len(f.stores), approved)
	return nil
}

// localSetup names a run's local content in its table rows ("" without).
func localSetup(o options) string {
	if o.localSpaces == 0 {
		return ""
	}
	return fmt.Sprintf(", %d local spaces × %s stores", o.localSpaces, thousands(o.localStores))
}
