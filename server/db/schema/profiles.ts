import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { TRADES } from '../../../domain/catalog/catalog';
import { users } from './accounts';
import { createdAt, id, oneOf, tsz, updatedAt } from './helpers';

/** PostgreSQL's `box` (read as its text form); Drizzle has no builder for it. */
const box = customType<{ data: string }>({ dataType: () => 'box' });
/** The `cube` extension's type (read as its text form), for a point on the unit sphere. */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

export const tradespersonProfiles = pgTable(
  'tradesperson_profiles',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    businessName: text('business_name'),
    /** A UK VAT registration number, normalised ('GB123456789'); null when not VAT registered. */
    vatNumber: text('vat_number'),
    phone: text('phone'),
    trade: text('trade'),
    bio: text('bio'),
    // Whole pounds per hour, as the profile form takes them.
    hourlyRateMin: integer('hourly_rate_min'),
    hourlyRateMax: integer('hourly_rate_max'),
    yearsExperience: integer('years_experience'),
    specialties: text('specialties').array().notNull().default(sql`'{}'::text[]`),
    serviceAreas: text('service_areas').array().notNull().default(sql`'{}'::text[]`),
    basePostcode: text('base_postcode'),
    baseLat: doublePrecision('base_lat'),
    baseLng: doublePrecision('base_lng'),
    serviceRadiusMiles: integer('service_radius_miles').notNull().default(15),
    verified: boolean('verified').notNull().default(false),
    // True while the account is suspended or deleted or its owner has turned off 'Profile visible to
    // all' (Settings). Kept by triggers on users and user_settings (migration 0006) so that search
    // filters on this table alone, inside one index, instead of joining two tables per candidate.
    hidden: boolean('hidden').notNull().default(false),
    // The specialties lower-cased and joined with '|', for the search's "service" word (a LIKE on one
    // stored string rather than on an array unpacked per row). The function is migration 0006's.
    specialtiesText: text('specialties_text').generatedAlwaysAs(
      sql`tradesperson_specialties_text(specialties)`,
    ),
    // The bounding box of the service area in degrees (x = longitude, y = latitude), so that "whose
    // area covers this point" is a GiST index lookup; the exact distance check follows it. 68 miles
    // per degree, a little under the true 69.09, keeps every point of the circle inside the box
    // (a longitude degree shrinks with cos(latitude) and the circle bulges towards the pole).
    serviceBox: box('service_box').generatedAlwaysAs(
      sql`box(point(base_lng - service_radius_miles / (68.0 * greatest(cos(radians(base_lat)), 0.01)), base_lat - service_radius_miles / 68.0), point(base_lng + service_radius_miles / (68.0 * greatest(cos(radians(base_lat)), 0.01)), base_lat + service_radius_miles / 68.0))`,
    ),
    // The base point on the unit sphere (x, y, z), so that "nearest first" is a walk of a GiST index
    // (`<->`, the straight-line distance, which orders points exactly as the great-circle distance
    // does). The box above answers "whose area covers this point"; this one, in what order. Migration
    // 0025 creates the extension and the indexes.
    baseXyz: cube('base_xyz').generatedAlwaysAs(
      sql`case when base_lat is null or base_lng is null then null else cube(array[cos(radians(base_lat)) * cos(radians(base_lng)), cos(radians(base_lat)) * sin(radians(base_lng)), sin(radians(base_lat))]) end`,
    ),
    setupCompletedAt: tsz('setup_completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tradesperson_profiles_trade_check', sql`${t.trade} is null or ${oneOf(t.trade, TRADES)}`),
    check(
      'tradesperson_profiles_rates_check',
      sql`(${t.hourlyRateMin} is null or ${t.hourlyRateMin} >= 0) and (${t.hourlyRateMax} is null or ${t.hourlyRateMax} >= 0) and (${t.hourlyRateMin} is null or ${t.hourlyRateMax} is null or ${t.hourlyRateMax} >= ${t.hourlyRateMin})`,
    ),
    check(
      'tradesperson_profiles_years_check',
      sql`${t.yearsExperience} is null or ${t.yearsExperience} between 0 and 80`,
    ),
    check('tradesperson_profiles_radius_check', sql`${t.serviceRadiusMiles} between 1 and 200`),
    // Search lists verified tradespeople nobody has hidden: by location through the box, else newest
    // first. In the database the box index also INCLUDEs the columns search filters and sorts on
    // (migration 0006; Drizzle cannot declare INCLUDE), so a search never visits the table's rows.
    index('tradesperson_profiles_service_box_idx')
      .using('gist', t.serviceBox)
      .where(sql`verified and not hidden`),
    index('tradesperson_profiles_listing_idx').on(t.createdAt, t.id).where(sql`verified and not hidden`),
  ],
);
