-- The audit trail: one record per change made through the API (and per
-- sign-in), written in the change's own transaction. Each chain — a group's
-- records, or the platform's ('' : sign-ins, account changes) — is a hash
-- chain: a record keeps the hash of the one before it, and audit_chains
-- keeps the chain's head and where retention cut it (the sequence number
-- and hash of the last record purged), so `vitrine audit verify` can tell a
-- changed, missing or appended record from a purge.
--
-- changes is the JSON list of the fields that changed, each with its value
-- before and after (secrets never). store_id places a record in a store
-- for scoped members; names are kept as they were, since the things and
-- the people may be gone when the record is read.

-- +goose Up
CREATE TABLE audit_chains (
    chain       TEXT PRIMARY KEY,
    seq         BIGINT NOT NULL DEFAULT 0,
    hash        TEXT NOT NULL DEFAULT '',
    purged_seq  BIGINT NOT NULL DEFAULT 0,
    purged_hash TEXT NOT NULL DEFAULT ''
);

CREATE TABLE audit_records (
    chain        TEXT NOT NULL,
    seq          BIGINT NOT NULL,
    at           BIGINT NOT NULL,
    user_id      TEXT NOT NULL DEFAULT '',
    user_email   TEXT NOT NULL DEFAULT '',
    admin_id     TEXT NOT NULL DEFAULT '',
    admin_email  TEXT NOT NULL DEFAULT '',
    address      TEXT NOT NULL DEFAULT '',
    request_id   TEXT NOT NULL DEFAULT '',
    kind         TEXT NOT NULL,
    entity_id    TEXT NOT NULL DEFAULT '',
    entity_name  TEXT NOT NULL DEFAULT '',
    store_id     TEXT NOT NULL DEFAULT '',
    action       TEXT NOT NULL,
    changes      TEXT NOT NULL DEFAULT '[]',
    prev_hash    TEXT NOT NULL,
    hash         TEXT NOT NULL,
    PRIMARY KEY (chain, seq)
);
CREATE INDEX audit_records_at ON audit_records(chain, at);
CREATE INDEX audit_records_store ON audit_records(chain, store_id, seq);
CREATE INDEX audit_records_user ON audit_records(chain, user_id, seq);
CREATE INDEX audit_records_kind ON audit_records(chain, kind, seq);

-- +goose Down
DROP TABLE audit_records;
DROP TABLE audit_chains;
