-- Offline alerts (DESIGN.md, Fleet operations): each franchise's settings,
-- one state row per TV in an outage, and the messages each alert queued in
-- the outbox. Operators opt in to the alert e-mails on their account.

-- +goose Up
CREATE TABLE alert_settings (
    franchise_id  TEXT PRIMARY KEY REFERENCES franchises(id) ON DELETE CASCADE,
    enabled       INTEGER NOT NULL DEFAULT 0,
    delay_minutes INTEGER NOT NULL,
    channels      TEXT NOT NULL DEFAULT '',   -- comma-separated: sms,whatsapp,email
    updated_at    BIGINT NOT NULL
);

-- A TV has a row while it is in an outage: offline since since_at (its
-- last sign of life), alerted once alerted_at is set, and back_at while it
-- is online again but not yet for long enough to end the outage.
CREATE TABLE display_alerts (
    display_id   TEXT PRIMARY KEY REFERENCES displays(id) ON DELETE CASCADE,
    franchise_id TEXT NOT NULL,
    since_at     BIGINT NOT NULL,
    alerted_at   BIGINT,
    back_at      BIGINT,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX display_alerts_franchise ON display_alerts(franchise_id);

CREATE TABLE alert_messages (
    outbox_id    TEXT PRIMARY KEY,
    franchise_id TEXT NOT NULL,
    display_id   TEXT NOT NULL,               -- kept after the TV is removed
    display_name TEXT NOT NULL,
    store_name   TEXT NOT NULL,
    kind         TEXT NOT NULL,               -- offline | back
    channel      TEXT NOT NULL,
    recipient    TEXT NOT NULL,
    created_at   BIGINT NOT NULL
);
CREATE INDEX alert_messages_franchise ON alert_messages(franchise_id, created_at);

ALTER TABLE users ADD COLUMN offline_alert_email INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE users DROP COLUMN offline_alert_email;
DROP TABLE alert_messages;
DROP TABLE display_alerts;
DROP TABLE alert_settings;
