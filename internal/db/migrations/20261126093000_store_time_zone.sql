-- A store keeps its own clock: time_zone is the IANA zone every wall-clock
-- rule of its TVs uses (weekdays, dates, windows, hourly limits, ad days,
-- proof-of-play days, the footer clock). Stores that exist take their
-- franchise's zone, so nothing they play changes on the upgrade.

-- +goose Up
ALTER TABLE stores ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'America/Sao_Paulo';
UPDATE stores SET time_zone = (SELECT f.time_zone FROM franchises f WHERE f.id = stores.franchise_id);

-- +goose Down
ALTER TABLE stores DROP COLUMN time_zone;
