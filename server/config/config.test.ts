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

  it('is documented setting by setting in .env.example, with the defaults the code uses', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const documented = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => line.split('=') as [string, string]),
    );
    expect(Object.keys(documented)).toEqual(CONFIG_KEYS);
    // The example's values, taken as a whole configuration, must equal the defaults.
    expect(loadConfig(documented)).toEqual(loadConfig({}));
  });
});
