// Lists the functions of the product code that span more lines than a limit (declaration to closing
// brace, comments inside included), so a long component or route handler is seen before it grows.
// Tests, fixtures, the demo seed and benchmarks are not product code and are left out.
// Usage: node scripts/function-size.mjs [--max 120]  (exit 1 when one is over)

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Product source files: tracked or new, under domain/, server/ and web/src/, not tests or fixtures. */
export function productFiles() {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'domain', 'server', 'web/src'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return listed
    .split('\n')
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.d.ts'))
    .filter(
      (file) =>
        !/\.test\.tsx?$|test-fixtures|test-dispute-fixtures|^web\/src\/test\/|^server\/seed\//.test(file),
    );
}

const functionTypes = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Every function of one source text with its name and the lines it spans. */
export function functionSpans(file, text) {
  const { program } = parseSync(file, text);
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const spans = [];
  const visit = (node, name) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, name);
      return;
    }
    if (typeof node.type !== 'string') return;
    let ownName = name;
    if (node.type === 'VariableDeclarator' && node.id?.type === 'Identifier') ownName = node.id.name;
    if ((node.type === 'MethodDefinition' || node.type === 'Property') && node.key?.type === 'Identifier') {
      ownName = node.key.name;
    }
    if (functionTypes.has(node.type)) {
      const fnName = node.id?.name ?? ownName ?? '(anonymous)';
      const start = lineOf(node.start);
      const end = lineOf(node.end);
      spans.push({ file, name: fnName, line: start, lines: end - start + 1 });
      ownName = undefined;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'type' || key === 'start' || key === 'end') continue;
      if (value && typeof value === 'object') visit(value, ownName);
    }
  };
  visit(program, undefined);
  return spans;
}

export function longFunctions(max) {
  return productFiles()
    .flatMap((file) => functionSpans(file, readFileSync(path.join(root, file), 'utf8')))
    .filter((span) => span.lines > max)
    .sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--max');
  const max = at > 0 ? Number(process.argv[at + 1]) : 120;
  const over = longFunctions(max);
  for (const span of over) console.info(`${span.lines}\t${span.file}:${span.line}\t${span.name}`);
  console.info(`${over.length} function(s) over ${max} lines`);
  process.exitCode = over.length > 0 ? 1 : 0;
}
