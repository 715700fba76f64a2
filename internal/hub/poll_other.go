//go:build !linux

package hub

// Without epoll each player's socket is read by a goroutine of its own
// (conn.readLoop).
type poller struct{}

func (h *Hub) startPollers() {}

func (p *poller) add(*conn) error { return nil }

// own is never possible without a poller: the net.Conn stays.
func (h *Hub) own(*conn) bool { return false }

func (p *poller) remove(*conn) {}

func (p *poller) stop() {}
