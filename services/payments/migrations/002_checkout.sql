-- Payments: checkout orders as Stripe Checkout needs them, verified webhook events, member documents.
-- Identity owns membership records (payments asks it to create one after a paid checkout), so the
-- memberships and dependants tables of 001 are dropped.
DROP TABLE IF EXISTS dependants;
DROP TABLE IF EXISTS memberships;

ALTER TABLE checkout_orders
  -- A random public reference: the receipt's order number source, the cancel page's handle, e-mail job keys.
  ADD COLUMN reference text UNIQUE CHECK (reference ~ '^ord_[A-Za-z0-9_-]{16,64}$'),
  ADD COLUMN kind text NOT NULL DEFAULT 'membership' CHECK (kind IN ('membership', 'demo')),
  -- The membership level's name (kind membership).
  ADD COLUMN level text,
  ADD COLUMN quantity integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
  -- The member details (spec §3 submission, with document references) sent to identity on fulfilment.
  ADD COLUMN member_details jsonb,
  -- What identity answered when it created the membership record.
  ADD COLUMN membership_request_id text,
  ADD COLUMN membership_status text,
  -- Who paid, as Stripe reports it (the demo needs no login, so it may have no other e-mail).
  ADD COLUMN customer_email text,
  ADD COLUMN paid_at timestamptz,
  -- When the reconciliation sweep last asked Stripe about this order.
  ADD COLUMN checked_at timestamptz,
  -- Set when a paid session disagrees with the order (amount, currency, reference): never fulfilled automatically.
  ADD COLUMN problem text,
  ALTER COLUMN email DROP NOT NULL,
  DROP CONSTRAINT checkout_orders_status_check,
  ADD CONSTRAINT checkout_orders_status_check
    CHECK (status IN ('created', 'open', 'processing', 'paid', 'failed', 'expired', 'abandoned')),
  ADD CONSTRAINT checkout_orders_level_check CHECK (kind <> 'membership' OR (level IS NOT NULL AND user_id IS NOT NULL AND member_details IS NOT NULL));

UPDATE checkout_orders SET reference = 'ord_legacy' || lpad(id::text, 12, '0') WHERE reference IS NULL;
ALTER TABLE checkout_orders ALTER COLUMN reference SET NOT NULL;
CREATE INDEX checkout_orders_user_idx ON checkout_orders (user_id, created_at DESC);
-- The reconciliation sweep's work list.
CREATE INDEX checkout_orders_unsettled_idx ON checkout_orders (checked_at NULLS FIRST, id) WHERE status IN ('open', 'processing') AND problem IS NULL;

-- Every verified webhook event, stored once (Stripe delivers at least once, sometimes out of order).
CREATE TABLE stripe_events (
  id text PRIMARY KEY CHECK (id ~ '^evt_'),
  type text NOT NULL,
  session_id text,
  -- The event's own `created` (Stripe's clock).
  stripe_created_at timestamptz NOT NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);
CREATE INDEX stripe_events_session_idx ON stripe_events (session_id);

-- Passport and supporting documents a member uploads before paying (PDF, JPEG or PNG, at most 5 MB).
CREATE TABLE member_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The identity service's user id.
  owner_user_id text NOT NULL,
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  size integer NOT NULL CHECK (size > 0 AND size <= 5242880),
  sha256 text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_documents_owner_idx ON member_documents (owner_user_id, created_at DESC);
