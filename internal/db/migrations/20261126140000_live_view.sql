-- Live view of a TV: what its player last acknowledged. acked_hash is the
-- content hash of the schedule the player acked last ('' = none, or no
-- schedule), acked_at when (epoch ms, 0 = never); both are written with the
-- TV's status, in the hub's batches, only when the hash changes.
--
-- schedule_payloads keeps the schedules as players received them, by
-- content hash, so the console can show what a TV that has not yet
-- confirmed the latest change still plays. Written off the push path (one
-- row per schedule version a replica encodes), and pruned to the latest
-- few per schedule, keeping every hash a TV still shows.

-- +goose Up
ALTER TABLE displays ADD COLUMN acked_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE displays ADD COLUMN acked_at BIGINT NOT NULL DEFAULT 0;
CREATE TABLE schedule_payloads (
    franchise_id TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    schedule_id  TEXT NOT NULL,           -- the schedule it was (it may be deleted since)
    hash         TEXT NOT NULL,           -- the schedule's content hash, as players ack it
    payload      TEXT NOT NULL,           -- schedule.PlayerSchedule (JSON)
    kept_at      BIGINT NOT NULL,         -- when this version was last encoded (epoch ms)
    PRIMARY KEY (franchise_id, schedule_id, hash)
);
CREATE INDEX schedule_payloads_hash ON schedule_payloads(franchise_id, hash);

-- +goose Down
DROP TABLE schedule_payloads;
ALTER TABLE displays DROP COLUMN acked_at;
ALTER TABLE displays DROP COLUMN acked_hash;
