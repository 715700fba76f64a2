-- E-mails carry an HTML alternative next to their plain text, and expired
-- sessions, codes and login failures are pruned by their time.

-- +goose Up
ALTER TABLE outbox ADD COLUMN html TEXT NOT NULL DEFAULT '';
CREATE INDEX sessions_expiry ON sessions(expires_at);
CREATE INDEX user_codes_expiry ON user_codes(expires_at);
CREATE INDEX login_failures_at ON login_failures(at);

-- +goose Down
DROP INDEX login_failures_at;
DROP INDEX user_codes_expiry;
DROP INDEX sessions_expiry;
ALTER TABLE outbox DROP COLUMN html;
