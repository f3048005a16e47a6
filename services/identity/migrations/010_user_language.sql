-- The member's language (issue 17): the site's interface and the e-mails sent to them, English or Tamil.
-- Set at registration from the page's language, and when a logged-in member switches the language.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ta'));
