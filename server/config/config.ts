import path from 'node:path';
import { z } from 'zod';
import { LIMITS } from '../../domain/catalog/catalog';
import { redactSecret, redactUrl, StartupError } from '../lib/startup-error';

// Every setting the server reads, with its default. `.env.example` mirrors this list.
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:3000' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  // A start holds one connection for an advisory lock while it works on another (db/advisory-lock.ts).
  DATABASE_POOL_MAX: z.coerce
    .number()
    .int()
    .min(2, 'must be 2 or more: a start holds one connection for a lock while it works on another')
    .max(200)
    .default(10),
  SEED_DEMO_DATA: z.enum(['auto', 'always', 'never']).default('auto'),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanish.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // Unset: the default for NODE_ENV (loadConfig).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  QUEUE_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  OPEN_JOBS_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  ADMIN_SHARED_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
  // Bearer token for GET /metrics (docs/operations/metrics.md). Unset: metrics are off in production and
  // open to loopback only elsewhere.
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters (e.g. the output of `openssl rand -hex 32`)')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\//,
      'must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com:465',
    )
    .optional(),
  MAIL_FROM: z.string().min(3).default('TradeNest <no-reply@tradenest.local>'),
  ADMIN_EMAILS: z.string().default(''),
  // Ofcom keeps 0113 496 0000-0999 free for drama, so the default can never ring a real person.
  SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ]{5,18}[0-9]$/, 'must be a phone number such as 0113 496 0000')
    .default('0113 496 0000'),
  SUPPORT_EMAIL: z
    .email('must be an email address such as support@example.com')
    .default('support@tradenest.local'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.com' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  // The window the help pages and the assistant state (LIMITS.escrowProtectionDays): one constant for both.
  PROTECTION_WINDOW_DAYS: z.coerce.number().int().min(0).max(90).default(LIMITS.escrowProtectionDays),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  // Stripe.js's key for the card form on Payment Methods (pk_test_… or pk_live_…).
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  // Where the Stripe SDK sends its calls; unset means Stripe itself. Tests point it at a local fake.
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  // The AI assistant and Enhance with AI: local (offline: the product's help and rules) or openai (any
  // OpenAI-compatible chat-completions server: OpenAI, Ollama, vLLM …).
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  // Assistant messages and enhancements per minute, per signed-in user (or guest address) and per address.
  AI_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(20),
  AI_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  // Signs the sandbox provider's webhooks. The default suits one machine; production needs its own (below).
  SANDBOX_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters long').optional(),
});

/** Published in the source: anyone could sign a sandbox webhook with it. */
const DEFAULT_SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_tradenest_local_only';

/** Settings whose values are never printed, not even in an error; URLs lose only their password. */
const SECRET_KEYS = new Set([
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'AI_API_KEY',
  'SANDBOX_WEBHOOK_SECRET',
]);

// S3 storage cannot start without a bucket and the keys to reach it; saying so at start-up beats the
// first upload failing.
const EnvSchema = EnvFields.superRefine((env, ctx) => {
  // A sandbox in production takes payments' webhooks from whoever can reach it: on the public default
  // secret, anyone could confirm a payment that never happened.
  if (
    env.NODE_ENV === 'production' &&
    env.PAYMENTS_PROVIDER === 'sandbox' &&
    (env.SANDBOX_WEBHOOK_SECRET ?? DEFAULT_SANDBOX_WEBHOOK_SECRET) === DEFAULT_SANDBOX_WEBHOOK_SECRET
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['SANDBOX_WEBHOOK_SECRET'],
      message:
        'must be set to a secret of your own in production while PAYMENTS_PROVIDER=sandbox (the default is public), e.g. the output of `openssl rand -hex 32`',
    });
  }
  if (env.SHUTDOWN_DRAIN_MS !== undefined && env.SHUTDOWN_DRAIN_MS >= env.SHUTDOWN_TIMEOUT_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['SHUTDOWN_DRAIN_MS'],
      message: 'must be less than SHUTDOWN_TIMEOUT_MS, which counts from the signal and includes the drain',
    });
  }
  if (env.PAYMENTS_PROVIDER === 'stripe') {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENTS_PROVIDER=stripe' });
    }
  }
  if (env.AI_PROVIDER === 'openai') {
    for (const key of ['AI_BASE_URL', 'AI_MODEL'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when AI_PROVIDER=openai' });
    }
  }
  if (env.STORAGE_DRIVER !== 's3') return;
  for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!env[key])
      ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE_DRIVER=s3' });
  }
});

