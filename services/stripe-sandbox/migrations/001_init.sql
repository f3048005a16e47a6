-- Stripe sandbox, schema "stripe_sandbox" (search_path is set by the migration runner).
-- Checkout Sessions, idempotent request results, events and their webhook deliveries. Times the Stripe
-- API shows (created, expires_at) are unix seconds, as Stripe sends them.

CREATE TABLE checkout_sessions (
  id text PRIMARY KEY,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  payment_status text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('paid', 'unpaid', 'no_payment_required')),
  currency text NOT NULL,
  amount_total integer NOT NULL CHECK (amount_total >= 0),
  -- [{ id, name, description, unit_amount, quantity, currency }]
  line_items jsonb NOT NULL,
  success_url text NOT NULL,
  cancel_url text,
  customer_email text,
  client_reference_id text,
  metadata jsonb NOT NULL DEFAULT '{}',
  created bigint NOT NULL,
  expires_at bigint NOT NULL,
  -- Set on payment.
  customer_details_email text,
  customer_details_name text,
  payment_intent text,
  -- Per-session secret of the hosted form: a post without it (from another site) is refused.
  form_token text NOT NULL
);
CREATE INDEX checkout_sessions_open_expiry_idx ON checkout_sessions (expires_at) WHERE status = 'open';

-- A request answered under an Idempotency-Key, replayed for the same key and parameters for 24 h.
CREATE TABLE idempotent_requests (
  idempotency_key text PRIMARY KEY,
  method text NOT NULL,
  path text NOT NULL,
  params_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX idempotent_requests_created_idx ON idempotent_requests (created_at);

CREATE TABLE events (
  seq serial UNIQUE,
  id text PRIMARY KEY,
  type text NOT NULL,
  object_id text NOT NULL,
  created bigint NOT NULL,
  -- The whole event as sent (JSON text, so every delivery signs the same bytes).
  body text NOT NULL
);

-- One row per event, endpoint and copy (copy 2 exists when duplicate delivery is on).
CREATE TABLE deliveries (
  id serial PRIMARY KEY,
  event_id text NOT NULL REFERENCES events (id),
  endpoint text NOT NULL,
  copy integer NOT NULL DEFAULT 1,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  delivered_at timestamptz,
  UNIQUE (event_id, endpoint, copy)
);
CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at) WHERE status = 'pending';
