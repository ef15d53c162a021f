import type { Config } from '../config/config';

// Browsers treat these as one machine but as different sites: a session cookie set on one is not sent
// to another.
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The app's address to send a person back to from a provider's page, given the request's Origin. */
export type AppUrlFor = (origin: string | undefined) => string;

/**
 * A return address (checkout's success and cancel pages) must be the origin the person is using, or
 * their session cookie is not there and they land on sign-in after paying. The request's own origin is
 * used when it is APP_URL's, or, outside production with APP_URL on this machine, the same scheme and
 * port under another loopback name (127.0.0.1 for localhost); anything else gets APP_URL, so a
 * request cannot send anyone to an address of its choosing.
 */
export function appUrlFor(config: Pick<Config, 'appUrl' | 'env'>): AppUrlFor {
  const app = new URL(config.appUrl);
  const basePath = app.pathname.replace(/\/+$/, '');
  const loopback = config.env !== 'production' && LOOPBACK_HOSTS.has(app.hostname);
  return (origin) => {
    if (!origin || !loopback) return config.appUrl;
    let from: URL;
    try {
      from = new URL(origin);
    } catch {
      return config.appUrl;
    }
    const equivalent =
      from.protocol === app.protocol && from.port === app.port && LOOPBACK_HOSTS.has(from.hostname);
    return equivalent ? `${from.origin}${basePath}` : config.appUrl;
  };
}