/** Every setting's name, in the order .env.example lists them. */
export const CONFIG_KEYS = Object.keys(EnvFields.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  appUrl: string;
  /** True when the public URL is HTTPS, which turns on HSTS and secure cookies. */
  secure: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  seedDemoData: 'auto' | 'always' | 'never';
  webDistDir: string;
  logLevel: string;
  trustProxy: boolean;
  bodyLimitBytes: number;
  rateLimit: { max: number; windowMs: number };
  /** From SIGTERM/SIGINT until the process exits anyway, the drain included. */
  shutdownTimeoutMs: number;
  /** After SIGTERM/SIGINT, how long readiness answers 503 while everything else is still served. */
  shutdownDrainMs: number;
  /** How long an instance may reuse a session it read (0: read it on every request). */
  /** How often each background-job queue is polled (0: never; tests run jobs themselves). */
  queuePollIntervalMs: number;
  sessionCacheMs: number;
  /** How long an instance shares a page of the open-jobs list between viewers (0: never). */
  openJobsCacheMs: number;
  /** How long visitors' reads of tradespeople are shared at most; writes clear them sooner. 0: never shared. */
  publicCacheMs: number;
  /** How long the admin console's reads that are the same for every admin (the overview, the verification queue) are shared at most; admins' writes clear them sooner. 0: never. */
  adminSharedMs: number;
  /** How far V8 lets the old generation grow past what a full collection kept, in percent (0: V8's own choice). */
  heapGrowingPercent: number;
  /** Required as `Authorization: Bearer …` by GET /metrics; unset: off in production, loopback only elsewhere. */
  metricsToken: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Lower-cased emails that are made admins when they sign up or when the server starts. */
  adminEmails: string[];
  /** Shown on the Support page: its Call Support button and contact email. */
  support: { phone: string; email: string };
  /** Where uploads go: a folder under DATA_DIR, or an S3-compatible bucket. */
  storage: StorageConfig;
  payments: PaymentsConfig;
  ai: AiConfig;
};

export type AiConfig = {
  /** Per minute: assistant messages and enhancements per user (guests: per address), and per address. */
  rateLimitPerUser: number;
  rateLimitPerIp: number;
} & (
  | { provider: 'local' }
  // A local server (Ollama) needs no key; the SDK still sends one, so a placeholder is used.
  | { provider: 'openai'; baseUrl: string; apiKey: string; model: string }
);

export type PaymentsConfig = {
  /** How long paid money is held in escrow before it is released to the tradesperson. */
  protectionWindowDays: number;
  sandboxWebhookSecret: string;
} & (
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      publishableKey?: string | undefined;
      apiBase: string | undefined;
    }
);

export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

/** Every bad setting, one per line: the operator's to fix, so printed without a stack trace. */
export class ConfigError extends StartupError {
  override name = 'ConfigError';
}

/** zod's wording for a number that is not one ("expected number, received NaN"), said plainly. */
function plainMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int')) {
    return 'must be a whole number';
  }
  return issue.message;
}

/** A setting's value as an error may show it: secrets and passwords redacted. */
function shown(key: string, value: string): string {
  if (value === '') return value;
  return SECRET_KEYS.has(key) ? redactSecret(value) : redactUrl(value);
}

/** Reads and validates the environment; throws a ConfigError listing every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as it does in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = issue.path.join('.');
      return `  ${key}=${JSON.stringify(shown(key, env[key] ?? ''))}: ${plainMessage(issue)}`;
    });
    throw new ConfigError(
      `Invalid configuration. Fix these settings (see .env.example):\n${lines.join('\n')}`,
    );
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    appUrl,
    secure: appUrl.startsWith('https://'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    seedDemoData: e.SEED_DEMO_DATA,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    // A balancer needs a few seconds to see readiness fail (docs/operations/balancer.md); a developer
    // pressing Ctrl-C has no balancer and wants the prompt back at once. Capped so the default never
    // eats the whole of a short SHUTDOWN_TIMEOUT_MS.
    shutdownDrainMs:
      e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? Math.min(5000, e.SHUTDOWN_TIMEOUT_MS / 2) : 0),
    queuePollIntervalMs: e.QUEUE_POLL_INTERVAL_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    openJobsCacheMs: e.OPEN_JOBS_CACHE_MS,
    publicCacheMs: e.PUBLIC_CACHE_MS,
    adminSharedMs: e.ADMIN_SHARED_MS,
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    metricsToken: e.METRICS_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
    support: { phone: e.SUPPORT_PHONE, email: e.SUPPORT_EMAIL },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            // Present: the refinement above refuses s3 without them.
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local' },
    payments: {
      protectionWindowDays: e.PROTECTION_WINDOW_DAYS,
      sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET ?? DEFAULT_SANDBOX_WEBHOOK_SECRET,
      ...(e.PAYMENTS_PROVIDER === 'stripe'
        ? {
            provider: 'stripe' as const,
            // Present: the refinement above refuses stripe without them.
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            apiBase: e.STRIPE_API_BASE,
          }
        : { provider: 'sandbox' as const }),
    },
    ai: {
      rateLimitPerUser: e.AI_RATE_LIMIT_PER_USER,
      rateLimitPerIp: e.AI_RATE_LIMIT_PER_IP,
      ...(e.AI_PROVIDER === 'openai'
        ? {
            provider: 'openai' as const,
            // Present: the refinement above refuses openai without them.
            baseUrl: e.AI_BASE_URL!,
            apiKey: e.AI_API_KEY ?? 'not-needed',
            model: e.AI_MODEL!,
          }
        : { provider: 'local' as const }),
    },
  };
}
