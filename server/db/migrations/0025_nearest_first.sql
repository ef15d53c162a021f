-- Tradesperson search nearest first without reading every match (bench/README.md, "Tradesperson
-- search"). Hand-written around Drizzle's column: neither the extension nor partial indexes per trade
-- are expressible in the Drizzle schema.
--
-- Where thousands of tradespeople cover a point (central London at 1,000,000 tradespeople: ~11,000
-- plumbers), sorting all of them by distance for a page of 20 cost ~40 ms. Each base point is kept on
-- the unit sphere as a `cube`, where the straight-line distance orders points as the great-circle
-- distance does, and a GiST index walks them nearest first (`<->`), stopping once the page is full.
-- One partial index per trade of the catalogue, as for the boxes (0007), plus one of every trade.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
ALTER TABLE "tradesperson_profiles" ADD COLUMN "base_xyz" "cube" GENERATED ALWAYS AS (case when base_lat is null or base_lng is null then null else cube(array[cos(radians(base_lat)) * cos(radians(base_lng)), cos(radians(base_lat)) * sin(radians(base_lng)), sin(radians(base_lat))]) end) STORED;--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_near_idx" ON "tradesperson_profiles" USING gist ("base_xyz") WHERE verified and not hidden;--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_near_plumber_idx" ON "tradesperson_profiles" USING gist ("base_xyz") WHERE verified and not hidden and trade = 'Plumber';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_near_electrician_idx" ON "tradesperson_profiles" USING gist ("base_xyz") WHERE verified and not hidden and trade = 'Electrician';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_near_carpenter_idx" ON "tradesperson_profiles" USING gist ("base_xyz") WHERE verified and not hidden and trade = 'Carpenter';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_near_builder_idx" ON "tradesperson_profiles" USING gist ("base_xyz") WHERE verified and not hidden and trade = 'Builder';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_near_painter_decorator_idx" ON "tradesperson_profiles" USING gist ("base_xyz") WHERE verified and not hidden and trade = 'Painter & Decorator';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_near_roofer_idx" ON "tradesperson_profiles" USING gist ("base_xyz") WHERE verified and not hidden and trade = 'Roofer';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_near_plasterer_idx" ON "tradesperson_profiles" USING gist ("base_xyz") WHERE verified and not hidden and trade = 'Plasterer';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_near_landscaper_idx" ON "tradesperson_profiles" USING gist ("base_xyz") WHERE verified and not hidden and trade = 'Landscaper';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_near_gas_engineer_idx" ON "tradesperson_profiles" USING gist ("base_xyz") WHERE verified and not hidden and trade = 'Gas Engineer';--> statement-breakpoint
CREATE INDEX "tradesperson_profiles_near_heating_engineer_idx" ON "tradesperson_profiles" USING gist ("base_xyz") WHERE verified and not hidden and trade = 'Heating Engineer';
