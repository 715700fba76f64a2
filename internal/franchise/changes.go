package franchise

import (
	"context"

	"vitrine/internal/change"
	"vitrine/internal/db"
)

// Changes is the one "this franchise changed" signal. Every write that
// alters what a franchise's lists or screens show (stores, contacts, TVs,
// schedule links, TV status, schedules, media, footers) calls Touch inside
// its own transaction, after its last write: the franchise's revision goes
// up — cached answers of an older revision are rebuilt — and the change is
// announced to subscribers once the transaction commits. Coming last, Touch
// also takes the franchise row lock last, so concurrent writers cannot
// deadlock on it.
type Changes struct {
	pub change.Publisher
}

// NewChanges returns the signal announcing through pub.
func NewChanges(pub change.Publisher) *Changes { return &Changes{pub: pub} }

// Touch records and announces c (c.FranchiseID set; Displays and Schedules
// when the writer knows which TVs or schedules the change reaches).
func (c *Changes) Touch(ctx context.Context, q db.Querier, ch change.Change) error {
	return c.touch(ctx, q, ch, counts{})
}

// TouchCounting is Touch for a write that adds or removes stores or TVs one
// by one: the franchise's counts of both (its list's figures) move by
// stores and displays in the same statement. Other writes leave them alone.
func (c *Changes) TouchCounting(ctx context.Context, q db.Querier, ch change.Change, stores, displays int) error {
	return c.touch(ctx, q, ch, counts{stores: stores, displays: displays})
}

// TouchCounted is Touch for a write that removes an unknown number of TVs
// (a store, whose TVs go with it): the franchise's counts are read again.
// A count reads every TV of the franchise, so the writes that know what
// they add or remove use TouchCounting instead.
func (c *Changes) TouchCounted(ctx context.Context, q db.Querier, ch change.Change) error {
	return c.touch(ctx, q, ch, counts{recount: true})
}

func (c *Changes) touch(ctx context.Context, q db.Querier, ch change.Change, n counts) error {
	rev, err := touch(ctx, q, ch.FranchiseID, n)
	if err != nil {
		return err
	}
	ch.Revision = rev
	return c.pub.Publish(ctx, q, ch)
}

// Announce publishes c without bumping the revision: for news nobody caches
// (remote commands for players).
func (c *Changes) Announce(ctx context.Context, q db.Querier, ch change.Change) error {
	return c.pub.Publish(ctx, q, ch)
}
