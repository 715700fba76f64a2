// Package change carries the one signal every derived view of a franchise
// listens to: "this franchise changed". The service that writes announces it
// inside its transaction (franchise.Changes.Touch does, after bumping the
// revision); subscribers — the overview cache today, the player hub next —
// hear it only once the transaction has committed. The Bus delivers in
// process; a replica-spanning transport (PostgreSQL LISTEN/NOTIFY) sits
// behind the same Publisher interface.
package change

import (
	"context"
	"encoding/json"
	"slices"
	"sync"

	"vitrine/internal/db"
)

// Change says what changed in one franchise. Displays, Stores and Schedules
// narrow it down when the writer knows; all empty means "anything in the
// franchise".
type Change struct {
	FranchiseID string   `json:"franchiseId"`
	Revision    int64    `json:"revision"`            // the franchise's revision after the change
	Displays    []string `json:"displays,omitempty"`  // TVs changed (name, orientation, schedule link, removal)
	Stores      []string `json:"stores,omitempty"`    // stores changed (their TVs' footer data and opening hours may differ)
	Schedules   []string `json:"schedules,omitempty"` // schedules whose content changed
	// StatusOnly marks a change of TV status (online, last ack): lists
	// change, what the screens show does not.
	StatusOnly bool `json:"statusOnly,omitempty"`
	// Overrides marks a change of emergency overrides: the TVs it names
	// (Displays), the TVs of the stores it names (Stores), or every TV of
	// the franchise when it names none, show another override. Schedules'
	// contents and the franchise's own facts are unchanged.
	Overrides bool `json:"overrides,omitempty"`
	// Commands are remote commands for players, to be delivered by the
	// replica that holds the TV's connection. A change carrying only
	// commands bumps no revision.
	Commands []Command `json:"commands,omitempty"`
	// Event is news for the consoles following the franchise (a remote
	// command answered, overrides acknowledged): it reaches their event
	// streams and changes no screen and no revision.
	Event *Event `json:"event,omitempty"`
	// Watch names TVs whose live view a console has open: the replica
	// holding each TV's connection records the schedule its player
	// acknowledges at once for a while (otherwise with its periodic
	// status). It changes no screen, no revision and no list.
	Watch []string `json:"watch,omitempty"`
	// Ended is access that ended (a member removed, sessions ended): the
	// consoles' event streams it names close before any later event of
	// the franchise reaches them. It changes no screen, no revision and no
	// list.
	Ended *Ended `json:"ended,omitempty"`
}

// Ended names who lost access. With the change's FranchiseID, Users left
// that franchise. Without it, every session of Users ended (a new
// password; the impersonation sessions they opened end with them) and so
// did Sessions, the token hashes of sessions ended one by one (a logout).
type Ended struct {
	Users    []string `json:"users,omitempty"`
	Sessions []string `json:"sessions,omitempty"`
}

// Event is one piece of news for the consoles' event streams: Type names
// it ("command", "override"), Data is its JSON body (kept small: across
// replicas it rides in a PostgreSQL notification).
type Event struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data,omitempty"`
}

// Command is a remote command job for the player of one TV.
type Command struct {
	ID        string `json:"id"`
	DisplayID string `json:"displayId"`
	Operation string `json:"operation"`
}

// What a change means for screens is answered here and nowhere else: the
// hub, which pushes to players, and the screen package, which caches
// encoded payloads, both ask these methods.

// TouchesScreens tells whether c may change what some TV shows. A change of
// TV status only, one carrying only remote commands, news for the consoles
// (Event), live views opened (Watch), or access ended (Ended), does not.
func (c Change) TouchesScreens() bool {
	return !c.StatusOnly && c.Event == nil && len(c.Watch) == 0 && c.Ended == nil &&
		!(c.Revision == 0 && len(c.Commands) > 0)
}

// Everywhere tells whether c may change every screen of every franchise: it
// names no franchise (after a lost connection notifications may have been
// missed).
func (c Change) Everywhere() bool {
	return c.FranchiseID == "" && c.TouchesScreens()
}

// Wide tells whether c may change every screen of its franchise: it names
// no TV, store or schedule in particular.
func (c Change) Wide() bool {
	return c.TouchesScreens() && len(c.Displays) == 0 && len(c.Stores) == 0 && len(c.Schedules) == 0
}

