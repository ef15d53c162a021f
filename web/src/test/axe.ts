// axe-core inside the component tests (happy-dom): the same WCAG 2.1 A/AA rule set as the browser
// journeys (e2e/harness/browser.ts), minus the rules that need real layout and paint (contrast, which
// the e2e runs check in both themes) or a whole page (landmarks, when a test renders a fragment).
import axe from 'axe-core';

const LAYOUT_RULES = [
  'color-contrast',
  'color-contrast-enhanced',
  'target-size',
  'scrollable-region-focusable',
];

/** Serious and critical axe violations inside `context`, formatted for a readable assertion failure. */
export async function seriousAxeViolations(context: Element = document.body): Promise<string[]> {
  const result = await axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: Object.fromEntries(LAYOUT_RULES.map((id) => [id, { enabled: false }])),
    resultTypes: ['violations'],
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
