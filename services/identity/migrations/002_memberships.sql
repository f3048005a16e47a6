-- Identity service: membership records, and indexes for the hourly housekeeping.

-- A member's membership records (spec §3 "Membership record from the server"). Identity owns them; the
-- payments service asks identity to create one after a paid checkout (one per Checkout Session, hence the
-- unique checkout_session_id). The member's details are a copy taken when the membership was bought.
CREATE TABLE memberships (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Shown on the profile as "Request ID".
  request_id text NOT NULL UNIQUE CHECK (request_id <> ''),
  membership_name text NOT NULL CHECK (membership_name <> ''),
  term text NOT NULL CHECK (term IN ('annual', 'life-time')),
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Active', 'Pending', 'Current', 'Rejected', 'Expired')),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  profession text NOT NULL DEFAULT '',
  date_of_birth date,
  checkout_session_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX memberships_user_created_idx ON memberships (user_id, created_at DESC, id DESC);

-- Housekeeping deletes sessions and reset links some time after they ended.
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
CREATE INDEX password_resets_expires_at_idx ON password_resets (expires_at);
