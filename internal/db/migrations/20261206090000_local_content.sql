-- Local content: a network schedule's 'Espaço local' entries, which each store
-- fills with its own media, approved by the network first.
-- media.store_id marks a media of a store's own folder (NULL: the network's
-- library); only that store's local items may show it.
-- local_items holds each store's list per space (schedule_id, space_id): the
-- approved version (media_id, start_date, end_date; media_id NULL until a
-- first approval) plays; the draft_* version is the one sent, 'pending' or
-- 'rejected' (with reason). state 'approved' has no draft.
-- user_franchises.approve_content is 'Aprovar conteúdo' (network members);
-- franchises.local_without_approval is 'Publicar conteúdo local sem
-- aprovação'. local_digests keeps when each group's approvers were last
-- mailed about what waits (at most once an hour).

-- +goose Up
ALTER TABLE media ADD COLUMN store_id TEXT REFERENCES stores(id) ON DELETE CASCADE;
CREATE INDEX media_store ON media(store_id);

ALTER TABLE user_franchises ADD COLUMN approve_content INTEGER NOT NULL DEFAULT 0;
UPDATE user_franchises SET approve_content = 1 WHERE manage_team = 1;
ALTER TABLE invitations ADD COLUMN approve_content INTEGER NOT NULL DEFAULT 0;
ALTER TABLE franchises ADD COLUMN local_without_approval INTEGER NOT NULL DEFAULT 0;

CREATE TABLE local_items (
    id               TEXT PRIMARY KEY,
    franchise_id     TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    store_id         TEXT NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    schedule_id      TEXT NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    space_id         TEXT NOT NULL,
    position         INTEGER NOT NULL,
    state            TEXT NOT NULL,               -- approved | pending | rejected
    media_id         TEXT REFERENCES media(id) ON DELETE CASCADE,
    start_date       BIGINT NOT NULL DEFAULT 0,
    end_date         BIGINT NOT NULL DEFAULT 0,
    draft_media_id   TEXT REFERENCES media(id) ON DELETE CASCADE,
    draft_start_date BIGINT NOT NULL DEFAULT 0,
    draft_end_date   BIGINT NOT NULL DEFAULT 0,
    reason           TEXT NOT NULL DEFAULT '',
    sent_by          TEXT NOT NULL DEFAULT '',    -- user id
    sent_at          BIGINT NOT NULL,
    decided_by       TEXT NOT NULL DEFAULT '',    -- user id
    decided_at       BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX local_items_store ON local_items(store_id, schedule_id, space_id, position);
CREATE INDEX local_items_schedule ON local_items(schedule_id, space_id);
CREATE INDEX local_items_waiting ON local_items(franchise_id, state, sent_at, id);

CREATE TABLE local_digests (
    franchise_id TEXT PRIMARY KEY REFERENCES franchises(id) ON DELETE CASCADE,
    sent_at      BIGINT NOT NULL
);

-- +goose Down
DROP TABLE local_digests;
DROP TABLE local_items;
ALTER TABLE franchises DROP COLUMN local_without_approval;
ALTER TABLE invitations DROP COLUMN approve_content;
ALTER TABLE user_franchises DROP COLUMN approve_content;
DROP INDEX media_store;
ALTER TABLE media DROP COLUMN store_id;
