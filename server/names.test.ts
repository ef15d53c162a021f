import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One name per capability in every layer (docs/architecture.md, "Module boundaries"; issue 36). The
// name table lives in docs/architecture.md and nowhere else: this test parses it, reads the folders
// of each layer, and fails when a name appears under one layer and not the others without the table
// saying why, so the table and the tree cannot drift apart.

const root = fileURLToPath(new URL('..', import.meta.url));

const LAYERS = [
  'domain/',
  'server/modules/',
  'server/db/schema/',
  'web/src/features/',
  'e2e/',
  'docs/api/',
] as const;
type Layer = (typeof LAYERS)[number];

interface NameTable {
  /** Each capability, with the layers where it is allowed to be missing (a cell starting with '—'). */
  capabilities: Map<string, Set<Layer>>;
  /** Names that are not capabilities, with the layers they may appear in. */
  exceptions: Map<string, Set<Layer>>;
}

/** The rows of the markdown table between `<!-- names:<marker> -->` and its closing comment. */
function tableRows(doc: string, marker: string): string[][] {
  const start = doc.indexOf(`<!-- names:${marker} -->`);
  const end = doc.indexOf(`<!-- /names:${marker} -->`);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md has no names:${marker} table`);
  return doc
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

const nameOf = (cell: string) => cell.replaceAll('`', '');

function parseNameTable(doc: string): NameTable {
  const capabilities = new Map<string, Set<Layer>>();
  for (const [name, , ...cells] of tableRows(doc, 'capabilities')) {
    if (cells.length !== LAYERS.length) throw new Error(`the row of ${name} has ${cells.length} layer cells`);
    const gaps = new Set(LAYERS.filter((_, i) => cells[i]!.startsWith('—')));
    capabilities.set(nameOf(name!), gaps);
  }
  const exceptions = new Map<string, Set<Layer>>();
  for (const [name, layers] of tableRows(doc, 'exceptions')) {
    const listed = layers!.split(',').map((l) => l.trim());
    const unknown = listed.filter((l) => !(LAYERS as readonly string[]).includes(l));
    if (unknown.length > 0)
      throw new Error(`the exception ${name} names unknown layers: ${unknown.join(', ')}`);
    exceptions.set(nameOf(name!), new Set(listed as Layer[]));
  }
  return { capabilities, exceptions };
}

/**
 * What is wrong with a tree of layers against the table: a name in a layer that is neither a
 * capability nor an exception listed for that layer, and a capability missing from a layer where the
 * table does not say why. Pure, so the planted case below runs it on a made-up tree.
 */
function nameProblems(table: NameTable, tree: Partial<Record<Layer, readonly string[]>>): string[] {
  const problems: string[] = [];
  for (const layer of LAYERS) {
    const names = tree[layer];
    if (!names) continue;
    for (const name of names) {
      if (table.capabilities.has(name)) continue;
      if (table.exceptions.get(name)?.has(layer)) continue;
      problems.push(`${layer}${name} is not a capability in the name table nor an exception for ${layer}`);
    }
    for (const [capability, gaps] of table.capabilities) {
      if (!names.includes(capability) && !gaps.has(layer))
        problems.push(`${capability} has no ${layer}${capability} and the name table gives no reason`);
    }
  }
  return problems;
}

/** The names a layer holds: folders, or for schema files and API pages the files' names. */
function namesIn(layer: Layer): string[] {
  const entries = readdirSync(path.join(root, layer), { withFileTypes: true });
  if (layer === 'server/db/schema/')
    return entries.filter((e) => e.isFile() && /^[^.]+\.ts$/.test(e.name)).map((e) => e.name.slice(0, -3));
  if (layer === 'docs/api/')
    return entries.filter((e) => e.isFile() && e.name.endsWith('.md')).map((e) => e.name.slice(0, -3));
  return entries.filter((e) => e.isDirectory()).map((e) => e.name);
}

const table = parseNameTable(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));

describe('one name per capability in every layer', () => {
  it('reads the table from docs/architecture.md', () => {
    expect(table.capabilities.size).toBeGreaterThanOrEqual(16);
    expect(table.capabilities.get('payments')?.size).toBe(0);
    expect(table.exceptions.get('catalog')).toEqual(new Set(['domain/']));
  });

  it('finds every layer as the table says', () => {
    const tree = Object.fromEntries(LAYERS.map((layer) => [layer, namesIn(layer)]));
    expect(nameProblems(table, tree)).toEqual([]);
  });

  it('bites: a stray folder, a missing one and an exception out of its layer are each refused', () => {
    const capabilities = [...table.capabilities.keys()];
    const good = Object.fromEntries(
      LAYERS.map((layer) => [
        layer,
        [
          ...capabilities.filter((c) => !table.capabilities.get(c)!.has(layer)),
          ...[...table.exceptions].filter(([, layers]) => layers.has(layer)).map(([name]) => name),
        ],
      ]),
    ) as Record<Layer, string[]>;
    expect(nameProblems(table, good)).toEqual([]);

    const planted: Record<Layer, string[]> = {
      ...good,
      // A capability under a second name: the money module as it once was.
      'server/modules/': [...good['server/modules/'], 'escrow'],
      // A capability missing from a layer without a reason.
      'docs/api/': good['docs/api/'].filter((name) => name !== 'payouts'),
      // An exception where the table does not allow it.
      'web/src/features/': [...good['web/src/features/'], 'catalog'],
    };
    expect(nameProblems(table, planted)).toEqual([
      'server/modules/escrow is not a capability in the name table nor an exception for server/modules/',
      'web/src/features/catalog is not a capability in the name table nor an exception for web/src/features/',
      'payouts has no docs/api/payouts and the name table gives no reason',
    ]);
  });
});
