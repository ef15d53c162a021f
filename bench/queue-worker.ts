// One queue instance for bench/queue.mjs, in a process of its own. Reads commands on stdin, one a line:
// `fill N` sends N jobs (in transactions of 1,000); `go` runs the queue until no job is due. Answers on
// stdout: `ready`, `filled`, `done <jobs run>`.
import { createInterface } from 'node:readline';
import pino from 'pino';
import { openDatabase } from '../server/db/client';
import { Queue } from '../server/queue/queue';

interface BenchJobs {
  'bench.noop': { n: number };
}

const database = await openDatabase({ kind: 'postgres', url: process.argv[2]!, poolMax: 4 });
const queue = new Queue<BenchJobs>(database, {
  log: pino({ level: 'warn' }),
  pollIntervalMs: 0,
  policies: {
    'bench.noop': {
      retryLimit: 2,
      retryDelaySeconds: 1,
      retryBackoff: false,
      expireInSeconds: 60,
      batchSize: 50,
      deadLetter: false,
    },
  },
});
queue.work('bench.noop', async () => {});
await queue.start();
process.stdout.write('ready\n');

for await (const line of createInterface({ input: process.stdin })) {
  const [command, arg] = line.split(' ');
  if (command === 'fill') {
    for (let sent = 0; sent < Number(arg); sent += 1000) {
      await database.db.transaction(async (tx) => {
        for (let n = sent; n < Math.min(sent + 1000, Number(arg)); n++)
          await queue.send(tx, 'bench.noop', { n });
      });
    }
    process.stdout.write('filled\n');
  } else if (command === 'go') {
    process.stdout.write(`done ${await queue.runDue('bench.noop')}\n`);
  } else if (command === 'stop') {
    break;
  }
}
await queue.stop();
await database.close();
