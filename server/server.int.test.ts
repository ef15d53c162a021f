import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../test/databases';
import { loadConfig } from './config/config';
import { users } from './db/schema';
import { DEMO_ACCOUNTS } from './seed/seed';
import { startServer } from './server';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function config(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-start-'));
  dirs.push(dataDir);
  return loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...env,
  });
}

async function userCount(server: Awaited<ReturnType<typeof startServer>>) {
  const [row] = await server.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

describe('starting the server', () => {
  it('loads demo data on the first start of an embedded database and keeps the data on restart', async () => {
    const settings = config({});
    const first = await startServer(settings, { handleSignals: false });
    const seeded = await userCount(first);
    expect(seeded).toBeGreaterThan(300);
    const res = await fetch(`${first.url}/api/ready`);
    expect(await res.json()).toEqual({ status: 'ready' });
    await first.stop();

    const second = await startServer(settings, { handleSignals: false });
    expect(await userCount(second)).toBe(seeded);
    const emails = (await second.database.db.select({ email: users.email }).from(users)).map((u) => u.email);
    for (const account of DEMO_ACCOUNTS) expect(emails).toContain(account.email);
    await second.stop();
  });

  it('fails to start when the port is taken, and its data folder starts afterwards', async () => {
    const settings = config({ SEED_DEMO_DATA: 'never' });
    const holder = await startServer(settings, { handleSignals: false });
    const port = Number(new URL(holder.url).port);
    const taken = { ...settings, dataDir: mkdtempSync(path.join(tmpdir(), 'tradenest-start-')), port };
    dirs.push(taken.dataDir);
    // The app and its database are closed when listening fails.
    await expect(startServer(taken, { handleSignals: false })).rejects.toThrow(
      `Port ${port} on ${settings.host} is already in use`,
    );
    await holder.stop();
    const again = await startServer({ ...taken, port: 0 }, { handleSignals: false });
    expect(await userCount(again)).toBe(0);
    await again.stop();
  });

  it('says so when its data folder holds something that is not a database', async () => {
    const settings = config({});
    mkdirSync(path.join(settings.dataDir, 'db'));
    writeFileSync(path.join(settings.dataDir, 'db', 'notes.txt'), 'mine');
    await expect(startServer(settings, { handleSignals: false })).rejects.toThrow(
      'holds files that are not a database; move them away and start again',
    );
  });

  it('leaves the embedded database empty when demo data is turned off', async () => {
    const server = await startServer(config({ SEED_DEMO_DATA: 'never' }), { handleSignals: false });
    expect(await userCount(server)).toBe(0);
    await server.stop();
  });

  const pgUrl = postgresUrl();
  it.skipIf(!pgUrl)('never loads demo data into a DATABASE_URL database unless asked', async () => {
    const name = `tradenest_start_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    try {
      const plain = await startServer(config({ DATABASE_URL: url.toString() }), { handleSignals: false });
      expect(plain.database.kind).toBe('postgres');
      expect(await userCount(plain)).toBe(0);
      await plain.stop();

      const asked = await startServer(config({ DATABASE_URL: url.toString(), SEED_DEMO_DATA: 'always' }), {
        handleSignals: false,
      });
      expect(await userCount(asked)).toBeGreaterThan(300);
      await asked.stop();
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
