import { describe, expect, it } from 'vitest';
import { functionSpans, longFunctions } from '../scripts/function-size.mjs';

// No product function may span more than 120 lines (scripts/function-size.mjs): a long component or
// route handler is split into named steps before it grows. The measure is proven on a planted long
// function first, so a measure that stops seeing functions fails here instead of passing everything.

const MAX = 120;

const longComponent = (lines: number) =>
  `export function Planted() {\n${'  console.info(1);\n'.repeat(lines - 2)}}\n`;

describe('function size', () => {
  it('measures a planted function from its declaration to its closing brace', () => {
    const spans = functionSpans('planted.tsx', `${longComponent(MAX + 1)}const short = () => 1;\n`);
    expect(spans.find((span) => span.name === 'Planted')).toMatchObject({ line: 1, lines: MAX + 1 });
    expect(spans.filter((span) => span.lines > MAX).map((span) => span.name)).toEqual(['Planted']);
  });

  it('finds no product function over 120 lines (tests and seed data aside)', () => {
    const over = longFunctions(MAX);
    expect(over.map((span) => `${span.file}:${span.line} ${span.name} (${span.lines} lines)`)).toEqual([]);
  });
});
