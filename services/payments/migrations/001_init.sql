-- Payments service, schema "payments" (search_path is set by the migration runner).
-- user_id columns hold the identity service's user id (or the form's U-... id) as text: that service
-- owns users, so there is no foreign key across schemas.

-- Created before redirecting to Checkout; prices come from the server, never from the browser.
CREATE TABLE checkout_orders (
  id serial PRIMARY KEY,
  user_id text,
  email text NOT NULL,
  product_name text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL DEFAULT 'aud' CHECK (currency ~ '^[a-z]{3}$'),
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'open', 'paid', 'failed', 'expired')),
  stripe_session_id text UNIQUE,
  -- Sent as Stripe's Idempotency-Key, so a retried create never makes a second session.
  idempotency_key text NOT NULL UNIQUE,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkout_orders_email_idx ON checkout_orders (lower(email));

-- Created only by fulfilment of a paid session; the unique session id makes fulfilment safe to run twice.
CREATE TABLE memberships (
  id serial PRIMARY KEY,
  user_id text NOT NULL,
  email text NOT NULL,
  membership_name text NOT NULL,
  status text NOT NULL DEFAULT 'Active',
  request_id text NOT NULL UNIQUE,
  details jsonb NOT NULL DEFAULT '{}',
  checkout_session_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX memberships_email_idx ON memberships (lower(email));
CREATE INDEX memberships_user_id_idx ON memberships (user_id);

CREATE TABLE dependants (
  id serial PRIMARY KEY,
  membership_id integer NOT NULL REFERENCES memberships (id) ON DELETE CASCADE,
  -- {name, age} or null, and a list of {name, age} (spec section 3, dependants payload).
  spouse jsonb CHECK (spouse IS NULL OR jsonb_typeof(spouse) = 'object'),
  children jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(children) = 'array'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dependants_membership_id_idx ON dependants (membership_id);

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
