-- What the provider says after accepting a message: its id for the message
-- (WhatsApp's wamid), and the latest status its webhook reported.

-- +goose Up
ALTER TABLE outbox ADD COLUMN provider_id TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN delivery_status TEXT NOT NULL DEFAULT ''; -- '' | delivered | read | failed
ALTER TABLE outbox ADD COLUMN delivery_error TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN status_at BIGINT;
CREATE INDEX outbox_provider ON outbox(provider_id);
CREATE INDEX outbox_franchise ON outbox(franchise_id, created_at);

-- +goose Down
DROP INDEX outbox_franchise;
DROP INDEX outbox_provider;
ALTER TABLE outbox DROP COLUMN status_at;
ALTER TABLE outbox DROP COLUMN delivery_error;
ALTER TABLE outbox DROP COLUMN delivery_status;
ALTER TABLE outbox DROP COLUMN provider_id;
