-- A store's opening hours (internal/hours: the ranges of each weekday and the
-- exceptions for dates, as JSON) and what its TVs do while it is closed. A
-- store without a row, or with hours NULL, is open all day.

-- +goose Up
CREATE TABLE store_hours (
    store_id     TEXT PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
    franchise_id TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    hours        TEXT,                             -- JSON {week, exceptions}; NULL: open all day
    when_closed  TEXT NOT NULL DEFAULT 'play',     -- 'play' (keep playing) | 'rest' (black screen)
    updated_at   BIGINT NOT NULL
);
CREATE INDEX store_hours_franchise ON store_hours(franchise_id);

-- +goose Down
DROP TABLE store_hours;
