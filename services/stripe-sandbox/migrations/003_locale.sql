-- The session's `locale` (Stripe's parameter; the sandbox also takes 'ta'): the hosted page's language.
ALTER TABLE checkout_sessions ADD COLUMN locale text;
