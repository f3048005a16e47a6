-- Contact messages and support tickets sent while logged in carry the sender's user id (the identity
-- service's AccountUser.id, as text: this schema does not reference identity's), so a member can download
-- what they sent ("Download my data"). NULL: sent without a valid session, or while identity could not say.

ALTER TABLE contact_messages ADD COLUMN user_id text;
ALTER TABLE support_tickets ADD COLUMN user_id text;

-- GET /email/mine and /supportdesk/mine: one member's rows, newest first.
CREATE INDEX contact_messages_user_idx ON contact_messages (user_id, created_at DESC, id DESC) WHERE user_id IS NOT NULL;
CREATE INDEX support_tickets_user_idx ON support_tickets (user_id, created_at DESC, id DESC) WHERE user_id IS NOT NULL;
