-- An outage of the offline alerts is one or more drops: a TV back online
-- for less than 10 minutes that drops again is still in it, and only the
-- drops count as offline time. drop_at is when the current drop began (the
-- TV's last sign of life before it; since_at stays the first drop's),
-- earlier_ms the offline time of the earlier drops and earlier_open_ms the
-- part of it while the store was open (the delay counts only that). A row
-- from before is one drop: since_at to back_at (or now), as it was read.

-- +goose Up
ALTER TABLE display_alerts ADD COLUMN drop_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE display_alerts ADD COLUMN earlier_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE display_alerts ADD COLUMN earlier_open_ms BIGINT NOT NULL DEFAULT 0;
UPDATE display_alerts SET drop_at = since_at;

-- +goose Down
ALTER TABLE display_alerts DROP COLUMN earlier_open_ms;
ALTER TABLE display_alerts DROP COLUMN earlier_ms;
ALTER TABLE display_alerts DROP COLUMN drop_at;
