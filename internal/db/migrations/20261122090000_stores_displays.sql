-- Stores with their contacts, the TVs (displays) in them, the commands queued
-- for TV boxes, and the schedules TVs link to (the schedules work adds their
-- entries). Portable SQL: runs unchanged on SQLite and PostgreSQL.

-- +goose Up
CREATE TABLE stores (
    id           TEXT PRIMARY KEY,
    franchise_id TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    slug         TEXT NOT NULL,                    -- unique within the franchise
    name         TEXT NOT NULL,
    region       TEXT NOT NULL,
    state        TEXT NOT NULL,
    city         TEXT NOT NULL,
    social       TEXT NOT NULL DEFAULT '',
    document     TEXT NOT NULL DEFAULT '',         -- CNPJ digits or ''
    tag          TEXT NOT NULL DEFAULT '',
    phone        TEXT NOT NULL DEFAULT '',
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    UNIQUE (franchise_id, slug)
);

CREATE TABLE store_contacts (
    id             TEXT PRIMARY KEY,
    store_id       TEXT NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,               -- order shown in the store form
    name           TEXT NOT NULL,
    role           TEXT NOT NULL,
    phone          TEXT NOT NULL,                  -- digits: DDD + number, 10 or 11
    receive_notify INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX store_contacts_store ON store_contacts(store_id, position);

CREATE TABLE schedules (
    id           TEXT PRIMARY KEY,
    franchise_id TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX schedules_franchise ON schedules(franchise_id);

CREATE TABLE displays (
    id                  TEXT PRIMARY KEY,
    franchise_id        TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    store_id            TEXT NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    name                TEXT NOT NULL,
    device              TEXT NOT NULL UNIQUE,      -- code shown by the TV box; unique system-wide
    detail              TEXT NOT NULL DEFAULT '',
    orientation         INTEGER NOT NULL DEFAULT 0,
    content_orientation INTEGER NOT NULL DEFAULT 0, -- index into 0, 90, 180, 270 degrees
    schedule_id         TEXT REFERENCES schedules(id) ON DELETE SET NULL,
    connected           INTEGER NOT NULL DEFAULT 0,
    last_connection_ack BIGINT NOT NULL DEFAULT 0,
    created_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL
);
CREATE INDEX displays_franchise ON displays(franchise_id, store_id);
CREATE INDEX displays_store ON displays(store_id);
CREATE INDEX displays_schedule ON displays(schedule_id);

-- Remote commands for TV boxes, queued here until the box picks them up.
CREATE TABLE display_commands (
    id            TEXT PRIMARY KEY,
    display_id    TEXT NOT NULL REFERENCES displays(id) ON DELETE CASCADE,
    franchise_id  TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    operation     TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'queued',  -- queued | sent | done | failed
    requested_by  TEXT NOT NULL,                   -- user of the session
    admin_user_id TEXT,                            -- administrator behind an impersonation session
    result        TEXT NOT NULL DEFAULT '',
    error         TEXT NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    completed_at  BIGINT
);
CREATE INDEX display_commands_display ON display_commands(display_id, status, created_at);

-- +goose Down
DROP TABLE display_commands;
DROP TABLE displays;
DROP TABLE schedules;
DROP TABLE store_contacts;
DROP TABLE stores;
