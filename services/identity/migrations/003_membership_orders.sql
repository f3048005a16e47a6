-- Identity service: memberships bought through Checkout, their dependants, operators' decisions and
-- renewal reminders.

-- Human request references, M-<year>-<6 digits> (e.g. M-2026-000123): the year in Adelaide and the next
-- number of this sequence.
CREATE SEQUENCE membership_request_seq;

ALTER TABLE memberships
  -- What the member entered on /forms (spec §3 membership submission, memberDetailsSchema), kept whole.
  ADD COLUMN details jsonb,
  -- Annual levels: the first day of the membership and the day it has ended (exclusive: valid while
  -- today < ends_on, Adelaide's date). NULL for life-time levels (and for rows from before this migration,
  -- which count a year from created_at).
  ADD COLUMN starts_on date,
  ADD COLUMN ends_on date,
  -- What Checkout reported as paid, in cents.
  ADD COLUMN amount_total integer CHECK (amount_total >= 0),
  ADD COLUMN currency text CHECK (currency ~ '^[a-z]{3}$'),
  ADD CONSTRAINT memberships_period_check CHECK (ends_on IS NULL OR (starts_on IS NOT NULL AND ends_on > starts_on));
CREATE INDEX memberships_ends_on_idx ON memberships (ends_on) WHERE term = 'annual';

-- Spouse and children of a family membership (spec §3 dependants payload). A new submission for the same
-- membership replaces the earlier one.
CREATE TABLE membership_dependants (
  id serial PRIMARY KEY,
  membership_id integer NOT NULL REFERENCES memberships (id) ON DELETE CASCADE,
  relation text NOT NULL CHECK (relation IN ('spouse', 'child')),
  -- Order on the form (children 1..3; the spouse 0).
  position integer NOT NULL CHECK (position >= 0),
  name text NOT NULL CHECK (name <> ''),
  age integer NOT NULL CHECK (age BETWEEN 0 AND 120),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (membership_id, relation, position)
);
-- At most one spouse per membership.
CREATE UNIQUE INDEX membership_dependants_one_spouse ON membership_dependants (membership_id) WHERE relation = 'spouse';

-- Operators' approvals and rejections: who decided what, when, and why.
CREATE TABLE membership_decisions (
  id serial PRIMARY KEY,
  membership_id integer NOT NULL REFERENCES memberships (id) ON DELETE CASCADE,
  decision text NOT NULL CHECK (decision IN ('approved', 'rejected')),
  from_status text NOT NULL,
  to_status text NOT NULL,
  reason text,
  decided_by text NOT NULL CHECK (decided_by <> ''),
  decided_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX membership_decisions_membership_idx ON membership_decisions (membership_id, decided_at);

-- Renewal reminders sent: one row per membership and threshold (days before the end), written in the
-- same transaction as the reminder's outbox e-mail, so each is sent exactly once.
CREATE TABLE membership_reminders (
  membership_id integer NOT NULL REFERENCES memberships (id) ON DELETE CASCADE,
  threshold_days integer NOT NULL CHECK (threshold_days > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (membership_id, threshold_days)
);
