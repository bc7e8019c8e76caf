import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { settled } from './settled';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

declare global {
  var axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } | undefined;
  /** What the page looked like at its last check (address and viewport), cleared by any change to the document since. */
  var resimAxeChecked: string | undefined;
}

/** The impacts that fail a page: a user is blocked or seriously hindered. */
const failing = new Set(['critical', 'serious']);

/**
 * Runs axe-core in the page (its source evaluated there, rather than through @axe-core/playwright, whose
 * frame handling hangs with this Chromium, or a script tag, which the product's CSP refuses) and fails, softly
 * (one run lists every state's), with every critical and serious violation: its id, impact and the elements it
 * found, under the state's name and address. A page not changed since its last check (same address and size,
 * no change to its document) is not checked again: the check at the end of a test (fixtures.ts) costs nothing
 * when the test's last state was checked already.
 */
export const expectAccessible = async (page: Page, state: string): Promise<void> => {
  if (page.isClosed()) return;
  // The page's address and viewport: the same document under another width is another state.
  const unchanged = () => globalThis.resimAxeChecked === `${location.href} ${innerWidth}x${innerHeight}`;
  if (await page.evaluate(unchanged)) return;
  // A menu or dialog still fading in has no contrast yet: the page is checked as it settles.
  await settled(page);
  if (!(await page.evaluate(() => globalThis.axe !== undefined))) await page.evaluate(axeSource);
  const { violations, url } = await page.evaluate(async () => {
    const result = await globalThis.axe!.run(document, { resultTypes: ['violations'] });
    // Any change to the document from here on makes the next check run.
    globalThis.resimAxeChecked = `${location.href} ${innerWidth}x${innerHeight}`;
    new MutationObserver((_records, observer) => {
      globalThis.resimAxeChecked = undefined;
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    return { violations: result.violations, url: location.href };
  });
  const found = violations
    .filter((violation) => failing.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${JSON.stringify(node.target)} ${node.failureSummary?.split('\n').slice(1, 3).join(' ').trim() ?? ''}`)
          .join('\n') +
        (violation.nodes.length > 5 ? `\n    …and ${violation.nodes.length - 5} more` : ''),
    );
  expect.soft(found, `${state} (${url}): ${found.length} critical or serious accessibility violations\n${found.join('\n')}`).toEqual([]);
};
