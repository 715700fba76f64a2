-- API tokens ('Integrações'): secrets a group hands its own systems (point
-- of sale, ERP, a price spreadsheet) to call the API. Only the SHA-256 of
-- the secret is kept (token_hash); prefix is its first characters, shown
-- in the list so a token can be told apart. scopes is the comma-separated
-- list of what it may do (read, media, schedules, displays, overrides,
-- ads). limited = 1 restricts it to the stores of api_token_stores (a
-- store removed leaves it reaching fewer, never the whole group).
-- last_used_at is written at most once a minute per token.

-- +goose Up
CREATE TABLE api_tokens (
    id               TEXT PRIMARY KEY,
    franchise_id     TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    name             TEXT NOT NULL,
    prefix           TEXT NOT NULL,
    token_hash       TEXT NOT NULL UNIQUE,
    scopes           TEXT NOT NULL,
    limited          INTEGER NOT NULL DEFAULT 0,
    created_by       TEXT NOT NULL DEFAULT '',
    created_by_email TEXT NOT NULL DEFAULT '',
    created_at       BIGINT NOT NULL,
    expires_at       BIGINT NOT NULL,
    last_used_at     BIGINT NOT NULL DEFAULT 0,
    revoked_at       BIGINT NOT NULL DEFAULT 0,
    revoked_by_email TEXT NOT NULL DEFAULT ''
);
CREATE INDEX api_tokens_franchise ON api_tokens(franchise_id, created_at);

CREATE TABLE api_token_stores (
    token_id TEXT NOT NULL REFERENCES api_tokens(id) ON DELETE CASCADE,
    store_id TEXT NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    PRIMARY KEY (token_id, store_id)
);
CREATE INDEX api_token_stores_store ON api_token_stores(store_id);

ALTER TABLE audit_records ADD COLUMN token_id TEXT NOT NULL DEFAULT '';
ALTER TABLE audit_records ADD COLUMN token_name TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE audit_records DROP COLUMN token_name;
ALTER TABLE audit_records DROP COLUMN token_id;
DROP TABLE api_token_stores;
DROP TABLE api_tokens;
