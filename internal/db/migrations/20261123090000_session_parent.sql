-- An impersonation session hangs from the administrator's session that
-- opened it: when that session ends (logout, password change, expiry) the
-- impersonation ends with it.

-- +goose Up
ALTER TABLE sessions ADD COLUMN parent_token_hash TEXT REFERENCES sessions(token_hash) ON DELETE CASCADE;
CREATE INDEX sessions_parent ON sessions(parent_token_hash);

-- +goose Down
DROP INDEX sessions_parent;
ALTER TABLE sessions DROP COLUMN parent_token_hash;
