-- An invitation to join a group's team ('Equipe'): the role and stores the
-- membership will have, mailed to an e-mail as a link that lives 7 days.
-- Only the hash of the link's code is kept. An e-mail has at most one
-- pending invitation per group (inviting again replaces it); accepting it
-- deletes it. stores holds the ids of the stores, as a JSON list.

-- +goose Up
CREATE TABLE invitations (
    id           TEXT PRIMARY KEY,
    franchise_id TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    email        TEXT NOT NULL,
    role         TEXT NOT NULL,
    manage_team  INTEGER NOT NULL DEFAULT 0,
    stores       TEXT NOT NULL DEFAULT '[]',
    code_hash    TEXT NOT NULL UNIQUE,
    invited_by   TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    UNIQUE (franchise_id, email)
);

-- +goose Down
DROP TABLE invitations;
