-- The language of the page a contact message or support ticket was sent from (issue 17): the e-mails to the
-- visitor (the acknowledgement, the ticket's confirmation and the desk's replies) are written in it. Rows
-- stored before this migration were sent from the English site.
ALTER TABLE contact_messages ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ta'));
ALTER TABLE support_tickets ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ta'));
