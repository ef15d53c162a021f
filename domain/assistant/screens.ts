// The app's screens as places the assistant can send people (web/src/app/router.tsx). Only screens with
// a fixed path are here: a job, a conversation or a booking's milestones are opened from a list, so the
// assistant links the list. Screens the router marks as planned stay listed with `available: false`, so
// a question about them is answered "not available yet" instead of with a link to a placeholder.

/**
 * Who a screen is for: `everyone` (signed in or not), `signed-in` (customers and tradespeople alike),
 * one user type, admins, or `guest` (signed-out visitors; a signed-in user is sent on to /home).
 */
export type ScreenAudience = 'everyone' | 'signed-in' | 'customer' | 'tradesperson' | 'admin' | 'guest';

export interface Screen {
  path: string;
  label: string;
  /** The label a tradesperson sees, where the screen is named differently for them ('My Bookings'). */
  tradespersonLabel?: string;
  audience: ScreenAudience;
  /** One line: what the screen is for, as the assistant says it. */
  description: string;
  tradespersonDescription?: string;
  /** Words people use for it, synonyms included. */
  keywords: readonly string[];
  /**
   * The words tradespeople use for it, where they mean something else by it ('get work' is Find Jobs
   * to them; to a customer it is nothing of the sort). `keywords` are then everyone else's.
   */
  tradespersonKeywords?: readonly string[];
  available: boolean;
}

