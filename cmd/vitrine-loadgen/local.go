package main

import (
	"context"
	"fmt"
	"image/color"
	"os"
	"sync/atomic"
	"time"

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

// approvalRounds is how many stores get an item approved while every
// player is connected: each a round of its own, timed from the decision's
// call until the store's players have the item.
const approvalRounds = 5

// approvalRound is one approval: the store's players that got the item
// and when, and the other stores' players sent a playlist meanwhile (none
// should be: their screens did not change).
type approvalRound struct {
	store    string
	took     time.Duration // the decision's API call
	lat      []time.Duration
	missing  int // the store's players without it when the round ended
	strayers int // players of other stores sent a playlist meanwhile
}

// approveRounds sends, for approvalRounds stores spread over the group, a
// new image into the first space (waiting for approval), then approves
// it and waits for the store's players to receive a frame naming the
// image. The players watch for the image's id in every frame (watchFor).
func approveRounds(ctx context.Context, a *apiclient.Client, f *fixture, players []*player, timeout time.Duration) ([]approvalRound, error) {
	if len(f.spaces) == 0 {
		return nil, nil
	}
	defer watchFor("")
	step := max(len(f.stores)/approvalRounds, 1)
	var out []approvalRound
	for r := range min(approvalRounds, len(f.stores)) {
		si := r * step
		store := f.stores[si]
		file := apiclient.PNG(96, 54, func(int, int) color.RGBA { return color.RGBA{uint8(40 * r), 90, 200, 255} })
		mediaID, err := a.UploadLocal(ctx, f.franchise, store, fmt.Sprintf("Aprovação %d", r+1), "image", "image/png", file)
		if err != nil {
			return nil, err
		}
		var item struct {
			ID string `json:"id"`
		}
		body := map[string]any{"scheduleId": f.schedule, "spaceId": f.spaces[0], "mediaId": mediaID}
		if err := a.Do(ctx, "POST", "/api/local/"+f.franchise+"/"+store+"/items", body, &item, 201); err != nil {
			return nil, err
		}
		watchFor(mediaID)
		key := "mark:" + mediaID
		mine := players[si*f.perStore : min((si+1)*f.perStore, len(players))]
		before := make([]int, len(players))
		for i, p := range players {
			before[i] = p.received()
		}
		start := time.Now()
		err = a.Do(ctx, "POST", "/api/approvals/"+f.franchise, map[string]any{"ids": []string{item.ID}, "decision": "approve"}, nil, 200)
		took := time.Since(start)
		if err != nil {
			return nil, err
		}
		rd := awaitRound(mine, 1, key, start, timeout)
		// A frame to another store's TV would arrive with the store's own:
		// any playlist they got since the decision counts.
		if !sleep(ctx, 500*time.Millisecond) {
			return nil, ctx.Err()
		}
		strayers := 0
		for i, p := range players {
			if i/f.perStore != si && p.received() != before[i] {
				strayers++
			}
		}
		s := summarize(rd.lat)
		logf("approval %d (%s): %d/%d of its players have the item: p50 %s, max %s (decision call %s); other stores' players reached: %d",
			r+1, store, s.N, len(mine), ms(s.P50), ms(s.Max), ms(took), strayers)
		out = append(out, approvalRound{store: store, took: took, lat: rd.lat, missing: rd.missing, strayers: strayers})
	}
	return out, nil
}

// watched is the media id the players look for in their frames ("" none).
var watched atomic.Pointer[[]byte]

func watchFor(id string) {
	if id == "" {
		watched.Store(nil)
		return
	}
	b := []byte(id)
	watched.Store(&b)
}

// reportApprovals prints the approval rounds and their table row.
func reportApprovals(o options, engine string, n int, rounds []approvalRound) []tableLine {
	if len(rounds) == 0 {
		return nil
	}
	w := os.Stdout
	fmt.Fprintln(w, "\n| Approval | Store's players with the item | p50 | p99 | max | Decision call | Other stores' players sent a playlist |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	var all []time.Duration
	missing, strayers := 0, 0
	for i, rd := range rounds {
		s := summarize(rd.lat)
		fmt.Fprintf(w, "| %d (%s) | %d/%d | %s | %s | %s | %s | %d |\n", i+1, rd.store, s.N, s.N+rd.missing, ms(s.P50), ms(s.P99), ms(s.Max), ms(rd.took), rd.strayers)
		all = append(all, rd.lat...)
		missing += rd.missing
		strayers += rd.strayers
	}
	s := summarize(all)
	verdict := "met"
	if s.Max >= time.Second || missing > 0 || strayers > 0 {
		verdict = "MISSED"
	}
	fmt.Fprintf(w, "\nTarget: an approval reaches every player of its store within 1 s, and no other store's: %s (worst %s; %d missed, %d other stores' players sent a playlist).\n",
		verdict, ms(s.Max), missing, strayers)
	figure := fmt.Sprintf("p50 %s, max %s over %d approvals of %d players each", ms(s.P50), ms(s.Max), len(rounds), len(rounds[0].lat)+rounds[0].missing)
	if missing > 0 || strayers > 0 {
		figure += fmt.Sprintf(" (%d missed, %d players of other stores sent a playlist)", missing, strayers)
	}
	return []tableLine{{
		measure: "Push: an approval of local content to its store's players, from the decision's call",
		setup:   setup(engine, o.replicas, false, n) + localSetup(o),
		figure:  figure,
		target:  "< 1 s, no other store's players",
	}}
}
