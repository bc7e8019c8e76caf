import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

declare global {
  var axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } | undefined;
}

/** The impacts that fail a page: a user is blocked or seriously hindered. */
const failing = new Set(['critical', 'serious']);

/**
 * Runs axe-core in the page (its source evaluated there, rather than through @axe-core/playwright, whose
 * frame handling hangs with this Chromium, or a script tag, which the product's CSP refuses) and fails with every critical and serious violation
 * listed, each with the elements it found.
 */
export const expectAccessible = async (page: Page, label: string): Promise<void> => {
  // A menu or dialog still fading in has no contrast yet: the page is checked as it settles.
  // A spinner's animation never ends, so only finite animations are awaited.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => globalThis.axe !== undefined))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await globalThis.axe!.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  const found = violations
    .filter((violation) => failing.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${JSON.stringify(node.target)} ${node.failureSummary?.split('\n').slice(1, 3).join(' ').trim() ?? ''}`)
          .join('\n'),
    );
  // Soft: one run lists the violations of every page.
  expect.soft(found, `${label}: ${found.length} critical or serious accessibility violations\n${found.join('\n')}`).toEqual([]);
};
