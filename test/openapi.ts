import { buildApp } from '../server/app';
import type { DatabaseHandle } from '../server/db/client';
import { testConfig } from './config';

/**
 * The public URL the linted document is built with. Spectral's OWASP rules judge the document a
 * deployment serves, and a deployment is reached over HTTPS (which also names the session cookie
 * `__Host-tn_session`, as production does); the test configuration's http://localhost would fail the
 * servers rule for a reason that is not the API's.
 */
export const LINTED_APP_URL = 'https://tradenest.example';

/** The OpenAPI document the app serves at /api/docs/json, as a plain JSON value. */
export async function openApiDocument(database: DatabaseHandle): Promise<Record<string, unknown>> {
  const app = await buildApp({ config: testConfig({ APP_URL: LINTED_APP_URL }), database, logger: false });
  try {
    await app.ready();
    return JSON.parse(JSON.stringify(app.swagger())) as Record<string, unknown>;
  } finally {
    await app.close();
  }
}
