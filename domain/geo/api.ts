import { z } from 'zod';
import { PlaceName, Postcode } from '../fields';

// The geo API contract: postcode checks and place lookups for forms and search, and the visitor's town.

const Country = z.enum(['England', 'Scotland', 'Wales', 'Northern Ireland']);

export const PostcodeView = z.object({
  postcode: Postcode,
  outcode: Postcode,
  place: PlaceName,
  country: Country,
  precision: z.enum(['sector', 'district', 'approximate']),
  lat: z.number(),
  lng: z.number(),
});
export type PostcodeView = z.infer<typeof PostcodeView>;

export const LocationQuery = z.object({
  q: z.string().trim().min(1, 'Enter a town, city or postcode').max(100),
});

export const LocationView = z.object({
  kind: z.enum(['postcode', 'sector', 'outcode', 'place']),
  label: PlaceName,
  place: PlaceName,
  country: Country,
  precision: z.enum(['sector', 'district', 'approximate', 'place']),
  lat: z.number(),
  lng: z.number(),
});
export type LocationView = z.infer<typeof LocationView>;

/** Both null outside the UK, for private and unknown addresses, and on any failure. */
export const VisitorLocationView = z.object({ city: PlaceName.nullable(), district: Postcode.nullable() });
export type VisitorLocationView = z.infer<typeof VisitorLocationView>;
