-- Identity service, schema "identity" (search_path is set by the migration runner).

-- E-mail is unique whatever its case; a lower(email) index instead of citext, which needs an extension
-- that may be missing (or need a superuser) on the target server.
CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL CHECK (email = btrim(email) AND email <> ''),
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone_number text NOT NULL DEFAULT '',
  -- argon2id PHC string.
  password_hash text NOT NULL,
  terms_accepted_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Opaque session tokens: only their SHA-256 is stored, so a database leak yields no usable token.
CREATE TABLE sessions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Single use: consumed by one conditional UPDATE ... SET used_at = now() WHERE used_at IS NULL.
CREATE TABLE password_resets (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);

-- Transactional outbox (same columns as OUTBOX_TABLE_SQL in @tca/service-kit): jobs recorded in the
-- transaction that changes the data, relayed to BullMQ when Redis is reachable.
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
