-- What the overview reads on every call, kept up to date by the writes
-- instead of computed by the reads:
--  * revision, bumped by every change to what a franchise's store and TV
--    lists show (stores, contacts, TVs, schedule names, TV status), in the
--    same transaction as the change. The overview's large answers are cached
--    per franchise and revision, so every replica serves them from memory
--    until the data changes.
--  * the franchise's store and TV counts, recounted by the same statement.

-- +goose Up
ALTER TABLE franchises ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
ALTER TABLE franchises ADD COLUMN store_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE franchises ADD COLUMN display_count INTEGER NOT NULL DEFAULT 0;
UPDATE franchises SET
    store_count = (SELECT COUNT(*) FROM stores s WHERE s.franchise_id = franchises.id),
    display_count = (SELECT COUNT(*) FROM displays d WHERE d.franchise_id = franchises.id);

-- +goose Down
ALTER TABLE franchises DROP COLUMN display_count;
ALTER TABLE franchises DROP COLUMN store_count;
ALTER TABLE franchises DROP COLUMN revision;