// Affects tells whether c may change what a TV of its franchise shows: the
// TV displayID in the store storeID, linked to scheduleID ("" when none).
func (c Change) Affects(displayID, storeID, scheduleID string) bool {
	if !c.TouchesScreens() {
		return false
	}
	return c.Wide() || slices.Contains(c.Displays, displayID) || slices.Contains(c.Stores, storeID) ||
		(scheduleID != "" && slices.Contains(c.Schedules, scheduleID))
}

// MayPair tells whether c may have registered a TV with the code of a
// player still waiting for one: it names TVs, or nothing in particular.
func (c Change) MayPair() bool {
	return c.TouchesScreens() && !c.Overrides && (len(c.Displays) > 0 || c.Wide() || c.Everywhere())
}

// SchedulesOnly tells whether c touches screens only through the contents
// of the schedules it names: no TV was added, moved, renamed or relinked,
// so what a player knows of its TV is still right.
func (c Change) SchedulesOnly() bool {
	return c.TouchesScreens() && c.FranchiseID != "" && len(c.Schedules) > 0 &&
		len(c.Displays) == 0 && len(c.Stores) == 0
}

// OverridesOnly tells whether c touches screens only through the
// emergency overrides of its franchise: no TV was added, moved, renamed or
// relinked and no schedule changed, so a player's screen differs from the
// last one only in its TV part's overrides.
func (c Change) OverridesOnly() bool {
	return c.TouchesScreens() && c.Overrides && c.FranchiseID != ""
}

// Schedule tells whether c may change the contents of the schedule
// scheduleID of the franchise franchiseID.
func (c Change) Schedule(franchiseID, scheduleID string) bool {
	if c.Everywhere() {
		return true
	}
	if c.Overrides {
		return false // an override rides on the TV's part of its screen
	}
	return c.FranchiseID == franchiseID && (c.Wide() || (c.TouchesScreens() && slices.Contains(c.Schedules, scheduleID)))
}

// Franchise tells whether c may change the franchise's own facts that
// screens show (its slug, its time zone): only a change that names nothing
// in particular may.
func (c Change) Franchise(franchiseID string) bool {
	return c.Everywhere() || (c.FranchiseID == franchiseID && c.Wide() && !c.Overrides)
}

// Publisher announces a change made through q. Inside a transaction the
// announcement waits for the commit and is dropped on rollback.
type Publisher interface {
	Publish(ctx context.Context, q db.Querier, c Change) error
}

// Bus is the in-process Publisher: it hands each change to every subscriber,
// in the order the changes committed on this process.
type Bus struct {
	mu   sync.RWMutex
	next int
	subs map[int]func(Change)
}

// NewBus returns a bus without subscribers.
func NewBus() *Bus { return &Bus{subs: map[int]func(Change){}} }

// Subscribe calls fn for every change from now on until cancel is called.
// fn runs on the writer's goroutine after its commit: it must be quick and
// must not block (hand slow work to a goroutine or a buffered channel).
func (b *Bus) Subscribe(fn func(Change)) (cancel func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	id := b.next
	b.next++
	b.subs[id] = fn
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		delete(b.subs, id)
	}
}

// Publish delivers c after q's transaction commits, or at once when q is not
// a transaction.
func (b *Bus) Publish(_ context.Context, q db.Querier, c Change) error {
	if tx, ok := q.(*db.Tx); ok {
		tx.AfterCommit(func() { b.Deliver(c) })
		return nil
	}
	b.Deliver(c)
	return nil
}

// Deliver hands c to every subscriber now. Transports that receive changes
// from other replicas call it.
func (b *Bus) Deliver(c Change) {
	b.mu.RLock()
	fns := make([]func(Change), 0, len(b.subs))
	for _, fn := range b.subs {
		fns = append(fns, fn)
	}
	b.mu.RUnlock()
	for _, fn := range fns {
		fn(c)
	}
}

// Both publishes every change with Remote (the transport between replicas)
// and, once its transaction commits, hands it to Local, the bus of the
// changes this process made: a subscriber of Local learns of its own
// process's writes before their answers leave, which a transport that
// loops back asynchronously (PostgreSQL's notifications) does not promise.
type Both struct {
	Remote Publisher
	Local  *Bus
}

// Publish sends c with Remote, then with Local.
func (b Both) Publish(ctx context.Context, q db.Querier, c Change) error {
	if err := b.Remote.Publish(ctx, q, c); err != nil {
		return err
	}
	return b.Local.Publish(ctx, q, c)
}
