package audit

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"vitrine/internal/db"
)

// Item is a stored record as the API shows it.
type Item struct {
	Group      string    `json:"-"` // the chain: the group's id, "" for the platform's
	Seq        int64     `json:"seq"`
	At         time.Time `json:"at"`
	UserID     string    `json:"userId,omitempty"`
	UserEmail  string    `json:"userEmail,omitempty"`
	AdminID    string    `json:"adminId,omitempty"`
	AdminEmail string    `json:"adminEmail,omitempty"`
	Address    string    `json:"address,omitempty"`
	RequestID  string    `json:"requestId,omitempty"`
	// TokenID and TokenName name the API token that made the change.
	TokenID   string   `json:"tokenId,omitempty"`
	TokenName string   `json:"tokenName,omitempty"`
	Kind      string   `json:"kind"`
	ID        string   `json:"id,omitempty"`
	Name      string   `json:"name,omitempty"`
	StoreID   string   `json:"storeId,omitempty"`
	Action    string   `json:"action"`
	Changes   []Change `json:"changes"`
}

// Filter narrows a listing. The zero value lists a chain newest first.
type Filter struct {
	Chain string
	// Stores, when not nil, keeps the records of these stores only (a
	// scoped member's); an empty list keeps nothing.
	Stores []string
	// UserID keeps a person's records (as themselves or as the
	// administrator acting as someone), or an API token's (TokenPerson).
	UserID string
	Kind   string
	Store  string
	From   time.Time // inclusive
	To     time.Time // exclusive
	// Before lists records older than this sequence number (the page
	// after one ending there); 0 starts at the newest.
	Before int64
	Limit  int
}

// MaxPage is the most records one page holds.
const MaxPage = 200

// List returns the records f selects, newest first, at most f.Limit (and
// MaxPage) of them.
func List(ctx context.Context, q db.Querier, f Filter) ([]Item, error) {
	if f.Stores != nil && len(f.Stores) == 0 {
		return []Item{}, nil
	}
	where := []string{"chain = ?"}
	args := []any{f.Chain}
	if f.Stores != nil {
		where = append(where, "store_id IN ("+db.Placeholders(len(f.Stores))+")")
		for _, s := range f.Stores {
			args = append(args, s)
		}
	}
	if token, ok := strings.CutPrefix(f.UserID, tokenPrefix); ok {
		where = append(where, "token_id = ?")
		args = append(args, token)
	} else if f.UserID != "" {
		where = append(where, "(user_id = ? OR admin_id = ?)")
		args = append(args, f.UserID, f.UserID)
	}
	if f.Kind != "" {
		where = append(where, "kind = ?")
		args = append(args, f.Kind)
	}
	if f.Store != "" {
		where = append(where, "store_id = ?")
		args = append(args, f.Store)
	}
	if !f.From.IsZero() {
		where = append(where, "at >= ?")
		args = append(args, f.From.UnixMilli())
	}
	if !f.To.IsZero() {
		where = append(where, "at < ?")
		args = append(args, f.To.UnixMilli())
	}
	if f.Before > 0 {
		where = append(where, "seq < ?")
		args = append(args, f.Before)
	}
	limit := f.Limit
	if limit <= 0 || limit > MaxPage {
		limit = MaxPage
	}
	args = append(args, limit)
	stored, err := db.Collect(ctx, q, scanRecord, `SELECT `+recordColumns+` FROM audit_records
		WHERE `+strings.Join(where, " AND ")+` ORDER BY seq DESC LIMIT ?`, args...)
	if err != nil {
		return nil, err
	}
	out := make([]Item, len(stored))
	for i, r := range stored {
		out[i] = r.public()
	}
	return out, nil
}

func (r record) public() Item {
	var changes []Change
	if json.Unmarshal([]byte(r.Changes), &changes) != nil || changes == nil {
		changes = []Change{}
	}
	return Item{
		Group: r.Chain, Seq: r.Seq, At: time.UnixMilli(r.At).UTC(),
		UserID: r.UserID, UserEmail: r.UserEmail, AdminID: r.AdminID, AdminEmail: r.AdminEmail,
		Address: r.Address, RequestID: r.RequestID, Kind: r.Kind, ID: r.EntityID,
		Name: r.EntityName, StoreID: r.StoreID, Action: r.Action, Changes: changes,
		TokenID: r.TokenID, TokenName: r.TokenName,
	}
}
