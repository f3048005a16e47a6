-- Member sessions also end after SESSION_IDLE_TIMEOUT_MS without use (ASVS 3.3.2), besides the 24 hours
-- from login. last_seen_at is when the session was last used, recorded at most once a minute; sessions
-- that exist when this runs count as used now.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
