import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('runs with no settings at all: port 3000, ./data, embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.secure).toBe(false);
    expect(config.seedDemoData).toBe('auto');
  });

  it('lets the heap grow 50% past what a full collection kept, or leaves it to V8 with 0', () => {
    expect(loadConfig({}).heapGrowingPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '-5' })).toThrow(/HEAP_GROWING_PERCENT="-5"/);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '1000' })).toThrow(/HEAP_GROWING_PERCENT="1000"/);
  });

  it('needs two database connections or more', () => {
    expect(messageOf(() => loadConfig({ DATABASE_POOL_MAX: '1' }))).toContain(
      'DATABASE_POOL_MAX="1": must be 2 or more: a start holds one connection for a lock while it works on another',
    );
    expect(loadConfig({ DATABASE_POOL_MAX: '2' }).databasePoolMax).toBe(2);
  });

  it('drains for 5 s before a stop in production and not at all otherwise, always within the timeout', () => {
    const production = { NODE_ENV: 'production', SANDBOX_WEBHOOK_SECRET: 'whsec_test_drain_0123456789' };
    expect(loadConfig(production).shutdownDrainMs).toBe(5000);
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...production, SHUTDOWN_TIMEOUT_MS: '4000' }).shutdownDrainMs).toBe(2000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1500);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '10000' })).toThrow(
      /SHUTDOWN_DRAIN_MS="10000": must be less than SHUTDOWN_TIMEOUT_MS/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('derives HTTPS from APP_URL and drops a trailing slash', () => {
    const config = loadConfig({ APP_URL: 'https://tradenest.example/' });
    expect(config.appUrl).toBe('https://tradenest.example');
    expect(config.secure).toBe(true);
  });

  it('lists every bad setting in one readable message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO_DATA: 'sometimes' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration\. Fix these settings \(see \.env\.example\):/);
    expect(message).toContain('PORT="eighty": must be a whole number');
    expect(message).toContain('DATABASE_URL="mysql://x": must be a postgres:// connection string');
    expect(message).toContain('SEED_DEMO_DATA="sometimes"');
  });

  it('never prints a password or a key in full when naming a bad setting', () => {
    const message = messageOf(() =>
      loadConfig({
        DATABASE_URL: 'postgres://app:hunter2-secret@db.internal:5432/tradenest',
        DATABASE_POOL_MAX: 'lots',
        SMTP_URL: 'http://mailer:smtp-pass@mail.example.com',
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_51AbCdEfGhIjKlMnOp',
        STRIPE_WEBHOOK_SECRET: 'not-a-whsec-secret-value',
        AI_PROVIDER: 'openai',
        AI_API_KEY: 'sk-proj-abcdefghijklmnop',
        STORAGE_DRIVER: 's3',
        S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
        SANDBOX_WEBHOOK_SECRET: 'short',
      }),
    );
    // Each bad setting is named with what is wrong with it…
    expect(message).toContain('DATABASE_POOL_MAX="lots": must be a whole number');
    expect(message).toContain(
      'SMTP_URL="http://mailer:***@mail.example.com": must be an smtp:// or smtps:// URL',
    );
    expect(message).toContain('STRIPE_WEBHOOK_SECRET="***": must be a webhook signing secret (whsec_…)');
    expect(message).toContain('SANDBOX_WEBHOOK_SECRET="***": must be at least 16 characters long');
    // …and no secret appears, in any setting, valid or not.
    for (const secret of ['hunter2', 'smtp-pass', '51AbCd', 'not-a-whsec', 'short', 'wJalr', 'abcdefgh']) {
      expect(message).not.toContain(secret);
    }
  });

  it('shows a bad DATABASE_URL without its password, and a key by its prefix only', () => {
    const message = messageOf(() =>
      loadConfig({ DATABASE_URL: 'mysql://user:pa55word@host/db', STRIPE_SECRET_KEY: 'pk_test_123456789' }),
    );
    expect(message).toContain(
      'DATABASE_URL="mysql://user:***@host/db": must be a postgres:// connection string',
    );
    expect(message).toContain('STRIPE_SECRET_KEY="pk_test_…***": must be a Stripe secret key');
    expect(message).not.toMatch(/pa55word|123456789/);
  });

  it('refuses the public sandbox webhook secret in production, and takes one of your own', () => {
    const production = { NODE_ENV: 'production' };
    const refusal =
      'SANDBOX_WEBHOOK_SECRET="": must be set to a secret of your own in production while PAYMENTS_PROVIDER=sandbox';
    expect(messageOf(() => loadConfig(production))).toContain(refusal);
    // Set to the published default by hand is no better, and is not printed either.
    expect(
      messageOf(() =>
        loadConfig({ ...production, SANDBOX_WEBHOOK_SECRET: 'whsec_sandbox_tradenest_local_only' }),
      ),
    ).toContain('SANDBOX_WEBHOOK_SECRET="whsec_…***": must be set to a secret of your own in production');
    const own = loadConfig({ ...production, SANDBOX_WEBHOOK_SECRET: 'a-secret-of-our-own-0123456789' });
    expect(own.payments.sandboxWebhookSecret).toBe('a-secret-of-our-own-0123456789');
    // Stripe in production does not need the sandbox's secret; development keeps the default.
    expect(() =>
      loadConfig({
        ...production,
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    ).not.toThrow();
    expect(loadConfig({}).payments.sandboxWebhookSecret).toBe('whsec_sandbox_tradenest_local_only');
  });

  it('keeps uploads in a local folder unless S3 is chosen', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    expect(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'uploads',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'uploads',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('refuses to start with S3 storage but no bucket or credentials, naming each', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_ACCESS_KEY_ID: 'key' })).toThrow(ConfigError);
    try {
      loadConfig({ STORAGE_DRIVER: 's3', S3_ACCESS_KEY_ID: 'key' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('S3_SECRET_ACCESS_KEY="": is required when STORAGE_DRIVER=s3');
      expect(message).not.toContain('S3_ACCESS_KEY_ID=');
    }
  });

  it('has a fictional support number and a support email by default, and checks both', () => {
    expect(loadConfig({}).support).toEqual({ phone: '0113 496 0000', email: 'support@tradenest.local' });
    expect(
      loadConfig({ SUPPORT_PHONE: '+44 20 7946 0000', SUPPORT_EMAIL: 'help@example.com' }).support,
    ).toEqual({
      phone: '+44 20 7946 0000',
      email: 'help@example.com',
    });
    expect(() => loadConfig({ SUPPORT_PHONE: 'call us' })).toThrow(
      'SUPPORT_PHONE="call us": must be a phone number such as 0113 496 0000',
    );
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support' })).toThrow('SUPPORT_EMAIL="support"');
  });

  it('is documented setting by setting in .env.example, with the defaults the code uses', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const documented = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
        .map((line) => line.split('=') as [string, string]),
    );
    expect(Object.keys(documented)).toEqual(CONFIG_KEYS);
    // The example's values, taken as a whole configuration, must equal the defaults.
    expect(loadConfig(documented)).toEqual(loadConfig({}));
  });
});

function messageOf(load: () => unknown): string {
  try {
    load();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}