export const SCREENS: readonly Screen[] = [
  {
    path: '/auth',
    label: 'Log In or Sign Up',
    audience: 'guest',
    description: 'Sign in, or create a free customer or tradesperson account.',
    keywords: [
      'sign in',
      'log in',
      'login',
      'sign up',
      'register',
      'create an account',
      'join',
      'join as a tradesperson',
      'become a tradesperson',
      'new account',
      'password',
    ],
    available: true,
  },
  {
    path: '/home',
    label: 'Home',
    audience: 'customer',
    description: 'Your home page: post a job, see featured tradespeople and jump to your jobs.',
    keywords: ['home', 'start page', 'main page', 'featured tradespeople'],
    available: true,
  },
  {
    path: '/post-job',
    label: 'Post a Job',
    audience: 'customer',
    description: 'Describe the work, pick a category and postcode, and tradespeople near you send quotes.',
    keywords: [
      'post a job',
      'new job',
      'create a job',
      'advertise a job',
      'get quotes',
      'request a quote',
      'hire',
      'job description',
      'budget',
      'start date',
      'category',
      'describe the work',
      'what to write',
      'enhance with ai',
    ],
    available: true,
  },
  {
    path: '/my-jobs',
    label: 'My Jobs',
    tradespersonLabel: 'My Bookings',
    audience: 'signed-in',
    description:
      'Your jobs: the quotes on each, accepting one, paying, milestone payments and raising a dispute.',
    tradespersonDescription:
      'The jobs you are booked for: confirming, marking work complete, milestones and raising a dispute.',
    keywords: [
      'my jobs',
      'my bookings',
      'my quotes',
      'see my quotes',
      'quotes received',
      'accept a quote',
      'compare quotes',
      'booking',
      'cancel a job',
      'edit a job',
      'pay',
      'payment',
      'pay for the work',
      'ready for payment',
      'release payment',
      'milestones',
      'stage payments',
      'raise a dispute',
      'leave a review',
      'job status',
    ],
    tradespersonKeywords: [
      'my bookings',
      'my jobs',
      'booking',
      'confirm a booking',
      'mark complete',
      'job done',
      'milestones',
      'propose milestones',
      'stage payments',
      'raise a dispute',
      'leave a review',
      'job status',
    ],
    available: true,
  },
  {
    path: '/browse',
    label: 'Find Tradespeople',
    tradespersonLabel: 'Find Jobs',
    audience: 'everyone',
    description: 'Browse verified tradespeople and open their profiles and reviews.',
    tradespersonDescription: 'Open jobs near you to quote on: where you find new work.',
    keywords: ['tradespeople', 'professionals', 'verified', 'profiles', 'browse'],
    tradespersonKeywords: [
      'find jobs',
      'find work',
      'get work',
      'more work',
      'win work',
      'get jobs',
      'get customers',
      'find customers',
      'new customers',
      'grow my business',
      'leads',
      'open jobs',
      'jobs near me',
      'send a quote',
      'quote on a job',
      'apply',
    ],
    available: true,
  },
  {
    path: '/browse-services',
    label: 'Browse Services',
    audience: 'everyone',
    description: 'Search tradespeople by service and location, or pick one of the categories.',
    keywords: [
      'find a tradesperson',
      'find a plumber',
      'find an electrician',
      'find a builder',
      'find a painter',
      'find a cleaner',
      'find a gardener',
      'search',
      'services',
      'categories',
      'find a pro',
    ],
    available: true,
  },
  {
    path: '/browse-location',
    label: 'Browse by Location',
    audience: 'everyone',
    description: 'Find tradespeople by city, town or postcode.',
    keywords: ['location', 'near me', 'nearby', 'city', 'town', 'postcode', 'area', 'local'],
    available: true,
  },
  {
    path: '/reviews',
    label: 'Reviews',
    audience: 'everyone',
    description: "Read a tradesperson's public reviews and ratings.",
    keywords: [
      'reviews',
      'ratings',
      'read reviews',
      'stars',
      'reputation',
      'feedback',
      'any good',
      'reliable',
      'trustworthy',
      'check a tradesperson',
    ],
    available: true,
  },
  {
    path: '/my-reviews',
    label: 'My Reviews',
    audience: 'signed-in',
    description:
      'Reviews to write for finished jobs, reviews about you (to reply to or report) and those you wrote.',
    keywords: ['my reviews', 'write a review', 'leave a review', 'reply to a review', 'report a review'],
    available: true,
  },
  {
    path: '/messages',
    label: 'Messages',
    audience: 'signed-in',
    description: 'Your conversations with customers and tradespeople.',
    keywords: ['messages', 'inbox', 'chat', 'conversation', 'contact', 'talk to', 'reply', 'message'],
    available: true,
  },
  {
    path: '/notifications',
    label: 'Notifications',
    audience: 'signed-in',
    description: 'Everything that happened on your jobs, quotes and payments, newest first.',
    keywords: ['notifications', 'alerts', 'updates', 'bell', 'what happened'],
    available: true,
  },
  {
    path: '/profile',
    label: 'My Account',
    audience: 'signed-in',
    description:
      'Your account: links to your screens, log out, and settings (email notifications, visibility, dark mode).',
    keywords: [
      'profile',
      'account',
      'my account',
      'settings',
      'notification settings',
      'email notifications',
      'turn off emails',
      'dark mode',
      'log out',
      'sign out',
      'change password',
      'delete account',
      'privacy settings',
    ],
    available: true,
  },
  {
    path: '/saved-pros',
    label: 'Saved Professionals',
    audience: 'customer',
    description: 'Tradespeople you saved to come back to.',
    keywords: ['saved pros', 'saved professionals', 'favourites', 'favorites', 'shortlist', 'bookmarked'],
    available: true,
  },
  {
    path: '/payment-methods',
    label: 'Payment Methods',
    audience: 'customer',
    description: 'Your saved cards, used for milestone payments.',
    keywords: ['payment methods', 'card', 'cards', 'saved card', 'add a card', 'debit card', 'credit card'],
    available: true,
  },
  {
    path: '/disputes',
    label: 'Disputes',
    audience: 'signed-in',
    description:
      'Disputes you raised or that were raised with you, and where each one stands. A dispute is raised on the booking, in [My Jobs](/my-jobs).',
    keywords: ['disputes', 'dispute', 'complaint', 'refund', 'raise a dispute', 'dispute status'],
    available: true,
  },
  {
    path: '/tradesperson-dashboard',
    label: 'Tradesperson Dashboard',
    audience: 'tradesperson',
    description: 'Your pending quotes, active jobs and earnings at a glance.',
    keywords: ['dashboard', 'overview', 'active jobs', 'earnings', 'stats'],
    available: true,
  },
  {
    path: '/manage-quotes',
    label: 'Manage Quotes',
    audience: 'tradesperson',
    description: 'The quotes you sent: edit or withdraw one while the customer decides.',
    keywords: [
      'manage quotes',
      'my quotes',
      'sent quotes',
      'edit a quote',
      'change the price',
      'withdraw a quote',
      'quotes',
    ],
    available: true,
  },
  {
    path: '/edit-tradesperson-profile',
    label: 'Edit Profile',
    audience: 'tradesperson',
    description: 'Your public profile: trade, business name, bio, rates, specialties and service areas.',
    keywords: [
      'edit profile',
      'public profile',
      'bio',
      'rates',
      'hourly rate',
      'specialties',
      'service area',
      'business name',
      'business details',
      'trade',
    ],
    available: true,
  },
  {
    path: '/tradesperson/setup',
    label: 'Business Setup',
    audience: 'tradesperson',
    description:
      "A new tradesperson's four setup steps: business, services, verification documents and payouts.",
    keywords: ['business setup', 'set up my business', 'onboarding', 'get started', 'get verified'],
    available: true,
  },
  {
    path: '/documents',
    label: 'Documents',
    audience: 'tradesperson',
    description: 'Upload your photo ID, insurance and accreditations to be verified.',
    keywords: [
      'documents',
      'verification',
      'verified badge',
      'get verified',
      'photo id',
      'insurance',
      'accreditation',
      'upload',
      'certificate',
    ],
    available: true,
  },
  {
    path: '/tradesperson/payments',
    label: 'Payments',
    audience: 'tradesperson',
    description: 'Your earnings, money held in escrow, payouts and your payout account.',
    keywords: [
      'payments',
      'earnings',
      'payouts',
      'payout account',
      'bank account',
      'get paid',
      'connect',
      'income',
      'money held',
    ],
    available: true,
  },
  {
    path: '/faq',
    label: 'FAQ',
    audience: 'everyone',
    description: 'Answers to common questions about jobs, quotes, payments and accounts.',
    keywords: ['faq', 'frequently asked questions', 'help', 'questions'],
    available: true,
  },
  {
    path: '/safety',
    label: 'Safety',
    audience: 'everyone',
    description: 'How to hire safely and what TradeNest checks.',
    keywords: ['safety', 'safe', 'scam', 'fraud', 'trust', 'stay safe', 'tips'],
    available: true,
  },
  {
    path: '/support',
    label: 'Support',
    audience: 'everyone',
    description: 'Contact our support team by email or phone.',
    keywords: [
      'support',
      'contact',
      'get in touch',
      'help',
      'customer service',
      'phone',
      'email us',
      'speak to someone',
    ],
    available: true,
  },
  {
    path: '/terms',
    label: 'Terms of Service',
    audience: 'everyone',
    description: 'The terms of using TradeNest.',
    keywords: ['terms', 'terms of service', 'conditions', 'rules', 'legal'],
    available: true,
  },
  {
    path: '/privacy',
    label: 'Privacy Policy',
    audience: 'everyone',
    description: 'What personal data TradeNest keeps and why.',
    keywords: ['privacy', 'privacy policy', 'personal data', 'gdpr', 'my data'],
    available: true,
  },
  {
    path: '/admin',
    label: 'Admin Dashboard',
    audience: 'admin',
    description: "The platform's figures and the admin tools.",
    keywords: ['admin', 'admin dashboard', 'platform stats'],
    available: true,
  },
  {
    path: '/admin/verifications',
    label: 'Verification Queue',
    audience: 'admin',
    description: "Tradespeople's documents waiting to be checked.",
    keywords: ['verification queue', 'approve documents', 'verify tradespeople', 'pending documents'],
    available: true,
  },
  {
    path: '/admin/users',
    label: 'User Management',
    audience: 'admin',
    description: 'Find users, and suspend or restore accounts.',
    keywords: ['users', 'user management', 'suspend', 'ban', 'accounts'],
    available: true,
  },
  {
    path: '/admin/payments',
    label: 'Payment Management',
    audience: 'admin',
    description: 'Payments across the platform, escrow and refunds.',
    keywords: ['payment management', 'all payments', 'refunds', 'escrow'],
    available: true,
  },
  {
    path: '/admin/reviews',
    label: 'Reported Reviews',
    audience: 'admin',
    description: 'Reviews people reported, to keep or hide.',
    keywords: ['reported reviews', 'moderation', 'hide a review'],
    available: true,
  },
  {
    path: '/admin/disputes',
    label: 'Dispute Management',
    audience: 'admin',
    description: 'Open disputes and their decisions.',
    keywords: ['dispute management', 'resolve disputes', 'all disputes'],
    available: true,
  },
  {
    path: '/subscriptions',
    label: 'Subscriptions',
    audience: 'signed-in',
    description: 'Subscription plans.',
    keywords: ['subscription', 'subscriptions', 'plan', 'premium', 'upgrade'],
    available: false,
  },
  {
    path: '/tradesperson/calendar',
    label: 'Calendar',
    audience: 'tradesperson',
    description: 'A calendar of your bookings.',
    keywords: ['calendar', 'schedule', 'diary', 'availability'],
    available: false,
  },
  {
    path: '/tradesperson/analytics',
    label: 'Analytics',
    audience: 'tradesperson',
    description: 'Analytics about your profile and quotes.',
    keywords: ['analytics', 'statistics', 'insights', 'profile views'],
    available: false,
  },
  {
    path: '/chat-support',
    label: 'Chat Support',
    audience: 'everyone',
    description: 'Live chat with support.',
    keywords: ['live chat', 'chat support', 'chat with support', 'talk to a human'],
    available: false,
  },
];

/** Who is looking: a guest or a user type, and whether they are an admin too. */
export interface ScreenViewer {
  userType: 'guest' | 'customer' | 'tradesperson';
  isAdmin: boolean;
}

/** Whether a screen is meant for this viewer. */
export function screenIsFor(screen: Screen, viewer: ScreenViewer): boolean {
  switch (screen.audience) {
    case 'everyone':
      return true;
    case 'guest':
      return viewer.userType === 'guest';
    case 'signed-in':
      return viewer.userType !== 'guest';
    case 'admin':
      return viewer.isAdmin;
    default:
      return viewer.userType === screen.audience;
  }
}

/** The screen's name as this viewer sees it. */
export function screenLabel(screen: Screen, viewer: ScreenViewer): string {
  return viewer.userType === 'tradesperson' && screen.tradespersonLabel
    ? screen.tradespersonLabel
    : screen.label;
}
