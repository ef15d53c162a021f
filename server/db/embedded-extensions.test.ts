import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_EXTENSIONS, loadEmbeddedExtensions } from './embedded-extensions';
import { MIGRATIONS_FOLDER } from './migrations-folder';

describe('the embedded database extensions', () => {
  it('are the ones the migrations create, so a new one cannot be left out of the embedded database', () => {
    const created = new Set<string>();
    for (const file of readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql'))) {
      const sql = readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8');
      for (const [, name] of sql.matchAll(/create extension (?:if not exists )?"?(\w+)"?/gi))
        created.add(name!);
    }
    expect([...created].sort()).toEqual([...EMBEDDED_EXTENSIONS].sort());
  });

  it("loads each from PGlite's contrib module of the same name", async () => {
    const extensions = await loadEmbeddedExtensions();
    expect(Object.keys(extensions).sort()).toEqual([...EMBEDDED_EXTENSIONS].sort());
    for (const name of EMBEDDED_EXTENSIONS) {
      expect(extensions[name]?.name).toBe(name);
      expect(typeof extensions[name]?.setup).toBe('function');
    }
  });
});
