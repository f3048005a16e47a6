-- Each message and ticket gets a random uid: its e-mails' job keys (and Message-IDs) are built from it, so
-- they stay unique even when ids start again (a new database with the same Redis), and the mailer's
-- "already sent" markers never mistake a new message for an old one.
ALTER TABLE contact_messages ADD COLUMN uid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE;
ALTER TABLE support_tickets ADD COLUMN uid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE;

-- Support tickets get a human reference (TCA-<year in Adelaide>-<sequence>, e.g. TCA-2026-000123), stored
-- on the row and unique, and a record of when the tickets worker queued its e-mails.

CREATE SEQUENCE support_ticket_reference_seq AS bigint START WITH 1;

ALTER TABLE support_tickets
  ADD COLUMN reference text,
  -- Set by the tickets worker when it has queued the confirmation and the support alert (once per ticket).
  ADD COLUMN notified_at timestamptz;

-- Tickets stored before this migration get references too, in the order they arrived.
UPDATE support_tickets AS t
   SET reference = 'TCA-' || to_char(o.created_at AT TIME ZONE 'Australia/Adelaide', 'YYYY') || '-' || lpad(o.seq::text, 6, '0')
  FROM (
    SELECT id, created_at, nextval('support_ticket_reference_seq') AS seq
      FROM (SELECT id, created_at FROM support_tickets ORDER BY id) AS ordered
  ) AS o
 WHERE t.id = o.id;

ALTER TABLE support_tickets
  ALTER COLUMN reference SET NOT NULL,
  ADD CONSTRAINT support_tickets_reference_key UNIQUE (reference),
  ADD CONSTRAINT support_tickets_reference_format CHECK (reference ~ '^TCA-[0-9]{4}-[0-9]{6,}$');

