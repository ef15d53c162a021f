import { describe, expect, it } from 'vitest';
import { appUrlFor } from './app-url';

describe('the app address a provider returns to', () => {
  it('is the request’s origin when it is APP_URL’s or, outside production, a loopback name for it', () => {
    const dev = appUrlFor({ appUrl: 'http://localhost:3000', env: 'development' });
    expect(dev('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(dev('http://[::1]:3000')).toBe('http://[::1]:3000');
    expect(dev('http://localhost:3000')).toBe('http://localhost:3000');
    for (const other of [
      'http://127.0.0.1:3001',
      'https://127.0.0.1:3000',
      'http://evil.example',
      'null',
      '',
    ]) {
      expect(dev(other)).toBe('http://localhost:3000');
    }
    expect(dev(undefined)).toBe('http://localhost:3000');
  });

  it('keeps APP_URL’s path, and in production is always APP_URL', () => {
    expect(appUrlFor({ appUrl: 'http://localhost:3000/app', env: 'test' })('http://127.0.0.1:3000')).toBe(
      'http://127.0.0.1:3000/app',
    );
    const prod = appUrlFor({ appUrl: 'http://localhost:3000', env: 'production' });
    expect(prod('http://127.0.0.1:3000')).toBe('http://localhost:3000');
    const site = appUrlFor({ appUrl: 'https://tradenest.example', env: 'development' });
    expect(site('https://www.tradenest.example')).toBe('https://tradenest.example');
  });
});
