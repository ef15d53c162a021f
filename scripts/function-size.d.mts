// Types of scripts/function-size.mjs, for server/function-size.test.ts.

/** One function of a source file: its name and the lines it spans, declaration to closing brace. */
export type FunctionSpan = { file: string; name: string; line: number; lines: number };

export function productFiles(): string[];
export function functionSpans(file: string, text: string): FunctionSpan[];
export function longFunctions(max: number): FunctionSpan[];
