// The spec's fixed lists (section 9 and section 2). Every screen, the seed and the server read them
// from here so that a label is written exactly once.

export const PRODUCT_NAME = 'TradeNest';

export const TRADES = [
  'Plumber',
  'Electrician',
  'Carpenter',
  'Builder',
  'Painter & Decorator',
  'Roofer',
  'Plasterer',
  'Landscaper',
  'Gas Engineer',
  'Heating Engineer',
] as const;
export type Trade = (typeof TRADES)[number];

/** Categories offered on the Post a Job form. */
export const JOB_CATEGORIES = [
  'Plumbing',
  'Electrical',
  'Carpentry',
  'Painting',
  'Roofing',
  'Flooring',
  'Gardening',
  'Cleaning',
] as const;
export type JobCategory = (typeof JOB_CATEGORIES)[number];

/** Category ids of the Browse Services grid (links to /browse?category={id}). */
export const BROWSE_CATEGORY_IDS = [
  'home',
  'auto',
  'garden',
  'cleaning',
  'repair',
  'electrical',
  'plumbing',
  'security',
  'painting',
  'carpentry',
] as const;
export type BrowseCategoryId = (typeof BROWSE_CATEGORY_IDS)[number];

/** Popular Categories on the landing page; each opens /browse-services?service={name}. */
export const LANDING_POPULAR_CATEGORIES = [
  'Plumbing',
  'Electrical',
  'Decorating',
  'Carpentry',
  'Auto',
  'Roofing',
  'Gardening',
  'Cleaning',
] as const;

/** Popular Services on the customer home screen. */
export const HOME_POPULAR_SERVICES = [
  'Plumbing',
  'Electrical',
  'Carpentry',
  'Painting',
  'Roofing',
  'Flooring',
] as const;

/** The hero's rotating trade word, one every ROTATING_WORD_INTERVAL_MS. */
export const HERO_ROTATING_TRADES = [
  'Plumber',
  'Electrician',
  'Builder',
  'Decorator',
  'Carpenter',
  'Heating Engineer',
  'Locksmith',
  'Gardener',
] as const;
export const ROTATING_WORD_INTERVAL_MS = 3000;

/** The 15 cities of Browse by Location. */
export const CITIES = [
  'London',
  'Manchester',
  'Birmingham',
  'Leeds',
  'Glasgow',
  'Liverpool',
  'Newcastle',
  'Sheffield',
  'Bristol',
  'Edinburgh',
  'Cardiff',
  'Belfast',
  'Nottingham',
  'Southampton',
  'Leicester',
] as const;
export type City = (typeof CITIES)[number];

export const CUSTOMER_DISPUTE_REASONS = [
  'Work not completed as agreed',
  'Poor quality of work',
  'Tradesperson not responsive',
  'Safety concerns',
  'Other',
] as const;

export const TRADESPERSON_DISPUTE_REASONS = [
  'Payment issue',
  'Customer not cooperative',
  'Scope creep without compensation',
  'Unsafe working conditions',
  'Other',
] as const;

export const USER_TYPES = ['customer', 'tradesperson'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ROLES = ['admin'] as const;

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 100,
  nameMin: 2,
  nameMax: 100,
  emailMax: 255,
  jobTitleMin: 5,
  jobTitleMax: 100,
  jobDescriptionMin: 20,
  jobDescriptionMax: 2000,
  postcodeMax: 10,
  /**
   * A raw form value (a number, date or postcode typed as text) before it is trimmed and parsed: far
   * longer than any valid one, so this bound refuses only junk, and gives the field a stated limit.
   */
  formValueMax: 100,
  disputeDescriptionMin: 20,
  disputeDescriptionMax: 1000,
  aiEnhanceMin: 20,
  reviewCommentMax: 2000,
  messageMax: 5000,
  liveQuotesPerJob: 3,
  featuredOnLanding: 6,
  featuredOnHome: 3,
  specialtiesOnCard: 3,
  dashboardListLimit: 5,
  dashboardActiveJobs: 3,
  businessSetupSteps: 4,
  quoteMaxPence: 100_000_000,
  escrowProtectionDays: 7,
} as const;
