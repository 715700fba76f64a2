-- A schedule's content: its ordered entries (media and ad slots) as one JSON
-- document, its footer, and the hash of both that players and editors
-- compare.

-- +goose Up
ALTER TABLE schedules ADD COLUMN entries TEXT NOT NULL DEFAULT '[]';
ALTER TABLE schedules ADD COLUMN bottom_bar TEXT NOT NULL DEFAULT '';
ALTER TABLE schedules ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
ALTER TABLE schedules ADD COLUMN hash TEXT NOT NULL DEFAULT '';
-- Kept with every write so the list needs no entries: seconds of one pass, entries.
ALTER TABLE schedules ADD COLUMN duration INTEGER NOT NULL DEFAULT 0;
ALTER TABLE schedules ADD COLUMN entry_count INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE schedules DROP COLUMN entry_count;
ALTER TABLE schedules DROP COLUMN duration;
ALTER TABLE schedules DROP COLUMN hash;
ALTER TABLE schedules DROP COLUMN tags;
ALTER TABLE schedules DROP COLUMN bottom_bar;
ALTER TABLE schedules DROP COLUMN entries;
