-- An outbox row is settled once its job has run (completed or given up): its payload is blanked then, and a
-- row relayed but not settled when Redis loses its data is relayed again (see startOutboxRelay in
-- @tca/service-kit). Rows relayed before this migration count as settled: their jobs ran long ago.
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS settled_at timestamptz;
UPDATE outbox SET settled_at = sent_at, payload = '{}'::jsonb WHERE sent_at IS NOT NULL AND settled_at IS NULL;
CREATE INDEX IF NOT EXISTS outbox_unsettled_idx ON outbox (id) WHERE sent_at IS NOT NULL AND settled_at IS NULL;
