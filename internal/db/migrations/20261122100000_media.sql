-- The media library: one row per registered file of a franchise. The file
-- itself (and its thumbnail) lives in object storage under the franchise's
-- prefix; file_path is its key there.

-- +goose Up
CREATE TABLE media (
    id             TEXT PRIMARY KEY,
    franchise_id   TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    name           TEXT NOT NULL,
    type           TEXT NOT NULL,                   -- image | video
    folder         TEXT NOT NULL DEFAULT '',        -- path parts joined by '|'; '' = library root
    file_path      TEXT NOT NULL UNIQUE,            -- object key, {franchiseSlug}/media/{id}.{ext}
    thumbnail_path TEXT NOT NULL DEFAULT '',        -- object key of the JPEG thumbnail; '' when none
    content_type   TEXT NOT NULL,                   -- sniffed from the bytes
    size           BIGINT NOT NULL,
    width          INTEGER NOT NULL DEFAULT 0,
    height         INTEGER NOT NULL DEFAULT 0,
    duration_ms    BIGINT NOT NULL DEFAULT 0,       -- videos
    fps            DOUBLE PRECISION NOT NULL DEFAULT 0,
    display_time   INTEGER NOT NULL DEFAULT 0,      -- seconds; videos: floor of the duration
    volume         DOUBLE PRECISION NOT NULL DEFAULT 0,
    limit_by_hour  INTEGER NOT NULL DEFAULT 0,      -- 0 = no limit
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX media_franchise_folder ON media(franchise_id, folder);

-- +goose Down
DROP TABLE media;
