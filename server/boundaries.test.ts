import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The module boundaries of decision 0012 are enforced by Biome in `npm run check` and CI. These tests
// plant violations in a scratch tree that carries the project's own biome.json, and prove that the
// linter refuses each of them, so a rule that stops working (a renamed option, a glob that no longer
// matches) fails here instead of silently letting the next cycle through.

const root = fileURLToPath(new URL('..', import.meta.url));
const biome = path.join(root, 'node_modules', '.bin', 'biome');

const planted: Record<string, string> = {
  // Two modules that use each other through their public entries: a cycle between modules.
  'server/modules/alpha/index.ts': "export { alpha } from './alpha.service';\n",
  'server/modules/alpha/alpha.service.ts':
    "import { beta } from '../beta';\n\nexport const alpha = (): number => beta() + 1;\n",
  'server/modules/beta/index.ts': "export { beta } from './beta.service';\n",
  'server/modules/beta/beta.service.ts':
    "import { alpha } from '../alpha';\n\nexport const beta = (): number => (alpha.length > 0 ? 1 : 0);\n",
  'server/modules/beta/beta.repository.ts': 'export const findBeta = (): number => 1;\n',
  // A module reaching into another module's repository.
  'server/modules/gamma/index.ts': "export { gamma } from './gamma.service';\n",
  'server/modules/gamma/gamma.service.ts':
    "import { findBeta } from '../beta/beta.repository';\n\nexport const gamma = (): number => findBeta();\n",
  // A module's sub-folder reaching into another module's files.
  'server/modules/gamma/cli/run.ts':
    "import { beta } from '../../beta/beta.service';\n\nexport const run = (): number => beta();\n",
  // A lower layer importing a module.
  'server/lib/helper.ts':
    "import { gamma } from '../modules/gamma';\n\nexport const helper = (): number => gamma();\n",
  // Pure domain code importing the server.
  'domain/thing/thing.ts':
    "import { helper } from '../../server/lib/helper';\n\nexport const thing = helper;\n",
  // App code importing a test helper.
  'web/src/features/things/thing.tsx':
    "import { renderWithProviders } from '@/test/render';\n\nexport const Thing = renderWithProviders;\n",
  'web/src/test/render.tsx': 'export const renderWithProviders = (): null => null;\n',
  // Allowed: a module using another through its entry, and a test using a helper.
  'server/modules/delta/index.ts': "export { delta } from './delta.service';\n",
  'server/modules/delta/delta.service.ts':
    "import { gamma } from '../gamma';\n\nexport const delta = (): number => gamma();\n",
  'web/src/features/things/thing.test.tsx':
    "import { renderWithProviders } from '@/test/render';\n\nexport const check = renderWithProviders;\n",
};

let dir: string;
let findings: { file: string; rule: string }[];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tradenest-boundaries-'));
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const [file, text] of Object.entries(planted)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const result = spawnSync(biome, ['lint', '--max-diagnostics=200', '--colors=off', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const output = `${result.stdout}\n${result.stderr}`;
  findings = [...output.matchAll(/^(\S+?):\d+:\d+ lint\/(\w+)\/(\w+)/gm)].map((m) => ({
    file: m[1]!,
    rule: m[3]!,
  }));
}, 60_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const flagged = (file: string, rule: string) => findings.some((f) => f.file === file && f.rule === rule);

describe('module boundaries (decision 0012)', () => {
  it('refuses a cycle between two modules', () => {
    expect(
      flagged('server/modules/alpha/alpha.service.ts', 'noImportCycles') ||
        flagged('server/modules/beta/beta.service.ts', 'noImportCycles'),
    ).toBe(true);
  });

  it("refuses an import of another module's repository", () => {
    expect(flagged('server/modules/gamma/gamma.service.ts', 'noRestrictedImports')).toBe(true);
  });

  it("refuses an import of another module's files from a module's sub-folder", () => {
    expect(flagged('server/modules/gamma/cli/run.ts', 'noRestrictedImports')).toBe(true);
  });

  it('refuses a module import from the layers below the modules', () => {
    expect(flagged('server/lib/helper.ts', 'noRestrictedImports')).toBe(true);
  });

  it('refuses a server import from domain code', () => {
    expect(flagged('domain/thing/thing.ts', 'noRestrictedImports')).toBe(true);
  });

  it('refuses a test helper in app code, and allows it in a test', () => {
    expect(flagged('web/src/features/things/thing.tsx', 'noRestrictedImports')).toBe(true);
    expect(flagged('web/src/features/things/thing.test.tsx', 'noRestrictedImports')).toBe(false);
  });

  it('allows a module to use another through its public entry', () => {
    expect(findings.filter((f) => f.file.startsWith('server/modules/delta/'))).toEqual([]);
  });
});
