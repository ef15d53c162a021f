import path from 'node:path';
import { type Config, loadConfig } from '../server/config/config';

export type ConfigOverrides = Record<string, string>;

/** What a test adds to run the app in production, which wants a sandbox webhook secret of its own. */
export const PRODUCTION: ConfigOverrides = {
  NODE_ENV: 'production',
  SANDBOX_WEBHOOK_SECRET: 'whsec_test_production_only_secret',
};

/** The configuration tests run with: no built web app unless a test points at one, quiet logs. */
export function testConfig(overrides: ConfigOverrides = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Jobs run when a test calls `app.queue.runDue(name)` (or a commit wakes them), never on a timer.
    QUEUE_POLL_INTERVAL_MS: '0',
    // Tests change data behind the app's back (factories): visitors' reads are shared only in the
    // tests about sharing them (server/modules/discovery/public-reads.int.test.ts).
    PUBLIC_CACHE_MS: '0',
    // The admin overview's figures likewise (server/modules/admin/admin.int.test.ts tests the sharing).
    ADMIN_SHARED_MS: '0',
    DATA_DIR: path.join(process.cwd(), '.tmp', 'test-data'),
    WEB_DIST_DIR: path.join(process.cwd(), '.tmp', 'no-web-build'),
    ...overrides,
  });
}
