import { describe, expect, it } from 'vitest';
import { ASSISTANT_CONTEXTS } from '../../../../domain/assistant/messages';
import { SCREENS } from '../../../../domain/assistant/screens';
import evaluation from '../../../modules/assistant/evaluation.json' with { type: 'json' };
import { ASSISTANT_TOOL_NAMES } from '../provider';

// The evaluation set's shape only. How well the assistant answers it is measured by bench/assistant.ts:
// a score is a benchmark's figure, not a test's threshold.

const ASKERS = ['guest', 'customer', 'tradesperson', 'admin'];
const questions = evaluation.questions as {
  question: string;
  asker: string;
  context: string;
  expect: { path?: string; tool?: string; phrase?: string; phrases?: string[] };
}[];

describe('the assistant evaluation set', () => {
  it('has at least 40 distinct questions', () => {
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(questions.map((q) => q.question.toLowerCase())).size).toBe(questions.length);
  });

  it('asks as every kind of asker and in every context', () => {
    expect(new Set(questions.map((q) => q.asker))).toEqual(new Set(ASKERS));
    expect(new Set(questions.map((q) => q.context))).toEqual(new Set(ASSISTANT_CONTEXTS));
  });

  it('expects of each reply a path the app has, a tool that exists or a phrase', () => {
    const paths = new Set(SCREENS.filter((s) => s.available).map((s) => s.path));
    for (const q of questions) {
      expect(
        q.expect.path ?? q.expect.tool ?? q.expect.phrase ?? q.expect.phrases?.[0],
        q.question,
      ).toBeTruthy();
      if (q.expect.path) expect(paths.has(q.expect.path.split('#')[0]!), q.question).toBe(true);
      if (q.expect.tool) expect(ASSISTANT_TOOL_NAMES, q.question).toContain(q.expect.tool);
    }
  });
});
