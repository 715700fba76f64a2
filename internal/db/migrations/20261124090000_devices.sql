-- TV boxes (players) announce themselves before a TV is registered with
-- their code; remote commands become jobs with results; a TV remembers which
-- connection set it online, so a stale connection closing late cannot mark a
-- reconnected TV offline.

-- +goose Up
CREATE TABLE devices (
    code         TEXT PRIMARY KEY,   -- the short code the player shows and an operator types
    token_hash   TEXT UNIQUE,        -- SHA-256 of the device token; NULL for a reserved code
    version      TEXT NOT NULL DEFAULT '',
    user_agent   TEXT NOT NULL DEFAULT '',
    created_at   BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL
);
CREATE INDEX devices_last_seen ON devices(last_seen_at);

ALTER TABLE displays ADD COLUMN connection_id TEXT NOT NULL DEFAULT '';

ALTER TABLE display_commands ADD COLUMN result_key TEXT NOT NULL DEFAULT '';
ALTER TABLE display_commands ADD COLUMN result_type TEXT NOT NULL DEFAULT '';
ALTER TABLE display_commands ADD COLUMN deadline_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX display_commands_open ON display_commands(status, deadline_at);

-- +goose Down
DROP INDEX display_commands_open;
ALTER TABLE display_commands DROP COLUMN deadline_at;
ALTER TABLE display_commands DROP COLUMN result_type;
ALTER TABLE display_commands DROP COLUMN result_key;
ALTER TABLE displays DROP COLUMN connection_id;
DROP TABLE devices;
