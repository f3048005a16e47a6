-- The members desk (issue 15): an index for each filter of GET /staff-api/members, so a page stays fast at
-- 50,000 members (proven by members-search-plans.test.ts with EXPLAIN on generated rows).

-- Trigram search (partial name or e-mail, any case, Tamil included). pg_trgm ships with PostgreSQL and is a
-- trusted extension (the database owner may create it); in public, where every service's search_path ends.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- Rows from before periods were stored (002) count a year from the day they were created (END_SQL): give
-- them that end, so the desk's filters can compare ends_on itself (and use its index). Every annual
-- membership created since 003 has one.
UPDATE memberships
   SET starts_on = COALESCE(starts_on, (created_at AT TIME ZONE 'Australia/Adelaide')::date),
       ends_on = (COALESCE(starts_on, (created_at AT TIME ZONE 'Australia/Adelaide')::date) + interval '1 year')::date
 WHERE term = 'annual' AND ends_on IS NULL;

-- What the search box matches: the member's name and e-mail as given on the membership.
CREATE INDEX memberships_search_trgm_idx ON memberships
  USING gin (lower(first_name || ' ' || last_name || ' ' || email) public.gin_trgm_ops);

-- The desk's order (by name, then id): unfiltered pages, and per level and per stored status.
CREATE INDEX memberships_name_order_idx ON memberships (lower(first_name || ' ' || last_name), id);
CREATE INDEX memberships_level_name_idx ON memberships (membership_name, lower(first_name || ' ' || last_name), id);
CREATE INDEX memberships_status_name_idx ON memberships (status, lower(first_name || ' ' || last_name), id);

-- "Ends within N days" uses memberships_ends_on_idx (002: ends_on WHERE term = 'annual').
