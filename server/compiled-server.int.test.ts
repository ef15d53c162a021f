import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../scripts/server-build.mjs';
import { freePort, spawnDevelopmentServer, untilReady } from '../test/processes';
import { geoipSourceDir, ukIpDataDir } from './adapters/geo/uk-ip-data';
import { clusterTemplateDir } from './db/embedded-cluster';

// `npm start` runs the server compiled by scripts/server-build.mjs (decision 0022). Compiled into a
// scratch folder here, it must find what its sources find by their own location (the migrations, the
// postcode data, the project root), and serve and stop as the sources do.
const outdir = path.join(process.cwd(), '.tmp', `server-build-${process.pid}`);
let dataDir: string | undefined;
let child: ChildProcess | undefined;

beforeAll(async () => {
  await buildServer({ outdir });
}, 120_000);

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(outdir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('keeps the lazily loaded adapters and their packages out of the entry point', async () => {
    expect(existsSync(path.join(outdir, 'main.js'))).toBe(true);
    const { readFileSync } = await import('node:fs');
    const main = readFileSync(path.join(outdir, 'main.js'), 'utf8');
    for (const name of ['stripe', 'openai', 'pdf-lib', '@aws-sdk/client-s3', '@electric-sql/pglite']) {
      expect(main, name).not.toMatch(new RegExp(`^import [^;]*from "${name}"`, 'm'));
    }
  });

  it("starts the embedded database's thread from its compiled file, not its TypeScript source", async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    expect(existsSync(path.join(outdir, 'embedded-worker.js'))).toBe(true);
    const code = readdirSync(outdir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(outdir, f), 'utf8'))
      .join('\n');
    expect(code).toContain('new Worker(new URL("./embedded-worker.js", import.meta.url)');
    expect(code).not.toContain('embedded-worker.ts"');
  });

  it('names the same embedded database template as the sources', async () => {
    const compiled = (await import(pathToFileURL(path.join(outdir, 'embedded-cluster.js')).href)) as {
      clusterTemplateDir(): string;
    };
    expect(compiled.clusterTemplateDir()).toBe(clusterTemplateDir());
  });

  // `npm run build` makes the cut through the compiled file; the server looks for it from its sources
  // or from the compiled server, so all of them must name one folder.
  it('names the same UK cut of the IP location data as the sources', async () => {
    const compiled = (await import(pathToFileURL(path.join(outdir, 'uk-ip-data.js')).href)) as {
      geoipSourceDir(): string;
      ukIpDataDir(sourceDir: string): string;
    };
    expect(compiled.geoipSourceDir()).toBe(geoipSourceDir());
    expect(compiled.ukIpDataDir(compiled.geoipSourceDir())).toBe(ukIpDataDir(geoipSourceDir()));
  });

  it('migrates a new embedded database, answers from the postcode data and stops on SIGTERM', async () => {
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-compiled-'));
    child = spawnDevelopmentServer([path.join(outdir, 'main.js')], {
      port,
      dataDir,
      env: { LOG_LEVEL: 'warn' },
    });
    await untilReady(child);
    const url = `http://127.0.0.1:${port}`;
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);

    const postcode = await fetch(`${url}/api/v1/geo/postcodes/M1%201AE`);
    expect(postcode.status).toBe(200);
    const signIn = await fetch(`${url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' }),
    });
    expect(signIn.status).toBe(401);

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 150_000);
});
