-- Accounts, sessions, franchises and the delivery outbox.
-- Portable SQL: runs unchanged on SQLite and PostgreSQL. Ids are text
-- (UUIDv7), times are epoch milliseconds, flags are integers 0/1.

-- +goose Up
CREATE TABLE users (
    id              TEXT PRIMARY KEY,
    email           TEXT NOT NULL UNIQUE,          -- stored lower-case
    name            TEXT NOT NULL,
    password_hash   TEXT NOT NULL,
    cpf             TEXT NOT NULL DEFAULT '',
    mobile          TEXT NOT NULL DEFAULT '',
    permission      TEXT NOT NULL DEFAULT '{}',    -- JSON map, e.g. {"dispA":1,"userA":1}
    view_ads_center INTEGER NOT NULL DEFAULT 0,
    verified        INTEGER NOT NULL DEFAULT 0,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash    TEXT PRIMARY KEY,                -- SHA-256 of the bearer token
    user_id       TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    admin_user_id TEXT REFERENCES users(id) ON DELETE CASCADE, -- set on impersonation sessions
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE user_codes (
    code_hash  TEXT PRIMARY KEY,                   -- SHA-256 of the e-mailed code
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL,                      -- verify | reset
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX user_codes_user ON user_codes(user_id, purpose);

CREATE TABLE login_failures (
    id    TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    ip    TEXT NOT NULL,
    at    BIGINT NOT NULL
);
CREATE INDEX login_failures_email ON login_failures(email, at);
CREATE INDEX login_failures_ip ON login_failures(ip, at);

CREATE TABLE franchises (
    id                     TEXT PRIMARY KEY,
    slug                   TEXT NOT NULL UNIQUE,
    name                   TEXT NOT NULL,
    social                 TEXT NOT NULL DEFAULT '',
    document               TEXT UNIQUE,            -- CNPJ digits; NULL when absent
    state                  TEXT NOT NULL DEFAULT '',
    city                   TEXT NOT NULL DEFAULT '',
    address                TEXT NOT NULL DEFAULT '',
    number                 TEXT NOT NULL DEFAULT '',
    complement             TEXT NOT NULL DEFAULT '',
    additional_information TEXT NOT NULL DEFAULT '',
    phone                  TEXT NOT NULL DEFAULT '',
    tag_store              TEXT NOT NULL DEFAULT '',
    tag_display            TEXT NOT NULL DEFAULT '',
    tag_schedule           TEXT NOT NULL DEFAULT '',
    time_zone              TEXT NOT NULL DEFAULT 'America/Sao_Paulo',
    created_at             BIGINT NOT NULL,
    updated_at             BIGINT NOT NULL
);

CREATE TABLE user_franchises (
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    franchise_id TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (user_id, franchise_id)
);
CREATE INDEX user_franchises_franchise ON user_franchises(franchise_id);

-- Every write made through an impersonation session, attributed to both users.
CREATE TABLE audit_log (
    id            TEXT PRIMARY KEY,
    at            BIGINT NOT NULL,
    user_id       TEXT NOT NULL,
    admin_user_id TEXT NOT NULL,
    method        TEXT NOT NULL,
    path          TEXT NOT NULL,
    status        INTEGER NOT NULL
);
CREATE INDEX audit_log_admin ON audit_log(admin_user_id, at);

-- Messages to deliver (e-mail, WhatsApp): written in the request's
-- transaction, delivered by a worker with retries and backoff.
CREATE TABLE outbox (
    id              TEXT PRIMARY KEY,
    channel         TEXT NOT NULL,                 -- email | whatsapp
    recipient       TEXT NOT NULL,
    subject         TEXT NOT NULL DEFAULT '',
    body            TEXT NOT NULL,
    franchise_id    TEXT,
    status          TEXT NOT NULL DEFAULT 'pending', -- pending | sent | failed
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      BIGINT NOT NULL,
    sent_at         BIGINT
);
CREATE INDEX outbox_due ON outbox(status, next_attempt_at);

-- +goose Down
DROP TABLE outbox;
DROP TABLE audit_log;
DROP TABLE user_franchises;
DROP TABLE franchises;
DROP TABLE login_failures;
DROP TABLE user_codes;
DROP TABLE sessions;
DROP TABLE users;
