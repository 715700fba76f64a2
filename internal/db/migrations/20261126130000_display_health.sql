-- TV health (DESIGN.md, Fleet operations): the latest report each TV's
-- player sent with its acks, and its last playback errors. One row per TV,
-- written only when the report changed (or the stored one is a few minutes
-- old), in batches.

-- +goose Up
CREATE TABLE display_health (
    display_id   TEXT PRIMARY KEY REFERENCES displays(id) ON DELETE CASCADE,
    franchise_id TEXT NOT NULL,
    report       TEXT NOT NULL,                -- the latest report (JSON, under 4 KB)
    errors       TEXT NOT NULL DEFAULT '[]',   -- the last playback errors, newest first (JSON)
    problems     TEXT NOT NULL DEFAULT '',     -- comma-separated codes of the report's problems
    errors_since BIGINT NOT NULL DEFAULT 0,    -- time of the third newest error (epoch ms), 0 = fewer
    reported_at  BIGINT NOT NULL
);
CREATE INDEX display_health_franchise ON display_health(franchise_id);

-- +goose Down
DROP TABLE display_health;
