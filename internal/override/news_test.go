package override

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrine/internal/change"
	"vitrine/internal/franchise"
)

// Confirmations are told to a franchise's consoles at most once per
// AckNewsEvery, each franchise on its own, and none is lost: what waits is
// told once its second has passed.
func TestConfirmationsAreToldAtMostOncePerSecond(t *testing.T) {
	bus := change.NewBus()
	var heard []change.Change
	bus.Subscribe(func(c change.Change) { heard = append(heard, c) })
	s := &Service{changes: franchise.NewChanges(bus)}
	ctx := context.Background()
	news := newAckNews()
	t0 := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	told := func(want ...string) {
		t.Helper()
		var got []string
		for _, c := range heard {
			if c.Event == nil || c.Event.Type != "override" {
				t.Fatalf("announced %+v", c)
			}
			var data struct{ Overrides []string }
			if err := json.Unmarshal(c.Event.Data, &data); err != nil {
				t.Fatal(err)
			}
			got = append(got, c.FranchiseID+":"+strings.Join(data.Overrides, ","))
		}
		if !slices.Equal(got, want) {
			t.Fatalf("told %v, want %v", got, want)
		}
		heard = nil
	}

	news.add(map[string][]string{"f1": {"o1"}})
	s.tell(ctx, news, t0, false)
	told("f1:o1")
	news.add(map[string][]string{"f1": {"o1"}, "f2": {"o2"}})
	s.tell(ctx, news, t0.Add(300*time.Millisecond), false)
	told("f2:o2") // f1 was told 300 ms ago: it waits
	s.tell(ctx, news, t0.Add(900*time.Millisecond), false)
	told()
	s.tell(ctx, news, t0.Add(AckNewsEvery), false)
	told("f1:o1") // its second has passed
	s.tell(ctx, news, t0.Add(3*AckNewsEvery), false)
	told()
	if len(news.told) != 0 || len(news.pending) != 0 {
		t.Fatalf("news kept %+v", news)
	}
	// Past maxNewsIDs the news names none; a stopping service tells all.
	var many []string
	for i := range maxNewsIDs + 1 {
		many = append(many, string(rune('a'+i)))
	}
	news.add(map[string][]string{"f1": many})
	s.tell(ctx, news, t0.Add(3*AckNewsEvery), false)
	news.add(map[string][]string{"f1": {"o3"}})
	s.tell(ctx, news, t0.Add(3*AckNewsEvery), true)
	told("f1:", "f1:o3")
}
