-- Team members and sponsors edited in the staff area (issue 14): a version for optimistic concurrency and the
-- picture's alt text kept also while no picture is uploaded (like blog_posts.cover_alt).
ALTER TABLE team_members
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN image_alt text NOT NULL DEFAULT '';
UPDATE team_members SET image_alt = coalesce(image_meta ->> 'alt', '');

ALTER TABLE sponsors
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN image_alt text NOT NULL DEFAULT '';
UPDATE sponsors SET image_alt = coalesce(image_meta ->> 'alt', '');

-- Every change of an item (the editor, an import) gives it a new version and updated_at, so an edit made on an
-- older copy is detected whoever made the change in between. Moving it (sort_order) is not a change of the
-- item: an edit form left open while someone reorders the list still saves.
CREATE FUNCTION ordered_items_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'sort_order' - 'fingerprint' - 'updated_at' - 'version')
     IS DISTINCT FROM (to_jsonb(OLD) - 'sort_order' - 'fingerprint' - 'updated_at' - 'version') THEN
    NEW.version := OLD.version + 1;
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER team_members_next_version BEFORE UPDATE ON team_members FOR EACH ROW EXECUTE FUNCTION ordered_items_next_version();
CREATE TRIGGER sponsors_next_version BEFORE UPDATE ON sponsors FOR EACH ROW EXECUTE FUNCTION ordered_items_next_version();
