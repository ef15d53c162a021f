-- Public tradesperson search (docs/api/tradespeople.md): a radius search that reads one index, the
-- newest-first listing and the featured list. Hand-edited after drizzle-kit: the function, the
-- triggers, the INCLUDE list and the profiles index are not expressible in the Drizzle schema.
DROP INDEX "tradesperson_profiles_verified_idx";--> statement-breakpoint
-- Immutable (array_to_string is only stable in general, but not for text[]), so that a stored column
-- can use it.
CREATE FUNCTION tradesperson_specialties_text(specialties text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(array_to_string(specialties, '|')) $$;
--> statement-breakpoint
ALTER TABLE "tradesperson_profiles" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tradesperson_profiles" ADD COLUMN "specialties_text" text GENERATED ALWAYS AS (tradesperson_specialties_text(specialties)) STORED;--> statement-breakpoint
ALTER TABLE "tradesperson_profiles" ADD COLUMN "service_box" "box" GENERATED ALWAYS AS (box(point(base_lng - service_radius_miles / (68.0 * greatest(cos(radians(base_lat)), 0.01)), base_lat - service_radius_miles / 68.0), point(base_lng + service_radius_miles / (68.0 * greatest(cos(radians(base_lat)), 0.01)), base_lat + service_radius_miles / 68.0))) STORED;--> statement-breakpoint
-- `hidden` follows the account (suspended, deleted) and the owner's 'Profile visible to all' switch.
CREATE FUNCTION tradesperson_is_hidden(uid uuid) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$
    SELECT coalesce((SELECT u.suspended_at IS NOT NULL OR u.deleted_at IS NOT NULL FROM users u WHERE u.id = uid), false)
        OR coalesce((SELECT NOT s.profile_visible FROM user_settings s WHERE s.user_id = uid), false)
  $$;
--> statement-breakpoint
CREATE FUNCTION tradesperson_profiles_set_hidden() RETURNS trigger AS $$
BEGIN
  NEW.hidden := tradesperson_is_hidden(NEW.user_id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tradesperson_profiles_hidden
  BEFORE INSERT OR UPDATE OF user_id, hidden ON tradesperson_profiles
  FOR EACH ROW EXECUTE FUNCTION tradesperson_profiles_set_hidden();
--> statement-breakpoint
CREATE FUNCTION users_refresh_tradesperson_hidden() RETURNS trigger AS $$
BEGIN
  UPDATE tradesperson_profiles SET hidden = tradesperson_is_hidden(user_id) WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_tradesperson_hidden
  AFTER UPDATE OF suspended_at, deleted_at ON users
  FOR EACH ROW
  WHEN (OLD.suspended_at IS DISTINCT FROM NEW.suspended_at OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION users_refresh_tradesperson_hidden();
--> statement-breakpoint
CREATE FUNCTION user_settings_refresh_tradesperson_hidden() RETURNS trigger AS $$
BEGIN
  UPDATE tradesperson_profiles SET hidden = tradesperson_is_hidden(user_id) WHERE user_id = NEW.user_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_settings_tradesperson_hidden
  AFTER INSERT OR UPDATE OF profile_visible ON user_settings
  FOR EACH ROW EXECUTE FUNCTION user_settings_refresh_tradesperson_hidden();
--> statement-breakpoint
UPDATE tradesperson_profiles SET hidden = tradesperson_is_hidden(user_id);--> statement-breakpoint
-- INCLUDE: everything a location search filters and sorts on, so it is an index-only scan (the
-- predicate's own columns too: PostgreSQL 15 asks for them).
CREATE INDEX "tradesperson_profiles_service_box_idx" ON "tradesperson_profiles" USING gist ("service_box") INCLUDE ("user_id", "trade", "specialties_text", "base_lat", "base_lng", "service_radius_miles", "verified", "hidden") WHERE verified and not hidden;--> statement-breakpoint
-- Search reads a page of 20: a parallel plan (which a generic plan's guessed row counts invite on the
-- newest-first listing) only adds the workers' start-up, 16 of 20 ms measured at 100,000 rows.
ALTER TABLE "tradesperson_profiles" SET (parallel_workers = 0);--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_listing_idx" ON "tradesperson_profiles" USING btree ("created_at","id") WHERE verified and not hidden;--> statement-breakpoint
-- Featured professionals: best shown rating first (the mean rounded half up to 1 decimal, as
-- ratingFromTotals computes it, times ten, in integers), then the number of reviews, then newest.
-- Only tradespeople are ranked. Like the rating trigger of 0005, it lives here rather than in the
-- Drizzle schema.
CREATE INDEX "profiles_tradesperson_rank_idx" ON "profiles" USING btree (((20 * "rating_total" + "review_count") / (2 * greatest("review_count", 1))), "review_count", "created_at", "id") WHERE "user_type" = 'tradesperson';
