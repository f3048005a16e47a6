-- The treasurer's revenue report (issue 15): orders paid in a year (by paid_at) and refunds confirmed in a
-- year (by refunded_at), each a range scan instead of reading every order.
CREATE INDEX checkout_orders_paid_at_idx ON checkout_orders (paid_at) WHERE paid_at IS NOT NULL;
CREATE INDEX checkout_orders_refunded_at_idx ON checkout_orders (refunded_at) WHERE refunded_at IS NOT NULL;
