package schedule

import (
	"context"
	"fmt"
	"testing"

	"vitrine/internal/db"
)

func TestAdSlotsOfASchedule(t *testing.T) {
	media := Entry{ID: "m1", Type: "image"}
	cases := []struct {
		name    string
		entries []Entry
		want    string
	}{
		{"no ad slot", []Entry{media}, "[]"},
		{"a slot with no window sells all day", []Entry{media, {ID: "a", IsAd: true, AdSlots: 3, AdTime: 20}},
			"[{a 3 20 [00:00@23:59]}]"},
		{"a slot's windows are its keys", []Entry{{ID: "a", IsAd: true, AdSlots: 2, AdTime: 15, TimeGap: []string{"08:00@12:00"}}},
			"[{a 2 15 [08:00@12:00]}]"},
		{"a slot listed twice counts once, with both positions and the shorter length",
			[]Entry{{ID: "a", IsAd: true, AdSlots: 2, AdTime: 30}, media, {ID: "a", IsAd: true, AdSlots: 1, AdTime: 10}},
			"[{a 3 10 [00:00@23:59]}]"},
		{"slots keep their play order",
			[]Entry{{ID: "b", IsAd: true, AdSlots: 1, AdTime: 5}, {ID: "a", IsAd: true, AdSlots: 1, AdTime: 5}},
			"[{b 1 5 [00:00@23:59]} {a 1 5 [00:00@23:59]}]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := fmt.Sprint(AdSlotsOf(c.entries)); got != c.want {
				t.Fatalf("got %s, want %s", got, c.want)
			}
		})
	}
}

func TestAdSlotsReadsTheFranchisesSchedules(t *testing.T) {
	ctx := context.Background()
	d, err := db.Open(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, q := range []string{
		`INSERT INTO franchises (id, slug, name, created_at, updated_at) VALUES ('f1', 'a', 'A', 0, 0), ('f2', 'b', 'B', 0, 0)`,
		`INSERT INTO schedules (id, franchise_id, name, entries, created_at, updated_at) VALUES
			('ads', 'f1', 'Com vaga', '[{"id":"s","isAd":true,"adSlots":2,"adTime":10}]', 0, 0),
			('plain', 'f1', 'Sem vaga', '[{"id":"m","type":"image"}]', 0, 0),
			('other', 'f2', 'Outra rede', '[{"id":"s","isAd":true,"adSlots":1,"adTime":10}]', 0, 0)`,
	} {
		if _, err := d.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	all, err := AdSlots(ctx, d, "f1", nil, false)
	if err != nil || fmt.Sprint(all) != "map[ads:[{s 2 10 [00:00@23:59]}]]" {
		t.Fatalf("every schedule with a slot: %v, %v", all, err)
	}
	named, err := AdSlots(ctx, d, "f1", []string{"plain", "ads", "other"}, true)
	if err != nil || fmt.Sprint(named) != "map[ads:[{s 2 10 [00:00@23:59]}] plain:[]]" {
		t.Fatalf("named schedules: %v, %v", named, err)
	}
}
