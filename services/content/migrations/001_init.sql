-- Content service, schema "content" (search_path is set by the migration runner).
-- Entities of spec section 3. Image columns hold file names served under /uploads/.

CREATE TABLE blog_posts (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text,
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blog_posts_published_at_idx ON blog_posts (published_at DESC);

CREATE TABLE gallery_events (
  id serial PRIMARY KEY,
  name text NOT NULL,
  event_date date NOT NULL,
  images text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE team_members (
  id serial PRIMARY KEY,
  name text NOT NULL,
  designation text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  image text,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE events (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  starts_on date NOT NULL,
  ends_on date CHECK (ends_on IS NULL OR ends_on >= starts_on),
  -- HH:MM, as the spec shows it; free text would break the event cards.
  time text CHECK (time IS NULL OR time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  location text NOT NULL DEFAULT '',
  images text[] NOT NULL DEFAULT '{}',
  event_link text,
  status text NOT NULL DEFAULT 'Active'
);
CREATE INDEX events_starts_on_idx ON events (starts_on);

CREATE TABLE sponsors (
  id serial PRIMARY KEY,
  name text NOT NULL,
  image text,
  link text
);

CREATE TABLE contact_messages (
  id serial PRIMARY KEY,
  name text NOT NULL,
  sender_email text NOT NULL,
  phone_number text NOT NULL DEFAULT '',
  subject text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE support_tickets (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  country_code text NOT NULL DEFAULT '+91',
  phone text NOT NULL DEFAULT '',
  issue_type text NOT NULL,
  issue_description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Transactional outbox (same columns as OUTBOX_TABLE_SQL in @tca/service-kit): jobs recorded in the
-- transaction that stores a message or ticket, relayed to BullMQ when Redis is reachable.
CREATE TABLE outbox (
  id serial PRIMARY KEY,
  queue text NOT NULL,
  job_name text NOT NULL,
  job_id text NOT NULL UNIQUE CHECK (position(':' in job_id) = 0),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_unsent_idx ON outbox (id) WHERE sent_at IS NULL;
