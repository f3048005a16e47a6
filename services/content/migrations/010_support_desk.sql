-- The support desk (issue 15): tickets get a status, an assignee and a conversation; contact messages get
-- marked handled. The submitter's own description stays on the ticket row (the conversation's first entry).

ALTER TABLE support_tickets
  ADD COLUMN status text NOT NULL DEFAULT 'open',
  ADD COLUMN closed_at timestamptz,
  -- The staff member working the ticket (identity's AccountUser.id as text, and their e-mail then).
  ADD COLUMN assignee_user_id text,
  ADD COLUMN assignee_email text,
  -- The newest entry of the conversation (or the ticket's creation): the desk's "newest activity first".
  ADD COLUMN last_activity_at timestamptz;

UPDATE support_tickets SET last_activity_at = created_at;

ALTER TABLE support_tickets
  ALTER COLUMN last_activity_at SET NOT NULL,
  ALTER COLUMN last_activity_at SET DEFAULT now(),
  ADD CONSTRAINT support_tickets_status_check CHECK (status IN ('open', 'waiting_on_member', 'closed')),
  ADD CONSTRAINT support_tickets_closed_at_check CHECK ((status = 'closed') = (closed_at IS NOT NULL)),
  ADD CONSTRAINT support_tickets_assignee_check CHECK ((assignee_user_id IS NULL) = (assignee_email IS NULL));

-- The desk's list: one status, newest activity first (or oldest first, read backwards).
CREATE INDEX support_tickets_desk_idx ON support_tickets (status, last_activity_at DESC, id DESC);

-- Replies (staff and member) and internal notes (staff only), oldest first. Deleted with their ticket
-- (the retention purge deletes old tickets).
CREATE TABLE ticket_messages (
  id bigserial PRIMARY KEY,
  ticket_id integer NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
  -- E-mails about this entry are keyed by it (unique even when ids start again in a new database).
  uid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  kind text NOT NULL CHECK (kind IN ('staff_reply', 'member_reply', 'note')),
  author_user_id text,
  author_email text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, id);

ALTER TABLE contact_messages
  ADD COLUMN handled_at timestamptz,
  -- The e-mail of the staff member who marked it handled.
  ADD COLUMN handled_by text,
  ADD CONSTRAINT contact_messages_handled_check CHECK ((handled_at IS NULL) = (handled_by IS NULL));

-- The inbox: not handled first-class, newest first.
CREATE INDEX contact_messages_inbox_idx ON contact_messages ((handled_at IS NULL), created_at DESC, id DESC);
