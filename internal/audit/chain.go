package audit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"

	"vitrine/internal/db"
)

// stamped is an entry with the actor of its request.
type stamped struct {
	Entry
	actor Actor
}

// pending is what a transaction will record before it commits.
type pending struct {
	entries []stamped
}

type pendingKey struct{}

func pendingOf(tx *db.Tx) *pending {
	return tx.Local(pendingKey{}, func() any {
		p := &pending{}
		tx.BeforeCommit(func(ctx context.Context, tx *db.Tx) error { return p.write(ctx, tx) })
		return p
	}).(*pending)
}

// record is a stored record, the fields its hash covers.
type record struct {
	Chain      string
	Seq        int64
	At         int64 // Unix milliseconds
	UserID     string
	UserEmail  string
	AdminID    string
	AdminEmail string
	Address    string
	RequestID  string
	Kind       string
	EntityID   string
	EntityName string
	StoreID    string
	Action     string
	Changes    string // JSON
	PrevHash   string
	Hash       string
	// TokenID and TokenName name the API token that acted; the hash
	// covers them only when set, so the records before them keep theirs.
	TokenID   string
	TokenName string
}

// digest is the record's hash: SHA-256 over its fields (the hash of the
// record before it among them), as a JSON list in a fixed order.
func (r record) digest() string {
	fields := []any{
		r.Chain, r.Seq, r.At, r.UserID, r.UserEmail, r.AdminID, r.AdminEmail, r.Address,
		r.RequestID, r.Kind, r.EntityID, r.EntityName, r.StoreID, r.Action, r.Changes, r.PrevHash,
	}
	if r.TokenID != "" || r.TokenName != "" {
		fields = append(fields, r.TokenID, r.TokenName)
	}
	raw, _ := json.Marshal(fields)
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

func (p *pending) write(ctx context.Context, tx *db.Tx) error {
	if len(p.entries) == 0 {
		return nil
	}
	entries := p.entries
	p.entries = nil
	now := time.Now().UnixMilli()
	heads := map[string]*head{}
	byChain := map[string][]record{}
	var order []string // the chains in the order their heads were locked
	for _, e := range entries {
		h, ok := heads[e.FranchiseID]
		if !ok {
			var err error
			if h, err = lockHead(ctx, tx, e.FranchiseID); err != nil {
				return err
			}
			heads[e.FranchiseID] = h
			order = append(order, e.FranchiseID)
		}
		changes := e.Changes
		if changes == nil {
			changes = []Change{}
		}
		raw, err := json.Marshal(changes)
		if err != nil {
			return err
		}
		at := now
		if !e.At.IsZero() {
			at = e.At.UnixMilli()
		}
		r := record{
			Chain: e.FranchiseID, Seq: h.seq + 1, At: at,
			UserID: e.actor.UserID, UserEmail: e.actor.Email,
			AdminID: e.actor.AdminID, AdminEmail: e.actor.AdminEmail,
			Address: e.actor.Address, RequestID: e.actor.RequestID,
			Kind: e.Kind, EntityID: e.ID, EntityName: e.Name, StoreID: e.StoreID,
			Action: e.Action, Changes: string(raw), PrevHash: h.hash,
			TokenID: e.actor.TokenID, TokenName: e.actor.TokenName,
		}
		r.Hash = r.digest()
		byChain[e.FranchiseID] = append(byChain[e.FranchiseID], r)
		h.seq, h.hash = r.Seq, r.Hash
	}
	for _, chain := range order {
		if err := store(ctx, tx, byChain[chain]); err != nil {
			return err
		}
	}
	return nil
}

// batch bounds the records of one INSERT (19 parameters each).
const batch = 500

// store inserts a chain's new records and moves its head to the last of
// them: on PostgreSQL in one statement per batch (a data-modifying WITH),
// so that a save's record costs one round trip beyond the head's lock.
func store(ctx context.Context, tx *db.Tx, recs []record) error {
	for len(recs) > 0 {
		n := min(len(recs), batch)
		part := recs[:n]
		recs = recs[n:]
		values := make([]string, len(part))
		args := make([]any, 0, len(part)*19+3)
		for i, r := range part {
			values[i] = "(" + db.Placeholders(19) + ")"
			args = append(args, r.Chain, r.Seq, r.At, r.UserID, r.UserEmail, r.AdminID, r.AdminEmail, r.Address,
				r.RequestID, r.Kind, r.EntityID, r.EntityName, r.StoreID, r.Action, r.Changes, r.PrevHash, r.Hash,
				r.TokenID, r.TokenName)
		}
		insert := `INSERT INTO audit_records (` + recordColumns + `) VALUES ` + strings.Join(values, ", ")
		last := part[n-1]
		move := `UPDATE audit_chains SET seq = ?, hash = ? WHERE chain = ?`
		if tx.Dialect() == db.Postgres {
			args = append(args, last.Seq, last.Hash, last.Chain)
			if _, err := tx.ExecContext(ctx, `WITH added AS (`+insert+`) `+move, args...); err != nil {
				return err
			}
			continue
		}
		if _, err := tx.ExecContext(ctx, insert, args...); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, move, last.Seq, last.Hash, last.Chain); err != nil {
			return err
		}
	}
	return nil
}

type head struct {
	seq  int64
	hash string
}

// lockHead reads a chain's head, locked until the transaction ends: the
// records of one group are written one transaction at a time.
func lockHead(ctx context.Context, tx *db.Tx, chain string) (*head, error) {
	// One statement: the head made if missing, locked (an upsert that
	// updates takes the row's lock) and read.
	var h head
	err := tx.QueryRowContext(ctx, `INSERT INTO audit_chains (chain) VALUES (?)
		ON CONFLICT (chain) DO UPDATE SET seq = audit_chains.seq
		RETURNING seq, hash`, chain).Scan(&h.seq, &h.hash)
	if err != nil {
		return nil, err
	}
	return &h, nil
}

const recordColumns = `chain, seq, at, user_id, user_email, admin_id, admin_email, address, request_id,
	kind, entity_id, entity_name, store_id, action, changes, prev_hash, hash, token_id, token_name`

func scanRecord(s db.Scanner) (record, error) {
	var r record
	err := s.Scan(&r.Chain, &r.Seq, &r.At, &r.UserID, &r.UserEmail, &r.AdminID, &r.AdminEmail,
		&r.Address, &r.RequestID, &r.Kind, &r.EntityID, &r.EntityName, &r.StoreID, &r.Action,
		&r.Changes, &r.PrevHash, &r.Hash, &r.TokenID, &r.TokenName)
	return r, err
}
