import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** A port nothing listens on now, for a server started in a child process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Resolves when a server started in development (stdout piped) prints its start banner, which it
 * writes once it listens; rejects with its stderr if it exits first or says nothing within `ms`.
 */
export function untilReady(child: ChildProcess, ms = 90_000): Promise<void> {
  let stdout = '';
  let stderr = '';
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`the server did not start in ${ms} ms\n${stderr}`)), ms);
    const onOut = (chunk: Buffer) => {
      stdout += chunk;
      if (stdout.includes('TradeNest is ready at')) finish();
    };
    const onErr = (chunk: Buffer) => {
      stderr += chunk;
    };
    const onExit = (code: number | null) => finish(new Error(`the server exited (${code})\n${stderr}`));
    function finish(error?: Error) {
      clearTimeout(timer);
      child.stdout?.off('data', onOut);
      child.stderr?.off('data', onErr);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    }
    child.stdout?.on('data', onOut);
    child.stderr?.on('data', onErr);
    child.once('exit', onExit);
  });
}

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Spawns a server (`node <args>`) in development on `port` with its data in `dataDir`, output piped for
 * untilReady, which waits for its start banner.
 */
export function spawnDevelopmentServer(
  args: string[],
  { port, dataDir, env = {} }: { port: number; dataDir: string; env?: Record<string, string> },
): ChildProcess {
  return spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'never',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The settings a server started by a test runs with, before the test's own. */
const SERVER_ENV = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  // A free port chosen by the OS; the 'ready' line says which.
  PORT: '0',
  LOG_LEVEL: 'info',
  SEED_DEMO_DATA: 'never',
  // Empty is unset (config.ts), and a variable that is set wins over a .env file.
  DATABASE_URL: '',
  WEB_DIST_DIR: path.join(ROOT, '.tmp', 'no-web-build'),
};

export interface NodeProcess {
  child: ChildProcess;
  /** Everything it wrote so far. */
  stdout(): string;
  stderr(): string;
  /** Its exit code (or signal), once it ends; rejects if it has not within `ms`. */
  exited(ms?: number): Promise<number | NodeJS.Signals>;
  /** SIGKILL, then waits for the end. */
  kill(): Promise<void>;
}

const started = new Set<ChildProcess>();
// Also if the test process itself ends early: a child left running would hold its port or folder.
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/** Runs `node --import tsx <script>` from the project root with the test server's settings and `env`. */
export function spawnNode(script: string, env: Record<string, string>, args: string[] = []): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...SERVER_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk;
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk;
  });
  const ended = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => {
      started.delete(child);
      resolve(code ?? signal!);
    }),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited: (ms = 60_000) =>
      Promise.race([
        ended,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`${script} did not exit in ${ms} ms\n${err}`)), ms).unref(),
        ),
      ]),
    kill: async () => {
      child.kill('SIGKILL');
      await ended;
    },
  };
}

/** Kills every process `spawnNode` started that is still running (afterEach). */
export async function killStarted(): Promise<void> {
  await Promise.all(
    [...started].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** Starts `server/main.ts` with `env` and resolves with its URL once it logs 'ready' (JSON logs, NODE_ENV=test). */
export async function startServerProcess(
  env: Record<string, string>,
  ms = 90_000,
): Promise<NodeProcess & { url: string }> {
  const server = spawnNode('server/main.ts', env);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`the server was not ready in ${ms} ms`)), ms);
    const onData = () => {
      const ready = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"ready"/.exec(server.stdout());
      if (ready) finish(undefined, ready[1]);
    };
    const onExit = (code: number | null) => finish(new Error(`the server exited (${code})`));
    function finish(error?: Error, found?: string) {
      clearTimeout(timer);
      server.child.stdout!.off('data', onData);
      server.child.off('exit', onExit);
      if (error) reject(new Error(`${error.message}\n${server.stderr()}${server.stdout().slice(-2000)}`));
      else resolve(found!);
    }
    server.child.stdout!.on('data', onData);
    server.child.once('exit', onExit);
  });
  return { ...server, url };
}
