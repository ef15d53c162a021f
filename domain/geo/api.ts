import { z } from 'zod';

// The geo API contract: postcode checks and place lookups for forms and search, and the visitor's town.

const Country = z.enum(['England', 'Scotland', 'Wales', 'Northern Ireland']);

export const PostcodeView = z.object({
  postcode: z.string(),
  outcode: z.string(),
  place: z.string(),
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
  label: z.string(),
  place: z.string(),
  country: Country,
  precision: z.enum(['sector', 'district', 'approximate', 'place']),
  lat: z.number(),
  lng: z.number(),
});
export type LocationView = z.infer<typeof LocationView>;

/** Both null outside the UK, for private and unknown addresses, and on any failure. */
export const VisitorLocationView = z.object({ city: z.string().nullable(), district: z.string().nullable() });
export type VisitorLocationView = z.infer<typeof VisitorLocationView>;
