-- Refunds of paid Checkout Sessions (POST /v1/refunds): one row per refund, of a session's PaymentIntent.
CREATE TABLE refunds (
  id text PRIMARY KEY,
  payment_intent text NOT NULL,
  charge text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'canceled')),
  reason text CHECK (reason IS NULL OR reason IN ('duplicate', 'fraudulent', 'requested_by_customer')),
  metadata jsonb NOT NULL DEFAULT '{}',
  created bigint NOT NULL
);
CREATE INDEX refunds_payment_intent_idx ON refunds (payment_intent, created);
CREATE INDEX checkout_sessions_payment_intent_idx ON checkout_sessions (payment_intent);
