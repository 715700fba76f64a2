-- Names that must not repeat in their scope: a store's name within its group,
-- a TV's name within its store, a group's name across the system. Each table
-- gets name_key, the name with case, accents and extra spaces folded
-- (names.Key). Folding accents needs Go, so the next migration
-- (20261125190100, internal/db/namekeys.go) fills the keys of the existing
-- rows and adds the unique indexes.

-- +goose Up
ALTER TABLE franchises ADD COLUMN name_key TEXT;
ALTER TABLE stores ADD COLUMN name_key TEXT;
ALTER TABLE displays ADD COLUMN name_key TEXT;

-- +goose Down
ALTER TABLE displays DROP COLUMN name_key;
ALTER TABLE stores DROP COLUMN name_key;
ALTER TABLE franchises DROP COLUMN name_key;
