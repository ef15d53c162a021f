import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  // The web's layers (issue 36): a feature reaching into another feature's files, by alias or by a
  // relative path; a feature importing app/; components/ and lib/ importing a feature or app/.
  'web/src/features/messaging/index.ts': "export { MessageButton } from './message-button';\n",
  'web/src/features/messaging/message-button.tsx': 'export const MessageButton = (): null => null;\n',
  'web/src/features/help/contact-support.tsx':
    "import { MessageButton } from '@/features/messaging/message-button';\n\nexport const Contact = MessageButton;\n",
  'web/src/features/help/support-hub.tsx':
    "import { MessageButton } from '../messaging/message-button';\n\nexport const Hub = MessageButton;\n",
  'web/src/features/help/faq/faq.tsx':
    "import { MessageButton } from '../../messaging/message-button';\n\nexport const Faq = MessageButton;\n",
  'web/src/features/help/help-page.tsx':
    "import { routes } from '@/app/router';\n\nexport const HelpPage = routes;\n",
  'web/src/app/router.tsx': 'export const routes = [];\n',
  'web/src/components/ui/stars.tsx':
    "import { Stars } from '@/features/reviews';\n\nexport const Widget = Stars;\n",
  'web/src/lib/rating.ts': "import { Stars } from '../features/reviews';\n\nexport const rating = Stars;\n",
  // Allowed: a feature using another through its index, and its own files across its sub-folders.
  'web/src/features/reviews/index.ts': "export { Stars } from './stars';\n",
  'web/src/features/reviews/stars.tsx': 'export const Stars = (): null => null;\n',
  'web/src/features/discovery/card.tsx':
    "import { Stars } from '@/features/reviews';\nimport { format } from './format';\n\nexport const Card = [Stars, format];\n",
  'web/src/features/discovery/format.ts': "export const format = 'x';\n",
  'web/src/features/discovery/profile/reviews.tsx':
    "import { format } from '../format';\nimport { Card } from '../card';\n\nexport const Reviews = [Card, format];\n",
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

describe('web layers (issue 36)', () => {
  it("refuses a feature importing another feature's files, by alias or relative path", () => {
    expect(flagged('web/src/features/help/contact-support.tsx', 'noRestrictedImports')).toBe(true);
    expect(flagged('web/src/features/help/support-hub.tsx', 'noRestrictedImports')).toBe(true);
    expect(flagged('web/src/features/help/faq/faq.tsx', 'noRestrictedImports')).toBe(true);
  });

  it('refuses a feature importing app/', () => {
    expect(flagged('web/src/features/help/help-page.tsx', 'noRestrictedImports')).toBe(true);
  });

  it('refuses components/ and lib/ importing a feature', () => {
    expect(flagged('web/src/components/ui/stars.tsx', 'noRestrictedImports')).toBe(true);
    expect(flagged('web/src/lib/rating.ts', 'noRestrictedImports')).toBe(true);
  });

  it('allows a feature to use another through its index, and its own files from its sub-folders', () => {
    expect(findings.filter((f) => f.file.startsWith('web/src/features/discovery/'))).toEqual([]);
  });
});

// Biome's noImportCycles follows files: feature A's file importing B's index while B's file imports A's
// index is no file cycle, yet the two features are tangled. This builds the graph of features from the
// imports of web/src/features (app code: tests may use another feature's fixtures) and finds its cycles.

const webFeatures = path.join(root, 'web', 'src', 'features');

/** Each feature's app files, as path (from web/src/features) → text. */
function readFeatureFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(webFeatures, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$|^test-/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(webFeatures, file)] = readFileSync(file, 'utf8');
  }
  return files;
}

/** The cycles of the feature graph, each as the features in order, the first repeated at the end. */
function featureCycles(files: Record<string, string>): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, text] of Object.entries(files)) {
    const from = file.split(/[\\/]/)[0]!;
    const targets = edges.get(from) ?? new Set<string>();
    edges.set(from, targets);
    for (const [, to] of text.matchAll(/from '@\/features\/([^/']+)/g)) if (to !== from) targets.add(to!);
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (feature: string, trail: string[]) => {
    if (state.get(feature) === 'done') return;
    if (state.get(feature) === 'open') {
      cycles.push([...trail.slice(trail.indexOf(feature)), feature]);
      return;
    }
    state.set(feature, 'open');
    for (const next of edges.get(feature) ?? []) visit(next, [...trail, feature]);
    state.set(feature, 'done');
  };
  for (const feature of [...edges.keys()].sort()) visit(feature, []);
  return cycles;
}

describe('web feature graph (issue 36)', () => {
  it('has no cycle between features', () => {
    expect(featureCycles(readFeatureFiles())).toEqual([]);
  });

  it('finds a planted cycle through public entries', () => {
    const planted = {
      'alpha/index.ts': "export { a } from './a';\n",
      'alpha/a.ts': "import { b } from '@/features/beta';\nexport const a = b;\n",
      'beta/index.ts': "export { b } from './b';\n",
      'beta/b.ts': "import { c } from '@/features/gamma';\nexport const b = c;\n",
      'gamma/c.ts': "import { a } from '@/features/alpha';\nexport const c = a;\n",
      'delta/d.ts': "import { a } from '@/features/alpha';\nexport const d = a;\n",
    };
    expect(featureCycles(planted)).toEqual([['alpha', 'beta', 'gamma', 'alpha']]);
  });
});
