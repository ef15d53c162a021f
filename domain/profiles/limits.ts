// The bounds of a tradesperson's profile (profiles/schemas.ts says why they are what they are). A module
// of their own: fields.ts and discovery read them, and importing the schemas for a number built every
// profile schema on pages that show no profile form (bench/README.md, issue 40).

export const PROFILE_LIMITS = {
  bioMax: 2000,
  ratePoundsMax: 1000,
  yearsMax: 80,
  tagsMax: 20,
  tagLengthMax: 50,
  radiusMilesMin: 1,
  radiusMilesMax: 200,
  radiusMilesDefault: 15,
  businessNameMax: 100,
  phoneMax: 20,
} as const;
