-- Announcements (issue 15): e-mails from the association to a segment of the members, each member once.

-- A draft until sent (sent_at set, by whom); recipient_count is how many rows the send inserted.
CREATE TABLE announcements (
  id serial PRIMARY KEY,
  -- In the e-mails' job keys (announcement-<uid>-<userId>): random, so a new database with an old Redis (its
  -- sent markers and kept jobs) never takes a new announcement's e-mail for one sent before.
  uid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  subject text NOT NULL CHECK (subject <> ''),
  -- Markdown, rendered when each e-mail is made.
  body text NOT NULL CHECK (body <> ''),
  -- {"kind": "all-active"} | {"kind": "level", "level": …} | {"kind": "ending-within", "days": N} (contracts' announcementSegmentSchema).
  segment jsonb NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_by text,
  sent_at timestamptz,
  recipient_count integer NOT NULL DEFAULT 0,
  CHECK ((sent_at IS NULL) = (sent_by IS NULL))
);

-- Who an announcement goes to: inserted once, in the transaction that sends it (the primary key makes a
-- second send insert nothing). The dispatcher (membership worker) turns rows into e-mails at the configured
-- rate (enqueued_at, with the hash of the unsubscribe token the e-mail carries); the mailer's outcome
-- sets delivered or failed. skipped: unsubscribed between Send and their turn.
CREATE TABLE announcement_recipients (
  announcement_id integer NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'delivered', 'failed', 'skipped')),
  error text,
  enqueued_at timestamptz,
  unsubscribe_token_hash bytea UNIQUE CHECK (octet_length(unsubscribe_token_hash) = 32),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (announcement_id, user_id)
);
CREATE INDEX announcement_recipients_due_idx ON announcement_recipients (announcement_id, user_id) WHERE enqueued_at IS NULL;

-- A member who unsubscribed (one click in an announcement, or on the profile): later announcements skip
-- them. Transactional mail (receipts, resets, replies) does not look at it.
ALTER TABLE users ADD COLUMN announcements_opt_out_at timestamptz;
