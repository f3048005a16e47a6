-- The treasurer's desk (issue 15): the staff audit log, every order's state changes, and full refunds.

-- Who did what, when: append-only. Nothing in the service updates or deletes a row, and the trigger
-- refuses it for anyone else too (a user id is kept as a number: the account may be deleted later).
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id integer,
  actor_email text NOT NULL,
  action text NOT NULL,
  target text,
  summary text NOT NULL DEFAULT '',
  ip text
);
CREATE INDEX audit_log_action_idx ON audit_log (action, id);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- Every change of an order's status, written in the transaction that changes it (the order's page lists them).
CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES checkout_orders (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  from_status text,
  to_status text NOT NULL,
  -- What moved it: a webhook event id, `lookup`, `reconcile`, `staff:<e-mail>`...
  source text NOT NULL,
  detail text NOT NULL DEFAULT ''
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);

ALTER TABLE checkout_orders
  -- The PaymentIntent of a paid session (what a refund names).
  ADD COLUMN stripe_payment_intent_id text,
  -- A full refund asked for by staff: Stripe's refund id once Stripe answered, the reason and who asked.
  ADD COLUMN refund_id text UNIQUE,
  ADD COLUMN refund_reason text CHECK (refund_reason IS NULL OR length(refund_reason) BETWEEN 1 AND 500),
  ADD COLUMN refund_requested_by text,
  ADD COLUMN refund_requested_at timestamptz,
  ADD COLUMN refunded_at timestamptz,
  DROP CONSTRAINT checkout_orders_status_check,
  ADD CONSTRAINT checkout_orders_status_check
    CHECK (status IN ('created', 'open', 'processing', 'paid', 'failed', 'expired', 'abandoned', 'refunded'));
CREATE INDEX checkout_orders_payment_intent_idx ON checkout_orders (stripe_payment_intent_id);
-- The treasurer's list: newest first, by status; problems first.
CREATE INDEX checkout_orders_status_created_idx ON checkout_orders (status, created_at DESC, id DESC);
CREATE INDEX checkout_orders_problem_idx ON checkout_orders (created_at DESC, id DESC) WHERE problem IS NOT NULL;

-- Refund events (charge.refunded, refund.updated) are about a charge or refund, not a Checkout Session.
ALTER TABLE stripe_events ADD COLUMN object_id text;
