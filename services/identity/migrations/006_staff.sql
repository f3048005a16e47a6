-- The staff area (issue 14): roles, invitations, two-factor sign-in and the audit log.

-- A staff member is an ordinary account with one or more roles. Roles are read on every request (no copy
-- in the session), so a removed role takes effect at once.
CREATE TABLE staff_roles (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'editor', 'membership_officer', 'treasurer', 'support')),
  granted_by text NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, role)
);

-- An invitation of a new address: a single-use link (only its SHA-256 stored) that creates the account with the roles.
CREATE TABLE staff_invitations (
  id serial PRIMARY KEY,
  email text NOT NULL CHECK (email = btrim(email) AND email <> ''),
  roles text[] NOT NULL CHECK (cardinality(roles) > 0 AND roles <@ ARRAY['owner', 'editor', 'membership_officer', 'treasurer', 'support']),
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  invited_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX staff_invitations_email_idx ON staff_invitations (lower(email));

-- The authenticator app of a staff member (TOTP, RFC 6238). The secret is encrypted (AES-256-GCM under
-- STAFF_SECRETS_KEY: iv || tag || ciphertext); confirmed once a first code was right. last_used_step is the
-- time step of the last code accepted: a code of that step or an earlier one is refused (replay).
CREATE TABLE totp_factors (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  last_used_step bigint
);

-- Ten single-use recovery codes per enrolment, shown once; only their SHA-256 is stored.
CREATE TABLE recovery_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash bytea NOT NULL CHECK (octet_length(code_hash) = 32),
  used_at timestamptz,
  UNIQUE (user_id, code_hash)
);

-- The step between a right password and a session, for accounts with a staff role: a single-use token
-- (its SHA-256 stored), valid 5 minutes, that the second-factor calls name.
CREATE TABLE login_challenges (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_challenges_user_id_idx ON login_challenges (user_id);

-- Sessions that passed a second factor (staff sessions: at most 12 h, 30 min idle). Staff calls need one.
ALTER TABLE sessions ADD COLUMN second_factor_at timestamptz;

-- Who did what, when: append-only. Nothing in the service updates or deletes a row, and the trigger
-- refuses it for anyone else too (a user id is kept as a number: the account may be deleted later).
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id integer,
  actor_email text NOT NULL,
  action text NOT NULL,
  target text,
  summary text NOT NULL DEFAULT '',
  ip text
);
CREATE INDEX audit_log_action_idx ON audit_log (action, id);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
