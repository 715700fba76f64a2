-- Emergency overrides (DESIGN.md, Fleet operations): a full-screen message
-- put on every TV of a franchise, on chosen stores or on chosen TVs, from a
-- start to an end (or until cleared), and which TVs acknowledged it. The
-- users who may start one hold emergency_override (administrators always
-- may).

-- +goose Up
CREATE TABLE overrides (
    id              TEXT PRIMARY KEY,
    franchise_id    TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    target          TEXT NOT NULL,                -- all | stores | displays
    target_ids      TEXT NOT NULL DEFAULT '',     -- comma-separated store or TV ids
    title           TEXT NOT NULL,
    body            TEXT NOT NULL DEFAULT '',
    background      TEXT NOT NULL,                -- #rrggbb
    color           TEXT NOT NULL,                -- #rrggbb
    media_id        TEXT NOT NULL DEFAULT '',     -- library media shown with the text, '' = none
    media_type      TEXT NOT NULL DEFAULT '',     -- image | video
    media_url       TEXT NOT NULL DEFAULT '',
    starts_at       BIGINT NOT NULL,
    ends_at         BIGINT,                       -- NULL: until cleared
    reach           INTEGER NOT NULL DEFAULT 0,   -- TVs the target named when started
    started_by      TEXT NOT NULL,                -- user id
    started_by_name TEXT NOT NULL,
    started_admin   TEXT NOT NULL DEFAULT '',     -- administrator impersonating, '' = none
    cleared_at      BIGINT,
    cleared_by      TEXT NOT NULL DEFAULT '',
    cleared_by_name TEXT NOT NULL DEFAULT '',
    created_at      BIGINT NOT NULL
);
CREATE INDEX overrides_franchise ON overrides(franchise_id, starts_at);

CREATE TABLE override_acks (
    override_id TEXT NOT NULL REFERENCES overrides(id) ON DELETE CASCADE,
    display_id  TEXT NOT NULL,
    acked_at    BIGINT NOT NULL,
    PRIMARY KEY (override_id, display_id)
);

ALTER TABLE users ADD COLUMN emergency_override INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE users DROP COLUMN emergency_override;
DROP TABLE override_acks;
DROP TABLE overrides;
