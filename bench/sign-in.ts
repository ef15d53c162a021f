// Password hashing cost and sign-in timing: one scrypt hash (N=2^17, r=8, p=1), and the time a
// sign-in takes with a wrong password for a real account versus an unknown email, which must match
// so response times reveal nothing. Runs in-process on an embedded database.
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { hashPassword, verifyPassword } from '../server/modules/accounts/password';
import { testConfig } from '../test/config';

const ROUNDS = 20;
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `mean ${fmt(mean)}, median ${fmt(s[Math.floor(s.length / 2)]!)}, min ${fmt(s[0]!)}, max ${fmt(s.at(-1)!)}`;
};

const hashTimes: number[] = [];
let stored = '';
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  stored = await hashPassword('a benchmark password');
  hashTimes.push(performance.now() - t);
}
const verifyTimes: number[] = [];
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  await verifyPassword('a benchmark password', stored);
  verifyTimes.push(performance.now() - t);
}

const database = await openDatabase({ kind: 'pglite' });
await runMigrations(database);
const app = await buildApp({ config: testConfig({ RATE_LIMIT_MAX: '100000' }), database, logger: false });
await app.ready();
await app.inject({
  method: 'POST',
  url: '/api/v1/auth/sign-up',
  payload: {
    email: 'bench@example.test',
    password: 'the real password',
    fullName: 'Bench',
    userType: 'customer',
  },
});

const known: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  for (const [email, into] of [
    ['bench@example.test', known],
    [`nobody-${i}@example.test`, unknown],
  ] as const) {
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password: 'a wrong password' },
      remoteAddress: `192.0.2.${i}`,
    });
    into.push(performance.now() - t);
    if (res.statusCode !== 401) throw new Error(`expected 401, got ${res.statusCode}`);
  }
}
await app.close();
await database.close();

process.stdout.write(`scrypt N=2^17 r=8 p=1, 64-byte key, 16-byte salt
  hash:   ${stats(hashTimes)}
  verify: ${stats(verifyTimes)}
failed sign-in (${ROUNDS} each, interleaved)
  wrong password, existing account: ${stats(known)}
  unknown email:                    ${stats(unknown)}
`);
