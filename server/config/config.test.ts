import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
});
