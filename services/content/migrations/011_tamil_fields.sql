-- The Tamil versions of content texts (issue 17): one nullable column beside each English text a page shows.
-- NULL is "no Tamil version" (the page shows the English, marked lang="en"); a blank one is never stored, so
-- the CHECKs keep "none" one thing. Additive only: every row stays as it was, with no Tamil.
ALTER TABLE blog_posts
  ADD COLUMN name_ta text CHECK (btrim(name_ta) <> ''),
  ADD COLUMN description_ta text CHECK (btrim(description_ta) <> '');

ALTER TABLE gallery_events
  ADD COLUMN name_ta text CHECK (btrim(name_ta) <> '');

ALTER TABLE team_members
  ADD COLUMN name_ta text CHECK (btrim(name_ta) <> ''),
  ADD COLUMN designation_ta text CHECK (btrim(designation_ta) <> ''),
  ADD COLUMN description_ta text CHECK (btrim(description_ta) <> '');

ALTER TABLE events
  ADD COLUMN name_ta text CHECK (btrim(name_ta) <> ''),
  ADD COLUMN description_ta text CHECK (btrim(description_ta) <> ''),
  ADD COLUMN location_ta text CHECK (btrim(location_ta) <> '');

ALTER TABLE sponsors
  ADD COLUMN name_ta text CHECK (btrim(name_ta) <> '');
