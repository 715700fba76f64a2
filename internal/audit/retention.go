package audit

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vitrine/internal/db"
)

// purgeLock is the PostgreSQL advisory lock a purge holds: one replica
// purges at a time, the others skip their turn.
const purgeLock = 0x76697472696e6561 // "vitrinea"

// purgeBatch bounds the records one transaction deletes.
const purgeBatch = 5000

// Purge deletes the records older than before, chain by chain, keeping in
// each chain's head the sequence number and hash of the last record
// deleted so that Verify starts from there. It returns how many records
// it deleted. On PostgreSQL a replica that finds another purging skips.
func Purge(ctx context.Context, d *db.DB, before time.Time) (int, error) {
	chains, err := Chains(ctx, d)
	if err != nil {
		return 0, err
	}
	total := 0
	for _, chain := range chains {
		for {
			n, busy, err := purgeSome(ctx, d, chain, before.UnixMilli())
			total += n
			if err != nil || busy {
				return total, err
			}
			if n < purgeBatch {
				break
			}
		}
	}
	return total, nil
}

func purgeSome(ctx context.Context, d *db.DB, chain string, before int64) (n int, busy bool, err error) {
	err = d.InTx(ctx, func(tx *db.Tx) error {
		if tx.Dialect() == db.Postgres {
			var got bool
			if err := tx.QueryRowContext(ctx, `SELECT pg_try_advisory_xact_lock(?)`, int64(purgeLock)).Scan(&got); err != nil {
				return err
			}
			if !got {
				busy = true
				return nil
			}
		}
		h, err := lockHead(ctx, tx, chain)
		if err != nil {
			return err
		}
		var purged int64
		if err := tx.QueryRowContext(ctx, `SELECT purged_seq FROM audit_chains WHERE chain = ?`, chain).Scan(&purged); err != nil {
			return err
		}
		// The last record to go: old enough and at most a batch past the
		// last purge. The head keeps the hash the chain's next record names.
		var last int64
		var hash string
		err = tx.QueryRowContext(ctx, `SELECT seq, hash FROM audit_records
			WHERE chain = ? AND seq <= ? AND seq <= ? AND at < ? ORDER BY seq DESC LIMIT 1`,
			chain, purged+purgeBatch, h.seq, before).Scan(&last, &hash)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM audit_records WHERE chain = ? AND seq <= ?`, chain, last)
		if err != nil {
			return err
		}
		deleted, _ := res.RowsAffected()
		n = int(deleted)
		_, err = tx.ExecContext(ctx, `UPDATE audit_chains SET purged_seq = ?, purged_hash = ? WHERE chain = ?`, last, hash, chain)
		return err
	})
	return n, busy, err
}
