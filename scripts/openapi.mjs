// `npm run openapi`: writes the OpenAPI document the server generates to .tmp/openapi.json, for
// Spectral (`node_modules/.bin/spectral lint .tmp/openapi.json --ruleset .spectral.yaml`) or any other
// tool. It builds the app on a throwaway in-memory database; nothing listens and nothing is kept.
import './node-version.mjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, '.tmp', 'openapi.json');
const { openDatabase } = await tsImport('../server/db/client.ts', import.meta.url);
const { runMigrations } = await tsImport('../server/db/migrate.ts', import.meta.url);
const { openApiDocument } = await tsImport('../test/openapi.ts', import.meta.url);

const database = await openDatabase({ kind: 'pglite' });
try {
  await runMigrations(database);
  const document = await openApiDocument(database);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`${path.relative(process.cwd(), out)}: ${Object.keys(document.paths).length} paths\n`);
} finally {
  await database.close();
}
