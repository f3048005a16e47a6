-- Content catalog: stable keys for idempotent imports, image metadata, stored images and the content revision.
-- (The form tables of 001 are not touched here.)

-- `key` is the identity an import matches on (a post's file slug, `key` in the JSON files) and the API's `_id`.
-- `fingerprint` is a hash of everything an import sets, so re-importing an unchanged item leaves it alone.
ALTER TABLE blog_posts
  ADD COLUMN key text,
  ADD COLUMN image_meta jsonb,
  ADD COLUMN image_hash text,
  ADD COLUMN fingerprint text,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE blog_posts SET key = 'post-' || id WHERE key IS NULL;
ALTER TABLE blog_posts ALTER COLUMN key SET NOT NULL, ADD CONSTRAINT blog_posts_key_key UNIQUE (key);

ALTER TABLE gallery_events
  ADD COLUMN key text,
  ADD COLUMN image_meta jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN image_hashes text[] NOT NULL DEFAULT '{}',
  ADD COLUMN fingerprint text,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE gallery_events SET key = 'gallery-' || id WHERE key IS NULL;
ALTER TABLE gallery_events ALTER COLUMN key SET NOT NULL, ADD CONSTRAINT gallery_events_key_key UNIQUE (key);
CREATE INDEX gallery_events_event_date_idx ON gallery_events (event_date DESC);

ALTER TABLE team_members
  ADD COLUMN key text,
  ADD COLUMN image_meta jsonb,
  ADD COLUMN image_hash text,
  ADD COLUMN fingerprint text,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE team_members SET key = 'member-' || id WHERE key IS NULL;
ALTER TABLE team_members ALTER COLUMN key SET NOT NULL, ADD CONSTRAINT team_members_key_key UNIQUE (key);

ALTER TABLE events
  ADD COLUMN key text,
  ADD COLUMN image_meta jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN image_hashes text[] NOT NULL DEFAULT '{}',
  ADD COLUMN fingerprint text,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT events_status_check CHECK (status IN ('Active', 'Cancelled', 'Draft'));
UPDATE events SET key = 'event-' || id WHERE key IS NULL;
ALTER TABLE events ALTER COLUMN key SET NOT NULL, ADD CONSTRAINT events_key_key UNIQUE (key);

ALTER TABLE sponsors
  ADD COLUMN key text,
  ADD COLUMN image_meta jsonb,
  ADD COLUMN image_hash text,
  ADD COLUMN sort_order integer NOT NULL DEFAULT 0,
  ADD COLUMN fingerprint text,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE sponsors SET key = 'sponsor-' || id WHERE key IS NULL;
ALTER TABLE sponsors ALTER COLUMN key SET NOT NULL, ADD CONSTRAINT sponsors_key_key UNIQUE (key);

-- An imported picture as it was given (exports write it back) ...
CREATE TABLE image_sources (
  hash text PRIMARY KEY,            -- sha256 of the original bytes
  file_name text NOT NULL,          -- its name in the import folder's images/
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- ... and its WebP size variants, served at /uploads/<file>. Names carry a hash of their bytes: immutable.
CREATE TABLE image_variants (
  file text PRIMARY KEY CHECK (file ~ '^[a-z0-9][a-z0-9-]*\.webp$'),
  source_hash text NOT NULL REFERENCES image_sources (hash) ON DELETE CASCADE,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  content_type text NOT NULL,
  bytes bytea NOT NULL
);
CREATE INDEX image_variants_source_hash_idx ON image_variants (source_hash);

-- One row. `revision` goes up with every import that changes something (NOTIFY content_revision tells the
-- running services); `cache_epoch` keeps this database's cache keys apart from any other database's in a
-- shared Redis; `last_import_at` is set by every import, so seed content is only loaded into a database
-- that never had content imported.
CREATE TABLE content_revision (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  revision bigint NOT NULL DEFAULT 1,
  cache_epoch text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', ''),
  changed_at timestamptz NOT NULL DEFAULT now(),
  last_import_at timestamptz
);
INSERT INTO content_revision DEFAULT VALUES;
