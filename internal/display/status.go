package display

import "time"

// OfflineAfter is how old a TV's last ack may be before the TV counts as
// offline although its connection flag is still set (the replica that held
// it stopped without saying so).
const OfflineAfter = 6 * time.Minute

// Offline is the TV status rule (DESIGN.md, TV status): a TV is offline when
// its player is not connected, never acknowledged (lastAck 0, epoch ms), or
// acknowledged more than OfflineAfter before now; exactly OfflineAfter is
// still online. The console applies the same rule on the server's clock;
// both run api/offline-cases.json.
func Offline(connected bool, lastAck int64, now time.Time) bool {
	return !connected || lastAck == 0 || now.Sub(time.UnixMilli(lastAck)) > OfflineAfter
}
