-- A membership (user × group) has a role: 'network' ('Rede') covers the whole
-- group; 'franchisee' ('Franqueado') and 'store' ('Gerente de loja') cover the
-- stores listed in membership_stores (one for a store manager). manage_team is
-- the 'Gerenciar equipe' permission of a network member. Every membership
-- from before is 'network' (nothing changes for its user), and the first
-- member of each group, its creator, manages its team.
-- store_messages names the stores a WhatsApp message to store contacts was
-- sent for, so a franchisee lists the messages of their stores only.
-- franchisee_available marks the network's schedules franchisees may link
-- their TVs to ('Disponível para franqueados').

-- +goose Up
ALTER TABLE user_franchises ADD COLUMN role TEXT NOT NULL DEFAULT 'network';
ALTER TABLE user_franchises ADD COLUMN manage_team INTEGER NOT NULL DEFAULT 0;
UPDATE user_franchises SET manage_team = 1
WHERE NOT EXISTS (
    SELECT 1 FROM user_franchises e
    WHERE e.franchise_id = user_franchises.franchise_id
      AND (e.created_at < user_franchises.created_at
           OR (e.created_at = user_franchises.created_at AND e.user_id < user_franchises.user_id)));

CREATE TABLE membership_stores (
    user_id      TEXT NOT NULL,
    franchise_id TEXT NOT NULL,
    store_id     TEXT NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, franchise_id, store_id),
    FOREIGN KEY (user_id, franchise_id) REFERENCES user_franchises(user_id, franchise_id) ON DELETE CASCADE
);
CREATE INDEX membership_stores_store ON membership_stores(store_id);

ALTER TABLE schedules ADD COLUMN franchisee_available INTEGER NOT NULL DEFAULT 0;

CREATE TABLE store_messages (
    outbox_id TEXT NOT NULL REFERENCES outbox(id) ON DELETE CASCADE,
    store_id  TEXT NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    PRIMARY KEY (outbox_id, store_id)
);
CREATE INDEX store_messages_store ON store_messages(store_id);

-- +goose Down
DROP TABLE store_messages;
ALTER TABLE schedules DROP COLUMN franchisee_available;
DROP TABLE membership_stores;
ALTER TABLE user_franchises DROP COLUMN manage_team;
ALTER TABLE user_franchises DROP COLUMN role;
