import { loadConfig } from '../../config/config';
import { openConfiguredDatabase } from '../client';
import { runMigrations } from '../migrate';

// `npm run db:migrate`: the server migrates on start too; this is for deploy pipelines.
const config = loadConfig();
const database = await openConfiguredDatabase(config);
await runMigrations(database);
await database.close();
process.stdout.write(`migrations applied (${database.kind})\n`);
