-- A schedule's content: its ordered entries (media and ad slots) as one JSON
-- document, its footer, and the hash of both that players and editors
-- compare.

-- +goose Up
ALTER TABLE schedules ADD COLUMN entries TEXT NOT NULL DEFAULT '[]';
ALTER TABLE schedules ADD COLUMN bottom_bar TEXT NOT NULL DEFAULT '';
ALTER TABLE schedules ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
ALTER TABLE schedules ADD COLUMN hash TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE schedules DROP COLUMN hash;
ALTER TABLE schedules DROP COLUMN tags;
ALTER TABLE schedules DROP COLUMN bottom_bar;
ALTER TABLE schedules DROP COLUMN entries;
