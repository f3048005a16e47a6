-- Blog posts edited in the staff area (issue 14): a status (draft / published / scheduled, with the time a
-- scheduled post shows itself), a version for optimistic concurrency and the cover's alt text (kept also
-- while no picture is uploaded). Posts stored before this migration were all public: they stay published.
ALTER TABLE blog_posts
  ADD COLUMN status text NOT NULL DEFAULT 'published',
  ADD COLUMN publish_at timestamptz,
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN cover_alt text NOT NULL DEFAULT '',
  ADD CONSTRAINT blog_posts_status_check CHECK (status IN ('draft', 'published', 'scheduled')),
  ADD CONSTRAINT blog_posts_scheduled_check CHECK (status <> 'scheduled' OR publish_at IS NOT NULL);
UPDATE blog_posts SET cover_alt = coalesce(image_meta ->> 'alt', '');

-- The scheduled posts, by the time they are due (the publisher's query).
CREATE INDEX blog_posts_scheduled_idx ON blog_posts (publish_at) WHERE status = 'scheduled';

-- Every change of a row (the editor, an import, the scheduled publisher) gives it a new version and
-- updated_at, so an edit made on an older copy is always detected, whoever made the change in between.
CREATE FUNCTION blog_posts_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF ROW(NEW.*) IS DISTINCT FROM ROW(OLD.*) THEN
    NEW.version := OLD.version + 1;
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER blog_posts_next_version BEFORE UPDATE ON blog_posts FOR EACH ROW EXECUTE FUNCTION blog_posts_next_version();

-- Who changed content, when: the same shape and the same append-only rule as identity's audit_log
-- (services/identity/migrations/006_staff.sql); the actor's id is kept as text (AccountUser.id), and a change
-- made by the service itself (a scheduled post going live) has no actor id and `system:<what>` as e-mail.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id text,
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
