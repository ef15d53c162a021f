// bench/embedded-open.mjs's measuring process: with `template`, makes the embedded database template
// and exits; with a data folder, opens it (a new one is copied from the template), times the first
// statement, closes it, and prints the figures as JSON. One open per process, as a start is.
import { openDatabase } from '../server/db/client';
import type { EmbeddedClient } from '../server/db/embedded-client';
import { prepareClusterTemplate } from '../server/db/embedded-cluster';

const [dataDir] = process.argv.slice(2);
if (dataDir === 'template') {
  await prepareClusterTemplate();
} else {
  const began = performance.now();
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const opened = performance.now();
  await (database.client as EmbeddedClient).query('select 1');
  const answered = performance.now();
  await database.close();
  process.stdout.write(
    JSON.stringify({
      openMs: opened - began,
      firstStatementMs: answered - opened,
      totalMs: answered - began,
    }),
  );
}
