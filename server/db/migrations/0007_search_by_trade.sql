-- Tradesperson search by trade and specialty (docs/api/tradespeople.md, bench/README.md). Hand-written:
-- neither the extension nor partial indexes per trade are expressible in the Drizzle schema.
--
-- A search for a trade reads only that trade's tradespeople whose service box holds the searched
-- point: one partial GiST index per trade of the catalogue (domain/catalog/catalog.ts), so central
-- London's ~1,100 plumbers are read instead of its ~12,000 tradespeople. A trade added to the
-- catalogue without its index here is still found, through the index of every trade (0006).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Specialties containing a word (LIKE '%word%'), for words that few specialties contain.
CREATE INDEX "tradesperson_profiles_specialties_trgm_idx" ON "tradesperson_profiles" USING gin ("specialties_text" gin_trgm_ops) WHERE verified and not hidden;--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_box_plumber_idx" ON "tradesperson_profiles" USING gist ("service_box") INCLUDE ("user_id", "base_lat", "base_lng", "service_radius_miles", "verified", "hidden", "trade") WHERE verified and not hidden and trade = 'Plumber';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_box_electrician_idx" ON "tradesperson_profiles" USING gist ("service_box") INCLUDE ("user_id", "base_lat", "base_lng", "service_radius_miles", "verified", "hidden", "trade") WHERE verified and not hidden and trade = 'Electrician';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_box_carpenter_idx" ON "tradesperson_profiles" USING gist ("service_box") INCLUDE ("user_id", "base_lat", "base_lng", "service_radius_miles", "verified", "hidden", "trade") WHERE verified and not hidden and trade = 'Carpenter';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_box_builder_idx" ON "tradesperson_profiles" USING gist ("service_box") INCLUDE ("user_id", "base_lat", "base_lng", "service_radius_miles", "verified", "hidden", "trade") WHERE verified and not hidden and trade = 'Builder';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_box_painter_decorator_idx" ON "tradesperson_profiles" USING gist ("service_box") INCLUDE ("user_id", "base_lat", "base_lng", "service_radius_miles", "verified", "hidden", "trade") WHERE verified and not hidden and trade = 'Painter & Decorator';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_box_roofer_idx" ON "tradesperson_profiles" USING gist ("service_box") INCLUDE ("user_id", "base_lat", "base_lng", "service_radius_miles", "verified", "hidden", "trade") WHERE verified and not hidden and trade = 'Roofer';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_box_plasterer_idx" ON "tradesperson_profiles" USING gist ("service_box") INCLUDE ("user_id", "base_lat", "base_lng", "service_radius_miles", "verified", "hidden", "trade") WHERE verified and not hidden and trade = 'Plasterer';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_box_landscaper_idx" ON "tradesperson_profiles" USING gist ("service_box") INCLUDE ("user_id", "base_lat", "base_lng", "service_radius_miles", "verified", "hidden", "trade") WHERE verified and not hidden and trade = 'Landscaper';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_box_gas_engineer_idx" ON "tradesperson_profiles" USING gist ("service_box") INCLUDE ("user_id", "base_lat", "base_lng", "service_radius_miles", "verified", "hidden", "trade") WHERE verified and not hidden and trade = 'Gas Engineer';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_box_heating_engineer_idx" ON "tradesperson_profiles" USING gist ("service_box") INCLUDE ("user_id", "base_lat", "base_lng", "service_radius_miles", "verified", "hidden", "trade") WHERE verified and not hidden and trade = 'Heating Engineer';
