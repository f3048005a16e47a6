-- Events edited in the staff area (issue 14): a version for optimistic concurrency, set like blog posts'
-- (migration 006) by a trigger on every change of a row, whoever makes it (the editor or an import), so an
-- edit made on an older copy is always detected. Status (Active / Cancelled / Draft) exists since 002.
ALTER TABLE events ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE FUNCTION events_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF ROW(NEW.*) IS DISTINCT FROM ROW(OLD.*) THEN
    NEW.version := OLD.version + 1;
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER events_next_version BEFORE UPDATE ON events FOR EACH ROW EXECUTE FUNCTION events_next_version();

