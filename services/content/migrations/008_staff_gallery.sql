-- Gallery albums edited in the staff area (issue 14): a version for optimistic concurrency. Every change of a
-- row (the editor, an import) gives it a new version and updated_at, so a rename, reorder or delete made on an
-- older copy is detected whoever changed the album in between. The trigger function is 006's: it only touches
-- the row's version and updated_at columns.
ALTER TABLE gallery_events ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE TRIGGER gallery_events_next_version BEFORE UPDATE ON gallery_events FOR EACH ROW EXECUTE FUNCTION blog_posts_next_version();

-- The photos of an album stay parallel lists (images, image_meta, image_hashes: one entry per photo, in the
-- order shown); a photo is identified by its source hash, so an album holds each picture once.
