-- Acknowledgements of emergency overrides, one row per override per batch
-- the replicas write (about once every 200 ms while players ack): the TVs
-- whose players acknowledged it in that batch. A start reaches every TV of
-- a franchise at once, and a row per TV cost the server about as much as
-- the push itself; the console counts the distinct TVs of the lists among
-- those the override still reaches. The rows of one acknowledgement each
-- move over as batches of one TV.

-- +goose Up
CREATE TABLE override_ack_batches (
    override_id TEXT NOT NULL REFERENCES overrides(id) ON DELETE CASCADE,
    acked_at    BIGINT NOT NULL,   -- when the batch's first acknowledgement arrived (epoch ms)
    displays    TEXT NOT NULL      -- TV ids, separated by commas
);
CREATE INDEX override_ack_batches_override ON override_ack_batches(override_id);
INSERT INTO override_ack_batches (override_id, acked_at, displays)
    SELECT override_id, acked_at, display_id FROM override_acks;
DROP TABLE override_acks;

-- +goose Down
CREATE TABLE override_acks (
    override_id TEXT NOT NULL REFERENCES overrides(id) ON DELETE CASCADE,
    display_id  TEXT NOT NULL,
    acked_at    BIGINT NOT NULL,
    PRIMARY KEY (override_id, display_id)
);
DROP TABLE override_ack_batches;
