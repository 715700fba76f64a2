package audit

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"vitrine/internal/db"
)

// Report is what Verify found in one chain.
type Report struct {
	Chain   string
	Records int   // records read
	First   int64 // the first record kept (after retention's purges)
	Last    int64 // the chain's head
	// Problem is the first thing wrong, nil for an intact chain.
	Problem *Problem
}

// Problem names the first record of a chain that was changed, is missing,
// or was added behind the chain's back.
type Problem struct {
	Seq    int64
	Reason string // "changed", "missing" or "unexpected"
}

func (p Problem) String() string {
	switch p.Reason {
	case "missing":
		return fmt.Sprintf("record %d is missing", p.Seq)
	case "unexpected":
		return fmt.Sprintf("record %d is not part of the chain", p.Seq)
	default:
		return fmt.Sprintf("record %d was changed", p.Seq)
	}
}

// ErrNoChain is a chain that has no record and no head.
var ErrNoChain = errors.New("audit: no records for this group")

// Verify reads a chain from its first kept record to its head and names
// the first record whose content no longer matches its hash, whose hash
// the next record does not name, or that is missing.
func Verify(ctx context.Context, q db.Querier, chain string) (Report, error) {
	rep := Report{Chain: chain}
	var headSeq, purgedSeq int64
	var headHash, purgedHash string
	err := q.QueryRowContext(ctx, `SELECT seq, hash, purged_seq, purged_hash FROM audit_chains WHERE chain = ?`, chain).
		Scan(&headSeq, &headHash, &purgedSeq, &purgedHash)
	if errors.Is(err, sql.ErrNoRows) {
		return rep, ErrNoChain
	}
	if err != nil {
		return rep, err
	}
	rep.First, rep.Last = purgedSeq+1, headSeq
	rows, err := q.QueryContext(ctx, `SELECT `+recordColumns+` FROM audit_records WHERE chain = ? ORDER BY seq`, chain)
	if err != nil {
		return rep, err
	}
	defer rows.Close()
	want, prev := purgedSeq+1, purgedHash
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			return rep, err
		}
		rep.Records++
		if rep.Problem != nil {
			continue
		}
		switch {
		case r.Seq < want || r.Seq > headSeq:
			rep.Problem = &Problem{r.Seq, "unexpected"}
		case r.Seq > want:
			rep.Problem = &Problem{want, "missing"}
		case r.digest() != r.Hash:
			rep.Problem = &Problem{r.Seq, "changed"}
		case r.PrevHash != prev:
			// The record before was rewritten with a hash of its own.
			rep.Problem = &Problem{r.Seq - 1, "changed"}
		}
		want, prev = r.Seq+1, r.Hash
	}
	if err := rows.Err(); err != nil {
		return rep, err
	}
	if rep.Problem == nil {
		switch {
		case want <= headSeq:
			rep.Problem = &Problem{want, "missing"}
		case prev != headHash:
			rep.Problem = &Problem{headSeq, "changed"}
		}
	}
	return rep, nil
}

// Chains lists the chains that have records: the groups' ids, and "" for
// the platform's.
func Chains(ctx context.Context, q db.Querier) ([]string, error) {
	return db.Collect(ctx, q, func(s db.Scanner) (string, error) {
		var c string
		return c, s.Scan(&c)
	}, `SELECT chain FROM audit_chains ORDER BY chain`)
}
