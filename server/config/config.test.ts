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

  it('drains for 5 s before a stop in production and not at all otherwise, always within the timeout', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).shutdownDrainMs).toBe(5000);
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', SHUTDOWN_TIMEOUT_MS: '4000' }).shutdownDrainMs).toBe(2000);
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
    expect(message).toContain('PORT="eighty"');
    expect(message).toContain('DATABASE_URL="mysql://x": must be a postgres:// connection string');
    expect(message).toContain('SEED_DEMO_DATA="sometimes"');
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
      expect(message).toContain('S3_BUCKET="": is required when STORAGE_DRIVER=s3');
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
