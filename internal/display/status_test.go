package display

import (
	"encoding/json"
	"os"
	"testing"
	"time"
)

// api/offline-cases.json holds the TV status rule both sides must agree on:
// the console runs it in Vitest (web/src/features/displays), this test runs
// it here. The server has no console clock: consoleAheadMs is the console's.
type offlineCase struct {
	Name              string     `json:"name"`
	Connected         bool       `json:"connected"`
	LastConnectionAck *time.Time `json:"lastConnectionAck"`
	ServerNow         time.Time  `json:"serverNow"`
	ConsoleAheadMs    int64      `json:"consoleAheadMs"`
	Offline           bool       `json:"offline"`
}

func TestTheSharedOfflineCases(t *testing.T) {
	raw, err := os.ReadFile("../../api/offline-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		OfflineAfterMs int64         `json:"offlineAfterMs"`
		Cases          []offlineCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if got := OfflineAfter.Milliseconds(); got != file.OfflineAfterMs {
		t.Fatalf("OfflineAfter is %d ms, the cases say %d ms", got, file.OfflineAfterMs)
	}
	if len(file.Cases) < 10 {
		t.Fatalf("only %d cases", len(file.Cases))
	}
	names := map[string]bool{}
	for _, c := range file.Cases {
		if names[c.Name] {
			t.Fatalf("two cases named %q", c.Name)
		}
		names[c.Name] = true
		t.Run(c.Name, func(t *testing.T) {
			var ack int64
			if c.LastConnectionAck != nil {
				ack = c.LastConnectionAck.UnixMilli()
			}
			if got := Offline(c.Connected, ack, c.ServerNow); got != c.Offline {
				t.Fatalf("Offline(connected %v, ack %v, now %v) = %v, want %v", c.Connected, c.LastConnectionAck, c.ServerNow, got, c.Offline)
			}
		})
	}
}
